// RULES §13: the words of the table talk — the phrases partners may say (talk.ts tells when each may be said,
// and to whom), which of them are questions, the points where talk happens, and each phrase as a player says
// it at the table. Plain words and data: the actions, the history and the state name them, so they sit below
// all three.
import type { Suit } from '../cards/card.ts';
import type { Figure } from '../rules/variant.ts';

export const TALK_PHRASES = [
  'welcheFarbe',
  'trumpf',
  'farbe',
  'gutDrueben',
  'ichKannNicht',
  'kannstStechen',
  'entscheidung',
  'inNatura',
  'biet',
  'halt',
  'gutLassen',
  'ja',
  'nein',
] as const;
export type TalkPhrase = (typeof TALK_PHRASES)[number];

/** Phrases that are questions: the partner addressed answers at once. */
export const QUESTIONS: ReadonlySet<TalkPhrase> = new Set(['welcheFarbe', 'kannstStechen', 'entscheidung', 'inNatura']);

/** Where a talk window stands: before a trick's first card, before a later card, before an answer to an offer. */
export type TalkPoint = 'lead' | 'card' | 'answer';

const SUIT_WORDS: Readonly<Record<Suit, string>> = { H: 'Herz', S: 'Schell', L: 'Laub', E: 'Eichel' };
const SUIT_OF_INDEX: readonly Suit[] = ['H', 'S', 'L', 'E'];
const FIGURE_OBJECT: Readonly<Record<Figure, string>> = { Spiel: 'das Spiel', Gleich: 'das Gleich', Hanger: 'den Hanger' };

/** A phrase in the game's words, as a player says it at the table (transcripts). */
export function phraseWords(phrase: TalkPhrase, suit: number, figure: Figure | null): string {
  const f = figure === null ? 'es' : FIGURE_OBJECT[figure];
  switch (phrase) {
    case 'welcheFarbe':
      return 'Welche Farbe?';
    case 'trumpf':
      return 'Trumpf!';
    case 'farbe':
      return `${SUIT_WORDS[SUIT_OF_INDEX[suit] ?? 'H']}!`;
    case 'gutDrueben':
      return 'Gut drüben!';
    case 'ichKannNicht':
      return 'Ich kann nicht.';
    case 'kannstStechen':
      return 'Kannst du stechen?';
    case 'entscheidung':
      return 'Ist der Stich von Entscheidung?';
    case 'inNatura':
      return figure === 'Spiel' ? 'Hast du die Spielfarbe?' : `Hast du ${f} in natura?`;
    case 'biet':
      return `Biet ${f}!`;
    case 'halt':
      return `Halt ${f}!`;
    case 'gutLassen':
      return `Lass ${f} gut!`;
    case 'ja':
      return 'Ja.';
    case 'nein':
      return 'Nein.';
  }
}
