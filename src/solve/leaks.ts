// Where a bot's bid layer leaks against one opponent (issue 28, the diagnosis of docs/solved.md): deals at
// 0:0 with party 0 played by `a` and party 1 by `b`; at each of a's bid decisions with a choice (the
// abstraction's, strategies/solved-layer.ts) every abstract action is valued by `rollouts` playouts of a copy
// of the deal under the same two bots, and the action a took is noted. Grouped by the decision's situation
// (phase, figure, level, point, actions), the leak of a group is what the group's best single action would
// have won more than a's own choices, averaged over its decisions — a local best response, one decision
// changed at a time; summed per deal it says which situations an exploiter wins in.
import { sameAction } from '../engine/actions.ts';
import { CHANCE, TERMINAL, applyAction, chanceOutcomes, currentPlayer, newHand } from '../engine/game.ts';
import { observe } from '../engine/observe.ts';
import { cloneState, type HandState } from '../engine/state.ts';
import { Rng } from '../core/rng.ts';
import type { Policy } from '../policy/api.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { abstractDecision } from '../../strategies/solved-layer.ts';

export interface LeakGroup {
  readonly group: string;
  decisions: number;
  /** Sum over the decisions of each action's mean value (a's party's margin), in the group's letter order. */
  readonly value: number[];
  /** Sum of the value of the action a took. */
  taken: number;
  /** How often a took each action. */
  readonly count: number[];
}

export interface LeakOptions {
  readonly ruleset: RulesVariant;
  readonly a: Policy;
  readonly b: Policy;
  readonly deals: number;
  readonly rollouts: number;
  readonly seed: number;
  /** The group of a decision's key (default: the key's phase head, point and actions). */
  readonly groupOf?: (key: string) => string;
}

/** The margin of party 0 after playing `s` to its end with a in seats 0, 2 and b in 1, 3. */
function playOut(s: HandState, pol: readonly Policy[], rng: Rng): number {
  for (let step = 0; step < 2000; step++) {
    const p = currentPlayer(s);
    if (p === TERMINAL) return s.points[s.table.party[0]!]! - s.points[1 - s.table.party[0]!]!;
    if (p === CHANCE) applyAction(s, { kind: 'chance', outcome: rng.below(chanceOutcomes(s)) });
    else applyAction(s, pol[p]!.act(observe(s, p), { rng }));
  }
  throw new Error('internal: a deal did not end within 2000 steps');
}

export function bidLeaks(o: LeakOptions): LeakGroup[] {
  const groups = new Map<string, LeakGroup>();
  const groupOf = o.groupOf ?? ((key: string) => { const f = key.split('|'); return `${f[0]}|${f[4]}|${f[6]}`; });
  const pol = [o.a, o.b, o.a, o.b];
  const rng = new Rng(o.seed >>> 0, 0x1ea4, 28, 3);
  for (let d = 0; d < o.deals; d++) {
    const s = newHand(o.ruleset, { players: 4, dealer: d % 4, score: [0, 0], quietSeats: 15 });
    for (let step = 0; step < 2000; step++) {
      const p = currentPlayer(s);
      if (p === TERMINAL) break;
      if (p === CHANCE) {
        applyAction(s, { kind: 'chance', outcome: rng.below(chanceOutcomes(s)) });
        continue;
      }
      const obs = observe(s, p);
      const act = pol[p]!.act(obs, { rng });
      const dec = p % 2 === 0 ? abstractDecision(obs) : null;
      if (dec !== null && dec.actions.length > 1) {
        const g = groupOf(dec.key);
        let row = groups.get(g);
        if (row === undefined) {
          row = { group: g, decisions: 0, value: dec.actions.map(() => 0), taken: 0, count: dec.actions.map(() => 0) };
          groups.set(g, row);
        }
        const vals = dec.actions.map((a) => {
          let v = 0;
          for (let k = 0; k < o.rollouts; k++) {
            const c = cloneState(s);
            applyAction(c, a);
            v += playOut(c, pol, rng);
          }
          return v / o.rollouts;
        });
        const i = dec.actions.findIndex((a) => sameAction(a, act));
        row.decisions++;
        for (let a = 0; a < vals.length; a++) row.value[a]! += vals[a]!;
        if (i >= 0) {
          row.count[i]!++;
          row.taken += vals[i]!;
        } else row.taken += vals.reduce((x, y) => x + y, 0) / vals.length; // an action outside the abstraction: not counted
      }
      applyAction(s, act);
    }
  }
  return [...groups.values()];
}

/** A group's leak: (best single action's mean value − the taken actions' mean value) × its decisions. */
export function leakOf(g: LeakGroup): number {
  return Math.max(...g.value) - g.taken;
}
