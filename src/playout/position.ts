// A sampled world as the playout kernel's starting position (kernel.ts).

import type { Observation } from '../engine/observation.ts';
import { obligationsOf } from '../engine/obligations.ts';
import type { HandState } from '../engine/state.ts';
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

/**
 * The kernel position of an engine state during trick play (the whole world: every seat's cards), with the
 * deal's bidding and its writes so far (KernelPosition.bid, writeLog): the kernel then writes what the engine
 * writes at the end of the deal.
 */
export function positionOfState(s: HandState, christenAll: boolean): KernelPosition {
  const parties = s.table.parties;
  const values: number[] = new Array<number>(3 * parties).fill(1);
  if (s.bid.active) {
    for (let f = 0; f < 3; f++) {
      const fb = s.bid.figs[f]!;
      for (let p = 0; p < parties; p++) values[f * parties + p] = fb.status === 'closed' ? 0 : fb.status === 'stake' ? fb.level : 1;
    }
  }
  const bound: number[] = [];
  for (let seat = 0; seat < s.table.seats; seat++) bound.push(s.bid.active ? obligationsOf(s, seat) : 0);
  return {
    ruleset: s.ruleset,
    trump: s.trump!,
    seats: s.table.seats,
    party: s.table.party,
    handSize: s.table.handSize,
    spielTricks: s.table.spielTricks,
    vorhand: s.vorhand,
    handLo: s.handLo,
    handWeli: s.handWeli,
    tricks: s.tricks,
    spielParty: s.spielParty,
    values,
    bound,
    christenAll,
    bid: s.bid,
    writeLog: s.events.filter((e) => e.type === 'write' || e.type === 'penalty' || e.type === 'correction'),
  };
}
