// The exact figures of a hand AS DEALT (issue 14, item 5): what `perlagg simulate` measures, by enumeration.
//
// `exact` (distribution.ts) counts 5-card hands drawn from the whole deck under a trump named in advance.
// At the table the trump is the turned-up card's suit, that card is in nobody's hand, and so are the cards
// the turn-up skipped (Oberland: Eichel is never trump, RULES §4.4, A-32) and the stock cards shown
// (Innsbruck: Luck und Boden, §4.5, A-09); and the cutter keeps the permanent Perlaggen the cut shows
// (§4.2, A-31), so his hand is richer and the others' poorer. This module weighs every 5-card hand H and
// every trump T by the exact probability that a seat is dealt H and the turn-up makes T:
//
//   P(H, T) = sum over the cut's outcomes (the kept cards K, the card b that stopped the keeping) of
//             P(K, b) * P(H | K, b) * P(T | H, K, b)
//
// Three facts make this a sum over small things (each follows from the shuffle being uniform):
//   1. The cut lifts j = 1 .. N-1 cards (uniform) and the pack is the rest on top of the lifted packet:
//      a uniform order again. The cards the cutter looks at are the pack's last cards, so he keeps the run
//      of k permanent Perlaggen at its end, k at most min(j, handSize) (cutRepeat 'repeat') or 1 ('once');
//      when the run stops before that cap, the card that stopped it (b) is no permanent Perlagg. A given
//      ordered K (and b) has probability 1 / (N (N-1) ... (N-k[-1])).
//   2. Given K (and b), the other cards lie in uniform order: a seat's hand is a uniform 5-subset of them
//      (the cutter's: K plus a uniform (5-k)-subset), whatever the deal pattern.
//   3. Given also the seat's hand, the turned-up card is the first card of an allowed trump suit after the
//      dealt ones; the allowed cards not in the hand (nor kept, nor b, which lies at the bottom) are
//      exchangeable, so it is each of them with the same probability: P(T | ...) = n_T / sum of n_T'.
//      Skipped cards and shown stock cards are then simply cards in nobody's hand: averaging over them
//      changes nothing (the law of total probability), so they need no term of their own.
// The weights depend on the hand only through its cards' trump classes and which permanent Perlaggen it
// holds, so they are computed once per such signature. A seat's figure is the mean over the seats: the
// cutter's hand and the others' are kept apart. Checked against `simulate` (the engine's own deal) for
// every ruleset in test/exact/dealt.test.ts.
import { SUITS, WELI, type CardId, type Suit } from '../cards/card.ts';
import { CardSet } from '../cards/cardset.ts';
import { binom } from '../cards/mask.ts';
import { figureContext, figureWord, naturalFigureWord, type FigureContext } from '../eval/evaluate.ts';
import { codeCount, wordGleich, wordHanger } from '../eval/figures.ts';
import { seatTable } from '../engine/state.ts';
import { perlaggenOf } from '../rules/perlaggen.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { DIM, ExactError, cellIndex, cellSummary, type ExactSummary } from './distribution.ts';

export interface DealtOptions {
  /** Players at the table: 2, 3 or 4 (the 1853 three-player game deals four hands, the Strohmann's too). Default 4. */
  readonly players?: number;
}

export interface DealtDistribution {
  readonly ruleset: RulesVariant;
  readonly players: number;
  /** Hands dealt (seats at the table). */
  readonly seats: number;
  /** The trump suits the turn-up can make, in the ruleset's order. */
  readonly trumps: readonly Suit[];
  /** P(the turn-up makes trump t), per entry of `trumps`: for a seat's hand (the same for every seat). */
  readonly trumpProbability: readonly number[];
  /**
   * Probability masses over the cells of distribution.ts (perlaggen, gleich, hanger, natural gleich, natural
   * hanger), jointly with the trump: cutter[i][cell] = P(the cutter's hand is in cell, trump = trumps[i]);
   * other[i] the same for any other seat's hand. Each sums to 1 over i and cells.
   */
  readonly cutter: readonly Float64Array[];
  readonly other: readonly Float64Array[];
  /** Does the cutter keep permanent Perlaggen in this ruleset (else every seat is alike)? */
  readonly cutterKeeps: boolean;
  readonly timings: { readonly enumerateMs: number };
}

const CLASS_BASE = 1296; // 6^4: four base-6 digits, one per trump class (a hand holds 0..5 cards of each)
const POW6 = [1, 6, 36, 216];

function fallingFactorial(n: number, k: number): number {
  let x = 1;
  for (let i = 0; i < k; i++) x *= n - i;
  return x;
}
function factorial(k: number): number {
  let x = 1;
  for (let i = 2; i <= k; i++) x *= i;
  return x;
}
function bitCount(m: number): number {
  let c = 0;
  for (let x = m >>> 0; x !== 0; x = (x & (x - 1)) >>> 0) c++;
  return c;
}

/** The trump class of a card if it is turned up: its suit, the Weli that of `turnedWeliTrump`. */
export function turnUpClass(r: RulesVariant, card: CardId): number {
  return card === WELI ? SUITS.indexOf(r.turnedWeliTrump) : card >>> 3;
}

/** The deck and the cut as the weights need them (fact 1 at the head of this file). */
interface CutModel {
  /** Cards in the deck. */
  readonly N: number;
  readonly handSize: number;
  /** Per trump class (suit index): may the turn-up make it trump? */
  readonly allowed: readonly boolean[];
  /** The cutter keeps the permanent Perlaggen the cut shows. */
  readonly keeps: boolean;
  /** The permanent Perlaggen in the deck (none when the cutter keeps nothing), their index by card, their trump class. */
  readonly perm: readonly CardId[];
  readonly permIndex: Int8Array;
  readonly permClass: readonly number[];
  /** Cards of each trump class in the deck, and those that are no permanent Perlagg. */
  readonly deckClass: readonly number[];
  readonly nonpermClass: readonly number[];
  /** The cap on the kept run: min(j, cm), j = the lifted cards (uniform 1 .. N-1); pCap[m] = P(cap = m). */
  readonly pCap: readonly number[];
}

function cutModel(r: RulesVariant, deck: readonly CardId[], handSize: number): CutModel {
  const N = deck.length;
  const allowed = [0, 1, 2, 3].map((i) => r.trumpSuitsAllowed.includes(SUITS[i]!));
  const keeps = r.cutterKeepsPermanentPerlaggen;
  const perm = keeps ? perlaggenOf(r, r.trumpSuitsAllowed[0]!).permanent.filter((c) => deck.includes(c)) : [];
  if (perm.length > 10) throw new Error('internal: more than 10 permanent Perlaggen');
  const permIndex = new Int8Array(33).fill(-1);
  perm.forEach((c, i) => (permIndex[c] = i));
  const permClass = perm.map((c) => turnUpClass(r, c));
  const deckClass = [0, 0, 0, 0];
  const nonpermClass = [0, 0, 0, 0];
  for (const c of deck) {
    deckClass[turnUpClass(r, c)]! += 1;
    if (permIndex[c]! < 0) nonpermClass[turnUpClass(r, c)]! += 1;
  }
  const pCap: number[] = [];
  if (keeps) {
    const cm = r.cutRepeat === 'repeat' ? handSize : 1;
    for (let m = 1; m <= cm; m++) pCap[m] = m < cm ? 1 / (N - 1) : (N - cm) / (N - 1);
  }
  return { N, handSize, allowed, keeps, perm, permIndex, permClass, deckClass, nonpermClass, pCap };
}

/** Add `scale` times P(T | ...) to into[at + T] for every allowed trump T: n_T / the sum of n_T' (fact 3). */
function trumpShare(c: CutModel, n: readonly number[], into: number[], at: number, scale: number): void {
  let total = 0;
  for (let t = 0; t < 4; t++) if (c.allowed[t]) total += n[t]!;
  if (total <= 0) throw new Error('internal: no card of an allowed trump suit left to turn up');
  for (let t = 0; t < 4; t++) if (c.allowed[t]) into[at + t]! += (scale * n[t]!) / total;
}

/** A hand's signature: which permanent Perlaggen it holds, and its cards per trump class. */
interface Signature {
  readonly hPerm: number;
  readonly hClass: readonly number[];
  /** hClass without the permanent Perlaggen. */
  readonly hNonperm: readonly number[];
}

/**
 * The weights of a signature: 8 numbers, P(a hand of this signature is the cutter's, trump T = 0..3), then
 * the same for another seat's hand.
 */
function signatureWeights(c: CutModel, key: number): number[] {
  const hPerm = Math.floor(key / CLASS_BASE);
  let rest = key % CLASS_BASE;
  const hClass = [0, 0, 0, 0];
  for (let t = 0; t < 4; t++) {
    hClass[t] = rest % 6;
    rest = Math.floor(rest / 6);
  }
  const hNonperm = hClass.slice();
  for (let i = 0; i < c.perm.length; i++) if ((hPerm >>> i) & 1) hNonperm[c.permClass[i]!]! -= 1;
  const h: Signature = { hPerm, hClass, hNonperm };
  const w = new Array<number>(8).fill(0);
  if (!c.keeps) {
    const base = 1 / binom(c.N, c.handSize);
    const n = [0, 0, 0, 0];
    for (let t = 0; t < 4; t++) n[t] = c.deckClass[t]! - hClass[t]!;
    trumpShare(c, n, w, 0, base);
    trumpShare(c, n, w, 4, base);
  } else {
    for (let m = 1; m < c.pCap.length; m++) {
      otherSeatWeights(c, h, m, w);
      cutterWeights(c, h, m, w);
    }
  }
  return w;
}

/** Another seat's weights (w[4..7]) when the cap on the kept run is m: K among the permanent Perlaggen it does not hold. */
function otherSeatWeights(c: CutModel, h: Signature, m: number, w: number[]): void {
  const { N, handSize, deckClass, nonpermClass, permClass } = c;
  const pm = c.pCap[m]!;
  const n = [0, 0, 0, 0];
  const all = (1 << c.perm.length) - 1;
  const avail = all & ~h.hPerm;
  for (let K = avail; ; K = (K - 1) & avail) {
    const k = bitCount(K);
    if (k <= m) {
      const kClass = [0, 0, 0, 0];
      for (let i = 0; i < c.perm.length; i++) if ((K >>> i) & 1) kClass[permClass[i]!]! += 1;
      if (k === m) {
        const base = (pm * factorial(k)) / fallingFactorial(N, k) / binom(N - k, handSize);
        for (let t = 0; t < 4; t++) n[t] = deckClass[t]! - h.hClass[t]! - kClass[t]!;
        trumpShare(c, n, w, 4, base);
      } else {
        const base = (pm * factorial(k)) / fallingFactorial(N, k + 1) / binom(N - k - 1, handSize);
        for (let b = 0; b < 4; b++) {
          const nb = nonpermClass[b]! - h.hNonperm[b]!;
          if (nb === 0) continue;
          for (let t = 0; t < 4; t++) n[t] = deckClass[t]! - h.hClass[t]! - kClass[t]! - (t === b ? 1 : 0);
          trumpShare(c, n, w, 4, base * nb);
        }
      }
    }
    if (K === 0) break;
  }
}

/** The cutter's weights (w[0..3]) when the cap on the kept run is m: K among the permanent Perlaggen he holds. */
function cutterWeights(c: CutModel, h: Signature, m: number, w: number[]): void {
  const { N, handSize, deckClass, nonpermClass } = c;
  const pm = c.pCap[m]!;
  const n = [0, 0, 0, 0];
  for (let K = h.hPerm; ; K = (K - 1) & h.hPerm) {
    const k = bitCount(K);
    if (k <= m) {
      if (k === m) {
        const base = (pm * factorial(k)) / fallingFactorial(N, k) / binom(N - k, handSize - k);
        for (let t = 0; t < 4; t++) n[t] = deckClass[t]! - h.hClass[t]!;
        trumpShare(c, n, w, 0, base);
      } else {
        const base = (pm * factorial(k)) / fallingFactorial(N, k + 1) / binom(N - k - 1, handSize - k);
        for (let b = 0; b < 4; b++) {
          const nb = nonpermClass[b]! - h.hNonperm[b]!;
          if (nb === 0) continue;
          for (let t = 0; t < 4; t++) n[t] = deckClass[t]! - h.hClass[t]! - (t === b ? 1 : 0);
          trumpShare(c, n, w, 0, base * nb);
        }
      }
    }
    if (K === 0) break;
  }
}

/**
 * Every 5-card hand of the deck, each added to its cell under every trump with its signature's weights
 * (computed once per signature): the cutter's masses and another seat's, per trump.
 */
function enumerateHands(r: RulesVariant, deck: readonly CardId[], c: CutModel, trumps: readonly Suit[]): { cutter: Float64Array[]; other: Float64Array[] } {
  const sigOf = new Int32Array((1 << c.perm.length) * CLASS_BASE).fill(-1);
  const weights: number[] = [];
  const permIndex = c.permIndex;
  const ctxs: FigureContext[] = trumps.map((t) => figureContext(r, t));
  const classOfTrump = trumps.map((t) => SUITS.indexOf(t));
  const cells = DIM ** 5;
  const cutter = trumps.map(() => new Float64Array(cells));
  const other = trumps.map(() => new Float64Array(cells));
  const n = deck.length;
  const lo = new Int32Array(n);
  const we = new Int32Array(n);
  const keyAdd = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const id = deck[i]!;
    if (id === WELI) we[i] = 1;
    else lo[i] = 1 << id;
    keyAdd[i] = POW6[turnUpClass(r, id)]! + (permIndex[id]! >= 0 ? (1 << permIndex[id]!) * CLASS_BASE : 0);
  }
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      for (let c2 = b + 1; c2 < n; c2++)
        for (let d = c2 + 1; d < n; d++)
          for (let e = d + 1; e < n; e++) {
            const l = (lo[a]! | lo[b]! | lo[c2]! | lo[d]! | lo[e]!) >>> 0;
            const w = we[a]! | we[b]! | we[c2]! | we[d]! | we[e]!;
            const key = keyAdd[a]! + keyAdd[b]! + keyAdd[c2]! + keyAdd[d]! + keyAdd[e]!;
            let sig = sigOf[key]!;
            if (sig < 0) {
              sigOf[key] = sig = weights.length;
              weights.push(...signatureWeights(c, key));
            }
            for (let ti = 0; ti < trumps.length; ti++) {
              const cls = classOfTrump[ti]!;
              const wc = weights[sig + cls]!;
              const wo = weights[sig + 4 + cls]!;
              if (wc === 0 && wo === 0) continue;
              const ctx = ctxs[ti]!;
              const word = figureWord(ctx, l, w);
              const nat = naturalFigureWord(ctx, l);
              let p = w & ctx.weliWild;
              for (let m = (l & ctx.wildLo) >>> 0; m !== 0; m = (m & (m - 1)) >>> 0) p++;
              const at = cellIndex(p, codeCount(wordGleich(word)), codeCount(wordHanger(word)), codeCount(wordGleich(nat)), codeCount(wordHanger(nat)));
              cutter[ti]![at]! += wc;
              other[ti]![at]! += wo;
            }
          }
  return { cutter, other };
}

/** Enumerate every 5-card hand with its exact weight as dealt (see the head of this file). */
export function dealtDistribution(r: RulesVariant, opts: DealtOptions = {}): DealtDistribution {
  const players = opts.players ?? 4;
  if (![2, 3, 4].includes(players)) throw new ExactError(`--players ${players}: the dealt figures are for 2, 3 or 4 players (six players hold 4 cards each)`);
  const table = seatTable(r, { players });
  const seats = table.seats;
  const t0 = performance.now();
  const deck = CardSet.deck(r.deckHasWeli).ids();
  const model = cutModel(r, deck, table.handSize);
  const trumps = r.trumpSuitsAllowed.slice();
  const { cutter, other } = enumerateHands(r, deck, model, trumps);
  const total = (xs: readonly Float64Array[]) => xs.reduce((s, x) => s + x.reduce((u, v) => u + v, 0), 0);
  for (const [what, xs] of [['the cutter', cutter], ['another seat', other]] as const) {
    const t = total(xs);
    if (Math.abs(t - 1) > 1e-9) throw new Error(`internal: the dealt weights of ${what}'s hand sum to ${t}, not 1`);
  }
  const seatMass = (ti: number) => (cutter[ti]!.reduce((u, v) => u + v, 0) + (seats - 1) * other[ti]!.reduce((u, v) => u + v, 0)) / seats;
  return {
    ruleset: r,
    players,
    seats,
    trumps,
    trumpProbability: trumps.map((_, ti) => seatMass(ti)),
    cutter,
    other,
    cutterKeeps: model.keeps && model.perm.length > 0,
    timings: { enumerateMs: performance.now() - t0 },
  };
}

/** Whose hand: a seat's (the mean over the seats: what `simulate` reports), the cutter's, or another seat's. */
export type DealtWho = 'seat' | 'cutter' | 'other';

/**
 * The cell masses of a hand as dealt: over every trump (the turn-up's mixture), or given the turn-up made
 * `trump` (conditional: what `simulate --trump` measures). Sums to 1.
 */
export function dealtMass(d: DealtDistribution, who: DealtWho = 'seat', trump: Suit | null = null): Float64Array {
  const out = new Float64Array(DIM ** 5);
  const idx = trump === null ? d.trumps.map((_, i) => i) : [d.trumps.indexOf(trump)];
  if (idx[0] === -1) throw new ExactError(`${trump} cannot be trump in ${d.ruleset.name} (allowed: ${d.trumps.join(', ')})`);
  let sum = 0;
  for (const ti of idx) {
    const c = d.cutter[ti]!;
    const o = d.other[ti]!;
    for (let i = 0; i < out.length; i++) {
      const v = who === 'cutter' ? c[i]! : who === 'other' ? o[i]! : (c[i]! + (d.seats - 1) * o[i]!) / d.seats;
      out[i]! += v;
      sum += v;
    }
  }
  for (let i = 0; i < out.length; i++) out[i]! /= sum;
  return out;
}

/** The headline shares of a hand as dealt (probabilities: `hands` is 1). */
export function dealtSummary(d: DealtDistribution, who: DealtWho = 'seat', trump: Suit | null = null): ExactSummary {
  return cellSummary(dealtMass(d, who, trump), 1);
}
