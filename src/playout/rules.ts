// What the playout kernel needs of a ruleset and a trump suit, compiled once into flat tables (RULES §2.3,
// §5, §6.2, §7; ). Cached per ruleset and trump.
//
// Trick power and effective suit come from the engine's own model (engine/tricks.ts: cardPower,
// effectiveSuit), tabulated for every (card, christening) pair:
//
//   PLAY index = card * 33 + asIdx      card 0..32 (32 = the Weli), asIdx 0..31 = christened identity,
//                                       asIdx 32 = no christening (plain card / un-christened Perlagg)
//
// so the kernel never calls back into the engine while it plays.
import { SUITS, WELI, type Suit } from '../cards/card.ts';
import { figureContext, type FigureContext } from '../eval/evaluate.ts';
import { cardPower, effectiveSuit, trickContext } from '../engine/tricks.ts';
import { perlaggenOf } from '../rules/perlaggen.ts';
import type { RulesVariant } from '../rules/variant.ts';

/** asIdx of a play without christening. */
export const NO_AS = 32;

/** The 8 bits of a suit in the card layout (card.ts), as int32 (the Eichel byte is the sign bit). */
export const SUIT_MASK: Readonly<Int32Array> = Int32Array.of(0xff, 0xff00, 0xff0000, 0xff000000 | 0);

export interface KernelRules {
  readonly ruleset: RulesVariant;
  /** Trump suit index 0..3 (H S L E). */
  readonly trump: number;
  /** Suited Perlaggen of the deal (card layout) and 1 when the Weli is one. */
  readonly perlLo: number;
  readonly weliPerl: number;
  /** Perlagg level per card id 0..32 (0 = plain). */
  readonly level: Readonly<Int8Array>;
  /** Effective suit and power per PLAY index (see above). */
  readonly effSuit: Readonly<Int8Array>;
  readonly power: Readonly<Int16Array>;
  // RULES §6.2 switches (ruleset.follow)
  readonly mustFollow: boolean;
  readonly mayTrump: boolean;
  readonly trumpOnlyIfWinning: boolean;
  readonly watten: boolean;
  readonly perlaggHoldsSuit: boolean;
  readonly perlaggOffSuit: boolean;
  readonly mustOvertake: boolean;
  /** may a Perlagg be laid un-christened? */
  readonly allowNull: boolean;
  /**
   * Identities that win a trick best (mask of identities 0..31): the trump As, and under A-02 M2 the trump
   * identity of highest power (a Perlagg card of the trump suit, e.g. the trump König in 1853).
   */
  readonly topMask: number;
  /** The trump As (identity id). */
  readonly trumpAs: number;
  /** RULES §7: the figure evaluator of this ruleset and trump. */
  readonly fig: FigureContext;
  readonly tieAnyPlayers: boolean;
  readonly spielLastTrick: boolean;
  readonly weliNaturalInFigures: boolean;
  /** The Perlagg cards of the deal, lowest level first. */
  readonly perlaggenUp: Readonly<Int32Array>;
}

const cache = new WeakMap<RulesVariant, Array<KernelRules | undefined>>();

export function suitIndexOf(trump: Suit | number): number {
  if (typeof trump === 'number') return trump;
  const i = SUITS.indexOf(trump);
  if (i < 0) throw new RangeError(`not a suit: ${String(trump)}`);
  return i;
}

/** The compiled rules of a ruleset and trump suit (cached). */
export function kernelRules(r: RulesVariant, trumpSuit: Suit | number): KernelRules {
  const t = suitIndexOf(trumpSuit);
  let per = cache.get(r);
  if (per === undefined) cache.set(r, (per = []));
  let k = per[t];
  if (k !== undefined) return k;
  const trump = SUITS[t]!;
  const p = perlaggenOf(r, trump);
  if (r.deckHasWeli && p.weli !== 1) throw new Error('internal: the Weli is a Perlagg wherever the deck has it (RULES §1.3)');
  const ctx = trickContext(r, p);
  const effSuit = new Int8Array(33 * 33);
  const power = new Int16Array(33 * 33);
  for (let card = 0; card <= WELI; card++) {
    for (let a = 0; a <= NO_AS; a++) {
      const as = a === NO_AS ? null : a;
      effSuit[card * 33 + a] = effectiveSuit(ctx, card, as);
      power[card * 33 + a] = cardPower(ctx, card, as);
    }
  }
  // the best trick identity: highest power among trump-suit christenings (the same for every Perlagg: its own
  // level only adds a constant); always also the trump As
  const probe = p.order[p.order.length - 1]!; // any Perlagg
  let best = t * 8 + 7;
  for (let a = 0; a < 32; a++) {
    if (effSuit[probe * 33 + a] !== t) continue;
    if (power[probe * 33 + a]! > power[probe * 33 + best]!) best = a;
  }
  const f = r.follow;
  k = Object.freeze({
    ruleset: r,
    trump: t,
    perlLo: p.lo >>> 0,
    weliPerl: p.weli,
    level: p.level,
    effSuit,
    power,
    mustFollow: f.mustFollowSuit,
    mayTrump: f.mayTrumpWhileHoldingSuit,
    trumpOnlyIfWinning: f.trumpInsteadOfSuitOnlyIfWinning,
    watten: f.wattenStyleFollow,
    perlaggHoldsSuit: f.perlaggCountsAsHoldingSuit,
    perlaggOffSuit: f.perlaggMayBePlayedOffSuitWhileHoldingSuit,
    mustOvertake: f.mustOvertake,
    allowNull: r.unchristenedPerlagg !== 'forbidden',
    topMask: ((1 << (t * 8 + 7)) | (1 << best)) >>> 0,
    trumpAs: t * 8 + 7,
    fig: figureContext(r, trump),
    tieAnyPlayers: r.tieBetween === 'anyPlayers',
    spielLastTrick: r.spielDefinition === 'lastTrick',
    weliNaturalInFigures: r.weliNaturalInFigures,
    perlaggenUp: Int32Array.from(p.order).reverse(),
  });
  per[t] = k;
  return k;
}
