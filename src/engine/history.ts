// Frozen event records of a hand, in order. Each event says who may see it: `public` events are seen by
// every player; the others carry the seats whose players see them (the deal, what the cutter saw).
// Observations (observe.ts) filter this list per player; transcripts (cli/play.ts) print all of it.
import type { TalkPhrase } from './talk-words.ts';
export type HandEvent =
  | { readonly type: 'shuffled' }
  | { readonly type: 'cut'; readonly cutter: number; readonly lifted: number }
  | { readonly type: 'cutShows'; readonly card: number; readonly permanent: boolean; readonly seenBy: number }
  | { readonly type: 'cutKeep'; readonly seat: number; readonly card: number; readonly keep: boolean }
  | { readonly type: 'dealt'; readonly seat: number; readonly cards: readonly number[] }
  | { readonly type: 'skipped'; readonly card: number }
  | { readonly type: 'turnedUp'; readonly card: number; readonly trump: string }
  | { readonly type: 'stockShown'; readonly cards: readonly number[] }
  | { readonly type: 'exchangeOffer'; readonly seat: number; readonly faceUp: number; readonly must: boolean }
  | { readonly type: 'exchange'; readonly seat: number; readonly gave: number; readonly took: number }
  | { readonly type: 'exchangeDeclined'; readonly seat: number; readonly faceUp: number }
  | { readonly type: 'play'; readonly seat: number; readonly card: number; readonly as: number | null; readonly trick: number }
  | { readonly type: 'trick'; readonly index: number; readonly winner: number }
  /**
   * A revoke found (RULES §6.4, §12): `seat` played `card` in trick `trick` against the follow rules. Under
   * 'substitute' (1853 [000 p.31]) the card of the suit found later (`substitute`) was put in its place and
   * the tricks judged on that; under 'spielPlus2' (Innsbruck [003 §17], A-22) the Spiel goes to the
   * opponents and the party pays 2; `substitute` -1 when nothing was moved.
   */
  | { readonly type: 'revoke'; readonly seat: number; readonly trick: number; readonly card: number; readonly substitute: number; readonly penalty: 'substitute' | 'spielPlus2' | 'none' }
  | { readonly type: 'concede'; readonly seat: number; readonly party: number }
  | { readonly type: 'spiel'; readonly party: number; readonly tricks: readonly number[] }
  | { readonly type: 'show'; readonly seat: number; readonly cards: ReadonlyArray<{ readonly card: number; readonly as: number | null }>; readonly gleich: number; readonly hanger: number; readonly hangerSuit: number }
  | { readonly type: 'figure'; readonly figure: 'Spiel' | 'Gleich' | 'Hanger'; readonly party: number; readonly points: number; readonly code: number; readonly how: string }
  | { readonly type: 'window'; readonly point: number }
  | { readonly type: 'bid'; readonly seat: number; readonly party: number; readonly figures: ReadonlyArray<'Spiel' | 'Gleich' | 'Hanger'>; readonly cumulative: boolean; readonly unseen: boolean; readonly kept: number; readonly point: number }
  | { readonly type: 'raise'; readonly seat: number; readonly party: number; readonly figure: 'Spiel' | 'Gleich' | 'Hanger'; readonly to: number; readonly aus: boolean; readonly answer: boolean; readonly valid: boolean }
  | { readonly type: 'answer'; readonly seat: number; readonly party: number; readonly figure: 'Spiel' | 'Gleich' | 'Hanger'; readonly answer: 'gut' | 'hold'; readonly level: number; readonly aus: boolean }
  | { readonly type: 'veto'; readonly seat: number; readonly veto: boolean; readonly act: 'bid' | 'hold' | 'raise' }
  | { readonly type: 'ask'; readonly seat: number; readonly party: number; readonly count: number; readonly kind: 'Gleich' | 'Hanger' }
  | { readonly type: 'askAnswer'; readonly seat: number; readonly party: number; readonly allow: boolean; readonly truthful: boolean | null }
  | { readonly type: 'write'; readonly party: number; readonly points: number; readonly reason: string; readonly figure: 'Spiel' | 'Gleich' | 'Hanger' | null }
  | { readonly type: 'penalty'; readonly party: number; readonly points: number; readonly reason: string }
  /**
   * An end-of-deal correction (RULES §11.3, §12, A-39): `points` written to party `from` in this deal (for
   * `figure`, or all its points of the deal when null) are erased and written to `to` (-1: to nobody). It
   * amends earlier writes; it is not a write of its own in the order of writing.
   */
  | { readonly type: 'correction'; readonly figure: 'Spiel' | 'Gleich' | 'Hanger' | null; readonly from: number; readonly to: number; readonly points: number; readonly reason: string }
  | { readonly type: 'partieOver'; readonly winner: number; readonly reason: string }
  | { readonly type: 'end'; readonly points: readonly number[] }
  // RULES §13 (talk.ts): the secret signs one seat gives one partner at the first lead (seen by `to` only),
  // and a phrase said at the table (public): `reply` when it answers the question said just before it;
  // `trick` (0-based) and `card` (cards laid in it) say when it was said.
  | { readonly type: 'sign'; readonly seat: number; readonly to: number; readonly trumps: number; readonly perlaggen: number; readonly best: number }
  | { readonly type: 'say'; readonly seat: number; readonly to: number; readonly phrase: TalkPhrase; readonly suit: number; readonly figure: 'Spiel' | 'Gleich' | 'Hanger' | null; readonly reply: boolean; readonly trick: number; readonly card: number };

/** The seats that may see an event; null = everybody. */
export function eventSeenBy(e: HandEvent): number | null {
  switch (e.type) {
    case 'dealt':
      return e.seat;
    case 'cutShows':
      return e.seenBy;
    case 'sign':
      return e.to; // the partnership's secret (RULES §13)
    case 'cutKeep':
      return e.keep ? null : e.seat; // a kept Perlagg is shown to all; a declined one only the cutter saw
    default:
      return null;
  }
}

/** The event types freezeEvent freezes as they are (flat records of primitives), for the test. */
export const FLAT_EVENT_TYPES: ReadonlySet<HandEvent['type']> = new Set([
  'shuffled', 'cut', 'cutShows', 'cutKeep', 'skipped', 'turnedUp', 'exchangeOffer', 'exchange', 'exchangeDeclined', 'play', 'trick', 'revoke',
  'concede', 'figure', 'window', 'raise', 'answer', 'veto', 'ask', 'askAnswer', 'write', 'penalty', 'correction', 'partieOver', 'sign', 'say',
]);

/**
 * Freeze an event all the way down: observations share events, so nobody may change one. The types whose
 * records hold only primitives (HandEvent above) are frozen as they are; the nested ones by their fields; any
 * other by freezeEventChecked, the walk of every field (and the twin: test/engine/history.test.ts checks every
 * event of random hands on every table deep-frozen, every event of the flat types flat, and the nested ones
 * frozen both ways alike).
 */
export function freezeEvent<E extends HandEvent>(e: E): E {
  const type = e.type;
  if (FLAT_EVENT_TYPES.has(type)) return Object.freeze(e);
  // the nested types by the fields HandEvent gives them (a list of primitives; the shown cards: a list of flat
  // records), as the walk would freeze them but without it (for…in over every field); others by the walk
  const x = e as HandEvent;
  switch (x.type) {
    case 'bid':
      freezeList(x.figures);
      break;
    case 'dealt':
    case 'stockShown':
      freezeList(x.cards);
      break;
    case 'spiel':
      freezeList(x.tricks);
      break;
    case 'end':
      freezeList(x.points);
      break;
    case 'show': {
      const cards = x.cards;
      if (!Object.isFrozen(cards)) {
        for (let i = 0; i < cards.length; i++) freezeList(cards[i]!);
        Object.freeze(cards);
      }
      break;
    }
    default:
      return freezeEventChecked(e);
  }
  return Object.freeze(e);
}
/** Freeze a list of primitives or a flat record (deepFreeze's result for them). */
function freezeList(v: object): void {
  if (!Object.isFrozen(v)) Object.freeze(v);
}

/** freezeEvent by the walk of every field, whatever the type (its twin, and its path for the nested types). */
export function freezeEventChecked<E extends HandEvent>(e: E): E {
  // Events are flat records whose only nested values are arrays of primitives or of flat records (the
  // shown cards): freeze those one level down, without the generic walk's allocations.
  const o = e as unknown as Record<string, unknown>;
  for (const k in o) {
    const v = o[k];
    if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) deepFreeze(v);
  }
  return Object.freeze(e);
}
function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === 'object' && !Object.isFrozen(v)) {
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) deepFreeze(v[i]);
    } else {
      for (const x of Object.values(v)) deepFreeze(x);
    }
    Object.freeze(v);
  }
  return v;
}
