// The general figure evaluator: best Gleich, best Hanger and the joint answer for a hand given as
// fixed identities (natural cards, christened or played Perlaggen) plus k free Perlaggen that may still be
// christened as any of the 32 suited cards (RULES §2.2, §5.2, §7; A-11: never as a 6).
//
// Table-driven where it counts: the best Hanger of one suit with k wild cards is a lookup in HANGER_RUN
// (6 x 256 entries). This core builds the hand tables of tables.ts and serves the hands those tables do
// not cover (duplicate identities mid-game, a natural Weli under weliNaturalInFigures). Its slow twin,
// which tries every christening, is test/oracle/figures-twin.ts.
import { popcount32 } from '../cards/mask.ts';
import { gleichCode, hangerCode, packFigures } from './figures.ts';

/** Rules of RULES §7 that change what a hand can show. */
export interface FigureRules {
  /** a Gleich may contain identical identities (several "Herz As"). */
  readonly gleichIdenticalIdentities: boolean;
}

/** HANGER_RUN[k * 256 + byte] = best Hanger code (length << 4 | top value) of one suit's ranks with k wilds. */
export const HANGER_RUN: Uint8Array = (() => {
  const t = new Uint8Array(6 * 256);
  for (let k = 0; k <= 5; k++) for (let b = 0; b < 256; b++) t[k * 256 + b] = bestRun(b, 8, k, false);
  return t;
})();

/**
 * Best run (length, top) in a suit whose ranks are the low `nRanks` bits of `bits`, with k wild cards.
 * With nRanks = 9, bit 0 is the natural Weli (Schell 6, rank value 0) and no wild may become a 6,
 * so a window that includes bit 0 needs the Weli itself. Returns the Hanger code, 0 if none.
 */
function bestRun(bits: number, nRanks: number, k: number, sixAtBit0: boolean): number {
  const maxLen = Math.min(nRanks, popcount32(bits) + k);
  for (let len = maxLen; len >= 2; len--) {
    for (let top = nRanks - 1; top >= len - 1; top--) {
      const lo = top - len + 1;
      const window = ((1 << len) - 1) << lo;
      if (sixAtBit0 && lo === 0 && (bits & 1) === 0) continue;
      if (len - popcount32(bits & window) <= k) return hangerCode(len, sixAtBit0 ? top : top + 1);
    }
  }
  return 0;
}

/** A hand as the core sees it. */
export interface FigureParts {
  /** Distinct fixed identities of suited cards (card.ts layout). */
  readonly mask: number;
  /** Extra copies per rank index 0..7 beyond `mask` (identical christened identities), or null. */
  readonly extraByRank: readonly number[] | null;
  /** 1 when a natural Weli (Schell 6) is among the fixed cards and may join a Hanger (A-11 alternative). */
  readonly naturalWeliInFigures: 0 | 1;
  /** Free Perlaggen still to be christened. */
  readonly wilds: number;
}

function rankCounts(mask: number, extra: readonly number[] | null, identical: boolean, out: Int32Array): void {
  for (let r = 0; r < 8; r++) {
    const distinct = ((mask >>> r) & 1) + ((mask >>> (r + 8)) & 1) + ((mask >>> (r + 16)) & 1) + ((mask >>> (r + 24)) & 1);
    out[r] = identical && extra !== null ? distinct + extra[r]! : distinct;
  }
}

/**
 * Best Gleich from per-rank counts and k wilds: all wilds join the best rank. Under
 * gleichIdenticalIdentities = false a Gleich counts distinct suits only, so at most 4 cards.
 */
function gleichOfCounts(counts: Int32Array, k: number, identical: boolean): number {
  let best = 0;
  for (let r = 0; r < 8; r++) {
    const c = counts[r]!;
    if (c === 0) continue;
    const n = identical ? c + k : Math.min(c + k, 4);
    if (n >= 2) {
      const code = gleichCode(n, r + 1);
      if (code > best) best = code;
    }
  }
  if (k >= 2) {
    const code = gleichCode(identical ? k : Math.min(k, 4), 8); // nothing but Perlaggen: all christened As
    if (code > best) best = code;
  }
  return best;
}

function suitBits(parts: FigureParts, s: number): { bits: number; nRanks: number; six: boolean } {
  const byte = (parts.mask >>> (8 * s)) & 0xff;
  if (s === 1 && parts.naturalWeliInFigures === 1) return { bits: (byte << 1) | 1, nRanks: 9, six: true };
  return { bits: byte, nRanks: 8, six: false };
}

const scratch = new Int32Array(8);

/** Best Gleich and best Hanger, each on its own (a Perlagg may serve either), as a figure word. */
export function bestFigures(parts: FigureParts, rules: FigureRules): number {
  const identical = rules.gleichIdenticalIdentities;
  rankCounts(parts.mask, parts.extraByRank, identical, scratch);
  const g = gleichOfCounts(scratch, parts.wilds, identical);
  let h = 0;
  let hs = 0;
  for (let s = 0; s < 4; s++) {
    const { bits, nRanks, six } = suitBits(parts, s);
    const code = six ? bestRun(bits, nRanks, parts.wilds, true) : HANGER_RUN[parts.wilds * 256 + bits]!;
    if (code > h) {
      h = code;
      hs = s;
    }
  }
  return packFigures(g, h, hs);
}

/**
 * The joint answer (RULES §7.4): the Gleich/Hanger pairs a hand can show at the same time when each
 * free Perlagg takes one identity. Returned as figure words forming the Pareto frontier (no pair is
 * beaten in both figures by another), best Gleich first; for equal codes the lowest suit index.
 *
 * Why this is exact: in any christening, take its best Hanger (suit s, window W). The wilds placed in W
 * fill at least W's missing cards; every other wild can do no better for the Gleich than join the best
 * rank. So for each window with m <= k missing cards, the best Gleich beside it is the Gleich of the
 * counts plus W's missing ranks with k - m wilds left; the frontier of those pairs is the answer.
 */
export function jointFigures(parts: FigureParts, rules: FigureRules): number[] {
  const identical = rules.gleichIdenticalIdentities;
  const k = parts.wilds;
  const base = new Int32Array(8);
  rankCounts(parts.mask, parts.extraByRank, identical, base);
  const cand: number[] = [packFigures(gleichOfCounts(base, k, identical), 0, 0)];
  const counts = new Int32Array(8);
  for (let s = 0; s < 4; s++) {
    const { bits, nRanks, six } = suitBits(parts, s);
    const maxLen = Math.min(nRanks, popcount32(bits) + k);
    for (let len = 2; len <= maxLen; len++) {
      for (let lo = 0; lo + len <= nRanks; lo++) {
        const window = ((1 << len) - 1) << lo;
        const missingBits = window & ~bits;
        const m = popcount32(missingBits);
        if (m > k) continue;
        if (six && (missingBits & 1) !== 0) continue; // no wild becomes a 6
        counts.set(base);
        for (let b = 0; b < nRanks; b++) {
          if (((missingBits >>> b) & 1) === 0) continue;
          counts[six ? b - 1 : b]! += 1; // the wild christened as this missing card also counts for the Gleich
        }
        const top = lo + len - 1;
        cand.push(packFigures(gleichOfCounts(counts, k - m, identical), hangerCode(len, six ? top : top + 1), s));
      }
    }
  }
  return paretoFrontier(cand);
}

const g = (w: number): number => w & 0x7f;
const h = (w: number): number => (w >>> 7) & 0x7f;
const suitOfWord = (w: number): number => (w >>> 14) & 3;
const byFrontierOrder = (a: number, b: number): number => g(b) - g(a) || h(b) - h(a) || suitOfWord(a) - suitOfWord(b);

/** Keep the figure words not dominated in both codes; one per code pair (lowest suit); best Gleich first. */
export function paretoFrontier(words: readonly number[]): number[] {
  const sorted = [...words].sort(byFrontierOrder);
  const out: number[] = [];
  let bestH = -1;
  for (const w of sorted) {
    if (h(w) > bestH) {
      out.push(w);
      bestH = h(w);
    }
  }
  return out;
}

// jointFigures for the entries of the joint table (tables.ts): fixed identities without repeats, no natural
// Weli in the figures, k free Perlaggen. The same candidates in the same order, but no allocations: the counts
// in scratch, and the Pareto frontier kept per Gleich code (the best Hanger, lowest suit on a tie) instead of
// sorting the candidates — the frontier order keeps exactly the first word of each Gleich code, best Gleich
// first, whose Hanger beats every better Gleich's. Its twin is jointFigures, compared on every table entry
// (test/eval/joint-table.test.ts).
const jBase = new Int32Array(8);
const frontH = new Int32Array(128).fill(-1);
const frontW = new Int32Array(128);
const touched: number[] = [];

function keep(w: number): void {
  const g = w & 0x7f;
  const h = (w >>> 7) & 0x7f;
  const held = frontH[g]!;
  if (held < 0) touched.push(g);
  else if (h < held || (h === held && ((w >>> 14) & 3) >= ((frontW[g]! >>> 14) & 3))) return;
  frontH[g] = h;
  frontW[g] = w;
}

/** The joint frontier of a table entry (mask of distinct fixed identities, k free Perlaggen), pushed to `out`; returns its length. */
export function jointFiguresOfMask(mask: number, k: number, rules: FigureRules, out: number[]): number {
  const identical = rules.gleichIdenticalIdentities;
  rankCounts(mask, null, identical, jBase);
  keep(packFigures(gleichOfCounts(jBase, k, identical), 0, 0));
  for (let s = 0; s < 4; s++) {
    const bits = (mask >>> (8 * s)) & 0xff;
    const maxLen = Math.min(8, popcount32(bits) + k);
    for (let len = 2; len <= maxLen; len++) {
      for (let lo = 0; lo + len <= 8; lo++) {
        const window = ((1 << len) - 1) << lo;
        const missingBits = window & ~bits;
        const m = popcount32(missingBits);
        if (m > k) continue;
        // the wilds christened as the window's missing cards also count for the Gleich: added to the counts
        // for this window, taken off again after
        for (let b = lo; b < lo + len; b++) if (((missingBits >>> b) & 1) !== 0) jBase[b]! += 1;
        keep(packFigures(gleichOfCounts(jBase, k - m, identical), hangerCode(len, lo + len), s));
        for (let b = lo; b < lo + len; b++) if (((missingBits >>> b) & 1) !== 0) jBase[b]! -= 1;
      }
    }
  }
  // best Gleich first: the touched codes in descending order (a handful: insertion sort)
  for (let i = 1; i < touched.length; i++) {
    const x = touched[i]!;
    let j = i - 1;
    while (j >= 0 && touched[j]! < x) {
      touched[j + 1] = touched[j]!;
      j--;
    }
    touched[j + 1] = x;
  }
  let bestH = -1;
  let n = 0;
  for (let i = 0; i < touched.length; i++) {
    const g = touched[i]!;
    if (frontH[g]! > bestH) {
      out.push(frontW[g]!);
      bestH = frontH[g]!;
      n++;
    }
    frontH[g] = -1;
  }
  touched.length = 0;
  return n;
}
