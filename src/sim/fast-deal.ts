// The engine's deal without the state machine: the figures job's hot path (GUIDE guideline 6). It draws
// from the deal's keyed stream exactly as the engine's chance nodes do — one Fisher–Yates draw per step
// from the top of the deck down (src/engine/deal.ts applyShuffle), then the cut (lift 1..N-1 cards) — and
// then follows the same rules: the cutter keeps every permanent Perlagg the cut shows (A-31, 'repeat' or
// 'once'), the pack is the lower part on top of the lifted packet less the kept cards, cards go round from
// the dealer's left by the deal pattern without dealing anyone past a full hand, and the turn-up skips
// suits that may not be trump. Its slow twin is the engine itself: test/sim/fast-deal.test.ts
// compares them deal by deal for every ruleset and player count.
import { WELI, type Suit } from '../cards/card.ts';
import { newHand } from '../engine/game.ts';
import { perlaggenOf } from '../rules/perlaggen.ts';
import type { RulesVariant } from '../rules/variant.ts';
import type { Rng } from '../core/rng.ts';

const SUIT_OF = ['H', 'S', 'L', 'E'] as const;

export interface DealtHands {
  readonly hands: Int32Array; // suited cards per seat (card.ts layout)
  readonly weli: Int32Array; // the Weli flag per seat
  trump: Suit;
  turned: number;
}

export class FastDealer {
  private readonly deck: Int32Array;
  private readonly pack: Int32Array;
  private readonly count: Int32Array;
  private readonly permanent: Uint8Array;
  private readonly allowed: Uint8Array; // by suit index
  private readonly weliSuit: number;
  /** Hands at the table (4 for the 1853 three-player game with its Strohmann). */
  readonly seats: number;
  private readonly handSize: number;
  private readonly pattern: readonly number[];
  private readonly keeps: boolean;
  private readonly repeat: boolean;

  constructor(r: RulesVariant, players: number) {
    const table = newHand(r, { players }).table;
    this.seats = table.seats;
    this.handSize = table.handSize;
    this.deck = new Int32Array(r.deckHasWeli ? 33 : 32);
    this.pack = new Int32Array(this.deck.length);
    this.count = new Int32Array(this.seats);
    this.permanent = new Uint8Array(33);
    for (const c of perlaggenOf(r, r.trumpSuitsAllowed[0]!).permanent) this.permanent[c] = 1;
    this.allowed = new Uint8Array(4);
    for (const s of r.trumpSuitsAllowed) this.allowed[SUIT_OF.indexOf(s)] = 1;
    this.weliSuit = SUIT_OF.indexOf(r.turnedWeliTrump);
    this.pattern = r.dealPattern;
    this.keeps = r.cutterKeepsPermanentPerlaggen;
    this.repeat = r.cutRepeat === 'repeat';
  }

  /** Deal `dealer`'s hand from the deal's stream into `out` (hands as dealt, before any exchange). */
  deal(rng: Rng, dealer: number, out: DealtHands): void {
    const deck = this.deck;
    const n = deck.length;
    for (let i = 0; i < n; i++) deck[i] = i;
    for (let i = n - 1; i >= 1; i--) {
      const j = rng.below(i + 1);
      const t = deck[i]!;
      deck[i] = deck[j]!;
      deck[j] = t;
    }
    const cutAt = rng.below(n - 1) + 1;
    const seats = this.seats;
    const cutter = (dealer + seats - 1) % seats;
    const count = this.count;
    count.fill(0);
    out.hands.fill(0);
    out.weli.fill(0);
    const give = (seat: number, card: number): void => {
      if (card === WELI) out.weli[seat] = 1;
      else out.hands[seat]! |= 1 << card;
      count[seat]! += 1;
    };
    // the cut: the bottom card of the lifted packet shows; the cutter keeps permanent Perlaggen
    let kept = 0;
    if (this.keeps) {
      let visible = cutAt - 1;
      while (visible >= 0 && this.permanent[deck[visible]!] === 1 && kept < this.handSize) {
        give(cutter, deck[visible]!);
        kept++;
        visible--;
        if (!this.repeat) break;
      }
    }
    // the pack: the lower part on top of the lifted packet, less the kept (bottom) cards
    const pack = this.pack;
    let len = 0;
    for (let i = cutAt; i < n; i++) pack[len++] = deck[i]!;
    for (let i = 0; i < cutAt - kept; i++) pack[len++] = deck[i]!;
    let ptr = 0;
    const handSize = this.handSize;
    for (;;) {
      let short = false;
      for (let s = 0; s < seats; s++) if (count[s]! < handSize) short = true;
      if (!short) break;
      for (const quota of this.pattern) {
        for (let i = 1; i <= seats; i++) {
          const seat = (dealer + i) % seats;
          const k = Math.min(quota, handSize - count[seat]!);
          for (let x = 0; x < k; x++) give(seat, pack[ptr++]!);
        }
      }
    }
    // the turn-up
    while (ptr < len) {
      const card = pack[ptr++]!;
      const suit = card === WELI ? this.weliSuit : card >>> 3;
      if (this.allowed[suit] === 1) {
        out.trump = SUIT_OF[suit]!;
        out.turned = card;
        return;
      }
    }
    throw new Error('no card of an allowed trump suit left to turn up');
  }
}
