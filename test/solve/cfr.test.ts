// The sampled CFR of src/solve/cfr.ts on Kuhn poker: its average strategy must come close to an equilibrium
// (exploitability measured exactly by the 64 pure strategies of each player) and to the game value −1/18.
import { describe, expect, it } from 'vitest';
import { Rng } from '../../src/core/rng.ts';
import { Cfr } from '../../src/solve/cfr.ts';
import { exploitability, kuhn, value } from './kuhn.ts';

describe('sampled CFR on Kuhn poker', () => {
  it('converges: exploitability falls below 0.02 and the value is near −1/18', () => {
    const cfr = new Cfr(kuhn, new Rng(1, 2, 3, 4));
    const strat = (k: string): number => cfr.table.average(k)?.[1] ?? 0.5;
    cfr.run(500);
    const early = exploitability(strat, strat);
    cfr.run(19_500);
    const late = exploitability(strat, strat);
    expect(late).toBeLessThan(0.02);
    expect(late).toBeLessThan(early);
    expect(Math.abs(value(strat, strat) - -1 / 18)).toBeLessThan(0.02);
  });

  it('against a fixed opponent, the learner finds a best response (what it wins is the opponent exploitability)', () => {
    // player 1 always bets: player 0's best response wins what bestResponse says
    const alwaysBet = (): number => 1;
    const cfr = new Cfr(kuhn, new Rng(5, 6, 7, 8), { learners: [0], fixed: () => 1 });
    cfr.run(20_000);
    const learnt = (k: string): number => cfr.table.average(k)?.[1] ?? 0.5;
    const br = value(learnt, alwaysBet);
    // the exact best response against always-bet
    let best = -Infinity;
    for (let m = 0; m < 64; m++) {
      const keys = ['0', '1', '2', '0pb', '1pb', '2pb'];
      best = Math.max(best, value((k) => (m >> keys.indexOf(k)) & 1, alwaysBet));
    }
    expect(br).toBeGreaterThan(best - 0.02);
  });
});
