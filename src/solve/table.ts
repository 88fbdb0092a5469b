// A solved table as data (issue 28): the average strategy of a CFR run, key by key, with how it was made.
// Written by scripts/solve.ts (or `perlagg solve`) to strategies/solved/<ruleset>.json, which
// strategies/solved.ts plays. Probabilities are stored in thousandths (ints), one list per key in the order
// of the key's action letters.
import { RegretTable, type InfosetRow } from './regrets.ts';
import { coarseKey } from '../../strategies/solved-layer.ts';

export interface SolvedTableData {
  readonly ruleset: string;
  /** The card-play bot the table was learnt under. */
  readonly cards: string;
  readonly seed: number;
  readonly iterations: number;
  /** The command that rebuilds it. */
  readonly command: string;
  /** Key → probabilities in thousandths. */
  readonly keys: Readonly<Record<string, readonly number[]>>;
}

/**
 * A key's strategy in thousandths: its average strategy; for a key whose average got no weight (reached only
 * after the traverser's own exploration, where its reach is 0 — stored as uniform before, a 1/3 chance of
 * raising at an answer), the current strategy of its regrets; null when neither says anything.
 */
function rowStrategy(row: InfosetRow): number[] | null {
  const sum = (v: Float64Array): number => v.reduce((x, y) => x + Math.max(0, y), 0);
  const avgSum = sum(row.avg);
  if (avgSum > 0) return [...row.avg].map((p) => Math.round((p / avgSum) * 1000));
  const regSum = sum(row.regret);
  if (regSum > 0) return [...row.regret].map((r) => Math.round((Math.max(0, r) / regSum) * 1000));
  return null;
}

export interface TableOptions {
  /** A key valued by rollouts fewer times is left out (default 1). */
  readonly minVisits?: number;
  /** Write the coarse keys (coarseKey): the fallback of the keys left out. */
  readonly coarse?: boolean;
  /**
   * Thresholding (Ganzfried & Sandholm 2012): an action below this probability is dropped and the rest
   * renormalised — the mixing that is only the noise of a sampled average (default 0: none).
   */
  readonly threshold?: number;
}

/** A strategy in thousandths with the actions below `threshold` dropped (the most likely one always kept). */
export function thresholded(probs: readonly number[], threshold: number): number[] {
  if (threshold <= 0) return [...probs];
  const total = probs.reduce((x, y) => x + y, 0);
  if (total <= 0) return [...probs];
  const max = Math.max(...probs);
  const kept = probs.map((p) => (p / total >= threshold || p === max ? p : 0));
  const sum = kept.reduce((x, y) => x + y, 0);
  return kept.map((p) => Math.round((p / sum) * 1000));
}

/**
 * The table of a CFR run: every key averaged at least `minVisits` times (by rollouts); with `coarse`, also
 * each coarse key (coarseKey), the average strategy summed over all the keys it covers (each weighing by
 * how much it was averaged, the rarely valued ones too).
 */
export function tableData(t: RegretTable, meta: Omit<SolvedTableData, 'keys'>, o: TableOptions = {}): SolvedTableData {
  const minVisits = o.minVisits ?? 1;
  const th = o.threshold ?? 0;
  const keys: Record<string, number[]> = {};
  // per coarse key: the summed average strategies, and the summed strategies of its keys (for one whose
  // keys' averages all got no weight)
  const sums = new Map<string, { avg: Float64Array; own: Float64Array }>();
  for (const k of [...t.rows.keys()].sort()) {
    const row = t.rows.get(k)!;
    const probs = rowStrategy(row);
    if (o.coarse === true) {
      const ck = coarseKey(k);
      const acc = sums.get(ck) ?? { avg: new Float64Array(row.avg.length), own: new Float64Array(row.avg.length) };
      if (acc.avg.length === row.avg.length) {
        for (let a = 0; a < acc.avg.length; a++) {
          acc.avg[a]! += row.avg[a]!;
          acc.own[a]! += probs?.[a] ?? 0;
        }
      }
      sums.set(ck, acc);
    }
    if (row.visits >= minVisits && probs !== null) keys[k] = thresholded(probs, th);
  }
  for (const [ck, acc] of [...sums].sort((x, y) => (x[0] < y[0] ? -1 : 1))) {
    const v = acc.avg.reduce((x, y) => x + y, 0) > 0 ? acc.avg : acc.own;
    const total = v.reduce((x, y) => x + y, 0);
    if (total > 0) keys[ck] = thresholded([...v].map((p) => Math.round((p / total) * 1000)), th);
  }
  return { ...meta, keys };
}

/** A CFR run's whole state (visits, average sums, regrets per key) as JSON: tables with other options remade from it. */
export interface RawTable {
  readonly meta: Omit<SolvedTableData, 'keys'>;
  readonly rows: Readonly<Record<string, readonly [number, readonly number[], readonly number[]]>>;
}

export function rawOf(t: RegretTable, meta: Omit<SolvedTableData, 'keys'>): RawTable {
  const rows: Record<string, [number, number[], number[]]> = {};
  for (const [k, r] of t.rows) if (r.visits > 0 || r.avg.some((x) => x > 0)) rows[k] = [r.visits, [...r.avg], [...r.regret]];
  return { meta, rows };
}

export function regretTableOf(raw: RawTable): RegretTable {
  const t = new RegretTable();
  for (const [k, [visits, avg, regret]] of Object.entries(raw.rows)) {
    const row = t.row(k, avg.length);
    row.avg.set(avg);
    row.regret.set(regret);
    row.visits = visits;
  }
  return t;
}
