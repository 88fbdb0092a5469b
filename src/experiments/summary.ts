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
  /** The opponent field this arm judges the claim at (Arm.table). */
  readonly table: string;
  /** δ, the smallest effect that matters, in this arm's unit. */
  readonly delta: number;
  /** Pairs (deals, Partien) whose result differs between A and B; null for describe. */
  readonly differing: number | null;
  /**
   * The decisions of the seats under test (A's and B's) and those where the other policy, asked on the same
   * observation, would have acted differently (shadow.ts); null for describe; absent in summaries written
   * before decisions were counted.
   */
  readonly decisions?: { readonly made: number; readonly differing: number } | null;
  /** The effect per differing pair (estimate · n / differing), null when none differs or for describe. */
  readonly perDiffering: number | null;
  /** Two-sided p of the effect against the reference (the report's Holm correction uses it). */
  readonly p: number;
  /** The interval ends within a twentieth of its width of 0 (the reference) or ±δ. */
  readonly edge: boolean;
  /** Unpaired over paired variance of the effect (what playing the same deals bought), null for describe. */
  readonly varianceRatio: number | null;
  readonly sprt: null | { readonly verdict: string; readonly decidedAt: number | null; readonly corrected: { estimate: number; low: number; high: number } | null; readonly bounds: { m0: number; m1: number; alpha: number; beta: number } };
  readonly deals: number;
  readonly rejected: number;
  readonly elapsedMs: number;
  readonly runs: readonly string[];
}

export interface ExperimentSummary {
  readonly schema: 'perlagg.experiment/2';
  readonly id: string;
  readonly hypotheses: readonly string[];
  readonly claim: string;
  readonly a: string;
  readonly b: string;
  readonly ruleset: string;
  readonly players: number;
  readonly size: SizeName;
  readonly seed: number;
  /** The headline: the fields' verdicts combined (verdict.ts combine), 'untested' when marked so. */
  readonly verdict: Verdict;
  readonly primary: string;
  /** Each opponent field's headline arm and its verdict (before Holm's correction, which the report applies). */
  readonly fields: ReadonlyArray<{ readonly table: string; readonly arm: string; readonly verdict: Verdict }>;
  /** δ of the first arm's unit, and why. */
  readonly delta: number;
  readonly deltaWhy: string;
  /** The reason the claim is marked untested (Experiment.untested), else null. */
  readonly untested: string | null;
  readonly reading: string | null;
  readonly arms: readonly ArmSummary[];
  readonly note: string | null;
  readonly command: string;
  readonly code: CodeVersion;
  /** sha256 of the experiment's declaration (canonical JSON): a changed experiment is a different one. */
  readonly definition: string;
  readonly elapsedMs: number;
  readonly finishedAt: string;
}
