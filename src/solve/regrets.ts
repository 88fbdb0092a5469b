// The regret and average-strategy tables of counterfactual regret minimisation (issue 28), keyed by an
// information set's key: regret matching+ (negative regrets floored at 0, Tammelin 2014) for the current
// strategy, linear averaging (iteration t weighs t) for the average strategy — the one that converges to an
// equilibrium and the one a solved table stores.

export interface InfosetRow {
  readonly regret: Float64Array;
  readonly avg: Float64Array;
  /** How often this infoset was updated (a table leaves out rows seen too seldom to mean anything). */
  visits: number;
}

export class RegretTable {
  readonly rows = new Map<string, InfosetRow>();

  row(key: string, n: number): InfosetRow {
    let r = this.rows.get(key);
    if (r === undefined) {
      r = { regret: new Float64Array(n), avg: new Float64Array(n), visits: 0 };
      this.rows.set(key, r);
    } else if (r.regret.length !== n) {
      throw new Error(`internal: infoset ${key} had ${r.regret.length} actions, now ${n} (the key must fix the actions)`);
    }
    return r;
  }

  /** The current strategy at a key by regret matching (uniform when no positive regret); written into `out`. */
  current(key: string, n: number, out: Float64Array): Float64Array {
    const r = this.row(key, n).regret;
    let sum = 0;
    for (let a = 0; a < n; a++) sum += r[a]! > 0 ? r[a]! : 0;
    for (let a = 0; a < n; a++) out[a] = sum > 0 ? (r[a]! > 0 ? r[a]! / sum : 0) : 1 / n;
    return out;
  }

  /** Add regrets (floored at 0: regret matching+). */
  addRegret(key: string, deltas: ArrayLike<number>): void {
    const row = this.row(key, deltas.length);
    row.visits++;
    for (let a = 0; a < deltas.length; a++) row.regret[a] = Math.max(0, row.regret[a]! + deltas[a]!);
  }

  /** Add `weight` × the strategy to the average. */
  addAverage(key: string, sigma: ArrayLike<number>, weight: number): void {
    const row = this.row(key, sigma.length);
    for (let a = 0; a < sigma.length; a++) row.avg[a] = row.avg[a]! + weight * sigma[a]!;
  }

  /** The average strategy at a key (uniform for a key never averaged; null for an unknown key). */
  average(key: string): Float64Array | null {
    const row = this.rows.get(key);
    if (row === undefined) return null;
    const n = row.avg.length;
    let sum = 0;
    for (let a = 0; a < n; a++) sum += row.avg[a]!;
    const out = new Float64Array(n);
    for (let a = 0; a < n; a++) out[a] = sum > 0 ? row.avg[a]! / sum : 1 / n;
    return out;
  }
}
