// RULES §4: shuffle, cut (the cutter keeping permanent Perlaggen, §4.2/A-31), the deal by the ruleset's
// pattern (§4.3), the trump turn-up with skipped cards (§4.4/A-32), the stock cards shown (§4.5/A-09) and
// the exchange of a turned-up Perlagg (§4.6/A-10). Pure functions over the state of state.ts.
import { WELI, type Suit } from '../cards/card.ts';
import { perlaggenOf, type Perlaggen } from '../rules/perlaggen.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { freezeEvent, type HandEvent } from './history.ts';
import { LOC, seatingOf, type Exchange, type HandState } from './state.ts';
import { TwinSwitch } from './twin-switch.ts';
const SUIT_LETTERS = ['H', 'S', 'L', 'E'] as const;
const suitIdx = (c: number): number => (c === WELI ? 1 : c >>> 3);

/** The permanent Perlaggen of a ruleset (they do not depend on trump; RULES §4.2). */
export function permanentPerlaggen(r: RulesVariant): number[] {
  // Resolve against any allowed trump: permanent slots are fixed cards.
  return [...perlaggenOf(r, r.trumpSuitsAllowed[0]!).permanent];
}

// Per ruleset: is card c (0..32) a permanent Perlagg? (the cut looks at one card a hand)
const permanentFlags = new WeakMap<RulesVariant, Uint8Array>();
let lastPermanentRuleset: RulesVariant | null = null;
let lastPermanentFlags: Uint8Array | null = null;
function isPermanent(r: RulesVariant, card: number): boolean {
  let flags = r === lastPermanentRuleset ? lastPermanentFlags : permanentFlags.get(r);
  if (flags === undefined || flags === null) {
    flags = new Uint8Array(33);
    for (const c of permanentPerlaggen(r)) flags[c] = 1;
    permanentFlags.set(r, flags);
  }
  lastPermanentRuleset = r;
  lastPermanentFlags = flags;
  return flags[card] === 1;
}

// ---- chance: the shuffle and the cut ----

const SHUFFLED = freezeEvent({ type: 'shuffled' });

/** Number of equally likely outcomes of the chance node now (0 when not at a chance node). */
export function chanceOutcomes(s: HandState): number {
  if (s.phase === 'shuffle') return s.shuffleStep + 1;
  if (s.phase === 'cut') return s.deck.length - 1; // lift 1 .. N-1 cards
  return 0;
}

/** One Fisher–Yates step: position shuffleStep takes the card at `outcome` (0..shuffleStep). */
export function applyShuffle(s: HandState, outcome: number): void {
  const i = s.shuffleStep;
  const t = s.deck[i]!;
  s.deck[i] = s.deck[outcome]!;
  s.deck[outcome] = t;
  s.shuffleStep = i - 1;
  if (s.shuffleStep === 0) {
    s.phase = 'cut';
    s.events.push(SHUFFLED); // the same record every hand (records are read only; nothing keys on their identity)
  }
}

/** The outcomes that make the shuffle produce `order` (index 0 = top): for tests and set-ups. */
export function shuffleOutcomesFor(start: readonly number[], order: readonly number[]): number[] {
  const a = start.slice();
  const out: number[] = [];
  for (let i = a.length - 1; i >= 1; i--) {
    const j = a.indexOf(order[i]!);
    if (j < 0 || j > i) throw new RangeError('order is not a permutation of the deck');
    out.push(j);
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
  return out;
}

/**
 * The cut: the cutter (the dealer's right-hand neighbour [000 p.13] [002 §1.3]) lifts `outcome + 1` cards.
 * the card now visible is the bottom card of the lifted packet. Where the ruleset lets the cutter
 * keep permanent Perlaggen, he looks at it (it is known to him; it becomes public only if he keeps it).
 */
export function applyCut(s: HandState, outcome: number): void {
  s.cutAt = outcome + 1;
  s.events.push(cutEvent(s.cutter, s.cutAt));
  if (s.ruleset.cutterKeepsPermanentPerlaggen) {
    s.cutVisible = s.cutAt - 1;
    checkCutCard(s);
  } else {
    dealAll(s);
  }
}

/** Look at the visible cut card: a permanent Perlagg opens the cutKeep decision, anything else ends the cut. */
function checkCutCard(s: HandState): void {
  while (s.cutVisible >= 0) {
    const card = s.deck[s.cutVisible]!;
    const isPerm = isPermanent(s.ruleset, card) && s.cutKept.length < s.table.handSize;
    s.events.push(cutShowsEvent(card, isPerm, s.cutter));
    if (isPerm) {
      s.phase = 'cutKeep';
      return;
    }
    s.cutSeen = card;
    s.cutVisible = -1;
  }
  dealAll(s);
}

/** The cutter keeps (or leaves) the visible permanent Perlagg; with cutRepeat 'repeat' the next card is checked. */
export function applyKeepCut(s: HandState, keep: boolean): void {
  const card = s.deck[s.cutVisible]!;
  s.events.push(cutKeepEvent(s.cutter, card, keep));
  if (!keep) {
    // "A permanent Perlagg not taken by mistake stays in the pack" [003 §4]; the cut is over.
    s.cutSeen = card;
    s.cutVisible = -1;
    dealAll(s);
    return;
  }
  s.cutKept.push(card);
  s.cutVisible -= 1;
  if (s.ruleset.cutRepeat === 'repeat') {
    checkCutCard(s);
    return;
  }
  // 'once': the next card of the packet is now visible to the cutter, but cannot be kept.
  if (s.cutVisible >= 0) s.cutSeen = s.deck[s.cutVisible]!;
  s.cutVisible = -1;
  dealAll(s);
}

function give(s: HandState, seat: number, card: number): void {
  s.loc[card] = seat;
  if (card === WELI) s.handWeli[seat] = 1;
  else s.handLo[seat] = (s.handLo[seat]! | (1 << card)) >>> 0;
}

export function takeFromHand(s: HandState, seat: number, card: number): void {
  if (card === WELI) s.handWeli[seat] = 0;
  else s.handLo[seat] = (s.handLo[seat]! & ~(1 << card)) >>> 0;
}

/**
 * The deal (RULES §4.3): the pack after the cut is the lower part on top of the lifted packet (minus the
 * cards the cutter kept, which were its bottom cards). Cards go clockwise from the dealer's left, round by
 * round as the ruleset's dealPattern says; nobody is dealt beyond his hand size: the cutter who kept
 * Perlaggen "receives only enough cards to reach 5" [002 §1.3], and with 4-card hands (six players,
 * where RULES is silent on the pattern) each round is cut short the same way: 2+3 becomes 2+2, 3+2 becomes
 * 3+1. The pattern repeats if it deals fewer than a hand.
 */
export function dealAll(s: HandState): void {
  const { seats, handSize } = s.table;
  if (dealTwin.on || seats > DEAL_SEATS || handSize > DEALT_STRIDE) {
    if (dealTwin.on) dealTwin.count += 1;
    dealAllChecked(s);
    return;
  }
  const kept = s.cutKept.length;
  // The pack is read in place: card j of it is deck[cutAt + j] for the lower part (j < lower), then deck[j -
  // lower] from the lifted packet (j < size; its kept bottom cards are not in it). No pack list, no count list
  // (a scratch), the dealt cards in a scratch too, each seat's list made at the end as a literal of its size
  // (Object.freeze of a list grown by push costs several times more).
  const deck = s.deck;
  const cutAt = s.cutAt;
  const lower = deck.length - cutAt;
  const size = deck.length - kept;
  const count = dealCount;
  const dealtN = dealtCount;
  const dealt = dealtCards;
  for (let seat = 0; seat < seats; seat++) {
    count[seat] = 0;
    dealtN[seat] = 0;
  }
  for (let i = 0; i < kept; i++) give(s, s.cutter, s.cutKept[i]!);
  count[s.cutter] = kept;
  let ptr = 0;
  const pattern = s.ruleset.dealPattern;
  for (;;) {
    // is a seat still short? (a loop inline: a closure made per call costs a __name under tsx)
    let short = false;
    for (let seat = 0; seat < seats && !short; seat++) short = count[seat]! < handSize;
    if (!short) break;
    for (let q = 0; q < pattern.length; q++) {
      const quota = pattern[q]!;
      for (let i = 1; i <= seats; i++) {
        const seat = (s.dealer + i) % seats;
        const left = handSize - count[seat]!;
        const n = quota < left ? quota : left;
        let at = seat * DEALT_STRIDE + dealtN[seat]!;
        for (let k = 0; k < n; k++) {
          const card = (ptr < lower ? deck[cutAt + ptr] : ptr < size ? deck[ptr - lower] : undefined)!;
          ptr++;
          give(s, seat, card);
          dealt[at++] = card;
        }
        dealtN[seat] = dealtN[seat]! + n;
        count[seat] = count[seat]! + n;
      }
    }
  }
  // flat events of a frozen list of numbers: frozen directly, as freezeEvent would
  for (let seat = 0; seat < seats; seat++) s.events.push(Object.freeze({ type: 'dealt' as const, seat, cards: Object.freeze(listOf(dealt, seat * DEALT_STRIDE, dealtN[seat]!)) }));
  // the turn-up and the stock from the rest of the pack
  const r = s.ruleset;
  let trump: Suit | null = null;
  while (ptr < size) {
    const card = (ptr < lower ? deck[cutAt + ptr] : deck[ptr - lower])!;
    ptr++;
    if (turnUpCard(s, r, card)) {
      trump = s.trump;
      break;
    }
  }
  if (trump === null) throw new Error('no card of an allowed trump suit left to turn up');
  const stock = new Array<number>(size - ptr); // (as pack.slice(ptr) made it)
  for (let j = 0; ptr < size; j++, ptr++) {
    const card = (ptr < lower ? deck[cutAt + ptr] : deck[ptr - lower])!;
    stock[j] = card;
    s.loc[card] = LOC.stock;
  }
  afterTurnUp(s, r, stock);
}

/** dealAll's scratch: seats (larger tables deal by dealAllChecked), cards per seat at most (likewise). */
const DEAL_SEATS = 8;
const DEALT_STRIDE = 8;
const dealCount: number[] = new Array<number>(DEAL_SEATS).fill(0);
const dealtCount: number[] = new Array<number>(DEAL_SEATS).fill(0);
const dealtCards: number[] = new Array<number>(DEAL_SEATS * DEALT_STRIDE).fill(0);

/** The n numbers of `a` from `at` as a new list: a literal of its size for up to five (a seat's dealt cards). */
export function listOf(a: readonly number[], at: number, n: number): number[] {
  switch (n) {
    case 0:
      return [];
    case 1:
      return [a[at]!];
    case 2:
      return [a[at]!, a[at + 1]!];
    case 3:
      return [a[at]!, a[at + 1]!, a[at + 2]!];
    case 4:
      return [a[at]!, a[at + 1]!, a[at + 2]!, a[at + 3]!];
    case 5:
      return [a[at]!, a[at + 1]!, a[at + 2]!, a[at + 3]!, a[at + 4]!];
    default: {
      const out: number[] = [];
      for (let i = 0; i < n; i++) out.push(a[at + i]!);
      return out;
    }
  }
}

/**
 * The test switch of the deal's comparison with its twin: on, dealAll deals by dealAllChecked (the deal as it
 * was: the cut pack copied into a list, the turn-up over it, the stock its slice); test/engine/deal-twins.test.ts
 * plays the same hands both ways. Off by default.
 */
const dealTwin = new TwinSwitch();
/** Switch dealAll to its twin (on) or back; returns the number of deals the twin made since the last call. */
export function useDealTwin(on: boolean): number {
  return dealTwin.set(on);
}

/** dealAll as it was (its slow twin). */
export function dealAllChecked(s: HandState): void {
  const kept = s.cutKept.length;
  const deck = s.deck;
  const cutAt = s.cutAt;
  const pack = new Array<number>(deck.length - kept);
  let at = 0;
  for (let i = cutAt; i < deck.length; i++) pack[at++] = deck[i]!;
  for (let i = 0; i < cutAt - kept; i++) pack[at++] = deck[i]!;
  const { seats, handSize } = s.table;
  const count = new Array<number>(seats).fill(0);
  const dealt = new Array<number[]>(seats);
  for (let seat = 0; seat < seats; seat++) dealt[seat] = [];
  for (const c of s.cutKept) give(s, s.cutter, c);
  count[s.cutter] = kept;
  let ptr = 0;
  const pattern = s.ruleset.dealPattern;
  const short = (): boolean => {
    for (let seat = 0; seat < seats; seat++) if (count[seat]! < handSize) return true;
    return false;
  };
  while (short()) {
    for (let q = 0; q < pattern.length; q++) {
      const quota = pattern[q]!;
      for (let i = 1; i <= seats; i++) {
        const seat = (s.dealer + i) % seats;
        const n = Math.min(quota, handSize - count[seat]!);
        for (let k = 0; k < n; k++) {
          const card = pack[ptr++]!;
          give(s, seat, card);
          dealt[seat]!.push(card);
        }
        count[seat]! += n;
      }
    }
  }
  for (let seat = 0; seat < seats; seat++) s.events.push(freezeEvent({ type: 'dealt', seat, cards: dealt[seat]! }));
  turnUpChecked(s, pack, ptr);
}

/**
 * The trump turn-up (RULES §4.4): the next card is turned; its natural suit is trump, a turned Weli makes
 * `turnedWeliTrump`. A card of a suit that may not be trump (Oberland: Eichel) is left face up
 * beside the stock and the next card is turned. Then the stock cards the ruleset shows (§4.5, A-09).
 */
/** May `suit` be trump (an index loop: includes on the ruleset's frozen list takes V8's slow path)? */
function trumpAllowed(r: RulesVariant, suit: string): boolean {
  const allowed = r.trumpSuitsAllowed;
  for (let i = 0; i < allowed.length; i++) if (allowed[i] === suit) return true;
  return false;
}

/** Turn up `card`: trump (true), or laid aside (false: the next card is turned). */
function turnUpCard(s: HandState, r: RulesVariant, card: number): boolean {
  const suit = card === WELI ? r.turnedWeliTrump : SUIT_LETTERS[suitIdx(card)]!;
  if (trumpAllowed(r, suit)) {
    s.trump = suit;
    s.turned = card;
    s.faceUp = card;
    s.loc[card] = LOC.faceUp;
    s.events.push(turnedUpEvent(card, suit));
    return true;
  }
  s.skipped.push(card);
  s.loc[card] = LOC.skipped;
  s.events.push(skippedEvent(card));
  return false;
}

/** After the turn-up (s.trump set): the Perlaggen, the stock (its cards' locations set), the cards shown, the exchange. */
function afterTurnUp(s: HandState, r: RulesVariant, stock: number[]): void {
  s.perl = perlaggenOf(r, s.trump!);
  s.stock = stock;
  const n = stock.length;
  if (n > 0 && r.showStock !== 'none') {
    const e = r.showStock === 'bottom' || n === 1 ? stockShownEvent(-1, stock[n - 1]!) : stockShownEvent(stock[0]!, stock[n - 1]!);
    s.shownStock = e.cards as number[]; // (frozen, as it always was: the event's list)
    s.events.push(e);
  }
  startExchange(s);
}

/**
 * The turn-up over the cut pack (dealAllChecked's): the same rule as dealAll's (turnUpCard, afterTurnUp), the
 * pack read from its copied list.
 */
function turnUpChecked(s: HandState, pack: readonly number[], ptr: number): void {
  const r = s.ruleset;
  let turned = false;
  while (ptr < pack.length && !turned) turned = turnUpCard(s, r, pack[ptr++]!);
  if (!turned) throw new Error('no card of an allowed trump suit left to turn up');
  const stock = pack.slice(ptr);
  for (const c of stock) s.loc[c] = LOC.stock;
  afterTurnUp(s, r, stock);
}

// ---- the exchange of a turned-up Perlagg (RULES §4.6, A-10) ----
//
// THE CHAIN (A-10). A face-up Perlagg — the turned trump card, and (Oberland, `skippedTurnCards:
// 'perlaggenExchangeable'`) an Eichel Perlagg laid aside at the turn-up — may be taken by giving a card for
// it (exchangeCards). The right goes, for each face-up Perlagg in turn (the trump card first), to the seats
// of exchangeOrder: the dealer, his partners, then (Oberland) the opponents clockwise, while a Perlagg lies
// there and someone is able and willing [002 §1.3]; after every exchange it starts again at the dealer, for
// whatever now lies face up.
//  - The partner's right: in 1853 and Innsbruck only if the dealer "has no trump" — no card of the trump
//    suit ([000 p.19] "Hat er keinen Trumpf", [003 §7]; A-10): a dealer holding only a higher trump Perlagg
//    keeps the right himself (and so the Perlagg stays if he cannot or will not give anything). In the
//    Oberland (`partnerOnlyIfDealerHasNoTrump: false`) the partner comes when the dealer cannot take it
//    ("Falls der Geber nicht alle liegenden Perlaggen holen kann, ist sein Partner dran" [002 §1.3]); a
//    dealer able but unwilling passes his partner over, to the opponents.
//  - Leaving it to the partner while able ("dem Partner ein Perlagg überlassen") is no legal move: where it
//    costs the Partie (`leaveToPartnerLosesPartie`, [002 §1.3] [003 §7]) it can be recorded as an infraction
//    (checked.ts applyChecked with `infraction`): the partner exchanges and the dealer's party loses the Partie.

/**
 * Seats in the order they may take the face-up Perlagg: the dealer, his partners clockwise, then (where
 * `exchange.who` says so) the opponents clockwise from the dealer's left. With individual play the
 * dealer has no partner.
 */
export function exchangeOrder(s: HandState): number[] {
  const { seats, party } = s.table;
  const order = [s.dealer];
  for (let i = 1; i < seats; i++) {
    const seat = (s.dealer + i) % seats;
    if (party[seat] === party[s.dealer]) order.push(seat);
  }
  if (s.ruleset.exchange.who === 'dealerPartnerThenOpponents') {
    for (let i = 1; i < seats; i++) {
      const seat = (s.dealer + i) % seats;
      if (party[seat] !== party[s.dealer]) order.push(seat);
    }
  }
  return order;
}

/**
 * exchangeOrder(s), frozen and shared by the hands of a table with that dealer and ruleset rule (it depends on
 * nothing else): worked out once each. Its twin: exchangeOrder (test/engine/deal-twins.test.ts).
 */
export function sharedExchangeOrder(s: HandState): number[] {
  const t = s.table;
  let per = t === lastOrderTable ? lastOrders : exchangeOrders.get(t);
  if (per === undefined) exchangeOrders.set(t, (per = []));
  lastOrderTable = t;
  lastOrders = per;
  const i = s.dealer * 2 + (s.ruleset.exchange.who === 'dealerPartnerThenOpponents' ? 1 : 0);
  let order = per[i];
  if (order === undefined) per[i] = order = Object.freeze(exchangeOrder(s)) as number[];
  return order;
}
const exchangeOrders = new WeakMap<HandState['table'], Array<number[] | undefined>>();
let lastOrderTable: HandState['table'] | null = null;
let lastOrders: Array<number[] | undefined> | undefined;

/** The suit a face-up card counts in: a turned Weli in the trump it made, else its natural suit. */
function faceUpSuit(s: HandState, f: number): number {
  return f === WELI ? suitIndexOf(s.ruleset.turnedWeliTrump) : suitIdx(f);
}

/** The index of a suit letter in SUIT_LETTERS (H S L E), -1: indexOf without the call. */
function suitIndexOf(suit: string): number {
  return suit === 'H' ? 0 : suit === 'S' ? 1 : suit === 'L' ? 2 : suit === 'E' ? 3 : -1;
}

/** The face-up Perlagg now offered in the exchange (the trump card or a card laid aside), -1. */
export function exchangeTarget(s: HandState): number {
  return s.exchangeTarget < 0 ? s.faceUp : s.skipped[s.exchangeTarget]!;
}

/**
 * Cards of `seat` that may be given for the face-up Perlagg f, ascending:
 * - a plain card of f's suit (a plain trump; a plain Eichel card for an Eichel Perlagg laid out by "besser
 *   machen" or laid aside at the turn-up);
 * - where `exchange.lowerPerlaggMay`: a Perlagg of f's (trump) suit of lower Perlagg rank [000 p.19];
 * - where `exchange.eichelImprove`: a permanent Eichel Perlagg of lower Perlagg rank for a trump Perlagg [002 §1.3].
 * Every exchange lays down a card of lower Perlagg rank than the one taken (a plain card ends the chain), so
 * the chain ends; the same seat may take back the Eichel Perlagg it laid out with a plain Eichel card
 * ([000 p.19 fn.13]: "mit einem Eichelperlagg 'bessermachen' und dann mit einer normalen Eichelkarte
 * austauschen").
 */
export function exchangeCards(s: HandState, seat: number, f: number = exchangeTarget(s)): number[] {
  const p = s.perl!;
  const lvlF = p.level[f]!;
  if (lvlF === 0) return [];
  const fs = faceUpSuit(s, f);
  const trumpIdx = suitIndexOf(p.trump);
  const ex = s.ruleset.exchange;
  const out: number[] = [];
  // (an index loop over the hand's bits and a module-level test: a closure made per call costs a __name under tsx)
  let m = s.handLo[seat]!;
  while (m !== 0) {
    const c = 31 - Math.clz32(m & -m);
    if (mayGive(p, ex, c, lvlF, fs, trumpIdx)) out.push(c);
    m = (m & (m - 1)) >>> 0;
  }
  if (s.handWeli[seat] === 1 && mayGive(p, ex, WELI, lvlF, fs, trumpIdx)) out.push(WELI);
  return out;
}

/** May card c be given for a face-up Perlagg of level lvlF counting in suit fs (exchangeCards' rule)? */
function mayGive(p: Perlaggen, ex: RulesVariant['exchange'], c: number, lvlF: number, fs: number, trumpIdx: number): boolean {
  const l = p.level[c]!;
  const cs = suitIdx(c);
  if (l === 0) return cs === fs;
  if (l < lvlF && fs === trumpIdx) {
    if (ex.lowerPerlaggMay && cs === fs) return true;
    return ex.eichelImprove && cs === 3 && p.permanent.includes(c);
  }
  return false;
}

/**
 * Has `seat` a card exchangeCards would list (`plainOnly`: a plain one, level 0)? Its question without the
 * list: the chain (seekExchanger) and the duty ask it at every seat. Its twin: exchangeCards (test/engine/deal-twins.test.ts).
 */
export function hasExchangeCard(s: HandState, seat: number, f: number, plainOnly: boolean): boolean {
  const p = s.perl!;
  const lvlF = p.level[f]!;
  if (lvlF === 0) return false;
  const fs = faceUpSuit(s, f);
  const trumpIdx = suitIndexOf(p.trump);
  const ex = s.ruleset.exchange;
  let m = s.handLo[seat]!;
  while (m !== 0) {
    const c = 31 - Math.clz32(m & -m);
    if ((!plainOnly || p.level[c] === 0) && mayGive(p, ex, c, lvlF, fs, trumpIdx)) return true;
    m = (m & (m - 1)) >>> 0;
  }
  return s.handWeli[seat] === 1 && (!plainOnly || p.level[WELI] === 0) && mayGive(p, ex, WELI, lvlF, fs, trumpIdx);
}

/** Must the seat exchange? (`exchange.duty: 'plainTrumpCompulsory'` and he holds a plain card that may be given.) */
export function exchangeIsCompulsory(s: HandState, seat: number): boolean {
  if (s.ruleset.exchange.duty !== 'plainTrumpCompulsory') return false;
  return hasExchangeCard(s, seat, exchangeTarget(s), true);
}

/** exchangeIsCompulsory by the list (its slow twin). */
export function exchangeIsCompulsoryChecked(s: HandState, seat: number): boolean {
  if (s.ruleset.exchange.duty !== 'plainTrumpCompulsory') return false;
  return exchangeCards(s, seat).some((c) => s.perl!.level[c] === 0);
}

/** Does the seat hold a card of the face-up Perlagg's suit ("einen Trumpf" [000 p.19] [003 §7])? */
function holdsSuitOf(s: HandState, seat: number, f: number): boolean {
  const fs = faceUpSuit(s, f);
  if ((s.handLo[seat]! & ((0xff << (fs * 8)) >>> 0)) !== 0) return true;
  return s.handWeli[seat] === 1 && fs === 1; // the Weli is a Schell card by nature
}

/** Is the dealer's partner passed over for the face-up Perlagg f (the chain above)? */
function partnerPassedOver(s: HandState, f: number): boolean {
  return s.ruleset.exchange.partnerOnlyIfDealerHasNoTrump ? holdsSuitOf(s, s.dealer, f) : hasExchangeCard(s, s.dealer, f, false);
}

/**
 * Move the exchange cursor (s.exchangeTarget, s.exchangeAt) to the next seat that has the right and a card
 * to give, over the face-up Perlaggen in turn; false when nobody is left (then trick play starts). Pure: no
 * events (observe.ts replays the chain on imagined worlds with it).
 */
export function seekExchanger(s: HandState): boolean {
  const order = s.exchangeOrder;
  const party = seatingOf(s.table).party;
  for (;;) {
    const f = exchangeTarget(s);
    if (f >= 0 && s.perl!.level[f]! > 0) {
      while (s.exchangeAt < order.length) {
        const seat = order[s.exchangeAt]!;
        const partner = seat !== s.dealer && party[seat] === party[s.dealer];
        if (!(partner && partnerPassedOver(s, f)) && hasExchangeCard(s, seat, f, false)) return true;
        s.exchangeAt += 1;
      }
    }
    // the next face-up Perlagg laid aside at the turn-up (Oberland, A-32)
    if (s.ruleset.skippedTurnCards !== 'perlaggenExchangeable') return false;
    let next = s.exchangeTarget + 1;
    while (next < s.skipped.length && s.perl!.level[s.skipped[next]!]! === 0) next++;
    if (next >= s.skipped.length) return false;
    s.exchangeTarget = next;
    s.exchangeAt = 0;
  }
}

function startExchange(s: HandState): void {
  s.exchangeOrder = sharedExchangeOrder(s);
  s.exchangeTarget = -1;
  s.exchangeAt = 0;
  nextExchanger(s);
}

function nextExchanger(s: HandState): void {
  if (seekExchanger(s)) {
    const seat = exchangerNow(s);
    s.phase = 'exchange';
    s.events.push(exchangeOfferEvent(seat, exchangeTarget(s), exchangeIsCompulsory(s, seat)));
    return;
  }
  startPlayHook(s);
}

/** Set by game.ts (avoids an import cycle): begins trick play. */
let startPlayHook: (s: HandState) => void = () => {
  throw new Error('engine not initialised');
};
export function setStartPlay(fn: (s: HandState) => void): void {
  startPlayHook = fn;
}

export function exchangerNow(s: HandState): number {
  return s.exchangeOrder[s.exchangeAt]!;
}

/** `seat` gives `card` for the face-up Perlagg now offered; then the chain starts again at the dealer. Pure, no events. */
export function exchangeCardsOver(s: HandState, seat: number, card: number): number {
  const took = exchangeTarget(s);
  takeFromHand(s, seat, card);
  give(s, seat, took);
  if (s.exchangeTarget < 0) {
    s.faceUp = card;
    s.loc[card] = LOC.faceUp;
  } else {
    const skipped = s.skipped.slice(); // a new list: observations cache the old one
    skipped[s.exchangeTarget] = card;
    s.skipped = skipped;
    s.loc[card] = LOC.skipped;
  }
  s.exchanges.push(exchangeRecord(seat, card, took));
  s.exchangeAt = 0;
  return took;
}

/** Give `card` for the face-up Perlagg; if a Perlagg now lies face up, the chain starts again. */
export function applyExchange(s: HandState, card: number): void {
  const seat = exchangerNow(s);
  const took = exchangeCardsOver(s, seat, card);
  s.events.push(exchangeEvent(seat, card, took));
  nextExchanger(s);
}

/** Leave the Perlagg lying: the right passes on in the chain (a passed-over partner is skipped). */
export function applyDeclineExchange(s: HandState): void {
  const seat = exchangerNow(s);
  s.events.push(exchangeDeclinedEvent(seat, exchangeTarget(s)));
  s.exchangeAt += 1;
  nextExchanger(s);
}

/**
 * The infraction of [002 §1.3] / [003 §7] (`leaveToPartnerLosesPartie`): the dealer, able to take the face-up
 * Perlagg, leaves it to his partner, who gives `card` for it. Why it is not that infraction, or null.
 */
export function explainLeftToPartner(s: HandState, card: number): string | null {
  if (s.phase !== 'exchange') return 'no exchange is under way';
  if (!s.ruleset.exchange.leaveToPartnerLosesPartie) return `${s.ruleset.name} knows no exchange by the partner while the dealer could (RULES §4.6)`;
  if (exchangerNow(s) !== s.dealer) return 'only the dealer can leave the exchange to his partner';
  const seat = s.loc[card]!;
  if (!(seat >= 0 && seat < s.table.seats) || seat === s.dealer || s.table.party[seat] !== s.table.party[s.dealer]) return 'the card is not in the hand of the dealer\'s partner';
  if (!exchangeCards(s, seat).includes(card)) return `P${seat + 1} cannot give that card for the face-up Perlagg (RULES §4.6, A-10)`;
  return null;
}

/** Apply that infraction: the partner exchanges, and the dealer's party loses the Partie ([002 §1.3] [003 §7]). */
export function applyLeftToPartner(s: HandState, card: number): void {
  const seat = s.loc[card]!;
  const took = exchangeCardsOver(s, seat, card);
  s.events.push(exchangeEvent(seat, card, took));
  endPartieHook(s, 1 - s.table.party[s.dealer]!, 'the dealer left the exchange to his partner though he could take it himself: loss of the Partie ([002 §1.3], [003 §7])');
}

/** Set by game.ts: ends the Partie in the middle of the hand (the loss for an infraction). */
let endPartieHook: (s: HandState, winner: number, reason: string) => void = () => {
  throw new Error('engine not initialised');
};
export function setEndPartie(fn: (s: HandState, winner: number, reason: string) => void): void {
  endPartieHook = fn;
}

// ---- the set-up's records, shared ----
//
// The set-up's events (the cut, what the cutter saw and kept, the turn-up, the cards laid aside and shown, the
// exchange chain) and the exchanges of the state are flat frozen records of a few small numbers (the shown
// stock: one or two cards): each distinct one is built and frozen once (Object.freeze of a fresh record costs
// more than the step that makes it) and shared by every hand — records are read only, and nothing keys on their
// identity (game.ts shares trick play's records the same way). Their slow twins are the literals (…Checked),
// compared over the whole key space in test/engine/deal-twins.test.ts.

type Ev<T extends HandEvent['type']> = Extract<HandEvent, { type: T }>;
/** Seats of the shared records: those of the largest table and beyond (others are built each time). */
const REC_SEATS = 8;
/** Is x an integer in 0..n-1? */
const small = (x: number, n: number): boolean => (x | 0) === x && x >= 0 && x < n;

const cutEvents: Array<Ev<'cut'> | undefined> = new Array(REC_SEATS * 34);
export function cutEvent(cutter: number, lifted: number): Ev<'cut'> {
  if (!(small(cutter, REC_SEATS) && small(lifted, 34))) return cutEventChecked(cutter, lifted);
  return (cutEvents[cutter * 34 + lifted] ??= cutEventChecked(cutter, lifted));
}
export function cutEventChecked(cutter: number, lifted: number): Ev<'cut'> {
  return freezeEvent({ type: 'cut', cutter, lifted });
}

const cutShowsEvents: Array<Ev<'cutShows'> | undefined> = new Array(33 * 2 * REC_SEATS);
export function cutShowsEvent(card: number, permanent: boolean, seenBy: number): Ev<'cutShows'> {
  if (!(small(card, 33) && small(seenBy, REC_SEATS))) return cutShowsEventChecked(card, permanent, seenBy);
  return (cutShowsEvents[(card * 2 + (permanent ? 1 : 0)) * REC_SEATS + seenBy] ??= cutShowsEventChecked(card, permanent, seenBy));
}
export function cutShowsEventChecked(card: number, permanent: boolean, seenBy: number): Ev<'cutShows'> {
  return freezeEvent({ type: 'cutShows', card, permanent, seenBy });
}

const cutKeepEvents: Array<Ev<'cutKeep'> | undefined> = new Array(REC_SEATS * 33 * 2);
export function cutKeepEvent(seat: number, card: number, keep: boolean): Ev<'cutKeep'> {
  if (!(small(seat, REC_SEATS) && small(card, 33))) return cutKeepEventChecked(seat, card, keep);
  return (cutKeepEvents[(seat * 33 + card) * 2 + (keep ? 1 : 0)] ??= cutKeepEventChecked(seat, card, keep));
}
export function cutKeepEventChecked(seat: number, card: number, keep: boolean): Ev<'cutKeep'> {
  return freezeEvent({ type: 'cutKeep', seat, card, keep });
}

const skippedEvents: Array<Ev<'skipped'> | undefined> = new Array(33);
export function skippedEvent(card: number): Ev<'skipped'> {
  if (!small(card, 33)) return skippedEventChecked(card);
  return (skippedEvents[card] ??= skippedEventChecked(card));
}
export function skippedEventChecked(card: number): Ev<'skipped'> {
  return freezeEvent({ type: 'skipped', card });
}

const turnedUpEvents: Array<Ev<'turnedUp'> | undefined> = new Array(33 * 4);
export function turnedUpEvent(card: number, trump: Suit): Ev<'turnedUp'> {
  const t = suitIndexOf(trump);
  if (!(small(card, 33) && t >= 0)) return turnedUpEventChecked(card, trump);
  return (turnedUpEvents[card * 4 + t] ??= turnedUpEventChecked(card, trump));
}
export function turnedUpEventChecked(card: number, trump: Suit): Ev<'turnedUp'> {
  return freezeEvent({ type: 'turnedUp', card, trump });
}

const stockShownEvents: Array<Ev<'stockShown'> | undefined> = new Array(33 + 33 * 33);
/** The stock cards shown: [last], or with `first` >= 0 [first, last]. */
export function stockShownEvent(first: number, last: number): Ev<'stockShown'> {
  if (!(small(last, 33) && (first === -1 || small(first, 33)))) return stockShownEventChecked(first, last);
  return (stockShownEvents[first < 0 ? last : 33 + first * 33 + last] ??= stockShownEventChecked(first, last));
}
export function stockShownEventChecked(first: number, last: number): Ev<'stockShown'> {
  return freezeEvent({ type: 'stockShown', cards: first < 0 ? [last] : [first, last] });
}

const exchangeOfferEvents: Array<Ev<'exchangeOffer'> | undefined> = new Array(REC_SEATS * 33 * 2);
export function exchangeOfferEvent(seat: number, faceUp: number, must: boolean): Ev<'exchangeOffer'> {
  if (!(small(seat, REC_SEATS) && small(faceUp, 33))) return exchangeOfferEventChecked(seat, faceUp, must);
  return (exchangeOfferEvents[(seat * 33 + faceUp) * 2 + (must ? 1 : 0)] ??= exchangeOfferEventChecked(seat, faceUp, must));
}
export function exchangeOfferEventChecked(seat: number, faceUp: number, must: boolean): Ev<'exchangeOffer'> {
  return freezeEvent({ type: 'exchangeOffer', seat, faceUp, must });
}

const exchangeEvents: Array<Ev<'exchange'> | undefined> = new Array(REC_SEATS * 33 * 33);
export function exchangeEvent(seat: number, gave: number, took: number): Ev<'exchange'> {
  if (!(small(seat, REC_SEATS) && small(gave, 33) && small(took, 33))) return exchangeEventChecked(seat, gave, took);
  return (exchangeEvents[(seat * 33 + gave) * 33 + took] ??= exchangeEventChecked(seat, gave, took));
}
export function exchangeEventChecked(seat: number, gave: number, took: number): Ev<'exchange'> {
  return freezeEvent({ type: 'exchange', seat, gave, took });
}

const exchangeDeclinedEvents: Array<Ev<'exchangeDeclined'> | undefined> = new Array(REC_SEATS * 33);
export function exchangeDeclinedEvent(seat: number, faceUp: number): Ev<'exchangeDeclined'> {
  if (!(small(seat, REC_SEATS) && small(faceUp, 33))) return exchangeDeclinedEventChecked(seat, faceUp);
  return (exchangeDeclinedEvents[seat * 33 + faceUp] ??= exchangeDeclinedEventChecked(seat, faceUp));
}
export function exchangeDeclinedEventChecked(seat: number, faceUp: number): Ev<'exchangeDeclined'> {
  return freezeEvent({ type: 'exchangeDeclined', seat, faceUp });
}

/** The state's record of an exchange (HandState.exchanges), shared. */
const exchangeRecords: Array<Exchange | undefined> = new Array(REC_SEATS * 33 * 33);
export function exchangeRecord(seat: number, gave: number, took: number): Exchange {
  if (!(small(seat, REC_SEATS) && small(gave, 33) && small(took, 33))) return exchangeRecordChecked(seat, gave, took);
  return (exchangeRecords[(seat * 33 + gave) * 33 + took] ??= exchangeRecordChecked(seat, gave, took));
}
export function exchangeRecordChecked(seat: number, gave: number, took: number): Exchange {
  return Object.freeze({ seat, gave, took });
}
