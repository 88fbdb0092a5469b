// The options of a tuning run and what they resolve to: the parameters and the opponent (checked before
// anything is written), the settings a resume must match, the seeds of the tuning deals and of the
// confirmation, and the duplicate match each side plays.
import { rulesetHash, resolveRuleset } from '../rules/registry.ts';
import { resolvePolicy } from '../registry/policies.ts';
import { keyWords } from '../core/rng.ts';
import type { SimSpec } from '../sim/job.ts';
import type { SprtBounds } from '../stats/sprt.ts';
import type { SpsaParam } from '../stats/spsa.ts';
import { tuneParams, TuneSpecError } from './params.ts';

export type TuneMode = 'hands' | 'partien';

export interface TuneOptions {
  /** The policy and its starting options, e.g. simple or simple{holdSlack=2} or an absolute file path. */
  readonly policy: string;
  /** --params text (null: every declared numeric option). */
  readonly params: string | null;
  /** The opponent (null: the policy as given). */
  readonly against: string | null;
  readonly mode: TuneMode;
  /** Canonical ruleset name. */
  readonly ruleset: string;
  readonly players: number;
  readonly seed: number;
  /** SPSA's planned iterations N, in pairs. */
  readonly pairs: number;
  /** Pairs per proposal. */
  readonly block: number;
  /** r_end of parameters that do not give their own. */
  readonly rEnd?: number;
  /** Iterations per committed record batch of the trajectory. */
  readonly commitEvery: number;
  /** The confirmation match: the SPRT's bounds and its most pairs; null: none. */
  readonly confirm: { readonly bounds: SprtBounds; readonly maxPairs: number } | null;
  readonly workers: number;
  readonly out: string | null;
  readonly resume: boolean;
  readonly allowCodeChange?: boolean;
  readonly onProgress?: (p: TuneProgress) => void;
  readonly onNote?: (line: string) => void;
  readonly signal?: AbortSignal;
}

export interface TuneProgress {
  readonly phase: 'tuning' | 'confirming';
  readonly pairsDone: number;
  readonly pairsTotal: number;
  readonly iteration: number;
  readonly values: Readonly<Record<string, number>>;
  readonly recentGain: number | null;
  readonly elapsedMs: number;
}

/** A seed of its own for one purpose, from the run's seed (keyed, never seed + something). */
export function derivedSeed(seed: number, tag: number): number {
  const [a, b] = keyWords([seed >>> 0, Math.floor(seed / 2 ** 32) >>> 0, tag >>> 0]);
  return (a & 0x1fffff) * 2 ** 32 + (b >>> 0); // 53 bits
}
/** The tuning deals' seed and the confirmation's: apart from each other and from the SPSA stream. */
export const TUNE_DEALS = 0x54554e45; // 'TUNE'
export const CONFIRM_DEALS = 0x434f4e46; // 'CONF'

const NONE = { hands: {}, trump: null, predicate: null } as const;

/** Check the options and resolve the policy: the parameters, the start spec and the opponent. */
export async function tuneSetup(o: TuneOptions): Promise<{ params: SpsaParam[]; start: string; opponent: string; name: string }> {
  if (!(Number.isInteger(o.pairs) && o.pairs >= 1)) throw new TuneSpecError('--pairs must be a whole number >= 1');
  if (!(Number.isInteger(o.block) && o.block >= 1 && o.block <= 65535)) throw new TuneSpecError('--block must be a whole number from 1 to 65535');
  if (!(Number.isInteger(o.commitEvery) && o.commitEvery >= 1)) throw new TuneSpecError('--commit-every must be a whole number >= 1');
  const resolved = await resolvePolicy(o.policy);
  const params = tuneParams(resolved.factory, resolved.options, o.params, o.rEnd);
  const opponent = o.against ?? o.policy;
  await resolvePolicy(opponent); // an unknown opponent fails here, before anything is written
  return { params, start: o.policy, opponent, name: resolved.factory.name };
}

/** Everything that determines a tuning run's result: a resume must match it field by field. */
export function tuneSettings(o: TuneOptions, params: readonly SpsaParam[], opponent: string): Record<string, unknown> {
  const r = resolveRuleset(o.ruleset);
  return {
    policy: o.policy,
    params,
    against: opponent,
    mode: o.mode,
    ruleset: o.ruleset,
    rulesetHash: rulesetHash(r),
    players: o.players,
    seed: o.seed,
    pairs: o.pairs,
    block: o.block,
    commitEvery: o.commitEvery,
    confirm: o.confirm,
  };
}

/** The duplicate spec of a match of `a` against `b` on the tuning (or confirmation) deals. */
export function matchSpec(o: TuneOptions, a: string, b: string, seed: number): SimSpec {
  return { mode: o.mode, ruleset: o.ruleset, players: o.players, policies: [a, b], seed, constraints: NONE, duplicate: true };
}
