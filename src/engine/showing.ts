// The showing after the tricks (RULES §5.1, §7.4, §8.1, §9.3): its order, the shows a seat may make now,
// and recording a show.

import { WELI } from '../cards/card.ts';
import { freezeEvent } from './history.ts';
import { scoreHand } from './scoring.ts';
import { freePerlaggen, showOptions, shownWord, touchShowEntries, type ShowOption } from './show-options.ts';
import { openWindow } from './bid-windows.ts';
import { obligationsOf, showMeetsObligations } from './obligations.ts';
import type { HandState } from './state.ts';
import { wordGleich, wordHanger, wordHangerSuit } from '../eval/figures.ts';
import { type ShownCard, shownCard } from './records.ts';

// ---- showing and scoring (RULES §5.1, §7.4, §8.1, §9.3) ----

/**
 * Showing order: the Spiel party first, then the others, each clockwise from Vorhand (§9.1: the party that
 * won the Spiel shows first). When the Spiel lapsed, everyone clockwise from Vorhand.
 */
export function startShow(s: HandState): void {
  s.phase = 'show';
  const { seats, party } = s.table;
  // (index loops: Array.from with a closure, includes and slice cost more than the rest of the step)
  const order = new Array<number>(seats);
  let at = 0;
  const sp = s.spielParty;
  if (sp >= 0) {
    for (let i = 0; i < seats; i++) {
      const seat = (s.vorhand + i) % seats;
      if (party[seat] === sp) order[at++] = seat;
    }
  }
  s.showSplit = at;
  for (let i = 0; i < seats; i++) {
    const seat = (s.vorhand + i) % seats;
    if (sp < 0 || party[seat] !== sp) order[at++] = seat; // the seats not yet in the order
  }
  s.showOrder = order;
  s.showAt = 0;
  touchShowEntries(s); // (the table entries each seat's showing reads, fetched together: scoring.ts)
  // Weisen (RULES §9): the Spiel party's window (it may bid instead of showing), then it shows; the
  // opponents' window (abweisen or bid) opens in advanceShow before they show. Lapsed Spiel: one window for all.
  let first = order;
  if (s.showSplit > 0) {
    first = new Array<number>(s.showSplit);
    for (let i = 0; i < s.showSplit; i++) first[i] = order[i]!;
  }
  if (openWindow(s, 5, first, 'show')) return;
  advanceShow(s);
}

/** Showing choices of a seat, restricted to those that make its bound figures when any does (RULES §8.5). */
export function allowedShows(s: HandState, seat: number): ShowOption[] {
  return cachedShows(s, seat).slice();
}

/** allowedShows without the copy: the cache's list, read only (advanceShow, showChoicesNow). */
export function cachedShows(s: HandState, seat: number): readonly ShowOption[] {
  // The same decision asks several times (advanceShow, then the observation and the legal actions): the
  // state changes only through applyAction, which records an action, so (seat, actions, events) is the key.
  // Every christening is frozen where it is made (scoring.ts entryChoices and showOptionsOfParts), so there is
  // nothing to freeze here. The state's cache record is reused (a copy of the state starts without one).
  const c = s.showCache as ShowCache | null;
  if (c !== null && c.seat === seat && c.actions === s.actions.length && c.events === s.events.length) return c.opts;
  const opts = computeAllowedShows(s, seat);
  if (c === null) s.showCache = { seat, actions: s.actions.length, events: s.events.length, opts } satisfies ShowCache;
  else {
    c.seat = seat;
    c.actions = s.actions.length;
    c.events = s.events.length;
    c.opts = opts;
  }
  return opts;
}

/**
 * The figure word of the show `as` of `seat`, the action just recorded (applyOne pushed it), when the
 * decision's showing choices are still cached (they were computed for the state before that push): the
 * choice's word is shownWord(s, seat, as) (showOptions computes it); -1 otherwise (recordShow computes it).
 */
export function knownShowWord(s: HandState, seat: number, as: readonly number[]): number {
  const c = s.showCache as ShowCache | null;
  if (c === null || c.seat !== seat || c.actions !== s.actions.length - 1 || c.events !== s.events.length) return -1;
  const opts = c.opts;
  for (let i = 0; i < opts.length; i++) if (sameNumbers(opts[i]!.as, as)) return opts[i]!.word;
  return -1;
}

/** Equal number lists (index loops: the lists are often frozen). */
export function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

interface ShowCache {
  seat: number;
  actions: number;
  events: number;
  opts: readonly ShowOption[];
}

function computeAllowedShows(s: HandState, seat: number): readonly ShowOption[] {
  const all = showOptions(s, seat);
  if (!s.bid.active || obligationsOf(s, seat) === 0) return all;
  // (an index loop: filter with a closure is a __name per call under tsx)
  const ok: ShowOption[] = [];
  for (let i = 0; i < all.length; i++) if (showMeetsObligations(s, seat, all[i]!.word)) ok.push(all[i]!);
  return ok.length > 0 ? ok : all;
}

export function recordShow(s: HandState, seat: number, as: readonly number[], known = -1): void {
  const word = known >= 0 ? known : shownWord(s, seat, as);
  // the cards in hand ascending, each free Perlagg (freePerlaggen's order: the suited ones ascending, then the
  // Weli) with its identity; the card records are shared frozen ones (shownCard)
  const lo = s.handLo[seat]!;
  const perl = s.perl!;
  const weli = s.handWeli[seat] === 1;
  const cards: Array<ShownCard> = [];
  let m = lo;
  let f = 0; // index into `as` (aligned with freePerlaggen)
  while (m !== 0) {
    const c = 31 - Math.clz32(m & -m);
    if (((perl.lo >>> c) & 1) === 1) cards.push(shownCard(c, as[f++]!));
    else cards.push(shownCard(c, null));
    m = (m & (m - 1)) >>> 0;
  }
  if (weli) cards.push(shownCard(32, perl.level[WELI]! > 0 ? (as[f] ?? null) : null));
  const frozen = Object.freeze(cards);
  s.shows[seat] = Object.freeze({ seat, cards: frozen, word });
  // flat but for the frozen list of frozen cards: frozen directly, as freezeEvent would
  s.events.push(Object.freeze({ type: 'show' as const, seat, cards: frozen, gleich: wordGleich(word), hanger: wordHanger(word), hangerSuit: wordHangerSuit(word) }));
  s.showAt += 1;
}

/** recordShow as it was, the twin of its card records (test/engine/records.test.ts compares the two). */
export function recordShowChecked(s: HandState, seat: number, as: readonly number[], known = -1): void {
  const free = freePerlaggen(s, seat);
  const word = known >= 0 ? known : shownWord(s, seat, as);
  const cards: Array<{ card: number; as: number | null }> = [];
  let m = s.handLo[seat]!;
  while (m !== 0) {
    const c = 31 - Math.clz32(m & -m);
    const i = free.indexOf(c);
    cards.push({ card: c, as: i >= 0 ? as[i]! : null });
    m = (m & (m - 1)) >>> 0;
  }
  if (s.handWeli[seat] === 1) cards.push({ card: 32, as: as[free.indexOf(32)] ?? null });
  const frozen = Object.freeze(cards.map((c) => Object.freeze(c)));
  s.shows[seat] = Object.freeze({ seat, cards: frozen, word });
  s.events.push(freezeEvent({ type: 'show', seat, cards: frozen, gleich: wordGleich(word), hanger: wordHanger(word), hangerSuit: wordHangerSuit(word) }));
  s.showAt += 1;
}

/** Show automatically for every seat that has no choice (no free Perlagg, or a single frontier entry). */
export function advanceShow(s: HandState): void {
  s.phase = 'show';
  while (s.showAt < s.showOrder.length) {
    if (s.showAt === s.showSplit && s.showSplit > 0 && openWindow(s, 5, s.showOrder.slice(s.showSplit), 'show')) return;
    const seat = s.showOrder[s.showAt]!;
    const opts = cachedShows(s, seat);
    s.phase = 'show';
    if (opts.length > 1) return;
    recordShow(s, seat, opts[0]!.as, opts[0]!.word); // its word is shownWord(s, seat, as), computed by showOptions
  }
  s.phase = 'done';
  scoreHand(s);
}
