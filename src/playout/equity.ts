// Partie equity (issue 13; backgammon's match equity table): the value of a score pair at the start of a
// deal — the probability that a party wins the Partie (RULES §11), and its expected Partie stake where the
// 1853 Double counts a Partie twice (RULES §11.5: +1 / +2 won single / double, −1 / −2 lost) — so that a
// hand's outcome in points maps to what it is worth for the Partie.
//
// The tables are data: src/playout/equity-<ruleset>.json, made by scripts/equity-table.ts (Partien played
// to the end from every score pair by `simple` in all four seats; the file records how, with its n per
// cell). Cell [a][b] holds the Partien of the party at a against b at the start of a deal that it deals.
// src/playout/equity-{1853,oberland}-author1853.json are the same made by the 1853 author's bot (`--policy
// author1853`; issue 28): near the target its chances differ from simple's (partieEquity's `play`).
//
// A ruleset without a table of its own: a derived ruleset with the same target and Double reads its base
// ruleset's table (its other overrides are taken not to move the equity much — an approximation); one with
// another target or Double gets a table computed from the base's distribution of the points of one deal by
// a dynamic programme over the scores (deals independent of the score, the dealer's turn ignored; both
// parties over the target in one deal counted half a win each) — a rougher approximation, said in `source`.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RulesVariant } from '../rules/variant.ts';
import { canonicalName } from '../rules/registry.ts';

/** The value of a score pair for one party. */
export interface EquityValue {
  /** P(the party wins the Partie). */
  readonly pwin: number;
  /** Expected Partie stake (win +1, lose −1; ±2 with the Double). */
  readonly equity: number;
  /** Partien behind the estimate (0: computed, not simulated). */
  readonly n: number;
}

export interface PartieEquity {
  readonly ruleset: string;
  readonly target: number;
  /** The Double threshold: a loser below it loses double (0: no Double). */
  readonly doubleThreshold: number;
  /** How the table was made (the file's `how` and policy, or the fallback). */
  readonly source: string;
  /** The value for the party at `mine` against `theirs` (both below the target) at the start of a deal; `mineDeals`: its party deals. */
  at(mine: number, theirs: number, mineDeals: boolean): EquityValue;
  /** The value of a Partie over: won (double or not). */
  over(won: boolean, double: boolean): EquityValue;
}

interface TableFile {
  readonly ruleset: string;
  readonly target: number;
  readonly doubleThreshold: number;
  readonly policy: string;
  readonly how: string;
  readonly n: number[][];
  readonly win: number[][];
  readonly winDouble: number[][];
  readonly loseDouble: number[][];
  readonly handPoints: number[][];
}

const files = new Map<string, TableFile | null>();
function tableFile(name: string): TableFile | null {
  let t = files.get(name);
  if (t !== undefined) return t;
  const path = fileURLToPath(new URL(`./equity-${name}.json`, import.meta.url));
  t = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as TableFile) : null;
  files.set(name, t);
  return t;
}

class Table implements PartieEquity {
  constructor(
    readonly ruleset: string,
    readonly target: number,
    readonly doubleThreshold: number,
    readonly source: string,
    /** per cell [a][b], dealing party at a: P(win), E(stake), n */
    private readonly pw: Float64Array,
    private readonly eq: Float64Array,
    private readonly nn: Float64Array,
  ) {}
  at(mine: number, theirs: number, mineDeals: boolean): EquityValue {
    const T = this.target;
    const a = clamp(mine, T);
    const b = clamp(theirs, T);
    if (mineDeals) {
      const i = a * T + b;
      return { pwin: this.pw[i]!, equity: this.eq[i]!, n: this.nn[i]! };
    }
    const i = b * T + a;
    return { pwin: 1 - this.pw[i]!, equity: -this.eq[i]!, n: this.nn[i]! };
  }
  /** The same values under another name. */
  renamed(name: string, source: string): Table {
    return new Table(name, this.target, this.doubleThreshold, source, this.pw, this.eq, this.nn);
  }
  over(won: boolean, double: boolean): EquityValue {
    const stake = this.doubleThreshold > 0 && double ? 2 : 1;
    return { pwin: won ? 1 : 0, equity: won ? stake : -stake, n: 0 };
  }
}
const clamp = (x: number, T: number): number => (x < 0 ? 0 : x >= T ? T - 1 : x);

function fromFile(f: TableFile, name: string): Table {
  const T = f.target;
  const pw = new Float64Array(T * T);
  const eq = new Float64Array(T * T);
  const nn = new Float64Array(T * T);
  for (let a = 0; a < T; a++) {
    for (let b = 0; b < T; b++) {
      const n = f.n[a]![b]!;
      const i = a * T + b;
      nn[i] = n;
      if (n === 0) {
        pw[i] = 0.5;
        eq[i] = 0;
        continue;
      }
      const w = f.win[a]![b]! / n;
      pw[i] = w;
      eq[i] = 2 * w - 1 + (f.winDouble[a]![b]! - f.loseDouble[a]![b]!) / n;
    }
  }
  return new Table(name, T, f.doubleThreshold, `${f.how} (${f.policy})`, pw, eq, nn);
}

/** The dynamic-programme table of a target and Double threshold from a deal's points distribution (see the top). */
function fromPoints(points: number[][], T: number, dbl: number, name: string, base: string): Table {
  // symmetric distribution: the dealer's side is forgotten
  const m = points.length;
  let total = 0;
  const p: number[][] = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  for (let x = 0; x < m; x++) for (let y = 0; y < m; y++) {
    const c = points[x]![y]! + points[y]![x]!;
    p[x]![y] = c;
    total += c;
  }
  const pw = new Float64Array(T * T);
  const eq = new Float64Array(T * T);
  const stake = (won: boolean, loser: number): number => (won ? 1 : -1) * (dbl > 0 && loser < dbl ? 2 : 1);
  for (let a = T - 1; a >= 0; a--) {
    for (let b = T - 1; b >= 0; b--) {
      let sw = 0;
      let se = 0;
      let self = 0;
      for (let x = 0; x < m; x++) {
        for (let y = 0; y < m; y++) {
          const q = p[x]![y]! / total;
          if (q === 0) continue;
          const a2 = a + x;
          const b2 = b + y;
          if (a2 >= T && b2 >= T) {
            sw += q * 0.5;
            se += q * 0.5 * (stake(true, b2) + stake(false, a2));
          } else if (a2 >= T) {
            sw += q;
            se += q * stake(true, b2);
          } else if (b2 >= T) {
            se += q * stake(false, a2);
          } else if (x === 0 && y === 0) self += q;
          else {
            sw += q * pw[a2 * T + b2]!;
            se += q * eq[a2 * T + b2]!;
          }
        }
      }
      pw[a * T + b] = sw / (1 - self);
      eq[a * T + b] = se / (1 - self);
    }
  }
  return new Table(name, T, dbl, `computed for target ${T} from the points of a deal in the ${base} table (no table of its own)`, pw, eq, new Float64Array(T * T));
}

const tables = new Map<string, PartieEquity | null>();

/** The Double threshold of a ruleset (RULES §11.5, A-26; as play/partie.ts doubleThreshold); 0 without the Double. */
export function doubleLine(r: RulesVariant): number {
  if (!r.double) return 0;
  return r.doubleThreshold === 'moreThanHalf' ? Math.floor(r.target / 2) + 1 : Math.ceil(r.target / 2);
}

/**
 * Whose play a table was made with: `simple` in all four seats (equity-<ruleset>.json, every ruleset), or the
 * 1853 author's bot (equity-<ruleset>-author1853.json; issue 28: against the author's bot a gestrichen
 * party's chances are far from simple's — from 10 : 8 in 1853 simple wins 87%, the author's bot 79%).
 */
export type EquityPlay = 'simple' | 'author1853';

/**
 * The Partie equity of a ruleset (cached), or null when there is nothing to base it on. `play`: whose play the
 * table was made with; a ruleset without a table of that play (derived or not) falls back to `simple`'s.
 */
export function partieEquity(r: RulesVariant, play: EquityPlay = 'simple'): PartieEquity | null {
  const name = canonicalName(r);
  const key = play === 'simple' ? name : `${name}|${play}`;
  let t = tables.get(key);
  if (t !== undefined) return t;
  t = null;
  const suffix = play === 'simple' ? '' : `-${play}`;
  const own = tableFile(name + suffix);
  const base = own ?? tableFile(r.name + suffix);
  const dbl = doubleLine(r);
  if (own !== null) t = fromFile(own, name);
  else if (base !== null && base.target === r.target && base.doubleThreshold === dbl) t = fromFile(base, name).renamed(name, `the ${r.name} table, read for ${name} (${base.how})`);
  else if (play !== 'simple') t = partieEquity(r); // no table of that play for this target and Double: simple's
  else if (base !== null) t = fromPoints(base.handPoints, r.target, dbl, name, r.name);
  tables.set(key, t);
  return t;
}
