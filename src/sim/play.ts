// Play one deal: a pure function of (ruleset, players, policies, root seed, deal index, dealer). Chance
// (the shuffle and the cut) draws from the deal's keyed stream (root, deal); each player's policy gets its
// own keyed stream (root, deal, seat) — GUIDE guideline 8. This is what the Monte Carlo runner calls.
import type { Policy } from '../policy/api.ts';
import { actionText, sameAction, type PolicyAction } from '../engine/actions.ts';
import {
  CHANCE,
  TERMINAL,
  applyAction,
  chanceOutcomes,
  currentPlayer,
  explainIllegal,
  legalActions,
  newHand,
  returns,
} from '../engine/game.ts';
import { observe, type Observation } from '../engine/observe.ts';
import type { HandState } from '../engine/state.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { STREAM, keyedRng } from './seeds.ts';

/** A policy fault: an illegal action or an exception, named so the deal can be replayed. */
export class PolicyFault extends Error {
  override name = 'PolicyFault';
}

export interface SeatPolicy {
  /** Name for error messages (policy spec). */
  readonly name: string;
  readonly policy: Policy;
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
  /** Partie score per party before the deal (for the observation). */
  readonly score?: readonly number[];
  /** Hook for tests: called at every decision with the state before the action. */
  readonly onDecision?: (s: HandState, player: number, obs: Observation, action: PolicyAction) => void;
  /** Verify each policy action with explainIllegal (default true). */
  readonly checked?: boolean;
  /** Upper bound on steps (default 400). */
  readonly maxSteps?: number;
}

export interface DealResult {
  readonly state: HandState;
  /** Points per party. */
  readonly points: readonly number[];
  /** Points per player. */
  readonly returns: readonly number[];
  readonly decisions: number;
}

export function playDeal(o: PlayDealOptions): DealResult {
  const s = newHand(o.ruleset, { players: o.players, dealer: o.dealer, ...(o.dummySeat === undefined ? {} : { dummySeat: o.dummySeat }) });
  if (o.policies.length !== s.table.players) throw new RangeError(`${s.table.players} players need ${s.table.players} policies, got ${o.policies.length}`);
  const chance = keyedRng(o.rootSeed, o.dealIndex, STREAM.deal);
  const ctxs = s.table.seatOfPlayer.map((seat) => ({ rng: keyedRng(o.rootSeed, o.dealIndex, STREAM.policy, seat) }));
  const checked = o.checked ?? true;
  const maxSteps = o.maxSteps ?? 400;
  let decisions = 0;
  for (let step = 0; ; step++) {
    if (step > maxSteps) throw new Error(`deal ${o.dealIndex} (seed ${o.rootSeed}) did not end within ${maxSteps} steps`);
    const p = currentPlayer(s);
    if (p === TERMINAL) break;
    if (p === CHANCE) {
      applyAction(s, { kind: 'chance', outcome: chance.below(chanceOutcomes(s)) });
      continue;
    }
    const seat = s.table.seatOfPlayer[p]!;
    const sp = o.policies[p]!;
    const where = `policy ${sp.name} (player ${p}, seat P${seat + 1}), deal ${o.dealIndex}, seed ${o.rootSeed}`;
    const obs = observe(s, p, o.score ?? []);
    let a: PolicyAction;
    try {
      a = sp.policy.act(obs, ctxs[p]!);
    } catch (e) {
      throw new PolicyFault(`${where}: threw ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
    if (checked) {
      const why = a === null || typeof a !== 'object' ? 'not an action' : explainIllegal(s, a);
      if (why !== null) throw new PolicyFault(`${where}: illegal action ${a !== null && typeof a === 'object' ? actionText(a) : String(a)}: ${why}`);
      if (!legalActions(s).some((x) => sameAction(x, a))) throw new PolicyFault(`${where}: action ${actionText(a)} is not among the legal actions`);
    }
    o.onDecision?.(s, p, obs, a);
    applyAction(s, a);
    decisions++;
  }
  return { state: s, points: s.points.slice(), returns: returns(s), decisions };
}
