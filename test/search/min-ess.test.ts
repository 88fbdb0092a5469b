// Weighted worlds with `minEss` (advise --min-ess, pimc minEss; src/playout/search.ts): where the weights are
// uneven, few of the worlds drawn are effective and the intervals cover the long run's mean too rarely
// (docs/commands.md, advise); drawing more worlds until the effective worlds reach minEss (at most
// MIN_ESS_CAP × the worlds asked) raises them, and says what it drew. Off by default.
import { describe, expect, it } from 'vitest';
import { advise, buildPosition, type PositionSpec } from '../../src/cli/advise.ts';
import { UsageError } from '../../src/core/errors.ts';
import { keyedRng } from '../../src/core/rng.ts';
import { MIN_ESS_CAP } from '../../src/playout/search-config.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';

// P2 bid the Gleich: most uniform worlds give P2 none, and simple would not have bid there — uneven weights
const spec: PositionSpec = { ruleset: '1853', players: 4, seat: 2, hand: 'H7 L8 E10 HU LO', turned: 'S9', stockShown: 'L7', dealer: 3, moves: 'P1 pass; P2 bid Gleich', seed: 1 };
const opts = { worlds: 20, continuation: 'simple' as const, rolloutsPerWorld: 1, seed: 1, objective: 'points' as const, weights: 'weighted' as const };

describe('weighted worlds: drawn until the effective worlds reach minEss', () => {
  it('raises the effective worlds where the weights are uneven, and says how many worlds it drew', () => {
    const plain = advise(spec, { ...opts, minEss: 0 });
    expect(plain.decision.worlds).toBe(20);
    expect(plain.decision.effectiveWorlds).toBeLessThan(5);
    expect(plain.assumed.minEss).toBe(0);
    expect(plain.decision.notes.some((n) => n.startsWith('min-ess'))).toBe(false);
    const more = advise(spec, { ...opts, minEss: 20 });
    // advise's default with weighted worlds: drawn until as many are effective as worlds were asked
    expect(advise(spec, opts).decision).toEqual(more.decision);
    const d = more.decision;
    expect(d.weights).toBe('weighted');
    expect(d.worlds).toBeGreaterThan(20);
    expect(d.worlds).toBeLessThanOrEqual(MIN_ESS_CAP * 20);
    expect(d.worlds % 20).toBe(0); // drawn 20 at a time
    expect(d.effectiveWorlds).toBeGreaterThan(3 * plain.decision.effectiveWorlds);
    expect(d.effectiveWorlds >= 20 || d.worlds === MIN_ESS_CAP * 20).toBe(true);
    expect(more.assumed).toMatchObject({ minEss: 20, worlds: d.worlds, effectiveWorlds: d.effectiveWorlds });
    const note = d.notes.find((n) => n.startsWith('min-ess 20:'));
    expect(note).toMatch(new RegExp(`^min-ess 20: ${d.worlds} worlds drawn \\(20 asked\\), ${d.effectiveWorlds.toFixed(1)} effective`));
    // the first 20 worlds are those drawn without it: the options' intervals narrow
    for (let i = 0; i < d.options.length; i++) {
      const a = plain.decision.options[i]!.points;
      const b = d.options[i]!.points;
      if (a === null || b === null) continue;
      expect(b.hi - b.lo).toBeLessThan(a.hi - a.lo);
    }
  });

  it('stops as soon as the effective worlds are reached: equal weights draw no more', () => {
    // only passes so far: here every world weighs alike, ESS = worlds
    const open: PositionSpec = { ...spec, moves: 'P1 pass; P2 pass; P3 pass; P4 pass; P1 pass; P2 pass' };
    const d = advise(open, { ...opts, minEss: 20 }).decision;
    expect(d.effectiveWorlds).toBeCloseTo(20, 6);
    expect(d.worlds).toBe(20);
    expect(d.notes).toContain('min-ess 20: 20 worlds drawn (20 asked), 20.0 effective — reached 20');
  });

  it('is refused for equally weighted worlds; pimc takes it as an option', () => {
    expect(() => advise(spec, { ...opts, weights: 'uniform', minEss: 20 })).toThrow(UsageError);
    const pimc = builtinPolicy('pimc').create({ worlds: 8, worldWeights: 'weighted', minEss: 8 });
    const { obs } = buildPosition(spec);
    const a = pimc.act(obs, { rng: keyedRng(3, 0, 2, 2) });
    expect(obs.legal.some((x) => x.kind === a.kind)).toBe(true);
  });
});
