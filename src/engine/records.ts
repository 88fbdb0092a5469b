// The hand's records of a card laid, a trick won, a Spiel decided and a card shown: flat frozen records
// shared by every hand that makes them (built and frozen once each), with their slow twins, the literals.

import type { HandEvent } from './history.ts';
import type { HandState } from './state.ts';

// The records of a card laid (the trick's entry and the 'play' event) and of a trick won ('trick' event) are
// flat frozen records of a few small numbers: each distinct one is built and frozen once (Object.freeze of a
// fresh record costs more than the rest of the step) and shared by every hand that lays that card — records
// are read only, and nothing keys on their identity. Their slow twins are the literals (playRecordChecked …),
// compared over the whole key space in test/engine/records.test.ts.
const RECORD_SEATS = 8;

const RECORD_TRICKS = 8;

const IDS = 34;

 // as: null, 0..32
const playRecords: Array<PlayedCardRecord | undefined> = new Array(RECORD_SEATS * 33 * IDS);

const playEvents: Array<PlayEvent | undefined> = new Array(RECORD_TRICKS * RECORD_SEATS * 33 * IDS);

const trickEvents: Array<TrickEvent | undefined> = new Array(RECORD_TRICKS * RECORD_SEATS);

// The cards laid as themselves (as null: most plays) in tables of their own, a few KiB: the big tables' slots
// for them lie a cache line apart each, and every hand's plays missed the cache there.
const plainPlayRecords: Array<PlayedCardRecord | undefined> = new Array(RECORD_SEATS * 33);

const plainPlayEvents: Array<PlayEvent | undefined> = new Array(RECORD_TRICKS * RECORD_SEATS * 33);

type PlayedCardRecord = HandState['tricks'][number]['plays'][number];

type PlayEvent = Extract<HandEvent, { type: 'play' }>;

type TrickEvent = Extract<HandEvent, { type: 'trick' }>;

/** Is (seat, card, as) inside the shared records' key space? */
function inRecordSpace(seat: number, card: number, as: number | null): boolean {
  return (seat | 0) === seat && seat >= 0 && seat < RECORD_SEATS && (card | 0) === card && card >= 0 && card <= 32 && (as === null || ((as | 0) === as && as >= 0 && as <= 32));
}

/** The frozen record of `seat` laying `card` as `as` (a trick's entry), shared. */
export function playRecord(seat: number, card: number, as: number | null): PlayedCardRecord {
  if (!inRecordSpace(seat, card, as)) return playRecordChecked(seat, card, as);
  if (as === null) return (plainPlayRecords[seat * 33 + card] ??= playRecordChecked(seat, card, null));
  const i = (seat * 33 + card) * IDS + as + 1;
  return (playRecords[i] ??= playRecordChecked(seat, card, as));
}

export function playRecordChecked(seat: number, card: number, as: number | null): PlayedCardRecord {
  return Object.freeze({ seat, card, as });
}

/** The frozen 'play' event, shared. */
export function playEvent(seat: number, card: number, as: number | null, trick: number): PlayEvent {
  if (!inRecordSpace(seat, card, as) || !((trick | 0) === trick && trick >= 0 && trick < RECORD_TRICKS)) return playEventChecked(seat, card, as, trick);
  if (as === null) return (plainPlayEvents[(trick * RECORD_SEATS + seat) * 33 + card] ??= playEventChecked(seat, card, null, trick));
  const i = ((trick * RECORD_SEATS + seat) * 33 + card) * IDS + as + 1;
  return (playEvents[i] ??= playEventChecked(seat, card, as, trick));
}

export function playEventChecked(seat: number, card: number, as: number | null, trick: number): PlayEvent {
  return Object.freeze({ type: 'play', seat, card, as, trick }); // flat: nothing nested to freeze
}

/** The frozen 'trick' event, shared. */
export function trickEvent(index: number, winner: number): TrickEvent {
  if (!((index | 0) === index && index >= 0 && index < RECORD_TRICKS && (winner | 0) === winner && winner >= 0 && winner < RECORD_SEATS)) return trickEventChecked(index, winner);
  return (trickEvents[index * RECORD_SEATS + winner] ??= trickEventChecked(index, winner));
}

export function trickEventChecked(index: number, winner: number): TrickEvent {
  return Object.freeze({ type: 'trick', index, winner }); // flat: nothing nested to freeze
}

type SpielEvent = Extract<HandEvent, { type: 'spiel' }>;

const SPIEL_PARTIES = 10;

 // party -2 (lapsed) .. 7
const SPIEL_TRICKS = 8;

const spielEvents: Array<SpielEvent | undefined> = new Array(SPIEL_PARTIES * SPIEL_TRICKS * SPIEL_TRICKS);

/**
 * The frozen 'spiel' event (its list of tricks per party a copy of `tricks`), shared as the trick records are
 * at two parties: each distinct one built and frozen once. Its twin: spielEventChecked, the literal
 * (test/engine/records.test.ts, over the key space).
 */
export function spielEvent(party: number, tricks: readonly number[]): SpielEvent {
  if (tricks.length !== 2) return spielEventChecked(party, tricks);
  const t0 = tricks[0]!;
  const t1 = tricks[1]!;
  if (!((party | 0) === party && party >= -2 && party < SPIEL_PARTIES - 2 && (t0 | 0) === t0 && t0 >= 0 && t0 < SPIEL_TRICKS && (t1 | 0) === t1 && t1 >= 0 && t1 < SPIEL_TRICKS)) return spielEventChecked(party, tricks);
  return (spielEvents[((party + 2) * SPIEL_TRICKS + t0) * SPIEL_TRICKS + t1] ??= spielEventChecked(party, tricks));
}

export function spielEventChecked(party: number, tricks: readonly number[]): SpielEvent {
  return Object.freeze({ type: 'spiel' as const, party, tricks: Object.freeze(tricks.slice()) }); // frozen directly, as freezeEvent would
}

export type ShownCard = { readonly card: number; readonly as: number | null };

const shownCards: Array<ShownCard | undefined> = new Array(33 * IDS);

/** The frozen record of a card shown as `as` (null: as itself), shared; outside 0..32 built fresh. */
export function shownCard(card: number, as: number | null): ShownCard {
  if (!((card | 0) === card && card >= 0 && card <= 32 && (as === null || ((as | 0) === as && as >= 0 && as <= 32)))) return shownCardChecked(card, as);
  return (shownCards[card * IDS + (as === null ? 0 : as + 1)] ??= shownCardChecked(card, as));
}

export function shownCardChecked(card: number, as: number | null): ShownCard {
  return Object.freeze({ card, as });
}
