// The lazy observation (GUIDE guideline 3's read-only view; its twin is observeWith, observe.ts): an object
// with exactly the Observation's fields and values, each computed from the state on its first read — for a
// policy that declared it only reads its observation by property access during act (Policy.observation
// 'view', policy/api.ts). A policy reads a few fields at most decisions (simple at a bid window: legal,
// acting, party, point, …); the eager Observation builds all ~45 of them.
//
// - Same values: every getter is the code observeWith runs for that field (observe.ts's field functions,
//   the same per-hand caches of frozen snapshots), so each field equals observeWith's of the same state
//   (test/engine/observation-view.test.ts compares them field by field at every decision).
// - Read-only: every field is an accessor without a setter on the class (the instance has no property of
//   its own): assigning one throws a TypeError in strict mode and changes nothing in sloppy mode; its lists
//   are the Observation's (the hand's frozen snapshots, fresh lists, a copy of the runner's legal list, which nothing
//   reads back from the view). The instance is not frozen: Object.freeze cost 1.2% of a no-talk hand (one
//   per decision), and a property of another name added to it changes no field and nothing the runner reads.
// - Live only during act: the state moves on once act returns, so a read after that (a kept view) would see
//   a later state. The runner closes the view when act returns (closeView); every read after that throws a
//   ObservationViewClosed error — a view is never a snapshot.
// Values that are built per read (legal, showChoices, seenHands, points, ask, revokes) are kept for the
// decision, so two reads give the same object, as with a plain record; so are the snapshots a policy reads
// several times at one decision (hand, tricks, tricksWon, shown, score, written, bidding).
import type { PolicyAction } from './actions.ts';
import type { HandEvent } from './history.ts';
import { exchangeTarget } from './deal.ts';
import { legalActions } from './game.ts';
import type { HandState } from './state.ts';
import { EMPTY, actingOf, askOf, biddingOf, cacheOf, cutKeptOf, exchangesOf, handOf, historyOf, perlaggenOfState, pointsOf, questionOf, revokesOf, scoreOf, sees, seenHandsOf, showsOf, shownOf, signsOf, skippedOf, stockShownOf, talkOf, tricksOf, openPlaysOf, tricksWonOf, writtenOf, type ObsCache } from './observe.ts';
import { type Observation, type ObservedBid, type ObservedShow, type ObservedSigns, type ObservedTalk, type ObservedPlay, type ObservedTrick, type ShowChoice } from './observation.ts';
import type { TalkPoint } from './talk-words.ts';

/** A read of an observation view after the policy's act returned (Policy.observation 'view'). */
export class ObservationViewClosed extends Error {
  override name = 'ObservationViewClosed';
}

function closed(field: string): never {
  throw new ObservationViewClosed(
    `observation view: '${field}' read after act returned — a policy that declares observation: 'view' reads its observation only during act and never keeps it (Policy.observation)`,
  );
}

const UNSET = undefined;

/** The Observation of one player at one decision, computed field by field on first read. */
export class ObservationView implements Observation {
  readonly #s: HandState;
  readonly #c: ObsCache;
  readonly #player: number;
  readonly #own: number;
  readonly #acting: number;
  readonly #score: readonly number[];
  #live = true;
  #legal: PolicyAction[] | null;
  #showChoices: ShowChoice[] | undefined = UNSET;
  #seenHands: Array<{ seat: number; cards: number[] }> | undefined = UNSET;
  #points: number[] | undefined = UNSET;
  #ask: Observation['ask'] | undefined = UNSET;
  #revokes: PolicyAction[] | undefined = UNSET;
  // fields a policy reads several times at one decision (simple: shown at a bid window and a showing, score
  // and written by gestrichen and headroom, bidding by offerToAnswer and headroom, tricks and hand by its
  // figure memos): worked out on the first read and kept for the decision — the state does not move during
  // act, so the second read would give the same frozen snapshot
  #hand: readonly number[] | undefined = UNSET;
  #tricks: readonly ObservedTrick[] | undefined = UNSET;
  #tricksWon: readonly number[] | undefined = UNSET;
  #shown: readonly ObservedShow[] | undefined = UNSET;
  #scoreList: readonly number[] | undefined = UNSET;
  #written: readonly number[] | undefined = UNSET;
  #bidding: readonly ObservedBid[] | undefined = UNSET;

  /** As observeWith(s, player, score, legal): `legal` a list of legalActions(s) the view may hand out (null: computed on read). */
  constructor(s: HandState, player: number, score: readonly number[], legal: PolicyAction[] | null) {
    this.#s = s;
    const c = cacheOf(s);
    this.#c = c;
    this.#player = player;
    this.#own = c.seatOf[player]!;
    this.#acting = actingOf(s, player);
    this.#score = score;
    this.#legal = legal;
  }

  /** Every read after this throws ObservationViewClosed (the runner calls it when act returned). */
  static close(v: ObservationView): void {
    v.#live = false;
  }

  /** For the runner's answer matching, after close: the legal list and show choices handed out (undefined: never read). */
  static handedOut(v: ObservationView): { legal: readonly PolicyAction[]; showChoices: readonly ShowChoice[] } | undefined {
    return v.#showChoices === UNSET ? undefined : { legal: v.#legal!, showChoices: v.#showChoices };
  }

  /**
   * currentTrick(v) (policy/api.ts) read off the state: the open trick's plays as v.tricks would show them
   * (the same frozen list, or a fresh empty one when no trick is open), without building the tricks list —
   * at a play, the list is new after every card and the helpers ask only for the open trick.
   */
  static currentTrick(v: ObservationView): ObservedPlay[] {
    if (!v.#live) closed('tricks');
    return openPlaysOf(v.#s, v.#c);
  }

  /** The unseen window (point -1): the bidder has not looked at his cards. */
  #blind(): boolean {
    return this.#acting >= 0 && this.#s.phase === 'window' && this.#s.bid.point < 0;
  }
  #shows(): void {
    if (this.#acting >= 0 && this.#s.phase === 'show') {
      const x = showsOf(this.#s, this.#acting);
      this.#legal = x.legal;
      this.#showChoices = x.showChoices;
    } else {
      if (this.#legal === null) this.#legal = this.#acting >= 0 ? legalActions(this.#s) : [];
      else if (this.#acting < 0) this.#legal = [];
      this.#showChoices = [];
    }
  }

  get ruleset(): string {
    if (!this.#live) closed('ruleset');
    return this.#c.ruleset;
  }
  get players(): number {
    if (!this.#live) closed('players');
    return this.#s.table.players;
  }
  get seats(): number {
    if (!this.#live) closed('seats');
    return this.#s.table.seats;
  }
  get player(): number {
    if (!this.#live) closed('player');
    return this.#player;
  }
  get seat(): number {
    if (!this.#live) closed('seat');
    return this.#own;
  }
  get acting(): number {
    if (!this.#live) closed('acting');
    return this.#acting;
  }
  get party(): number[] {
    if (!this.#live) closed('party');
    return this.#s.table.party as number[]; // frozen with the table
  }
  get dealer(): number {
    if (!this.#live) closed('dealer');
    return this.#s.dealer;
  }
  get vorhand(): number {
    if (!this.#live) closed('vorhand');
    return this.#s.vorhand;
  }
  get cutter(): number {
    if (!this.#live) closed('cutter');
    return this.#s.cutter;
  }
  get handSize(): number {
    if (!this.#live) closed('handSize');
    return this.#s.table.handSize;
  }
  get dummySeat(): number {
    if (!this.#live) closed('dummySeat');
    return this.#s.table.dummySeat;
  }
  get phase(): string {
    if (!this.#live) closed('phase');
    return this.#s.phase;
  }
  get hand(): number[] {
    if (!this.#live) closed('hand');
    return (this.#hand ??= this.#blind() ? EMPTY : handOf(this.#s, this.#c, this.#own)) as number[];
  }
  get seenHands(): Array<{ seat: number; cards: number[] }> {
    if (!this.#live) closed('seenHands');
    return (this.#seenHands ??= seenHandsOf(this.#s, this.#c, this.#player, this.#own, this.#blind()));
  }
  get trump(): string | null {
    if (!this.#live) closed('trump');
    return this.#s.trump;
  }
  get perlaggen(): number[] {
    if (!this.#live) closed('perlaggen');
    return perlaggenOfState(this.#s, this.#c) as number[];
  }
  get turned(): number {
    if (!this.#live) closed('turned');
    return this.#s.turned;
  }
  get faceUp(): number {
    if (!this.#live) closed('faceUp');
    return this.#s.faceUp;
  }
  get skipped(): number[] {
    if (!this.#live) closed('skipped');
    return skippedOf(this.#s, this.#c) as number[];
  }
  get exchangeTarget(): number {
    if (!this.#live) closed('exchangeTarget');
    return this.#s.phase === 'exchange' ? exchangeTarget(this.#s) : -1;
  }
  get stockShown(): number[] {
    if (!this.#live) closed('stockShown');
    return stockShownOf(this.#s, this.#c) as number[];
  }
  get cutKept(): number[] {
    if (!this.#live) closed('cutKept');
    return cutKeptOf(this.#s, this.#c) as number[];
  }
  get cutSeen(): number {
    if (!this.#live) closed('cutSeen');
    return sees(this.#c, this.#player, this.#s.cutter) ? this.#s.cutSeen : -1;
  }
  get exchanges(): Array<{ seat: number; gave: number; took: number }> {
    if (!this.#live) closed('exchanges');
    return exchangesOf(this.#s, this.#c) as Array<{ seat: number; gave: number; took: number }>;
  }
  get tricks(): ObservedTrick[] {
    if (!this.#live) closed('tricks');
    return (this.#tricks ??= tricksOf(this.#s, this.#c)) as ObservedTrick[];
  }
  get tricksWon(): number[] {
    if (!this.#live) closed('tricksWon');
    return (this.#tricksWon ??= tricksWonOf(this.#s, this.#c)) as number[];
  }
  get spielParty(): number {
    if (!this.#live) closed('spielParty');
    return this.#s.spielParty;
  }
  get conceded(): number {
    if (!this.#live) closed('conceded');
    return this.#s.conceded;
  }
  get shown(): ObservedShow[] {
    if (!this.#live) closed('shown');
    return (this.#shown ??= shownOf(this.#s, this.#c)) as ObservedShow[];
  }
  get points(): number[] {
    if (!this.#live) closed('points');
    return (this.#points ??= pointsOf(this.#s));
  }
  get score(): number[] {
    if (!this.#live) closed('score');
    return (this.#scoreList ??= scoreOf(this.#s, this.#c, this.#score)) as number[];
  }
  get target(): number {
    if (!this.#live) closed('target');
    return this.#s.ruleset.target;
  }
  get history(): HandEvent[] {
    if (!this.#live) closed('history');
    return historyOf(this.#s, this.#c, this.#player, this.#blind()) as HandEvent[];
  }
  get legal(): PolicyAction[] {
    if (!this.#live) closed('legal');
    if (this.#showChoices === UNSET) this.#shows();
    return this.#legal!;
  }
  get revokes(): PolicyAction[] {
    if (!this.#live) closed('revokes');
    return (this.#revokes ??= revokesOf(this.#s, this.#acting >= 0));
  }
  get showChoices(): ShowChoice[] {
    if (!this.#live) closed('showChoices');
    if (this.#showChoices === UNSET) this.#shows();
    return this.#showChoices!;
  }
  get bidding(): ObservedBid[] {
    if (!this.#live) closed('bidding');
    return (this.#bidding ??= biddingOf(this.#s, this.#c)) as ObservedBid[];
  }
  get point(): number {
    if (!this.#live) closed('point');
    return this.#s.phase === 'window' ? this.#s.bid.point : -2;
  }
  get written(): number[] {
    if (!this.#live) closed('written');
    return (this.#written ??= writtenOf(this.#s, this.#c)) as number[];
  }
  get ask(): Observation['ask'] {
    if (!this.#live) closed('ask');
    if (this.#ask === UNSET) this.#ask = askOf(this.#s);
    return this.#ask;
  }
  get biddingTable(): boolean {
    if (!this.#live) closed('biddingTable');
    return this.#s.table.parties === 2 || this.#s.bid.active;
  }
  get partnerInfo(): Observation['partnerInfo'] {
    if (!this.#live) closed('partnerInfo');
    return this.#s.ruleset.partnerInfo;
  }
  get signs(): ObservedSigns[] {
    if (!this.#live) closed('signs');
    return (this.#blind() ? EMPTY : signsOf(this.#s, this.#c, this.#player, this.#own)) as ObservedSigns[];
  }
  get talk(): ObservedTalk[] {
    if (!this.#live) closed('talk');
    return talkOf(this.#s, this.#c) as ObservedTalk[];
  }
  get talkPoint(): TalkPoint | null {
    if (!this.#live) closed('talkPoint');
    return this.#s.phase === 'talk' ? this.#s.talk!.point : null;
  }
  get question(): ObservedTalk | null {
    if (!this.#live) closed('question');
    return questionOf(this.#s, this.#c, this.#acting >= 0);
  }
}

/** The Observation's field names, in observeWith's order (for tests and for materializing a view). */
export const OBSERVATION_FIELDS = [
  'ruleset', 'players', 'seats', 'player', 'seat', 'acting', 'party', 'dealer', 'vorhand', 'cutter', 'handSize', 'dummySeat', 'phase',
  'hand', 'seenHands', 'trump', 'perlaggen', 'turned', 'faceUp', 'skipped', 'exchangeTarget', 'stockShown', 'cutKept', 'cutSeen',
  'exchanges', 'tricks', 'tricksWon', 'spielParty', 'conceded', 'shown', 'points', 'score', 'target', 'history', 'legal', 'revokes',
  'showChoices', 'bidding', 'point', 'written', 'ask', 'biddingTable', 'partnerInfo', 'signs', 'talk', 'talkPoint', 'question',
] as const satisfies ReadonlyArray<keyof Observation>;
// every field of the Observation is in the list (a field added there and not here is a type error)
const EVERY_FIELD: [Exclude<keyof Observation, (typeof OBSERVATION_FIELDS)[number]>] extends [never] ? true : false = true;
void EVERY_FIELD;

/** A plain Observation record with every field of the view read (a copy to keep, compare or print). */
export function materialize(v: Observation): Observation {
  const out: Record<string, unknown> = {};
  for (const k of OBSERVATION_FIELDS) out[k] = v[k];
  return out as unknown as Observation;
}

/** The lazy view of `player`'s observation now (see the file's head); close it with closeView when act returned. */
export function viewOf(s: HandState, player: number, score: readonly number[], legal: PolicyAction[] | null): ObservationView {
  return new ObservationView(s, player, score, legal);
}

export function closeView(v: ObservationView): void {
  ObservationView.close(v);
}
