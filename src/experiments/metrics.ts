// The metrics of an experiment, read from the runner's tables (hands.arrow, partien.arrow): one value per
// row for the party under test, or null when the row does not count (a describe metric over a subset).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { zstd } from '../results/codec.ts';
import type { MetricName } from './types.ts';

/** A table's columns as plain arrays. */
export type Columns = Readonly<Record<string, ArrayLike<number>>>;

export function readColumns(dir: string, table: 'hands' | 'partien', names: readonly string[]): { rows: number; col: Columns } {
  zstd(); // the tables are zstd-compressed
  const t = tableFromIPC(readFileSync(join(dir, `${table}.arrow`)));
  const col: Record<string, ArrayLike<number>> = {};
  for (const n of names) {
    const c = t.getChild(n);
    if (c === null) throw new Error(`internal: ${table}.arrow in ${dir} has no column ${n}`);
    col[n] = c.toArray() as ArrayLike<number>;
  }
  return { rows: t.numRows, col };
}

export interface MetricDef {
  readonly table: 'hands' | 'partien';
  /** The columns it reads (besides partie/deal/seating). */
  readonly columns: readonly string[];
  /** The value of row i for party x (of two), or null: the row does not count. */
  value(c: Columns, i: number, x: number): number | null;
  /** Words for the chart's axis and the findings: what one unit is. */
  readonly unit: string;
  /** A 0/1 value (a share; describe intervals are then Wilson). */
  readonly share: boolean;
}

const v = (c: Columns, name: string, i: number): number => c[name]![i]!;
const FIGS = ['spiel', 'gleich', 'hanger'] as const;

export const METRICS: Readonly<Record<MetricName, MetricDef>> = {
  points: { table: 'hands', columns: ['p0_points', 'p1_points'], unit: 'points a hand', share: false, value: (c, i, x) => v(c, `p${x}_points`, i) - v(c, `p${1 - x}_points`, i) },
  spiele: { table: 'hands', columns: ['spiel_party'], unit: 'Spiele a hand (won − lost)', share: false, value: (c, i, x) => { const p = v(c, 'spiel_party', i); return (p === x ? 1 : 0) - (p === 1 - x ? 1 : 0); } },
  partien: { table: 'partien', columns: ['winner'], unit: 'Partien (won − lost)', share: false, value: (c, i, x) => (v(c, 'winner', i) === x ? 1 : -1) },
  doubleLoss: { table: 'partien', columns: ['winner', 'double'], unit: 'share of Partien lost double', share: true, value: (c, i, x) => (v(c, 'winner', i) !== x && v(c, 'double', i) === 1 ? 1 : 0) },
  doubleWin: { table: 'partien', columns: ['winner', 'double'], unit: 'share of Partien won double', share: true, value: (c, i, x) => (v(c, 'winner', i) === x && v(c, 'double', i) === 1 ? 1 : 0) },
  stake: { table: 'partien', columns: ['winner', 'double'], unit: 'stake a Partie (±1, ±2 double)', share: false, value: (c, i, x) => (v(c, 'winner', i) === x ? 1 : -1) * (v(c, 'double', i) === 1 ? 2 : 1) },
  spielMade: { table: 'hands', columns: ['spiel_party'], unit: 'share of hands whose Spiel the side makes', share: true, value: (c, i, x) => (v(c, 'spiel_party', i) === x ? 1 : 0) },
  wins: { table: 'partien', columns: ['winner'], unit: 'share of Partien the side wins', share: true, value: (c, i, x) => (v(c, 'winner', i) === x ? 1 : 0) },
  weakerOutscores: {
    table: 'hands',
    columns: ['p0_points', 'p1_points', 's0_perlaggen', 's1_perlaggen', 's2_perlaggen', 's3_perlaggen'],
    unit: 'share of hands (unequal Perlaggen) the weaker party outscores',
    share: true,
    value: (c, i) => {
      const p0 = v(c, 's0_perlaggen', i) + v(c, 's2_perlaggen', i);
      const p1 = v(c, 's1_perlaggen', i) + v(c, 's3_perlaggen', i);
      if (p0 === p1) return null;
      const weak = p0 < p1 ? 0 : 1;
      return v(c, `p${weak}_points`, i) > v(c, `p${1 - weak}_points`, i) ? 1 : 0;
    },
  },
  quietPartnerStronger: {
    table: 'hands',
    columns: ['s0_perlaggen', 's1_perlaggen', 's2_perlaggen', 's3_perlaggen', ...FIGS.flatMap((f) => [`${f}_bid_party`, `${f}_bid_seat`])],
    unit: 'Perlaggen of the quiet partner minus the bidder\'s',
    share: false,
    value: (c, i, x) => {
      let bidder = -1;
      for (const f of FIGS) {
        if (v(c, `${f}_bid_party`, i) !== x) continue;
        const s = v(c, `${f}_bid_seat`, i);
        if (bidder >= 0 && s !== bidder) return null; // both partners bid
        bidder = s;
      }
      if (bidder < 0) return null;
      const partner = (bidder + 2) % 4;
      return v(c, `s${partner}_perlaggen`, i) - v(c, `s${bidder}_perlaggen`, i);
    },
  },
};

/**
 * δ, the smallest effect a player would care about, per metric in its own unit, with the reason. An
 * experiment may declare its own (Experiment.delta); these are the defaults.
 */
export const DELTAS: Readonly<Record<MetricName, { readonly delta: number; readonly why: string }>> = {
  points: { delta: 0.05, why: '0.05 points a hand is 5 points in 100 deals, about half a Partie of 11 over an evening of 100 deals: less than that no player would notice' },
  spiele: { delta: 0.01, why: 'one Spiel more (won − lost) in 100 deals, a Spiel worth 1 point: less would not show in an evening' },
  partien: { delta: 0.02, why: 'one Partie in 100 changing hands moves won − lost by 0.02: less would not show over a season' },
  doubleLoss: { delta: 0.01, why: 'one double loss fewer in 100 Partien: less would not show over a season' },
  doubleWin: { delta: 0.01, why: 'one double win more in 100 Partien: less would not show over a season' },
  stake: { delta: 0.03, why: 'three stakes in 100 Partien (a Partie won instead of lost is 2, a double 1 more): less would not show over a season' },
  spielMade: { delta: 0.05, why: 'a share within 5 points of the claimed 1/2 is a coin toss to a player' },
  wins: { delta: 0.02, why: 'a win share within 2 points of the claimed one is the same to a player' },
  weakerOutscores: { delta: 0.02, why: 'a share within 2 points of the claimed 10% is the same to a player' },
  quietPartnerStronger: { delta: 0.25, why: 'a quarter of a Perlagg on average is too little to read a partner by' },
};
