// Bieten's decisions priced by Monte Carlo over worlds — the advisor of `perlagg serve` (serve/bieten-advice.ts)
// and the review of a recorded Bieten game (its value lost per decision, classed as `perlagg review` classes
// Perlaggen's). Each world redeals every card the deciding seat cannot see, uniformly among the deals that say
// and show exactly what it has seen (resampleBietenHidden: the deal replayed on the new cards must produce the
// events it saw, so its observation is byte-identical in every world and the true hidden cards play no part).
// In each world every action is taken and the deal played out by `plain` at every seat; an action's value is
// the seat's points of the deal minus the mean of the other seats still in. Every action meets the same worlds
// and the same streams, so the differences between actions are paired, world by world.
import { STREAM, keyedRng } from '../core/rng.ts';
import { emptyMoments, meanInterval, pushMoment, type Interval, type Moments } from '../stats/intervals.ts';
import { bietenGame } from '../games/bieten/game.ts';
import { bietenActionText, dealOptionsOf, legalActions, newDeal, sameBietenAction } from '../games/bieten/engine.ts';
import { BietenResampleError, resampleBietenHidden, type BietenObservation } from '../games/bieten/observe.ts';
import { cloneBieten, type BietenAction, type BietenState } from '../games/bieten/state.ts';
import { runDeal, type SeatedPolicy } from '../play/deal.ts';
import type { PolicyFactory } from '../policy/api.ts';
import { builtinPolicy } from '../registry/policies.ts';
import { classOf, type ReviewClass } from './review.ts';

/** The bot that plays every seat after the priced action. */
export const BIETEN_CONTINUATION = 'plain';

export interface BietenPrices {
  /** Each action's value (the seat's points minus the others' mean) with its 95% interval over the worlds. */
  readonly values: readonly Interval[];
  /** The action with the highest mean value. */
  readonly best: number;
  /** Each action's shortfall against the best, world by world (0 for the best), with its 95% interval. */
  readonly behind: readonly Interval[];
  /** Worlds drawn (a world not found in the sampler's tries is skipped). */
  readonly worlds: number;
}

/**
 * `actions` of `player` at `live` priced over `worlds` worlds drawn from streams keyed by (seed, key). null
 * when fewer than two consistent worlds were found.
 */
export function priceBieten(live: BietenState, player: number, actions: readonly BietenAction[], worlds: number, seed: number, key: number): BietenPrices | null {
  const factory = builtinPolicy(BIETEN_CONTINUATION, 'bieten') as unknown as PolicyFactory<BietenObservation, BietenAction>;
  const policies: SeatedPolicy<BietenObservation, BietenAction>[] = Array.from({ length: live.seats }, () => ({ name: BIETEN_CONTINUATION, policy: factory.create({}) }));
  const sums: Moments[] = actions.map(() => emptyMoments());
  const perWorld: number[][] = [];
  const sampler = keyedRng(seed, key, STREAM.policy, player);
  for (let w = 0; w < worlds; w++) {
    let world: BietenState;
    try {
      world = resampleBietenHidden(live, player, sampler);
    } catch (e) {
      if (e instanceof BietenResampleError) continue;
      throw e;
    }
    const values = actions.map((a, i) => playOut(world, a, policies, seed, key * 4096 + w, player, i));
    values.forEach((v, i) => pushMoment(sums[i]!, v));
    perWorld.push(values);
  }
  if (perWorld.length < 2) return null;
  const values = sums.map((m) => meanInterval(m));
  let best = 0;
  values.forEach((m, i) => {
    if (m.estimate > values[best]!.estimate) best = i;
  });
  const behind = actions.map((_, i) => {
    const m = emptyMoments();
    for (const v of perWorld) pushMoment(m, v[best]! - v[i]!);
    return meanInterval(m);
  });
  return { values, best, behind, worlds: perWorld.length };
}

/** The world played out from `action` by the continuation bot: the seat's points minus the mean of the others still in. */
function playOut(world: BietenState, action: BietenAction, policies: readonly SeatedPolicy<BietenObservation, BietenAction>[], seed: number, key: number, player: number, option: number): number {
  const s = cloneBieten(world);
  bietenGame.applyAction(s, bietenGame.legalActions(s).find((a) => sameBietenAction(a, action)) ?? action);
  runDeal(bietenGame, s, policies, {
    chance: keyedRng(seed, key, STREAM.deal),
    // every action of a world draws the same streams: the actions are compared on equal terms
    policy: Array.from({ length: s.seats }, (_, seat) => ({ rng: keyedRng(seed, key, STREAM.policy, seat) })),
    where: `world ${key}, option ${option}`,
  });
  const points = bietenGame.returns(s);
  const others = s.active.filter((seat) => seat !== player);
  const mean = others.length === 0 ? 0 : others.reduce((t, seat) => t + points[seat]!, 0) / others.length;
  return points[player]! - mean;
}

/** One reviewed decision of a Bieten deal. */
export interface BietenReviewed {
  /** Deal, 1-based as `perlagg review` counts. */
  readonly deal: number;
  readonly seat: number;
  /** Tricks completed before the decision. */
  readonly trick: number;
  readonly taken: string;
  readonly best: string;
  /** Points lost against the best action (0 when the best was taken). */
  readonly lostPoints: number;
  readonly class: ReviewClass;
}

/**
 * Every decision of one finished Bieten deal (its final state from the replay) with more than one legal
 * action, priced from the deciding seat's view: the action taken, the best, the points lost and the class
 * (the thresholds of `perlagg review`).
 */
export function reviewBietenDeal(final: BietenState, deal: number, worlds: number, seed = 1): BietenReviewed[] {
  const s = newDeal(final.rules, dealOptionsOf(final));
  const out: BietenReviewed[] = [];
  final.actions.forEach((a, i) => {
    const player = bietenGame.currentPlayer(s);
    if (a.kind !== 'chance' && player >= 0) {
      const legal = legalActions(s);
      const taken = legal.findIndex((x) => sameBietenAction(x, a));
      if (legal.length > 1 && taken >= 0) {
        const p = priceBieten(s, player, legal, worlds, seed, deal * 1000 + i);
        if (p !== null) {
          const lost = Math.max(0, p.behind[taken]!.estimate);
          out.push({ deal, seat: bietenGame.seatOfPlayer(s, player), trick: s.tricks.filter((t) => t.winner >= 0).length, taken: bietenActionText(a), best: bietenActionText(legal[p.best]!), lostPoints: lost, class: classOf(lost, null, 'points') });
        }
      }
    }
    bietenGame.applyAction(s, a);
  });
  return out;
}
