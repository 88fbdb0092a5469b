// The playout kernel's card play (RULES §6, §5, §8.5): the legal moves of the seat to play, following,
// christening, the obligations of a bound seat, laying a card, the Spiel, and the end of the hand (finish).

import { WELI } from '../cards/card.ts';
import { popcount32 } from '../cards/mask.ts';
import { wordGleich, wordHanger } from '../eval/figures.ts';
import { NO_AS, SUIT_MASK } from './rules.ts';
import { PlayoutState, BEST_I, BEST_P, BEST_S, BOUND, DONE, EX, EXN, HLO, HW, IDM, LASTW, LEADER, LED, MAXS, NW, OVER, SHOWN, SPIEL, TA, TC, TN, TURN, WON } from './kernel-state.ts';

export abstract class PlayoutMoves extends PlayoutState {
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
  protected plainOk = 0;
  protected perlFree = true;
  protected led = -1;

  /**
   * RULES §6.2 for the seat to play (engine/legality.ts followFacts / followAllows): sets plainOk,
   * perlFree and led; returns the seat's suited Perlaggen (every one of them may be laid: as the trump As
   * it is always allowed).
   */
  protected follow(seat: number): number {
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
  protected movesOfCard(seat: number, c: number): number {
    const R = this.rules;
    if (R.level[c] === 0) {
      this.moves[0] = c | (NO_AS << 6);
      return 1;
    }
    return this.christenings(c, this.candidates(seat), this.perlFree, this.led, R.trump, R.effSuit, R.allowNull, 0);
  }

  protected christenings(c: number, cand: number, perlFree: boolean, led: number, trump: number, eff: Readonly<Int8Array>, allowNull: boolean, at: number): number {
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
  protected keepObligations(seat: number, n: number): number {
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
  protected reexpand(seat: number): number {
    const b = this.st[BOUND + seat]!;
    this.st[BOUND + seat] = 0;
    const n = this.legalMoves();
    this.st[BOUND + seat] = b;
    return n;
  }

  protected meets(n: number, need: number): boolean {
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
  protected meetsAfter(seat: number, card: number, asIdx: number, need: number): boolean {
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
  protected takeIdentity(seat: number, card: number, id: number): void {
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

  protected override lay(card: number, asIdx: number): void {
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
  protected spielDecision(done: number): number {
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
  protected readonly orders = new Int8Array((MAXS + 1) * MAXS);
  protected override setOrders(): void {
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

  protected meets1(w: number, need: number): boolean {
    return !((need & 2) !== 0 && wordGleich(w) === 0) && !((need & 4) !== 0 && wordHanger(w) === 0);
  }

  /** engine/scoring.ts figureWinner: the party with the strictly best code, -1 nobody or steht. */
  protected bestParty(codes: Int32Array): number {
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

}
