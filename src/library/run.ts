// The options of simulate() checked and turned into the runner's (src/runner/runner.ts), and the runner's
// result turned into the summary: what simulate() and simulateStream() share.
import { isAbsolute, join, resolve } from 'node:path';
import { cardShort, parseCards, parseSuit } from '../cards/notation.ts';
import { canonicalName, resolveRuleset } from '../rules/registry.ts';
import { type SimMode, type SimSpec, DEFAULT_BATCH, DEFAULT_SPRT_BATCH, intervalOf } from '../sim/job.ts';
import { varianceRatio, type RunResult } from '../runner/runner.ts';
import { DEFAULT_WORKERS } from '../runner/cpu-limit.ts';
import type { RunOptions } from '../runner/options.ts';
import { UsageError } from '../core/errors.ts';
import { policySpecs, workersFor } from './policies.ts';
import type { SimulateOptions, SimulationSummary } from './simulate-options.ts';

const MAIN_METRIC: Readonly<Record<SimMode, string>> = { figures: 'hand_gleich3', hands: 'p0_minus_p1', partien: 'p0_wins' };

/** The options checked and turned into the runner's, and the summary of its result. */
export function simulationRun(o: SimulateOptions): { run: RunOptions; summary: (res: RunResult) => SimulationSummary } {
  if (typeof o !== 'object' || o === null) throw new UsageError('simulate: give an options object');
  const mode = o.mode ?? 'figures';
  if (!Object.hasOwn(MAIN_METRIC, mode)) throw new UsageError(`mode must be figures, hands or partien, not ${String(mode)}`);
  const r = resolveRuleset(o.ruleset ?? 'oberland');
  const players = o.players ?? 4;
  const seed = o.seed ?? 1;
  if (o.policies !== undefined && mode === 'figures') throw new UsageError('policies go with mode hands or partien (figures deals and evaluates, nobody plays)');
  if (o.duplicate === true && mode === 'figures') throw new UsageError('duplicate compares two policies: use it with mode hands or partien');
  if (o.policies !== undefined && !Array.isArray(o.policies)) throw new UsageError('policies: a list, e.g. ["simple", "random"] or [myPolicy, "simple"]');
  const policies = policySpecs(o.policies ?? []);
  const hands: Record<string, string[]> = {};
  for (const [seat, cards] of Object.entries(o.hands ?? {})) hands[seat] = parseCards(typeof cards === 'string' ? cards : cards.join(',')).map(cardShort);
  const spec: SimSpec = {
    mode,
    ruleset: canonicalName(r),
    players,
    policies: policies.specs,
    seed,
    constraints: { hands, trump: o.trump === undefined ? null : parseSuit(o.trump, 'trump'), predicate: o.where === undefined ? null : isAbsolute(o.where) ? o.where : resolve(o.where) },
    ...(o.duplicate === true ? { duplicate: true } : {}),
  };
  const shard = o.shard === undefined ? null : o.shard;
  if (shard !== null && !(Number.isInteger(shard.count) && shard.count >= 1 && Number.isInteger(shard.index) && shard.index >= 0 && shard.index < shard.count)) {
    throw new UsageError(`shard: { index, count } with 0 <= index < count, not ${JSON.stringify(shard)}`);
  }
  if (shard !== null && o.out === undefined) throw new UsageError('shard writes <out>/shard-<index>-of-<count>: give out');
  const main = o.duplicate === true ? (mode === 'partien' ? 'a_wins' : 'a_minus_b') : MAIN_METRIC[mode];
  const run: RunOptions = {
    spec,
    deals: o.deals ?? null,
    batchSize: o.batchSize ?? (o.sprt === undefined ? DEFAULT_BATCH : DEFAULT_SPRT_BATCH)[mode],
    workers: workersFor(o.workers, DEFAULT_WORKERS, policies.objects),
    out: o.out === undefined ? null : shard === null ? o.out : join(o.out, `shard-${shard.index}-of-${shard.count}`),
    resume: o.resume ?? false,
    shard,
    untilCi: o.untilCi === undefined ? null : { metric: o.untilCi.metric ?? main, halfWidth: o.untilCi.halfWidth },
    sprt: o.sprt === undefined ? null : { metric: o.sprt.metric ?? main, bounds: { m0: o.sprt.m0, m1: o.sprt.m1, alpha: o.sprt.alpha ?? 0.05, beta: o.sprt.beta ?? 0.05 } },
    timeBudgetMs: o.timeBudgetMs ?? null,
    ...(o.decisionTimeoutMs === undefined ? {} : { decisionTimeoutMs: o.decisionTimeoutMs }),
    ...(o.signal === undefined ? {} : { signal: o.signal }),
    ...(o.onProgress === undefined ? {} : { onProgress: o.onProgress }),
  };
  return { run, summary: (res) => summaryOf(res, spec, mode, players, seed) };
}

function summaryOf(res: RunResult, spec: SimSpec, mode: SimMode, players: number, seed: number): SimulationSummary {
  return {
    ruleset: spec.ruleset,
    mode,
    players,
    seed,
    dealsDone: res.dealsDone,
    rejected: res.rejected,
    stoppedBy: res.stoppedBy,
    elapsedMs: res.elapsedMs,
    metrics: Object.fromEntries(
      res.specs.map((m) => {
        const i = intervalOf(res.metrics[m.name]!);
        return [m.name, { estimate: i.estimate, low: i.low, high: i.high, halfWidth: i.halfWidth, se: i.se, n: i.n, doc: m.doc }];
      }),
    ),
    varianceRatio: varianceRatio(res),
    sprt:
      res.sprt === null
        ? null
        : {
            metric: res.sprt.metric,
            verdict: res.sprt.status.verdict,
            llr: res.sprt.status.llr,
            lower: res.sprt.status.lower,
            upper: res.sprt.status.upper,
            n: res.sprt.status.n,
            corrected: res.sprt.corrected === null ? null : { estimate: res.sprt.corrected.estimate, low: res.sprt.corrected.low, high: res.sprt.corrected.high },
          },
    files: res.files,
  };
}
