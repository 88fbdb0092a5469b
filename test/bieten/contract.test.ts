// GUIDE §7: every game runs behind one contract (src/games/game.ts). The same driver and the same checks
// for each: decisions have legal actions, each legal action is explained legal, a foreign action is
// explained illegal in words, the deal ends, returns have one entry a player, the transcript prints, and the
// runner's tables declare their columns and fill every one.
import { describe, expect, it } from 'vitest';
import { GAMES } from '../../src/registry/games.ts';
import { CHANCE, TERMINAL, type AnyGame } from '../../src/games/game.ts';
import { allocColumns } from '../../src/sim/job.ts';
import { STREAM, keyedRng } from '../../src/core/rng.ts';
import type { Policy } from '../../src/policy/api.ts';
import { runDeal } from '../../src/play/deal.ts';

const uniform: Policy<unknown, { kind: string }> = {
  act(obs, ctx) {
    const legal = (obs as { legal: Array<{ kind: string }> }).legal;
    return legal[ctx.rng.below(legal.length)]!;
  },
};

describe('one contract for every game', () => {
  for (const game of Object.values(GAMES) as AnyGame[]) {
    it(`${game.name}: the contract holds over 120 random deals at every table size it has`, () => {
      const r = game.resolveRuleset(game.defaultRuleset);
      expect(game.rulesetName(r)).toBe(game.defaultRuleset);
      let decisions = 0;
      for (let d = 0; d < 120; d++) {
        const players = game.playerCounts[d % Math.min(game.playerCounts.length, 5)]!;
        const s = game.newState(r, { players, dealer: 0 });
        const n = runDeal(game, s, Array.from({ length: players }, () => ({ name: 'uniform', policy: uniform })), {
          chance: keyedRng(5, d, STREAM.deal),
          policy: Array.from({ length: players }, (_, seat) => ({ rng: keyedRng(5, d, STREAM.policy, seat) })),
          where: `deal ${d}`,
        }, {
          onDecision: (st) => {
            const legal = game.legalActions(st);
            expect(legal.length).toBeGreaterThan(0);
            expect(game.currentPlayer(st)).not.toBe(CHANCE);
            for (const a of legal.slice(0, 3)) expect(game.explainIllegal(st, a)).toBeNull();
            expect(game.explainIllegal(st, { kind: 'chance', outcome: 0 })).toMatch(/cannot|chance/);
            expect(game.explainIllegal(st, { kind: 'nonsense' } as never)).toMatch(/unknown action kind "nonsense"/);
          },
        });
        decisions += n;
        expect(game.currentPlayer(s)).toBe(TERMINAL);
        expect(game.returns(s)).toHaveLength(players);
        expect(game.transcript(s, { seed: 5, deal: d, policies: [] }).length).toBeGreaterThan(100);
        const cols = game.tables.deals.columns(r, players);
        const col = allocColumns(cols, 1);
        for (const c of cols) if (c.type === 'utf8') (col[c.name] as string[])[0] = '\u0000';
        game.tables.deals.fill(col, 0, { partie: 0, deal: d, seating: 0 }, { state: s, decisions: n });
        for (const c of cols) if (c.type === 'utf8') expect((col[c.name] as string[])[0], c.name).not.toBe('\u0000');
      }
      expect(decisions).toBeGreaterThan(120);
    });
  }
});

describe('the runner\'s tables', () => {
  it('one row per game: Bieten declares and fills its games table', async () => {
    const { playBietenGame } = await import('../../src/play/bieten-game.ts');
    const { resolveBietenRules } = await import('../../src/games/bieten/rules.ts');
    const game = GAMES.bieten;
    const g = playBietenGame({ rules: resolveBietenRules('bieten'), players: 4, policies: Array.from({ length: 4 }, () => ({ name: 'u', policy: uniform as never })), rootSeed: 1, gameIndex: 0 });
    const cols = game.tables.parties.columns(null, 4);
    expect(cols.map((c) => c.name)).toContain('s3_place');
    const col = allocColumns(cols, 1);
    game.tables.parties.fill(col, 0, { partie: 0, deal: 0, seating: 0 }, g);
    expect((col['loser'] as Uint8Array)[0]).toBe(g.loser);
    expect((col[`s${g.loser}_place`] as Uint8Array)[0]).toBe(4);
    expect((col['deals'] as Uint16Array)[0]).toBe(g.sheet.length);
  });
});
