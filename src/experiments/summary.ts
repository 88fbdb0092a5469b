// What an experiment's run comes to (summary.json beside its tables): each arm's effect with its interval and
// verdict, and the experiment's. Written by run.ts, read by chart.ts, verdict.ts and the report.
import type { StartState } from '../sim/job.ts';
import type { CodeVersion } from '../results/manifest.ts';
import type { Arm, Verdict } from './types.ts';

export type SizeName = 'full' | 'quick' | 'smoke';

export interface Effect {
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
  readonly halfWidth: number;
  readonly se: number;
  /** 'interval', or 'constant' (the same value in every pair: no spread, no test). */
  readonly kind: 'interval' | 'constant' | 'empty';
}

export interface ArmSummary {
  readonly name: string;
  readonly label: string;
  readonly design: Arm['design'];
  readonly mode: Arm['mode'];
  readonly metric: Arm['metric'];
  readonly unit: string;
  readonly direction: Arm['direction'];
  readonly a: string;
  readonly b: string | null;
  readonly opponent: string | null;
  readonly side: number;
  readonly start: StartState | null;
  readonly reference: number;
  /** Pairs (duplicate: deal or Partie pairs; side: deals or Partien played by both; describe: rows counted). */
  readonly n: number;
  readonly nUnit: string;
  readonly effect: Effect;
  readonly verdict: Verdict;
  readonly verdictWhy: string;
  /** Unpaired over paired variance of the effect (what playing the same deals bought), null for describe. */
  readonly varianceRatio: number | null;
  readonly sprt: null | { readonly verdict: string; readonly decidedAt: number | null; readonly corrected: { estimate: number; low: number; high: number } | null; readonly bounds: { m0: number; m1: number; alpha: number; beta: number } };
  readonly deals: number;
  readonly rejected: number;
  readonly elapsedMs: number;
  readonly runs: readonly string[];
}

export interface ExperimentSummary {
  readonly schema: 'perlagg.experiment/1';
  readonly id: string;
  readonly hypotheses: readonly string[];
  readonly claim: string;
  readonly a: string;
  readonly b: string;
  readonly ruleset: string;
  readonly players: number;
  readonly size: SizeName;
  readonly seed: number;
  readonly verdict: Verdict;
  readonly primary: string;
  readonly arms: readonly ArmSummary[];
  readonly note: string | null;
  readonly command: string;
  readonly code: CodeVersion;
  /** sha256 of the experiment's declaration (canonical JSON): a changed experiment is a different one. */
  readonly definition: string;
  readonly elapsedMs: number;
  readonly finishedAt: string;
}
