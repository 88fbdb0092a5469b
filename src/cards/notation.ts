// Card and suit notation as players write it (RULES §0.3): short forms (HA, S7, E10, EU, Weli), German
// names (Herz As, Schellsiebener, Eichel-Unter, Laubzehner), suits as H, Herz, Rot, Laub, Grün, Eichel.
// Case, spaces, hyphens and umlauts are forgiven; anything else is a clear error.
import { RANK_NAMES, RANKS, SUIT_NAMES, SUITS, WELI, cardId, rankOf, suitOf, type CardId, type Rank, type Suit } from './card.ts';
import { UsageError } from '../core/errors.ts';

export class CardNotationError extends UsageError {
  override name = 'CardNotationError';
}

/**
 * The words players write for a suit (RULES §0.3), normalized (lower case, umlauts as ae/oe/ue, no spaces
 * or hyphens): the letter, the German name and its plural, the colour names Rot and Grün (also Bieten's
 * "die Rote", "die Grüne"), Gras for Laub, the English names used in docs/rules.md, and the French suits the
 * 1853 book pairs them with, "Herz (coeur); Schell (carreau); Laub (pique) und Eichel (trèfle)" [000 p.11].
 */
const SUIT_WORDS: ReadonlyArray<[string, Suit]> = [
  ['h', 'H'], ['herz', 'H'], ['herzen', 'H'], ['rot', 'H'], ['rote', 'H'], ['hearts', 'H'], ['coeur', 'H'],
  ['s', 'S'], ['schell', 'S'], ['schellen', 'S'], ['bells', 'S'], ['carreau', 'S'],
  ['l', 'L'], ['laub', 'L'], ['gruen', 'L'], ['grun', 'L'], ['gruene', 'L'], ['grune', 'L'], ['gras', 'L'], ['leaves', 'L'], ['pique', 'L'],
  ['e', 'E'], ['eichel', 'E'], ['eicheln', 'E'], ['acorns', 'E'], ['trefle', 'E'],
];
const SUIT_BY_WORD: ReadonlyMap<string, Suit> = new Map(SUIT_WORDS);
/** For reading a card: the suit word it starts with, longest words first ("eichel" before "e"). */
const SUIT_PREFIXES = [...SUIT_WORDS].sort((a, b) => b[0].length - a[0].length);
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
    .replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss').replace(/å/g, 'a').replace(/[èé]/g, 'e')
    .replace(/[\s\-_.]/g, '');
}

/** Parse one card; returns null when the text is not a card. */
export function tryParseCard(text: string): CardId | null {
  const t = normalize(text);
  if (t.length === 0) return null;
  if (WELI_ALIASES.has(t)) return WELI;
  for (const [alias, suit] of SUIT_PREFIXES) {
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

/** Parse a suit as players write it (H, herz, Herz, Rot, Schellen, Laub, Grün, Eichel …); null when it is none. */
export function tryParseSuit(text: string): Suit | null {
  return SUIT_BY_WORD.get(normalize(text)) ?? null;
}

/**
 * Parse a suit as players write it, or throw a one-line error naming the bad text; `option` (e.g. "--trump")
 * starts the message when given. Every place that takes a suit from a user reads it here.
 */
export function parseSuit(text: string, option?: string): Suit {
  const suit = tryParseSuit(text);
  if (suit === null) {
    const what = option === undefined ? `not a suit: "${text}"` : `${option} ${text}: not a suit`;
    throw new CardNotationError(`${what} (write H, S, L, E or Herz, Schell, Laub, Eichel)`);
  }
  return suit;
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

/** Card short names of a hand given as suited bits and the Weli flag. */
export function handCards(lo: number, weli: number): string[] {
  const cards: string[] = [];
  for (let b = 0; b < 32; b++) if ((lo >>> b) & 1) cards.push(cardShort(b));
  if (weli) cards.push('Weli');
  return cards;
}
