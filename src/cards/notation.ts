// Card notation as players write it (RULES §0.3): short forms (HA, S7, E10, EU, Weli) and German
// names (Herz As, Schellsiebener, Eichel-Unter, Laubzehner). Case, spaces, hyphens and umlauts are
// forgiven; anything else is a clear error.
import { RANK_NAMES, RANKS, SUIT_NAMES, SUITS, WELI, cardId, rankOf, suitOf, type CardId, type Rank, type Suit } from './card.ts';

export class CardNotationError extends Error {
  override name = 'CardNotationError';
}

const SUIT_ALIASES: ReadonlyArray<[string, Suit]> = [
  ['herz', 'H'], ['rot', 'H'], ['h', 'H'],
  ['schellen', 'S'], ['schell', 'S'], ['s', 'S'],
  ['laub', 'L'], ['gruen', 'L'], ['gras', 'L'], ['l', 'L'],
  ['eichel', 'E'], ['e', 'E'],
];
const RANK_ALIASES: ReadonlyMap<string, Rank> = new Map<string, Rank>([
  ['a', 'A'], ['as', 'A'], ['ass', 'A'], ['sau', 'A'], ['daus', 'A'],
  ['k', 'K'], ['koenig', 'K'], ['konig', 'K'],
  ['o', 'O'], ['ober', 'O'],
  ['u', 'U'], ['unter', 'U'],
  ['10', '10'], ['zehner', '10'], ['zehn', '10'],
  ['9', '9'], ['neuner', '9'], ['neun', '9'],
  ['8', '8'], ['achter', '8'], ['acht', '8'],
  ['7', '7'], ['siebener', '7'], ['sieben', '7'],
]);
const WELI_ALIASES = new Set(['w', 'weli', 'welli', 'schellweli', 'schellwelli']);

function normalize(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss').replace(/å/g, 'a')
    .replace(/[\s\-_.]/g, '');
}

/** Parse one card; returns null when the text is not a card. */
export function tryParseCard(text: string): CardId | null {
  const t = normalize(text);
  if (t.length === 0) return null;
  if (WELI_ALIASES.has(t)) return WELI;
  for (const [alias, suit] of SUIT_ALIASES) {
    if (!t.startsWith(alias)) continue;
    const rank = RANK_ALIASES.get(t.slice(alias.length));
    if (rank !== undefined) return cardId(suit, rank);
  }
  return null;
}

/** Parse one card or throw a one-line error naming the bad text. */
export function parseCard(text: string): CardId {
  const id = tryParseCard(text);
  if (id === null) {
    throw new CardNotationError(
      `not a card: "${text}" (write a suit H S L E and a rank A K O U 10 9 8 7, e.g. HA, S7, E10, EU, or Weli, or "Herz As")`,
    );
  }
  return id;
}

/**
 * Parse a list of cards separated by commas or spaces ("HK,Weli,S7" or "Herz As, Laub 7").
 * Two words that only together name a card ("Herz As") are read as one card. Duplicates are an error.
 */
export function parseCards(text: string): CardId[] {
  const words = text.split(/[\s,;]+/).filter((w) => w.length > 0);
  const out: CardId[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    let id = tryParseCard(w);
    if (id === null && i + 1 < words.length) {
      id = tryParseCard(w + words[i + 1]!);
      if (id !== null) i++;
    }
    if (id === null) id = parseCard(w);
    if (out.includes(id)) throw new CardNotationError(`card named twice: ${cardShort(id)} in "${text}"`);
    out.push(id);
  }
  return out;
}

/** Short form: HA, S7, E10, EU, Weli. */
export function cardShort(id: CardId): string {
  if (id === WELI) return 'Weli';
  return suitOf(id) + rankOf(id);
}

/** German name: "Herz As", "Schell Siebener", "Weli". */
export function cardLong(id: CardId): string {
  if (id === WELI) return 'Weli';
  return `${SUIT_NAMES[suitOf(id)]} ${RANK_NAMES[rankOf(id)]}`;
}

export function cardsShort(ids: Iterable<CardId>): string {
  return [...ids].map(cardShort).join(' ');
}

export { SUITS, RANKS };
