// Run an experiment (types.ts): each arm becomes one or two runs of the ordinary runner (src/runner/runner.ts),
// written to <out>/<id>/<arm>/<run>/ (the runner's tables and manifest), and the effect is computed from the
// tables: per deal pair (duplicate), per deal of the two runs on the same cards (side), or per hand or
// Partie (describe). Then the verdict (verdict.ts), summary.json and an SVG chart.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Piscina } from 'piscina';
import { runSimulation, createPool, type RunResult } from '../runner/runner.ts';
import { type SimSpec, type StartState } from '../sim/job.ts';
import { codeVersion, sha256 } from '../results/manifest.ts';
import { meanInterval, wilson, type Moments } from '../stats/intervals.ts';
import { emptyPairAcc, pairedEstimate, pushPair, varianceRatio, type PairAcc } from '../stats/paired.ts';
import { DELTAS, METRICS, readColumns, type Columns } from './metrics.ts';
import { atEdge, combine, pValue, verdictOf } from './verdict.ts';
import type { Arm, Experiment, Verdict } from './types.ts';
import { RunError } from '../core/errors.ts';
import type { SizeName, Effect, ArmSummary, ExperimentSummary } from './summary.ts';
import { noDecisions, shadowedSpec, type DecisionCount } from './shadow.ts';

/** An experiment stopped by an interrupt (Ctrl-C): no summary is written. */
export class ExperimentInterrupted extends Error {
  override name = 'ExperimentInterrupted';
}

export interface RunExperimentOptions {
  readonly size: SizeName;
  readonly seed: number;
  /** Worker threads (0: this thread). */
  readonly workers: number;
  /** The results folder (default results/experiments): the experiment writes <out>/<id>/. */
  readonly out: string;
  readonly onNote?: (line: string) => void;
  /** Draw no chart (tests of many seeds). */
  readonly noChart?: boolean;
  /** Keep the runner's tables (default true; false removes them after the effect is read: A/A tests). */
  readonly keepTables?: boolean;
  readonly signal?: AbortSignal;
  /**
   * Count the decisions where A and B act differently (default true): the compared arms' runs go in this
   * thread, each seat under test asking a shadow of the other policy (shadow.ts). false: no decisions
   * counted (null), the runs on the workers; the results are the same.
   */
  readonly shadow?: boolean;
}

/** The command that reproduces a run of this size and seed. */
export function reproduceCommand(id: string, size: SizeName, seed: number): string {
  return `npx perlagg experiment run ${id}${size === 'full' ? '' : ` --${size}`} --seed ${seed}`;
}

/** An experiment's SPRT decides from this many pairs on (StopRule.minPairs). */
export const SPRT_MIN_PAIRS = 200;

const sizeOf = (e: Experiment, arm: Arm, size: SizeName): number => (arm.sizes ?? e.sizes)[size];

/** Batches: several a worker (so both cores work on a small run), at most the runner's defaults. */
function batchFor(mode: Arm['mode'], n: number, workers: number, sprt: boolean): number {
  const cap = sprt ? (mode === 'hands' ? 64 : 4) : mode === 'hands' ? 1024 : 32;
  return Math.max(1, Math.min(cap, Math.ceil(n / (4 * Math.max(1, workers)))));
}

function startOf(arm: Arm): StartState | null {
  if (arm.score === undefined && arm.dealer === undefined) return null;
  return { score: arm.score ?? null, dealer: arm.dealer ?? null };
}

/** Remove a previous run of this experiment (only the folders and files an experiment writes). */
function clearOld(dir: string, e: Experiment): void {
  if (!existsSync(dir)) return;
  const ours = new Set([...e.arms.map((a) => a.name), 'summary.json', 'chart.svg', 'chart.vl.json']);
  const strange = readdirSync(dir).filter((f) => !ours.has(f));
  if (strange.length > 0) throw new RunError(`${dir} holds files an experiment does not write (${strange.slice(0, 3).join(', ')}): move them or choose another --out`);
  rmSync(dir, { recursive: true, force: true });
}

export async function runExperiment(e: Experiment, o: RunExperimentOptions): Promise<ExperimentSummary> {
  const t0 = performance.now();
  const dir = join(o.out, e.id);
  clearOld(dir, e);
  mkdirSync(dir, { recursive: true });
  const pool: Piscina | null = o.workers > 0 ? createPool(o.workers) : null;
  const arms: ArmSummary[] = [];
  try {
    for (const arm of e.arms) arms.push(await runArm(e, arm, o, join(dir, arm.name), pool));
  } finally {
    await pool?.destroy();
  }
  const primary = arms[0]!;
  const fields = fieldsOf(arms);
  const { delta, why: deltaWhy } = deltaOf(e, e.arms[0]!);
  const summary: ExperimentSummary = {
    schema: 'perlagg.experiment/2',
    id: e.id,
    hypotheses: e.hypotheses,
    claim: e.claim,
    a: e.a,
    b: e.b,
    ruleset: e.ruleset ?? '1853',
    players: e.players ?? 4,
    size: o.size,
    seed: o.seed,
    verdict: e.untested !== undefined ? 'untested' : combine(fields.map((f) => f.verdict)),
    primary: primary.name,
    fields,
    delta,
    deltaWhy,
    untested: e.untested ?? null,
    reading: e.reading ?? null,
    arms,
    note: e.note ?? null,
    command: reproduceCommand(e.id, o.size, o.seed),
    code: codeVersion(),
    definition: definitionHash(e),
    elapsedMs: Math.round(performance.now() - t0),
    finishedAt: new Date().toISOString(),
  };
  writeFileSync(join(dir, 'summary.json'), JSON.stringify(summary, null, 2) + '\n');
  if (o.noChart !== true) {
    const { writeExperimentChart } = await import('./chart.ts');
    await writeExperimentChart(dir, summary); // chart.svg and its spec, chart.vl.json
  }
  if (o.keepTables === false) for (const arm of e.arms) rmSync(join(dir, arm.name), { recursive: true, force: true });
  return summary;
}

/** The opponent field of an arm (Arm.table). */
export function tableOf(arm: Pick<Arm, 'table' | 'design' | 'opponent'>): string {
  return arm.table ?? (arm.design === 'duplicate' ? 'author1853' : (arm.opponent ?? 'author1853'));
}

/** Each field's headline: its first arm. */
export function fieldsOf(arms: readonly Pick<ArmSummary, 'table' | 'name' | 'verdict'>[]): Array<{ table: string; arm: string; verdict: Verdict }> {
  const out: Array<{ table: string; arm: string; verdict: Verdict }> = [];
  for (const a of arms) if (!out.some((f) => f.table === a.table)) out.push({ table: a.table, arm: a.name, verdict: a.verdict });
  return out;
}

/** δ of an arm: its own, the experiment's (for the first arm's metric), or the metric's default. */
export function deltaOf(e: Experiment, arm: Arm): { delta: number; why: string } {
  if (arm.delta !== undefined) return { delta: arm.delta, why: e.deltaWhy ?? DELTAS[arm.metric].why };
  if (e.delta !== undefined && arm.metric === e.arms[0]!.metric && arm.compare === e.arms[0]!.compare) return { delta: e.delta, why: e.deltaWhy ?? DELTAS[arm.metric].why };
  return DELTAS[arm.metric];
}

interface OneRun {
  readonly dir: string;
  readonly result: RunResult;
}

/** What an arm plays: A, B, the opponent, the side under test, the start, the size and the SPRT, checked. */
interface ArmPlan {
  readonly a: string;
  readonly b: string | null;
  readonly opponent: string | null;
  readonly side: number;
  readonly start: StartState | null;
  readonly n: number;
  readonly sprt: Extract<NonNullable<Arm['stop']>, { kind: 'sprt' }> | null;
  /** A variance comparison (compare: 'variance'). */
  readonly spread: boolean;
  /** Count decisions with shadows (RunExperimentOptions.shadow). */
  readonly shadow: boolean;
}

function planOf(e: Experiment, arm: Arm, o: RunExperimentOptions): ArmPlan {
  const sprt = arm.stop?.kind === 'sprt' ? arm.stop : null;
  if (sprt !== null && !(arm.design === 'duplicate' && arm.metric === 'points')) throw new Error(`internal: experiment ${e.id} arm ${arm.name}: an SPRT needs a duplicate 'points' arm`);
  const spread = arm.compare === 'variance';
  if (spread && arm.design !== 'side') throw new Error(`internal: experiment ${e.id} arm ${arm.name}: a variance comparison needs a 'side' arm (A and B on the same cards)`);
  return {
    a: arm.a ?? e.a,
    b: arm.design === 'describe' ? null : (arm.b ?? e.b),
    opponent: arm.design === 'duplicate' ? null : (arm.opponent ?? 'author1853'),
    side: arm.side ?? 0,
    start: startOf(arm),
    n: sizeOf(e, arm, o.size),
    sprt,
    spread,
    shadow: o.shadow !== false,
  };
}

/** The runner's spec of one run of the arm: these policies at these seats, duplicate or not. */
function specOf(e: Experiment, arm: Arm, o: RunExperimentOptions, start: StartState | null, policies: string[], duplicate: boolean): SimSpec {
  return {
    mode: arm.mode,
    ruleset: e.ruleset ?? '1853',
    players: e.players ?? 4,
    policies,
    seed: o.seed,
    constraints: { hands: arm.hands ?? {}, trump: null, predicate: arm.where ?? null },
    ...(duplicate ? { duplicate: true } : {}),
    ...(duplicate && arm.independentStreams === true ? { independentStreams: true } : {}),
    ...(start === null ? {} : { start }),
  };
}

/**
 * One run of the ordinary runner into <dir>/<name>; `inThread`: in this thread (the shadowed policies of a
 * compared arm are objects of this thread, shadow.ts).
 */
async function runOne(e: Experiment, arm: Arm, o: RunExperimentOptions, plan: ArmPlan, dir: string, pool: Piscina | null, name: string, spec: SimSpec, inThread: boolean): Promise<OneRun> {
  const out = join(dir, name);
  const { sprt, n } = plan;
  const workers = inThread ? 0 : o.workers;
  const result = await runSimulation(
    {
      spec,
      deals: n,
      batchSize: batchFor(arm.mode, n, workers, sprt !== null),
      workers,
      out,
      resume: false,
      shard: null,
      untilCi: null,
      timeBudgetMs: null,
      sprt: sprt === null ? null : { metric: 'a_minus_b', bounds: { m0: sprt.m0, m1: sprt.m1, alpha: sprt.alpha, beta: sprt.beta }, minPairs: sprt.minPairs ?? SPRT_MIN_PAIRS },
      ...(o.onNote === undefined ? {} : { onNote: o.onNote }),
      ...(o.signal === undefined ? {} : { signal: o.signal }),
    },
    inThread ? null : pool,
  );
  if (result.stoppedBy === 'interrupted') throw new ExperimentInterrupted(`${e.id} interrupted in arm ${arm.name}: its folder ${out} holds the batches done; run the experiment again to start it afresh`);
  return { dir: out, result };
}

/** An arm's runs and what they measured: the values (one per pair, deal or game), the variance ratio, the pairs that differ. */
interface ArmValues {
  readonly runs: OneRun[];
  readonly values: number[];
  readonly ratio: number | null;
  /** Pairs whose result differs between A and B (null: describe). */
  readonly differing: number | null;
  /** The decisions of the seats under test and those where the other policy would act differently (null: describe). */
  readonly decisions: DecisionCount | null;
}

/** One run; `inThread`: in this thread (policy objects). */
type Play = (name: string, spec: SimSpec, inThread?: boolean) => Promise<OneRun>;

/** Duplicate: A against B on the same deals, the effect per deal pair (the mean of its two seatings). */
async function duplicateValues(arm: Arm, plan: ArmPlan, play: Play, spec: (policies: string[], duplicate: boolean) => SimSpec): Promise<ArmValues> {
  const def = METRICS[arm.metric];
  // A's seats asked what B would do, B's seats what A would do (shadow.ts)
  const decisions = plan.shadow ? noDecisions() : null;
  const policies = decisions === null ? [plan.a, plan.b!] : [await shadowedSpec(plan.a, plan.b!, decisions), await shadowedSpec(plan.b!, plan.a, decisions)];
  const r = await play('run', spec(policies, true), decisions !== null);
  const t = readColumns(r.dir, def.table, ['seating', ...def.columns]);
  const anti = arm.metric === 'points' || arm.metric === 'spiele' || arm.metric === 'partien' || arm.metric === 'stake';
  const singles: Moments = { n: 0, sum: 0, sumSq: 0 };
  const values: number[] = [];
  for (let i = 0; i + 1 < t.rows; i += 2) {
    const d = [0, 1].map((s) => {
      const x = t.col['seating']![i + s]!; // A is party x in seating x
      const mine = def.value(t.col, i + s, x) ?? 0;
      const theirs = def.value(t.col, i + s, 1 - x) ?? 0;
      return anti ? mine : mine - theirs;
    });
    for (const x of d) {
      singles.n++;
      singles.sum += x;
      singles.sumSq += x * x;
    }
    values.push((d[0]! + d[1]!) / 2);
  }
  return { runs: [r], values, differing: values.filter((x) => x !== 0).length, ratio: varianceRatio(accOf(values), singles), decisions };
}

/** Side: the side under test plays A in one run and B in another against the same opponent on the same cards. */
async function sideValues(e: Experiment, arm: Arm, plan: ArmPlan, play: Play, spec: (policies: string[], duplicate: boolean) => SimSpec): Promise<ArmValues> {
  const def = METRICS[arm.metric];
  const { side, opponent } = plan;
  const pair = (x: string, y: string): string[] => (side === 0 ? [x, y] : [y, x]);
  // the side under test asked, in A's run, what B would do, and in B's run what A would do (shadow.ts)
  const decisions = plan.shadow ? noDecisions() : null;
  const as = (x: string, y: string): Promise<string> => (decisions === null ? Promise.resolve(x) : shadowedSpec(x, y, decisions));
  const ra = await play('a', spec(pair(await as(plan.a, plan.b!), opponent!), false), decisions !== null);
  const rb = await play('b', spec(pair(await as(plan.b!, plan.a), opponent!), false), decisions !== null);
  const key = def.table === 'hands' ? 'deal' : 'partie';
  const ta = readColumns(ra.dir, def.table, [key, ...def.columns]);
  const tb = readColumns(rb.dir, def.table, [key, ...def.columns]);
  if (ta.rows !== tb.rows) throw new Error(`internal: the runs of ${e.id} ${arm.name} have ${ta.rows} and ${tb.rows} rows`);
  let values: number[] = [];
  const va: number[] = [];
  const vb: number[] = [];
  for (let i = 0; i < ta.rows; i++) {
    if (ta.col[key]![i] !== tb.col[key]![i]) throw new Error(`internal: the runs of ${e.id} ${arm.name} differ in their ${key} at row ${i}`);
    const x = def.value(ta.col, i, side) ?? 0;
    const y = def.value(tb.col, i, side) ?? 0;
    va.push(x);
    vb.push(y);
    values.push(x - y);
  }
  const differing = values.filter((x) => x !== 0).length;
  let ratio: number | null = null;
  if (plan.spread) values = varianceTerms(va, vb);
  else {
    const vp = variance(values);
    ratio = vp > 0 ? (variance(va) + variance(vb)) / vp : null;
  }
  return { runs: [ra, rb], values, differing, ratio, decisions };
}

/** Describe: one run, the claim's share or mean per hand or Partie. */
async function describeValues(arm: Arm, plan: ArmPlan, play: Play, spec: (policies: string[], duplicate: boolean) => SimSpec): Promise<ArmValues> {
  const def = METRICS[arm.metric];
  const pair = (x: string, y: string): string[] => (plan.side === 0 ? [x, y] : [y, x]);
  const r = await play('run', spec(pair(plan.a, plan.opponent!), false));
  const t = readColumns(r.dir, def.table, def.columns);
  const values: number[] = [];
  for (let i = 0; i < t.rows; i++) {
    const x = def.value(t.col as Columns, i, plan.side);
    if (x !== null) values.push(x);
  }
  return { runs: [r], values, differing: null, ratio: null, decisions: null };
}

async function runArm(e: Experiment, arm: Arm, o: RunExperimentOptions, dir: string, pool: Piscina | null): Promise<ArmSummary> {
  const t0 = performance.now();
  const plan = planOf(e, arm, o);
  const play: Play = (name, spec, inThread = false) => runOne(e, arm, o, plan, dir, pool, name, spec, inThread);
  const spec = (policies: string[], duplicate: boolean) => specOf(e, arm, o, plan.start, policies, duplicate);
  const measured = arm.design === 'duplicate' ? await duplicateValues(arm, plan, play, spec) : arm.design === 'side' ? await sideValues(e, arm, plan, play, spec) : await describeValues(arm, plan, play, spec);
  return armSummary(e, arm, plan, measured, t0);
}

/** The arm's effect (the SPRT's corrected estimate when it has one), verdict and the rest of its summary. */
function armSummary(e: Experiment, arm: Arm, plan: ArmPlan, m: ArmValues, t0: number): ArmSummary {
  const { sprt, spread } = plan;
  const { runs, values, ratio, differing, decisions } = m;
  const def = METRICS[arm.metric];
  const reference = arm.design === 'describe' ? (arm.reference ?? 0) : 0;
  const effect = effectOf(values, arm.design === 'describe' && def.share);
  const rs = runs[0]!.result.sprt;
  const sprtOut = sprt === null || rs === null ? null : { verdict: rs.status.verdict, decidedAt: rs.status.decidedAt, corrected: rs.corrected === null ? null : { estimate: rs.corrected.estimate, low: rs.corrected.low, high: rs.corrected.high }, bounds: { m0: sprt.m0, m1: sprt.m1, alpha: sprt.alpha, beta: sprt.beta } };
  const shown: Effect = sprtOut?.corrected != null ? { ...effect, estimate: sprtOut.corrected.estimate, low: sprtOut.corrected.low, high: sprtOut.corrected.high, halfWidth: (sprtOut.corrected.high - sprtOut.corrected.low) / 2 } : effect;
  const { delta } = deltaOf(e, arm);
  const v = verdictOf({ effect: shown, direction: arm.direction, reference, delta, differing, differingDecisions: decisions?.differing ?? null, sprt: sprtOut === null ? null : { verdict: sprtOut.verdict as 'H0' | 'H1' | 'continue', m1: sprt!.m1 } });
  const unitN = arm.design === 'duplicate' ? (arm.mode === 'hands' ? 'deal pairs' : 'Partie pairs') : arm.design === 'side' ? (arm.mode === 'hands' ? 'deals (each played by A and by B)' : 'Partien (each played by A and by B)') : arm.mode === 'hands' ? 'hands' : 'Partien';
  return {
    name: arm.name,
    label: arm.label,
    design: arm.design,
    mode: arm.mode,
    metric: arm.metric,
    unit: spread ? `variance of the ${def.unit} (A's minus B's)` : def.unit,
    direction: arm.direction,
    a: plan.a,
    b: plan.b,
    opponent: plan.opponent,
    side: plan.side,
    start: plan.start,
    reference,
    n: values.length,
    nUnit: unitN,
    effect: shown,
    verdict: v.verdict,
    verdictWhy: v.why,
    table: tableOf(arm),
    delta,
    differing,
    decisions: decisions === null ? null : { made: decisions.decisions, differing: decisions.differing },
    perDiffering: differing === null || differing === 0 || spread ? null : (shown.estimate * values.length) / differing,
    p: pValue(shown, reference),
    edge: atEdge(shown, reference, delta),
    varianceRatio: ratio,
    sprt: sprtOut,
    deals: runs.reduce((s, r) => s + r.result.dealsDone, 0),
    rejected: runs.reduce((s, r) => s + r.result.rejected, 0),
    elapsedMs: Math.round(performance.now() - t0),
    runs: runs.map((r) => r.dir),
  };
}

function accOf(values: readonly number[]): PairAcc {
  const acc = emptyPairAcc();
  for (const x of values) pushPair(acc, x);
  return acc;
}

function variance(xs: readonly number[]): number {
  if (xs.length < 2) return 0;
  let s = 0;
  for (const x of xs) s += x;
  const m = s / xs.length;
  let q = 0;
  for (const x of xs) q += (x - m) * (x - m);
  return q / (xs.length - 1);
}

/**
 * The paired influence terms of Var(X) − Var(Y): t_i = n/(n−1) · ((x_i − x̄)² − (y_i − ȳ)²). Their mean is the
 * difference of the two sample variances; their spread gives its standard error (the delta method, which
 * counts the correlation of X and Y on the same cards) — so the effect of a variance arm is effectOf(terms).
 */
export function varianceTerms(xs: readonly number[], ys: readonly number[]): number[] {
  const n = xs.length;
  if (n !== ys.length) throw new Error('internal: variance terms of unequal lengths');
  if (n < 2) return [];
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < n; i++) {
    sx += xs[i]!;
    sy += ys[i]!;
  }
  const mx = sx / n;
  const my = sy / n;
  const k = n / (n - 1);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = k * ((xs[i]! - mx) ** 2 - (ys[i]! - my) ** 2);
  return out;
}

/** The effect with its 95% interval: mean ± t·SE over the values (a share of 0/1 values: Wilson). */
export function effectOf(values: readonly number[], share: boolean): Effect {
  if (values.length === 0) return { estimate: NaN, low: NaN, high: NaN, halfWidth: Infinity, se: NaN, kind: 'empty' };
  if (share) {
    const k = values.reduce((s, x) => s + x, 0);
    const w = wilson(k, values.length);
    const m: Moments = { n: values.length, sum: k, sumSq: k };
    // Wilson's ends at k = 0 or n can miss the estimate by a rounding error (2.8e-17): clamp them to it
    return { estimate: w.estimate, low: Math.min(w.low, w.estimate), high: Math.max(w.high, w.estimate), halfWidth: w.halfWidth, se: meanInterval(m).se, kind: 'interval' };
  }
  const e = pairedEstimate(accOf(values), { kind: 'difference' });
  if (e.kind === 'constant') return { estimate: e.value, low: e.value, high: e.value, halfWidth: 0, se: 0, kind: 'constant' };
  if (e.kind !== 'interval') return { estimate: values[0]!, low: -Infinity, high: Infinity, halfWidth: Infinity, se: Infinity, kind: 'interval' };
  return { estimate: e.estimate, low: e.low, high: e.high, halfWidth: e.halfWidth, se: e.se, kind: 'interval' };
}

/** JSON with the keys of every object sorted (the same declaration gives the same text). */
export function stableJson(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(stableJson).join(',')}]`;
  if (x !== null && typeof x === 'object') return `{${Object.keys(x).sort().map((k) => `${JSON.stringify(k)}:${stableJson((x as Record<string, unknown>)[k])}`).join(',')}}`;
  return JSON.stringify(x) ?? 'null';
}

/**
 * sha256 of an experiment's declaration (summary.definition): the report flags summaries of a changed
 * experiment. A --where predicate counts by its file name, not its absolute path: the hash does not depend
 * on where the checkout lies (nor on .ts against .js).
 */
export function definitionHash(e: Experiment): string {
  const arms = e.arms.map((a) => (a.where === undefined ? a : { ...a, where: basename(a.where).replace(/\.[jt]s$/, '') }));
  return sha256(Buffer.from(stableJson({ ...e, arms })));
}
