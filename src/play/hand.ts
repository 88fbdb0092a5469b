// Play one deal: a pure function of (ruleset, players, policies, root seed, deal index, dealer[, Partie
// score]). Chance (the shuffle and the cut) draws from the deal's keyed stream (root, deal); each player's
// policy gets its own keyed stream (root, deal, seat) — GUIDE guideline 8. This is what the Monte Carlo
// runner calls; `playPartie` (partie.ts) calls the same loop with Partie-keyed streams.
//
// Besides the final state it returns a DealSummary: plain numbers and small arrays for the runner's Arrow
// columns, cheap to build (one pass over three figure records; no event walk).
import type { Policy } from '../policy/api.ts';
import { PASS, actionText, sameAction, type Action, type PolicyAction } from '../engine/actions.ts';
import { windowKind } from '../engine/bid-windows.ts';
import { WINDOW_LATER_LEAD, WINDOW_PASS_NAMES, WINDOW_TRICK_OPEN, WINDOW_UNSEEN, passPromised } from '../engine/window-passes.ts';
import { CHANCE, TERMINAL, applyAction, applyShuffleFrom, probeTable, chanceOutcomes, currentPlayer, legalActions, newHand, returns, showChoicesNow, type HandOptions } from '../engine/game.ts';
import { explainIllegal, revokeActions } from '../engine/checked.ts';
import { sameNumbers } from '../engine/showing.ts';
import { observeWith } from '../engine/observe.ts';
import { type Observation, type ShowChoice } from '../engine/observation.ts';
import { ObservationView } from '../engine/view.ts';
import { QUIET, quietDeclared } from '../engine/talk.ts';
import { type HandState, cloneState, seatingOf } from '../engine/state.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { STREAM, keyedRng, keyedRngLater, Rng, saltedRng } from '../core/rng.ts';
import { HB, hb } from './heartbeat.ts';
import { RuntimeFault } from '../core/errors.ts';
import { ExitCalled } from '../core/exit-guard.ts';
import { errorExcerpt, isThenable } from '../core/text.ts';
import { type DealSummary, summarize } from '../engine/summary.ts';
import { aheadIfQuiet, type AheadStep } from './ahead.ts';

/** A policy fault: an illegal action or an exception, named so the deal can be replayed. */
export class PolicyFault extends RuntimeFault {
  override name = 'PolicyFault';
}

/** A policy (or the --where predicate) that did not return within the decision time limit. */
export class DecisionTimeout extends PolicyFault {
  override name = 'DecisionTimeout';
}

export interface SeatPolicy {
  /** Name for error messages (policy spec). */
  readonly name: string;
  readonly policy: Policy;
  /** Index of the name in the job's policy names (for the heartbeat), when run by a job. */
  readonly id?: number;
  /**
   * Draw this player's choices from a stream of its own: the stream the deal hands it, re-keyed with this
   * salt (--independent-streams: the second seating of a duplicate deal). Absent: the deal's stream as is.
   */
  readonly streamSalt?: number;
  /**
   * Called before each decision of this seat with the engine's explainIllegal for the decision now: a person
   * at the keyboard (src/cli/human.ts) is told in the rules' words why what he typed is not allowed. It
   * answers only "why is this illegal?"; everything else the seat learns comes from its observation. `ahead`
   * (sim/ahead.ts, computed only when called) lists the seat's next decisions if every seat stays quiet and
   * passes — so that a talk turn, a bid window and the card after them can be one question.
   */
  readonly onTurn?: (explain: (a: PolicyAction) => string | null, ahead: () => readonly AheadStep[]) => void;
}

/**
 * How the cards of a hand are dealt when a run fixes cards, a trump or a predicate (src/play/constrained.ts):
 * attached to the policies array (withDealHook), so that it reaches every hand runHand plays, a Partie's
 * included (playPartie passes the array through unchanged), without a second Partie loop.
 */
export interface DealHook {
  /**
   * At the hand's first chance node: deal the cards into `s` (by applying chance actions) from the deal's
   * chance stream and return true; return false to let the engine's shuffle and cut deal them.
   */
  deal(s: HandState, chance: Rng): boolean;
  /** After the turn-up of an engine-dealt hand: keep it? false: the hand is dealt again (the chance stream goes on). */
  accept(s: HandState): boolean;
}

const DEAL_HOOK = Symbol('perlagg.dealHook');
type Hooked = readonly SeatPolicy[] & { readonly [DEAL_HOOK]?: DealHook };

/** A copy of `policies` that deals its hands through `hook`. */
export function withDealHook(policies: readonly SeatPolicy[], hook: DealHook): SeatPolicy[] {
  return Object.assign(policies.slice(), { [DEAL_HOOK]: hook });
}

/** The deal hook a policies array carries, if any. */
export function dealHookOf(policies: readonly SeatPolicy[]): DealHook | undefined {
  return (policies as Hooked)[DEAL_HOOK];
}

export interface PlayDealOptions {
  readonly ruleset: RulesVariant;
  readonly players: number;
  /** One per player. */
  readonly policies: readonly SeatPolicy[];
  readonly rootSeed: number;
  readonly dealIndex: number;
  readonly dealer: number;
  readonly dummySeat?: number;
  /** Partie score per party before the deal (gestrichen, limits, asks, the end of the Partie; default 0s). */
  readonly score?: readonly number[];
  /** Hook for tests: called at every decision with the state before the action. */
  readonly onDecision?: (s: HandState, player: number, obs: Observation, action: PolicyAction) => void;
  /** Kept for callers; every policy answer is matched against the legal actions either way. */
  readonly checked?: boolean;
  /** The revoke switch (HandOptions.revokes; default false): policies may play against the follow rules. */
  readonly revokes?: boolean;
  /** Upper bound on steps (default 1000). */
  readonly maxSteps?: number;
}

export interface DealResult {
  readonly state: HandState;
  /** Points per party. */
  readonly points: readonly number[];
  /** Points per player. */
  readonly returns: readonly number[];
  readonly decisions: number;
  readonly summary: DealSummary;
}

/** Seats whose policy declared it never bids (bit mask). */
export function silentSeats(table: HandState['table'], policies: readonly SeatPolicy[]): number {
  let m = 0;
  for (let seat = 0; seat < table.seats; seat++) if (policies[table.controller[seat]!]!.policy.bidding === 'never') m |= 1 << seat;
  return m;
}

/**
 * The window passes the policies declared (Policy.passes), for the engine to take itself, as its two words:
 * Bidding.declared (bit kind * 8 + seat for passes.unseen, .trickOpen, .laterLead) and Bidding.declared2 (bit
 * seat for passes.afterSpiel, 3 bits at 8 + 3 * seat for passes.spielTricks: at most 7, no party wins 7 tricks
 * before the last lead). Not for a seat with onTurn: its act is called and held to the promise.
 */
export function declaredPassSeats(table: HandState['table'], policies: readonly SeatPolicy[]): [declared: number, declared2: number] {
  let m = 0;
  let m2 = 0;
  for (let seat = 0; seat < table.seats; seat++) {
    const sp = policies[table.controller[seat]!]!;
    const d = sp.policy.passes;
    if (d === undefined || sp.onTurn !== undefined) continue;
    if (d.unseen === true) m |= 1 << (WINDOW_UNSEEN * 8 + seat);
    if (d.trickOpen === true) m |= 1 << (WINDOW_TRICK_OPEN * 8 + seat);
    if (d.laterLead === true) m |= 1 << (WINDOW_LATER_LEAD * 8 + seat);
    if (d.afterSpiel === true) m2 |= 1 << seat;
    if (d.spielTricks !== undefined && d.spielTricks > 0) m2 |= Math.min(7, Math.ceil(d.spielTricks)) << (8 + 3 * seat);
  }
  return [m, m2];
}

const NO_DECLARED: readonly [number, number] = [0, 0];

/** Seats whose policy declared it never talks (bit mask; RULES §13). */
export function quietSeats(table: HandState['table'], policies: readonly SeatPolicy[]): number {
  let m = 0;
  for (let seat = 0; seat < table.seats; seat++) if (policies[table.controller[seat]!]!.policy.talk === 'never') m |= 1 << seat;
  return m;
}

export interface RunStreams {
  readonly chance: Rng;
  readonly policy: ReadonlyArray<{ readonly rng: Rng }>;
  /** For error messages: how to replay. */
  readonly where: string;
}

// Chance actions as shared frozen records (they are kept in state.actions; nobody changes them).
const CHANCE_ACTIONS: Action[] = Array.from({ length: 64 }, (_, outcome) => Object.freeze({ kind: 'chance' as const, outcome }));
function chanceAction(outcome: number): Action {
  return CHANCE_ACTIONS[outcome] ?? { kind: 'chance', outcome };
}

/** A list field of an answer copied (a plain array, read once), or [] (module level: no closure per read). */
function listOf(x: unknown): unknown[] {
  return Array.isArray(x) ? Array.from(x as unknown[]) : [];
}

/**
 * The policy's answer read once, field by field, into a plain record (a getter or a proxy cannot show the
 * check one value and the engine another); null when it is not an object with a kind.
 */
export function readAction(a: unknown): Action | null {
  if (a === null || typeof a !== 'object') return null;
  const o = a as Record<string, unknown>;
  const kind = o['kind'];
  switch (kind) {
    case 'keepCut':
      return { kind, keep: o['keep'] } as Action;
    case 'exchange':
      return { kind, card: o['card'] } as Action;
    case 'play':
      return { kind, card: o['card'], as: o['as'] } as Action;
    case 'show':
      return { kind, as: listOf(o['as']) } as Action;
    case 'bid':
      return { kind, figures: listOf(o['figures']), cumulative: o['cumulative'], unseen: o['unseen'] } as Action;
    case 'raise':
      return { kind, figure: o['figure'], to: o['to'] } as Action;
    case 'ask':
      return { kind, count: o['count'], type: o['type'] } as Action;
    case 'say':
      return { kind, phrase: o['phrase'], to: o['to'], suit: o['suit'], figure: o['figure'] } as Action;
    default:
      return typeof kind === 'string' ? ({ kind } as Action) : null;
  }
}

const NO_SCORE: readonly number[] = Object.freeze([]);
const EMPTY_LIST: readonly never[] = Object.freeze([]);

/** T with its readonly fields writable (option records built field by field). */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * The legal record `x` is, if it is one of them (by identity). Found by indexOf (the list is a plain array,
 * built by legalActions: its builtin scan is the fast one; === as here). Outside a showing (where there is no
 * list to match by identity) every record legalActions gives is one of the engine's frozen shared records —
 * nothing a policy could have changed — so no Object.isFrozen per answer: legalActions' twin check
 * (game.ts checkLegalTwins, test/engine/legal-twins) asserts it of every list.
 */
function identical(legal: Action[], x: unknown): Action | undefined {
  const i = legal.indexOf(x as Action);
  return i >= 0 ? legal[i] : undefined;
}

/**
 * The legal show `as` is (what legalActions(s) gives in the showing, matched as sameAction matches), found
 * without rebuilding the show actions: the decision's cached choices, the one the policy picked by identity
 * (an entry of obs.legal or obs.showChoices, as policies answer) looked at first; undefined when none.
 */
function matchShow(s: HandState, offered: readonly unknown[], choices: readonly ShowChoice[], raw: unknown, as: readonly number[]): Action | undefined {
  const opts = showChoicesNow(s);
  let hint = -1;
  for (let i = 0; i < offered.length && hint < 0; i++) if (offered[i] === raw || choices[i]?.action === raw) hint = i;
  if (hint >= 0 && hint < opts.length && sameNumbers(opts[hint]!.as, as)) return { kind: 'show', as: opts[hint]!.as };
  for (let i = 0; i < opts.length; i++) if (sameNumbers(opts[i]!.as, as)) return { kind: 'show', as: opts[i]!.as };
  return undefined;
}

function whereP(sp: SeatPolicy, p: number, s: HandState, streams: RunStreams): string {
  return `policy ${sp.name} (player ${p}, seat P${s.table.seatOfPlayer[p]! + 1}), ${streams.where}`;
}

/** Drive a hand to its end (shared by playDeal and playPartie). Returns the number of policy decisions. */
export function runHand(s: HandState, policies: readonly SeatPolicy[], streams: RunStreams, o: Pick<PlayDealOptions, 'onDecision' | 'checked' | 'maxSteps'>): number {
  // The window passes the policies declared, taken by the engine itself (bid-windows.ts seekWindowSeat) where the
  // runner would take them without calling act (driveHand): not under checks or onDecision.
  const unchecked = o.checked !== true && o.onDecision === undefined;
  const [declared, declared2] = unchecked ? declaredPassSeats(s.table, policies) : NO_DECLARED;
  const before = s.bid.declaredPasses;
  const decisions = driveHand(s, policies, streams, o, declared, declared2);
  // those passes are decisions too
  const taken = s.bid.declaredPasses - before;
  hb[HB.count]! += taken;
  s.bid.declared = 0;
  s.bid.declared2 = 0;
  return decisions + taken;
}

/**
 * Per hand, not per decision (the declarations are readonly, as runHand reads them once per hand too): as bits
 * by player, `trusted`, the players taken at their word (promised passes and quiet) and, in `viewed`, those
 * handed the lazy view — not under checks or onDecision, nor a seat with onTurn.
 */
function trustOf(policies: readonly SeatPolicy[], unchecked: boolean): { trusted: number; viewed: number } {
  let trusted = 0;
  let viewed = 0;
  for (let p = 0; p < policies.length; p++) {
    const sp = policies[p]!;
    if (!unchecked || sp.onTurn !== undefined) continue;
    trusted |= 1 << p;
    if (sp.policy.observation === 'view') viewed |= 1 << p;
  }
  return { trusted, viewed };
}

/** Each player's stream; --independent-streams: players with a salt draw from re-keyed streams. */
function policyStreams(policies: readonly SeatPolicy[], streams: RunStreams): ReadonlyArray<{ readonly rng: Rng }> {
  // (loops, not some/map: a closure per hand costs a __name under tsx)
  let salted = false;
  for (let p = 0; p < policies.length; p++) if (policies[p]!.streamSalt !== undefined) salted = true;
  if (!salted) return streams.policy;
  const re: Array<{ readonly rng: Rng }> = [];
  for (let p = 0; p < streams.policy.length; p++) {
    const c = streams.policy[p]!;
    const salt = policies[p]!.streamSalt;
    re.push(salt === undefined ? c : { rng: saltedRng(c.rng, salt) });
  }
  return re;
}

/** No promise at this decision. */
const NO_PROMISE = 0;
/** The policy declared it always passes in this kind of bid window (Policy.passes). */
const PROMISED_PASS = 1;
/** The policy declared it never says any phrase open to it in this talk window (passes.unsaid, .unsaidAt). */
const PROMISED_QUIET = 2;

function promiseAt(s: HandState, passes: NonNullable<Policy['passes']>): number {
  if (s.phase === 'window') return passPromised(s, windowKind(s), passes) ? PROMISED_PASS : NO_PROMISE;
  if (s.phase === 'talk' && (passes.unsaid !== undefined || passes.unsaidAt !== undefined)) return quietDeclared(s, passes) ? PROMISED_QUIET : NO_PROMISE;
  return NO_PROMISE;
}

/**
 * The legal action an answer that is none of the engine's records by identity stands for (the slow path),
 * or undefined: in the showing the show it matches among the lists the policy was handed, elsewhere the legal
 * action (or, under the revoke switch, the revoking play) that equals it.
 */
function matchAnswer(s: HandState, legal: Action[] | null, answer: Action, raw: unknown, obs: Observation, view: boolean): Action | undefined {
  if (legal === null && answer.kind === 'show') {
    // the lists the policy was handed (a view's: those it read, if any)
    const handed = view ? ObservationView.handedOut(obs as ObservationView) : obs;
    return matchShow(s, handed === undefined ? EMPTY_LIST : handed.legal, handed === undefined ? EMPTY_LIST : handed.showChoices, raw, answer.as);
  }
  for (const x of legal ?? legalActions(s)) if (sameAction(x, answer)) return x;
  // under the revoke switch a play against the follow rules is allowed too (Observation.revokes)
  if (s.revokesAllowed && answer.kind === 'play') {
    for (const x of revokeActions(s)) if (sameAction(x, answer)) return x;
  }
  return undefined;
}

/** The fault of an answer that is no legal action, in the rules' words where the engine can give them. */
function illegalAnswer(sp: SeatPolicy, p: number, s: HandState, streams: RunStreams, answer: Action | null, raw: unknown): PolicyFault {
  if (isThenable(raw)) return new PolicyFault(`${whereP(sp, p, s, streams)}: returned a Promise (an async act?); act must return its action at once`);
  let why: string | null = 'not an action';
  if (answer !== null) {
    try {
      why = explainIllegal(s, answer);
    } catch {
      why = null;
    }
  }
  why ??= 'it is not among the legal actions';
  return new PolicyFault(`${whereP(sp, p, s, streams)}: illegal action ${answer === null ? 'of no kind' : actionText(answer)}: ${why}`);
}

/** The fault of a policy that answered otherwise than it declared (asked because it was not taken at its word). */
function brokenPromise(sp: SeatPolicy, p: number, s: HandState, streams: RunStreams, promise: number, chosen: Action): PolicyFault {
  const what = promise === PROMISED_QUIET ? 'never says what it may say in this talk window (Policy.passes.unsaid)' : `passes in this bid window (Policy.passes.${WINDOW_PASS_NAMES[windowKind(s)]})`;
  return new PolicyFault(`${whereP(sp, p, s, streams)}: declared it ${what} but answered ${actionText(chosen)}`);
}

function driveHand(s: HandState, policies: readonly SeatPolicy[], streams: RunStreams, o: Pick<PlayDealOptions, 'onDecision' | 'checked' | 'maxSteps'>, declared: number, declared2: number): number {
  const maxSteps = o.maxSteps ?? 1000;
  let decisions = 0;
  const { trusted, viewed } = trustOf(policies, o.checked !== true && o.onDecision === undefined);
  const seatOfPlayer = seatingOf(s.table).seatOfPlayer;
  const ctxs = policyStreams(policies, streams);
  // constrained deals (constrained.ts): dealt by the hook, or dealt by the engine and checked after the turn-up
  const hook = dealHookOf(policies);
  const fresh = hook !== undefined && currentPlayer(s) === CHANCE && !hook.deal(s, streams.chance) ? cloneState(s) : null;
  let check = fresh !== null;
  // the engine takes the declared passes once a constrained deal has been accepted (its check sees the state as dealt)
  if (!check) {
    s.bid.declared = declared;
    s.bid.declared2 = declared2;
  }
  for (let step = 0; ; step++) {
    if (step > maxSteps) throw new Error(`${streams.where} did not end within ${maxSteps} steps`);
    if (check && s.trump !== null) {
      check = false;
      if (!hook!.accept(s)) {
        // dealt again from the same state; the decisions of the refused deal (a cutter's keep) do not count
        Object.assign(s, cloneState(fresh!));
        decisions = 0;
        step = 0;
        check = true;
      } else {
        s.bid.declared = declared;
        s.bid.declared2 = declared2;
      }
    }
    const p = currentPlayer(s);
    if (p === TERMINAL) break;
    if (p === CHANCE) {
      if (s.phase === 'shuffle') applyShuffleFrom(s, streams.chance, chanceAction); // all its steps at once
      else applyAction(s, chanceAction(streams.chance.below(chanceOutcomes(s))));
      continue;
    }
    const sp = policies[p]!;
    // A window the policy declared it always passes in (Policy.passes): pass for it, a decision taken. Not
    // under checks or hooks: there act is called and held to its promise (brokenPromise below).
    // Likewise a talk window where every phrase open to it is one it declared it never says (passes.unsaid): quiet.
    const passes = sp.policy.passes;
    const promise = passes === undefined ? NO_PROMISE : promiseAt(s, passes);
    if (promise !== NO_PROMISE && ((trusted >>> p) & 1) !== 0) {
      hb[HB.count]!++;
      applyAction(s, promise === PROMISED_QUIET ? QUIET : PASS);
      decisions++;
      continue;
    }
    // the legal actions once per decision: the observation gets its own copy, the match below the original —
    // or, for a policy that declared it reads its observation only during act (Policy.observation 'view'),
    // the lazy view (engine/view.ts); not under checks, onDecision or onTurn:
    // there the full Observation (the view's twin)
    const legal = s.phase === 'show' ? null : legalActions(s);
    const view = ((viewed >>> p) & 1) !== 0;
    // (the view gets a copy of the list too: the match below reads the original, so an answer is always one of
    // the engine's legal records, even from a policy that broke its promise and wrote into the list it was given)
    const obs: Observation = view ? new ObservationView(s, p, NO_SCORE, legal === null ? null : legal.slice()) : observeWith(s, p, NO_SCORE, legal === null ? null : legal.slice());
    const beat = hb;
    beat[HB.count]!++;
    beat[HB.player] = p;
    beat[HB.seat] = seatOfPlayer[p]!;
    beat[HB.policy] = sp.id ?? -1;
    beat[HB.what] = 1;
    let answer: Action | null;
    let chosen: Action | undefined;
    let raw: unknown;
    try {
      if (sp.onTurn !== undefined) sp.onTurn((a) => explainIllegal(s, a), () => aheadIfQuiet(s, p));
      raw = sp.policy.act(obs, ctxs[p]!);
      // Fast path: the answer is one of the engine's own (frozen, shared) legal records, as policies that
      // pick from obs.legal return: it is that action; no field-by-field read and match is needed.
      if (legal !== null) chosen = identical(legal, raw);
      answer = chosen ?? readAction(raw);
    } catch (e) {
      if (view) ObservationView.close(obs as ObservationView);
      throw new PolicyFault(`${whereP(sp, p, s, streams)}: ${e instanceof ExitCalled ? e.message : `threw ${errorExcerpt(e)}`}`, { cause: e });
    }
    beat[HB.what] = 0;
    // act returned: the state moves on; a view read from now on throws (ObservationViewClosed)
    if (view) ObservationView.close(obs as ObservationView);
    // The engine applies its own frozen record of the matching legal action, never the policy's object
    // (checked or not: an answer that is no legal action is always a fault, never applied).
    if (chosen === undefined && answer !== null) chosen = matchAnswer(s, legal, answer, raw, obs, view);
    if (chosen === undefined) throw illegalAnswer(sp, p, s, streams, answer, raw);
    if (promise !== NO_PROMISE && chosen.kind !== (promise === PROMISED_QUIET ? 'quiet' : 'pass')) throw brokenPromise(sp, p, s, streams, promise, chosen);
    o.onDecision?.(s, p, obs, chosen as PolicyAction);
    applyAction(s, chosen);
    decisions++;
  }
  return decisions;
}

export function playDeal(o: PlayDealOptions): DealResult {
  // The options as one literal, optional fields set after it (an object spread that then adds fields takes
  // V8's slow path: microseconds a hand).
  const opts: Mutable<HandOptions> = { players: o.players, dealer: o.dealer };
  if (o.dummySeat !== undefined) opts.dummySeat = o.dummySeat;
  const probe = probeTable(o.ruleset, opts);
  if (o.policies.length !== probe.players) throw new RangeError(`${probe.players} players need ${probe.players} policies, got ${o.policies.length}`);
  opts.silentSeats = silentSeats(probe, o.policies);
  opts.quietSeats = quietSeats(probe, o.policies);
  if (o.score !== undefined) opts.score = o.score;
  if (o.revokes === true) opts.revokes = true;
  const s = newHand(o.ruleset, opts);
  // each player's stream, keyed by his seat (a loop, not map: no closure per hand)
  const seatOfPlayer = s.table.seatOfPlayer;
  const policy: Array<{ readonly rng: Rng }> = [];
  for (let p = 0; p < seatOfPlayer.length; p++) policy.push({ rng: keyedRngLater(o.rootSeed, o.dealIndex, STREAM.policy, seatOfPlayer[p]!) });
  const streams: RunStreams = {
    chance: keyedRng(o.rootSeed, o.dealIndex, STREAM.deal),
    policy,
    where: `deal ${o.dealIndex}, seed ${o.rootSeed}`,
  };
  const decisions = runHand(s, o.policies, streams, o);
  return { state: s, points: s.points.slice(), returns: returns(s), decisions, summary: summarize(s, decisions) };
}
