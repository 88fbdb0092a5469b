// The figures a seat can still show and its plan for the showing (which Perlagg christened how), from its
// observation: the frontier of Gleich and Hanger pairs, the figures in natura. The policy contract (api.ts)
// re-exports what bots use.

import { WELI } from '../cards/card.ts';
import { figureContext, figureParts, naturalFigureWord, type FigureContext } from '../eval/evaluate.ts';
import { jointFrontier, jointFrontierOfParts } from '../engine/joint.ts';
import type { FigureParts } from '../eval/core.ts';
import { TABLE_SIZE, tableIndex, type FigureTables } from '../eval/tables.ts';
import { popcount32 } from '../cards/mask.ts';
import { CardSet } from '../cards/cardset.ts';
import { wordGleich, wordHanger } from '../eval/figures.ts';
import { realize } from '../engine/show-options.ts';
import type { Observation, ObservedPlay } from '../engine/observation.ts';
import { handOf, perlaggLevel, playedBy, rulesetOf } from './seen.ts';

/**
 * The christening plan for a seat's free Perlaggen if it showed now: the frontier entry with the most
 * figures, then the highest codes (RULES §7.4). `free` are the Perlaggen in hand (ascending), `as` their
 * identities. Uses only what the observation holds (the seat's own/seen hand and its played cards).
 */
export function showingPlan(obs: Observation, seat: number): { free: number[]; as: number[]; gleich: number; hanger: number } {
  return computePlan(obs, seat, handOf(obs, seat));
}

/**
 * The figures of showingPlan(obs, seat) — its `gleich` and `hanger` — without working out the christening
 * (the same frontier entry is chosen): for policies that only weigh their strength.
 */
export function showingFigures(obs: Observation, seat: number): { gleich: number; hanger: number } {
  const hand = handOf(obs, seat);
  const ctx = figureContextOf(obs);
  // the seat's played cards: the observation's own (frozen) play records, which carry card and identity
  // (index loops: V8's array builtins take a slow path on frozen arrays)
  let played: ObservedPlay[] = NO_PLAYS;
  const tricks = obs.tricks;
  for (let i = 0; i < tricks.length; i++) {
    const plays = tricks[i]!.plays;
    for (let j = 0; j < plays.length; j++) {
      const p = plays[j]!;
      if (p.seat !== seat) continue;
      if (played === NO_PLAYS) played = [];
      played.push(p);
    }
  }
  let lo = 0;
  let weli = 0;
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i]!;
    if (c === WELI) weli = 1;
    else lo |= 1 << c;
  }
  // no card played yet (the windows before the first trick): figureParts' split of the hand into natural
  // cards and Perlaggen, read straight from the table (a hand has no repeated identity)
  const best =
    played === NO_PLAYS && (weli === 0 || ctx.weliWild !== 0)
      ? planWordOfHand(ctx, lo >>> 0, weli)
      : planWordOfParts(ctx, figureParts(ctx, { inHand: new CardSet(lo >>> 0, weli), played }));
  return { gleich: wordGleich(best), hanger: wordHanger(best) };
}

/** planWordOfParts(ctx, figureParts(ctx, { inHand, played: [] })) of a hand whose Weli (if any) is a Perlagg. */
function planWordOfHand(ctx: FigureContext, lo: number, weli: number): number {
  const mask = (lo & ~ctx.wildLo) >>> 0;
  const wilds = popcount32(lo & ctx.wildLo) + (weli & ctx.weliWild);
  if (popcount32(mask) + wilds > 5) throw new RangeError('a hand has at most 5 cards');
  return planWordOfParts(ctx, { mask, extraByRank: null, naturalWeliInFigures: 0, wilds });
}

/**
 * The figure context of the observed deal: the last ruleset's four contexts kept by trump (a deal's trump
 * changes from hand to hand, so one remembered context missed at every new hand and paid two map lookups).
 * A deal with no trump yet reads the Herz context, as figureContext is asked for it.
 */
function figureContextOf(obs: Observation): FigureContext {
  const ruleset = obs.ruleset;
  const trump = obs.trump;
  if (ruleset !== lastCtxRuleset) {
    lastCtxRuleset = ruleset;
    lastCtxs.fill(null);
  }
  const i = trump === 'S' ? 1 : trump === 'L' ? 2 : trump === 'E' ? 3 : 0;
  return (lastCtxs[i] ??= figureContext(rulesetOf(obs), (trump ?? 'H') as 'H'));
}

let lastCtxRuleset: string | null = null;

const lastCtxs: Array<FigureContext | null> = [null, null, null, null];

/**
 * planWord(jointFrontierOfParts(ctx, p)). For a table hand (no repeated identity, no natural Weli) one
 * typed-array read: the plan word of every table entry is worked out once per figure tables from the joint
 * table's words (a pass over it, like the joint table's own build), so no hand needs its frontier copied.
 */
function planWordOfParts(ctx: FigureContext, p: FigureParts): number {
  if (p.extraByRank !== null || p.naturalWeliInFigures !== 0) return planWord(jointFrontierOfParts(ctx, p));
  const tables = ctx.tables;
  let byIndex = tables === lastPlanTables ? lastPlanByIndex : planByIndex.get(tables);
  if (byIndex === undefined) planByIndex.set(tables, (byIndex = planWordsOfTables(tables)));
  lastPlanTables = tables;
  lastPlanByIndex = byIndex;
  const w = byIndex[tableIndex(p.mask, popcount32(p.mask), p.wilds)]!;
  return w >= 0 ? w : planWord(jointFrontierOfParts(ctx, p)); // an empty frontier: as before
}

/** planWordScan of every entry of the joint table (−1 for an empty frontier; jointFigures gives none in the built-in rulesets). */
function planWordsOfTables(tables: FigureTables): Int32Array {
  const j = tables.joint();
  const start = j.start;
  const words = j.words;
  const out = new Int32Array(TABLE_SIZE).fill(-1);
  for (let i = 0; i < TABLE_SIZE; i++) {
    const a = start[i]!;
    const b = start[i + 1]!;
    if (b <= a) continue;
    let best = words[a]!;
    let bestScore = planScore(best);
    for (let k = a + 1; k < b; k++) {
      const w = words[k]!;
      const sc = planScore(w);
      if (sc > bestScore) {
        best = w;
        bestScore = sc;
      }
    }
    out[i] = best;
  }
  return out;
}

const planByIndex = new WeakMap<FigureTables, Int32Array>();

let lastPlanTables: FigureTables | null = null;

let lastPlanByIndex: Int32Array | undefined;

/** The frontier entry a showing plan takes: the first of the highest planScore. */
function planWordScan(frontier: readonly number[]): number {
  let best = frontier[0]!;
  let bestScore = planScore(best);
  for (let i = 1; i < frontier.length; i++) {
    const w = frontier[i]!;
    const sc = planScore(w);
    if (sc > bestScore) {
      best = w;
      bestScore = sc;
    }
  }
  return best;
}

const NO_PLAYS: ObservedPlay[] = Object.freeze([]) as never;

// jointFrontier hands out shared frozen frontiers: the plan's entry is remembered per frontier.
const planWords = new WeakMap<readonly number[], number>();

function planWord(frontier: readonly number[]): number {
  if (frontier.length < 4 || !Object.isFrozen(frontier)) return planWordScan(frontier);
  let w = planWords.get(frontier);
  if (w === undefined) planWords.set(frontier, (w = planWordScan(frontier)));
  return w;
}

/**
 * The word of the showing plan a joint frontier gives — the most figures, then the highest codes, the first of
 * equals (the plan showingFigures follows) — or −1 for an empty frontier. For searches that hold frontiers.
 */
export function showingPlanWord(frontier: readonly number[]): number {
  return frontier.length === 0 ? -1 : planWord(frontier);
}

interface Plan {
  free: number[];
  as: number[];
  gleich: number;
  hanger: number;
}

function planScore(w: number): number {
  return (wordGleich(w) > 0 ? 1000 : 0) + (wordHanger(w) > 0 ? 1000 : 0) + wordGleich(w) + wordHanger(w);
}

function computePlan(obs: Observation, seat: number, hand: readonly number[]): Plan {
  const ctx = figureContextOf(obs);
  const played = playedBy(obs, seat);
  const free: number[] = [];
  const plain: number[] = [];
  let lo = 0;
  let weli = 0;
  for (let i = 0; i < hand.length; i++) {
    const c = hand[i]!;
    if (perlaggLevel(obs, c) > 0) free.push(c);
    else plain.push(c);
    if (c === WELI) weli = 1;
    else lo |= 1 << c;
  }
  const best = planWordOfParts(ctx, figureParts(ctx, { inHand: new CardSet(lo >>> 0, weli), played }));
  const fixed = plain;
  for (let i = 0; i < played.length; i++) fixed.push(played[i]!.as ?? played[i]!.card);
  const as = free.length === 0 ? [] : realize(ctx, fixed, free.length, best);
  return { free, as, gleich: wordGleich(best), hanger: wordHanger(best) };
}

/**
 * The best Gleich and Hanger (figure codes) of the plain cards among `cards` alone — "in natura", without a
 * Perlagg (H-22: "Wenn man dies nicht in natura besitzt, sondern erst mittels eines Perlaggs bilden muß").
 */
export function naturalFiguresOfCards(obs: Observation, cards: readonly number[]): { gleich: number; hanger: number } {
  const ctx = figureContextOf(obs);
  let lo = 0;
  for (let i = 0; i < cards.length; i++) {
    const c = cards[i]!;
    if (c !== WELI && perlaggLevel(obs, c) === 0) lo |= 1 << c;
  }
  const w = naturalFigureWord(ctx, lo >>> 0);
  return { gleich: wordGleich(w), hanger: wordHanger(w) };
}

/** A Gleich/Hanger pair one christening of a hand shows at the same time (RULES §7.4): figure codes as in eval/figures.ts. */
export interface FigurePair {
  readonly gleich: number;
  readonly hanger: number;
}

const pairsOf = new WeakMap<readonly number[], readonly FigurePair[]>();

function pairs(frontier: readonly number[]): readonly FigurePair[] {
  let p = pairsOf.get(frontier);
  if (p === undefined) {
    p = Object.freeze(frontier.map((w) => Object.freeze({ gleich: wordGleich(w), hanger: wordHanger(w) })));
    if (Object.isFrozen(frontier)) pairsOf.set(frontier, p);
  }
  return p;
}

/**
 * The joint figure frontier (RULES §7.4) of a hand given as cards in hand (free Perlaggen wild) and cards
 * already played with their identities: the Gleich/Hanger pairs no christening beats in both.
 */
export function figureFrontierOf(obs: Observation, inHand: readonly number[], played: ReadonlyArray<{ card: number; as: number | null }>): readonly FigurePair[] {
  const ctx = figureContextOf(obs);
  let lo = 0;
  let weli = 0;
  for (let i = 0; i < inHand.length; i++) {
    const c = inHand[i]!;
    if (c === WELI) weli = 1;
    else lo |= 1 << c;
  }
  return pairs(jointFrontier(ctx, lo >>> 0, weli, played));
}

/**
 * The seat's figure frontier now (its hand as the observer knows it, its played cards fixed), or after it
 * lays `extra` (a card of its hand, as christened): what a Perlagg spent on a trick costs the figures.
 */
export function figureFrontier(obs: Observation, seat: number, extra?: { card: number; as: number | null }): readonly FigurePair[] {
  const hand = handOf(obs, seat);
  const played = playedBy(obs, seat);
  if (extra === undefined) return figureFrontierOf(obs, hand, played);
  played.push(extra);
  return figureFrontierOf(obs, hand.filter((c) => c !== extra.card), played);
}

/** The best Gleich and the best Hanger of a frontier, each on its own. */
export function bestOf(frontier: readonly FigurePair[]): FigurePair {
  let gleich = 0;
  let hanger = 0;
  for (const p of frontier) {
    if (p.gleich > gleich) gleich = p.gleich;
    if (p.hanger > hanger) hanger = p.hanger;
  }
  return { gleich, hanger };
}

/**
 * The seat's figures "in natura" [000 p.41–42]: its plain cards and played cards only, the free Perlaggen
 * left out (each figure on its own).
 */
export function naturalFigures(obs: Observation, seat: number): FigurePair {
  const hand = handOf(obs, seat);
  let natural: readonly number[] = hand;
  for (const c of hand) {
    if (perlaggLevel(obs, c) > 0) {
      natural = hand.filter((x) => perlaggLevel(obs, x) === 0);
      break;
    }
  }
  return bestOf(figureFrontierOf(obs, natural, playedBy(obs, seat)));
}
