// What a Bieten policy may use (RULES §17), reached through src/policy/api.ts as `bieten.*`
// (strategies/ import only that file). Everything here reads the observation only.
import { cardShort } from '../../cards/notation.ts';
import { figureCode, gleichCode, hangerCode, suitTop } from './figures.ts';
import { BIETEN_FIGURES, resolveBietenRules, type BietenFigure, type BietenRules } from './rules.ts';
import type { BietenObservation, BietenObservedFigure } from './observe.ts';
import type { BietenAction, VoidReason } from './state.ts';

export type Observation = BietenObservation;
export type ObservedFigure = BietenObservedFigure;
export type Action = BietenAction;
export type Figure = BietenFigure;
export const FIGURES = BIETEN_FIGURES;
export { figureCode, gleichCode, hangerCode, suitTop };

/** Suit index 0..3 = Herz, Schell, Laub, Eichel; rank index 0..7 = 7 … As. */
export const suitOf = (card: number): number => card >>> 3;
export const rankOf = (card: number): number => card & 7;
export const cardName = (card: number): string => cardShort(card);
export const HERZ = 0;
export const LAUB = 2;

/** The hand as a card mask (the layout of src/cards: one byte a suit). */
export function maskOf(cards: readonly number[]): number {
  let m = 0;
  for (const c of cards) m |= 1 << c;
  return m >>> 0;
}

/** The player's whole deal: the cards in hand and those he laid. */
export function myCards(obs: Observation): number[] {
  const out = obs.hand.slice();
  for (const t of obs.tricks) for (const p of t.plays) if (p.seat === obs.seat) out.push(p.card);
  return out;
}

/** Cards on the table (all tricks). */
export function tableCards(obs: Observation): number[] {
  const out: number[] = [];
  for (const t of obs.tricks) for (const p of t.plays) out.push(p.card);
  return out;
}

/** The plays of the open trick (empty when leading). */
export function openPlays(obs: Observation): Array<{ seat: number; card: number }> {
  const t = obs.tricks[obs.tricks.length - 1];
  return t !== undefined && t.winner < 0 ? t.plays : [];
}

/** Suit led in the open trick, -1 when leading. */
export function ledSuit(obs: Observation): number {
  const p = openPlays(obs);
  return p.length === 0 ? -1 : suitOf(p[0]!.card);
}

/** The seat that takes a trick given as plays (highest card of the led suit; no trump). */
export function trickWinner(plays: ReadonlyArray<{ seat: number; card: number }>): number {
  const led = suitOf(plays[0]!.card);
  let best = plays[0]!;
  for (const p of plays) if (suitOf(p.card) === led && p.card > best.card) best = p;
  return best.seat;
}

/** The index of the trick being played (0..2). */
export function trickIndex(obs: Observation): number {
  return Math.max(0, obs.tricks.length - 1);
}

const rulesCache = new Map<string, BietenRules>();
function rulesOf(obs: Observation): BietenRules {
  let r = rulesCache.get(obs.ruleset);
  if (r === undefined) rulesCache.set(obs.ruleset, (r = resolveBietenRules(obs.ruleset)));
  return r;
}

/** A seat's score now (before the deal plus this deal's points so far). */
export function standing(obs: Observation, seat: number): number {
  return (obs.score[seat] ?? 0) + (obs.points[seat] ?? 0);
}

/** Points the seat still needs to go out. */
export function need(obs: Observation, seat: number): number {
  return obs.target - standing(obs, seat);
}

/** Gut-value units the seat has bid in this deal and not been written (rule 19, bidLimit 'figuresByNeed'). */
function pledged(obs: Observation, seat: number): number {
  if (rulesOf(obs).bidLimit !== 'figuresByNeed') return 0;
  let n = 0;
  for (const f of obs.figures) {
    if (f.bidder === seat && !(f.status === 'closed' && f.writtenTo === seat && f.groschenBy < 0)) n += 1;
    if (f.groschenBy === seat && !(f.status === 'closed' && f.writtenTo === seat)) n += 2;
  }
  return n;
}

/** Rule 14: in the last trick, once led, does the player hold (or has he laid into it) a card of the led suit? */
function hasSpielSuit(obs: Observation): boolean {
  const led = ledSuit(obs);
  return obs.hand.some((c) => suitOf(c) === led) || openPlays(obs).some((p) => p.seat === obs.seat && suitOf(p.card) === led);
}

/**
 * Would this bid (value 1) or Groschen (value 2) on `figure` by `seat` be void and cost a penalty, and why?
 * The engine's rule (rules 14, 19, 20) from what the observation shows; null = valid.
 */
export function voidReason(obs: Observation, seat: number, figure: Figure, value: 1 | 2): VoidReason | null {
  const last = obs.tricks.length === 3 && openPlays(obs).length > 0;
  if (figure === 'Spiel' && last && seat === obs.seat && !hasSpielSuit(obs)) return 'spielWithoutSuit';
  const room = need(obs, seat) - 1;
  if (room <= 0) return 'gestrichen';
  return pledged(obs, seat) + value > room ? 'overbid' : null;
}

/** Is holding the Spiel now void (the last trick led and no card of its suit in hand)? */
export function holdIsVoid(obs: Observation): boolean {
  const o = obs.offer;
  if (o === null || o.figure !== 'Spiel') return false;
  return obs.tricks.length === 3 && openPlays(obs).length > 0 && !hasSpielSuit(obs);
}

/** The legal action that is a plain card play of `card`, if any. */
export function playOf(obs: Observation, card: number): Action | undefined {
  return obs.legal.find((a) => a.kind === 'play' && a.card === card);
}

/** The legal bid (or Groschen) on `figure`, if any. */
export function bidOf(obs: Observation, kind: 'bid' | 'groschen', figure: Figure): Action | undefined {
  return obs.legal.find((a) => a.kind === kind && a.figure === figure);
}

/** The observed wager on a figure. */
export function figureOf(obs: Observation, figure: Figure): ObservedFigure {
  return obs.figures[BIETEN_FIGURES.indexOf(figure)]!;
}
