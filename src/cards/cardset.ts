// An immutable set of cards: the 32 suited cards as a uint32 (layout in card.ts) plus the Weli flag.
// For APIs and tests; hot loops work on the two words directly.
import { WELI, type CardId } from './card.ts';
import { bitIndices, popcount32 } from './mask.ts';
import { cardShort, parseCards } from './notation.ts';

export class CardSet {
  /** Bits of the suited cards (card.ts layout). */
  readonly lo: number;
  /** 1 when the Weli is in the set. */
  readonly weli: 0 | 1;

  constructor(lo: number, weli: number | boolean) {
    this.lo = lo >>> 0;
    this.weli = weli ? 1 : 0;
  }

  static readonly EMPTY = new CardSet(0, 0);

  static of(ids: Iterable<CardId>): CardSet {
    let lo = 0;
    let weli: 0 | 1 = 0;
    for (const id of ids) {
      if (id === WELI) weli = 1;
      else lo |= 1 << id;
    }
    return new CardSet(lo, weli);
  }

  static parse(text: string): CardSet {
    return CardSet.of(parseCards(text));
  }

  /** The whole deck: 32 cards, plus the Weli when the ruleset has it. */
  static deck(withWeli: boolean): CardSet {
    return new CardSet(0xffffffff, withWeli);
  }

  has(id: CardId): boolean {
    return id === WELI ? this.weli === 1 : ((this.lo >>> id) & 1) === 1;
  }
  get size(): number {
    return popcount32(this.lo) + this.weli;
  }
  add(id: CardId): CardSet {
    return id === WELI ? new CardSet(this.lo, 1) : new CardSet(this.lo | (1 << id), this.weli);
  }
  union(o: CardSet): CardSet {
    return new CardSet(this.lo | o.lo, this.weli | o.weli);
  }
  intersect(o: CardSet): CardSet {
    return new CardSet(this.lo & o.lo, this.weli & o.weli);
  }
  minus(o: CardSet): CardSet {
    return new CardSet(this.lo & ~o.lo, this.weli & (o.weli ^ 1));
  }
  equals(o: CardSet): boolean {
    return this.lo === o.lo && this.weli === o.weli;
  }
  /** Card ids, ascending (the Weli last). */
  ids(): CardId[] {
    const out = bitIndices(this.lo);
    if (this.weli) out.push(WELI);
    return out;
  }
  toString(): string {
    return this.ids().map(cardShort).join(' ');
  }
}
