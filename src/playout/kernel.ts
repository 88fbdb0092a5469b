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
//   RULES §8.5       a seat bound to a Gleich/Hanger spends its Perlaggen on it (GC-34), as the engine does;
//   RULES §8.5, §11–§12  given the deal's bidding (KernelPosition.bid), the engine's end of the deal
//                    (kernel-score.ts): false figures and their corrections, the penalties written in the
//                    bidding, Innsbruck's loss of the deal, Aus, the priority order, the Partie ending in
//                    the deal (and in the middle of the hand under A-43's allImmediate).
//
// Its slow twin is the engine: twin.ts plays the same hands move by move in both.
//
// State: one Int32Array (offsets below), so that saving and restoring a position is one typed-array copy.
//   a hand      = suited bits (card.ts layout) + Weli flag
//   a move      = card | asIdx << 6          (asIdx 0..31 christened identity, 32 = none; rules.ts)
//   played ids  = per seat: IDM mask of distinct identities laid + EX[seat*8 + rank] repeats per rank
//                 (identical christened identities, A-36) + NW natural Weli laid (A-11 alternative)
import { WELI } from '../cards/card.ts';
import { popcount32 } from '../cards/mask.ts';
import { NO_AS } from './rules.ts';
import { BEST_I, BOUND, HLO, HW, type KernelRandom, LEADER, OVER, ROLLOUT, type RolloutPolicy, TN, TURN, WON, planScore } from './kernel-state.ts';
import { PlayoutScore } from './kernel-score.ts';
import { SpielSolver } from './kernel-solver.ts';

export class Playout extends PlayoutScore {
  private solver: SpielSolver | null = null;

  // ---- continuation policies ----

  /**
   * Play the hand out with a continuation policy, then finish(). `random`: a legal card uniformly, then one
   * of its legal christenings uniformly (so a Perlagg is not favoured for its many christenings); `simple`:
   * strategies/simple.ts's card play; `solver`: simple's play until a trick is led with at most `solverCards`
   * cards in hand, then the Spiel solved with every card known, simple's move wherever it keeps the solved
   * value (kernel-solver.ts; simple's play throughout with more than two parties).
   */
  rollout(policy: RolloutPolicy, rng: KernelRandom, solverCards = 5): void {
    const st = this.st;
    this.seed(rng);
    if (policy === ROLLOUT.solver && this.parties === 2) (this.solver ??= new SpielSolver()).playOut(this, solverCards);
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
  protected readonly rs = new Int32Array(4);
  protected seed(rng: KernelRandom): void {
    const r = this.rs;
    r[0] = rng.nextUint32() | 0;
    r[1] = rng.nextUint32() | 0;
    r[2] = rng.nextUint32() | 0;
    r[3] = rng.nextUint32() | 0;
  }
  protected next(): number {
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
  protected below(n: number): number {
    for (;;) {
      const m = this.next() * n;
      const hi = Math.floor(m * 2.3283064365386963e-10);
      const lo = m - hi * 4294967296;
      if (lo >= n || lo >= (4294967296 - n) % n) return hi;
    }
  }

  protected randomPick(): number {
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
  protected randomOfList(n: number): number {
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
  protected cheapestPlain(n: number, winnersOnly: boolean): number {
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
  protected plan(seat: number): void {
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
  protected perlaggPlay(n: number, winNeeded: boolean): number {
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

  protected hasCard(n: number, c: number): boolean {
    for (let i = 0; i < n; i++) if ((this.moves[i]! & 63) === c) return true;
    return false;
  }

  protected findMove(n: number, c: number, asIdx: number): number {
    const want = c | (asIdx << 6);
    for (let i = 0; i < n; i++) if (this.moves[i] === want) return want;
    return -1;
  }
}
