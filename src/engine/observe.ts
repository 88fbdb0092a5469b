// GUIDE guideline 3: the only bridge from the state to a policy. An Observation is built from fresh plain
// objects and exactly-sized plain arrays, or deeply frozen ones shared across a hand's decisions (the
// history, tricks, shown figures, public card lists, the action records) — never views, shared buffers or
// anything of the engine's that can change (GUIDE §2) — and holds only what the player may know: his own
// hand (and the hands he sees: the dummy's for its holder, §3), the public cards
// (played cards with their christenings, the turned trump, the shown stock cards, the face-up exchanged
// card, skipped turn-up cards, the Perlaggen the cutter kept), the exchanges, the public history, the score
// and the legal actions. Never another seat's cards, never a seed or a deal index.
// What partners share (RULES §13, talk.ts) is here too: the signs the player received from his partners
// (partnerInfo signs, table, open), every phrase said at the table (public), and under 'open' the partners'
// hands among the seen hands.
//
// The Observation's shape is in observation.ts; resample.ts redeals the cards a seat cannot see, consistently
// with its observation (OpenSpiel's ResampleFromInfostate).
import { WELI } from '../cards/card.ts';
import { canonicalName } from '../rules/registry.ts';
import type { PolicyAction } from './actions.ts';
import { exchangeTarget } from './deal.ts';
import { actingSeat, legalActions } from './game.ts';
import { revokeActions } from './checked.ts';
import { allowedShows } from './showing.ts';
import { eventSeenBy, type HandEvent } from './history.ts';
import { seatingOf, type HandState } from './state.ts';
import { wordGleich, wordHanger } from '../eval/figures.ts';
import type { Observation, ObservedBid, ObservedPlay, ObservedShow, ObservedSigns, ObservedTalk, ObservedTrick, ShowChoice } from './observation.ts';

const names = new WeakMap<object, string>();

function rulesetName(s: HandState): string {
  let n = names.get(s.ruleset);
  if (n === undefined) names.set(s.ruleset, (n = canonicalName(s.ruleset)));
  return n;
}

export function seatsOf(s: HandState, player: number): number[] {
  const own = s.table.seatOfPlayer[player]!;
  return [own, ...s.table.sees[player]!];
}

export function cardsOf(s: HandState, seat: number): number[] {
  const out: number[] = [];
  let m = s.handLo[seat]!;
  while (m !== 0) {
    out.push(31 - Math.clz32(m & -m));
    m = (m & (m - 1)) >>> 0;
  }
  if (s.handWeli[seat] === 1) out.push(WELI);
  return out;
}

// ---- per-hand caches of deeply frozen snapshots (shared across decisions) ----
//
// Everything public that only grows during a hand (the history, the tricks, the shown cards, …) is handed
// to policies as deeply frozen snapshots, rebuilt only when the underlying list changed. The snapshots are
// copies (never the engine's own arrays); their elements are the engine's frozen records (events, plays,
// exchanges), which nobody can change. The cache lives on the state object (a clone starts without one).

const EMPTY: readonly never[] = Object.freeze([]);

interface HistoryCache {
  /** Events of s.events scanned so far. */
  len: number;
  seen: HandEvent[];
  snap: readonly HandEvent[];
}

interface ObsCache {
  ruleset: string;
  perlaggen: readonly number[];
  perl: object | null;
  history: Array<HistoryCache | undefined>;
  blindHistory: Array<HistoryCache | undefined>;
  skippedRef: readonly number[] | null;
  skippedLen: number;
  skipped: readonly number[];
  stockRef: readonly number[] | null;
  stockShown: readonly number[];
  cutKeptLen: number;
  cutKept: readonly number[];
  exchangesLen: number;
  exchanges: readonly ObservedExchange[];
  /** Frozen observed tricks per index (completed tricks only). */
  doneTricks: ObservedTrick[];
  /** The open trick's plays copied so far (frozen records; the list itself grows, so it is never handed out). */
  openIndex: number;
  openPlays: ObservedPlay[];
  /** The frozen snapshot of the open trick's first openPlays.length plays (EMPTY before one is made). */
  openSnap: readonly ObservedPlay[];
  tricksKey: number;
  tricks: readonly ObservedTrick[];
  shownMask: number;
  shown: readonly ObservedShow[];
  shownBySeat: Array<ObservedShow | undefined>;
  /** Own / seen hands per seat as frozen arrays, with the cards they were built from. */
  handLo: number[];
  handWeli: number[];
  hands: Array<readonly number[] | undefined>;
  bids: Array<ObservedBid | undefined>;
  /** The figures' bid order (seq) the records were made with. */
  bidSeq: number[];
  bidding: readonly ObservedBid[];
  tricksWon: readonly number[];
  score: readonly number[];
  written: readonly number[];
  /** Plain copies of what tricksWon, score and written were made from (a frozen array's elements are slow to read). */
  tricksWonFrom: number[];
  scoreFrom: number[];
  writtenFrom: number[];
  /** Events of s.events classified so far, and per event its code (classify). */
  evLen: number;
  evCode: number[];
  /** Events scanned for the talk list, and the frozen list. */
  talkLen: number;
  talkSeen: ObservedTalk[];
  talk: readonly ObservedTalk[];
  /** Signs per player once given (frozen), undefined before. */
  signs: Array<readonly ObservedSigns[] | undefined>;
  /** Per player: the seats whose hands he sees, own seat included, as a bit mask (the table's, fixed for the hand). */
  seesMask: number[];
  /** Per player: his seat (table.seatOfPlayer as a plain array: a frozen array's elements are slow to read). */
  seatOf: number[];
}

type ObservedExchange = { seat: number; gave: number; took: number };

function cacheOf(s: HandState): ObsCache {
  let c = s.obsCache as ObsCache | null;
  if (c === null) {
    c = {
      ruleset: rulesetName(s),
      perlaggen: EMPTY,
      perl: null,
      history: [],
      blindHistory: [],
      skippedRef: null,
      skippedLen: 0,
      skipped: EMPTY,
      stockRef: null,
      stockShown: EMPTY,
      cutKeptLen: 0,
      cutKept: EMPTY,
      exchangesLen: 0,
      exchanges: EMPTY,
      doneTricks: [],
      openIndex: -1,
      openPlays: [],
      openSnap: EMPTY,
      tricksKey: 0,
      tricks: EMPTY,
      shownMask: 0,
      shown: EMPTY,
      shownBySeat: [],
      handLo: [],
      handWeli: [],
      hands: [],
      bids: [],
      bidSeq: [0, 0, 0],
      bidding: EMPTY,
      tricksWon: EMPTY,
      score: EMPTY,
      written: EMPTY,
      tricksWonFrom: [],
      scoreFrom: [],
      writtenFrom: [],
      evLen: 0,
      evCode: [],
      talkLen: 0,
      talkSeen: [],
      talk: EMPTY,
      signs: [],
      seesMask: seesMasks(s),
      seatOf: copyNumbers(s.table.seatOfPlayer),
    };
    s.obsCache = c;
  }
  return c;
}

const perlaggenOf = new WeakMap<object, readonly number[]>();

function perlaggenList(s: HandState): readonly number[] {
  const p = s.perl;
  if (p === null) return EMPTY;
  let l = perlaggenOf.get(p);
  if (l === undefined) perlaggenOf.set(p, (l = Object.freeze(p.order.slice())));
  return l;
}

function perlaggenOfCache(s: HandState, c: ObsCache): readonly number[] {
  c.perl = s.perl;
  c.perlaggen = perlaggenList(s);
  return c.perlaggen;
}

function seesMasks(s: HandState): number[] {
  const t = s.table;
  const out = new Array<number>(t.players);
  for (let p = 0; p < t.players; p++) {
    let m = 1 << t.seatOfPlayer[p]!;
    const others = t.sees[p]!;
    for (let i = 0; i < others.length; i++) m |= 1 << others[i]!;
    out[p] = m;
  }
  return out;
}

/** Does `player` see `seat`'s hand (his own, or one of table.sees)? A bit test: `includes` on the table's frozen lists is slow. */
function sees(c: ObsCache, player: number, seat: number): boolean {
  return ((c.seesMask[player]! >>> seat) & 1) === 1;
}

// Each event's code (classify): the seats that see it as bits (all of them for a public event), and flags.
const SEEN_BY_ALL = 0xffff;

/** A phrase said at the table ('say'). */
const EV_SAY = 1 << 16;

/** Hidden in the unseen window (point -1: the bidder has not looked at his cards): 'dealt' and 'sign'. */
const EV_UNSEEN_HIDES = 1 << 17;

/**
 * Codes for the events added since the last call, once per event for every player's history and the talk
 * list: the events are records of some thirty shapes, and reading their `type` is a megamorphic load.
 */
function classify(s: HandState, c: ObsCache): void {
  const events = s.events;
  const n = events.length;
  for (let i = c.evLen; i < n; i++) {
    const e = events[i]!;
    const by = eventSeenBy(e);
    let code = by === null ? SEEN_BY_ALL : 1 << by;
    const type = e.type;
    if (type === 'say') code |= EV_SAY;
    else if (type === 'dealt' || type === 'sign') code |= EV_UNSEEN_HIDES;
    c.evCode.push(code);
  }
  c.evLen = n;
}

function historyOf(s: HandState, c: ObsCache, player: number, blind: boolean): readonly HandEvent[] {
  const list = blind ? c.blindHistory : c.history;
  let h = list[player];
  if (h === undefined) list[player] = h = { len: 0, seen: [], snap: EMPTY };
  const events = s.events;
  const n = events.length;
  if (h.len === n) return h.snap;
  if (c.evLen !== n) classify(s, c);
  const mask = c.seesMask[player]!; // sees(c, player, seat) as bits
  const hides = blind ? EV_UNSEEN_HIDES : 0;
  const codes = c.evCode;
  for (let i = h.len; i < n; i++) {
    const code = codes[i]!;
    // events are deep-frozen plain data (history.ts): sharing them gives nothing away and nothing to change
    if ((code & mask) !== 0 && (code & hides) === 0) h.seen.push(events[i]!);
  }
  h.len = n;
  if (h.seen.length !== h.snap.length) h.snap = Object.freeze(h.seen.slice());
  return h.snap;
}

function tricksOf(s: HandState, c: ObsCache): readonly ObservedTrick[] {
  const tr = s.tricks;
  const n = tr.length;
  if (n === 0) return EMPTY;
  const last = tr[n - 1]!;
  // the tricks only grow: their number, the open trick's plays and whether it is taken say everything
  const key = n * 64 + last.plays.length * 2 + (last.winner >= 0 ? 1 : 0) + 1;
  if (key === c.tricksKey) return c.tricks;
  const out = new Array<ObservedTrick>(n);
  for (let i = 0; i < n; i++) {
    const t = tr[i]!;
    let o = c.doneTricks[i];
    if (o === undefined) {
      const plays = t.plays;
      if (plays.length === 0) {
        o = openTrick(t.leader, t.winner);
      } else {
        o = Object.freeze({ leader: t.leader, plays: playsSnapshot(c, i, plays), winner: t.winner }) as ObservedTrick;
      }
      if (t.winner >= 0) c.doneTricks[i] = o;
    }
    out[i] = o;
  }
  c.tricksKey = key;
  c.tricks = Object.freeze(out);
  return c.tricks;
}

/**
 * The frozen plays of trick i (the engine's `plays`, not empty) as tricksOf hands them out: each play taken
 * once while the trick fills (the open trick's plays are kept), one frozen snapshot per number of plays —
 * shared by the tricks list and the current trick (openPlaysOf), and by the trick once taken (its plays are
 * those of its last open snapshot).
 */
function playsSnapshot(c: ObsCache, i: number, plays: ReadonlyArray<{ readonly seat: number; readonly card: number; readonly as: number | null }>): readonly ObservedPlay[] {
  if (c.openIndex !== i) {
    c.openIndex = i;
    c.openPlays = [];
    c.openSnap = EMPTY;
  }
  const n = plays.length;
  if (c.openSnap.length === n) return c.openSnap;
  const copies = c.openPlays;
  for (let j = copies.length; j < n; j++) copies.push(observedPlay(plays[j]!));
  return (c.openSnap = Object.freeze(copies.slice(0, n)));
}

/**
 * currentTrick of the Observation (policy/api.ts: the open trick's plays, a fresh empty list when none is
 * open) without building the tricks list: the same frozen plays tricksOf(s, c) gives its last trick. Its twin
 * is the helper on the tricks list (test/engine/observation-view.test.ts).
 */
function openPlaysOf(s: HandState, c: ObsCache): ObservedPlay[] {
  const tr = s.tricks;
  const n = tr.length;
  const t = tr[n - 1];
  if (t === undefined || t.winner >= 0) return [];
  const plays = t.plays;
  return (plays.length === 0 ? EMPTY : playsSnapshot(c, n - 1, plays)) as ObservedPlay[];
}

function copyPlay(p: { readonly seat: number; readonly card: number; readonly as: number | null }): ObservedPlay {
  return Object.freeze({ seat: p.seat, card: p.card, as: p.as });
}

/**
 * A trick's play as the observation shows it: the engine's own record when it is frozen (game.ts playRecord's
 * shared records are flat frozen {seat, card, as}, the observed play's fields in its order: nothing to copy or
 * change), else a frozen copy (its twin, copyPlay).
 */
function observedPlay(p: { readonly seat: number; readonly card: number; readonly as: number | null }): ObservedPlay {
  return Object.isFrozen(p) ? (p as ObservedPlay) : copyPlay(p);
}

/** A trick led but without a card yet, {leader, plays: [], winner}: frozen once per (leader, winner) and shared by every hand. */
const OPEN_TRICKS: Array<ObservedTrick | undefined> = [];

function openTrick(leader: number, winner: number): ObservedTrick {
  if (!((leader | 0) === leader && leader >= 0 && leader < 16 && (winner | 0) === winner && winner >= -1 && winner < 15)) return openTrickChecked(leader, winner);
  const i = leader * 16 + winner + 1;
  return (OPEN_TRICKS[i] ??= openTrickChecked(leader, winner));
}

function openTrickChecked(leader: number, winner: number): ObservedTrick {
  return Object.freeze({ leader, plays: EMPTY as unknown as ObservedPlay[], winner }) as ObservedTrick;
}

function shownOf(s: HandState, c: ObsCache): readonly ObservedShow[] {
  let mask = 0;
  const shows = s.shows;
  for (let i = 0; i < shows.length; i++) if (shows[i] !== null) mask |= 1 << i;
  if (mask === c.shownMask) return c.shown;
  const out: ObservedShow[] = [];
  for (let i = 0; i < shows.length; i++) {
    const x = shows[i];
    if (x === null || x === undefined) continue;
    let o = c.shownBySeat[i];
    if (o === undefined) {
      o = Object.freeze({
        seat: x.seat,
        cards: shownCards(x.cards),
        gleich: wordGleich(x.word),
        hanger: wordHanger(x.word),
      }) as ObservedShow;
      c.shownBySeat[i] = o;
    }
    out.push(o);
  }
  c.shownMask = mask;
  c.shown = Object.freeze(out);
  return c.shown;
}

/**
 * A show's cards as the observation shows them: the engine's own list when it and its records are frozen
 * (game.ts recordShow: a frozen list of shared flat frozen {card, as}, the observed card's fields in its order,
 * the list the 'show' event in the history holds too), else a frozen copy (its twin, copyShownCards).
 */
function shownCards(cards: ReadonlyArray<{ readonly card: number; readonly as: number | null }>): ObservedShow['cards'] {
  if (!Object.isFrozen(cards)) return copyShownCards(cards);
  for (let i = 0; i < cards.length; i++) if (!Object.isFrozen(cards[i])) return copyShownCards(cards);
  return cards as ObservedShow['cards'];
}

function copyShownCards(cards: ReadonlyArray<{ readonly card: number; readonly as: number | null }>): ObservedShow['cards'] {
  return Object.freeze(cards.map((cc) => Object.freeze({ card: cc.card, as: cc.as }))) as ObservedShow['cards'];
}

/**
 * A fresh copy of a list of numbers, by an index loop: `slice` takes V8's slow path on a frozen array (the
 * engine's show options and lists are frozen), some twenty times slower.
 */
function copyNumbers(a: readonly number[]): number[] {
  const out: number[] = []; // packed, as slice makes it
  for (let i = 0; i < a.length; i++) out.push(a[i]!);
  return out;
}

function frozenCopy(a: readonly number[]): readonly number[] {
  return a.length === 0 ? EMPTY : Object.freeze(a.slice());
}

/** The cards of a seat as a frozen array, rebuilt only when that hand changed. */
function handOf(s: HandState, c: ObsCache, seat: number): readonly number[] {
  const lo = s.handLo[seat]!;
  const weli = s.handWeli[seat]!;
  const h = c.hands[seat];
  if (h !== undefined && c.handLo[seat] === lo && c.handWeli[seat] === weli) return h;
  const out = Object.freeze(cardsOf(s, seat));
  c.hands[seat] = out;
  c.handLo[seat] = lo;
  c.handWeli[seat] = weli;
  return out;
}

/**
 * A frozen copy of a short list of numbers, the previous one when nothing changed. `from` is a plain copy of
 * what `prev` was made from, kept up to date here: it is compared instead of `prev` itself, because V8 reads
 * the elements of a frozen array some five times slower than a plain array's, even in optimized code.
 */
function sameOrFrozen(prev: readonly number[], from: number[], now: readonly number[]): readonly number[] {
  const n = now.length;
  if (from.length === n) {
    let i = 0;
    while (i < n && from[i] === now[i]) i++;
    if (i === n) return prev;
  }
  for (let i = 0; i < n; i++) from[i] = now[i]!;
  if (from.length !== n) from.length = n;
  return sharedNumbers(from);
}

/**
 * A frozen copy of `a`, shared by every hand when the list is short and its numbers small (tricks won, points
 * written, a Partie score: the same few values repeat hand after hand): frozen once per value, looked up by a
 * key packing the values. A frozen list never changes, and nothing keys on its identity. Else a fresh frozen
 * copy (the twin, frozenSlice).
 */
function sharedNumbers(a: readonly number[]): readonly number[] {
  const n = a.length;
  if (n > 4) return frozenSlice(a);
  let key = 0;
  for (let i = n - 1; i >= 0; i--) {
    const v = a[i]!;
    if (!((v | 0) === v && v >= 0 && v < 64 && !Object.is(v, -0))) return frozenSlice(a);
    key = key * 64 + v;
  }
  key = key * 8 + n;
  let l = SHARED_NUMBERS.get(key);
  if (l === undefined) SHARED_NUMBERS.set(key, (l = frozenSlice(a)));
  return l;
}

const SHARED_NUMBERS = new Map<number, readonly number[]>();

function frozenSlice(a: readonly number[]): readonly number[] {
  return Object.freeze(a.slice());
}

const ZEROS: Array<readonly number[] | undefined> = [];

function zeros(n: number): readonly number[] {
  let z = ZEROS[n];
  if (z === undefined) ZEROS[n] = z = Object.freeze(new Array<number>(n).fill(0));
  return z;
}

function biddingOf(s: HandState, c: ObsCache): readonly ObservedBid[] {
  const figs = s.bid.figs;
  if (c.bidding.length === 3) {
    // the common case first: no figure's record changed (the priorities follow from the bid order, seq)
    let i = 0;
    for (; i < 3; i++) {
      const f = figs[i]!;
      const o = c.bids[i]!;
      if (
        f.seq !== c.bidSeq[i] ||
        o.status !== f.status ||
        o.level !== f.level ||
        o.aus !== f.aus ||
        o.offerParty !== f.offerParty ||
        o.raiseRight !== f.raiseRight ||
        o.firstParty !== f.firstParty ||
        o.unseen !== f.unseen ||
        o.writtenParty !== f.writtenParty ||
        o.writtenPoints !== f.writtenPoints
      ) {
        break;
      }
    }
    if (i === 3) return c.bidding;
  }
  for (let i = 0; i < 3; i++) c.bidSeq[i] = figs[i]!.seq;
  let changed = c.bidding.length !== 3;
  for (let i = 0; i < 3; i++) {
    const f = figs[i]!;
    let priority = -1;
    if (f.seq !== Infinity) {
      priority = 0;
      for (let j = 0; j < 3; j++) if (figs[j]!.seq < f.seq) priority++;
    }
    const o = c.bids[i];
    if (
      o !== undefined &&
      o.status === f.status &&
      o.level === f.level &&
      o.aus === f.aus &&
      o.offerParty === f.offerParty &&
      o.raiseRight === f.raiseRight &&
      o.firstParty === f.firstParty &&
      o.unseen === f.unseen &&
      o.writtenParty === f.writtenParty &&
      o.writtenPoints === f.writtenPoints &&
      o.priority === priority
    ) {
      continue;
    }
    changed = true;
    c.bids[i] = Object.freeze({
      figure: FIGURE_NAMES[i]!,
      status: f.status,
      level: f.level,
      aus: f.aus,
      offerParty: f.offerParty,
      raiseRight: f.raiseRight,
      firstParty: f.firstParty,
      unseen: f.unseen,
      writtenParty: f.writtenParty,
      writtenPoints: f.writtenPoints,
      priority,
    });
  }
  if (changed) c.bidding = Object.freeze([c.bids[0]!, c.bids[1]!, c.bids[2]!]);
  return c.bidding;
}

const FIGURE_NAMES = ['Spiel', 'Gleich', 'Hanger'] as const;

/** The phrases said so far (public), as a frozen list that only grows. */
function talkOf(s: HandState, c: ObsCache): readonly ObservedTalk[] {
  if (s.talk === null) return EMPTY;
  const events = s.events;
  const n = events.length;
  if (c.talkLen === n) return c.talk;
  const before = c.talkSeen.length;
  if (c.evLen !== n) classify(s, c);
  const codes = c.evCode;
  for (let i = c.talkLen; i < n; i++) {
    if ((codes[i]! & EV_SAY) === 0) continue;
    const e = events[i] as Extract<HandEvent, { type: 'say' }>;
    c.talkSeen.push(Object.freeze({ seat: e.seat, to: e.to, phrase: e.phrase, suit: e.suit, figure: e.figure, reply: e.reply, trick: e.trick, card: e.card }));
  }
  c.talkLen = n;
  if (c.talkSeen.length !== before) c.talk = Object.freeze(c.talkSeen.slice());
  return c.talk;
}

/** The signs the player received (given at the first lead; seats he controls receive them). */
function signsOf(s: HandState, c: ObsCache, player: number, own: number): readonly ObservedSigns[] {
  if (s.ruleset.partnerInfo === 'none' || s.startLo.length === 0) return EMPTY;
  let g = c.signs[player];
  if (g === undefined) {
    const out: ObservedSigns[] = [];
    for (const e of s.events) {
      if (e.type === 'sign' && sees(c, player, e.to) && s.table.controller[e.to] === player) {
        out.push(Object.freeze({ seat: e.seat, trumps: e.trumps, perlaggen: e.perlaggen, best: e.best }));
      }
      if (e.type === 'play') break; // every sign is given before the first card
    }
    c.signs[player] = g = out.length === 0 ? EMPTY : Object.freeze(out);
  }
  return g;
}

/**
 * The observation of `player` now: fresh plain data, or deeply frozen snapshots (history, tricks, shown
 * figures, public card lists) that are shared across this hand's decisions and never change.
 */
export function observe(s: HandState, player: number, score: readonly number[] = []): Observation {
  return observeWith(s, player, score, null);
}

/**
 * observe, with the decision's legal actions already computed by the caller (the runner's hot loop: it
 * needs them to match the answer). `legal` must be a fresh list of legalActions(s) that the caller hands
 * over (the observation owns it); null: computed here. Ignored outside the player's turn and in the showing.
 */
export function observeWith(s: HandState, player: number, score: readonly number[], given: PolicyAction[] | null): Observation {
  const table = s.table;
  const c = cacheOf(s);
  const own = c.seatOf[player]!;
  const acting = actingOf(s, player);
  const toAct = acting >= 0;
  let legal: PolicyAction[];
  let showChoices: ShowChoice[];
  if (toAct && s.phase === 'show') {
    const shows = showsOf(s, acting);
    legal = shows.legal;
    showChoices = shows.showChoices;
  } else {
    // legalActions hands out shared, deeply frozen action records (actions.ts) in a fresh list: no copy needed
    legal = toAct ? (given ?? legalActions(s)) : [];
    showChoices = [];
  }
  // The unseen window (point -1): the bidder has not looked at his cards.
  const blind = toAct && s.phase === 'window' && s.bid.point < 0;
  const b = s.bid;
  const skipped = skippedOf(s, c);
  const stockShown = stockShownOf(s, c);
  const cutKept = cutKeptOf(s, c);
  const exchanges = exchangesOf(s, c);
  const seenHands = seenHandsOf(s, c, player, own, blind);
  const points = pointsOf(s);
  const tricksWon = tricksWonOf(s, c);
  const written = writtenOf(s, c);
  const score1 = scoreOf(s, c, score);
  const talk = talkOf(s, c);
  return {
    ruleset: c.ruleset,
    players: table.players,
    seats: table.seats,
    player,
    seat: own,
    acting,
    party: table.party as number[], // frozen with the table
    dealer: s.dealer,
    vorhand: s.vorhand,
    cutter: s.cutter,
    handSize: table.handSize,
    dummySeat: table.dummySeat,
    phase: s.phase,
    hand: (blind ? EMPTY : handOf(s, c, own)) as number[],
    seenHands,
    trump: s.trump,
    perlaggen: (s.perl === c.perl ? c.perlaggen : perlaggenOfCache(s, c)) as number[],
    turned: s.turned,
    faceUp: s.faceUp,
    skipped: skipped as number[],
    exchangeTarget: s.phase === 'exchange' ? exchangeTarget(s) : -1,
    stockShown: stockShown as number[],
    cutKept: cutKept as number[],
    cutSeen: sees(c, player, s.cutter) ? s.cutSeen : -1,
    exchanges: exchanges as ObservedExchange[],
    tricks: tricksOf(s, c) as ObservedTrick[],
    tricksWon: tricksWon as number[],
    spielParty: s.spielParty,
    conceded: s.conceded,
    shown: shownOf(s, c) as ObservedShow[],
    points,
    score: score1 as number[],
    target: s.ruleset.target,
    history: historyOf(s, c, player, blind) as HandEvent[],
    legal,
    revokes: revokesOf(s, toAct),
    showChoices,
    bidding: biddingOf(s, c) as ObservedBid[],
    point: s.phase === 'window' ? b.point : -2,
    written: written as number[],
    ask: askOf(s),
    biddingTable: table.parties === 2 || s.bid.active,
    partnerInfo: s.ruleset.partnerInfo,
    signs: (blind ? EMPTY : signsOf(s, c, player, own)) as ObservedSigns[],
    talk: talk as ObservedTalk[],
    talkPoint: s.phase === 'talk' ? s.talk!.point : null,
    question: questionOf(s, c, toAct),
  };
}

// ---- the fields of an observation, one by one (observeWith above; the lazy view, view.ts) ----
// Internal to the engine: each reads the state (and keeps the hand's caches up to date) as observeWith does.

/** The seat whose decision it is when `player` controls it (currentPlayer(s) === player), else -1. */
export function actingOf(s: HandState, player: number): number {
  // the acting seat found once (chance and the end have none)
  const phase = s.phase;
  const seatNow = phase === 'shuffle' || phase === 'cut' || phase === 'done' ? -1 : actingSeat(s);
  return seatNow >= 0 && seatingOf(s.table).controller[seatNow] === player ? seatNow : -1;
}

/** In the showing, for the acting seat: the legal shows and the figures each makes (one call gives both). */
export function showsOf(s: HandState, acting: number): { legal: PolicyAction[]; showChoices: ShowChoice[] } {
  const opts = allowedShows(s, acting);
  const legal = new Array<PolicyAction>(opts.length);
  const showChoices = new Array<ShowChoice>(opts.length);
  for (let i = 0; i < opts.length; i++) {
    const o = opts[i]!;
    legal[i] = { kind: 'show', as: copyNumbers(o.as) };
    showChoices[i] = { action: { kind: 'show', as: copyNumbers(o.as) }, gleich: wordGleich(o.word), hanger: wordHanger(o.word) };
  }
  return { legal, showChoices };
}

export function skippedOf(s: HandState, c: ObsCache): readonly number[] {
  if (s.skipped !== c.skippedRef || s.skipped.length !== c.skippedLen) {
    c.skippedRef = s.skipped;
    c.skippedLen = s.skipped.length;
    c.skipped = frozenCopy(s.skipped);
  }
  return c.skipped;
}

export function stockShownOf(s: HandState, c: ObsCache): readonly number[] {
  if (s.shownStock !== c.stockRef) {
    c.stockRef = s.shownStock;
    c.stockShown = frozenCopy(s.shownStock);
  }
  return c.stockShown;
}

export function cutKeptOf(s: HandState, c: ObsCache): readonly number[] {
  if (s.cutKept.length !== c.cutKeptLen) {
    c.cutKeptLen = s.cutKept.length;
    c.cutKept = frozenCopy(s.cutKept);
  }
  return c.cutKept;
}

export function exchangesOf(s: HandState, c: ObsCache): readonly ObservedExchange[] {
  if (s.exchanges.length !== c.exchangesLen) {
    c.exchangesLen = s.exchanges.length;
    c.exchanges = Object.freeze(s.exchanges.map((x) => Object.freeze({ seat: x.seat, gave: x.gave, took: x.took })));
  }
  return c.exchanges;
}

export function seenHandsOf(s: HandState, c: ObsCache, player: number, own: number, blind: boolean): Array<{ seat: number; cards: number[] }> {
  if (blind || c.seesMask[player] === 1 << own) return EMPTY as never[];
  const others = s.table.sees[player]!;
  const out: Array<{ seat: number; cards: number[] }> = [];
  for (let i = 0; i < others.length; i++) out.push({ seat: others[i]!, cards: handOf(s, c, others[i]!) as number[] });
  return out;
}

export function pointsOf(s: HandState): number[] {
  return s.phase === 'done' ? s.points.slice() : (zeros(s.table.parties) as number[]);
}

export function tricksWonOf(s: HandState, c: ObsCache): readonly number[] {
  return (c.tricksWon = sameOrFrozen(c.tricksWon, c.tricksWonFrom, s.tricksWon));
}

export function writtenOf(s: HandState, c: ObsCache): readonly number[] {
  return (c.written = sameOrFrozen(c.written, c.writtenFrom, s.bid.written));
}

export function scoreOf(s: HandState, c: ObsCache, score: readonly number[]): readonly number[] {
  const score0 = score.length === s.table.parties ? score : s.bid.score;
  return (c.score = sameOrFrozen(c.score, c.scoreFrom, score0));
}

export function perlaggenOfState(s: HandState, c: ObsCache): readonly number[] {
  return s.perl === c.perl ? c.perlaggen : perlaggenOfCache(s, c);
}

export function revokesOf(s: HandState, toAct: boolean): PolicyAction[] {
  return toAct && s.revokesAllowed && s.phase === 'play' ? revokeActions(s) : (EMPTY as never[]);
}

export function askOf(s: HandState): Observation['ask'] {
  const a = s.bid.ask;
  return a === null ? null : { seat: a.seat, party: a.party, count: a.count, type: a.type, answer: a.answer };
}

export function questionOf(s: HandState, c: ObsCache, toAct: boolean): ObservedTalk | null {
  if (!toAct || s.phase !== 'talk' || s.talk!.question === null) return null;
  talkOf(s, c);
  return c.talkSeen[c.talkSeen.length - 1]!; // talk's last entry (a plain array's read)
}

export { cacheOf, handOf, historyOf, tricksOf, openPlaysOf, shownOf, biddingOf, talkOf, signsOf, sees, EMPTY, type ObsCache, type ObservedExchange };

// the shared snapshots and their twins (test/engine/observation-snapshots.test.ts)
export { sharedNumbers, frozenSlice, observedPlay, copyPlay, openTrick, openTrickChecked, shownCards, copyShownCards };
