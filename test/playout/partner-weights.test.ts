// The partner's decisions in the weighting of worlds (issue 28; src/playout/inference.ts weighedReplay,
// SearchConfig.partnerModel, pimc{partnerWeights=none}). A world's likelihood is a product over the other
// seats' decisions; split by party it must factor exactly: the opponents' factor (partner not weighed) times
// the partner's factor (opponents not weighed) is the whole likelihood. The partner's factor must be a real
// one (some world where the model gives the partner's action less than 1), or the test could not fail.
import { describe, expect, it } from 'vitest';
import { observe } from '../../src/engine/observe.ts';
import { cloneState, type HandState } from '../../src/engine/state.ts';
import { keyedRng } from '../../src/core/rng.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { playDeal } from '../../src/play/hand.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { DEFAULT_SEARCH, searchDecision, softened, worldSampler, type SeatModel } from '../../src/playout/api.ts';
import { weighedReplay } from '../../src/playout/inference.ts';

const simple = builtinPolicy('simple').create({});
const noRandom = { nextUint32: () => 0 } as never;
const model = softened('simple', (o) => simple.act(o, { rng: noRandom }), 0.2);
/** A likelihood of 1 for every action: a party weighed by it is not weighed. */
const ones: SeatModel = { name: 'ones', distribution: (o) => o.legal.map((action) => ({ action, p: 1 })) };

/** 1853 four-player hands played by simple, cut at a card decision of player 0 after its partner (seat 2) and an opponent bid or answered. */
function positions(hands: number): HandState[] {
  const r = resolveRuleset('1853');
  const out: HandState[] = [];
  for (let d = 0; d < hands && out.length < 6; d++) {
    let taken = false;
    playDeal({
      ruleset: r,
      players: 4,
      policies: [0, 1, 2, 3].map(() => ({ name: 'simple', policy: simple })),
      rootSeed: 28,
      dealIndex: d,
      dealer: d % 4,
      onDecision: (s, p) => {
        if (taken || p !== 0 || s.phase !== 'play') return;
        const by = (seat: number): boolean => s.events.some((e) => (e.type === 'bid' || e.type === 'answer' || e.type === 'raise') && e.seat === seat);
        if (!by(2) || !(by(1) || by(3))) return;
        taken = true;
        out.push(cloneState(s));
      },
    });
  }
  return out;
}

describe('the partner in the weighting of worlds', () => {
  const ps = positions(400);

  it('finds positions where both the partner and an opponent said something', () => {
    expect(ps.length).toBeGreaterThanOrEqual(4);
  });

  it('the likelihood factors into the opponents\u2019 part and the partner\u2019s, and the partner\u2019s part is a real one', () => {
    let partnerBelowOne = 0;
    let worlds = 0;
    for (const [i, s] of ps.entries()) {
      const obs = observe(s, 0);
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
    const s = ps[0]!;
    const obs = observe(s, 0);
    const cfg = { ...DEFAULT_SEARCH, worlds: 4, worldWeights: 'weighted' as const, model };
    expect(searchDecision(obs, cfg, keyedRng(6, 0, 1)).model).toBe(model.name);
    expect(searchDecision(obs, { ...cfg, partnerModel: null }, keyedRng(6, 0, 1)).model).toBe(`${model.name}, the partner not weighed`);
  });
});
