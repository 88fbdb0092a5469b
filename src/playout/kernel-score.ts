// The playout kernel's end of the deal (issue 27): every rule that moves points after the last card, as the
// engine's scoring does it (engine/scoring.ts scoreHand, corrections.ts, going-out.ts), on the bidding's
// state given at load (KernelBid: the engine's HandState.bid has this shape):
//
//   RULES §8.5, §12   false figures: a seat bound to a Gleich/Hanger that does not show one, a party that bid,
//                     held or raised the Spiel without the Spielfarbe (the violation bits, judged when it
//                     bid) — per `falseFigurePenalty`: 1853 a let-gut point goes to the opponents and a false
//                     held stake to them ([000 p.31-32]); Oberland/Südtirol an unproven gut point is erased;
//                     Innsbruck the party loses the deal's points (or the Partie's, A-21) and 2 more ([003 §10]);
//   A-39              an unseen figure let gut that the party does not have is erased;
//   RULES §11.2       the over-bid and gestrichen penalties are written when the bid is made (bid-limits.ts):
//                     they come in `written` and `penalties`, and count in Innsbruck's loss of the deal;
//   RULES §11.3       the Partie judged on the corrected immediate writes (a Bummerl, A-40; a party over the
//                     target), then the figures in priority order (Aus, the held stakes as first bid, the
//                     unbid figures in the ruleset's order), the first party to reach the target winning the
//                     Partie and nothing written after it; Aus worth what reaches the target;
//   A-43              `writeTiming: 'allImmediate'`: the Spiel written the moment the tricks decide it, a
//                     party reaching the target going out in the middle of the hand (judged on the frontier
//                     of what each seat can still show, going-out.ts);
//   RULES §11.4.3     Innsbruck's 17:17: unbid Gleich/Hanger go out only through an ask; 17:17 reached
//                     by a Spiel let gut: only ≥ 3-fold unbid figures; a contested ask: the higher figure.
//
// Not modelled (the kernel plays no such move): revokes (a position with revokes not yet found is refused).
// All on one Int32Array (the loaded state and a working copy), so a playout's end allocates nothing.
import { wordGleich, wordHanger } from '../eval/figures.ts';
import { PlayoutMoves } from './kernel-moves.ts';
import { MAXS, SPIEL, type KernelPosition } from './kernel-state.ts';

export type { KernelBid, KernelFigureBid, KernelWriteEvent } from './kernel-state.ts';

// ---- the bidding's layout (Int32Array) ----
const FS = 12; // fields per figure
const F_STATUS = 0; // 0 unbid, 1 offer, 2 stake, 3 closed
const F_LEVEL = 1;
const F_AUS = 2;
const F_SEQ = 3;
const F_UNSEEN = 4;
const F_FIRSTP = 5;
const F_WP = 6;
const F_WPTS = 7;
const F_CORR = 8;
const F_DEC = 9;
const F_VIOL = 10;
const OBL = 3 * FS; // obligated[f * MAXS + party]
const SCORE = OBL + 3 * MAXS;
const WRIT = SCORE + MAXS;
const PEN = WRIT + MAXS;
const PW = PEN + MAXS; // partie winner
const FORF = PW + 1;
const SLOST = FORF + 1;
const BUMM = FORF + 2;
const S1717 = FORF + 3;
const ASKREJ = FORF + 4;
const ACTIVE = FORF + 5;
const BSIZE = FORF + 6;
const STAKE = 2;
const CLOSED = 3;
const STATUS = { unbid: 0, offer: 1, stake: 2, closed: 3 } as const;
const FIGN = ['Spiel', 'Gleich', 'Hanger'];
const W_WRITE = 0;
const W_PEN = 1;
const W_CORR = 2;
const MAXLOG = 256;

export abstract class PlayoutScore extends PlayoutMoves {
  /** Is the bidding known (KernelPosition.bid)? Then finish() writes the engine's final points (`points`, `partieWinner`). */
  hasBid = false;
  /** The party that won the Partie in this deal, -1 (after finish() with a bidding). */
  partieWinner = -1;
  protected readonly bidBase = new Int32Array(BSIZE);
  protected readonly b = new Int32Array(BSIZE);
  // the log of writes (5 ints: type, party / from, points, figure (-1 none), to): loaded part and this deal's
  protected readonly logv = new Int32Array(MAXLOG * 5);
  protected logBase = 0;
  protected logN = 0;
  // ruleset switches, read at load
  protected target = 0;
  protected pen1853 = false;
  protected penIbk = false;
  protected scopePartie = false;
  protected unseenIfHad = false;
  protected allImmediate = false;
  protected ibk1717 = false;
  protected rankFirst = false;
  protected readonly defaultOrder = new Int32Array(3);
  // scratch of settle()
  protected readonly pts = new Int32Array(MAXS);
  protected readonly win = new Int32Array(3);
  protected readonly order = new Int32Array(3);
  protected readonly judgeFr = new Int8Array(MAXS * 3); // frontier judge cache per seat: 0 unknown, 1 has Gleich, 2 Hanger, 4 known

  protected override loadBid(pos: KernelPosition): void {
    const bid = pos.bid;
    this.hasBid = bid !== undefined;
    this.partieWinner = -1;
    this.bidBase.fill(0);
    this.logBase = 0;
    if (bid === undefined) return;
    const r = this.rules.ruleset;
    this.target = r.target;
    this.pen1853 = r.falseFigurePenalty === 'points1853' && this.parties === 2;
    this.penIbk = r.falseFigurePenalty === 'dealPointsMinus2';
    this.scopePartie = r.falseFigureScope === 'partie';
    this.unseenIfHad = r.unseenBids === 'scoreOnlyIfHad';
    this.allImmediate = r.writeTiming === 'allImmediate';
    this.ibk1717 = r.askAtTargetMinus1 === 'ibk1717' && this.parties === 2;
    this.rankFirst = r.dritzigeKey === 'countRankType';
    for (let i = 0; i < 3; i++) this.defaultOrder[i] = FIGN.indexOf(r.defaultFigureOrder[i]!);
    const B = this.bidBase;
    const seqs = bid.figs.map((f) => f.seq).filter((x) => Number.isFinite(x));
    for (let f = 0; f < 3; f++) {
      const fb = bid.figs[f]!;
      const o = f * FS;
      B[o + F_STATUS] = STATUS[fb.status];
      B[o + F_LEVEL] = fb.level;
      B[o + F_AUS] = fb.aus ? 1 : 0;
      B[o + F_SEQ] = Number.isFinite(fb.seq) ? seqs.filter((x) => x < fb.seq).length : 3; // the rank of its first bid
      B[o + F_UNSEEN] = fb.unseen ? 1 : 0;
      B[o + F_FIRSTP] = fb.firstParty;
      B[o + F_WP] = fb.writtenParty;
      B[o + F_WPTS] = fb.writtenPoints;
      B[o + F_CORR] = fb.corrected ? 1 : 0;
      B[o + F_DEC] = fb.decided ? 1 : 0;
      B[o + F_VIOL] = fb.violation;
      for (let p = 0; p < this.parties; p++) B[OBL + f * MAXS + p] = fb.obligated[p] ?? 0;
    }
    for (let p = 0; p < this.parties; p++) {
      B[SCORE + p] = bid.score[p] ?? 0;
      B[WRIT + p] = bid.written[p] ?? 0;
      B[PEN + p] = bid.penalties[p] ?? 0;
    }
    B[PW] = bid.partieWinner;
    B[FORF] = bid.forfeited;
    B[SLOST] = bid.spielLost;
    B[BUMM] = bid.bummerl;
    B[S1717] = bid.start1717 ? 1 : 0;
    B[ASKREJ] = bid.ask !== null && bid.ask.answer === 'reject' ? 1 : 0;
    B[ACTIVE] = bid.active ? 1 : 0;
    let n = 0;
    for (const e of pos.writeLog ?? []) {
      if (n >= MAXLOG - 16) throw new RangeError('too many writes in one deal for the kernel');
      const fig = e.figure === null || e.figure === undefined ? -1 : FIGN.indexOf(e.figure);
      if (e.type === 'write') this.logSet(n++, W_WRITE, e.party!, e.points!, fig, -1);
      else if (e.type === 'penalty') this.logSet(n++, W_PEN, e.party!, e.points!, -1, -1);
      else if (e.type === 'correction') this.logSet(n++, W_CORR, e.from!, e.points!, fig, e.to!);
    }
    this.logBase = n;
  }

  private logSet(i: number, type: number, party: number, points: number, fig: number, to: number): void {
    const L = this.logv;
    L[i * 5] = type;
    L[i * 5 + 1] = party;
    L[i * 5 + 2] = points;
    L[i * 5 + 3] = fig;
    L[i * 5 + 4] = to;
  }
  private log(type: number, party: number, points: number, fig: number, to: number): void {
    if (this.logN < MAXLOG) this.logSet(this.logN++, type, party, points, fig, to);
  }

  /**
   * Show and score; with the bidding known, the engine's end of the deal: the Spiel written when decided
   * (A-43 alternative, a party going out in the middle), the corrections, the Partie judged, the figures
   * in priority order. `points` are then the deal's writes per party (the engine's HandState.points).
   */
  override finish(): void {
    if (!this.hasBid) {
      super.finish();
      return;
    }
    const b = this.b;
    b.set(this.bidBase);
    this.logN = this.logBase;
    this.judgeFr.fill(0);
    const spiel = this.st[SPIEL]!;
    if (this.allImmediate && spiel >= 0 && b[PW]! < 0) this.writeSpielWhenDecided(spiel);
    if (b[PW]! >= 0) {
      // the Partie is over in the middle of the hand: nothing more is written (engine finishEarly)
      for (let p = 0; p < this.parties; p++) this.points[p] = b[WRIT + p]!;
      this.partieWinner = b[PW]!;
      this.figureWinner[0] = this.figureWinner[1] = this.figureWinner[2] = -1;
      return;
    }
    super.finish();
    this.scoreHand();
  }

  // ---- the Spiel written when decided (engine/scoring.ts writeSpielWhenDecided) ----
  private writeSpielWhenDecided(party: number): void {
    const b = this.b;
    if (b[F_STATUS] === CLOSED) return;
    if (b[S1717] === 1 && b[ASKREJ] === 1) return;
    let w = this.spielRecipient(party);
    if (w >= 0 && ((b[FORF]! >>> w) & 1) === 1) w = -1;
    const pts = w < 0 ? 0 : b[F_STATUS] === STAKE ? (b[F_AUS] === 1 ? Math.max(b[F_LEVEL]!, this.target - b[SCORE + w]! - b[WRIT + w]!) : b[F_LEVEL]!) : 1;
    b[F_STATUS] = CLOSED;
    b[F_DEC] = 1;
    b[F_WP] = w;
    b[F_WPTS] = pts;
    if (w >= 0) {
      b[WRIT + w]! += pts;
      this.log(W_WRITE, w, pts, 0, -1);
      if (b[SCORE + w]! + b[WRIT + w]! >= this.target) {
        // going-out.ts judgeGoingOut: the claims checked on what each seat can still show
        if (b[ACTIVE] === 1) this.amendWrites(false);
        const o = this.overTarget(WRIT);
        if (o >= 0) b[PW] = o;
      }
    }
  }

  /** corrections.ts spielRecipient: a revoke's loss, a false held Spiel to the opponents (1853). */
  private spielRecipient(w: number): number {
    const b = this.b;
    w = this.spielAfterRevokes(w);
    if (this.pen1853 && b[F_STATUS] === STAKE && b[F_VIOL] !== 0) {
      const v = b[F_VIOL]!;
      w = v === 3 ? -1 : v === 1 ? 1 : 0;
    }
    return w;
  }
  private spielAfterRevokes(w: number): number {
    const lost = this.b[SLOST]!;
    if (lost === 0) return w;
    if (this.parties === 2) return lost === 3 ? -1 : lost === 1 ? 1 : 0;
    return w >= 0 && ((lost >>> w) & 1) === 1 ? -1 : w;
  }

  // ---- the judges: shown figures (the end) or the frontier (going out in the middle) ----
  private seatHas(seat: number, f: number, shown: boolean): boolean {
    if (shown) return (f === 1 ? this.gleich[seat]! : this.hanger[seat]!) !== 0;
    const c = this.judgeFr[seat]!;
    if (c !== 0) return (c & f) !== 0;
    const n = this.frontier(seat);
    let m = 4;
    for (let i = 0; i < n; i++) {
      if (wordGleich(this.fr[i]!) !== 0) m |= 1;
      if (wordHanger(this.fr[i]!) !== 0) m |= 2;
    }
    this.judgeFr[seat] = m;
    return (m & f) !== 0;
  }
  private partyHas(party: number, f: number, shown: boolean): boolean {
    for (let s = 0; s < this.seats; s++) if (this.party[s] === party && this.seatHas(s, f, shown)) return true;
    return false;
  }
  /** corrections.ts violationsOf. */
  private violations(f: number, shown: boolean): number {
    const b = this.b;
    let viol = b[f * FS + F_VIOL]!;
    if (f > 0) {
      for (let p = 0; p < this.parties; p++) {
        const m = b[OBL + f * MAXS + p]!;
        if (m === 0) continue;
        for (let s = 0; s < this.seats; s++) if (((m >>> s) & 1) === 1 && !this.seatHas(s, f, shown)) viol |= 1 << p;
      }
    }
    return viol;
  }

  // ---- corrections.ts amendWrites ----
  private correct(f: number, from: number, to: number, points: number): void {
    const b = this.b;
    b[WRIT + from]! -= points;
    if (to >= 0) b[WRIT + to]! += points;
    this.log(W_CORR, from, points, f, to);
  }
  private reassign(f: number, party: number): void {
    const b = this.b;
    b[f * FS + F_WP] = party;
    if (party < 0) b[f * FS + F_WPTS] = 0;
    b[f * FS + F_CORR] = 1;
  }
  private amendWrites(shown: boolean): number {
    const b = this.b;
    const parties = this.parties;
    let forfeit = 0;
    for (let f = 0; f < 3; f++) {
      const o = f * FS;
      const viol = this.violations(f, shown);
      if (this.penIbk) forfeit |= viol;
      if (b[o + F_STATUS] !== CLOSED || b[o + F_CORR] === 1 || b[o + F_DEC] === 1 || b[o + F_WP]! < 0 || b[o + F_WPTS]! <= 0) continue;
      const wp = b[o + F_WP]!;
      const pts = b[o + F_WPTS]!;
      if (f > 0 && b[o + F_UNSEEN] === 1 && this.unseenIfHad && wp === b[o + F_FIRSTP] && !this.partyHas(wp, f, shown)) {
        this.correct(f, wp, -1, pts);
        this.reassign(f, -1);
        continue;
      }
      if (((viol >>> wp) & 1) === 0) continue;
      if (this.pen1853) {
        this.correct(f, wp, 1 - wp, pts);
        this.reassign(f, 1 - wp);
      } else if (!this.penIbk) {
        this.correct(f, wp, -1, pts);
        this.reassign(f, -1);
      }
    }
    for (let p = 0; p < parties; p++) {
      if (((forfeit >>> p) & 1) === 0) continue;
      const gained = b[WRIT + p]! + b[PEN + p]!;
      const lost = this.scopePartie ? b[SCORE + p]! + gained : gained;
      if (lost > 0) {
        this.correct(-1, p, -1, lost);
        for (let f = 0; f < 3; f++) if (b[f * FS + F_STATUS] === CLOSED && b[f * FS + F_WP] === p) this.reassign(f, -1);
      }
      if (((b[FORF]! >>> p) & 1) === 0) {
        b[FORF]! |= 1 << p;
        b[WRIT + p]! -= 2;
        b[PEN + p]! += 2;
        this.log(W_PEN, p, 2, -1, -1);
      }
    }
    return b[FORF]!;
  }

  /** corrections.ts overTarget on the writes at `at` (WRIT: the deal's, or this.pts when at < 0). */
  private overTarget(at: number): number {
    const b = this.b;
    let w = -1;
    let n = 0;
    for (let p = 0; p < this.parties; p++) {
      const v = at >= 0 ? b[at + p]! : this.pts[p]!;
      if (b[SCORE + p]! + v < this.target) continue;
      w = p;
      n++;
    }
    return n > 1 ? this.firstOverCorrected() : w;
  }

  /** corrections.ts firstOverCorrected: the first to reach the target with each corrected stroke where it was written. */
  private firstOverCorrected(): number {
    const L = this.logv;
    const b = this.b;
    const moved = [-9, -9, -9]; // per figure: the party its corrected write goes to (-1 erased), -9 none
    let lost = 0;
    let partieLost = 0;
    for (let i = 0; i < this.logN; i++) {
      if (L[i * 5] !== W_CORR) continue;
      const fig = L[i * 5 + 3]!;
      if (fig < 0) lost |= 1 << L[i * 5 + 1]!;
      else moved[fig] = L[i * 5 + 4]!;
    }
    partieLost = this.scopePartie ? lost : 0;
    const v = [0, 0, 0, 0, 0, 0];
    for (let p = 0; p < this.parties; p++) v[p] = ((partieLost >>> p) & 1) === 1 ? Math.min(b[SCORE + p]!, 0) : b[SCORE + p]!;
    for (let i = 0; i < this.logN; i++) {
      const t = L[i * 5]!;
      if (t === W_PEN) v[L[i * 5 + 1]!]! -= L[i * 5 + 2]!;
      else if (t === W_WRITE) {
        const party = L[i * 5 + 1]!;
        const fig = L[i * 5 + 3]!;
        let p = fig >= 0 && moved[fig] !== -9 ? moved[fig]! : party;
        if (((lost >>> party) & 1) === 1) p = -1;
        if (p >= 0) v[p]! += L[i * 5 + 2]!;
      } else continue;
      for (let p = 0; p < this.parties; p++) if (v[p]! >= this.target) return p;
    }
    return -1;
  }

  // ---- scoring.ts scoreHand ----
  private scoreHand(): void {
    const b = this.b;
    const parties = this.parties;
    const win = this.win;
    win[0] = this.figureWinner[0]!;
    win[1] = this.figureWinner[1]!;
    win[2] = this.figureWinner[2]!;
    // 1. the corrections of the immediate writes
    let anyBid = false;
    for (let f = 0; f < 3; f++) if (b[f * FS + F_STATUS] !== 0) anyBid = true;
    const forfeitMask = b[ACTIVE] === 1 || anyBid ? this.amendWrites(true) : 0;
    const pts = this.pts;
    for (let p = 0; p < parties; p++) pts[p] = b[WRIT + p]!;
    // correctWinners
    if (b[SLOST] !== 0 && b[F_STATUS] !== CLOSED) win[0] = this.spielAfterRevokes(win[0]!);
    if (this.pen1853) {
      for (let f = 0; f < 3; f++) {
        if (b[f * FS + F_STATUS] !== STAKE) continue;
        const viol = this.violations(f, true);
        if (viol !== 0) win[f] = viol === 3 ? -1 : viol === 1 ? 1 : 0;
      }
    }
    // 2. the Partie judged on the corrected immediate writes
    if (b[BUMM]! >= 0 && b[PW]! < 0) b[PW] = 1 - b[BUMM]!;
    if (b[PW]! < 0) {
      const w = this.overTarget(-1);
      if (w >= 0) b[PW] = w;
    }
    // 3. the priority order; 4. Innsbruck's 17:17
    const n = this.priorityOrder();
    const T = this.target;
    let minCount = 0;
    if (this.ibk1717 && b[S1717] === 0 && b[F_STATUS] === CLOSED && b[F_WP]! >= 0 && b[SCORE]! + pts[0]! === T - 1 && b[SCORE + 1]! + pts[1]! === T - 1) minCount = 3;
    if (this.ibk1717 && b[S1717] === 1 && b[ASKREJ] === 1) this.contestedAsk();
    const start1717 = this.ibk1717 && b[S1717] === 1;
    for (let i = 0; i < n; i++) {
      const f = this.order[i]!;
      const o = f * FS;
      const status = b[o + F_STATUS]!;
      let w = win[f]!;
      if (f > 0 && status === 0 && start1717) w = -1;
      else if (f > 0 && status === 0 && minCount > 0 && this.bestCode(f) >>> 4 < minCount) w = -1;
      if (w >= 0 && ((forfeitMask >>> w) & 1) === 1) w = -1;
      if (b[PW]! >= 0 || w < 0) continue;
      const p = status === STAKE ? (b[o + F_AUS] === 1 ? Math.max(b[o + F_LEVEL]!, T - b[SCORE + w]! - pts[w]!) : b[o + F_LEVEL]!) : 1;
      pts[w]! += p;
      if (p > 0 && b[SCORE + w]! + pts[w]! >= T) b[PW] = w;
    }
    for (let p = 0; p < parties; p++) this.points[p] = pts[p]!;
    this.partieWinner = b[PW]!;
    this.figureWinner[0] = win[0]!;
    this.figureWinner[1] = win[1]!;
    this.figureWinner[2] = win[2]!;
  }

  private bestCode(f: number): number {
    let best = 0;
    const codes = f === 1 ? this.gleich : this.hanger;
    for (let s = 0; s < this.seats; s++) if (codes[s]! > best) best = codes[s]!;
    return best;
  }

  /** scoring.ts priorityOrder into this.order: the stakes at Aus first, then as first bid, then the unbid figures in the ruleset's order. */
  private priorityOrder(): number {
    const b = this.b;
    const order = this.order;
    let n = 0;
    for (let f = 0; f < 3; f++) if (b[f * FS + F_STATUS] === STAKE) order[n++] = f;
    for (let i = 1; i < n; i++) {
      const x = order[i]!;
      let j = i - 1;
      while (j >= 0 && this.stakeOrder(order[j]!, x) > 0) {
        order[j + 1] = order[j]!;
        j--;
      }
      order[j + 1] = x;
    }
    for (let i = 0; i < 3; i++) {
      const f = this.defaultOrder[i]!;
      if (b[f * FS + F_STATUS] === 0) order[n++] = f;
    }
    return n;
  }
  private stakeOrder(x: number, y: number): number {
    const b = this.b;
    return (b[x * FS + F_AUS] === 1 ? 0 : 1) - (b[y * FS + F_AUS] === 1 ? 0 : 1) || b[x * FS + F_SEQ]! - b[y * FS + F_SEQ]!;
  }

  /** scoring.ts contestedAskAt1717: the higher asked figure (≥ 3-fold) goes out; equal: the Spiel decides. */
  private contestedAsk(): void {
    const b = this.b;
    const k0 = this.askedKey(0);
    const k1 = this.askedKey(1);
    if (k0 === k1 || b[PW]! >= 0) return;
    const w = k0 > k1 ? 0 : 1;
    const p = this.target - b[SCORE + w]! - this.pts[w]!;
    this.pts[w]! += p;
    b[PW] = w;
  }
  private askedKey(party: number): number {
    let k = 0;
    for (let s = 0; s < this.seats; s++) {
      if (this.party[s] !== party) continue;
      const g = this.gleich[s]!;
      const h = this.hanger[s]!;
      if (g >>> 4 >= 3) k = Math.max(k, this.figKey(g, true));
      if (h >>> 4 >= 3) k = Math.max(k, this.figKey(h, false));
    }
    return k;
  }
  private figKey(code: number, gleich: boolean): number {
    return (code >>> 4) * 1000 + (this.rankFirst ? (code & 15) * 2 + (gleich ? 1 : 0) : (gleich ? 500 : 0) + (code & 15));
  }
}
