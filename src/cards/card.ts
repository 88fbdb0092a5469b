// Cards: the 32 German cards and the Weli (RULES §1).
//
// Card ids and the bit layout of a hand (GUIDE guideline 7). Suit-major, one byte a suit:
//
//   bit   31 ......... 24 | 23 ......... 16 | 15 .......... 8 | 7 ........... 0
//   suit      Eichel (3)   |     Laub (2)    |    Schell (1)   |     Herz (0)
//   rank  A K O U 10 9 8 7 | A K O U 10 9 8 7 | A K O U 10 9 8 7 | A K O U 10 9 8 7
//         7 6 5 4  3 2 1 0   (bit within the byte = rank index; 7 = As ... 0 = Siebener)
//
//   card id = suit * 8 + rank index  (0 = Herz 7, 7 = Herz As, 8 = Schell 7, ..., 31 = Eichel As)
//   id 32   = the Weli. It lies outside the 32-bit word: a hand carries it as a separate 0/1 flag.
//
// The rank index + 1 is the rank value of RULES §2.3 (A = 8 ... 7 = 1); the Weli's natural rank,
// Schell 6, has rank value 0 (RULES §1.3). The layout is private to src/cards and src/eval: other
// code uses the functions below.

export const SUITS = ['H', 'S', 'L', 'E'] as const;
export type Suit = (typeof SUITS)[number];
export const SUIT_NAMES: Readonly<Record<Suit, string>> = { H: 'Herz', S: 'Schell', L: 'Laub', E: 'Eichel' };

/** Ranks in natural order, lowest first (RULES §1.2: A > K > O > U > 10 > 9 > 8 > 7). */
export const RANKS = ['7', '8', '9', '10', 'U', 'O', 'K', 'A'] as const;
export type Rank = (typeof RANKS)[number];
export const RANK_NAMES: Readonly<Record<Rank, string>> = {
  '7': 'Siebener', '8': 'Achter', '9': 'Neuner', '10': 'Zehner', U: 'Unter', O: 'Ober', K: 'König', A: 'As',
};

/** A card id: 0..31 for the suited cards, 32 for the Weli. */
export type CardId = number;
export const WELI: CardId = 32;
export const DECK_SIZE_WITH_WELI = 33;

export function cardId(suit: Suit, rank: Rank): CardId {
  return SUITS.indexOf(suit) * 8 + RANKS.indexOf(rank);
}

/** Suit index 0..3 of a suited card; the Weli's natural suit is Schell (RULES §1.3). */
export function suitIndexOf(id: CardId): number {
  return id === WELI ? 1 : id >>> 3;
}
export function suitOf(id: CardId): Suit {
  return SUITS[suitIndexOf(id)]!;
}
/** Rank index 0..7 (7 = As); the Weli has none. */
export function rankIndexOf(id: CardId): number {
  if (id === WELI) throw new RangeError('the Weli has no rank among 7..A (its natural identity is Schell 6)');
  return id & 7;
}
export function rankOf(id: CardId): Rank {
  return RANKS[rankIndexOf(id)]!;
}
/** Rank value of RULES §2.3: A = 8 ... 7 = 1, natural Weli (Schell 6) = 0. */
export function rankValue(id: CardId): number {
  return id === WELI ? 0 : (id & 7) + 1;
}

export function isCardId(x: unknown): x is CardId {
  return typeof x === 'number' && Number.isInteger(x) && x >= 0 && x <= WELI;
}

/** All 33 card ids, Weli last. */
export const ALL_CARDS: readonly CardId[] = Object.freeze(Array.from({ length: 33 }, (_, i) => i));
