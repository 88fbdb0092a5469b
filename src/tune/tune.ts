// perlagg tune: SPSA on a policy's declared numeric options (issue 12, deliverable 2), as fishtest runs it
// (src/stats/spsa.ts: alpha 0.602, gamma 0.101, A = 10% of the pairs, per-parameter c_end and r_end).
//
// One iteration: a proposal θ ± c_k Δ (Δ random signs keyed by (seed, k)); both are played against the
// opponent (--against, or the policy as given) on the same block of duplicate deal pairs (or Partie pairs),
// deals [k, k + block) of the tuning deal seed; result = Σ over the block and both seatings of
// (score of θ + c_k Δ) − (score of θ − c_k Δ), each against the opponent on the same cards, so the deals'
// luck cancels twice. The block is split over the worker pool (the simulation runner's pool and task); the
// sums are exact (points are whole numbers, pair means halves), so the run is the same for any worker count.
// Everything is keyed: the perturbations by (seed, k), the deals by (tuning seed, deal), the policies'
// streams by (tuning seed, deal, seat): a tuning run is a pure function of its settings.
//
// The folder (--out) is held as simulate holds its own: a lock, the trajectory as an Arrow stream committed
// every --commit-every iterations through a sealed manifest written atomically, which holds the SPSA state
// of the last commit; --resume continues from it and gives the same bytes as an uninterrupted run. At the end:
// trajectory.arrow, charts/trajectory.svg, the tuned spec, and a confirmation match — tuned against the
// start on fresh deals (another seed, never the tuning deals), a duplicate run with the per-pair SPRT in
// <out>/confirmation (itself a resumable simulate run).
import { existsSync, rmSync, rmdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson, rulesetHash, resolveRuleset } from '../rules/registry.ts';
import { resolvePolicy } from '../registry/policies.ts';
import { BatchStreamWriter, streamToFile } from '../results/stream.ts';
import { fileSha256, readRunManifest, settingsDiff, writeRunManifest, type RunManifest, type TableEntry } from '../results/run-manifest.ts';
import { codeDiff, codeVersion } from '../results/manifest.ts';
import { makeFolder, removeTempFiles, takeLock, uncommittedLeftovers, type FolderLock } from '../results/run-folder.ts';
import { trajectoryColumns } from '../results/schema.ts';
import { keyWords } from '../core/rng.ts';
import { metricEstimate, type MetricAcc, type SimSpec } from '../sim/job.ts';
import { BatchService } from '../runner/service.ts';
import { runSimulation, type RunResult } from '../runner/runner.ts';
import { MeanSprt, type MeanSprtSnapshot, type MeanSprtStatus, type SprtBounds } from '../stats/sprt.ts';
import type { StopEstimate } from '../stats/stop-estimate.ts';
import { spsaFromJSON, spsaInit, spsaProposal, spsaStep, spsaValues, type SpsaParam, type SpsaProposal, type SpsaState } from '../stats/spsa.ts';
import { specWith, tuneParams, TuneSpecError } from './params.ts';
import { SimSpecError, RunError, RunFailure } from '../core/errors.ts';
export { TuneSpecError };

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

export interface Confirmation {
  /** The effect of tuned over the start: points a deal (Partien: win share − 1/2), median-unbiased at the SPRT's stop. */
  readonly estimate: number;
  readonly lo: number;
  readonly hi: number;
  /** Deal (Partie) pairs played. */
  readonly n: number;
  /** H1 (tuned better by the SPRT's m1), H0 (not better), undecided (the most pairs reached), identical (tuned = start). */
  readonly verdict: 'H1' | 'H0' | 'undecided' | 'identical';
  readonly seed: number;
  readonly bounds: SprtBounds;
  /** How the estimate was made. */
  readonly method: string;
  /** The plain mean of the pairs with its t-interval (biased at a sequential stop: for reference). */
  readonly plain: { readonly estimate: number; readonly lo: number; readonly hi: number } | null;
}

export interface TuneResult {
  /** The tuned policy spec, e.g. simple{holdSlack=2,spielTricks=2}. */
  readonly spec: string;
  readonly values: Readonly<Record<string, number>>;
  readonly start: string;
  readonly opponent: string;
  readonly params: readonly SpsaParam[];
  readonly state: SpsaState;
  readonly confirmation: Confirmation | null;
  readonly stoppedBy: 'done' | 'interrupted';
  readonly resumedFrom: number;
  readonly elapsedMs: number;
  readonly files: readonly string[];
  /** The trajectory in memory (every iteration of this session and, from a resume, those before it only via the file). */
  readonly trajectory: readonly TrajectoryRow[];
}

export interface TrajectoryRow {
  readonly iteration: number;
  readonly pairsDone: number;
  readonly pairs: number;
  readonly theta: readonly number[];
  readonly plus: readonly number[];
  readonly minus: readonly number[];
  readonly result: number;
  readonly gain: number;
  readonly recentGain: number;
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
const TRAJECTORY = 'trajectory';
const STREAM_FILE = 'trajectory.arrows';

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
function tuneSettings(o: TuneOptions, params: readonly SpsaParam[], opponent: string): Record<string, unknown> {
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
function matchSpec(o: TuneOptions, a: string, b: string, seed: number): SimSpec {
  return { mode: o.mode, ruleset: o.ruleset, players: o.players, policies: [a, b], seed, constraints: NONE, duplicate: true };
}

/** A's margin per pair summed: points a deal (hands) or win share − 1/2 (Partien), from the batch's per-pair metric. */
function marginSum(mode: TuneMode, metrics: Readonly<Record<string, MetricAcc>>): { sum: number; n: number } {
  const acc = metrics[mode === 'hands' ? 'a_minus_b' : 'a_wins']!;
  if (acc.kind !== 'pair') throw new Error('internal: a duplicate match without its per-pair metric');
  return mode === 'hands' ? { sum: acc.sum, n: acc.n } : { sum: acc.sum - 0.5 * acc.n, n: acc.n };
}

export async function runTune(o: TuneOptions): Promise<TuneResult> {
  const t0 = performance.now();
  const note = (line: string) => o.onNote?.(line);
  const { params, start, opponent } = await tuneSetup(o);
  const settings = tuneSettings(o, params, opponent);
  const columns = trajectoryColumns(params.map((p) => p.name));
  const dealSeed = derivedSeed(o.seed, TUNE_DEALS);
  const confirmSeed = derivedSeed(o.seed, CONFIRM_DEALS);

  // ---- the folder ----
  let lock: FolderLock | null = null;
  let created = false;
  let manifest: RunManifest | null = null;
  let writer: BatchStreamWriter | null = null;
  let state: SpsaState = spsaInit({ params, iterations: o.pairs, seed: o.seed });
  let iteration = 0;
  let phase: 'tuning' | 'confirming' = 'tuning';
  /** This run created the folder's files (a fresh run, not a resume): only then may a failure remove them. */
  let createdFiles = false;
  const dir = o.out;
  const fail = (e: unknown): never => {
    writer?.close();
    if (dir !== null && lock !== null) {
      if (createdFiles && (manifest === null || manifest.progress.batchesDone === 0)) {
        // a fresh run that committed nothing leaves nothing behind
        rmSync(join(dir, STREAM_FILE), { force: true });
        rmSync(join(dir, 'manifest.json'), { force: true });
        removeTempFiles(dir);
      }
      lock.release();
      if (created) {
        try {
          rmdirSync(dir);
        } catch {
          // not empty: it holds committed work (or something else)
        }
      }
    }
    throw e;
  };
  if (dir !== null) {
    if (dir.trim() === '') throw new SimSpecError('--out must name a folder, not an empty string');
    if (existsSync(dir)) {
      if (!statSync(dir).isDirectory()) throw new RunError(`--out ${dir} exists and is not a folder`);
    } else {
      try {
        makeFolder(dir);
        created = true;
      } catch (e) {
        throw new RunError(`--out ${dir}: cannot create the folder (${(e as { code?: string }).code ?? String(e)})`);
      }
    }
    lock = takeLock(dir);
    try {
      const old = readRunManifest(dir, { requireSeal: o.resume });
      if (old === null) {
        const left = uncommittedLeftovers(dir, [STREAM_FILE]);
        if (left === null) throw new RunError(`--out ${dir} is not empty; choose a new or empty folder`);
        if (left.length > 0) {
          for (const f of left) rmSync(join(dir, f), { force: true });
          note(`${dir} held a tuning run that stopped before its first commit; cleared it and started afresh`);
        } else if (o.resume) throw new RunError(`--resume: ${dir} holds no run to resume`);
      } else if (!o.resume) {
        throw new RunError(`${dir} already holds a run (${old.complete ? 'complete' : 'unfinished: add --resume to continue it'}); choose another --out`);
      } else {
        if (old.command !== 'tune') throw new RunError(`--resume: ${dir} holds a run of "perlagg ${old.command}", not "perlagg tune"`);
        const field = settingsDiff(old.settings, settings);
        if (field !== null) throw new RunError(`--resume: the settings differ from the run in ${dir} in "${field}"; resume with the same settings or choose another --out`);
        if (old.complete) throw new RunError(`--resume: the run in ${dir} is already complete`);
        const field2 = codeDiff(old.code, codeVersion());
        if (field2 !== null && o.allowCodeChange !== true) throw new RunError(`--resume: the run in ${dir} was made by other code (${field2}); resume it with that code, or add --allow-code-change`);
        removeTempFiles(dir);
        try {
          state = spsaFromJSON(old['spsa']);
        } catch (e) {
          throw new RunError(`--resume: ${dir}/manifest.json: ${(e as Error).message}`);
        }
        iteration = Number(old['iterations'] ?? 0);
        phase = old['phase'] === 'confirming' ? 'confirming' : 'tuning';
        const entry = old.tables[TRAJECTORY] as (TableEntry & { batchSha256?: string[] }) | undefined;
        if (entry === undefined || !Array.isArray(entry.batchSha256)) throw new RunError(`--resume: ${dir}/manifest.json has no trajectory table`);
        if (entry.committed.batches !== old.progress.batchesDone || entry.committed.rows !== iteration || old.progress.dealsDone !== state.k) {
          throw new RunError(`--resume: ${dir}/manifest.json: its progress does not follow from its own numbers`);
        }
        if (phase === 'tuning') writer = BatchStreamWriter.resume(join(dir, entry.file), columns, entry.committed, entry.batchSha256);
        manifest = old;
      }
      if (manifest === null) {
        createdFiles = true;
        writer = BatchStreamWriter.create(join(dir, STREAM_FILE), columns, { 'perlagg.table': TRAJECTORY });
        const now = new Date().toISOString();
        const r = resolveRuleset(o.ruleset);
        manifest = {
          tool: 'perlagg',
          command: 'tune',
          formatVersion: 1,
          settings,
          ruleset: { name: o.ruleset, hash: rulesetHash(r), parameters: JSON.parse(canonicalJson(r)) as unknown },
          seeds: { spsa: o.seed, deals: dealSeed, confirmation: confirmSeed },
          tables: { [TRAJECTORY]: { file: STREAM_FILE, columns: columns.map((c) => c.name), committed: writer.position, batchSha256: writer.digests } as TableEntry },
          progress: { batchesDone: 0, batchesTotal: null, dealsDone: 0 },
          phase,
          iterations: 0,
          spsa: state,
          complete: false,
          code: codeVersion(),
          created: now,
          updated: now,
          timings: {},
        };
        writeRunManifest(dir, manifest);
      }
    } catch (e) {
      fail(e);
    }
  }
  const resumedFrom = state.k;

  // ---- tuning ----
  const service = new BatchService(o.workers);
  const rows: TrajectoryRow[] = [];
  const pending: TrajectoryRow[] = [];
  let stoppedBy: 'done' | 'interrupted' = 'done';
  const values = (s: SpsaState): Record<string, number> => Object.fromEntries(params.map((p, i) => [p.name, s.theta[i]!]));
  const commit = (): void => {
    if (dir === null || manifest === null || writer === null || pending.length === 0) {
      pending.length = 0;
      return;
    }
    const cols: Record<string, Uint32Array | Uint16Array | Float64Array> = {
      iteration: Uint32Array.from(pending, (r) => r.iteration),
      pairs_done: Uint32Array.from(pending, (r) => r.pairsDone),
      pairs: Uint16Array.from(pending, (r) => r.pairs),
      result: Float64Array.from(pending, (r) => r.result),
      gain: Float64Array.from(pending, (r) => r.gain),
      recent_gain: Float64Array.from(pending, (r) => r.recentGain),
    };
    params.forEach((p, i) => {
      cols[p.name] = Float64Array.from(pending, (r) => r.theta[i]!);
      cols[`${p.name}_plus`] = Float64Array.from(pending, (r) => r.plus[i]!);
      cols[`${p.name}_minus`] = Float64Array.from(pending, (r) => r.minus[i]!);
    });
    let committed;
    try {
      committed = writer.append(cols);
    } catch (e) {
      throw new RunFailure(`cannot write ${writer.path}: ${(e as Error).message}; the iterations committed before are safe in ${dir}; run the same command with --resume`);
    }
    const entry = { ...(manifest.tables[TRAJECTORY] as TableEntry), committed, batchSha256: writer.digests } as TableEntry;
    manifest = { ...manifest, tables: { [TRAJECTORY]: entry }, progress: { ...manifest.progress, batchesDone: manifest.progress.batchesDone + 1, dealsDone: state.k }, iterations: iteration, spsa: state, updated: new Date().toISOString() };
    writeRunManifest(dir, manifest);
    pending.length = 0;
  };

  /** Plus and minus against the opponent on pairs [k, k + n): the result and the gain. */
  const evaluate = async (p: SpsaProposal, k: number, n: number): Promise<{ result: number; gain: number }> => {
    const plusSpec = specWith(start, params, p.plusPlayed, true);
    const minusSpec = specWith(start, params, p.minusPlayed, true);
    // the block split over the workers: two matches, each in as many pieces as there are workers for it
    const pieces = Math.max(1, Math.min(n, Math.ceil(o.workers / 2)));
    const jobs: Array<Promise<{ side: 0 | 1; sum: number; n: number }>> = [];
    for (const [side, spec] of [[0, plusSpec], [1, minusSpec]] as const) {
      const sim = matchSpec(o, spec, opponent, dealSeed);
      for (let j = 0; j < pieces; j++) {
        const a = k + Math.floor((j * n) / pieces);
        const b = k + Math.floor(((j + 1) * n) / pieces);
        if (a < b) jobs.push(service.run(sim, a, b).then((res) => ({ side, ...marginSum(o.mode, res.metrics) })));
      }
    }
    const got = await Promise.all(jobs);
    const sum = [0, 0];
    for (const g of got) sum[g.side]! += g.sum;
    // Σ over both seatings = twice the sum of the pair margins (a pair's margin is the mean of its seatings)
    return { result: 2 * (sum[0]! - sum[1]!), gain: (sum[0]! + sum[1]!) / (2 * n) };
  };

  try {
    while (phase === 'tuning' && state.k < state.iterations) {
      if (o.signal?.aborted) {
        stoppedBy = 'interrupted';
        break;
      }
      const p = spsaProposal(state);
      const n = Math.min(o.block, state.iterations - state.k);
      const k = state.k;
      const ev = await evaluate(p, k, n);
      state = spsaStep(state, p, { result: ev.result, pairs: n, gain: ev.gain });
      const row: TrajectoryRow = { iteration, pairsDone: state.k, pairs: n, theta: state.theta, plus: p.plusPlayed, minus: p.minusPlayed, result: ev.result, gain: ev.gain, recentGain: state.recentGain ?? ev.gain };
      iteration++;
      rows.push(row);
      pending.push(row);
      if (pending.length >= o.commitEvery || state.k >= state.iterations) commit();
      o.onProgress?.({ phase: 'tuning', pairsDone: state.k, pairsTotal: state.iterations, iteration, values: values(state), recentGain: state.recentGain, elapsedMs: performance.now() - t0 });
    }
  } catch (e) {
    await service.close();
    fail(e);
  }
  await service.close();
  if (stoppedBy === 'interrupted') {
    // the iterations since the last commit are dropped: the manifest's state is that of the last commit
    writer?.close();
    lock?.release();
    return { spec: specWith(start, params, params.map((pp) => spsaValues(state)[pp.name]!)), values: spsaValues(state), start, opponent, params, state, confirmation: null, stoppedBy, resumedFrom, elapsedMs: performance.now() - t0, files: [], trajectory: rows };
  }

  // ---- the tuned spec, the trajectory file ----
  const tuned = spsaValues(state);
  const spec = specWith(start, params, params.map((p) => tuned[p.name]!));
  const files: string[] = [];
  try {
    if (dir !== null && manifest !== null && phase === 'tuning') {
      const w = writer!;
      const streamFile = join(dir, STREAM_FILE);
      w.finish();
      w.close();
      streamToFile(streamFile, join(dir, 'trajectory.arrow'));
      const h = fileSha256(join(dir, 'trajectory.arrow'));
      const entry = { ...(manifest.tables[TRAJECTORY] as TableEntry), file: 'trajectory.arrow', sha256: h.sha256, bytes: h.bytes } as TableEntry;
      manifest = { ...manifest, tables: { [TRAJECTORY]: entry }, phase: 'confirming', tuned: { spec, values: tuned }, updated: new Date().toISOString() };
      writeRunManifest(dir, manifest);
      rmSync(streamFile, { force: true });
      phase = 'confirming';
    }
    if (dir !== null) files.push(join(dir, 'trajectory.arrow'));
  } catch (e) {
    fail(e instanceof RunFailure ? e : new RunFailure(`cannot write the trajectory in ${dir}: ${(e as Error).message}; run the same command with --resume`));
  }

  // ---- the confirmation: tuned against the start, fresh deals, the per-pair SPRT ----
  let confirmation: Confirmation | null = null;
  if (o.confirm !== null) {
    o.onProgress?.({ phase: 'confirming', pairsDone: state.k, pairsTotal: state.iterations, iteration, values: values(state), recentGain: state.recentGain, elapsedMs: performance.now() - t0 });
    try {
      confirmation = await confirm(o, spec, start, confirmSeed, dir === null ? null : join(dir, 'confirmation'));
    } catch (e) {
      fail(e);
    }
    if (confirmation === null) {
      stoppedBy = 'interrupted';
      lock?.release();
      return { spec, values: tuned, start, opponent, params, state, confirmation: null, stoppedBy, resumedFrom, elapsedMs: performance.now() - t0, files, trajectory: rows };
    }
  }
  if (dir !== null && manifest !== null) {
    const before = manifest.timings['elapsedMs'] ?? 0;
    manifest = {
      ...manifest,
      phase: 'done',
      complete: true,
      tuned: { spec, values: tuned },
      confirmation,
      timings: { elapsedMs: before + (performance.now() - t0), sessions: (manifest.timings['sessions'] ?? 0) + 1 },
      updated: new Date().toISOString(),
    };
    writeRunManifest(dir, manifest);
    lock?.release();
  }
  return { spec, values: tuned, start, opponent, params, state, confirmation, stoppedBy, resumedFrom, elapsedMs: performance.now() - t0, files, trajectory: rows };

  async function confirm(opts: TuneOptions, tunedSpec: string, startSpec: string, seed: number, out: string | null): Promise<Confirmation | null> {
    const bounds = opts.confirm!.bounds;
    const plain = (r: RunResult) => {
      const m = r.specs.find((x) => x.name === (opts.mode === 'hands' ? 'a_minus_b' : 'a_wins'))!;
      const e = metricEstimate(r.metrics[m.name]!, m).interval;
      const shift = opts.mode === 'hands' ? 0 : 0.5;
      return { estimate: e.estimate - shift, lo: e.low - shift, hi: e.high - shift };
    };
    const resolvedTuned = (await resolvePolicy(tunedSpec)).options;
    const resolvedStart = (await resolvePolicy(startSpec)).options;
    if (JSON.stringify(resolvedTuned) === JSON.stringify(resolvedStart)) {
      return { estimate: 0, lo: 0, hi: 0, n: 0, verdict: 'identical', seed, bounds, method: 'the tuned values are the start values: nothing to confirm', plain: null };
    }
    const metric = opts.mode === 'hands' ? 'a_minus_b' : 'a_wins';
    const sprtBounds = opts.mode === 'hands' ? bounds : { ...bounds, m0: bounds.m0 + 0.5, m1: bounds.m1 + 0.5 };
    let resume = false;
    if (out !== null && existsSync(join(out, 'manifest.json'))) {
      const m = readRunManifest(out);
      if (m !== null && m.complete) {
        const t = MeanSprt.fromJSON(m['sprt'] as MeanSprtSnapshot);
        return confirmationOf(t.status(), t.corrected(), m.progress.dealsDone, null);
      }
      resume = m !== null;
    }
    const r = await runSimulation({
      spec: matchSpec(opts, tunedSpec, startSpec, seed),
      deals: opts.confirm!.maxPairs,
      batchSize: opts.mode === 'hands' ? 64 : 4,
      workers: opts.workers,
      out,
      resume,
      shard: null,
      untilCi: null,
      timeBudgetMs: null,
      sprt: { metric, bounds: sprtBounds },
      ...(opts.signal === undefined ? {} : { signal: opts.signal }),
      ...(opts.allowCodeChange === true ? { allowCodeChange: true } : {}),
    });
    if (r.stoppedBy === 'interrupted') return null;
    return confirmationOf(r.sprt!.status, r.sprt!.corrected, r.dealsDone, r);

    function confirmationOf(status: MeanSprtStatus, corrected: StopEstimate | null, n: number, run: RunResult | null): Confirmation {
      const shift = opts.mode === 'hands' ? 0 : 0.5;
      const verdict = status.verdict === 'continue' ? 'undecided' : status.verdict;
      const p = run === null ? null : plain(run);
      if (corrected === null) {
        const est = status.mean - shift;
        return { estimate: est, lo: p?.lo ?? est, hi: p?.hi ?? est, n, verdict, seed, bounds, method: 'the plain mean (the data give no corrected estimate)', plain: p };
      }
      return {
        estimate: corrected.estimate - shift,
        lo: corrected.low - shift,
        hi: corrected.high - shift,
        n,
        verdict,
        seed,
        bounds,
        method: verdict === 'undecided' ? 'median-unbiased, the most pairs taken as a truncation of the SPRT' : 'median-unbiased at the SPRT\'s stop (stagewise ordering)',
        plain: p,
      };
    }
  }
}
