// A plain, sensible player: follows low, wins cheaply, christens Perlaggen to complete its best figure,
// and spends a Perlagg on a trick only when that trick decides the Spiel (cf. RULES H-12 [000 p.38]).
//
// Its bidding sense (option bidding = 'plain'; 'none' = never bids, the engine then skips it):
//  - never bluffs: it bids or holds a Gleich/Hanger only when its own hand makes one at least as good as the
//    thresholds (H-21: "at least three Ober in the Gleich, or Unter-Ober-König in the Hanger" are the
//    defaults), and the Spiel only between tricks (no Spielfarbe question) when its party has
//    `spielTricks` tricks and holds a trump or a Perlagg (H-15);
//  - holds with the same hand it would bid with, less `holdSlack` ranks (H-24);
//  - raises ("Drei") only with a four-fold figure or better (or, after the showing, when its shown figure
//    beats everything the opponents showed);
//  - respects the score rules: never bids when gestrichen or over the limit, asks for the Dritzige /
//    Viertig only with the figure in hand, rejects an ask whenever it may, never vetoes.
//
// What partners share (RULES §13; option information = 'use', the default; 'ignore' = never talks and plays
// exactly as version 2.0.0, at every level). It tells the truth (option truthful = false: every answer and
// statement says the opposite) and follows the 1853 author's conventions [000 p.37–41]:
//  - leading (H-07, H-08): it asks its partner "Welche Farbe?"; "Trumpf" (he has no trump) → it leads trump As
//    or Zehner if it has one and another plain trump; a suit → its lowest card of that suit; "Gut drüben" →
//    its own best trick card.
//    Asked, it answers "Trumpf" without a trump or Perlagg, the suit of a card of its that is the highest
//    still out in a side suit, else "Gut drüben". Under 'signs' it infers "Trumpf" from the partner's signs
//    (no trump and no Perlagg left); under 'open' it reads the answer off the partner's hand;
//  - as last hand it says "Ich kann nicht" when no plain card of its beats the trick (H-10); second hand,
//    when only a trump of its would win, it asks "Kannst du stechen?" unless told already, and keeps the
//    trump when the last hand can win;
//  - before spending a Perlagg on a trick that decides the Spiel it asks "Ist der Stich von Entscheidung?"
//    and keeps the Perlagg when the partner sees no prospect of the Spiel (H-13); answering, it sees a
//    prospect when winning the trick makes the Spiel or its strong cards (Perlaggen, trump As/Zehner, side
//    Asse) and one of the asker's can take the tricks still needed. Under 'signs' it counts the partner's
//    trumps and Perlaggen still out instead;
//  - before its first Gleich/Hanger bid, when its figure needs a Perlagg, it asks "Hast du ... in natura?";
//    on "ja" it says "Biet ...!" and leaves the bid to the partner, keeping its Perlagg free (H-22); the same
//    for the Spiel when it holds a Perlagg but no plain trump ("Hast du die Spielfarbe?", H-23). Told
//    "Biet ...!", it bids the figure if it has any of it;
//  - before its partner answers an offer it says "Halt ...!" when its own figure is good enough to hold;
//    told so, the partner holds with any figure of his own (RULES §8.5: he must have it "mindestens im
//    geringsten Grade" [000 p.34]); told "Lass ... gut!", it lets it gut.
import {
  gestrichen,
  headroom,
  offerToAnswer,
  type FigureName,
  currentTrick,
  definePolicy,
  perlaggLevel,
  rankValue,
  showingFigures,
  showingPlan,
  suitIndex,
  suitOfLetter,
  winningIndex,
  winsTrick,
  cardOf,
  naturalFiguresOfCards,
  partnersOf,
  playedSuit,
  sayAction,
  signsFrom,
  answerTo,
  WELI_ID,
  type Observation,
  type ObservedTalk,
  type ObservedPlay,
  type PolicyAction,
  type WindowPasses,
} from '../src/policy/api.ts';

type Play = Extract<PolicyAction, { kind: 'play' }>;

/**
 * The memos of this module (partnersFor, strength and ownFigures, naturalOwn, talkFacts: each remembers a pure
 * function of what the acting seat sees) are its fast path, with plainPlays' step over a Perlagg's whole block
 * of christenings, windowBid (the score rules asked last), exchangeAction's loop and perlaggPlay's sort.
 * Switched off (tests only: test/strategies/simple-memos.test.ts, simple-plain-plays.test.ts) none is read
 * or written, each of those takes its slow twin, and every decision is worked out from the observation alone.
 */
export function useSimpleMemos(on: boolean): void {
  memosOn = on;
}
let memosOn = true;


/** Cheapness of a plain card: side cards by rank, trumps above all side cards (`trump`: the trump suit's index). */
function cost(trump: number, card: number): number {
  return (suitIndex(card) === trump ? 16 : 0) + rankValue(card);
}

// Hot path: no closures are created per decision (helpers are module functions), and the showing plan is
// computed only when a Perlagg may be laid. The choices are exactly those of version 2.0.0.
// The observation's lists (hand, tricks, plays, talk, shown) are frozen, and V8's array builtins (slice,
// some, find, filter, every, map) take a slow path on frozen arrays: the helpers walk them with index loops.

/** The trump suit's index (Herz before the trump is known, as every helper reads it). */
function trumpOf(obs: Observation): number {
  return suitOfLetter(obs.trump ?? 'H');
}

/** The cheapest of the first n of xs (the first among equals; n >= 1). */
function cheapest(obs: Observation, xs: readonly Play[], n: number): Play {
  const trump = trumpOf(obs);
  let best = xs[0]!;
  let bestCost = cost(trump, best.card);
  for (let i = 1; i < n; i++) {
    const c = cost(trump, xs[i]!.card);
    if (c < bestCost) {
      best = xs[i]!;
      bestCost = c;
    }
  }
  return best;
}

/** Would (card, as) take the open trick `trick`? */
function wins(obs: Observation, trick: readonly ObservedPlay[], card: number, as: number | null): boolean {
  return winsTrick(obs, trick, card, as);
}

function findPlay(plays: readonly Play[], card: number, as: number | null): Play | null {
  for (const a of plays) if (a.card === card && a.as === as) return a;
  return null;
}

function hasCard(plays: readonly Play[], card: number): boolean {
  for (const a of plays) if (a.card === card) return true;
  return false;
}

/** Sort Perlaggen by level, the lowest first, in place: a stable insertion sort (the lists are short). */
function sortByLevel(obs: Observation, cards: number[]): void {
  for (let i = 1; i < cards.length; i++) {
    const c = cards[i]!;
    const l = perlaggLevel(obs, c);
    let j = i - 1;
    while (j >= 0 && perlaggLevel(obs, cards[j]!) > l) {
      cards[j + 1] = cards[j]!;
      j--;
    }
    cards[j + 1] = c;
  }
}

/** A Perlagg to lay: the lowest first, christened for the figure if that also wins, else as trump As. */
function perlaggPlay(obs: Observation, plays: readonly Play[], trick: readonly ObservedPlay[], plan: { free: number[]; as: number[] }, trumpAs: number, winNeeded: boolean): PolicyAction | null {
  const free: number[] = [];
  for (const c of plan.free) if (hasCard(plays, c)) free.push(c);
  if (free.length === 0) return null;
  // the lowest first: a stable insertion sort by level, without a closure per call (tsx's keepNames names
  // each one); its slow twin (memos off) the sort with a comparator of the levels
  if (!memosOn) free.sort((a, b) => perlaggLevel(obs, a) - perlaggLevel(obs, b));
  else sortByLevel(obs, free);
  for (const c of free) {
    const id = plan.as[plan.free.indexOf(c)] ?? c;
    if (!winNeeded || wins(obs, trick, c, id)) return findPlay(plays, c, id);
    if (wins(obs, trick, c, trumpAs)) return findPlay(plays, c, trumpAs);
  }
  return null;
}

// ---- what partners share (RULES §13) ----

interface Info {
  /** Use the signs, the talk and the partners' seen hands (option information = 'use'). */
  readonly use: boolean;
  /** Tell the truth (option truthful). */
  readonly truthful: boolean;
}

type Request = { kind: 'trumpf' } | { kind: 'farbe'; suit: number } | { kind: 'gut' };

/**
 * partnersOf(obs, seat), remembered per seat for the table's frozen party list (one per table, shared by its
 * observations): read-only.
 */
function partnersFor(obs: Observation, seat: number): readonly number[] {
  if (!memosOn) return partnersOf(obs, seat);
  const party = obs.party;
  if (party !== partnersParty || obs.seats !== partnersSeats || obs.dummySeat !== partnersDummy) {
    if (!Object.isFrozen(party)) return partnersOf(obs, seat);
    partnersParty = party;
    partnersSeats = obs.seats;
    partnersDummy = obs.dummySeat;
    partnersBySeat.length = 0;
  }
  let p = partnersBySeat[seat];
  if (p === undefined) partnersBySeat[seat] = p = partnersOf(obs, seat); // not frozen: the array builtins stay fast
  return p;
}
let partnersParty: readonly number[] | null = null;
let partnersSeats = 0;
let partnersDummy = -1;
const partnersBySeat: Array<readonly number[] | undefined> = [];

/** The partner's hand when this player sees it (partnerInfo 'open'), else null. */
function seenHandOf(obs: Observation, seat: number): readonly number[] | null {
  const seen = obs.seenHands;
  for (let i = 0; i < seen.length; i++) if (seen[i]!.seat === seat) return seen[i]!.cards;
  return null;
}

function isTrumpCard(obs: Observation, c: number): boolean {
  return perlaggLevel(obs, c) > 0 || suitIndex(c) === trumpOf(obs);
}

/** Has the card been played in this deal? */
function played(obs: Observation, card: number): boolean {
  const tricks = obs.tricks;
  for (let i = 0; i < tricks.length; i++) {
    const plays = tricks[i]!.plays;
    for (let j = 0; j < plays.length; j++) if (plays[j]!.card === card) return true;
  }
  return false;
}

/** Is the plain card c the highest still out in its suit (all higher cards of it played)? */
function isTop(obs: Observation, c: number): boolean {
  const suit = suitIndex(c);
  for (let r = rankValue(c) + 1; r <= 8; r++) {
    const hi = cardOf(suit, r);
    if (perlaggLevel(obs, hi) > 0) continue;
    if (!played(obs, hi)) return false;
  }
  return true;
}

/** What a hand asks its leader for (H-07, H-08): "Trumpf" without any trump, a side suit of a top card, else "Gut drüben". */
function requestFor(obs: Observation, hand: readonly number[]): Request {
  let anyTrump = false;
  for (let i = 0; i < hand.length && !anyTrump; i++) anyTrump = isTrumpCard(obs, hand[i]!);
  if (!anyTrump) return REQUEST_TRUMPF;
  const trump = trumpOf(obs);
  let best = -1;
  let playedLo = -1; // the cards played in this deal (bits of the 32 plain cards), once needed
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i]!;
    if (perlaggLevel(obs, c) > 0 || suitIndex(c) === trump) continue;
    if (playedLo === -1) playedLo = playedMask(obs);
    if (!isTopAmong(obs, c, playedLo)) continue;
    if (best < 0 || rankValue(c) > rankValue(best)) best = c;
  }
  return best >= 0 ? { kind: 'farbe', suit: suitIndex(best) } : REQUEST_GUT;
}
const REQUEST_TRUMPF: Request = Object.freeze({ kind: 'trumpf' });
const REQUEST_GUT: Request = Object.freeze({ kind: 'gut' });

/** The plain cards (ids 0..31) played in this deal as bits (the Weli not among them). */
function playedMask(obs: Observation): number {
  let m = 0;
  const tricks = obs.tricks;
  for (let i = 0; i < tricks.length; i++) {
    const plays = tricks[i]!.plays;
    for (let j = 0; j < plays.length; j++) {
      const c = plays[j]!.card;
      if (c >= 0 && c < 32) m |= 1 << c;
    }
  }
  return m >>> 0;
}

/** isTop(obs, c) with the played cards as bits (playedMask): every higher card of its suit that is no Perlagg is played. */
function isTopAmong(obs: Observation, c: number, playedLo: number): boolean {
  const suit = suitIndex(c);
  for (let r = rankValue(c) + 1; r <= 8; r++) {
    const hi = cardOf(suit, r);
    if (perlaggLevel(obs, hi) > 0) continue;
    if (((playedLo >>> hi) & 1) === 0) return false;
  }
  return true;
}

/** Could one of these cards (plain, by suit or trump, under the follow rule) take the open trick now? */
function canBeat(obs: Observation, hand: readonly number[]): boolean {
  const trick = currentTrick(obs);
  if (trick.length === 0) return true;
  const led = playedSuit(obs, trick[0]!.card, trick[0]!.as);
  const trump = trumpOf(obs);
  let hasLed = false;
  for (let i = 0; i < hand.length; i++) if (perlaggLevel(obs, hand[i]!) === 0 && suitIndex(hand[i]!) === led) hasLed = true;
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i]!;
    if (perlaggLevel(obs, c) > 0) continue;
    if (hasLed && suitIndex(c) !== led && suitIndex(c) !== trump) continue;
    if (wins(obs, trick, c, null)) return true;
  }
  return false;
}

/** Cards that win tricks: Perlaggen, trump As and Zehner, side Asse. */
function strongCards(obs: Observation, hand: readonly number[]): number {
  const trump = trumpOf(obs);
  let n = 0;
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i]!;
    if (perlaggLevel(obs, c) > 0) n++;
    else if (suitIndex(c) === trump ? rankValue(c) >= 4 && (rankValue(c) === 8 || rankValue(c) === 4) : rankValue(c) === 8) n++;
  }
  return n;
}

/** Tricks the party still needs after winning this one, and tricks left after it. */
function spielNeed(obs: Observation, party: number): { need: number; left: number } {
  let done = 0;
  for (let i = 0; i < obs.tricks.length; i++) if (obs.tricks[i]!.winner >= 0) done++;
  return { need: 3 - ((obs.tricksWon[party] ?? 0) + 1), left: obs.handSize - done - 1 };
}

/** H-13: after this trick, can the party still make the Spiel with `strong` trick cards of the partner's (and one of the asker's)? */
function prospectWith(need: number, left: number, strong: number): boolean {
  if (need <= 0) return true;
  return left >= need && strong + 1 >= need;
}

/** The last phrase said by `from` to `to` in the current trick among `phrases`, or null. */
function heard(obs: Observation, from: readonly number[], to: number, phrases: readonly string[]): ObservedTalk | null {
  const trick = obs.tricks.length - 1;
  const talk = obs.talk;
  for (let i = talk.length - 1; i >= 0; i--) {
    const t = talk[i]!;
    if (t.trick !== trick) break;
    if (t.to === to && from.includes(t.seat) && phrases.includes(t.phrase)) return t;
  }
  return null;
}

const REQUESTS = ['trumpf', 'farbe', 'gutDrueben'] as const;

/** The leader's picture of what his partner wants led, from what was said, his hand, or his signs. */
function leadRequest(obs: Observation, seat: number): Request | null {
  const partners = partnersFor(obs, seat);
  if (partners.length === 0) return null;
  const said = heard(obs, partners, seat, REQUESTS);
  if (said !== null) return said.phrase === 'trumpf' ? { kind: 'trumpf' } : said.phrase === 'farbe' ? { kind: 'farbe', suit: said.suit } : { kind: 'gut' };
  for (const p of partners) {
    const h = seenHandOf(obs, p);
    if (h !== null) return requestFor(obs, h);
  }
  for (const p of partners) {
    const g = signsFrom(obs, p);
    if (g === null) continue;
    let trumps = g.trumps;
    let perl = g.perlaggen;
    const tricks = obs.tricks;
    for (let i = 0; i < tricks.length; i++) {
      const plays = tricks[i]!.plays;
      for (let j = 0; j < plays.length; j++) {
        const pl = plays[j]!;
        if (pl.seat !== p) continue;
        if (perlaggLevel(obs, pl.card) > 0) perl--;
        else if (suitIndex(pl.card) === trumpOf(obs)) trumps--;
      }
    }
    if (trumps <= 0 && perl <= 0) return { kind: 'trumpf' };
  }
  return null;
}

/** The lead a request asks for, among the plain legal plays (the first n of plain), or null (then the usual lead). */
function leadFor(obs: Observation, plain: readonly Play[], n: number, r: Request): Play | null {
  const trump = suitOfLetter(obs.trump ?? 'H');
  if (r.kind === 'trumpf') {
    // H-07: trump As or Zehner "um die kleineren Trümpfe der Gegenparthei abzuholen"; not with 9 or 8
    // — with a second plain trump, so that one is left after the draw (with a lone trump the lead only
    // leaves the side trumpless: measured worse for this player)
    let trumps = 0;
    for (let i = 0; i < n; i++) if (suitIndex(plain[i]!.card) === trump) trumps++;
    if (trumps < 2) return null;
    let best: Play | null = null;
    for (let i = 0; i < n; i++) {
      const a = plain[i]!;
      if (suitIndex(a.card) === trump && (rankValue(a.card) === 8 || rankValue(a.card) === 4) && (best === null || rankValue(a.card) > rankValue(best.card))) best = a;
    }
    return best;
  }
  if (r.kind === 'farbe') {
    let low: Play | null = null;
    for (let i = 0; i < n; i++) {
      const a = plain[i]!;
      if (suitIndex(a.card) === r.suit && (low === null || rankValue(a.card) < rankValue(low.card))) low = a;
    }
    return low;
  }
  // "Gut drüben": the leader's own best trick card — a top card of a side suit, else trump As / Zehner
  let best: Play | null = null;
  for (let i = 0; i < n; i++) {
    const a = plain[i]!;
    if (suitIndex(a.card) !== trump && isTop(obs, a.card) && (best === null || rankValue(a.card) > rankValue(best.card))) best = a;
  }
  return best ?? leadFor(obs, plain, n, REQUEST_TRUMPF);
}

/** Can the partner(s) still to play take this trick? From what they said, their hand, or null (unknown). */
function partnerCanWin(obs: Observation, seat: number): boolean | null {
  const trick = currentTrick(obs);
  const partners = partnersFor(obs, seat);
  const later: number[] = [];
  for (let k = 0; k < partners.length; k++) {
    const p = partners[k]!;
    let inTrick = false;
    for (let i = 0; i < trick.length; i++) if (trick[i]!.seat === p) inTrick = true;
    if (!inTrick) later.push(p);
  }
  if (later.length === 0) return null;
  if (heard(obs, later, seat, ICH_KANN_NICHT) !== null) return false;
  for (let i = obs.talk.length - 1; i >= 0; i--) {
    const t = obs.talk[i]!;
    if (t.trick !== obs.tricks.length - 1) break;
    if (t.seat === seat && t.phrase === 'kannstStechen' && later.includes(t.to)) {
      const a = answerTo(obs, t);
      if (a !== null) return a.phrase === 'ja';
    }
  }
  for (const p of later) {
    const h = seenHandOf(obs, p);
    if (h !== null && canBeat(obs, h)) return true;
  }
  for (let i = 0; i < later.length; i++) if (seenHandOf(obs, later[i]!) !== null) return false;
  return null;
}

const ICH_KANN_NICHT = ['ichKannNicht'] as const;

/** H-13: does the partner see a prospect of the Spiel if we take this trick? From his answer, hand or signs; null unknown. */
function partnerProspect(obs: Observation, seat: number): boolean | null {
  const party = obs.party[seat]!;
  const { need, left } = spielNeed(obs, party);
  if (need <= 0) return true;
  const partners = partnersFor(obs, seat);
  for (let i = obs.talk.length - 1; i >= 0; i--) {
    const t = obs.talk[i]!;
    if (t.trick !== obs.tricks.length - 1) break;
    if (t.seat === seat && t.phrase === 'entscheidung') {
      const a = answerTo(obs, t);
      if (a !== null) return a.phrase === 'ja';
    }
  }
  for (const p of partners) {
    const h = seenHandOf(obs, p);
    if (h !== null) return prospectWith(need, left, strongCards(obs, h));
  }
  let any = false;
  let strong = 0;
  for (const p of partners) {
    const g = signsFrom(obs, p);
    if (g === null) continue;
    any = true;
    let n = g.trumps + g.perlaggen;
    const tricks = obs.tricks;
    for (let i = 0; i < tricks.length; i++) {
      const plays = tricks[i]!.plays;
      for (let j = 0; j < plays.length; j++) if (plays[j]!.seat === p && isTrumpCard(obs, plays[j]!.card)) n--;
    }
    strong += Math.max(0, n);
  }
  return any ? prospectWith(need, left, strong) : null;
}

/** Would this seat now think of spending a Perlagg to take the trick (the situation of H-13)? */
function perlaggMoment(obs: Observation, seat: number): boolean {
  const trick = currentTrick(obs);
  if (trick.length === 0) return false;
  const me = obs.party[seat]!;
  let decisive = false;
  const won = obs.tricksWon;
  for (let i = 0; i < won.length; i++) if (won[i] === 2) decisive = true;
  if (!decisive) return false;
  const w = trick[winningIndex(obs, trick)]!;
  if (obs.party[w.seat] === me) return false;
  return holdsPerlagg(obs, obs.hand) && !canBeat(obs, obs.hand);
}

/** Does the hand hold a Perlagg? */
function holdsPerlagg(obs: Observation, hand: readonly number[]): boolean {
  for (let i = 0; i < hand.length; i++) if (perlaggLevel(obs, hand[i]!) > 0) return true;
  return false;
}

/** The plain-trump winner situation of H-10: my only winners are trumps, on a side suit led. */
function onlyTrumpWins(obs: Observation, hand: readonly number[]): boolean {
  const trick = currentTrick(obs);
  if (trick.length === 0) return false;
  const trump = trumpOf(obs);
  const led = playedSuit(obs, trick[0]!.card, trick[0]!.as);
  if (led === trump) return false;
  let trumpWins = false;
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i]!;
    if (perlaggLevel(obs, c) > 0 || !wins(obs, trick, c, null)) continue;
    if (suitIndex(c) === trump) trumpWins = true;
    else return false;
  }
  return trumpWins;
}

function playAction(obs: Observation, info: Info): PolicyAction {
  const seat = obs.acting;
  const myParty = obs.party[seat]!;
  // the plain plays among the legal actions (no Perlagg): the first nPlain of plain, a list reused by every
  // decision (plainPlays). All the plays (playsOf) only where a Perlagg may be laid: the list ends in
  // "concede" whenever the player may concede, and copying its ~46 entries at every play cost more than the rest.
  const legal = obs.legal;
  let plays: Play[] | null = null;
  const plain = plainBuf;
  const nPlain = plainPlays(obs, legal);
  const trick = currentTrick(obs);
  const trumpSuit = trumpOf(obs);
  const trumpAs = cardOf(trumpSuit, 8);
  // Does this trick decide the Spiel? (a party on need-1 tricks)
  const need = 3;
  let decisive = false;
  const won = obs.tricksWon; // one read of the field (each read of a view's field is a call)
  for (let i = 0; i < won.length; i++) if (won[i] === need - 1) decisive = true;
  let plan: { free: number[]; as: number[] } | null = null;
  if (trick.length === 0) {
    // What the partner wants led (H-07, H-08), when the table shares it.
    if (info.use && obs.partnerInfo !== 'none') {
      const r = leadRequest(obs, seat);
      const a = r === null ? null : leadFor(obs, plain, nPlain, r);
      if (a !== null) return a;
    }
    // Lead: a side-suit As, else the cheapest plain card.
    for (let i = 0; i < nPlain; i++) {
      const a = plain[i]!;
      if (rankValue(a.card) === 8 && suitIndex(a.card) !== trumpSuit) return a;
    }
    if (nPlain > 0) return cheapest(obs, plain, nPlain);
    plays ??= playsOf(legal);
    return perlaggPlay(obs, plays, trick, (plan ??= showingPlan(obs, seat)), trumpAs, decisive) ?? perlaggPlay(obs, plays, trick, (plan ??= showingPlan(obs, seat)), trumpAs, false) ?? plays[0]!;
  }
  const w = trick[winningIndex(obs, trick)]!;
  const partnerWinning = obs.party[w.seat] === myParty;
  if (partnerWinning && nPlain > 0) return cheapest(obs, plain, nPlain);
  // the cheapest plain card that takes the trick (the first among equals)
  let w0: Play | null = null;
  let w0Cost = 0;
  for (let i = 0; i < nPlain; i++) {
    const a = plain[i]!;
    if (!wins(obs, trick, a.card, null)) continue;
    const c = cost(trumpSuit, a.card);
    if (w0 === null || c < w0Cost) {
      w0 = a;
      w0Cost = c;
    }
  }
  if (w0 !== null) {
    // H-10: a partner still to play who can take it by himself: keep the trump
    if (info.use && obs.partnerInfo !== 'none' && suitIndex(w0.card) === trumpSuit && playedSuit(obs, trick[0]!.card, trick[0]!.as) !== trumpSuit && partnerCanWin(obs, seat) === true) {
      const low = cheapest(obs, plain, nPlain);
      if (suitIndex(low.card) !== trumpSuit) return low;
    }
    return w0;
  }
  // H-13: no Perlagg on a trick that decides nothing for us when the partner sees no prospect of the Spiel
  if (decisive && !partnerWinning && !(info.use && obs.partnerInfo !== 'none' && partnerProspect(obs, seat) === false)) {
    const p = perlaggPlay(obs, (plays ??= playsOf(legal)), trick, (plan ??= showingPlan(obs, seat)), trumpAs, true);
    if (p !== null) return p;
  }
  if (nPlain > 0) return cheapest(obs, plain, nPlain);
  plays ??= playsOf(legal);
  return perlaggPlay(obs, plays, trick, (plan ??= showingPlan(obs, seat)), trumpAs, false) ?? plays[0]!;
}

/**
 * The plain plays among the legal actions (a play of a card that is no Perlagg, un-christened) into plainBuf,
 * in their order; returns how many (the entries after them are left from earlier decisions). One pass that
 * asks `as` first: most entries of a long list are a Perlagg's christenings. No list is made per decision
 * (plainBuf is read only inside the playAction that filled it).
 * Fast path (memos on): a Perlagg's block of the 32 christenings, as 0..31 in a row (as the engine's
 * legalPlaysAt lists a free Perlagg's block), is stepped over from its first entry to its last — none of them is
 * a plain play; a block that is not whole (christenings restricted by the follow rules) is walked. Its slow
 * twin walks every entry (test/strategies/simple-memos.test.ts, simple-plain-plays.test.ts).
 */
function plainPlays(obs: Observation, legal: readonly PolicyAction[]): number {
  let n = 0;
  const len = legal.length;
  const skip = memosOn;
  for (let i = 0; i < len; i++) {
    const a = legal[i]!;
    const as = (a as { as?: unknown }).as;
    if (as !== null) {
      if (as === 0 && skip && i + 31 < len) {
        const z = legal[i + 31]!;
        if ((z as { as?: unknown }).as === 31 && z.kind === 'play' && a.kind === 'play' && z.card === a.card) i += 31;
      }
      continue;
    }
    if (a.kind !== 'play' || perlaggLevel(obs, a.card) !== 0) continue;
    plainBuf[n++] = a;
  }
  return n;
}
const plainBuf: Play[] = [];

/** Tests only: plainPlays' list for this decision, by its fast path (memos on) or its slow twin (off). */
export function plainPlaysOf(obs: Observation, memos: boolean): Play[] {
  const was = memosOn;
  memosOn = memos;
  try {
    return plainBuf.slice(0, plainPlays(obs, obs.legal));
  } finally {
    memosOn = was;
  }
}

/** The plays among the legal actions: the list itself when it holds nothing else (read-only), else a copy. */
function playsOf(legal: readonly PolicyAction[]): Play[] {
  let plays: Play[] | null = null; // null: every action so far is a play
  for (let i = 0; i < legal.length; i++) {
    const a = legal[i]!;
    if (plays === null) {
      if (a.kind !== 'play') plays = legal.slice(0, i) as Play[];
    } else if (a.kind === 'play') plays.push(a);
  }
  return plays ?? (legal as Play[]);
}

function exchangeKey(obs: Observation, c: number): number {
  return perlaggLevel(obs, c) > 0 ? 100 + perlaggLevel(obs, c) : rankValue(c);
}

function exchangeAction(obs: Observation): PolicyAction {
  if (!memosOn) return exchangeActionTwin(obs);
  // Give the cheapest card: a plain card by rank, else the lowest Perlagg (the first of equals). One index
  // loop: no closure per call (tsx's keepNames names each one).
  const legal = obs.legal;
  let best: PolicyAction | undefined;
  let bestKey = 0;
  for (let i = 0; i < legal.length; i++) {
    const a = legal[i]!;
    if (a.kind !== 'exchange') continue;
    const k = exchangeKey(obs, a.card);
    if (best === undefined || k < bestKey) {
      best = a;
      bestKey = k;
    }
  }
  return best ?? legal[0]!;
}

/** exchangeAction as a filter and a reduce (its slow twin, taken with the memos off). */
function exchangeActionTwin(obs: Observation): PolicyAction {
  const ex = obs.legal.filter((a): a is Extract<PolicyAction, { kind: 'exchange' }> => a.kind === 'exchange');
  if (ex.length === 0) return obs.legal[0]!;
  return ex.reduce((a, b) => (exchangeKey(obs, b.card) < exchangeKey(obs, a.card) ? b : a));
}

function showScore(c: { gleich: number; hanger: number }, og: number, oh: number): number {
  return (c.gleich > og ? 1000 : 0) + (c.hanger > oh ? 1000 : 0) + c.gleich + c.hanger;
}

function showAction(obs: Observation): PolicyAction {
  // oppShown(obs, 'gleich') and oppShown(obs, 'hanger') in one pass over the shown figures
  const party = obs.party;
  const me = party[obs.acting]!;
  const shown = obs.shown;
  let og = 0;
  let oh = 0;
  for (let i = 0; i < shown.length; i++) {
    const x = shown[i]!;
    if (party[x.seat] === me) continue;
    og = Math.max(og, x.gleich);
    oh = Math.max(oh, x.hanger);
  }
  const choices = obs.showChoices;
  let best = choices[0]!;
  let bestScore = showScore(best, og, oh);
  for (let i = 0; i < choices.length; i++) {
    const c = choices[i]!;
    const sc = showScore(c, og, oh);
    if (sc > bestScore) {
      best = c;
      bestScore = sc;
    }
  }
  return best.action;
}

interface BidSense {
  gleichCode: number;
  hangerCode: number;
  holdSlack: number;
  spielTricks: number;
  raiseCount: number;
}

/** The seat's best Gleich and Hanger codes if it showed now (own hand and played cards only). */
function strength(obs: Observation): { gleich: number; hanger: number } {
  const acting = obs.acting; // each field read once (each read of a view's field is a call)
  const own = obs.hand;
  if (own.length === 0 && !hasPlayed(obs, acting)) return NO_FIGURES;
  const shown = obs.shown;
  for (let i = 0; i < shown.length; i++) {
    const x = shown[i]!;
    if (x.seat === acting) return { gleich: x.gleich, hanger: x.hanger };
  }
  const hand = obs.seat === acting ? own : seenHandOf(obs, acting);
  if (!memosOn || hand === null || hand.length === 0 || !(acting >= 0 && acting < OWN_SEATS)) return showingFigures(obs, acting); // showingPlan's figures, without the christening
  // The engine hands out the same frozen hand array while the hand does not change (and the seat's played
  // cards change only with it): the figures are remembered per acting seat for its last frozen hand array,
  // with the deal's trump, (frozen) Perlaggen list and ruleset.
  const trump = obs.trump;
  const perl = obs.perlaggen;
  const ruleset = obs.ruleset;
  if (stHand[acting] === hand && stTrump[acting] === trump && stPerlaggen[acting] === perl && stRuleset[acting] === ruleset) return stValue[acting]!;
  if (!Object.isFrozen(hand)) return showingFigures(obs, acting);
  const st = ownFigures(obs, acting, hand, trump, perl, ruleset);
  stHand[acting] = hand; // only frozen arrays: one that is the same array has the same cards
  stTrump[acting] = trump;
  stPerlaggen[acting] = perl;
  stRuleset[acting] = ruleset;
  stValue[acting] = st;
  return st;
}
const NO_FIGURES: { gleich: number; hanger: number } = Object.freeze({ gleich: 0, hanger: 0 });

/**
 * showingFigures(obs, seat) by the seat's own cards, remembered per seat: the cards in `hand` (the seat's,
 * frozen) and those it played, as bits. Only while every card it played is a plain card laid as itself: such a
 * card counts in its figures as it did in hand (figureParts puts its identity where the card in hand was), so
 * its figures are those of the same cards before the play — after the Spiel a seat's hand array is new, its
 * figures mostly are not. Keyed by those bits, the trump, the deal's (frozen) Perlaggen list and the ruleset
 * (obs.trump, obs.perlaggen, obs.ruleset, read by the caller).
 */
function ownFigures(obs: Observation, seat: number, hand: readonly number[], trump: string | null, perl: readonly number[], ruleset: string): { gleich: number; hanger: number } {
  let key = -1;
  if (Object.isFrozen(perl)) {
    let lo = 0;
    let weli = 0;
    for (let i = 0; i < hand.length; i++) {
      const c = hand[i]!;
      if (c === WELI_ID) weli = 1;
      else lo |= 1 << c;
    }
    key = 0;
    const tricks = obs.tricks;
    for (let i = 0; i < tricks.length && key === 0; i++) {
      const plays = tricks[i]!.plays;
      for (let j = 0; j < plays.length; j++) {
        const p = plays[j]!;
        if (p.seat !== seat) continue;
        if (p.as !== null || p.card === WELI_ID || perlaggLevel(obs, p.card) > 0) {
          key = -1; // a Perlagg (or the Weli) played: its identity is fixed now
          break;
        }
        lo |= 1 << p.card;
      }
    }
    if (key === 0) {
      key = (lo >>> 0) + weli * 4294967296;
      if (ownKey[seat] === key && ownTrump[seat] === trump && ownPerlaggen[seat] === perl && ownRuleset[seat] === ruleset) return ownValue[seat]!;
    }
  }
  const st = showingFigures(obs, seat);
  if (key >= 0) {
    ownKey[seat] = key;
    ownTrump[seat] = trump;
    ownPerlaggen[seat] = perl;
    ownRuleset[seat] = ruleset;
    ownValue[seat] = st;
  }
  return st;
}
const OWN_SEATS = 8;
const ownKey = new Float64Array(OWN_SEATS).fill(-1);
const ownTrump: Array<string | null> = new Array<string | null>(OWN_SEATS).fill(null);
const ownPerlaggen: Array<readonly number[] | null> = new Array<readonly number[] | null>(OWN_SEATS).fill(null);
const ownRuleset: string[] = new Array<string>(OWN_SEATS).fill('');
const ownValue: Array<{ gleich: number; hanger: number } | null> = new Array<{ gleich: number; hanger: number } | null>(OWN_SEATS).fill(null);
// strength's memo: the figures of the acting seat's last frozen hand array (with the deal's trump, Perlaggen list, ruleset)
const stHand: Array<readonly number[] | null> = new Array<readonly number[] | null>(OWN_SEATS).fill(null);
const stTrump: Array<string | null> = new Array<string | null>(OWN_SEATS).fill(null);
const stPerlaggen: Array<readonly number[] | null> = new Array<readonly number[] | null>(OWN_SEATS).fill(null);
const stRuleset: string[] = new Array<string>(OWN_SEATS).fill('');
const stValue: Array<{ gleich: number; hanger: number } | null> = new Array<{ gleich: number; hanger: number } | null>(OWN_SEATS).fill(null);
/** Has the seat played a card in this deal? */
function hasPlayed(obs: Observation, seat: number): boolean {
  const tricks = obs.tricks;
  for (let i = 0; i < tricks.length; i++) {
    const plays = tricks[i]!.plays;
    for (let j = 0; j < plays.length; j++) if (plays[j]!.seat === seat) return true;
  }
  return false;
}
/**
 * Figures worked out from a seat's cards, remembered by the frozen hand array the engine hands out (the same
 * array while the hand does not change), the acting seat (whose played cards change only with his hand),
 * the trump, the deal's Perlaggen list and the ruleset: a pure function of what the seat sees. A small ring of the last entries, by
 * identity — a WeakMap's set cost more than the figures it saved; the ring keeps at most MEMO_SIZE small
 * arrays alive.
 */
class FigureMemo {
  private readonly hands: Array<readonly number[] | null> = new Array<readonly number[] | null>(MEMO_SIZE).fill(null);
  private readonly acting = new Int32Array(MEMO_SIZE);
  private readonly trumps: Array<string | null> = new Array<string | null>(MEMO_SIZE).fill(null);
  private readonly perlaggen: Array<readonly number[] | null> = new Array<readonly number[] | null>(MEMO_SIZE).fill(null);
  private readonly rulesets: string[] = new Array<string>(MEMO_SIZE).fill('');
  private readonly values: Array<{ gleich: number; hanger: number } | null> = new Array<{ gleich: number; hanger: number } | null>(MEMO_SIZE).fill(null);
  private next = 0;
  /** The entry found or set last: asked first (a seat's decisions ask for its own figures in a row). */
  private last = 0;
  private matches(i: number, hand: readonly number[], acting: number, trump: string | null, perlaggen: readonly number[], ruleset: string): boolean {
    return this.hands[i] === hand && this.acting[i] === acting && this.trumps[i] === trump && this.perlaggen[i] === perlaggen && this.rulesets[i] === ruleset;
  }
  get(obs: Observation, hand: readonly number[]): { gleich: number; hanger: number } | null {
    // the key's fields read once (each read of a view's field is a call), then compared with every entry
    const acting = obs.acting;
    const trump = obs.trump;
    const perlaggen = obs.perlaggen;
    const ruleset = obs.ruleset;
    if (this.matches(this.last, hand, acting, trump, perlaggen, ruleset)) return this.values[this.last]!;
    for (let i = 0; i < MEMO_SIZE; i++) {
      if (this.matches(i, hand, acting, trump, perlaggen, ruleset)) {
        this.last = i;
        return this.values[i]!;
      }
    }
    return null;
  }
  set(obs: Observation, hand: readonly number[], value: { gleich: number; hanger: number }): void {
    const i = this.next;
    this.last = i;
    this.next = (i + 1) % MEMO_SIZE;
    this.hands[i] = hand;
    this.acting[i] = obs.acting;
    this.trumps[i] = obs.trump;
    this.perlaggen[i] = obs.perlaggen;
    this.rulesets[i] = obs.ruleset;
    this.values[i] = value;
  }
}
const MEMO_SIZE = 8;
/** naturalFiguresOfCards(obs, ownCards(obs)), by obs.hand of the acting seat (his played cards join it). */
const naturalMemo = new FigureMemo();

/** Best code of a figure the opponents have shown (0 if none shown). */
function oppShown(obs: Observation, f: 'gleich' | 'hanger'): number {
  const party = obs.party;
  const me = party[obs.acting]!;
  const shown = obs.shown;
  let b = 0;
  for (let i = 0; i < shown.length; i++) if (party[shown[i]!.seat] !== me) b = Math.max(b, shown[i]![f]);
  return b;
}

/** Has an opponent of the acting seat shown a figure? */
function oppHasShown(obs: Observation, me: number): boolean {
  const shown = obs.shown;
  const party = obs.party;
  for (let i = 0; i < shown.length; i++) if (party[shown[i]!.seat] !== me) return true;
  return false;
}

/** H-15: the party has `spielTricks` tricks, more than the opponents, and the seat a trump or a Perlagg. */
function spielStrong(obs: Observation, spielTricks: number): boolean {
  const me = obs.party[obs.acting]!;
  const mine = obs.tricksWon[me] ?? 0;
  const theirs = obs.tricksWon[1 - me] ?? 0;
  if (mine < spielTricks || mine <= theirs) return false;
  const trump = trumpOf(obs);
  const hand = obs.hand;
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i]!;
    if (perlaggLevel(obs, c) > 0 || (suitIndex(c) === trump && rankValue(c) >= 7)) return true;
  }
  return false;
}

function figureGood(code: number, threshold: number): boolean {
  return code > 0 && code >= threshold;
}

/** What windowAction (and its twin) read off the legal actions in one pass: see scanWindow. */
interface WindowScan {
  /** The ask it makes: the highest count its hand makes (the first of equals). */
  pick: Extract<PolicyAction, { kind: 'ask' }> | undefined;
  /** The first bid of each figure alone. */
  bidSpiel: PolicyAction | undefined;
  bidGleich: PolicyAction | undefined;
  bidHanger: PolicyAction | undefined;
  /** The seat's strength, when an ask needed it (null: not worked out). */
  st: { gleich: number; hanger: number } | null;
}
const WINDOW_SCAN: WindowScan = { pick: undefined, bidSpiel: undefined, bidGleich: undefined, bidHanger: undefined, st: null };

/**
 * One pass over a bid window's legal actions: the asks and the first bid of each figure alone (bidOf). The
 * result is one module-level record, filled afresh at each call and read by the caller at once (no record
 * made per window; nothing runs between the fill and the reads).
 */
function scanWindow(obs: Observation, legal: readonly PolicyAction[]): WindowScan {
  let st: { gleich: number; hanger: number } | null = null;
  let pick: Extract<PolicyAction, { kind: 'ask' }> | undefined;
  let bidSpiel: PolicyAction | undefined;
  let bidGleich: PolicyAction | undefined;
  let bidHanger: PolicyAction | undefined;
  for (let i = 0; i < legal.length; i++) {
    const a = legal[i]!;
    if (a.kind === 'bid') {
      if (a.figures.length === 1) {
        const f = a.figures[0];
        if (f === 'Spiel') bidSpiel ??= a;
        else if (f === 'Gleich') bidGleich ??= a;
        else if (f === 'Hanger') bidHanger ??= a;
      }
      continue;
    }
    if (a.kind !== 'ask') continue;
    st ??= strength(obs);
    if ((a.type === 'Gleich' ? st.gleich >>> 4 : st.hanger >>> 4) >= a.count && (pick === undefined || a.count > pick.count)) pick = a;
  }
  const w = WINDOW_SCAN;
  w.pick = pick;
  w.bidSpiel = bidSpiel;
  w.bidGleich = bidGleich;
  w.bidHanger = bidHanger;
  w.st = st;
  return w;
}

function windowAction(obs: Observation, sense: BidSense, info: Info): PolicyAction {
  if (!memosOn) return windowActionTwin(obs, sense, info);
  const legal = obs.legal; // each field read once where it is read often (each read of a view's field is a call)
  const pass = legal[0]!;
  const me = obs.party[obs.acting]!;
  const point = obs.point;
  if (point < 0) return pass; // never bids blind
  const scan = scanWindow(obs, legal);
  if (scan.pick !== undefined) return scan.pick;
  // the bid it would make were it free to bid; then the score rules: none when gestrichen or without
  // headroom — both worked out only when there is a bid to make (pure reads of the observation)
  const bid = windowBid(obs, sense, info, me, point, scan.st, scan.bidSpiel, scan.bidGleich, scan.bidHanger);
  return bid !== undefined && !gestrichen(obs, me) && headroom(obs, me) >= 1 ? bid : pass;
}

/** windowAction's bid when its party is not gestrichen and has headroom (undefined: it passes). */
function windowBid(
  obs: Observation,
  sense: BidSense,
  info: Info,
  me: number,
  point: number,
  st0: { gleich: number; hanger: number } | null,
  bidSpiel: PolicyAction | undefined,
  bidGleich: PolicyAction | undefined,
  bidHanger: PolicyAction | undefined,
): PolicyAction | undefined {
  const shared = info.use && obs.partnerInfo !== 'none';
  // the Spiel (H-15): between tricks, with the tricks and a good card
  if (bidSpiel !== undefined && currentTrick(obs).length === 0) {
    // H-23: the partner holds the Spielfarbe and was asked to bid it: leave it to him
    if (spielStrong(obs, sense.spielTricks) && !(shared && !hasPlainTrump(obs, obs.hand) && partnerHasInNatura(obs, 'Spiel'))) return bidSpiel;
    if (shared && toldToBid(obs, 'Spiel') && hasPlainTrump(obs, obs.hand)) return bidSpiel;
  }
  // Gleich and Hanger: before the first card, or after the showing when ours beats what the opponents showed
  // — its strength is worked out only where it can matter: a bid of Gleich or Hanger alone is legal, and
  // after the showing an opponent has shown (else neither bid is taken, whatever the strength)
  if (bidGleich === undefined && bidHanger === undefined) return undefined;
  const first = point === 0 && obs.tricks.length === 1 && obs.tricks[0]!.plays.length === 0;
  if (!first && point !== 5) return undefined;
  // after the Spiel: the best Gleich and Hanger the opponents showed, and whether they showed any (oppShown
  // and oppHasShown in one pass over the shown figures)
  let og = 0;
  let oh = 0;
  if (point === 5) {
    const shown = obs.shown;
    const party = obs.party;
    let any = false;
    for (let i = 0; i < shown.length; i++) {
      const x = shown[i]!;
      if (party[x.seat] === me) continue;
      any = true;
      og = Math.max(og, x.gleich);
      oh = Math.max(oh, x.hanger);
    }
    if (!any) return undefined;
  }
  const st = st0 ?? strength(obs);
  const gOk = point === 5 ? st.gleich > og && figureGood(st.gleich, 1) : figureGood(st.gleich, sense.gleichCode);
  const hOk = point === 5 ? st.hanger > oh && figureGood(st.hanger, 1) : figureGood(st.hanger, sense.hangerCode);
  // H-22: a figure that needs its Perlagg, held in natura by the partner: leave the bid to him; told
  // "Biet ...!", bid what it has of it
  const talkNow = shared && point !== 5;
  const gleich = (gOk && !(talkNow && leaveTo(obs, sense, 'Gleich'))) || (talkNow && toldToBid(obs, 'Gleich') && st.gleich > 0) ? bidGleich : undefined;
  if (gleich !== undefined) return gleich;
  return (hOk && !(talkNow && leaveTo(obs, sense, 'Hanger'))) || (talkNow && toldToBid(obs, 'Hanger') && st.hanger > 0) ? bidHanger : undefined;
}

/**
 * windowAction as written before windowBid (the score rules asked first, the Gleich/Hanger strength after them):
 * its slow twin, taken with the memos off (test/strategies/simple-memos.test.ts compares the two).
 */
function windowActionTwin(obs: Observation, sense: BidSense, info: Info): PolicyAction {
  const legal = obs.legal; // each field read once where it is read often (each read of a view's field is a call)
  const pass = legal[0]!;
  const me = obs.party[obs.acting]!;
  const point = obs.point;
  if (point < 0) return pass; // never bids blind
  const scan = scanWindow(obs, legal);
  if (scan.pick !== undefined) return scan.pick;
  let st = scan.st;
  const { bidSpiel, bidGleich, bidHanger } = scan;
  if (gestrichen(obs, me)) return pass;
  const room = headroom(obs, me);
  const trickOpen = currentTrick(obs).length > 0;
  // the Spiel (H-15): between tricks, with the tricks and a good card
  const shared = info.use && obs.partnerInfo !== 'none';
  if (room >= 1 && !trickOpen) {
    const spiel = bidSpiel;
    // H-23: the partner holds the Spielfarbe and was asked to bid it: leave it to him
    if (spiel !== undefined && spielStrong(obs, sense.spielTricks) && !(shared && !hasPlainTrump(obs, obs.hand) && partnerHasInNatura(obs, 'Spiel'))) return spiel;
    if (spiel !== undefined && shared && toldToBid(obs, 'Spiel') && hasPlainTrump(obs, obs.hand)) return spiel;
  }
  // Gleich and Hanger: before the first card, or after the showing when ours beats what the opponents showed
  // — its strength is worked out only where it can matter: a bid of Gleich or Hanger alone is legal, and
  // after the showing an opponent has shown (else neither bid is taken, whatever the strength)
  const first = point === 0 && obs.tricks.length === 1 && obs.tricks[0]!.plays.length === 0;
  if (room >= 1 && (first || point === 5) && (bidGleich !== undefined || bidHanger !== undefined) && (point !== 5 || oppHasShown(obs, me))) {
    st ??= strength(obs);
    const gOk = point === 5 ? st.gleich > oppShown(obs, 'gleich') && figureGood(st.gleich, 1) && oppHasShown(obs, me) : figureGood(st.gleich, sense.gleichCode);
    const hOk = point === 5 ? st.hanger > oppShown(obs, 'hanger') && figureGood(st.hanger, 1) && oppHasShown(obs, me) : figureGood(st.hanger, sense.hangerCode);
    // H-22: a figure that needs its Perlagg, held in natura by the partner: leave the bid to him; told
    // "Biet ...!", bid what it has of it
    const talkNow = shared && point !== 5;
    const gleich = (gOk && !(talkNow && leaveTo(obs, sense, 'Gleich'))) || (talkNow && toldToBid(obs, 'Gleich') && st.gleich > 0) ? bidGleich : undefined;
    if (gleich !== undefined) return gleich;
    const hanger = (hOk && !(talkNow && leaveTo(obs, sense, 'Hanger'))) || (talkNow && toldToBid(obs, 'Hanger') && st.hanger > 0) ? bidHanger : undefined;
    if (hanger !== undefined) return hanger;
  }
  return pass;
}

function answerAction(obs: Observation, sense: BidSense, info: Info): PolicyAction {
  // the first action of each kind answered with, in one pass over the legal actions
  let allow: PolicyAction | undefined;
  let reject: PolicyAction | undefined;
  let gutA: PolicyAction | undefined;
  let raise: PolicyAction | undefined;
  let holdA: PolicyAction | undefined;
  const legal = obs.legal;
  for (let i = 0; i < legal.length; i++) {
    const a = legal[i]!;
    const k = a.kind;
    if (k === 'allow') allow ??= a;
    else if (k === 'reject') reject ??= a;
    else if (k === 'gut') gutA ??= a;
    else if (k === 'raise') raise ??= a;
    else if (k === 'hold') holdA ??= a;
  }
  if (allow !== undefined) return reject ?? allow;
  const gut = gutA!;
  const hold = holdA;
  const offer = offerToAnswer(obs);
  if (offer === null) return gut;
  const me = obs.party[obs.acting]!;
  const canRaise = raise !== undefined && !gestrichen(obs, me) && headroom(obs, me) >= offer.level;
  // the partner's advice ("Halt ...!" / "Lass ... gut!") or, under 'open', his seen figure (RULES §13)
  const advice = info.use && obs.partnerInfo !== 'none' ? adviceOnAnswer(obs, offer.figure) : null;
  if (advice === 'gutLassen') return gut;
  if (offer.figure === 'Spiel') {
    if (advice === 'halt') return hold ?? gut;
    if (currentTrick(obs).length > 0 || !spielStrong(obs, Math.max(1, sense.spielTricks - 1))) return gut;
    return hold ?? gut;
  }
  const st = strength(obs);
  const code = offer.figure === 'Gleich' ? st.gleich : st.hanger;
  // he must have it "mindestens im geringsten Grade" himself [000 p.34]
  if (code > 0 && (advice === 'halt' || (info.use && obs.partnerInfo !== 'none' && partnerHolds(obs, sense, offer.figure)))) {
    const opp0 = oppShown(obs, offer.figure === 'Gleich' ? 'gleich' : 'hanger');
    if (opp0 === 0) return hold ?? gut;
  }
  const threshold = (offer.figure === 'Gleich' ? sense.gleichCode : sense.hangerCode) - sense.holdSlack;
  const opp = oppShown(obs, offer.figure === 'Gleich' ? 'gleich' : 'hanger');
  if (opp > 0 && code <= opp) return gut;
  if (canRaise && (code >>> 4 >= sense.raiseCount || (opp > 0 && code > opp && obs.point === 5))) return raise!;
  if (figureGood(code, threshold) || (opp > 0 && code > opp)) return hold ?? gut;
  return gut;
}

// ---- table talk (RULES §13) ----

function truth(info: Info, x: boolean): boolean {
  return info.truthful ? x : !x;
}

/** The seat's own best figure (with its Perlaggen) for a figure name. */
function figureCode(obs: Observation, f: 'Gleich' | 'Hanger'): number {
  const st = strength(obs);
  return f === 'Gleich' ? st.gleich : st.hanger;
}

function threshold(sense: BidSense, f: 'Gleich' | 'Hanger'): number {
  return f === 'Gleich' ? sense.gleichCode : sense.hangerCode;
}

function hasPlainTrump(obs: Observation, hand: readonly number[]): boolean {
  const trump = trumpOf(obs);
  for (let i = 0; i < hand.length; i++) if (perlaggLevel(obs, hand[i]!) === 0 && suitIndex(hand[i]!) === trump) return true;
  return false;
}

/** The cards in hand and those `seat` played in this deal. */
function withPlayed(obs: Observation, hand: readonly number[], seat: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < hand.length; i++) out.push(hand[i]!);
  const tricks = obs.tricks;
  for (let i = 0; i < tricks.length; i++) {
    const plays = tricks[i]!.plays;
    for (let j = 0; j < plays.length; j++) if (plays[j]!.seat === seat) out.push(plays[j]!.card);
  }
  return out;
}

/** Its own cards of this deal: in hand and played. */
function ownCards(obs: Observation): number[] {
  return withPlayed(obs, obs.hand, obs.acting);
}

/** The figures of its own cards in natura (naturalFiguresOfCards of ownCards). */
function naturalOwn(obs: Observation): { gleich: number; hanger: number } {
  const hand = obs.hand;
  // keyed by obs.hand only when it is the acting seat's own (then his played cards change only with it)
  const keyed = memosOn && obs.acting === obs.seat && hand.length > 0 && Object.isFrozen(hand);
  const memo = keyed ? naturalMemo.get(obs, hand) : null;
  if (memo !== null) return memo;
  const nat = naturalFiguresOfCards(obs, ownCards(obs));
  if (keyed) naturalMemo.set(obs, hand, nat);
  return nat;
}

/** Does it hold the figure in natura at the bidding threshold (Gleich, Hanger), or a plain trump (the Spiel, H-23)? */
function inNatura(obs: Observation, sense: BidSense, f: FigureName): boolean {
  if (f === 'Spiel') return hasPlainTrump(obs, obs.hand);
  const nat = naturalOwn(obs);
  return figureGood(f === 'Gleich' ? nat.gleich : nat.hanger, threshold(sense, f));
}

/** "Ja" or "Nein" to the asker, as `x` is true (or, untruthful, false). */
function yesNo(obs: Observation, info: Info, q: ObservedTalk, x: boolean): PolicyAction {
  return sayAction(obs, truth(info, x) ? 'ja' : 'nein', q.seat) ?? obs.legal[0]!;
}

function answerQuestion(obs: Observation, sense: BidSense, info: Info, q: ObservedTalk): PolicyAction {
  switch (q.phrase) {
    case 'welcheFarbe': {
      let r = requestFor(obs, obs.hand);
      if (!info.truthful) r = r.kind === 'trumpf' ? { kind: 'gut' } : { kind: 'trumpf' };
      const a = r.kind === 'trumpf' ? sayAction(obs, 'trumpf', q.seat) : r.kind === 'farbe' ? sayAction(obs, 'farbe', q.seat, r.suit) : sayAction(obs, 'gutDrueben', q.seat);
      return a ?? obs.legal[0]!;
    }
    case 'kannstStechen':
      return yesNo(obs, info, q, canBeat(obs, obs.hand));
    case 'entscheidung': {
      const { need, left } = spielNeed(obs, obs.party[obs.acting]!);
      return yesNo(obs, info, q, prospectWith(need, left, strongCards(obs, obs.hand)));
    }
    case 'inNatura':
      return yesNo(obs, info, q, q.figure !== null && inNatura(obs, sense, q.figure));
    default:
      return obs.legal[0]!;
  }
}

/** Did the partner answer "ja" to its "in natura?" about f in this hand? */
function partnerHasInNatura(obs: Observation, f: FigureName): boolean {
  return ((talkFacts(obs) >>> (FACT_IN_NATURA + figureBit(f))) & 1) === 1;
}

/** Was it asked to bid f in this hand ("Biet ...!")? */
function toldToBid(obs: Observation, f: FigureName): boolean {
  return ((talkFacts(obs) >>> (FACT_TOLD + figureBit(f))) & 1) === 1;
}

function figureBit(f: FigureName): number {
  return f === 'Spiel' ? 0 : f === 'Gleich' ? 1 : 2;
}
const FACT_TOLD = 0;
const FACT_IN_NATURA = 3;

/**
 * What was said to and for the acting seat, as bits: "Biet f!" said to it (FACT_TOLD + figure), its "in
 * natura?" about f answered "ja" (FACT_IN_NATURA + figure). One pass over obs.talk, remembered per acting
 * seat for the last frozen talk list it saw (the engine hands out one frozen list until something is said:
 * the seats of a bid window, one after another, each find theirs).
 */
function talkFacts(obs: Observation): number {
  const talk = obs.talk;
  const acting = obs.acting;
  const memo = memosOn && acting >= 0 && acting < FACTS_SEATS;
  if (memo && factsTalk[acting] === talk) return facts[acting]!;
  let bits = 0;
  for (let i = 0; i < talk.length; i++) {
    const t = talk[i]!;
    if (t.to === acting && t.phrase === 'biet' && t.figure !== null) bits |= 1 << (FACT_TOLD + figureBit(t.figure));
    if (t.seat === acting && t.phrase === 'inNatura' && t.figure !== null) {
      const a = answerAt(talk, i);
      if (a !== null && a.phrase === 'ja') bits |= 1 << (FACT_IN_NATURA + figureBit(t.figure));
    }
  }
  if (memo && Object.isFrozen(talk)) {
    factsTalk[acting] = talk;
    facts[acting] = bits;
  }
  return bits;
}
const FACTS_SEATS = 8;
const factsTalk: Array<readonly ObservedTalk[] | null> = new Array<readonly ObservedTalk[] | null>(FACTS_SEATS).fill(null);
const facts = new Int32Array(FACTS_SEATS);

/** answerTo(obs, talk[i]) with index loops (talk = obs.talk; the question is its first entry that is talk[i], as indexOf finds it). */
function answerAt(talk: readonly ObservedTalk[], i: number): ObservedTalk | null {
  const q = talk[i]!;
  let k = 0;
  while (talk[k] !== q) k++;
  const a = talk[k + 1];
  return a !== undefined && a.reply && a.seat === q.to ? a : null;
}

/** Would it bid the Spiel now (the window rule), were it not for the Spielfarbe question? */
function wouldBidSpiel(obs: Observation, sense: BidSense): boolean {
  return obs.bidding[0]!.status === 'unbid' && obs.spielParty === -1 && currentTrick(obs).length === 0 && !gestrichen(obs, obs.party[obs.acting]!) && spielStrong(obs, sense.spielTricks);
}

/** The Gleich / Hanger it would bid at the first bid point, needing a Perlagg for it (H-22). */
function needsPerlaggFor(obs: Observation, sense: BidSense, f: 'Gleich' | 'Hanger'): boolean {
  const code = figureCode(obs, f);
  if (!figureGood(code, threshold(sense, f))) return false;
  const nat = naturalOwn(obs);
  return !figureGood(f === 'Gleich' ? nat.gleich : nat.hanger, threshold(sense, f));
}

const ASKED_FIGURES: readonly FigureName[] = ['Gleich', 'Hanger', 'Spiel'];

function talkAction(obs: Observation, sense: BidSense, info: Info): PolicyAction {
  const quiet = obs.legal[0]!;
  if (obs.question !== null) return answerQuestion(obs, sense, info, obs.question);
  const me = obs.acting;
  const partners = partnersFor(obs, me);
  let seesPartner = false;
  for (let i = 0; i < partners.length; i++) if (seenHandOf(obs, partners[i]!) !== null) seesPartner = true;
  const trick = currentTrick(obs);
  if (obs.talkPoint === 'lead') {
    const t = obs.tricks[obs.tricks.length - 1];
    const leading = t !== undefined && t.winner < 0 && t.leader === me;
    if (leading && !seesPartner) {
      for (let i = 0; i < partners.length; i++) {
        const a = sayAction(obs, 'welcheFarbe', partners[i]!);
        if (a !== undefined) return a;
      }
    }
    // H-22 / H-23: at the first bid point, a figure that needs its Perlagg — does the partner have it in natura?
    const first = obs.tricks.length === 1 && trick.length === 0;
    if (obs.biddingTable && !gestrichen(obs, obs.party[me]!)) {
      // the figures to ask about, in this order: Gleich, Hanger, Spiel
      const gleich = first && needsPerlaggFor(obs, sense, 'Gleich');
      const hanger = first && needsPerlaggFor(obs, sense, 'Hanger');
      const spiel = wouldBidSpiel(obs, sense) && !hasPlainTrump(obs, obs.hand);
      for (let k = 0; k < 3; k++) {
        if (!(k === 0 ? gleich : k === 1 ? hanger : spiel)) continue;
        const f = ASKED_FIGURES[k]!;
        for (let i = 0; i < partners.length; i++) {
          const p = partners[i]!;
          if (partnerHasInNatura(obs, f)) {
            const b = sayAction(obs, 'biet', p, -1, f);
            if (b !== undefined) return b;
          } else if (!seesPartner) {
            const a = sayAction(obs, 'inNatura', p, -1, f);
            if (a !== undefined) return a;
          }
        }
      }
    }
    return quiet;
  }
  if (obs.talkPoint === 'card') {
    for (const a of obs.legal) {
      if (a.kind !== 'say') continue;
      if (a.phrase === 'ichKannNicht') return truth(info, !canBeat(obs, obs.hand)) ? a : quiet; // H-10
    }
    if (!seesPartner) {
      if (onlyTrumpWins(obs, obs.hand) && partnerCanWin(obs, me) === null) {
        for (const a of obs.legal) if (a.kind === 'say' && a.phrase === 'kannstStechen') return a;
      }
      if (perlaggMoment(obs, me) && partnerProspect(obs, me) === null) {
        for (const a of obs.legal) if (a.kind === 'say' && a.phrase === 'entscheidung') return a;
      }
    }
    return quiet;
  }
  if (obs.talkPoint === 'answer') {
    const offer = offerToAnswer(obs);
    if (offer === null) return quiet;
    let good: boolean;
    if (offer.figure === 'Spiel') good = currentTrick(obs).length === 0 && spielStrong(obs, Math.max(1, sense.spielTricks - 1));
    else good = figureGood(figureCode(obs, offer.figure), threshold(sense, offer.figure) - sense.holdSlack);
    if (!truth(info, good)) return quiet;
    for (const a of obs.legal) if (a.kind === 'say' && a.phrase === 'halt' && a.figure === offer.figure) return a;
    return quiet;
  }
  return quiet;
}

/** Advice its partner gave on the answer due now ("Halt ...!" / "Lass ... gut!"), or null. */
function adviceOnAnswer(obs: Observation, f: FigureName): 'halt' | 'gutLassen' | null {
  for (let i = obs.history.length - 1; i >= 0; i--) {
    const e = obs.history[i]!;
    if (e.type === 'bid' || e.type === 'raise' || e.type === 'answer') return null;
    if (e.type === 'say' && e.to === obs.acting && e.figure === f && (e.phrase === 'halt' || e.phrase === 'gutLassen')) return e.phrase;
  }
  return null;
}

/** H-22: leave the bid of f to a partner who has it in natura (he said so, or it is seen), when it needs its own Perlagg. */
function leaveTo(obs: Observation, sense: BidSense, f: 'Gleich' | 'Hanger'): boolean {
  return needsPerlaggFor(obs, sense, f) && (partnerHasInNatura(obs, f) || partnerInNaturaSeen(obs, sense, f));
}

/** Under 'open': is the seen partner's figure good enough to hold? */
function partnerHolds(obs: Observation, sense: BidSense, f: FigureName): boolean {
  for (const p of partnersFor(obs, obs.acting)) {
    if (seenHandOf(obs, p) === null) continue;
    if (f === 'Spiel') continue;
    const st = showingFigures(obs, p);
    if (figureGood(f === 'Gleich' ? st.gleich : st.hanger, threshold(sense, f) - sense.holdSlack)) return true;
  }
  return false;
}

/** Under 'open': does a seen partner hold the figure in natura at the threshold (H-22)? */
function partnerInNaturaSeen(obs: Observation, sense: BidSense, f: 'Gleich' | 'Hanger'): boolean {
  for (const p of partnersFor(obs, obs.acting)) {
    const h = seenHandOf(obs, p);
    if (h === null) continue;
    const nat = naturalFiguresOfCards(obs, withPlayed(obs, h, p));
    if (figureGood(f === 'Gleich' ? nat.gleich : nat.hanger, threshold(sense, f))) return true;
  }
  return false;
}
// talkAction asks "in natura?" and says "Biet …!" about Gleich and Hanger only at the first lead (needsPerlaggFor
// behind `first`), about the Spiel only when it would bid it (spielStrong: its party has won a trick and more
// tricks than the other — so never at the first lead); it says "Halt das Spiel!" only when spielStrong too (when
// truthful: a liar says it when not)
const unsaidAt = (truthful: boolean) =>
  Object.freeze({
    firstLead: Object.freeze(['inNatura:Spiel', 'biet:Spiel'] as const),
    laterLead: Object.freeze(['inNatura:Gleich', 'inNatura:Hanger', 'biet:Gleich', 'biet:Hanger'] as const),
    notAhead: Object.freeze(truthful ? (['inNatura:Spiel', 'biet:Spiel', 'halt:Spiel'] as const) : (['inNatura:Spiel', 'biet:Spiel'] as const)),
  });
// windowAction after the Spiel (point 5, where no ask and no bid of the Spiel is legal) bids Gleich or Hanger
// only when an opponent has shown (oppHasShown): afterSpiel
const PASSES = Object.freeze({
  unseen: true,
  trickOpen: true,
  laterLead: true,
  afterSpiel: true,
  unsaid: Object.freeze(['trumpf', 'farbe', 'gutDrueben', 'gutLassen', 'entscheidung'] as const),
  unsaidAt: unsaidAt(true),
});
const PASSES_LIAR = Object.freeze({ ...PASSES, unsaidAt: unsaidAt(false) });
// With information = 'ignore' (no partner's "Biet das Spiel!" to follow) windowAction at a later lead with
// no ask legal bids only the Spiel, and only when spielStrong: its party has won at least spielTricks tricks
// (spielTricks 1..3: one frozen declaration each)
const PASSES_IGNORING = [1, 2, 3].map((n) => Object.freeze({ ...PASSES, spielTricks: n }));
const PASSES_IGNORING_LIAR = [1, 2, 3].map((n) => Object.freeze({ ...PASSES_LIAR, spielTricks: n }));
function passesOf(info: Info, spielTricks: number): WindowPasses {
  if (info.use) return info.truthful ? PASSES : PASSES_LIAR;
  return (info.truthful ? PASSES_IGNORING : PASSES_IGNORING_LIAR)[spielTricks - 1] ?? (info.truthful ? PASSES : PASSES_LIAR);
}

/** The first consent among the legal actions, else the first action (index loops: no closure per call). */
function consentOf(legal: readonly PolicyAction[]): PolicyAction {
  for (let i = 0; i < legal.length; i++) if (legal[i]!.kind === 'consent') return legal[i]!;
  return legal[0]!;
}

/** The first keepCut that keeps, else the first action. */
function keepCutOf(legal: readonly PolicyAction[]): PolicyAction {
  for (let i = 0; i < legal.length; i++) {
    const a = legal[i]!;
    if (a.kind === 'keepCut' && a.keep) return a;
  }
  return legal[0]!;
}

export default definePolicy({
  name: 'simple',
  version: '3.0.0',
  description: 'follows low, wins cheaply, keeps Perlaggen for its figures unless the trick decides the Spiel; bids and holds only what it has',
  options: {
    bidding: { type: 'enum', values: ['plain', 'none'], default: 'plain', description: "'plain': the bidding sense above; 'none': never bids (lets every offer gut)" },
    gleichCount: { type: 'integer', min: 2, max: 5, default: 3, description: 'bid a Gleich with at least this many cards … (H-21)' },
    gleichRank: { type: 'integer', min: 1, max: 8, default: 6, description: '… of at least this rank (1 = Siebener … 6 = Ober … 8 = As)' },
    hangerCount: { type: 'integer', min: 2, max: 5, default: 3, description: 'bid a Hanger of at least this length … (H-21)' },
    hangerTop: { type: 'integer', min: 2, max: 8, default: 7, description: '… topped by at least this rank (7 = König: U-O-K)' },
    holdSlack: { type: 'integer', min: 0, max: 16, default: 0, description: 'hold with a figure this many rank steps below the bid threshold (H-24: 0)' },
    spielTricks: { type: 'integer', min: 1, max: 3, default: 2, description: 'bid the Spiel when the party has this many tricks, more than the opponents, and a trump or Perlagg (H-15)' },
    raiseCount: { type: 'integer', min: 3, max: 6, default: 4, description: 'say "Drei" with a figure of at least this many cards (6 = never)' },
    information: { type: 'enum', values: ['use', 'ignore'], default: 'use', description: "'use': talk at the table and use the partner's signs, words and (open) hand (RULES §13); 'ignore': never talk and use none of it (plays as version 2.0.0)" },
    truthful: { type: 'boolean', default: true, description: 'tell the partner the truth; false: every answer and statement says the opposite' },
  },
  create(o) {
    const sense: BidSense = {
      gleichCode: ((o['gleichCount'] as number) << 4) | (o['gleichRank'] as number),
      hangerCode: ((o['hangerCount'] as number) << 4) | (o['hangerTop'] as number),
      holdSlack: o['holdSlack'] as number,
      spielTricks: o['spielTricks'] as number,
      raiseCount: o['raiseCount'] as number,
    };
    const never = o['bidding'] === 'none';
    const info: Info = { use: o['information'] === 'use', truthful: o['truthful'] !== false };
    return {
      bidding: never ? 'never' : 'full',
      talk: info.use ? 'full' : 'never',
      // windowAction passes blind (point < 0) and, with no ask legal, while a trick is open before the
      // showing: the Spiel only between tricks, Gleich and Hanger only before the first card or after the Spiel
      passes: passesOf(info, sense.spielTricks),
      observation: 'view', // act reads its observation only by property access and keeps none of it (Policy.observation)
      act(obs) {
        switch (obs.phase) {
          case 'window':
            return windowAction(obs, sense, info);
          case 'answer':
            return answerAction(obs, sense, info);
          case 'talk':
            return info.use ? talkAction(obs, sense, info) : obs.legal[0]!;
          case 'veto':
            return consentOf(obs.legal);
          case 'cutKeep':
            return keepCutOf(obs.legal);
          case 'exchange':
            return exchangeAction(obs);
          case 'show':
            return showAction(obs);
          case 'play':
            return playAction(obs, info);
          default:
            return obs.legal[0]!;
        }
      },
    };
  },
});
