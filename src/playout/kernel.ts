// The playout kernel (issue 13): trick play and the figures' points of a dealt world, from any point of a
// hand, on bits and typed arrays — no Observation objects, no allocation per playout.
//
//   RULES §6.1–§6.3  leading, following (§6.2 with every `follow` switch, A-04, A-05), the trick winner
//                    (§2.3 with A-02 M1/M2 and A-03's un-christened Perlagg), via the tables of rules.ts;
//   RULES §7.1       the Spiel: 3 tricks of the hand (or the last trick, A-17); it lapses when no party can
//                    reach it (three players each for himself, six players 2:2, A-41);
//   RULES §5         christening at play time, reduced (by default) to the identities that can matter: the
//                    best trick identities (the trump As; under A-02 M2 the trump Perlagg identity of highest
//                    power), un-christened where the ruleset allows it, and every identity that
//                    completes one of the seat's best figure pairs (the joint frontier's realisations, as
//                    engine/scoring.ts realize() christens them); `christenAll` enumerates all 32 instead;
//   RULES §7.4, §8.1 at the end each seat shows one entry of its joint frontier (played identities fixed,
//                    free Perlaggen wild) chosen as strategies/simple.ts chooses; each figure goes to the
//                    strictly best (ties ), worth the stake given per figure and party;
//   RULES §8.5       a seat bound to a Gleich/Hanger spends its Perlaggen on it (GC-34), as the engine does.
//
// Its slow twin is the engine: twin.ts plays the same hands move by move in both.
//
// State: one Int32Array (offsets below), so that saving and restoring a position is one typed-array copy.
//   a hand      = suited bits (card.ts layout) + Weli flag
//   a move      = card | asIdx << 6          (asIdx 0..31 christened identity, 32 = none; rules.ts)
//   played ids  = per seat: IDM mask of distinct identities laid + EX[seat*8 + rank] repeats per rank
//                 (identical christened identities, A-36) + NW natural Weli laid (A-11 alternative)
import { WELI, type Suit } from '../cards/card.ts';
import { popcount32 } from '../cards/mask.ts';
import { bestFigures, type FigureParts } from '../eval/core.ts';
import { wordGleich, wordHanger, wordHangerSuit } from '../eval/figures.ts';
import { jointFrontierOfParts } from '../engine/joint.ts';
import { OFFSET, TABLE_SIZE, type FigureTables, type JointTable } from '../eval/tables.ts';
import { K0, K1, K2 } from '../eval/hand-index.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { NO_AS, SUIT_MASK, kernelRules, type KernelRules } from './rules.ts';

export { NO_AS } from './rules.ts';

/** A uniform random source (the policy API's RandomSource). */
export interface KernelRandom {
  /** Uniform 32-bit unsigned integer. */
  nextUint32(): number;
}


// ---- state layout (Int32Array) ----
const MAXS = 6;
const HLO = 0; // hand, suited bits, per seat
const HW = 6; // hand, Weli flag
const IDM = 12; // identities laid (distinct)
const NW = 18; // natural Weli laid
const EX = 24; // repeats per rank: EX + seat * 8 + rank (48)
const TC = 72; // open trick: cards (6)
const TA = 78; // open trick: asIdx (6)
const TN = 84; // cards in the open trick
const LEADER = 85;
const TURN = 86;
const BEST_I = 87; // index in the trick of the card taking it so far
const BEST_S = 88; // its effective suit
const BEST_P = 89; // its power
const LED = 90; // effective suit led
const DONE = 91; // tricks completed
const WON = 92; // tricks per party (6)
const SPIEL = 98; // party with the Spiel, -1 open, -2 lapsed
const OVER = 99; // 1 when trick play is over
const SHOWN = 100; // figure word already shown per seat, -1 not yet (6)
const BOUND = 106; // RULES §8.5 obligation per seat: bit 1 Gleich, bit 2 Hanger (6)
const LASTW = 112; // winner (seat) of the last completed trick, -1
const EXN = 113; // repeats laid per seat (the sum of its EX entries) (6)
const SIZE = 119;

/** Continuation policies. */
export const ROLLOUT = Object.freeze({ random: 0, simple: 1 });
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
}

/** Figure word of a shown hand: only its codes matter here. */
const planScore = (w: number): number => (wordGleich(w) > 0 ? 1000 : 0) + (wordHanger(w) > 0 ? 1000 : 0) + wordGleich(w) + wordHanger(w);

export class Playout {
  readonly st = new Int32Array(SIZE);
  private readonly saved = new Int32Array(SIZE);
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
  private readonly extra: number[] = [0, 0, 0, 0, 0, 0, 0, 0];
  private readonly parts: { mask: number; extraByRank: number[] | null; naturalWeliInFigures: 0 | 1; wilds: number } = {
    mask: 0,
    extraByRank: null,
    naturalWeliInFigures: 0,
    wilds: 0,
  };
  private readonly ids = new Int32Array(8);
  /** The last frontier computed (frontier()). */
  private readonly fr = new Int32Array(64);
  private joint: JointTable | null = null;
  /** Bit per figure-table entry: its joint frontier has one entry (singleEntries). */
  private singles: Uint8Array | null = null;
  /** Table index of this.parts (setParts), -1 when identities repeat (no table entry). */
  private partsAt = -1;
  private readonly planAs = new Int32Array(8);
  private readonly planFree = new Int32Array(8);
  private planN = 0;
  // candidate cache per seat: key (hand lo, Weli, identities, repeats) -> identity mask
  private readonly ckLo = new Int32Array(MAXS);
  private readonly ckW = new Int32Array(MAXS);
  private readonly ckId = new Int32Array(MAXS);
  private readonly ckEx = new Int32Array(MAXS);
  private readonly ckMask = new Int32Array(MAXS);
  private readonly ckValid = new Uint8Array(MAXS);

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
  private frontier(seat: number): number {
    this.setParts(seat);
    return this.frontierOfParts();
  }

  /** The evaluator's parts of a seat's five cards into this.parts (the fast table path when partsIndex >= 0). */
  private setParts(seat: number): void {
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
  private frontierOfParts(): number {
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
  private realize(present: number, k: number, word: number, out: Int32Array): number {
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
  private realizations(seat: number): number {
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
  private winning(mask: number): number {
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

  /**
   * The legal moves of the seat to play (RULES §6.2, as engine/legality.ts legalPlays; §8.5 obligations as
   * the engine's obligationFilter) into this.moves, in the engine's order: cards ascending, a Perlagg's
   * christenings ascending, then un-christened. Returns their number.
   */
  legalMoves(): number {
    const st = this.st;
    const R = this.rules;
    const out = this.moves;
    const seat = st[TURN]!;
    const perl = this.follow(seat);
    const w = st[HW + seat]!;
    const plainOk = this.plainOk;
    const perlFree = this.perlFree;
    const led = this.led;
    let n = 0;
    const cand = perl !== 0 || w !== 0 ? this.candidates(seat) : 0;
    const trump = R.trump;
    const eff = R.effSuit;
    const allowNull = R.allowNull;
    let m = plainOk | perl;
    while (m !== 0) {
      const c = 31 - Math.clz32(m & -m);
      m &= m - 1;
      if (((perl >>> c) & 1) === 0) {
        out[n++] = c | (NO_AS << 6);
        continue;
      }
      n = this.christenings(c, cand, perlFree, led, trump, eff, allowNull, n);
    }
    if (w !== 0) n = this.christenings(WELI, cand, perlFree, led, trump, eff, allowNull, n);
    if (st[BOUND + seat] !== 0 && (perl !== 0 || w !== 0)) n = this.keepObligations(seat, n);
    return n;
  }

  // what follow() found: the plain cards allowed, whether a Perlagg may take any christening, the suit led (-1: free)
  private plainOk = 0;
  private perlFree = true;
  private led = -1;

  /**
   * RULES §6.2 for the seat to play (engine/legality.ts followFacts / followAllows): sets plainOk,
   * perlFree and led; returns the seat's suited Perlaggen (every one of them may be laid: as the trump As
   * it is always allowed).
   */
  private follow(seat: number): number {
    const st = this.st;
    const R = this.rules;
    const lo = st[HLO + seat]!;
    const perlLo = R.perlLo;
    const plain = lo & ~perlLo;
    const perl = lo & perlLo;
    this.plainOk = plain;
    this.perlFree = true;
    this.led = -1;
    if (st[TN]! > 0 && R.mustFollow) {
      const L = st[LED]!;
      if (!R.watten || L === R.trump) {
        const plainL = plain & SUIT_MASK[L]!;
        if (plainL !== 0 || (R.perlaggHoldsSuit && (perl !== 0 || st[HW + seat] !== 0))) {
          let ok = plainL;
          if (R.mustOvertake && plainL !== 0) {
            const win = this.winning(plainL);
            if (win !== 0) ok = win;
          }
          if (R.mayTrump && L !== R.trump) {
            let t = plain & SUIT_MASK[R.trump]!;
            if (R.trumpOnlyIfWinning && t !== 0) t = this.winning(t);
            ok |= t;
          }
          this.plainOk = ok;
          this.perlFree = R.perlaggOffSuit;
          this.led = L;
        }
      }
    }
    return perl;
  }

  /** The legal moves of one card of the seat to play into this.moves (follow() has run); returns their number. */
  private movesOfCard(seat: number, c: number): number {
    const R = this.rules;
    if (R.level[c] === 0) {
      this.moves[0] = c | (NO_AS << 6);
      return 1;
    }
    return this.christenings(c, this.candidates(seat), this.perlFree, this.led, R.trump, R.effSuit, R.allowNull, 0);
  }

  private christenings(c: number, cand: number, perlFree: boolean, led: number, trump: number, eff: Readonly<Int8Array>, allowNull: boolean, at: number): number {
    const out = this.moves;
    let n = at;
    const base = c * 33;
    let k = cand;
    while (k !== 0) {
      const a = 31 - Math.clz32(k & -k);
      k &= k - 1;
      if (perlFree) out[n++] = c | (a << 6);
      else {
        const s = eff[base + a]!;
        if (s === led || s === trump) out[n++] = c | (a << 6);
      }
    }
    if (allowNull) {
      const s = eff[base + NO_AS]!;
      if (perlFree || s === led || s === trump) out[n++] = c | (NO_AS << 6);
    }
    return n;
  }

  /** RULES §8.5 / GC-34: a bound seat may lay a Perlagg only so that its figures can still be made (if they could). */
  private keepObligations(seat: number, n: number): number {
    const st = this.st;
    const need = st[BOUND + seat]!;
    const wilds = popcount32(st[HLO + seat]! & this.rules.perlLo) + st[HW + seat]!;
    if (!this.meets(this.frontier(seat), need)) return n;
    // After laying a Perlagg the seat has at least one fixed identity (that card's): one free Perlagg left
    // can pair it (a Gleich) or lie next to it (a Hanger), two can do both — no frontier to look at then.
    const quick = wilds - 1 >= (need === 6 ? 2 : 1);
    const out = this.moves;
    let k = 0;
    for (let i = 0; i < n; i++) {
      const mv = out[i]!;
      const c = mv & 63;
      // (a Weli laid un-christened is the natural Schell 6: no identity a Gleich or a Hanger can build on)
      if (this.rules.level[c] === 0 || (quick && !(c === WELI && mv >>> 6 === NO_AS)) || this.meetsAfter(seat, c, mv >>> 6, need)) out[k++] = mv;
    }
    // Under strict follow switches (A-04: a Perlagg counts as holding the suit and must be christened to
    // it) no card may be left: then the obligation yields, as in the engine's legalActions (RULES §8.5).
    if (k === 0) return this.reexpand(seat);
    return k;
  }

  /** Does an entry of the last frontier (of n entries) make the bound figures? */
  /** legalMoves() without the obligation filter. */
  private reexpand(seat: number): number {
    const b = this.st[BOUND + seat]!;
    this.st[BOUND + seat] = 0;
    const n = this.legalMoves();
    this.st[BOUND + seat] = b;
    return n;
  }

  private meets(n: number, need: number): boolean {
    const fr = this.fr;
    for (let i = 0; i < n; i++) {
      const w = fr[i]!;
      if ((need & 2) !== 0 && wordGleich(w) === 0) continue;
      if ((need & 4) !== 0 && wordHanger(w) === 0) continue;
      return true;
    }
    return false;
  }

  /** meets() of the seat's frontier after laying (card, asIdx). */
  private meetsAfter(seat: number, card: number, asIdx: number, need: number): boolean {
    const st = this.st;
    const lo = st[HLO + seat]!;
    const w = st[HW + seat]!;
    const idm = st[IDM + seat]!;
    const nw = st[NW + seat]!;
    const id = asIdx === NO_AS ? card : asIdx;
    const r = id & 7;
    const ex = st[EX + seat * 8 + r]!;
    const exn = st[EXN + seat]!;
    this.takeIdentity(seat, card, id);
    const ok = this.meets(this.frontier(seat), need);
    st[HLO + seat] = lo;
    st[HW + seat] = w;
    st[IDM + seat] = idm;
    st[NW + seat] = nw;
    st[EX + seat * 8 + r] = ex;
    st[EXN + seat] = exn;
    return ok;
  }

  /** The seat's card leaves its hand and its identity joins the laid ones. */
  private takeIdentity(seat: number, card: number, id: number): void {
    const st = this.st;
    if (card === WELI) st[HW + seat] = 0;
    else st[HLO + seat]! &= ~(1 << card);
    if (id === WELI) {
      if (this.rules.weliNaturalInFigures) st[NW + seat] = 1; // the natural Weli, Schell 6
    } else if (((st[IDM + seat]! >>> id) & 1) === 1) {
      st[EX + seat * 8 + (id & 7)]! += 1;
      st[EXN + seat]! += 1;
    } else st[IDM + seat]! |= 1 << id;
  }

  /** Lay a move (from legalMoves; unchecked). */
  play(move: number): void {
    this.lay(move & 63, move >>> 6);
  }

  private lay(card: number, asIdx: number): void {
    const st = this.st;
    const R = this.rules;
    const seat = st[TURN]!;
    this.takeIdentity(seat, card, asIdx === NO_AS ? card : asIdx);
    const n = st[TN]!;
    const i = card * 33 + asIdx;
    const es = R.effSuit[i]!;
    const pw = R.power[i]!;
    st[TC + n] = card;
    st[TA + n] = asIdx;
    if (n === 0) {
      st[LED] = es;
      st[BEST_I] = 0;
      st[BEST_S] = es;
      st[BEST_P] = pw;
    } else if (es === st[BEST_S]) {
      if (pw > st[BEST_P]!) {
        st[BEST_I] = n;
        st[BEST_P] = pw;
      }
    } else if (es === R.trump) {
      st[BEST_I] = n;
      st[BEST_S] = es;
      st[BEST_P] = pw;
    }
    const seats = this.seats;
    if (n + 1 < seats) {
      st[TN] = n + 1;
      st[TURN] = seat + 1 === seats ? 0 : seat + 1;
      return;
    }
    // the trick is complete
    let winner = st[LEADER]! + st[BEST_I]!;
    if (winner >= seats) winner -= seats;
    st[LASTW] = winner;
    st[WON + this.party[winner]!]! += 1;
    const done = st[DONE]! + 1;
    st[DONE] = done;
    st[TN] = 0;
    st[LEADER] = winner;
    st[TURN] = winner;
    const d = this.spielDecision(done);
    if (d !== -1) {
      st[SPIEL] = d;
      st[OVER] = 1;
    }
  }

  /** RULES §7.1, A-17, A-41: the party with the Spiel, -2 lapsed, -1 open. */
  private spielDecision(done: number): number {
    const st = this.st;
    const total = this.handSize;
    if (this.rules.spielLastTrick) return done < total ? -1 : this.party[st[LASTW]!]!;
    const need = this.spielTricks;
    let canStill = false;
    for (let p = 0; p < this.parties; p++) {
      const won = st[WON + p]!;
      if (won >= need) return p;
      if (won + (total - done) >= need) canStill = true;
    }
    return canStill ? -1 : -2;
  }

  // ---- the end of the hand ----

  /**
   * Show and score (RULES §7.4, §8.1, A-33): each seat in showing order (the Spiel party first, then the
   * others, each clockwise from Vorhand; all clockwise when the Spiel lapsed) shows the entry of its joint
   * frontier that strategies/simple.ts would show (the most figures that beat what the opponents showed
   * before it, then the highest codes; obligations first, §8.5); then each figure to the strictly best.
   * Fills gleich, hanger, figureWinner, points.
   */
  finish(): void {
    const st = this.st;
    const seats = this.seats;
    const party = this.party;
    const spiel = st[SPIEL]!;
    const order = this.orders;
    const base = (spiel >= 0 ? spiel + 1 : 0) * MAXS;
    for (let i = 0; i < seats; i++) {
      const seat = order[base + i]!;
      let word = st[SHOWN + seat]!;
      if (word < 0) {
        this.setParts(seat);
        const idx = this.partsAt;
        // most hands show their best Gleich and best Hanger at once (a frontier of one entry): one lookup
        const nf = idx >= 0 && (this.parts.wilds === 0 || this.singles![idx >>> 3]! & (1 << (idx & 7))) ? ((this.fr[0] = this.rules.fig.tables.best[idx]!), 1) : this.frontierOfParts();
        const fr = this.fr;
        if (nf === 1) word = fr[0]!;
        else {
          const me = party[seat]!;
          let og = 0;
          let oh = 0;
          for (let j = 0; j < i; j++) {
            const o = order[base + j]!;
            if (party[o] === me) continue;
            if (this.gleich[o]! > og) og = this.gleich[o]!;
            if (this.hanger[o]! > oh) oh = this.hanger[o]!;
          }
          const need = st[BOUND + seat]!;
          const filter = need !== 0 && this.meets(nf, need);
          word = -1;
          let bestScore = -1;
          for (let e = 0; e < nf; e++) {
            const w = fr[e]!;
            if (filter && !this.meets1(w, need)) continue;
            const g = wordGleich(w);
            const h = wordHanger(w);
            const sc = (g > og ? 1000 : 0) + (h > oh ? 1000 : 0) + g + h;
            if (sc > bestScore) {
              bestScore = sc;
              word = w;
            }
          }
        }
      }
      this.gleich[seat] = wordGleich(word);
      this.hanger[seat] = wordHanger(word);
    }
    const fw = this.figureWinner;
    fw[0] = spiel >= 0 ? spiel : -1;
    fw[1] = this.bestParty(this.gleich);
    fw[2] = this.bestParty(this.hanger);
    const parties = this.parties;
    for (let p = 0; p < parties; p++) this.points[p] = 0;
    for (let f = 0; f < 3; f++) {
      const w = fw[f]!;
      if (w >= 0) this.points[w]! += this.values[f * parties + w]!;
    }
  }

  /**
   * The showing orders (RULES §9): orders[(spiel + 1) * MAXS + i] for a Spiel made by party `spiel`, the
   * first block (index 0) for a Spiel lapsed or not decided: everyone clockwise from Vorhand.
   */
  private readonly orders = new Int8Array((MAXS + 1) * MAXS);
  private setOrders(): void {
    const seats = this.seats;
    for (let sp = -1; sp < this.parties; sp++) {
      const base = (sp + 1) * MAXS;
      let k = 0;
      if (sp >= 0) for (let i = 0; i < seats; i++) {
        const s = (this.vorhand + i) % seats;
        if (this.party[s] === sp) this.orders[base + k++] = s;
      }
      for (let i = 0; i < seats; i++) {
        const s = (this.vorhand + i) % seats;
        if (sp < 0 || this.party[s] !== sp) this.orders[base + k++] = s;
      }
    }
  }

  private meets1(w: number, need: number): boolean {
    return !((need & 2) !== 0 && wordGleich(w) === 0) && !((need & 4) !== 0 && wordHanger(w) === 0);
  }

  /** engine/scoring.ts figureWinner: the party with the strictly best code, -1 nobody or steht. */
  private bestParty(codes: Int32Array): number {
    let best = 0;
    for (let s = 0; s < this.seats; s++) if (codes[s]! > best) best = codes[s]!;
    if (best === 0) return -1;
    let winner = -1;
    let holders = 0;
    for (let s = 0; s < this.seats; s++) {
      if (codes[s] !== best) continue;
      holders++;
      if (winner === -1) winner = this.party[s]!;
      else if (this.party[s] !== winner) return -1;
    }
    if (this.rules.tieAnyPlayers && holders > 1) return -1;
    return winner;
  }

  // ---- continuation policies ----

  /**
   * Play the hand out with a continuation policy, then finish(). `random`: a legal card uniformly, then one
   * of its legal christenings uniformly (so a Perlagg is not favoured for its many christenings); `simple`:
   * strategies/simple.ts's card play.
   */
  rollout(policy: RolloutPolicy, rng: KernelRandom): void {
    const st = this.st;
    this.seed(rng);
    while (st[OVER] === 0) {
      if (policy === 0) this.play(this.randomPick());
      else this.play(this.simpleMove(this.legalMoves()));
    }
    this.finish();
  }

  /**
   * The random continuation's move: a legal card uniformly, then one of its legal christenings uniformly.
   * (Its draws come from a stream seeded by four draws of `rng`.)
   */
  randomMove(rng: KernelRandom): number {
    this.seed(rng);
    return this.randomPick();
  }

  // the continuation's own stream: sfc32 (as src/core/rng.ts), seeded from the caller's stream, so that a
  // rollout's draws are keyed by the caller's stream and cost no call through an interface
  private readonly rs = new Int32Array(4);
  private seed(rng: KernelRandom): void {
    const r = this.rs;
    r[0] = rng.nextUint32() | 0;
    r[1] = rng.nextUint32() | 0;
    r[2] = rng.nextUint32() | 0;
    r[3] = rng.nextUint32() | 0;
  }
  private next(): number {
    const r = this.rs;
    const a = r[0]!;
    const b = r[1]!;
    const c = r[2]!;
    const d = (r[3]! + 1) | 0;
    const t = (((a + b) | 0) + d) | 0;
    r[0] = b ^ (b >>> 9);
    r[1] = (c + (c << 3)) | 0;
    r[2] = (((c << 21) | (c >>> 11)) + t) | 0;
    r[3] = d;
    return t >>> 0;
  }
  /** Uniform integer in [0, n), exact (Lemire's multiply with rejection). */
  private below(n: number): number {
    for (;;) {
      const m = this.next() * n;
      const hi = Math.floor(m * 2.3283064365386963e-10);
      const lo = m - hi * 4294967296;
      if (lo >= n || lo >= (4294967296 - n) % n) return hi;
    }
  }

  private randomPick(): number {
    const st = this.st;
    const seat = st[TURN]!;
    if (st[BOUND + seat] !== 0) return this.randomOfList(this.legalMoves());
    const perl = this.follow(seat);
    const cards = this.plainOk | perl;
    const w = st[HW + seat]!;
    const nCards = popcount32(cards);
    const k = nCards + w;
    let r = k === 1 ? 0 : this.below(k);
    let c = WELI;
    if (r < nCards) {
      // the r-th card of the mask: drop the r lowest
      let m = cards;
      while (r-- > 0) m &= m - 1;
      c = 31 - Math.clz32(m & -m);
      if (((perl >>> c) & 1) === 0) return c | (NO_AS << 6);
    }
    if (this.perlFree) {
      // any christening of the candidates, or none where allowed: the q-th, without listing them
      const cand = this.candidates(seat);
      const nc = popcount32(cand);
      const n = nc + (this.rules.allowNull ? 1 : 0);
      let q = n === 1 ? 0 : this.below(n);
      if (q === nc) return c | (NO_AS << 6);
      let x = cand;
      while (q-- > 0) x &= x - 1;
      return c | ((31 - Math.clz32(x & -x)) << 6);
    }
    const n = this.movesOfCard(seat, c);
    return this.moves[n === 1 ? 0 : this.below(n)]!;
  }

  /** A card uniformly among those of the list, then one of its moves uniformly. */
  private randomOfList(n: number): number {
    const mv = this.moves;
    let cards = 0;
    let prev = -1;
    for (let i = 0; i < n; i++) {
      const c = mv[i]! & 63;
      if (c !== prev) cards++;
      prev = c;
    }
    let r = this.below(cards);
    prev = -1;
    let start = 0;
    for (let i = 0; i < n; i++) {
      const c = mv[i]! & 63;
      if (c !== prev) {
        if (r-- === 0) {
          start = i;
          break;
        }
      }
      prev = c;
    }
    let end = start;
    while (end < n && (mv[end]! & 63) === (mv[start]! & 63)) end++;
    return mv[start + (end - start === 1 ? 0 : this.below(end - start))]!;
  }

  /** The move the `simple` policy (strategies/simple.ts, card play) picks among the n legal moves. */
  simpleMove(n: number): number {
    const st = this.st;
    const R = this.rules;
    const mv = this.moves;
    const seat = st[TURN]!;
    const trump = R.trump;
    let decisive = false; // a party one trick short of the Spiel (simple.ts: need - 1 = 2)
    for (let p = 0; p < this.parties; p++) if (st[WON + p] === 2) decisive = true;
    if (st[TN] === 0) {
      for (let i = 0; i < n; i++) {
        const m = mv[i]!;
        const c = m & 63;
        if (m >>> 6 === NO_AS && R.level[c] === 0 && (c & 7) === 7 && c >>> 3 !== trump) return m;
      }
      const ch = this.cheapestPlain(n, false);
      if (ch >= 0) return ch;
      let p = this.perlaggPlay(n, decisive);
      if (p < 0) p = this.perlaggPlay(n, false);
      return p >= 0 ? p : mv[0]!;
    }
    const partnerWinning = this.party[(st[LEADER]! + st[BEST_I]!) % this.seats] === this.party[seat];
    const anyPlain = this.cheapestPlain(n, false);
    if (partnerWinning && anyPlain >= 0) return anyPlain;
    const cw = this.cheapestPlain(n, true);
    if (cw >= 0) return cw;
    if (decisive && !partnerWinning) {
      const p = this.perlaggPlay(n, true);
      if (p >= 0) return p;
    }
    if (anyPlain >= 0) return anyPlain;
    const p = this.perlaggPlay(n, false);
    return p >= 0 ? p : mv[0]!;
  }

  /** The cheapest plain move (trumps above side cards, then by rank; the first of equals), -1 none. */
  private cheapestPlain(n: number, winnersOnly: boolean): number {
    const R = this.rules;
    const mv = this.moves;
    let best = -1;
    let bestCost = 99;
    for (let i = 0; i < n; i++) {
      const m = mv[i]!;
      const c = m & 63;
      if (m >>> 6 !== NO_AS || R.level[c] !== 0) continue;
      if (winnersOnly && !this.wins(c, NO_AS)) continue;
      const cost = (c >>> 3 === R.trump ? 16 : 0) + (c & 7) + 1;
      if (cost < bestCost) {
        bestCost = cost;
        best = m;
      }
    }
    return best;
  }

  /** showingPlan of the seat to play (policy/api.ts): the frontier entry with the most figures, then the highest codes. */
  private plan(seat: number): void {
    const nf = this.frontier(seat);
    const fr = this.fr;
    let best = fr[0]!;
    for (let i = 1; i < nf; i++) if (planScore(fr[i]!) > planScore(best)) best = fr[i]!;
    const p = this.parts;
    this.realize(p.mask, p.wilds, best, this.planAs);
    const st = this.st;
    let m = st[HLO + seat]! & this.rules.perlLo;
    let k = 0;
    while (m !== 0) {
      this.planFree[k++] = 31 - Math.clz32(m & -m);
      m &= m - 1;
    }
    if (st[HW + seat] === 1) this.planFree[k++] = WELI;
    this.planN = k;
  }

  /** simple.ts perlaggPlay: the lowest Perlagg, christened for the figure if that also wins, else as trump As. -1: none. */
  private perlaggPlay(n: number, winNeeded: boolean): number {
    const st = this.st;
    const seat = st[TURN]!;
    const lo = st[HLO + seat]!;
    const w = st[HW + seat]!;
    if ((lo & this.rules.perlLo) === 0 && w === 0) return -1;
    this.plan(seat);
    const up = this.rules.perlaggenUp;
    for (let u = 0; u < up.length; u++) {
      const c = up[u]!;
      const held = c === WELI ? w === 1 : ((lo >>> c) & 1) === 1;
      if (!held || !this.hasCard(n, c)) continue;
      let idx = 0;
      while (this.planFree[idx] !== c) idx++;
      const id = this.planAs[idx]!;
      if (!winNeeded || this.wins(c, id)) return this.findMove(n, c, id);
      if (this.wins(c, this.rules.trumpAs)) return this.findMove(n, c, this.rules.trumpAs);
    }
    return -1;
  }

  private hasCard(n: number, c: number): boolean {
    for (let i = 0; i < n; i++) if ((this.moves[i]! & 63) === c) return true;
    return false;
  }

  private findMove(n: number, c: number, asIdx: number): number {
    const want = c | (asIdx << 6);
    for (let i = 0; i < n; i++) if (this.moves[i] === want) return want;
    return -1;
  }
}

/**
 * eval/tables.ts tableIndex(mask, popcount(mask), k) — OFFSET[n * 6 + k] + colex(mask) — with the colex rank and
 * the count read from hand-index.ts's chunk tables (three lookups instead of a loop over the bits).
 */
function partsIndex(mask: number, k: number): number {
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
const singleCaches = new WeakMap<FigureTables, Uint8Array>();
function singleEntries(t: FigureTables): Uint8Array {
  let b = singleCaches.get(t);
  if (b !== undefined) return b;
  const j = t.joint();
  b = new Uint8Array((TABLE_SIZE + 7) >>> 3);
  for (let i = 0; i < TABLE_SIZE; i++) if (j.start[i + 1]! - j.start[i]! === 1) b[i >>> 3]! |= 1 << (i & 7);
  singleCaches.set(t, b);
  return b;
}

/** Per figure-table entry (a hand's natural part and free Perlaggen): the identities of its frontier's realisations, 0 = not yet known. */
type RealizationCache = Int32Array;
const realizationCaches = new WeakMap<FigureTables, RealizationCache>();
let lastTables: FigureTables | null = null;
let lastCache: RealizationCache | null = null;
function realizationCache(t: FigureTables): RealizationCache {
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
