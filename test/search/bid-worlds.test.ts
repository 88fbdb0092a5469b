// pimc{bidWorlds=N} (issue 28; docs/solved.md "How far 90% is"): the bidding war's decisions (bid windows,
// answers, vetoes) sample N worlds, every other decision `worlds`. With the same stream a bid decision is then
// the one pimc{worlds=N} takes, a card decision the one pimc{worlds} takes — and the two world counts do
// choose otherwise somewhere, or the test could not tell them apart.
import { describe, expect, it } from 'vitest';
import { keyedRng } from '../../src/core/rng.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { playDeal } from '../../src/play/hand.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import type { Observation } from '../../src/policy/api.ts';
import { BID_PHASES } from '../../strategies/solved-layer.ts';

const simple = builtinPolicy('simple').create({});

/** Decisions of every seat in 1853 deals played by simple, with more than one legal action: up to n in the bidding war and n elsewhere. */
function decisions(n: number): { bids: Observation[]; others: Observation[] } {
  const bids: Observation[] = [];
  const others: Observation[] = [];
  for (let d = 0; d < 60 && (bids.length < n || others.length < n); d++) {
    playDeal({
      ruleset: resolveRuleset('1853'), players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'simple', policy: simple })), rootSeed: 9, dealIndex: d, dealer: d % 4,
      onDecision: (_s, _p, obs) => {
        if (obs.legal.length <= 1 || obs.phase === 'talk' || obs.phase === 'cutKeep' || obs.trump === null) return;
        const to = BID_PHASES.has(obs.phase) ? bids : others;
        if (to.length < n && (d + to.length) % 3 === 0) to.push(obs);
      },
    });
  }
  return { bids, others };
}

describe('pimc: more worlds for the bidding war', () => {
  const { bids, others } = decisions(14);
  const pimc = (o: Record<string, number>) => builtinPolicy('pimc').create(o);
  const both = pimc({ worlds: 3, bidWorlds: 24 });
  const few = pimc({ worlds: 3 });
  const many = pimc({ worlds: 24 });
  const act = (p: ReturnType<typeof pimc>, obs: Observation, k: number) => p.act(obs, { rng: keyedRng(11, k, 2, obs.seat) });

  it('samples bidWorlds in the bidding war and worlds elsewhere', () => {
    expect(bids.length).toBe(14);
    expect(others.length).toBe(14);
    const told = [0, 0];
    bids.forEach((obs, k) => {
      expect(act(both, obs, k)).toEqual(act(many, obs, k));
      if (JSON.stringify(act(few, obs, k)) !== JSON.stringify(act(many, obs, k))) told[0]!++;
    });
    others.forEach((obs, k) => {
      expect(act(both, obs, k)).toEqual(act(few, obs, k));
      if (JSON.stringify(act(few, obs, k)) !== JSON.stringify(act(many, obs, k))) told[1]!++;
    });
    // 3 and 24 worlds choose otherwise in both kinds of decision: each equality above could fail
    expect(told[0]).toBeGreaterThan(0);
    expect(told[1]).toBeGreaterThan(0);
  });
});
