// The figure evaluator's public face: a context per ruleset and trump, the fast path for a hand
// (two words: suited cards and the Weli flag), and the general path for hands mid-game whose played
// Perlaggen already carry a christening (RULES §5.2: irrevocable).
import { WELI, type CardId, type Suit } from '../cards/card.ts';
import type { CardSet } from '../cards/cardset.ts';
import { popcount32, colex32 } from '../cards/mask.ts';
import { perlaggenOf, type Perlaggen } from '../rules/perlaggen.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { bestFigures, jointFigures, type FigureParts } from './core.ts';
import { OFFSET, figureTables, forEachMask, type FigureTables } from './tables.ts';
import { HAND_SIZE, handIndex, handIndex5 } from './hand-index.ts';

export interface FigureContext {
  readonly ruleset: RulesVariant;
  readonly trump: Suit;
  readonly perlaggen: Perlaggen;
  /** Suited Perlaggen (wild) as a mask. */
  readonly wildLo: number;
  /** 1 when the Weli is a (wild) Perlagg. */
  readonly weliWild: 0 | 1;
  readonly tables: FigureTables;
  /** Figure word of every hand of this ruleset and trump (up to 5 cards), by hand-index.ts's handIndex. */
  readonly hand: Uint16Array;
}

const contexts = new WeakMap<RulesVariant, Map<Suit, FigureContext>>();
const handTables = new Map<string, Uint16Array>();

/** The evaluator for one ruleset and trump (cached; the tables are shared by all rulesets). */
export function figureContext(ruleset: RulesVariant, trump: Suit): FigureContext {
  let m = contexts.get(ruleset);
  if (m === undefined) contexts.set(ruleset, (m = new Map()));
  let ctx = m.get(trump);
  if (ctx === undefined) {
    const perlaggen = perlaggenOf(ruleset, trump);
    const tables = figureTables({ gleichIdenticalIdentities: ruleset.gleichIdenticalIdentities });
    // the hand table depends only on these: rulesets alike in them (derived variants) share it
    const key = `${perlaggen.lo}|${perlaggen.weli}|${ruleset.deckHasWeli}|${ruleset.gleichIdenticalIdentities}`;
    let hand = handTables.get(key);
    if (hand === undefined) handTables.set(key, (hand = buildHandTable(tables.best, perlaggen.lo, perlaggen.weli, ruleset.deckHasWeli)));
    ctx = Object.freeze({ ruleset, trump, perlaggen, wildLo: perlaggen.lo, weliWild: perlaggen.weli, tables, hand });
    m.set(trump, ctx);
  }
  return ctx;
}

/**
 * The per-(ruleset, trump) hand table: for every hand of up to 5 cards, the figure word looked up in the
 * shared table under its split into natural cards and Perlaggen. Built once per context (~20 ms).
 */
function buildHandTable(best: Uint16Array, wildLo: number, weliWild: 0 | 1, deckHasWeli: boolean): Uint16Array {
  const hand = new Uint16Array(HAND_SIZE);
  for (let n = 0; n <= 5; n++) {
    for (let w = 0; w <= (deckHasWeli ? 1 : 0); w++) {
      if (n + w > 5) continue;
      forEachMask(n, (lo) => {
        const nat = (lo & ~wildLo) >>> 0;
        const k = popcount32(lo & wildLo) + (w & weliWild);
        hand[handIndex(lo, w)] = best[partsIndex(nat, k)]!;
      });
    }
  }
  return hand;
}

/**
 * Fast path: the figure word (figures.ts) of a hand of at most 5 cards held in hand, every Perlagg still
 * free to be christened. `lo` = suited cards (card.ts layout), `weli` = 0/1. One lookup by handIndex.
 */
export function figureWord(ctx: FigureContext, lo: number, weli: number): number {
  return ctx.hand[handIndex(lo, weli)]!;
}

/** The same for a hand of exactly 5 cards (as dealt): the hot loop's entry. */
export function figureWord5(ctx: FigureContext, lo: number, weli: number): number {
  return ctx.hand[handIndex5(lo, weli)]!;
}

/** The same hand with no christening at all: every card as what its picture shows (the Weli in no figure). */
export function naturalFigureWord(ctx: FigureContext, lo: number): number {
  return ctx.tables.best[partsIndex(lo >>> 0, 0)]!;
}

/** Table index of a natural mask with k free Perlaggen. */
function partsIndex(mask: number, k: number): number {
  return OFFSET[popcount32(mask) * 6 + k]! + colex32(mask);
}

function jointAt(ctx: FigureContext, index: number): number[] {
  const j = ctx.tables.joint();
  return Array.from(j.words.subarray(j.start[index]!, j.start[index + 1]!));
}

/** The joint answer of a hand held in hand (RULES §7.4): Pareto frontier of figure words. */
export function jointWords(ctx: FigureContext, lo: number, weli: number): number[] {
  return jointAt(ctx, partsIndex((lo & ~ctx.wildLo) >>> 0, popcount32(lo & ctx.wildLo) + (weli & ctx.weliWild)));
}

/** A card already played: its id and the identity it was christened as (null: un-christened). */
export interface PlayedCard {
  readonly card: CardId;
  readonly as: CardId | null;
}

/** A player's five cards mid-game: those still in hand and those played, with their identities. */
export interface FigureHand {
  readonly inHand: CardSet;
  readonly played: readonly PlayedCard[];
}

/**
 * The parts the core evaluates: fixed identities (natural cards, played cards as christened, an
 * un-christened Perlagg as its natural identity — RULES §5.3, A-03) and the free Perlaggen still in hand.
 */
export function figureParts(ctx: FigureContext, hand: FigureHand): FigureParts {
  const { inHand } = hand;
  let mask = (inHand.lo & ~ctx.wildLo) >>> 0;
  const wilds = popcount32(inHand.lo & ctx.wildLo) + (inHand.weli & ctx.weliWild);
  if (inHand.weli === 1 && ctx.weliWild === 0) throw new RangeError('a Weli that is not a Perlagg cannot be held');
  let extra: number[] | null = null;
  let naturalWeli: 0 | 1 = 0;
  for (const { card, as } of hand.played) {
    const identity = as ?? card;
    if (identity === WELI) {
      // An un-christened Weli is Schell 6: in no figure unless weliNaturalInFigures.
      if (ctx.ruleset.weliNaturalInFigures) naturalWeli = 1;
      continue;
    }
    const bit = 1 << identity;
    if ((mask & bit) !== 0) {
      extra ??= new Array<number>(8).fill(0);
      extra[identity & 7]! += 1;
    } else mask = (mask | bit) >>> 0;
  }
  if (popcount32(mask) + wilds + naturalWeli + (extra?.reduce((a, b) => a + b, 0) ?? 0) > 5) {
    throw new RangeError('a hand has at most 5 cards');
  }
  return { mask, extraByRank: extra, naturalWeliInFigures: naturalWeli, wilds };
}

/** Best Gleich and Hanger of a hand mid-game (figure word). Table lookup unless identities repeat. */
export function evaluateHand(ctx: FigureContext, hand: FigureHand): number {
  return evaluateParts(ctx, figureParts(ctx, hand));
}

/** evaluateHand from the parts figureParts gives (table lookup unless identities repeat). */
export function evaluateParts(ctx: FigureContext, p: FigureParts): number {
  if (p.extraByRank === null && p.naturalWeliInFigures === 0) return ctx.tables.best[partsIndex(p.mask, p.wilds)]!;
  return bestFigures(p, ctx.tables.rules);
}

/** The joint answer of a hand mid-game (Pareto frontier of figure words). */
export function evaluateJoint(ctx: FigureContext, hand: FigureHand): number[] {
  const p = figureParts(ctx, hand);
  if (p.extraByRank === null && p.naturalWeliInFigures === 0) return jointAt(ctx, partsIndex(p.mask, p.wilds));
  return jointFigures(p, ctx.tables.rules);
}
