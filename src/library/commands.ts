// tune(), league(), merge() and plot(): the commands that write a run folder, as functions taking an options
// object and returning plain data. Each calls what its command calls (src/tune/tune.ts runTune,
// src/league/league.ts runLeague, src/runner/merge-run.ts mergeRun, src/charts/folder.ts writeFolderCharts);
// nothing is printed. Bad input throws a one-line UsageError (as the command exits 2 for it).
import { canonicalName, resolveRuleset } from '../rules/registry.ts';
import { DEFAULT_WORKERS } from '../runner/cpu-limit.ts';
import { mergeRun } from '../runner/merge-run.ts';
import { runTune } from '../tune/tune.ts';
import type { TuneMode, TuneProgress } from '../tune/options.ts';
import type { Confirmation } from '../tune/confirm.ts';
import type { SpsaParam } from '../stats/spsa.ts';
import type { SprtBounds } from '../stats/sprt.ts';
import { runLeague, type LeagueMode } from '../league/league.ts';
import type { PairedEstimate } from '../stats/paired.ts';
import type { PlayerRating } from '../stats/ratings.ts';
import { UsageError } from '../core/errors.ts';
import { policySpec, policySpecs, workersFor, type PolicyInput } from './policies.ts';

export type { TuneProgress, Confirmation, SpsaParam, SprtBounds, PairedEstimate, PlayerRating };

/** A chart drawn: its SVG and the Vega-Lite spec beside it. */
export interface ChartFile {
  readonly name: string;
  readonly what: string;
  readonly svg: string;
  readonly spec: string;
}

const whole = (name: string, x: unknown, min: number, max: number): number => {
  if (typeof x !== 'number' || !Number.isInteger(x) || x < min || x > max) throw new UsageError(`${name}: a whole number from ${min} to ${max.toLocaleString('en-US')}, not ${String(x)}`);
  return x;
};
const text = (name: string, x: unknown): string => {
  if (typeof x !== 'string' || x.trim() === '') throw new UsageError(`${name}: a non-empty string, not ${String(x)}`);
  return x;
};
const twoParties = (players: number, what: string): number => {
  if (players !== 4 && players !== 6) throw new UsageError(`players ${players}: ${what} plays duplicate deals of two parties: 4 or 6`);
  return players;
};
/** The charts of a finished folder, drawn as its command draws them (nothing printed). */
async function chartsOf(dir: string, into?: string): Promise<ChartFile[]> {
  const { writeFolderCharts } = await import('../charts/folder.ts');
  return (await writeFolderCharts(dir, into)).map((c) => ({ name: c.name, what: c.what, svg: c.svg, spec: c.spec }));
}

// ---- tune ----

export interface TuneOptions {
  /** The policy to tune with its starting options: "simple", "simple{holdSlack=2}", a file path or a policy object. */
  readonly policy: PolicyInput;
  /** Options to tune (default: every declared numeric option); each may be "name:min:max" or "name:min:max:cEnd:rEnd". */
  readonly params?: string | readonly string[];
  /** The opponent (default: the policy as given). */
  readonly against?: PolicyInput;
  /** hands (points of single hands, default) or partien (whole Partien won or lost). */
  readonly mode?: TuneMode;
  readonly ruleset?: string;
  /** 4 (default) or 6: two parties. */
  readonly players?: number;
  readonly seed?: number;
  /** SPSA's planned iterations N in deal (Partie) pairs (default 2000). */
  readonly pairs?: number;
  /** Pairs played with one perturbation (default 8). */
  readonly block?: number;
  /** r_end of parameters that do not give their own. */
  readonly rEnd?: number;
  /** Iterations per committed record batch of trajectory.arrow (default 10). */
  readonly commitEvery?: number;
  /** The confirmation SPRT on tuned minus start (default m0 0, m1 0.1, alpha = beta = 0.05, at most 20,000 pairs); null: none. */
  readonly confirm?: { readonly m0: number; readonly m1: number; readonly alpha?: number; readonly beta?: number; readonly maxPairs?: number } | null;
  /** Worker threads (default: the core count; with a policy object 0, and more is refused). */
  readonly workers?: number;
  /** Folder for trajectory.arrow, the charts, the confirmation and manifest.json (resumable). */
  readonly out?: string;
  readonly resume?: boolean;
  readonly allowCodeChange?: boolean;
  /** Draw the charts into `out` (default true), as the command does. */
  readonly charts?: boolean;
  readonly onProgress?: (p: TuneProgress) => void;
  readonly onNote?: (line: string) => void;
  readonly signal?: AbortSignal;
}

export interface TuneSummary {
  /** The tuned spec, e.g. simple{holdSlack=2,spielTricks=2} (a policy object is named object:<its name>). */
  readonly spec: string;
  readonly values: Readonly<Record<string, number>>;
  readonly start: string;
  readonly against: string;
  readonly params: readonly SpsaParam[];
  /** Pairs played (SPSA's k). */
  readonly pairs: number;
  /** The continuous values (theta) behind `values`. */
  readonly theta: Readonly<Record<string, number>>;
  readonly recentGain: number | null;
  readonly confirmation: Confirmation | null;
  readonly stoppedBy: 'done' | 'interrupted';
  readonly elapsedMs: number;
  readonly files: readonly string[];
  readonly charts: readonly ChartFile[];
}

/** `perlagg tune` as a function: SPSA on a policy's numeric options, then the confirmation on fresh deals. */
export async function tune(o: TuneOptions): Promise<TuneSummary> {
  if (typeof o !== 'object' || o === null || o.policy === undefined) throw new UsageError('tune: give { policy } at least, e.g. tune({ policy: "simple", pairs: 200 })');
  const policy = policySpec(o.policy, 'policy');
  const against = o.against === undefined ? null : policySpec(o.against, 'against');
  const objects = [policy.object, against?.object].filter((x): x is string => typeof x === 'string');
  const mode = o.mode ?? 'hands';
  if (mode !== 'hands' && mode !== 'partien') throw new UsageError(`mode: hands or partien, not ${String(mode)}`);
  const players = twoParties(whole('players', o.players ?? 4, 2, 6), 'tuning');
  const c = o.confirm === undefined ? { m0: 0, m1: 0.1 } : o.confirm;
  const bounds = c === null ? null : { m0: c.m0, m1: c.m1, alpha: c.alpha ?? 0.05, beta: c.beta ?? 0.05 };
  if (bounds !== null && !(Number.isFinite(bounds.m0) && Number.isFinite(bounds.m1) && bounds.m0 !== bounds.m1 && bounds.alpha > 0 && bounds.alpha < 0.5 && bounds.beta > 0 && bounds.beta < 0.5)) {
    throw new UsageError(`confirm: m0 and m1 different numbers, alpha and beta between 0 and 0.5, not ${JSON.stringify(c)}`);
  }
  const out = o.out === undefined ? null : text('out', o.out);
  if (o.resume === true && out === null) throw new UsageError('resume needs out');
  const r = await runTune({
    policy: policy.spec,
    params: o.params === undefined ? null : typeof o.params === 'string' ? o.params : o.params.join(','),
    against: against?.spec ?? null,
    mode,
    ruleset: canonicalName(resolveRuleset(o.ruleset ?? 'oberland')),
    players,
    seed: whole('seed', o.seed ?? 1, 0, Number.MAX_SAFE_INTEGER),
    pairs: whole('pairs', o.pairs ?? 2000, 1, 1e9),
    block: whole('block', o.block ?? 8, 1, 65535),
    ...(o.rEnd === undefined ? {} : { rEnd: o.rEnd }),
    commitEvery: whole('commitEvery', o.commitEvery ?? 10, 1, 1e6),
    confirm: bounds === null ? null : { bounds, maxPairs: whole('confirm.maxPairs', c?.maxPairs ?? 20_000, 20, 1e9) },
    workers: workersFor(o.workers, DEFAULT_WORKERS, objects),
    out,
    resume: o.resume ?? false,
    allowCodeChange: o.allowCodeChange ?? false,
    ...(o.onProgress === undefined ? {} : { onProgress: o.onProgress }),
    ...(o.onNote === undefined ? {} : { onNote: o.onNote }),
    ...(o.signal === undefined ? {} : { signal: o.signal }),
  });
  const charts: ChartFile[] = [];
  if (out !== null && r.stoppedBy === 'done' && o.charts !== false) {
    charts.push(...(await chartsOf(out)));
    if (r.confirmation !== null && r.confirmation.verdict !== 'identical') charts.push(...(await chartsOf(`${out}/confirmation`)));
  }
  return {
    spec: r.spec, values: r.values, start: r.start, against: r.opponent, params: r.params, pairs: r.state.k,
    theta: Object.fromEntries(r.params.map((p, i) => [p.name, r.state.theta[i]!])), recentGain: r.state.recentGain,
    confirmation: r.confirmation, stoppedBy: r.stoppedBy, elapsedMs: r.elapsedMs, files: r.files, charts,
  };
}

// ---- league ----

export interface LeagueOptions {
  /** At least two policies: names, "name{opt=value}", file paths or policy objects. */
  readonly policies: readonly PolicyInput[];
  /** Deal pairs every match plays (default 2000); or `partien`. */
  readonly deals?: number;
  /** Partie pairs every match plays instead of deal pairs. */
  readonly partien?: number;
  readonly ruleset?: string;
  /** 4 (default) or 6: two parties. */
  readonly players?: number;
  readonly seed?: number;
  /** Bootstrap replicates for the ratings' intervals (default 1000). */
  readonly replicates?: number;
  readonly batchSize?: number;
  /** Worker threads (default: the core count; with a policy object 0, and more is refused). */
  readonly workers?: number;
  /** Folder for league.arrow, every match's run (matches/), the charts and manifest.json (resumable). */
  readonly out?: string;
  readonly resume?: boolean;
  readonly allowCodeChange?: boolean;
  /** Draw the charts into `out` (default true), as the command does. */
  readonly charts?: boolean;
  readonly onMatch?: (m: { readonly index: number; readonly count: number; readonly a: string; readonly b: string; readonly phase: 'start' | 'done' }) => void;
  readonly onNote?: (line: string) => void;
  readonly signal?: AbortSignal;
}

/** A set of ratings with 95% intervals (Massey in points a deal, or Bradley–Terry in Elo). */
export interface Ratings {
  readonly fit: string;
  readonly unit: string;
  readonly method: string;
  readonly replicates: number;
  readonly ratings: readonly PlayerRating[];
}

export interface LeagueSummary {
  readonly policies: readonly string[];
  readonly mode: LeagueMode;
  readonly ruleset: string;
  readonly players: number;
  readonly seed: number;
  /** Deal (Partie) pairs of every match. */
  readonly pairs: number;
  /** Every ordered pair: a's paired margin over b (points a deal; Partien: win share − ½) with its interval. */
  readonly crosstable: ReadonlyArray<{ readonly a: string; readonly b: string; readonly margin: PairedEstimate }>;
  /** Least squares on the paired margins (Massey). */
  readonly ratings: Ratings;
  readonly bradleyTerry: Ratings;
  readonly stoppedBy: 'done' | 'interrupted';
  readonly elapsedMs: number;
  readonly files: readonly string[];
  readonly charts: readonly ChartFile[];
}

/** `perlagg league` as a function: every pair of policies on the same duplicate deals, a crosstable and ratings. */
export async function league(o: LeagueOptions): Promise<LeagueSummary> {
  if (typeof o !== 'object' || o === null || !Array.isArray(o.policies)) throw new UsageError('league: give { policies: [...] }, at least two');
  const { specs, objects } = policySpecs(o.policies);
  if (specs.length < 2) throw new UsageError(`policies: a league needs at least 2 policies, not ${specs.length}`);
  if (o.deals !== undefined && o.partien !== undefined) throw new UsageError('give deals or partien, not both');
  const mode: LeagueMode = o.partien !== undefined ? 'partien' : 'hands';
  const pairs = whole(mode === 'hands' ? 'deals' : 'partien', o.partien ?? o.deals ?? 2000, 2, 2 ** 32);
  const players = twoParties(whole('players', o.players ?? 4, 2, 6), 'a league');
  const ruleset = canonicalName(resolveRuleset(o.ruleset ?? 'oberland'));
  const seed = whole('seed', o.seed ?? 1, 0, Number.MAX_SAFE_INTEGER);
  const out = o.out === undefined ? null : text('out', o.out);
  if (o.resume === true && out === null) throw new UsageError('resume needs out');
  const r = await runLeague({
    policies: specs, mode, ruleset, players, seed, pairs,
    replicates: whole('replicates', o.replicates ?? 1000, 20, 1_000_000),
    workers: workersFor(o.workers, DEFAULT_WORKERS, objects),
    out, resume: o.resume ?? false, allowCodeChange: o.allowCodeChange ?? false,
    ...(o.batchSize === undefined ? {} : { batchSize: whole('batchSize', o.batchSize, 1, 1 << 24) }),
    ...(o.onMatch === undefined ? {} : { onMatch: o.onMatch }),
    ...(o.onNote === undefined ? {} : { onNote: o.onNote }),
    ...(o.signal === undefined ? {} : { signal: o.signal }),
  });
  const ratings = (x: typeof r.massey): Ratings => ({ fit: x.fit, unit: x.unit, method: x.method, replicates: x.replicates, ratings: x.ratings });
  const charts = out !== null && r.stoppedBy === 'done' && o.charts !== false ? await chartsOf(out) : [];
  return {
    policies: r.names, mode, ruleset, players, seed, pairs,
    crosstable: r.crosstable.map((c) => ({ a: r.names[c.a]!, b: r.names[c.b]!, margin: c.margin })),
    ratings: ratings(r.massey), bradleyTerry: ratings(r.bradleyTerry), stoppedBy: r.stoppedBy, elapsedMs: r.elapsedMs, files: r.files, charts,
  };
}

// ---- merge and plot ----

export interface MergeOptions {
  /** The run folder holding shard-<i>-of-<n> folders, or the shard folders in order. */
  readonly shards: string | readonly string[];
  /** The folder for the merged tables and manifest (a rerun of the same merge leaves it as it is). */
  readonly out: string;
}

export interface MergeSummary {
  readonly out: string;
  /** The shard folders merged, in order. */
  readonly shards: readonly string[];
  /** Per table: its rows and record batches. */
  readonly tables: Readonly<Record<string, { readonly rows: number; readonly batches: number }>>;
  /** The folder already held this merge (checked; left as it was). */
  readonly already: boolean;
}

/** `perlagg merge` as a function: the shards of a sharded run concatenated in shard order (the bytes of one run). */
export function merge(o: MergeOptions): MergeSummary {
  if (typeof o !== 'object' || o === null) throw new UsageError('merge: give { shards, out }');
  const shards = typeof o.shards === 'string' ? [o.shards] : Array.isArray(o.shards) ? [...o.shards] : null;
  if (shards === null || shards.some((s) => typeof s !== 'string')) throw new UsageError('shards: a folder, or a list of shard folders');
  const out = text('out', o.out);
  const r = mergeRun(shards, out);
  return { out, shards: r.folders, tables: r.tables, already: r.already === true };
}

export interface PlotOptions {
  /** A folder written with out (exact, simulate, merge, tune, league). */
  readonly dir: string;
  /** Where the charts go (default `<dir>/charts`). */
  readonly into?: string;
}

/**
 * `perlagg plot` as a function: every chart of a result folder redrawn from its tables and manifest, which are
 * checked first as merge checks them (a tampered or truncated folder is refused with a UsageError).
 */
export async function plot(o: PlotOptions): Promise<{ readonly charts: readonly ChartFile[] }> {
  if (typeof o !== 'object' || o === null) throw new UsageError('plot: give { dir }');
  return { charts: await chartsOf(text('dir', o.dir), o.into === undefined ? undefined : text('into', o.into)) };
}
