// Constructed positions for the policy tests: a deal from a layout (engine/game.ts handFromLayout), driven
// through the bidding to the decision under test, and the acting player's Observation (engine/observe.ts).
import { parseCard, parseCards } from '../../src/cards/notation.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { actingSeat, currentPlayer, handFromLayout } from '../../src/engine/game.ts';
import { applyChecked } from '../../src/engine/checked.ts';
import { observe } from '../../src/engine/observe.ts';
import { type Observation } from '../../src/engine/observation.ts';
import type { FigureName, PolicyAction } from '../../src/engine/actions.ts';
import type { HandState } from '../../src/engine/state.ts';
import type { PolicyFactory, RandomSource } from '../../src/policy/api.ts';

export const c = parseCard;

/**
 * The ruleset at a silent table (partnerInfo=none) unless the name sets partnerInfo itself: the advice
 * tests of bidding and play are about the cards; the talk tests name their level (RULES §13).
 */
export function silentUnlessSaid(ruleset: string): string {
  if (ruleset.includes('partnerInfo=')) return ruleset;
  return ruleset.endsWith('}') ? `${ruleset.slice(0, -1)},partnerInfo=none}` : `${ruleset}{partnerInfo=none}`;
}

/** A four-player deal; dealer P4, so P1 (seat 0) leads; parties: P1+P3 = 0, P2+P4 = 1. */
export function setup(hands: readonly string[], turned: string, score: readonly number[] = [0, 0], ruleset = '1853', stock?: string): HandState {
  return handFromLayout(
    resolveRuleset(silentUnlessSaid(ruleset)),
    { players: 4, dealer: 3, score },
    { hands: hands.map((h) => parseCards(h)), turned: c(turned), ...(stock === undefined ? {} : { stock: parseCards(stock) }) },
  );
}

/** Pass the unseen window (point −1). */
export function toFirstCard(s: HandState): void {
  while (s.phase === 'window' && s.bid.point < 0) applyChecked(s, { kind: 'pass' });
}

/** Pass in the open window until `seat` is to act. */
export function toSeat(s: HandState, seat: number): void {
  while (s.phase === 'window' && actingSeat(s) !== seat) applyChecked(s, { kind: 'pass' });
  if (s.phase !== 'window') throw new Error(`no window for P${seat + 1} (phase ${s.phase})`);
}

/** `seat` bids in the open window; its partner consents. */
export function bid(s: HandState, seat: number, ...figures: FigureName[]): void {
  toSeat(s, seat);
  applyChecked(s, { kind: 'bid', figures, cumulative: false, unseen: s.bid.point < 0 });
  if (s.phase === 'veto') applyChecked(s, { kind: 'consent' });
}

/** Apply an action (and consent to it when a veto window follows). */
export function apply(s: HandState, a: PolicyAction): void {
  applyChecked(s, a);
  if (s.phase === 'veto') applyChecked(s, { kind: 'consent' });
}

/** Play cards in order ("HA"…), passing every bid window before each card. */
export function playCards(s: HandState, ...cards: string[]): void {
  for (const name of cards) {
    toPlay(s);
    const card = c(name);
    applyChecked(s, { kind: 'play', card, as: s.perl!.level[card]! > 0 ? card : null });
  }
}

/** Pass every open bid window up to the next card. */
export function toPlay(s: HandState): void {
  while (s.phase === 'window') applyChecked(s, { kind: 'pass' });
}

/** A source that always draws `x` (0 ≤ x < 1): for rates. */
export function fixedRng(x = 0.5): RandomSource {
  return { nextUint32: () => Math.floor(x * 2 ** 32), below: (n) => Math.floor(x * n), nextFloat: () => x };
}

export function observeActing(s: HandState): Observation {
  return observe(s, currentPlayer(s));
}

/** The policy's action at the state's current decision. */
export function decide(f: PolicyFactory, s: HandState, options: Record<string, number | boolean | string> = {}, x = 0.5): PolicyAction {
  return f.create(options).act(observeActing(s), { rng: fixedRng(x) });
}
