// What a simulation computes, as plain data (sent to workers), and the contract of a job: fill the
// columns of its tables for a range of deals, plus metric accumulators that merge associatively.
// A job is a pure function of (spec, deal range): the same range gives the same bytes on any worker.
import type { ColumnSpec } from '../results/schema.ts';
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
}

export type ColumnArray = Uint8Array | Uint16Array | Uint32Array | Int8Array | Int16Array | Int32Array | Float64Array | string[];

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

export interface Job {
  readonly tables: Readonly<Record<string, readonly ColumnSpec[]>>;
  readonly metrics: readonly MetricSpec[];
  runBatch(start: number, end: number): BatchResult;
}

export class SimSpecError extends Error {
  override name = 'SimSpecError';
}

/** A run that cannot start or continue as asked (a folder holding another run, changed settings). */
export class RunError extends Error {
  override name = 'RunError';
}

export function emptyAcc(kind: 'proportion' | 'mean'): MetricAcc {
  return kind === 'proportion' ? { kind, k: 0, n: 0 } : { kind, n: 0, sum: 0, sumSq: 0 };
}

export function mergeAcc(a: MetricAcc, b: MetricAcc): MetricAcc {
  if (a.kind === 'proportion' && b.kind === 'proportion') return { kind: 'proportion', k: a.k + b.k, n: a.n + b.n };
  if (a.kind === 'mean' && b.kind === 'mean') return { kind: 'mean', n: a.n + b.n, sum: a.sum + b.sum, sumSq: a.sumSq + b.sumSq };
  throw new Error('internal: metric kinds differ');
}
