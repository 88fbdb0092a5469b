// A sampled world as the playout kernel's starting position (kernel.ts).

import type { Observation } from '../engine/observation.ts';
import type { KernelPosition } from './kernel-state.ts';
import { type World, obligationsNow, rulesetOf } from './worlds.ts';

/**
 * The playout kernel's position for an observation and a world (src/playout/kernel.ts): the public course
 * of the hand from the observation, every seat's cards from the world. Stakes: `values` if given, else 1
 * for an unbid figure, the level of a held stake (Aus: at least what the party needs to reach the target),
 * 0 for a figure already written. Load it once per observation, then setHands() per world.
 */
export function kernelPositionOf(obs: Observation, world: World, opts: { values?: ArrayLike<number>; christenAll?: boolean } = {}): KernelPosition {
  const r = rulesetOf(obs);
  const parties = Math.max(...obs.party) + 1;
  let values = opts.values;
  if (values === undefined) {
    const v: number[] = [];
    for (let f = 0; f < 3; f++) {
      const b = obs.bidding[f]!;
      for (let p = 0; p < parties; p++) {
        const need = obs.target - (obs.score[p] ?? 0) - (obs.written[p] ?? 0);
        v.push(b.status === 'closed' ? 0 : b.status === 'stake' ? (b.aus ? Math.max(b.level, need) : b.level) : 1);
      }
    }
    values = v;
  }
  const shown = new Array<number>(obs.seats).fill(-1);
  for (const x of obs.shown) shown[x.seat] = x.gleich | (x.hanger << 7);
  return {
    ruleset: r,
    trump: obs.trump as 'H',
    seats: obs.seats,
    party: obs.party,
    handSize: obs.handSize,
    vorhand: obs.vorhand,
    handLo: world.handLo,
    handWeli: world.handWeli,
    tricks: obs.tricks,
    spielParty: obs.spielParty,
    shown,
    values,
    bound: obligationsNow(obs),
    ...(opts.christenAll === undefined ? {} : { christenAll: opts.christenAll }),
  };
}
