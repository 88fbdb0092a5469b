// What a simulation computes, as plain data (sent to workers), and the contract of a job: fill the
// columns of its tables for a range of deals, plus metric accumulators that merge associatively.
// A job is a pure function of (spec, deal range): the same range gives the same bytes on any worker.
import type { DictColumn } from '../results/column-data.ts';
import { meanInterval, wilson, type Interval, type Moments } from '../stats/intervals.ts';
import { emptyPairAcc, mergePairAcc, pairedEstimate, pushPair, type PairAcc, type PairedEstimate, type PairedMetric } from '../stats/paired.ts';
import { type ColumnSpec, type ColumnArray } from '../core/columns.ts';
import { type DealConstraints } from '../play/constrained.ts';
export type SimMode = 'figures' | 'hands' | 'partien';

export interface SimSpec {
  /** The game (absent: Perlaggen; 'bieten': src/sim/bieten.ts). */
  readonly game?: 'perlaggen' | 'bieten';
  readonly mode: SimMode;
  /** Canonical ruleset name (with overrides). */
  readonly ruleset: string;
  readonly players: number;
  /** A policy spec per seat (hands, partien). */
  readonly policies: readonly string[];
  readonly seed: number;
  readonly constraints: DealConstraints;
  /**
   * Duplicate deals (hands mode, two parties, two policies A and B): every deal is played twice, A for
   * party 0 and B for party 1, then swapped; the same cards and the same per-seat random streams.
   */
  readonly duplicate?: boolean;
  /**
   * With `duplicate`: the second seating's policies draw from streams of their own (re-keyed per seating),
   * not the first seating's. An A/A comparison (A = B) then measures the machinery's noise instead of
   * giving a difference of exactly 0 by construction.
   */
  readonly independentStreams?: boolean;
  /** hands.arrow gets each seat's cards at the first lead, the face-up card and the bid history (--detail). */
  readonly detail?: boolean;
  /**
   * Hands and Partien from a given state (--score, --dealer; src/sim/start.ts): every hand (hands mode) or
   * every Partie (partien mode) starts at this score per party, dealt by this seat. Absent: 0s, the rotation.
   */
  readonly start?: StartState;
  /** Also write decisions.arrow: one row per bid, answer, raise, ask or veto (--decisions; src/sim/decisions.ts). */
  readonly decisions?: boolean;
}

/** A given state to start from: the Partie score per party (null: 0s) and the dealer's seat (null: the rotation). */
export interface StartState {
  readonly score: readonly number[] | null;
  readonly dealer: number | null;
}

/** A column as it crosses from a worker: string columns arrive dictionary-encoded (stream.ts DictColumn). */
export type ColumnPayload = ColumnArray | DictColumn;

/**
 * Accumulators of one metric over a range of deals: a proportion (k of n), a mean (moments), or a per-pair
 * quantity of a duplicate run (one value per deal pair, its moments and range: src/stats/paired.ts).
 */
export type MetricAcc =
  | { readonly kind: 'proportion'; k: number; n: number }
  | ({ readonly kind: 'mean' } & Moments)
  | ({ readonly kind: 'pair' } & PairAcc);

export type MetricKind = MetricAcc['kind'];

export interface MetricSpec {
  readonly name: string;
  readonly kind: MetricKind;
  readonly doc: string;
  /** What n counts, as the summary prints it: deals, hands, Partien, deal pairs, Partie pairs, figures. */
  readonly counts: string;
  /** For a 'pair' metric: how a pair's value is read (a difference, a mean, a share, or fixed by the design). */
  readonly paired?: PairedMetric;
}

export interface BatchResult {
  readonly start: number;
  readonly end: number;
  /** Per table: its columns for this range (row counts may differ from end - start for some jobs). */
  readonly tables: Record<string, Record<string, ColumnArray>>;
  readonly rows: Record<string, number>;
  readonly metrics: Record<string, MetricAcc>;
  /** Deals redealt because a constraint failed. */
  readonly rejected: number;
  /**
   * The value of the metric named in the task's `series`, one per observation (hand, deal pair, Partie
   * pair) in deal order: what a sequential test looks at after every pair.
   */
  readonly series?: Float64Array;
}

/** What a batch is asked for beyond its deals. */
export interface BatchOptions {
  /** Record this (mean or pair) metric's observations in order (BatchResult.series). */
  readonly series?: string;
}

/** A batch as the runner receives it from a worker: string columns may arrive dictionary-encoded. */
export type ReceivedBatch = Omit<BatchResult, 'tables'> & { readonly tables: Record<string, Record<string, ColumnPayload>> };

export interface Job {
  /** What the job runs beyond the spec (policies with versions and options, which dealer): part of the settings. */
  readonly describe: Readonly<Record<string, unknown>>;
  readonly tables: Readonly<Record<string, readonly ColumnSpec[]>>;
  readonly metrics: readonly MetricSpec[];
  /**
   * A duplicate run of a policy against itself with shared streams: both seatings play the same game with the
   * parties' roles swapped, so every pair's difference is exactly 0 by construction (no variance, no test).
   */
  readonly identicalPairs?: boolean;
  runBatch(start: number, end: number, opts?: BatchOptions): BatchResult;
  /** From a heartbeat slot (heartbeat.ts): who was deciding, in which deal and seed (for a timeout). */
  whoIsDeciding(slot: Int32Array): string;
}

export function emptyAcc(kind: MetricKind): MetricAcc {
  if (kind === 'pair') return { kind, ...emptyPairAcc() };
  return kind === 'proportion' ? { kind, k: 0, n: 0 } : { kind, n: 0, sum: 0, sumSq: 0 };
}

/** Add one deal pair's value to a per-pair accumulator. */
export function pushPairValue(a: MetricAcc, x: number): void {
  if (a.kind !== 'pair') throw new Error('internal: not a per-pair metric');
  pushPair(a, x);
}

/** Add one observation x to a mean accumulator. */
export function pushMean(a: MetricAcc, x: number): void {
  if (a.kind !== 'mean') throw new Error('internal: not a mean metric');
  a.n += 1;
  a.sum += x;
  a.sumSq += x * x;
}
/** Add one trial (hit 0 or 1) to a proportion accumulator. */
export function pushProportion(a: MetricAcc, hit: number): void {
  if (a.kind !== 'proportion') throw new Error('internal: not a proportion metric');
  a.n += 1;
  a.k += hit;
}

/** Fresh, exactly sized arrays for a batch of `rows` rows of these columns (utf8: plain string arrays). */
/** Columns allocated for more rows than a cut batch filled, cut to its first `rows` (copies; the rest goes). */
export function cutColumns(cols: Record<string, ColumnArray>, rows: number): Record<string, ColumnArray> {
  const out: Record<string, ColumnArray> = {};
  for (const [k, c] of Object.entries(cols)) out[k] = c.length === rows ? c : c.slice(0, rows);
  return out;
}

export function allocColumns(columns: readonly ColumnSpec[], rows: number): Record<string, ColumnArray> {
  const out: Record<string, ColumnArray> = {};
  for (const c of columns) {
    out[c.name] =
      c.type === 'utf8' ? new Array<string>(rows)
      : c.type === 'uint8' ? new Uint8Array(rows)
      : c.type === 'int8' ? new Int8Array(rows)
      : c.type === 'uint16' ? new Uint16Array(rows)
      : c.type === 'int16' ? new Int16Array(rows)
      : c.type === 'uint32' ? new Uint32Array(rows)
      : c.type === 'int32' ? new Int32Array(rows)
      : new Float64Array(rows);
  }
  return out;
}

/**
 * A per-pair accumulator read back from JSON: an empty one's range (±Infinity) was written as null.
 * Accumulators of the other kinds are returned as they are.
 */
export function reviveAcc(a: MetricAcc): MetricAcc {
  if (a.kind !== 'pair') return a;
  const r = a as { min: number | null; max: number | null };
  return { ...a, min: r.min ?? Infinity, max: r.max ?? -Infinity };
}

export function mergeAcc(a: MetricAcc, b: MetricAcc): MetricAcc {
  if (a.kind === 'proportion' && b.kind === 'proportion') return { kind: 'proportion', k: a.k + b.k, n: a.n + b.n };
  if (a.kind === 'mean' && b.kind === 'mean') return { kind: 'mean', n: a.n + b.n, sum: a.sum + b.sum, sumSq: a.sumSq + b.sumSq };
  if (a.kind === 'pair' && b.kind === 'pair') {
    const x = reviveAcc(a) as PairAcc;
    const y = reviveAcc(b) as PairAcc;
    return { kind: 'pair', ...mergePairAcc(x, y) };
  }
  throw new Error('internal: metric kinds differ');
}

/** How a per-pair metric is read when its spec is not at hand: as a mean over pairs. */
const PAIR_MEAN: PairedMetric = { kind: 'mean' };

/**
 * The estimate of a metric: Wilson for a proportion, mean ± t·SE for a mean, and for a per-pair metric the
 * paired estimate (src/stats/paired.ts: over pairs, never over seatings; a constant or a fixed value is
 * reported as such).
 */
export function metricEstimate(acc: MetricAcc, spec?: MetricSpec): { interval: Interval; paired: PairedEstimate | null } {
  if (acc.kind === 'proportion') return { interval: wilson(acc.k, acc.n), paired: null };
  if (acc.kind === 'mean') return { interval: meanInterval(acc), paired: null };
  const e = pairedEstimate(reviveAcc(acc) as PairAcc, spec?.paired ?? PAIR_MEAN);
  return { interval: intervalOfPaired(e), paired: e };
}

/** The interval of a metric from its accumulator (a per-pair one read as its spec says: metricEstimate). */
export function intervalOf(acc: MetricAcc, spec?: MetricSpec): Interval {
  return metricEstimate(acc, spec).interval;
}

/** A paired estimate as an Interval (a constant or fixed value: a point, half-width 0). */
export function intervalOfPaired(e: PairedEstimate): Interval {
  switch (e.kind) {
    case 'interval':
      return { estimate: e.estimate, low: e.low, high: e.high, halfWidth: e.halfWidth, n: e.n, se: e.se };
    case 'constant':
    case 'fixed':
      return { estimate: e.value, low: e.value, high: e.value, halfWidth: 0, n: e.n, se: 0 };
    case 'single':
      return { estimate: e.value, low: -Infinity, high: Infinity, halfWidth: Infinity, n: 1, se: Infinity };
    case 'empty':
      return { estimate: NaN, low: NaN, high: NaN, halfWidth: Infinity, n: 0, se: NaN };
  }
}

/** The number of observations in an accumulator. */
export const accCount = (a: MetricAcc): number => a.n;

/** The moments of an accumulator (a proportion's k of n as a mean of 0/1). */
export function momentsOf(a: MetricAcc): Moments {
  return a.kind === 'proportion' ? { n: a.n, sum: a.k, sumSq: a.k } : { n: a.n, sum: a.sum, sumSq: a.sumSq };
}

/**
 * A batch's metric accumulators, with the observations of one metric (the task's `series`) recorded in
 * order as they are pushed (BatchResult.series).
 */
export class BatchMetrics {
  readonly acc: Record<string, MetricAcc>;
  readonly #watched: string | null;
  #series: Float64Array;
  #at = 0;

  constructor(specs: readonly MetricSpec[], opts: BatchOptions = {}, expected = 1024) {
    this.acc = Object.fromEntries(specs.map((x) => [x.name, emptyAcc(x.kind)]));
    this.#watched = opts.series ?? null;
    this.#series = new Float64Array(this.#watched === null ? 0 : Math.max(1, expected));
  }

  #record(name: string, x: number): void {
    if (name !== this.#watched) return;
    if (this.#at === this.#series.length) {
      const grown = new Float64Array(this.#series.length * 2);
      grown.set(this.#series);
      this.#series = grown;
    }
    this.#series[this.#at++] = x;
  }

  mean(name: string, x: number): void {
    pushMean(this.acc[name]!, x);
    this.#record(name, x);
  }
  proportion(name: string, hit: number): void {
    pushProportion(this.acc[name]!, hit);
    this.#record(name, hit);
  }
  pair(name: string, x: number): void {
    pushPairValue(this.acc[name]!, x);
    this.#record(name, x);
  }

  /** The recorded series (a fresh, exactly sized array: safe to transfer), or nothing when none was asked for. */
  series(): { series?: Float64Array } {
    return this.#watched === null ? {} : { series: this.#series.slice(0, this.#at) };
  }
}

/**
 * Batch sizes: tasks well above the pool's per-task cost and few result transfers (measured, 2 workers vs 1
 * in steady state: figures 1.70x at 16,384 deals a batch, 1.85x at 65,536; hands 1.57x at 256, 1.65x at
 * 1,024), while a resume loses at most about a second of work.
 */
export const DEFAULT_BATCH: Readonly<Record<SimMode, number>> = { figures: 65536, hands: 1024, partien: 32 };

/**
 * With --sprt: smaller batches, since the test decides at one pair and the batches running past it are
 * thrown away (at most one batch a worker; a clear difference should not cost 2,000 deals).
 */
export const DEFAULT_SPRT_BATCH: Readonly<Record<SimMode, number>> = { figures: 4096, hands: 64, partien: 4 };
