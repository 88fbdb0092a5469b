// Which cards are Perlaggen in a deal, and their order (RULES §2.1): the ruleset's slots resolved
// against the trump suit. Cached per ruleset and trump.
import { SUITS, WELI, cardId, type CardId, type Rank, type Suit } from '../cards/card.ts';
import { parseCard } from '../cards/notation.ts';
import { RulesetError } from './registry.ts';
import type { RulesVariant } from './variant.ts';

export interface Perlaggen {
  readonly trump: Suit;
  /** Perlaggen of this deal, highest first. */
  readonly order: readonly CardId[];
  /** Suited Perlaggen as a 32-bit mask (card.ts layout). */
  readonly lo: number;
  /** 1 when the Weli is a Perlagg (every 33-card ruleset). */
  readonly weli: 0 | 1;
  /** The permanent (ständige) Perlaggen, highest first: those the cutter may keep (RULES §4.2). */
  readonly permanent: readonly CardId[];
  /**
   * Perlagg level of a card (RULES §2.3): 0 for a card that is not a Perlagg, else its position from the
   * bottom of the order (1 = lowest Perlagg). Indexed by card id 0..32.
   */
  readonly level: Readonly<Int8Array>;
}

const cache = new WeakMap<RulesVariant, Map<Suit, Perlaggen>>();

/** Resolve a Perlagg slot ("HK", "W", "T7") to a card id for the given trump. */
function slotCard(slot: string, trump: Suit): CardId {
  if (slot === 'W') return WELI;
  if (slot.startsWith('T')) return cardId(trump, slot.slice(1) as Rank);
  return parseCard(slot);
}

export function assertTrumpAllowed(r: RulesVariant, trump: string): asserts trump is Suit {
  if (!(SUITS as readonly string[]).includes(trump)) {
    throw new RulesetError(`not a suit: "${trump}" (write H, S, L or E)`);
  }
  if (!r.trumpSuitsAllowed.includes(trump as Suit)) {
    throw new RulesetError(`${trump} cannot be trump in ${r.name} (allowed: ${r.trumpSuitsAllowed.join(', ')})`);
  }
}

export function perlaggenOf(r: RulesVariant, trump: Suit): Perlaggen {
  let byTrump = cache.get(r);
  if (byTrump === undefined) cache.set(r, (byTrump = new Map()));
  let p = byTrump.get(trump);
  if (p !== undefined) return p;
  assertTrumpAllowed(r, trump);
  const order: CardId[] = [];
  const permanent: CardId[] = [];
  for (const slot of r.perlaggen) {
    const id = slotCard(slot, trump);
    if (id === WELI && !r.deckHasWeli) throw new RulesetError(`${r.name}: the Weli is a Perlagg but the deck has no Weli`);
    if (!order.includes(id)) order.push(id); // a card named twice keeps its first (higher) place
    if (!slot.startsWith('T') && !permanent.includes(id)) permanent.push(id);
  }
  const level = new Int8Array(33);
  let lo = 0;
  let weli: 0 | 1 = 0;
  order.forEach((id, i) => {
    level[id] = order.length - i;
    if (id === WELI) weli = 1;
    else lo |= 1 << id;
  });
  p = Object.freeze({ trump, order: Object.freeze(order), lo: lo >>> 0, weli, permanent: Object.freeze(permanent), level });
  byTrump.set(trump, p);
  return p;
}
