// The partner's decisions in the weighting of worlds (issue 28; src/playout/inference.ts weighedReplay,
// SearchConfig.partnerModel, pimc{partnerWeights=none}). A world's likelihood is a product over the other
// seats' decisions; split by party it must factor exactly: the opponents' factor (partner not weighed) times
// the partner's factor (opponents not weighed) is the whole likelihood. The partner's factor must be a real
// one (some world where the model gives the partner's action less than 1), or the test could not fail.
import { describe, expect, it } from 'vitest';
import { observe } from '../../src/engine/observe.ts';
import type { HandState } from '../../src/engine/state.ts';
import { actingSeat } from '../../src/engine/game.ts';
import { keyedRng } from '../../src/core/rng.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { DEFAULT_SEARCH, searchDecision, softened, worldSampler, type SeatModel } from '../../src/playout/api.ts';
import { weighedReplay } from '../../src/playout/inference.ts';
import { positions } from './positions.ts';

const simple = builtinPolicy('simple').create({});
const noRandom = { nextUint32: () => 0 } as never;
const model = softened('simple', (o) => simple.act(o, { rng: noRandom }), 0.2);
/** A likelihood of 1 for every action: a party weighed by it is not weighed. */
const ones: SeatModel = { name: 'ones', distribution: (o) => o.legal.map((action) => ({ action, p: 1 })) };

/** Whether `seat` bid, answered or raised so far. */
const said = (s: HandState, seat: number): boolean => s.events.some((e) => (e.type === 'bid' || e.type === 'answer' || e.type === 'raise') && e.seat === seat);

/** 1853 four-player positions (positions.ts), each at a card decision of the player to act, after his partner and an opponent bid or answered. */
function partnerPositions(hands: number): Array<{ state: HandState; player: number }> {
  const ps = positions('1853', hands, 28, (s) => s.table.seats === 4 && s.phase === 'play');
  return ps.filter(({ state: s, player: p }) => p === actingSeat(s) && said(s, (p + 2) % 4) && (said(s, (p + 1) % 4) || said(s, (p + 3) % 4))).slice(0, 6);
}

describe('the partner in the weighting of worlds', () => {
  const ps = partnerPositions(400);

  it('finds positions where both the partner and an opponent said something', () => {
    expect(ps.length).toBeGreaterThanOrEqual(4);
  });

  it('the likelihood factors into the opponents\u2019 part and the partner\u2019s, and the partner\u2019s part is a real one', () => {
    let partnerBelowOne = 0;
    let worlds = 0;
    for (const [i, { state, player }] of ps.entries()) {
      const obs = observe(state, player);
      const sampler = worldSampler(obs);
      const rng = keyedRng(5, i, 1);
      for (let k = 0; k < 12; k++) {
        const w = sampler.sample(rng);
        const whole = weighedReplay(obs, w, model).like;
        expect(weighedReplay(obs, w, model, model).like).toBe(whole);
        const opponents = weighedReplay(obs, w, model, null).like;
        const partner = weighedReplay(obs, w, ones, model).like;
        expect(opponents * partner).toBeCloseTo(whole, 12);
        expect(weighedReplay(obs, w, ones, null).like).toBe(1);
        if (partner < 1 - 1e-12) partnerBelowOne++;
        worlds++;
      }
    }
    expect(worlds).toBeGreaterThan(0);
    expect(partnerBelowOne).toBeGreaterThan(0);
  });

  it('the search says when the partner is not weighed', () => {
    const obs = observe(ps[0]!.state, ps[0]!.player);
    const cfg = { ...DEFAULT_SEARCH, worlds: 4, worldWeights: 'weighted' as const, model };
    expect(searchDecision(obs, cfg, keyedRng(6, 0, 1)).model).toBe(model.name);
    expect(searchDecision(obs, { ...cfg, partnerModel: null }, keyedRng(6, 0, 1)).model).toBe(`${model.name}, the partner not weighed`);
  });
});
