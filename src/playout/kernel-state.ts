// The playout kernel's state and its figures (kernel.ts is the kernel; kernel-moves.ts the card play):
// the state layout, loading a position, the figure frontier of a seat and who wins a figure.

import { WELI, type Suit } from '../cards/card.ts';
import { popcount32 } from '../cards/mask.ts';
import { bestFigures, type FigureParts } from '../eval/core.ts';
import { wordGleich, wordHanger, wordHangerSuit } from '../eval/figures.ts';
import { jointFrontierOfParts } from '../engine/joint.ts';
import { OFFSET, TABLE_SIZE, type FigureTables, type JointTable } from '../eval/tables.ts';
import { K0, K1, K2 } from '../eval/hand-index.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { NO_AS, kernelRules, type KernelRules } from './rules.ts';

export { NO_AS } from './rules.ts';

/** A uniform random source (the policy API's RandomSource). */
export interface KernelRandom {
  /** Uniform 32-bit unsigned integer. */
  nextUint32(): number;
}


// ---- state layout (Int32Array) ----
export const MAXS = 6;
export const HLO = 0; // hand, suited bits, per seat
export const HW = 6; // hand, Weli flag
export const IDM = 12; // identities laid (distinct)
export const NW = 18; // natural Weli laid
export const EX = 24; // repeats per rank: EX + seat * 8 + rank (48)
export const TC = 72; // open trick: cards (6)
export const TA = 78; // open trick: asIdx (6)
export const TN = 84; // cards in the open trick
export const LEADER = 85;
export const TURN = 86;
export const BEST_I = 87; // index in the trick of the card taking it so far
export const BEST_S = 88; // its effective suit
export const BEST_P = 89; // its power
export const LED = 90; // effective suit led
export const DONE = 91; // tricks completed
export const WON = 92; // tricks per party (6)
export const SPIEL = 98; // party with the Spiel, -1 open, -2 lapsed
export const OVER = 99; // 1 when trick play is over
export const SHOWN = 100; // figure word already shown per seat, -1 not yet (6)
export const BOUND = 106; // RULES §8.5 obligation per seat: bit 1 Gleich, bit 2 Hanger (6)
export const LASTW = 112; // winner (seat) of the last completed trick, -1
export const EXN = 113; // repeats laid per seat (the sum of its EX entries) (6)
export const SIZE = 119;

/** Continuation policies (solver: kernel-solver.ts, two parties; simple's with more). */
export const ROLLOUT = Object.freeze({ random: 0, simple: 1, solver: 2 });
export type RolloutPolicy = (typeof ROLLOUT)[keyof typeof ROLLOUT];

/** A played card as the engine and the observation record it. */
export interface KernelPlay {
  readonly seat: number;
  readonly card: number;
  /** Christened identity 0..31, null for a plain card or an un-christened Perlagg. */
  readonly as: number | null;
}
export interface KernelTrick {
  readonly leader: number;
  readonly plays: readonly KernelPlay[];
  /** Seat that took it, -1 while open. */
  readonly winner: number;
}

/** A position to play out: the public course of the hand plus every seat's cards (a world). */
export interface KernelPosition {
  readonly ruleset: RulesVariant;
  readonly trump: Suit | number;
  readonly seats: number;
  /** Party of each seat. */
  readonly party: readonly number[];
  readonly handSize: number;
  /** Tricks a party needs for the Spiel (3). */
  readonly spielTricks?: number;
  /** Vorhand (the dealer's left): leads the first trick; the showing goes clockwise from him (§9). */
  readonly vorhand: number;
  /** Each seat's cards now: suited bits (card.ts layout) and the Weli flag. */
  readonly handLo: ArrayLike<number>;
  readonly handWeli: ArrayLike<number>;
  /** The tricks so far, in order (a trailing open trick may be empty or missing). */
  readonly tricks: readonly KernelTrick[];
  /**
   * The Spiel when already decided: a party, -2 lapsed; -1 or absent: as the tricks say (a conceded
   * Spiel is decided: pass the party that made it).
   */
  readonly spielParty?: number;
  /** Figure words (eval/figures.ts) already shown per seat, -1 not yet; absent: none. */
  readonly shown?: ArrayLike<number>;
  /**
   * Points a party gets for making each figure: values[f * parties + party], f = 0 Spiel, 1 Gleich,
   * 2 Hanger (the bidding's stakes as given numbers: 1 silent, the level when held, 0 when already
   * written). Absent: 1 for every figure.
   */
  readonly values?: ArrayLike<number>;
  /** RULES §8.5 obligations per seat (bit 1 Gleich, bit 2 Hanger). Absent: none. */
  readonly bound?: ArrayLike<number>;
  /** Enumerate every christening (32 identities) instead of the reduced set. Default false. */
  readonly christenAll?: boolean;
  /**
   * The deal's bidding and the Partie's score (the engine's HandState.bid): with it, finish() writes what the
   * engine writes at the end of the deal (kernel-score.ts) — `points` the deal's writes per party, and
   * `partieWinner` — instead of the plain `values`. Absent: `values` as above, no Partie.
   */
  readonly bid?: KernelBid;
  /** The deal's writes so far (the engine's 'write', 'penalty' and 'correction' events), with `bid`. */
  readonly writeLog?: readonly KernelWriteEvent[];
}

/** A figure's bidding as the kernel reads it (engine/bid-state.ts FigureBid has this shape). */
export interface KernelFigureBid {
  readonly status: 'unbid' | 'offer' | 'stake' | 'closed';
  readonly level: number;
  readonly aus: boolean;
  /** Order of first bidding (Infinity while unbid). */
  readonly seq: number;
  readonly unseen: boolean;
  readonly firstParty: number;
  readonly writtenParty: number;
  readonly writtenPoints: number;
  readonly corrected: boolean;
  readonly decided: boolean;
  /** Parties that bid, held or raised the Spiel without the Spielfarbe (bit mask). */
  readonly violation: number;
  /** Per party: seats bound to have the figure (bit mask). */
  readonly obligated: readonly number[];
}

/** The deal's bidding and the Partie's score as the kernel reads them (engine/bid-state.ts Bidding has this shape). */
export interface KernelBid {
  readonly active: boolean;
  readonly figs: readonly KernelFigureBid[];
  /** Partie score per party at the start of the deal. */
  readonly score: readonly number[];
  /** This deal's immediate writes so far (penalties included, as minus points). */
  readonly written: readonly number[];
  /** Penalty points per party (positive, already in `written`). */
  readonly penalties: readonly number[];
  readonly partieWinner: number;
  readonly forfeited: number;
  readonly spielLost: number;
  readonly bummerl: number;
  readonly start1717: boolean;
  readonly ask: { readonly answer: string } | null;
}

/** A record of the deal's writes (engine/history.ts 'write', 'penalty', 'correction' events): the order of writing when two parties pass the target. */
export interface KernelWriteEvent {
  readonly type: string;
  readonly party?: number;
  readonly points?: number;
  readonly figure?: string | null;
  readonly from?: number;
  readonly to?: number;
}

/** Figure word of a shown hand: only its codes matter here. */
export const planScore = (w: number): number => (wordGleich(w) > 0 ? 1000 : 0) + (wordHanger(w) > 0 ? 1000 : 0) + wordGleich(w) + wordHanger(w);

/**
 * The kernel's state: the position (load, save, restore), what can be read of it, and the figures (each seat's
 * frontier, who wins a figure). Its card play is PlayoutMoves (kernel-moves.ts), the continuation policies
 * Playout (kernel.ts); load() replays the open trick and sets the showing order through them.
 */
export abstract class PlayoutState {
  /** Lay a card (kernel-moves.ts). */
  protected abstract lay(card: number, asIdx: number): void;
  /** The showing orders of the seats (kernel-moves.ts). */
  protected abstract setOrders(): void;
  /** Take the deal's bidding (kernel-score.ts); called by load() for every position, with or without it. */
  protected abstract loadBid(pos: KernelPosition): void;

  readonly st = new Int32Array(SIZE);
  protected readonly saved = new Int32Array(SIZE);
  rules!: KernelRules;
  seats = 0;
  parties = 0;
  handSize = 0;
  spielTricks = 3;
  vorhand = 0;
  christenAll = false;
  readonly party = new Int8Array(MAXS);
  /** values[f * parties + party] (see KernelPosition.values). */
  readonly values = new Int32Array(3 * MAXS);
  /** Legal moves of the seat to play, filled by legalMoves(). */
  readonly moves = new Int32Array(256);

  // ---- results of finish() ----
  /** Gleich and Hanger code each seat showed. */
  readonly gleich = new Int32Array(MAXS);
  readonly hanger = new Int32Array(MAXS);
  /** Party that made the Spiel, Gleich, Hanger (-1 nobody: lapsed or steht). */
  readonly figureWinner = new Int32Array(3);
  /** Points per party of this hand (values of the figures made). */
  readonly points = new Int32Array(MAXS);

  // ---- scratch (no allocation while playing) ----
  protected readonly extra: number[] = [0, 0, 0, 0, 0, 0, 0, 0];
  protected readonly parts: { mask: number; extraByRank: number[] | null; naturalWeliInFigures: 0 | 1; wilds: number } = {
    mask: 0,
    extraByRank: null,
    naturalWeliInFigures: 0,
    wilds: 0,
  };
  protected readonly ids = new Int32Array(8);
  /** The last frontier computed (frontier()). */
  protected readonly fr = new Int32Array(64);
  protected joint: JointTable | null = null;
  /** Bit per figure-table entry: its joint frontier has one entry (singleEntries). */
  protected singles: Uint8Array | null = null;
  /** Table index of this.parts (setParts), -1 when identities repeat (no table entry). */
  protected partsAt = -1;
  protected readonly planAs = new Int32Array(8);
  protected readonly planFree = new Int32Array(8);
  protected planN = 0;
  // candidate cache per seat: key (hand lo, Weli, identities, repeats) -> identity mask
  protected readonly ckLo = new Int32Array(MAXS);
  protected readonly ckW = new Int32Array(MAXS);
  protected readonly ckId = new Int32Array(MAXS);
  protected readonly ckEx = new Int32Array(MAXS);
  protected readonly ckMask = new Int32Array(MAXS);
  protected readonly ckValid = new Uint8Array(MAXS);

  /** Set up a position (validated); also saves it (restore() comes back here). */
  load(pos: KernelPosition): this {
    const seats = pos.seats;
    if (!(seats >= 2 && seats <= MAXS)) throw new RangeError(`a table has 2..${MAXS} hands, got ${seats}`);
    const R = kernelRules(pos.ruleset, pos.trump);
    if (this.rules === undefined || this.rules.fig.tables !== R.fig.tables) {
      this.joint = null;
      this.singles = singleEntries(R.fig.tables);
    }
    this.rules = R;
    this.seats = seats;
    this.handSize = pos.handSize;
    this.spielTricks = pos.spielTricks ?? 3;
    this.vorhand = pos.vorhand;
    this.christenAll = pos.christenAll ?? false;
    let parties = 0;
    for (let s = 0; s < seats; s++) {
      this.party[s] = pos.party[s]!;
      parties = Math.max(parties, pos.party[s]! + 1);
    }
    this.parties = parties;
    for (let i = 0; i < 3 * parties; i++) this.values[i] = pos.values === undefined ? 1 : pos.values[i]!;
    this.setOrders();
    const st = this.st;
    st.fill(0);
    for (let s = 0; s < seats; s++) {
      st[HLO + s] = pos.handLo[s]! | 0;
      st[HW + s] = pos.handWeli[s]! ? 1 : 0;
      st[SHOWN + s] = pos.shown === undefined ? -1 : pos.shown[s]!;
      st[BOUND + s] = pos.bound === undefined ? 0 : pos.bound[s]!;
    }
    st[SPIEL] = -1;
    st[LASTW] = -1;
    st[LEADER] = pos.vorhand;
    st[TURN] = pos.vorhand;
    let done = 0;
    for (const t of pos.tricks) {
      if (t.plays.length === 0) {
        st[LEADER] = t.leader;
        st[TURN] = t.leader;
        continue;
      }
      if (t.winner < 0 && t.plays.length >= seats) throw new RangeError('an open trick cannot be complete');
      st[LEADER] = t.leader;
      st[TN] = 0;
      st[TURN] = t.leader;
      for (const p of t.plays) {
        if (p.seat !== st[TURN]) throw new RangeError(`trick ${done + 1}: P${p.seat + 1} played out of turn`);
        // the card was in the seat's hand: put it back, then lay it through the same path as a move
        if (p.card === WELI) st[HW + p.seat] = 1;
        else st[HLO + p.seat]! |= 1 << p.card;
        this.lay(p.card, p.as === null ? NO_AS : p.as);
      }
      if (t.winner >= 0) {
        done++;
        if (st[LASTW] !== t.winner) throw new RangeError(`trick ${done}: taken by P${st[LASTW]! + 1} by the rules, not P${t.winner + 1}`);
      }
    }
    if (pos.spielParty !== undefined && pos.spielParty !== -1) {
      st[SPIEL] = pos.spielParty;
      st[OVER] = 1;
    }
    this.ckValid.fill(0);
    this.loadBid(pos);
    this.save();
    return this;
  }

  /** Replace every seat's cards (a new world for the same public course): seat s from handLo[at + s], handWeli[at + s]. */
  setHands(handLo: ArrayLike<number>, handWeli: ArrayLike<number>, at = 0): this {
    for (let s = 0; s < this.seats; s++) {
      this.st[HLO + s] = handLo[at + s]! | 0;
      this.st[HW + s] = handWeli[at + s]! ? 1 : 0;
    }
    return this;
  }

  save(): void {
    this.saved.set(this.st);
  }
  restore(): void {
    this.st.set(this.saved);
  }

  // ---- reading the state ----
  get over(): boolean {
    return this.st[OVER] === 1;
  }
  /** Seat to play. */
  get turn(): number {
    return this.st[TURN]!;
  }
  get tricksDone(): number {
    return this.st[DONE]!;
  }
  get cardsInTrick(): number {
    return this.st[TN]!;
  }
  /** Seat that took the last completed trick, -1. */
  get lastTrickWinner(): number {
    return this.st[LASTW]!;
  }
  /** Party with the Spiel, -1 open, -2 lapsed. */
  get spielParty(): number {
    return this.st[SPIEL]!;
  }
  tricksWon(party: number): number {
    return this.st[WON + party]!;
  }
  handLo(seat: number): number {
    return this.st[HLO + seat]! >>> 0;
  }
  handWeli(seat: number): number {
    return this.st[HW + seat]!;
  }

  // ---- figures ----

  /**
   * The joint frontier (RULES §7.4) of a seat's five cards (laid identities fixed, free Perlaggen wild) into
   * this.fr; returns its length. Sets this.parts.
   */
  protected frontier(seat: number): number {
    this.setParts(seat);
    return this.frontierOfParts();
  }

  /** The evaluator's parts of a seat's five cards into this.parts (the fast table path when partsIndex >= 0). */
  protected setParts(seat: number): void {
    const st = this.st;
    const R = this.rules;
    const lo = st[HLO + seat]!;
    const plain = lo & ~R.perlLo;
    const idm = st[IDM + seat]!;
    const overlap = plain & idm; // a laid identity that a plain card in hand also has
    const p = this.parts;
    p.extraByRank = null;
    if (overlap !== 0 || st[EXN + seat] !== 0) {
      const extra = this.extra;
      const base = EX + seat * 8;
      for (let r = 0; r < 8; r++) {
        let e = st[base + r]!;
        if (overlap !== 0) e += ((overlap >>> r) & 1) + ((overlap >>> (r + 8)) & 1) + ((overlap >>> (r + 16)) & 1) + ((overlap >>> (r + 24)) & 1);
        extra[r] = e;
      }
      p.extraByRank = extra;
    }
    p.mask = (plain | idm) >>> 0;
    p.naturalWeliInFigures = st[NW + seat] === 1 ? 1 : 0;
    p.wilds = popcount32(lo & R.perlLo) + (st[HW + seat]! & R.weliPerl);
    this.partsAt = p.extraByRank === null && p.naturalWeliInFigures === 0 ? partsIndex(p.mask, p.wilds) : -1;
  }

  /** The joint frontier of this.parts into this.fr; returns its length. */
  protected frontierOfParts(): number {
    const R = this.rules;
    const p = this.parts;
    const tables = R.fig.tables;
    const fr = this.fr;
    const index = this.partsAt;
    if (index >= 0) {
      // the table entry: no identity repeats
      if (p.wilds === 0) {
        fr[0] = tables.best[index]!;
        return 1;
      }
      const j = this.joint ?? (this.joint = tables.joint());
      const a = j.start[index]!;
      const n = j.start[index + 1]! - a;
      for (let i = 0; i < n; i++) fr[i] = j.words[a + i]!;
      return n;
    }
    if (p.wilds === 0) {
      // nothing to christen: one entry, the best figures of the fixed identities
      fr[0] = bestFigures(p as FigureParts, tables.rules);
      return 1;
    }
    const words = jointFrontierOfParts(R.fig, p as FigureParts);
    for (let i = 0; i < words.length; i++) fr[i] = words[i]!;
    return words.length;
  }

  /**
   * The identities the free Perlaggen take to show `word` (engine/scoring.ts realize(), here without
   * allocation): the Hanger window's missing cards first, every other one joins the Gleich's rank in a suit
   * not yet present (else Herz). Into this.ids, ascending; returns their number.
   */
  protected realize(present: number, k: number, word: number, out: Int32Array): number {
    let pres = present;
    let n = 0;
    const h = wordHanger(word);
    if (h > 0) {
      const len = h >>> 4;
      const top = h & 15;
      const suit = wordHangerSuit(word);
      for (let rv = top; rv > top - len; rv--) {
        if (rv <= 0) continue; // the natural Weli's 6: a fixed card
        const id = suit * 8 + rv - 1;
        if (((pres >>> id) & 1) === 0) {
          out[n++] = id;
          pres |= 1 << id;
        }
      }
    }
    const g = wordGleich(word);
    const rank = g > 0 ? (g & 15) - 1 : 7;
    while (n < k) {
      let pick = rank;
      for (let suit = 0; suit < 4; suit++) {
        if (((pres >>> (suit * 8 + rank)) & 1) === 0) {
          pick = suit * 8 + rank;
          break;
        }
      }
      out[n++] = pick;
      pres |= 1 << pick;
    }
    // insertion sort (n <= 5)
    for (let i = 1; i < n; i++) {
      const x = out[i]!;
      let j = i - 1;
      while (j >= 0 && out[j]! > x) {
        out[j + 1] = out[j]!;
        j--;
      }
      out[j + 1] = x;
    }
    return n;
  }

  /** Identity mask of the christenings a seat's Perlaggen may take now (reduced set, or all 32). */
  candidates(seat: number): number {
    if (this.christenAll) return -1;
    const st = this.st;
    const lo = st[HLO + seat]!;
    const w = st[HW + seat]!;
    const idm = st[IDM + seat]!;
    const b = EX + seat * 8;
    const ex = st[EXN + seat] === 0 ? st[NW + seat]! << 24 : st[b]! | (st[b + 1]! << 3) | (st[b + 2]! << 6) | (st[b + 3]! << 9) | (st[b + 4]! << 12) | (st[b + 5]! << 15) | (st[b + 6]! << 18) | (st[b + 7]! << 21) | (st[NW + seat]! << 24);
    if (this.ckValid[seat] === 1 && this.ckLo[seat] === lo && this.ckW[seat] === w && this.ckId[seat] === idm && this.ckEx[seat] === ex) return this.ckMask[seat]!;
    const m = this.rules.topMask | this.realizations(seat);
    this.ckValid[seat] = 1;
    this.ckLo[seat] = lo;
    this.ckW[seat] = w;
    this.ckId[seat] = idm;
    this.ckEx[seat] = ex;
    this.ckMask[seat] = m;
    return m;
  }

  /** The identities of every realisation of the seat's frontier (RULES §7.4), as a mask. */
  protected realizations(seat: number): number {
    this.setParts(seat);
    const p = this.parts;
    const index = this.partsAt;
    let cache: RealizationCache | null = null;
    if (index >= 0) {
      cache = realizationCache(this.rules.fig.tables);
      const hit = cache[index]!;
      if (hit !== 0) return hit; // (a hand with a free Perlagg has at least one realisation: never 0)
    }
    const nf = this.frontierOfParts();
    const fr = this.fr;
    let m = 0;
    for (let i = 0; i < nf; i++) {
      const n = this.realize(p.mask, p.wilds, fr[i]!, this.ids);
      for (let j = 0; j < n; j++) m |= 1 << this.ids[j]!;
    }
    if (cache !== null) cache[index] = m;
    return m;
  }

  // ---- trick play ----

  /** The plain cards of `mask` that would take the open trick now. */
  protected winning(mask: number): number {
    const st = this.st;
    const R = this.rules;
    const bs = st[BEST_S]!;
    const bp = st[BEST_P]!;
    let out = 0;
    let m = mask;
    while (m !== 0) {
      const c = 31 - Math.clz32(m & -m);
      m &= m - 1;
      const i = c * 33 + NO_AS;
      const s = R.effSuit[i]!;
      if (s === bs) {
        if (R.power[i]! > bp) out |= 1 << c;
      } else if (s === R.trump) out |= 1 << c;
    }
    return out;
  }

  /** Would (card, asIdx) take the open trick if laid now? (true when leading) */
  wins(card: number, asIdx: number): boolean {
    const st = this.st;
    if (st[TN] === 0) return true;
    const i = card * 33 + asIdx;
    const s = this.rules.effSuit[i]!;
    if (s === st[BEST_S]) return this.rules.power[i]! > st[BEST_P]!;
    return s === this.rules.trump;
  }

}

/**
 * eval/tables.ts tableIndex(mask, popcount(mask), k) — OFFSET[n * 6 + k] + colex(mask) — with the colex rank and
 * the count read from hand-index.ts's chunk tables (three lookups instead of a loop over the bits).
 */
export function partsIndex(mask: number, k: number): number {
  const a = K0[mask & 0x7ff]!;
  const n0 = a >>> 24;
  const b = K1[(n0 << 11) | ((mask >>> 11) & 0x7ff)]!;
  const n1 = n0 + (b >>> 24);
  const c = K2[(n1 << 10) | (mask >>> 22)]!;
  return OFFSET[(n1 + (c >>> 24)) * 6 + k]! + (a & 0xffffff) + (b & 0xffffff) + (c & 0xffffff);
}

/**
 * A bit per figure-table entry: 1 when its joint frontier is a single pair (the best Gleich and the best
 * Hanger can be shown at once; the entry is then the `best` table's word). 36 KiB: it stays in cache
 * where the frontier table (two arrays, 1.7 MiB) would not.
 */
export const singleCaches = new WeakMap<FigureTables, Uint8Array>();
export function singleEntries(t: FigureTables): Uint8Array {
  let b = singleCaches.get(t);
  if (b !== undefined) return b;
  const j = t.joint();
  b = new Uint8Array((TABLE_SIZE + 7) >>> 3);
  for (let i = 0; i < TABLE_SIZE; i++) if (j.start[i + 1]! - j.start[i]! === 1) b[i >>> 3]! |= 1 << (i & 7);
  singleCaches.set(t, b);
  return b;
}

/** Per figure-table entry (a hand's natural part and free Perlaggen): the identities of its frontier's realisations, 0 = not yet known. */
export type RealizationCache = Int32Array;
export const realizationCaches = new WeakMap<FigureTables, RealizationCache>();
export let lastTables: FigureTables | null = null;
export let lastCache: RealizationCache | null = null;
export function realizationCache(t: FigureTables): RealizationCache {
  if (t === lastTables && lastCache !== null) return lastCache;
  let c = realizationCaches.get(t);
  if (c === undefined) realizationCaches.set(t, (c = new Int32Array(TABLE_SIZE)));
  lastTables = t;
  lastCache = c;
  return c;
}

/** The card of a move. */
export const moveCard = (m: number): number => m & 63;
/** The christening of a move: 0..31, null when none. */
export const moveAs = (m: number): number | null => (m >>> 6 === NO_AS ? null : m >>> 6);
/** The move laying `card` as `as` (null: plain / un-christened). */
export const moveOf = (card: number, as: number | null): number => card | ((as === null ? NO_AS : as) << 6);

