// simulateStream(): a simulation whose batches come out as they are committed — an async iterator, in batch
// order, each batch's tables as plain columns (typed arrays, strings as string arrays): the very rows the
// run's files get (an SPRT's last batch cut at the deciding deal), the same for any worker count. The run
// waits while a batch is not taken (one batch handed over at a time); leaving the loop early (break, an
// exception) stops the run as an interrupt would: an `out` folder is then resumable.
import { isDictColumn, type DictColumn } from '../results/column-data.ts';
import type { ReceivedBatch } from '../sim/job.ts';
import { runSimulation } from '../runner/runner.ts';
import { simulationRun } from './run.ts';
import type { SimulateOptions, SimulationSummary } from './simulate-options.ts';

/** One column of a batch: numbers as a typed array, strings as an array of strings. */
export type ColumnValues = Uint8Array | Int8Array | Uint16Array | Int16Array | Uint32Array | Int32Array | Float64Array | readonly string[];

/** One table's part of a batch: its rows as columns (docs/schemas.md lists them: `perlagg schema`). */
export interface BatchTable {
  readonly rows: number;
  readonly columns: Readonly<Record<string, ColumnValues>>;
}

/** One committed batch of a run: deals [start, end) and the rows each table got from them. */
export interface SimulationBatch {
  /** The batch's index in the run (0, 1, 2 …; a resumed run starts where it stood). */
  readonly index: number;
  readonly start: number;
  readonly end: number;
  /** Deals drawn and redealt by the constraints in this batch. */
  readonly rejected: number;
  /** By table name (deals, hands, partien, decisions …): the batch's rows of it. */
  readonly tables: Readonly<Record<string, BatchTable>>;
}

/** The batches of a run as an async iterator; `summary` settles when the run has ended. */
export interface SimulationStream extends AsyncIterable<SimulationBatch> {
  /** What `simulate()` returns, once the iteration is over (rejects with the run's error). */
  readonly summary: Promise<SimulationSummary>;
}

const decode = (c: DictColumn): string[] => Array.from(c.indices, (i) => c.values[i]!);

function plainBatch(b: ReceivedBatch, index: number): SimulationBatch {
  const tables: Record<string, BatchTable> = {};
  for (const [name, cols] of Object.entries(b.tables)) {
    const columns: Record<string, ColumnValues> = {};
    for (const [c, v] of Object.entries(cols)) columns[c] = isDictColumn(v) ? decode(v) : v;
    tables[name] = { rows: b.rows[name] ?? 0, columns };
  }
  return { index, start: b.start, end: b.end, rejected: b.rejected, tables };
}

/** A table's rows of a batch as objects, column name to value (handy for small batches; columns are faster). */
export function batchRows(t: BatchTable): Array<Record<string, number | string>> {
  const names = Object.keys(t.columns);
  const out: Array<Record<string, number | string>> = [];
  for (let r = 0; r < t.rows; r++) {
    const row: Record<string, number | string> = {};
    for (const n of names) row[n] = t.columns[n]![r]!;
    out.push(row);
  }
  return out;
}

/**
 * Run a simulation (the options of simulate()) and hand over its batches as they are committed:
 * `for await (const batch of simulateStream(opts)) …`. Bad options throw here, at once (UsageError).
 */
export function simulateStream(o: SimulateOptions = {}): SimulationStream {
  const { run, summary } = simulationRun(o);
  const stop = new AbortController();
  const signal = o.signal === undefined ? stop.signal : AbortSignal.any([o.signal, stop.signal]);
  const ready: SimulationBatch[] = [];
  let taken: (() => void) | null = null; // the run waits on this while its batch is not taken
  let wake: (() => void) | null = null; // the consumer waits on this for a batch or the end
  let ended = false;
  let failure: { error: unknown } | null = null;
  let started: Promise<void> | null = null;
  let settle!: { resolve: (s: SimulationSummary) => void; reject: (e: unknown) => void };
  const result = new Promise<SimulationSummary>((resolve, reject) => (settle = { resolve, reject }));
  result.catch(() => undefined); // the error reaches the loop; an unread summary is no unhandled rejection
  const start = (): Promise<void> =>
    (started ??= runSimulation({
      ...run,
      signal,
      onBatch: (b) =>
        new Promise<void>((resolve) => {
          ready.push(plainBatch(b, Math.floor(b.start / run.batchSize)));
          taken = resolve;
          wake?.();
        }),
    }).then(
      (res) => settle.resolve(summary(res)),
      (e: unknown) => {
        failure = { error: e };
        settle.reject(e);
      },
    ).finally(() => {
      ended = true;
      wake?.();
    }));
  return {
    summary: result,
    [Symbol.asyncIterator](): AsyncIterator<SimulationBatch> {
      void start();
      return {
        async next(): Promise<IteratorResult<SimulationBatch>> {
          for (;;) {
            const b = ready.shift();
            if (b !== undefined) {
              const t = taken;
              taken = null;
              t?.();
              return { value: b, done: false };
            }
            if (ended) {
              if (failure !== null) throw failure.error;
              return { value: undefined, done: true };
            }
            await new Promise<void>((resolve) => (wake = resolve));
            wake = null;
          }
        },
        async return(): Promise<IteratorResult<SimulationBatch>> {
          // left early: stop the run (batches not yet committed are dropped) and wait for it to end
          if (!ended) {
            stop.abort();
            const t = taken;
            taken = null;
            t?.();
            await start();
          }
          return { value: undefined, done: true };
        },
      };
    },
  };
}
