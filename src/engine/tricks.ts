// RULES §2.3, §6.3: the card-power model and the trick winner.
//
// Every played card has an effective suit and a power = rank value * 16 + Perlagg level:
//   plain card:             its own identity, level 0 (the natural Weli: Schell, rank value 0)
//   christened Perlagg:     the declared identity (one of the 32 suited cards), its Perlagg level
//   un-christened Perlagg:  `unchristenedPerlagg: 'plainCard'` (A-03 default): its natural identity, level 0;
//                           'natIdentityKeepsPower' (A-03 alternative, VOBER): a trump above every plain
//                           trump, ranked by Perlagg order — we give it the power of a trump As with its
//                           level, i.e. equal footing with a Perlagg christened trump As (our reading of
//                           "stechen sämtliche Trümpfe und normalen Karten" [002 §1.2]);
//                           'forbidden' (1853): never happens (the engine forces a christening).
// A-02 `trumpOrderModel: 'M2'` (1853 alternative): inside the trump suit an identity that is itself a
// Perlagg card ranks above the As by its Perlagg order (K > 7 > U > O > A > 10 > 9 > 8).
// A-20 `christenAsSelfIsChristening: false`: a Perlagg laid "as itself" (as === its own card) is no
// christening — it counts as laid un-christened (its natural card; with 'natIdentityKeepsPower' the power
// that gives), so it loses the Perlagg tie-break against another Perlagg christened as the same card. In
// 1853, where every Perlagg must be christened, naming its own card still satisfies the duty to declare
// ("angeben, als welche Karte derselbe zu gelten hat" [000 p.19]) but has that same effect.
//
// Winner: if any card's effective suit is trump, the trump card of highest power; else the card of the
// led (effective) suit with the highest power. Ties are impossible (RULES §2.3).
import { WELI } from '../cards/card.ts';
import type { Perlaggen } from '../rules/perlaggen.ts';
import type { RulesVariant } from '../rules/variant.ts';

const SUIT_INDEX: Readonly<Record<string, number>> = { H: 0, S: 1, L: 2, E: 3 };

/** What trick resolution needs of a deal: trump suit index and Perlagg levels. */
export interface TrickContext {
  readonly trump: number;
  readonly level: Readonly<Int8Array>;
  readonly keepsPower: boolean;
  readonly m2: boolean;
  /** A-20 alternative: a Perlagg laid as its own card counts as un-christened. */
  readonly selfUnchristened: boolean;
}

const ctxCache = new WeakMap<Perlaggen, Map<RulesVariant, TrickContext>>();

export function trickContext(r: RulesVariant, p: Perlaggen): TrickContext {
  let m = ctxCache.get(p);
  if (m === undefined) ctxCache.set(p, (m = new Map()));
  let c = m.get(r);
  if (c === undefined) {
    c = Object.freeze({
      trump: SUIT_INDEX[p.trump]!,
      level: p.level,
      keepsPower: r.unchristenedPerlagg === 'natIdentityKeepsPower',
      m2: r.trumpOrderModel === 'M2',
      selfUnchristened: !r.christenAsSelfIsChristening,
    });
    m.set(r, c);
  }
  return c;
}

/** Effective suit index (0..3) of a played card. */
export function effectiveSuit(ctx: TrickContext, card: number, as: number | null): number {
  if (as !== null && (as !== card || !ctx.selfUnchristened)) return as >>> 3;
  if (ctx.keepsPower && ctx.level[card]! > 0) return ctx.trump;
  return card === WELI ? 1 : card >>> 3;
}

/** Power of a played card inside its effective suit (higher wins). */
export function cardPower(ctx: TrickContext, card: number, as: number | null): number {
  const lvl = ctx.level[card]!;
  if (as === null || (as === card && ctx.selfUnchristened)) {
    if (lvl > 0 && ctx.keepsPower) return 8 * 16 + lvl; // as a trump As with its level (see above)
    const rv = card === WELI ? 0 : (card & 7) + 1;
    return powerOf(ctx, card, rv) * 16; // plain: level 0
  }
  return powerOf(ctx, as, (as & 7) + 1) * 16 + lvl;
}

/** Rank value of an identity, with the A-02 M2 trump order. */
function powerOf(ctx: TrickContext, identity: number, rv: number): number {
  if (ctx.m2 && identity !== WELI && identity >>> 3 === ctx.trump) {
    const l = ctx.level[identity]!;
    if (l > 0) return 8 + l;
  }
  return rv;
}

/** Index (into plays) of the winning card of a complete or partial trick. */
export function trickWinnerIndex(ctx: TrickContext, cards: ArrayLike<number>, as: ArrayLike<number | null>, n: number): number {
  const led = effectiveSuit(ctx, cards[0]!, as[0]!);
  let best = 0;
  let bestSuit = led;
  let bestPower = cardPower(ctx, cards[0]!, as[0]!);
  for (let i = 1; i < n; i++) {
    const s = effectiveSuit(ctx, cards[i]!, as[i]!);
    const p = cardPower(ctx, cards[i]!, as[i]!);
    if (s === bestSuit) {
      if (p > bestPower) {
        best = i;
        bestPower = p;
      }
    } else if (s === ctx.trump) {
      best = i;
      bestSuit = s;
      bestPower = p;
    }
  }
  return best;
}

/** Winner index of a trick given as played-card records. */
export function winnerOfPlays(ctx: TrickContext, plays: ReadonlyArray<{ card: number; as: number | null }>): number {
  const cards = plays.map((p) => p.card);
  const as = plays.map((p) => p.as);
  return trickWinnerIndex(ctx, cards, as, plays.length);
}
