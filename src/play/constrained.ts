// Constrained deals for played hands and Partien (issue 14, deliverable 5: "given this hand, how do we fare in
// play?"): --hand (fixed cards for seats), --trump (a fixed trump suit) and --where (a predicate over the
// deal) in --mode hands and --partien, as in --mode figures.
//
// Two ways to deal, as the figures job does:
// - without fixed cards, the engine deals as always (shuffle and cut from the deal's keyed stream, the
//   cutter's choice to keep a shown permanent Perlagg made by his policy), and a hand whose trump or cards
//   the constraints refuse is dealt again, from the same stream going on (counted as rejected). An accepted
//   first deal is exactly the deal of an unconstrained run: the run is the unconstrained one, conditioned;
// - with fixed cards the engine's cut cannot be honoured: the fixed cards are placed, the rest of the deck
//   is shuffled from the deal's stream and dealt, the trump turned up from the rest as the ruleset turns it
//   (skipping the suits that may not be trump, RULES §4.4, A-32), and the stock laid out below it. That
//   layout goes through the engine's own shuffle and cut (handFromLayout), the cut lifting one card that is
//   no permanent Perlagg, so the cutter has nothing to keep and the fixed hands stay as fixed. Deals
//   that fail --trump or --where are drawn again (counted).
// The hook reaches every hand through the policies array (hand.ts withDealHook): a Partie's deals are
// constrained the same way, each of them.
import { WELI, type CardId, type Suit } from '../cards/card.ts';
import { cardShort, handCards } from '../cards/notation.ts';
import { handFromLayout, applyAction } from '../engine/game.ts';
import { permanentPerlaggen } from '../engine/deal.ts';
import type { HandState } from '../engine/state.ts';
import { importUserModule, loadErrorLine } from '../registry/policies.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { HB, hb } from './heartbeat.ts';
import { PolicyFault, type DealHook } from './hand.ts';
import type { Rng } from '../core/rng.ts';
import { SimSpecError } from '../core/errors.ts';

/** What a --where predicate sees of a deal (plain data, card short names). */
export interface DealView {
  /**
   * The deal index (--mode figures, hands); -1 with --partien, where a deal's place is a Partie and a deal
   * number that the Partien before it decide: a predicate there looks at the cards, the dealer and trump.
   */
  readonly deal: number;
  readonly dealer: number;
  readonly trump: Suit;
  readonly turned: string;
  /** Each seat's cards as dealt (after any card the cutter kept), before any exchange. */
  readonly hands: readonly (readonly string[])[];
}
export type DealPredicate = (deal: DealView) => boolean;

const SUITS = ['H', 'S', 'L', 'E'] as const;

/** A deal the constraints refuse this many times in a row ends the run (the constraints are too narrow). */
export const MAX_REDEALS = 1_000_000;

/** Load the --where module (its default export must be a function). */
export async function loadPredicate(where: string): Promise<DealPredicate> {
  let mod: { default?: unknown };
  try {
    mod = await importUserModule(where, 'where');
  } catch (e) {
    throw new SimSpecError(`--where ${where}: cannot load it: ${loadErrorLine(e)}`);
  }
  if (typeof mod.default !== 'function') throw new SimSpecError(`--where ${where}: the module must default-export a function (deal) => boolean`);
  return mod.default as DealPredicate;
}

/** The predicate's verdict: exactly true or false, else a fault naming it (issue 9, item 5). */
export function askPredicate(predicate: DealPredicate, where: string, view: DealView, seed: number, at: string): boolean {
  hb[HB.count]!++;
  hb[HB.what] = 2;
  let v: unknown;
  try {
    v = predicate(view);
  } catch (e) {
    throw new PolicyFault(`--where ${where}: the predicate threw ${e instanceof Error ? e.message.split('\n')[0] : String(e)} at ${at}, seed ${seed}`, { cause: e });
  }
  hb[HB.what] = 0;
  if (v === true || v === false) return v;
  const what = v instanceof Promise ? 'a Promise (an async function?)' : typeof v === 'string' ? `the string ${JSON.stringify(v.slice(0, 40))}` : v === null ? 'null' : typeof v === 'object' ? 'an object' : `${typeof v} ${String(v)}`;
  throw new PolicyFault(`--where ${where}: the predicate returned ${what} at ${at}, seed ${seed}; it must return true or false`);
}

/** The fixed cards by seat, checked against the table and the deck (SimSpecError names the problem). */
export function fixedCards(r: RulesVariant, seats: number, handSize: number, hands: DealConstraints['hands'], parse: (c: string) => CardId): Map<number, CardId[]> {
  const fixed = new Map<number, CardId[]>();
  const used = new Set<number>();
  for (const [seat, cards] of Object.entries(hands)) {
    const s = Number(seat);
    if (!Number.isInteger(s) || s < 0 || s >= seats) throw new SimSpecError(`--hand: seat ${seat} does not exist with this table (seats 0-${seats - 1})`);
    if (cards.length > handSize) throw new SimSpecError(`--hand ${seat}: at most ${handSize} cards`);
    const ids = cards.map(parse);
    for (const c of ids) {
      if (used.has(c)) throw new SimSpecError(`--hand: ${cardShort(c)} is fixed twice`);
      if (c === WELI && !r.deckHasWeli) throw new SimSpecError(`--hand: the Weli is not in the ${r.name} deck`);
      used.add(c);
    }
    fixed.set(s, ids);
  }
  return fixed;
}

export interface ConstrainedOptions {
  readonly ruleset: RulesVariant;
  readonly seed: number;
  /** Seat -> fixed cards (may be empty). */
  readonly fixed: ReadonlyMap<number, readonly CardId[]>;
  readonly trump: Suit | null;
  readonly predicate: DealPredicate | null;
  /** The --where path (for messages). */
  readonly where: string | null;
  /** Lay every deal out (fixed cards, or duplicate play: both seatings then get the same cards); else the engine deals. */
  readonly layout: boolean;
}

/**
 * The deal hook of a constrained run. One per seating (its counters are per hand); `at` says which deal or
 * Partie the next hand belongs to (for the predicate's view and for messages), `rejected` counts the deals
 * refused since the job last took the count.
 */
export class ConstrainedDealer implements DealHook {
  /** The deal (or Partie) index of the hands dealt now. */
  at = 0;
  /** With --partien: messages say "Partie". */
  partien = false;
  rejected = 0;
  /** Deals refused for the current hand (the limit is per hand). */
  #tries = 0;
  readonly #perm: ReadonlySet<number>;

  constructor(private readonly o: ConstrainedOptions) {
    this.#perm = new Set(o.ruleset.cutterKeepsPermanentPerlaggen ? permanentPerlaggen(o.ruleset) : []);
  }

  /** Where the current hand is, for messages. */
  #where(): string {
    return this.partien ? `Partie ${this.at}` : `deal ${this.at}`;
  }

  #refused(): void {
    this.rejected++;
    if (++this.#tries > MAX_REDEALS) {
      const what = this.o.where === null ? '--hand, --trump' : `--where ${this.o.where}`;
      throw new PolicyFault(`${this.#where()}, seed ${this.o.seed}: no deal met the constraints (${what}) in ${MAX_REDEALS.toLocaleString('en-US')} tries`);
    }
  }

  #accepts(view: DealView): boolean {
    if (this.o.trump !== null && view.trump !== this.o.trump) return false;
    return this.o.predicate === null || askPredicate(this.o.predicate, this.o.where!, view, this.o.seed, this.#where());
  }

  accept(s: HandState): boolean {
    const view: DealView = {
      deal: this.partien ? -1 : this.at,
      dealer: s.dealer,
      trump: s.trump!,
      turned: cardShort(s.turned),
      hands: Array.from({ length: s.table.seats }, (_, seat) => handCards(s.handLo[seat]!, s.handWeli[seat]!)),
    };
    if (this.#accepts(view)) {
      this.#tries = 0;
      return true;
    }
    this.#refused();
    return false;
  }

  deal(s: HandState, chance: Rng): boolean {
    if (!this.o.layout) return false; // the engine deals; accept() checks
    const r = this.o.ruleset;
    const { seats, handSize } = s.table;
    const inHand = new Set<number>();
    for (const cards of this.o.fixed.values()) for (const c of cards) inHand.add(c);
    const free = s.deck.filter((c) => !inHand.has(c));
    for (;;) {
      // the free cards in a uniform order (Fisher-Yates from the deal's stream)
      const order = free.slice();
      for (let i = order.length - 1; i > 0; i--) {
        const j = chance.below(i + 1);
        const t = order[i]!;
        order[i] = order[j]!;
        order[j] = t;
      }
      let at = 0;
      const hands: number[][] = [];
      for (let seat = 0; seat < seats; seat++) {
        const h = [...(this.o.fixed.get(seat) ?? [])];
        while (h.length < handSize) h.push(order[at++]!);
        hands.push(h);
      }
      const skipped: number[] = [];
      let turned = -1;
      let trump: Suit | null = null;
      while (at < order.length) {
        const c = order[at++]!;
        const suit: Suit = c === WELI ? r.turnedWeliTrump : SUITS[c >>> 3]!;
        if (r.trumpSuitsAllowed.includes(suit)) {
          turned = c;
          trump = suit;
          break;
        }
        skipped.push(c);
      }
      if (trump === null) throw new SimSpecError('the stock ran out before a card of an allowed trump suit showed');
      const stock = order.slice(at);
      // the card the cut shows is the stock's bottom card: no permanent Perlagg, so nobody keeps one
      if (stock.length > 0 && this.#perm.has(stock[stock.length - 1]!)) {
        for (let i = stock.length - 2; i >= 0; i--) {
          if (!this.#perm.has(stock[i]!)) {
            const t = stock[i]!;
            stock[i] = stock[stock.length - 1]!;
            stock[stock.length - 1] = t;
            break;
          }
        }
      }
      const view: DealView = {
        deal: this.partien ? -1 : this.at,
        dealer: s.dealer,
        trump,
        turned: cardShort(turned),
        hands: hands.map((h) => [...h].sort((a, b) => a - b).map(cardShort)),
      };
      if (!this.#accepts(view)) {
        this.#refused();
        continue;
      }
      this.#tries = 0;
      // through the engine's shuffle and cut: the actions that deal this layout, applied to this hand
      const opts = { players: s.table.players, dealer: s.dealer, ...(s.table.dummySeat >= 0 ? { dummySeat: s.table.dummySeat } : {}) };
      const probe = handFromLayout(r, opts, { hands, skipped, turned, stock });
      for (const a of probe.actions) applyAction(s, a);
      return true;
    }
  }
}

export interface DealConstraints {
  /** Cards fixed in seats' hands: seat -> card short names. */
  readonly hands: Readonly<Record<string, readonly string[]>>;
  /** A fixed trump suit (deals with another trump are redealt and counted as rejected). */
  readonly trump: string | null;
  /** Absolute path of a module whose default export is a predicate over the deal. */
  readonly predicate: string | null;
}
