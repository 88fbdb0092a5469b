// The fixes of the bid-everything leak (docs/solved.md, "Why bid-everything won"): the population of the
// restricted Nash response (src/solve/bidwar.ts: in a share of the deals the traverser's opponents are fixed
// bots, never a decision of the table), the coarse keys a rarely valued key falls back to (table.ts,
// solved-layer.ts), the veto's key naming the act vetoed, and the leak finder (src/solve/leaks.ts).
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.ts';
import { bidwarGame } from '../../src/solve/bidwar.ts';
import { Cfr } from '../../src/solve/cfr.ts';
import { tableData, thresholded } from '../../src/solve/table.ts';
import { bidLeaks, leakOf } from '../../src/solve/leaks.ts';
import { coarseKey, probsOf } from '../../strategies/solved-layer.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';

const ruleset = resolveRuleset('1853');
const simple = () => builtinPolicy('simple').create({});
const bidAll = () => builtinPolicy('bid-everything').create({});

describe('the population of the restricted Nash response', () => {
  it('share 1: every deal against the population — the table decides only for the traverser\'s party', () => {
    const game = bidwarGame({ ruleset, cards: simple(), population: { bots: [bidAll()], share: 1 } });
    const rng = new Rng(3, 1, 4, 1);
    let decisions = 0;
    for (let d = 0; d < 20; d++) {
      const traverser = d % 4;
      const st = game.deal(rng, d + 1, traverser);
      expect(st.oppParty).toBe(1 - st.s.table.party[traverser]!);
      for (let p = game.advance(st, rng); p >= 0; p = game.advance(st, rng)) {
        expect(st.s.table.party[p]).not.toBe(st.oppParty);
        decisions++;
        game.apply(st, game.decision(st).n - 1, rng);
      }
    }
    expect(decisions).toBeGreaterThan(20);
  });

  it('share 0 is self-play: both parties decide', () => {
    const game = bidwarGame({ ruleset, cards: simple(), population: { bots: [bidAll()], share: 0 } });
    const rng = new Rng(3, 1, 4, 1);
    const parties = new Set<number>();
    for (let d = 0; d < 20; d++) {
      const st = game.deal(rng, d + 1, 0);
      expect(st.opp).toBeNull();
      for (let p = game.advance(st, rng); p >= 0; p = game.advance(st, rng)) {
        parties.add(st.s.table.party[p]!);
        game.apply(st, 0, rng);
      }
    }
    expect([...parties].sort()).toEqual([0, 1]);
  });
});

describe('coarse keys and the veto key', () => {
  it('a coarse key leaves out the score and the position; a key not in the table is answered by it', () => {
    expect(coarseKey('A02u|1|bb|v|t|2O|ghr')).toBe('A02u|1|*|*|t|2O|ghr');
    const keys = { 'A02u|1|*|*|t|2O|ghr': [100, 200, 700], 'A02u|1|ab|d|t|2O|ghr': [1000, 0, 0] };
    expect(probsOf(keys, 'A02u|1|ab|d|t|2O|ghr', 3)).toEqual([1000, 0, 0]);
    expect(probsOf(keys, 'A02u|1|gb|v|t|2O|ghr', 3)).toEqual([100, 200, 700]);
    expect(probsOf(keys, 'A02u|1|gb|v|t|2O|gh', 2)).toBeUndefined();
  });

  it('thresholding drops the actions below the threshold and renormalises; the most likely action always stays', () => {
    expect(thresholded([100, 300, 600], 0.2)).toEqual([0, 333, 667]);
    expect(thresholded([100, 300, 600], 0)).toEqual([100, 300, 600]);
    expect(thresholded([340, 330, 330], 0.5)).toEqual([1000, 0, 0]);
  });

  it('a table with min visits keeps the coarse rows of all keys, and the veto keys name the act vetoed', () => {
    const game = bidwarGame({ ruleset, cards: simple() });
    const cfr = new Cfr(game, new Rng(5, 5, 5, 5), { valueProb: 0.34 });
    cfr.run(150);
    const all = tableData(cfr.table, { ruleset: '1853', cards: 'simple', seed: 5, iterations: 150, command: '' });
    const fine = tableData(cfr.table, { ruleset: '1853', cards: 'simple', seed: 5, iterations: 150, command: '' }, { minVisits: 4, coarse: true });
    const fineKeys = Object.keys(fine.keys).filter((k) => !k.includes('|*|'));
    expect(fineKeys.length).toBeLessThan(Object.keys(all.keys).length); // the rarely valued keys are left out
    for (const k of Object.keys(all.keys)) expect(probsOf(fine.keys, k, all.keys[k]!.length)).toBeDefined(); // … and answered by their coarse key
    const vetoes = Object.keys(all.keys).filter((k) => k[0] === 'V');
    expect(vetoes.length).toBeGreaterThan(0);
    for (const k of vetoes) expect(k).toMatch(/^V(b[123]u?|[rh][012][2-6A])\|/);
  });
});

describe('the leak finder', () => {
  it('finds simple leaking against bid-everything: a group whose best action wins more than its own choice', () => {
    const rows = bidLeaks({ ruleset, a: simple(), b: bidAll(), deals: 12, rollouts: 2, seed: 4 });
    expect(rows.reduce((t, g) => t + g.decisions, 0)).toBeGreaterThan(12);
    for (const g of rows) expect(g.count.reduce((x, y) => x + y, 0)).toBeLessThanOrEqual(g.decisions);
    expect(Math.max(...rows.map(leakOf))).toBeGreaterThan(0);
  });
});
