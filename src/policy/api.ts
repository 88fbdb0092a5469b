// The policy contract (GUIDE guidelines 3-4): what every bot of strategies/ imports. A bot that searches also
// imports src/playout/api.ts (worlds consistent with its observation, the playout kernel, PIMC search); the
// contract itself knows nothing of search.
//
// A policy module (strategies/<name>.ts) default-exports a PolicyFactory: a name, a version, declared
// options (type, range, default) and create(options) -> Policy. A Policy gets an Observation (observe.ts:
// fresh or deeply frozen plain data, only what its player may know) and a PolicyContext whose `rng` is the player's own
// keyed stream for this deal (root seed, deal index, seat; GUIDE guideline 8) — never the global Math RNG, never
// the observation's content as a seed. It returns one of obs.legal.
//
// WHAT PARTNERS SHARE (RULES §13; obs.partnerInfo, engine/talk.ts has the whole vocabulary):
//   obs.signs     the secret signs from each partner, given at the first lead under 'signs', 'table' and 'open':
//                 his number of plain trumps, of Perlaggen and his best Perlagg — plain numbers, so a bot that
//                 imagines worlds can keep only those whose partner hands give the same signs (signsOf below;
//                 resampleHidden does exactly that). Opponents never see another party's signs.
//   obs.talk      every phrase said at the table (under 'table' and 'open'), in order, with speaker and
//                 addressee — public, heard by the opponents too, and not necessarily true.
//   obs.phase === 'talk'   a talk window: obs.talkPoint says where ('lead' before a trick's first card,
//                 'card' before a later card, 'answer' before a partner answers an offer); obs.question is the
//                 question this player must answer now (null: he may say a phrase or `quiet`, which is
//                 obs.legal[0]). A policy that knows nothing of talk and plays legal[0] stays quiet (answers
//                 excepted); declaring Policy.talk = 'never' keeps it out of talk altogether.
//   obs.seenHands under 'open' holds the partners' hands as well.
import { WELI } from '../cards/card.ts';
import { cardShort } from '../cards/notation.ts';
import { cardPower, effectiveSuit, trickWinnerIndex, type TrickContext } from '../engine/tricks.ts';
import type { FigureName, PolicyAction } from '../engine/actions.ts';
import { ObservationView } from '../engine/view.ts';
import { deckOf } from '../engine/state.ts';
import type { Observation, ObservedBid, ObservedPlay, ObservedSigns, ObservedTalk, ShowChoice } from '../engine/observation.ts';
import type { UnsaidAt, UnsaidPhrase } from '../engine/talk.ts';
import { QUESTIONS, TALK_PHRASES, type TalkPhrase, type TalkPoint } from '../engine/talk-words.ts';
import type { RandomSource } from '../core/rng.ts';
import { handOf, perlaggLevel, rulesetOf } from './seen.ts';

// The contract bots import (one file, the architecture test enforces it); the helpers themselves live beside it.
export { perlaggLevel, handOf, playedBy } from './seen.ts';
export { showingPlan, showingFigures, showingPlanWord, naturalFiguresOfCards, figureFrontierOf, figureFrontier, bestOf, naturalFigures, type FigurePair } from './figures.ts';

export type { PolicyAction, Observation, ObservedBid, ObservedPlay, ObservedSigns, ObservedTalk, ShowChoice, FigureName, TalkPhrase, TalkPoint };

export { TALK_PHRASES };

export type { RandomSource };

export type { HandEvent } from '../engine/history.ts';

/** Bieten (RULES §17): its Observation, Action and helpers, for strategies/bieten-*.ts. */
export * as bieten from '../games/bieten/policy-api.ts';

export interface PolicyContext {
  /** The player's keyed stream for this deal. */
  readonly rng: RandomSource;
}

/** A policy of a game: Perlaggen's Observation and PolicyAction by default, Bieten's (`bieten.*` below) for Bieten. */
export interface Policy<O = Observation, A = PolicyAction> {
  act(obs: O, ctx: PolicyContext): A;
  /**
   * 'never': this policy never bids, raises, asks, holds or vetoes — the engine skips it in every bid window
   * and lets every offer to it gut without calling act (fast, and the same as answering 'gut' / 'pass' /
   * 'consent' / 'allow' every time). Default 'full': it is asked at every bid decision it can take.
   */
  readonly bidding?: 'never' | 'full';
  /**
   * 'never': this policy never talks (RULES §13) — the engine leaves it out of every talk window and nobody
   * asks it anything (fast: a table without two partners who talk has no talk phases at all). It still
   * receives the signs and hears what others say. Default 'full': it is asked in every talk window it is in.
   */
  readonly talk?: 'never' | 'full';
  /**
   * Bid windows in which this policy always passes, without drawing from its stream — a promise: there the
   * runner passes for it without building an observation or calling act, and counts the decision as taken
   * (the results are those of calling act). `unseen`: the window right after the deal (point −1, its cards
   * unseen); `trickOpen`: a window before a card of a trick already led (points 0–4) when no ask is legal
   * for the seat; `laterLead`, `spielTricks`, `afterSpiel`: see WindowPasses. Checked runs (PlayDealOptions.checked, hooks) call act anyway
   * and fault a broken promise.
   */
  readonly passes?: WindowPasses;
  /**
   * 'view': a promise about how act uses its observation — it reads it only by property access
   * (`obs.legal`, `obs.tricks[0]`, destructuring named fields) during the call; it never keeps the
   * observation object past the call, never writes into it or into a list it holds, never spreads, copies,
   * serializes (JSON, structuredClone) or enumerates it (Object.keys, for…in). (Keeping a field's value is
   * fine: they are the Observation's own, frozen snapshots or lists nobody changes.) Then the runner may hand
   * it an ObservationView (engine/view.ts) instead of building the whole Observation: the same fields with
   * the same values, each computed on its first read — fast where a decision reads a few of ~45. Its fields
   * are read-only (assigning throws in strict mode); a read after act returned throws ObservationViewClosed. Checked runs (PlayDealOptions.checked),
   * onDecision and a seat with onTurn (--human) get the full Observation anyway (the twin). Default
   * 'record': a plain Observation the policy may keep and use as it likes.
   */
  readonly observation?: 'view' | 'record';
}

/** Policy.passes: the bid windows a policy always passes in, and the talk windows it always stays quiet in. */
export interface WindowPasses {
  readonly unseen?: boolean;
  readonly trickOpen?: boolean;
  /**
   * A window at the lead of trick 2–5 (points 1–4, before the trick's first card) where neither an ask nor a
   * bid of the Spiel is open to it: there it passes (it bids Gleich and Hanger only before the first card or
   * after the Spiel, and raises only when answering).
   */
  readonly laterLead?: boolean;
  /**
   * A window at the lead of trick 2–5 (points 1–4, before the trick's first card) where no ask but a bid of
   * the Spiel is open to it: there it passes while its party has won fewer than this many tricks (it bids
   * the Spiel only with that many tricks, and raises only when answering). A promise about public facts
   * only: one that bids the Spiel on a partner's word ("Biet das Spiel!") must not declare it.
   */
  readonly spielTricks?: number;
  /**
   * A window after the Spiel (point 5) where no ask is open to it: there it passes while no opponent of its
   * party has shown a figure (it bids Gleich and Hanger after the Spiel only to beat what they showed).
   */
  readonly afterSpiel?: boolean;
  /**
   * Phrases this policy never says of its own accord (RULES §13; answers to a question are not covered): in
   * a talk window where every phrase open to it is one of these it says quiet, without drawing from its
   * stream — there the runner says quiet for it, as for the passes above (checked runs call act and fault a
   * broken promise). 'inNatura:Gleich' (inNatura or biet with a figure) declares only the question or the
   * advice about that figure.
   */
  readonly unsaid?: readonly UnsaidPhrase[];
  /**
   * Phrases this policy never says of its own accord at one kind of talk point (firstLead, laterLead, card,
   * answer), besides those in `unsaid` — e.g. a policy that asks "in natura?" about Gleich and Hanger only at
   * the first lead and about the Spiel only later: `{ firstLead: ['inNatura:Spiel'], laterLead:
   * ['inNatura:Gleich', 'inNatura:Hanger'] }`. Taken at its word and checked as `unsaid`.
   */
  readonly unsaidAt?: UnsaidAt;
}

export type OptionSpec =
  | { readonly type: 'number' | 'integer'; readonly min: number; readonly max: number; readonly default: number; readonly description: string }
  | { readonly type: 'boolean'; readonly default: boolean; readonly description: string }
  | { readonly type: 'enum'; readonly values: readonly string[]; readonly default: string; readonly description: string };

export type OptionValues = Record<string, number | boolean | string>;

export interface PolicyFactory<O = Observation, A = PolicyAction> {
  /** The game it plays: 'perlaggen' (default) or 'bieten'. */
  readonly game?: 'perlaggen' | 'bieten';
  readonly name: string;
  readonly version: string;
  readonly description: string;
  readonly options: Readonly<Record<string, OptionSpec>>;
  create(options: OptionValues): Policy<O, A>;
}

/** Type-checks a factory; create() fills in the declared defaults of options not given. */
export function definePolicy<O = Observation, A = PolicyAction>(f: PolicyFactory<O, A>): PolicyFactory<O, A> {
  const defaults: OptionValues = {};
  for (const [k, o] of Object.entries(f.options)) defaults[k] = o.default;
  return Object.freeze({ ...f, create: (options: OptionValues) => f.create({ ...defaults, ...options }) });
}

// ---- card helpers (RULES §0.3, §1.2) ----

export const WELI_ID = WELI;

/** Suit index 0..3 = H S L E (the Weli: Schell). */
export const suitIndex = (card: number): number => (card === WELI ? 1 : card >>> 3);

/** Rank value A = 8 ... 7 = 1 (the natural Weli 0). */
export const rankValue = (card: number): number => (card === WELI ? 0 : (card & 7) + 1);

export const SUIT_LETTERS = ['H', 'S', 'L', 'E'] as const;

/** Suit index of a letter H S L E (−1 for anything else): SUIT_LETTERS.indexOf, without the builtin call. */
export const suitOfLetter = (s: string): number => (s === 'H' ? 0 : s === 'S' ? 1 : s === 'L' ? 2 : s === 'E' ? 3 : -1);

export const cardName = (card: number): string => cardShort(card);

/** The card id of suit index and rank value. */
export const cardOf = (suit: number, rank: number): number => suit * 8 + rank - 1;

const trickCtxCache = new Map<string, TrickContext>();

/** Contexts by the observation's (frozen, shared) Perlaggen list: no key to build on the hot path. */
const trickCtxByList = new WeakMap<readonly number[], { ruleset: string; trump: string | null; ctx: TrickContext }>();

/** The trick-resolution context of the observed deal (RULES §2.3). */
function trickCtx(obs: Observation): TrickContext {
  const list = obs.perlaggen;
  // the last context found for a frozen list first (the hot helpers ask several times per decision)
  const last = lastTrickCtx;
  if (last !== null && last.list === list && last.ruleset === obs.ruleset && last.trump === obs.trump) return last.ctx;
  const frozen = Object.isFrozen(list);
  if (frozen) {
    const e = trickCtxByList.get(list);
    if (e !== undefined && e.ruleset === obs.ruleset && e.trump === obs.trump) {
      lastTrickCtx = { list, ruleset: e.ruleset, trump: e.trump, ctx: e.ctx };
      return e.ctx;
    }
  }
  const ctx = trickCtxByKey(obs);
  if (frozen) {
    trickCtxByList.set(list, { ruleset: obs.ruleset, trump: obs.trump, ctx });
    lastTrickCtx = { list, ruleset: obs.ruleset, trump: obs.trump, ctx };
  }
  return ctx;
}

let lastTrickCtx: { list: readonly number[]; ruleset: string; trump: string | null; ctx: TrickContext } | null = null;

function trickCtxByKey(obs: Observation): TrickContext {
  const key = `${obs.ruleset}|${obs.trump}|${obs.perlaggen.join(',')}`;
  let c = trickCtxCache.get(key);
  if (c === undefined) {
    const r = rulesetOf(obs);
    const level = new Int8Array(33);
    obs.perlaggen.forEach((card, i) => (level[card] = obs.perlaggen.length - i));
    c = Object.freeze({
      trump: suitOfLetter(obs.trump ?? 'H'),
      level,
      keepsPower: r.unchristenedPerlagg === 'natIdentityKeepsPower',
      m2: r.trumpOrderModel === 'M2',
      selfUnchristened: !r.christenAsSelfIsChristening,
    });
    trickCtxCache.set(key, c);
  }
  return c;
}

/** Index of the card that takes (so far) a trick given as plays. */
export function winningIndex(obs: Observation, plays: ReadonlyArray<{ card: number; as: number | null }>): number {
  const n = plays.length;
  const cards = n <= 8 ? scratchCards : new Array<number>(n);
  const ids = n <= 8 ? scratchIds : new Array<number | null>(n);
  for (let i = 0; i < n; i++) {
    const p = plays[i]!;
    cards[i] = p.card;
    ids[i] = p.as;
  }
  return trickWinnerIndex(trickCtx(obs), cards, ids, n);
}

/**
 * Would (card, as), laid now, take the open trick `trick` (winningIndex of the trick with it added is its
 * index)? Without building the longer list.
 */
export function winsTrick(obs: Observation, trick: ReadonlyArray<{ card: number; as: number | null }>, card: number, as: number | null): boolean {
  const n = trick.length;
  const cards = n < 8 ? scratchCards : new Array<number>(n + 1);
  const ids = n < 8 ? scratchIds : new Array<number | null>(n + 1);
  for (let i = 0; i < n; i++) {
    const p = trick[i]!;
    cards[i] = p.card;
    ids[i] = p.as;
  }
  cards[n] = card;
  ids[n] = as;
  return trickWinnerIndex(trickCtx(obs), cards, ids, n + 1) === n;
}

// reused by winningIndex and winsTrick (trickWinnerIndex reads the first n entries and keeps nothing)
const scratchCards: number[] = [0, 0, 0, 0, 0, 0, 0, 0];

const scratchIds: Array<number | null> = [null, null, null, null, null, null, null, null];

/** Effective suit of a played card (its christening's suit, else its own). */
export function playedSuit(obs: Observation, card: number, as: number | null): number {
  return effectiveSuit(trickCtx(obs), card, as);
}

/** Power of a played card inside its effective suit (higher wins; see RULES §2.3). */
export function playedPower(obs: Observation, card: number, as: number | null): number {
  return cardPower(trickCtx(obs), card, as);
}

/** The open trick's plays (empty when leading). */
export function currentTrick(obs: Observation): ObservedPlay[] {
  // the lazy view reads it off the state without building the tricks list (engine/view.ts); its twin is the
  // read of the tricks below, the one a plain Observation takes
  if (obs instanceof ObservationView) return ObservationView.currentTrick(obs);
  return currentTrickOf(obs);
}

/** currentTrick from the Observation's tricks list (the slow twin of the view's read). */
export function currentTrickOf(obs: Observation): ObservedPlay[] {
  const t = obs.tricks[obs.tricks.length - 1];
  return t !== undefined && t.winner < 0 ? t.plays : [];
}

// ---- bidding helpers (RULES §8, §11.2) ----

/** The party's virtual score: Partie score plus this deal's immediate writes. */
export function virtualScore(obs: Observation, party: number): number {
  return (obs.score[party] ?? 0) + (obs.written[party] ?? 0);
}

/**
 * How many decline points the party may still open without a penalty or a void bid (RULES §11.2, A-13):
 * target − 1 − virtual score − its open offers' decline values. ≤ 0 = gestrichen or at the limit.
 */
export function headroom(obs: Observation, party: number): number {
  let open = 0;
  const bidding = obs.bidding;
  for (let i = 0; i < bidding.length; i++) {
    const b = bidding[i]!;
    if (b.status === 'offer' && b.offerParty === party) open += b.level - 1;
  }
  return obs.target - 1 - virtualScore(obs, party) - open;
}

/** Is the party gestrichen (at target − 1 or more: no bids, no raises)? */
export function gestrichen(obs: Observation, party: number): boolean {
  return virtualScore(obs, party) >= obs.target - 1;
}

/** The figure under discussion in an answer (the head of the queue): the open offer not made by the answering party. */
export function offerToAnswer(obs: Observation): ObservedBid | null {
  const me = obs.party[obs.acting] ?? -1;
  const bidding = obs.bidding;
  for (let i = 0; i < bidding.length; i++) {
    const b = bidding[i]!;
    if (b.status === 'offer' && b.offerParty !== me) return b;
  }
  return null;
}

// ---- partners, signs and table talk (RULES §13) ----

/** The partners of `seat` that another player controls (the Strohmann and his holder are one player). */
export function partnersOf(obs: Observation, seat: number): number[] {
  const d = obs.dummySeat;
  const holder = d >= 0 ? (d + 2) % obs.seats : -1; // the Strohmann is played by the seat opposite
  const out: number[] = [];
  for (let i = 1; i < obs.seats; i++) {
    const p = (seat + i) % obs.seats;
    if (obs.party[p] !== obs.party[seat]) continue;
    if ((p === d && seat === holder) || (seat === d && p === holder)) continue;
    out.push(p);
  }
  return out;
}

/** The signs partner `seat` gave this player at the first lead, or null (none given, or not yet). */
export function signsFrom(obs: Observation, seat: number): ObservedSigns | null {
  const signs = obs.signs;
  for (let i = 0; i < signs.length; i++) if (signs[i]!.seat === seat) return signs[i]!;
  return null;
}

/**
 * The signs a hand gives (its plain trumps, Perlaggen and best Perlagg) in the observed deal: for bots that
 * imagine worlds — a world is consistent with obs.signs only if each partner's hand at the first lead (his
 * cards now plus those he played) gives his signs.
 */
export function signsOf(obs: Observation, cards: readonly number[]): { trumps: number; perlaggen: number; best: number } {
  const trump = suitOfLetter(obs.trump ?? 'H');
  let trumps = 0;
  let perlaggen = 0;
  let best = -1;
  let bestLevel = 0;
  for (const c of cards) {
    const l = perlaggLevel(obs, c);
    if (l > 0) {
      perlaggen++;
      if (l > bestLevel) {
        bestLevel = l;
        best = c;
      }
    } else if (c !== WELI && suitIndex(c) === trump) trumps++;
  }
  return { trumps, perlaggen, best };
}

/** Is the phrase a question (the partner addressed answers at once)? */
export const isQuestion = (p: TalkPhrase): boolean => QUESTIONS.has(p);

/** What was said in trick `trick` (default: the current one), in order. */
export function talkInTrick(obs: Observation, trick = obs.tricks.length - 1): ObservedTalk[] {
  const out: ObservedTalk[] = [];
  const talk = obs.talk;
  for (let i = 0; i < talk.length; i++) if (talk[i]!.trick === trick) out.push(talk[i]!);
  return out;
}

/** The answer given to a question (the entry after it, when it is a reply), or null. */
export function answerTo(obs: Observation, question: ObservedTalk): ObservedTalk | null {
  // indexOf by an index loop (the talk list is frozen: V8's builtin takes its slow path there)
  const talk = obs.talk;
  let i = -1;
  for (let j = 0; j < talk.length; j++) {
    if (talk[j] === question) {
      i = j;
      break;
    }
  }
  const a = i >= 0 ? talk[i + 1] : undefined;
  return a !== undefined && a.reply && a.seat === question.to ? a : null;
}

/** The legal say action with these words, if it is legal now. */
export function sayAction(obs: Observation, phrase: TalkPhrase, to: number, suit = -1, figure: FigureName | null = null): PolicyAction | undefined {
  for (const a of obs.legal) if (a.kind === 'say' && a.phrase === phrase && a.to === to && a.suit === suit && a.figure === figure) return a;
  return undefined;
}

// ---- table facts, figures and the Spielfarbe for strategy policies (strategies/author1853.ts) ----

/** What a policy may read of the ruleset behind obs.ruleset, as plain frozen data (cached per ruleset name). */
export interface RulesFacts {
  readonly target: number;
  /** The 1853 Double (RULES §11.5): the loser must have at least `doubleThreshold` points to lose single; 0 = no Double. */
  readonly doubleThreshold: number;
  /** Every card of the deck (0..31, and 32 = the Weli where the deck has one). */
  readonly deck: readonly number[];
  /** Tricks that make the Spiel (RULES §7.1). */
  readonly spielTricks: number;
  /** A seat must follow the led suit (RULES §6.2): a plain card of a third suit shows a void. */
  readonly mustFollowSuit: boolean;
  /** A Gleich may hold identical identities. */
  readonly gleichIdenticalIdentities: boolean;
  /** The order unbid figures are decided in (RULES §11.3). */
  readonly defaultFigureOrder: readonly FigureName[];
}

const factsCache = new Map<string, RulesFacts>();

/** The facts of the observed ruleset (RULES §11.1, §11.5, A-26). */
export function rulesFacts(obs: Observation): RulesFacts {
  let f = factsCache.get(obs.ruleset);
  if (f === undefined) {
    const r = rulesetOf(obs);
    const double = r.double && obs.biddingTable;
    f = Object.freeze({
      target: r.target,
      // the same reading of A-26 as the Partie loop (play/partie.ts doubleThreshold; a test keeps them equal)
      doubleThreshold: !double ? 0 : r.doubleThreshold === 'moreThanHalf' ? Math.floor(r.target / 2) + 1 : Math.ceil(r.target / 2),
      deck: Object.freeze(deckOf(r)),
      spielTricks: SPIEL_TRICKS,
      mustFollowSuit: r.follow.mustFollowSuit,
      gleichIdenticalIdentities: r.gleichIdenticalIdentities,
      defaultFigureOrder: Object.freeze(r.defaultFigureOrder.slice()),
    });
    factsCache.set(obs.ruleset, f);
  }
  return f;
}

const SPIEL_TRICKS = 3;

 // RULES §7.1: "wer drei Stiche macht"; engine/state.ts seats every table with 3

/** Points the party still needs to reach the target (target − virtual score). */
export function pointsNeeded(obs: Observation, party: number): number {
  return obs.target - virtualScore(obs, party);
}

/** A plain (non-Perlagg) card of the trump suit. */
export function isPlainTrump(obs: Observation, card: number): boolean {
  return card !== WELI && perlaggLevel(obs, card) === 0 && suitIndex(card) === suitOfLetter(obs.trump ?? 'H');
}

/** Counts of the trumps a set of cards holds: plain trumps and Perlaggen (which are trumps as christened, RULES §2.2). */
export function trumpCount(obs: Observation, cards: readonly number[]): { plain: number; perlaggen: number } {
  let plain = 0;
  let perlaggen = 0;
  for (const c of cards) {
    if (perlaggLevel(obs, c) > 0) perlaggen++;
    else if (isPlainTrump(obs, c)) plain++;
  }
  return { plain, perlaggen };
}

/**
 * May `seat` bid, hold or raise the Spiel now without breaking the Spielfarbe rule (RULES §8.5, A-16, A-38)?
 * The engine's rule (engine/obligations.ts hasSpielfarbe) read from the observation; a test keeps the two equal.
 */
export function hasSpielfarbe(obs: Observation, seat: number): boolean {
  const r = rulesetOf(obs);
  if (r.spielfarbeRule === 'none') return true;
  const trick = currentTrick(obs);
  if (trick.length === 0) return true;
  if (r.spielfarbeRule === 'lastTrickWithPerlagg' && obs.tricks.length < obs.handSize) return true;
  const trump = suitOfLetter(obs.trump ?? 'H');
  let suit = playedSuit(obs, trick[0]!.card, trick[0]!.as);
  if (r.spielfarbeRule === 'anyPendingTrick') {
    for (const p of trick) if (playedSuit(obs, p.card, p.as) === trump) suit = trump;
  }
  const hand = handOf(obs, seat);
  for (const c of hand) {
    if (perlaggLevel(obs, c) > 0) {
      if (r.spielfarbePerlaggInHandCounts) return true;
      continue;
    }
    if (c === WELI) continue;
    const s = suitIndex(c);
    if (s === suit || s === trump) return true;
  }
  return false;
}
