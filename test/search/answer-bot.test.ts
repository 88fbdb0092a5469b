// Issue 28: the other party's answers in pimc's lines asked of a bot (SearchConfig.answerBot; pimc
// answers=author1853), on the world's cards — its own observation in the line's engine state — and the worlds
// weighted by a model of another bot (pimc seatModel=author1853). On the hand-built 1853 position of
// raisers-hold.test.ts (P2 bid the Spiel with nothing, P3 raised it to Drei, P2 answers): an answer bot that
// always lets gut makes the re-raise worth its stake, one that always holds makes it a loss.
import { describe, expect, it } from 'vitest';
import { buildPosition, type PositionSpec } from '../../src/cli/advise.ts';
import { DEFAULT_SEARCH } from '../../src/playout/search-config.ts';
import { searchDecision } from '../../src/playout/decision.ts';
import { keyedRng } from '../../src/core/rng.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import type { Policy } from '../../src/policy/api.ts';
import type { Observation } from '../../src/engine/observation.ts';

const spec: PositionSpec = {
  ruleset: '1853', players: 4, seat: 1, hand: 'H7 L8 E10 HU LO', turned: 'S9', stockShown: 'L7', dealer: 3, seed: 1,
  moves: 'P1 pass; P2 pass; P3 pass; P4 pass; P1 pass; P2 bid Spiel; P3 raise Spiel 3',
};

/** A bot that answers every offer `kind` and records the observations it was asked about. */
function always(kind: 'gut' | 'hold', asked: Observation[]): Policy {
  return { act: (obs) => (asked.push(obs), obs.legal.find((a) => a.kind === kind) ?? obs.legal[0]!) } as Policy;
}

describe('answerBot: the opponents answer as a bot does', () => {
  const { obs } = buildPosition(spec);
  const raiseOf = (bot: Policy): number => {
    const d = searchDecision(obs, { ...DEFAULT_SEARCH, worlds: 16, everyOption: true, answerBot: bot }, keyedRng(5, 0, 1, 2));
    return d.options.find((o) => o.action.kind === 'raise')!.points!.mean;
  };

  it('asks the bot for P3’s answer to our re-raise, on P3’s own observation', () => {
    const asked: Observation[] = [];
    raiseOf(always('gut', asked));
    expect(asked.length).toBeGreaterThanOrEqual(16);
    for (const o of asked) {
      expect(o.player).toBe(2);
      expect(o.phase).toBe('answer');
      expect(o.hand.length).toBeGreaterThan(0);
    }
    // P3's cards differ between the worlds
    expect(new Set(asked.map((o) => JSON.stringify(o.hand))).size).toBeGreaterThan(1);
  });

  it('the re-raise is worth its stake against a folder, a loss against a holder', () => {
    const fold = raiseOf(always('gut', []));
    const hold = raiseOf(always('hold', []));
    expect(fold).toBeGreaterThan(1);
    expect(hold).toBeLessThan(fold - 2);
  });

  it('pimc{answers=author1853} and seatModel=author1853 are declared, and are its defaults', () => {
    const o = builtinPolicy('pimc').options as Record<string, { default?: unknown; values?: readonly string[] }>;
    expect(o['answers']?.values).toContain('author1853');
    // the defaults since pimc 1.1.0 (docs/solved.md: measured the strongest against author1853)
    expect(o['answers']?.default).toBe('author1853');
    expect(o['seatModel']?.default).toBe('author1853');
    expect((o as Record<string, { default?: unknown }>)['worldWeights']?.default).toBe('weighted');
    const pimc = builtinPolicy('pimc');
    const a = pimc.create({ worlds: 8, answers: 'author1853', worldWeights: 'weighted', seatModel: 'author1853' }).act(obs, { rng: keyedRng(3, 0, 1, 2) });
    expect(obs.legal).toContainEqual(a);
  });
});
