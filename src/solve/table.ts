// A solved table as data (issue 28): the average strategy of a CFR run, key by key, with how it was made.
// Written by scripts/solve.ts (or `perlagg solve`) to strategies/solved/<ruleset>.json, which
// strategies/solved.ts plays. Probabilities are stored in thousandths (ints), one list per key in the order
// of the key's action letters.
import { RegretTable } from './regrets.ts';

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

/** The table of a CFR run: every key averaged at least `minVisits` times (by rollouts). */
export function tableData(t: RegretTable, meta: Omit<SolvedTableData, 'keys'>, minVisits = 1): SolvedTableData {
  const keys: Record<string, number[]> = {};
  for (const k of [...t.rows.keys()].sort()) {
    const row = t.rows.get(k)!;
    if (row.visits < minVisits) continue;
    const avg = t.average(k)!;
    keys[k] = [...avg].map((p) => Math.round(p * 1000));
  }
  return { ...meta, keys };
}
