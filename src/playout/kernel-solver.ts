// The solver continuation (issue 28: a continuation better than simple's): the end of a world's trick play as
// both parties would play it for the Spiel knowing every card — the double-dummy play of bridge programs
// (GIB), here for Perlaggen's Spiel (RULES §7.1: the party with 3 tricks). Two parties only.
//
// The hand is played as `simple` plays it until a trick is to be led with at most `from` cards in hand; from
// there the Spiel is solved (+1 party 0, −1 party 1, 0 lapsed) by alpha-beta over the kernel's legal moves
// (RULES §6.2, with the christenings the kernel offers, §5), the seat to play maximising its party's value.
// A card christened two ways that do the same in the trick is searched once (same()), and positions between
// tricks keep their bounds in a transposition table. The figures are not in the value: at each turn the
// move `simple` picks is played if it keeps the solved value of the Spiel, else the first legal move that
// does, so the christenings for the figures and the rest of the play stay simple's wherever the Spiel does
// not depend on them. The kernel's state is one Int32Array (kernel-state.ts): a node saves and restores it
// with one copy. Cost (bench/playout.ts): from 3 cards, about 200× a simple playout in the Oberland; the
// whole hand (from 5) is out of reach for a search that plays thousands of playouts a decision.
//
// Its slow twin: test/playout/solver.test.ts solves the same positions by plain minimax over every legal move
// (no table, no merged christenings, no ordering) and walks them the same way: the same value, the same cards.
import { popcount32 } from '../cards/mask.ts';
import { BEST_I, BEST_P, BEST_S, HLO, HW, LASTW, LED, OVER, SIZE, SPIEL, TC, TN, TURN } from './kernel-state.ts';

/** What the solver needs of the kernel (kernel.ts Playout). */
export interface SolvableKernel {
  readonly st: Int32Array;
  readonly moves: Int32Array;
  readonly parties: number;
  readonly party: Int8Array;
  readonly rules: { readonly effSuit: Readonly<Int8Array>; readonly power: Readonly<Int16Array>; readonly trump: number };
  readonly christenAll: boolean;
  legalMoves(): number;
  play(move: number): void;
  simpleMove(n: number): number;
}

/** Plies of one hand at most: 6 seats × 5 cards, and the walk's own level. */
const MAXD = 32;
/** Legal moves of one position at most (kernel-state.ts `moves`). */
const MAXM = 256;

/** The Spiel's value of a finished kernel state, for party 0. */
function spielValue(st: Int32Array): number {
  const s = st[SPIEL]!;
  return s === 0 ? 1 : s === 1 ? -1 : 0;
}

/** Transposition table: 2^TT_BITS entries of (hash 1, hash 2, lower bound, upper bound). */
const TT_BITS = 16;

export class SpielSolver {
  private readonly states = new Int32Array(SIZE * (MAXD + 1));
  private readonly mv = new Int32Array(MAXM * (MAXD + 1));
  // positions between tricks already solved (their bounds), for the table's kernel (rules, christenings, parties)
  private readonly tt = new Int32Array(4 << TT_BITS);
  private ttRules: object | null = null;
  private ttChristen = false;
  private ttParty = -1;
  private h1 = 0;
  private h2 = 0;
  /** Positions searched since construction (a measure of the cost). */
  nodes = 0;

  /**
   * The Spiel's value of the kernel's position for party 0 under both parties' best play, within the window
   * (alpha, beta): a result ≤ alpha is an upper bound, ≥ beta a lower bound, else exact. The kernel's state is
   * as it was on return.
   */
  value(k: SolvableKernel, alpha = -1, beta = 1): number {
    this.table(k);
    return this.search(k, 1, alpha, beta);
  }

  /** The transposition table holds values of one kernel setting (its rules and trump, christenings, parties). */
  private table(k: SolvableKernel): void {
    let party = k.parties;
    for (let s = 0; s < k.party.length; s++) party = party * 3 + k.party[s]!;
    if (this.ttRules === k.rules && this.ttChristen === k.christenAll && this.ttParty === party) return;
    this.tt.fill(0);
    this.ttRules = k.rules;
    this.ttChristen = k.christenAll;
    this.ttParty = party;
  }

  /** Two 32-bit hashes of a position between tricks (h1, h2): every field but the last trick's leftovers. */
  private hash(st: Int32Array): void {
    let a = 0x811c9dc5 | 0;
    let b = 0x9e3779b9 | 0;
    for (let i = 0; i < SIZE; i++) {
      if (i >= TC && i < TN) continue;
      if ((i >= BEST_I && i <= LED) || i === LASTW) continue;
      const x = st[i]!;
      a = Math.imul(a ^ x, 0x01000193);
      b = Math.imul(b + x, 0x85ebca6b) ^ (b >>> 13);
    }
    this.h1 = a;
    this.h2 = b | 1; // never 0: an empty entry has hash 2 = 0
  }

  /**
   * Play the kernel's position out to the end of the trick play: at each turn simple's move if it keeps the
   * solved value of the Spiel, else the first legal move that does. (The caller finishes the hand.)
   */
  playOut(k: SolvableKernel, from = 5): void {
    const st = k.st;
    // simple's play until a trick is to be led with at most `from` cards in the leader's hand
    while (st[OVER] === 0 && (st[TN] !== 0 || popcount32(st[HLO + st[TURN]!]!) + st[HW + st[TURN]!]! > from)) k.play(k.simpleMove(k.legalMoves()));
    if (st[OVER] === 1) return;
    this.table(k);
    const target = this.search(k, 1, -1, 1);
    const mv = this.mv;
    while (st[OVER] === 0) {
      const n = this.ordered(k, 0);
      const max = k.party[st[TURN]!] === 0;
      this.states.set(st, 0);
      let chosen = false;
      for (let i = 0; i < n && !chosen; i++) {
        if (i > 0) st.set(this.states.subarray(0, SIZE));
        k.play(mv[i]!);
        // a null window: does this move keep the target (the mover cannot do better than the target)?
        chosen = max ? this.search(k, 1, target - 1, target) >= target : this.search(k, 1, target, target + 1) <= target;
      }
      if (!chosen) throw new Error('the solver found no move that keeps the solved value'); // cannot happen
    }
  }

  /** The legal moves into mv at depth d, simple's first; returns their number. */
  private ordered(k: SolvableKernel, d: number): number {
    const n = k.legalMoves();
    if (n > MAXM) throw new RangeError(`more than ${MAXM} legal moves`);
    const first = k.simpleMove(n);
    const mv = this.mv;
    const base = d * MAXM;
    mv[base] = first;
    let j = 1;
    for (let i = 0; i < n; i++) {
      const m = k.moves[i]!;
      if (m === first || this.same(k, mv, base, j, m)) continue;
      mv[base + j++] = m;
    }
    return j;
  }

  /**
   * Is move m the same for the trick play as one already listed? Then it is not searched: for the Spiel the
   * two are one move. The same card laid by the leader: the same effective suit, and not a higher power than
   * the one listed (a card leads its suit best at its highest power). Laid by a follower: both take the trick
   * so far, the one listed at least as well (a trump above a card of the suit led, else the higher power), or
   * neither does (RULES §6.3: a card that does not take the trick is only gone from the hand).
   */
  private same(k: SolvableKernel, mv: Int32Array, base: number, j: number, m: number): boolean {
    const c = m & 63;
    const R = k.rules;
    const st = k.st;
    const i = c * 33 + (m >>> 6);
    const lead = st[TN] === 0;
    for (let x = 0; x < j; x++) {
      const o = mv[base + x]!;
      if ((o & 63) !== c) continue;
      const io = c * 33 + (o >>> 6);
      if (lead) {
        if (R.effSuit[io] === R.effSuit[i] && R.power[io]! >= R.power[i]!) return true;
        continue;
      }
      const wm = this.takes(R, st, i);
      if (wm !== this.takes(R, st, io)) continue;
      if (!wm || this.atLeast(R, io, i)) return true;
    }
    return false;
  }

  /** Does the play (card * 33 + identity) take the open trick so far? */
  private takes(R: SolvableKernel['rules'], st: Int32Array, i: number): boolean {
    const es = R.effSuit[i]!;
    return (es === st[BEST_S] && R.power[i]! > st[BEST_P]!) || (es === R.trump && st[BEST_S] !== R.trump);
  }

  /** Does play a hold the trick at least as well as play b (both taking it)? */
  private atLeast(R: SolvableKernel['rules'], a: number, b: number): boolean {
    const ea = R.effSuit[a]!;
    const eb = R.effSuit[b]!;
    if (ea === eb) return R.power[a]! >= R.power[b]!;
    return ea === R.trump;
  }

  private search(k: SolvableKernel, d: number, alpha: number, beta: number): number {
    const st = k.st;
    if (st[OVER] === 1) return spielValue(st);
    if (d > MAXD) throw new RangeError('the hand is longer than the solver allows');
    this.nodes++;
    const between = st[TN] === 0 && d > 1;
    let at0 = -1;
    let h1 = 0;
    let h2 = 0;
    const a0 = alpha;
    const b0 = beta;
    if (between) {
      this.hash(st);
      h1 = this.h1;
      h2 = this.h2;
      at0 = (this.h1 & ((1 << TT_BITS) - 1)) * 4;
      const tt = this.tt;
      if (tt[at0] === h1 && tt[at0 + 1] === h2) {
        const lo = tt[at0 + 2]!;
        const hi = tt[at0 + 3]!;
        if (lo === hi || lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
      }
    }
    const n = this.ordered(k, d);
    const max = k.party[st[TURN]!] === 0;
    const at = d * SIZE;
    const saved = this.states.subarray(at, at + SIZE);
    saved.set(st);
    const mv = this.mv;
    const base = d * MAXM;
    let best = max ? -2 : 2;
    for (let i = 0; i < n; i++) {
      if (i > 0) st.set(saved);
      k.play(mv[base + i]!);
      const v = this.search(k, d + 1, alpha, beta);
      if (max) {
        if (v > best) best = v;
        if (best > alpha) alpha = best;
      } else {
        if (v < best) best = v;
        if (best < beta) beta = best;
      }
      if (alpha >= beta) break;
    }
    st.set(saved);
    if (at0 >= 0) this.store(at0, h1, h2, best, a0, b0);
    return best;
  }

  /** Keep a searched value as bounds (fail-soft: ≤ the window's alpha an upper bound, ≥ its beta a lower one). */
  private store(at: number, h1: number, h2: number, v: number, alpha: number, beta: number): void {
    const tt = this.tt;
    let lo = -1;
    let hi = 1;
    if (tt[at] === h1 && tt[at + 1] === h2) {
      lo = tt[at + 2]!;
      hi = tt[at + 3]!;
    }
    if (v <= alpha) hi = Math.min(hi, v);
    else if (v >= beta) lo = Math.max(lo, v);
    else lo = hi = v;
    tt[at] = h1;
    tt[at + 1] = h2;
    tt[at + 2] = lo;
    tt[at + 3] = hi;
  }
}
