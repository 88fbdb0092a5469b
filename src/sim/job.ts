// What a simulation computes, as plain data (sent to workers), and the contract of a job: fill the
// columns of its tables for a range of deals, plus metric accumulators that merge associatively.
// A job is a pure function of (spec, deal range): the same range gives the same bytes on any worker.
import type { ColumnSpec } from '../results/schema.ts';
import type { DictColumn } from '../results/stream.ts';
import type { Moments } from '../stats/intervals.ts';

export type SimMode = 'figures' | 'hands' | 'partien';

export interface DealConstraints {
  /** Cards fixed in seats' hands: seat -> card short names. */
  readonly hands: Readonly<Record<string, readonly string[]>>;
  /** A fixed trump suit (deals with another trump are redealt and counted as rejected). */
  readonly trump: string | null;
  /** Absolute path of a module whose default export is a predicate over the deal. */
  readonly predicate: string | null;
}

export interface SimSpec {
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
}

export type ColumnArray = Uint8Array | Uint16Array | Uint32Array | Int8Array | Int16Array | Int32Array | Float64Array | string[];

/** A column as it crosses from a worker: string columns arrive dictionary-encoded (stream.ts DictColumn). */
export type ColumnPayload = ColumnArray | DictColumn;

/** Accumulators of one metric over a range of deals. */
export type MetricAcc = { readonly kind: 'proportion'; k: number; n: number } | ({ readonly kind: 'mean' } & Moments);

export interface MetricSpec {
  readonly name: string;
  readonly kind: 'proportion' | 'mean';
  readonly doc: string;
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
}

/** A batch as the runner receives it from a worker: string columns may arrive dictionary-encoded. */
export type ReceivedBatch = Omit<BatchResult, 'tables'> & { readonly tables: Record<string, Record<string, ColumnPayload>> };

export interface Job {
  /** What the job runs beyond the spec (policies with versions and options, which dealer): part of the settings. */
  readonly describe: Readonly<Record<string, unknown>>;
  readonly tables: Readonly<Record<string, readonly ColumnSpec[]>>;
  readonly metrics: readonly MetricSpec[];
  runBatch(start: number, end: number): BatchResult;
  /** From a heartbeat slot (heartbeat.ts): who was deciding, in which deal and seed (for a timeout). */
  whoIsDeciding(slot: Int32Array): string;
}

export class SimSpecError extends Error {
  override name = 'SimSpecError';
}

/** A run that cannot start or continue as asked (a folder holding another run, changed settings): exit 2. */
export class RunError extends Error {
  override name = 'RunError';
}

/**
 * A run that failed while running (a full disk, a lost lock): exit 1. The message says what is safe and how
 * to go on.
 */
export class RunFailure extends Error {
  override name = 'RunFailure';
}

export function emptyAcc(kind: 'proportion' | 'mean'): MetricAcc {
  return kind === 'proportion' ? { kind, k: 0, n: 0 } : { kind, n: 0, sum: 0, sumSq: 0 };
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

export function mergeAcc(a: MetricAcc, b: MetricAcc): MetricAcc {
  if (a.kind === 'proportion' && b.kind === 'proportion') return { kind: 'proportion', k: a.k + b.k, n: a.n + b.n };
  if (a.kind === 'mean' && b.kind === 'mean') return { kind: 'mean', n: a.n + b.n, sum: a.sum + b.sum, sumSq: a.sumSq + b.sumSq };
  throw new Error('internal: metric kinds differ');
}
