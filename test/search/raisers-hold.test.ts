// Issue 28: pimc's model of the opponents' answers (search.ts modelAnswer) with `raisersHold` — a party that
// raised a figure holds our next raise of it instead of letting it gut as simple would. On a hand-built
// position (1853: P2 bids the Spiel with nothing, P3 raises it to Drei, P2 answers), without the option the
// modelled raiser lets the re-raise gut in every world and the bluff re-raise looks best; with it the raiser
// holds and the re-raise is no longer the best answer. `raisersHoldAus=false`: the raiser holds every re-raise
// but the one to Aus (the same position at 7 : 7, where the re-raise to Vier reaches the target of 11).
import { describe, expect, it } from 'vitest';
import { buildPosition, type PositionSpec } from '../../src/cli/advise.ts';
import { Search, partyRaised } from '../../src/playout/search.ts';
import { DEFAULT_SEARCH } from '../../src/playout/search-config.ts';
import { searchDecision } from '../../src/playout/decision.ts';
import { keyedRng } from '../../src/core/rng.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { applyAction } from '../../src/engine/game.ts';
import { raiseOf } from '../../src/engine/actions.ts';

const spec: PositionSpec = {
  ruleset: '1853', players: 4, seat: 1, hand: 'H7 L8 E10 HU LO', turned: 'S9', stockShown: 'L7', dealer: 3, seed: 1,
  moves: 'P1 pass; P2 pass; P3 pass; P4 pass; P1 pass; P2 bid Spiel; P3 raise Spiel 3',
};
const P3 = 2;

describe('raisersHold: the modelled raiser holds our re-raise', () => {
  const { obs } = buildPosition(spec);

  it('the position: P2 answers P3’s raise of the Spiel; P3’s party raised it', () => {
    expect(obs.acting).toBe(1);
    expect(obs.legal.map((a) => a.kind).sort()).toEqual(['gut', 'hold', 'raise']);
    expect(partyRaised(obs.history, 0, obs.party[P3]!)).toBe(true);
    expect(partyRaised(obs.history, 0, obs.party[1]!)).toBe(false);
    expect(partyRaised(obs.history, 1, obs.party[P3]!)).toBe(false);
  });

  it('the answer model: without the option P3 lets the re-raise to 4 gut in every world, with it holds', () => {
    const answers = (raisersHold: boolean): number[] => {
      const S = new Search(obs, { ...DEFAULT_SEARCH, worlds: 16, raisersHold });
      S.sample(keyedRng(5, 0, 1, 2));
      return Array.from({ length: S.n }, (_, i) => S.modelAnswer(i, 0, 4, P3, false));
    };
    expect(answers(false)).toEqual(new Array(16).fill(0));
    expect(answers(true)).toEqual(new Array(16).fill(1));
  });

  it('the search: the bluff re-raise is best only when the raiser is modelled to fold', () => {
    const raiseValue = (raisersHold: boolean): { raise: number; best: string } => {
      const d = searchDecision(obs, { ...DEFAULT_SEARCH, worlds: 24, raisersHold, everyOption: true }, keyedRng(5, 0, 1, 2));
      return { raise: d.options.find((o) => o.action.kind === 'raise')!.points!.mean, best: d.options[d.best]!.action.kind };
    };
    const off = raiseValue(false);
    const on = raiseValue(true);
    expect(off.best).toBe('raise');
    expect(off.raise).toBeGreaterThan(1); // the fold expected: P3's party writes its 2 … and more
    expect(on.raise).toBeLessThan(off.raise - 2);
    expect(on.best).not.toBe('raise');
  });

  it('pimc{raisersHold=true} does not re-raise with nothing; pimc (off) does (both under simple’s answers, uniform worlds)', () => {
    const pimc = builtinPolicy('pimc');
    const act = (o: Record<string, unknown>): string => pimc.create({ worlds: 24, answers: 'simple', worldWeights: 'uniform', ...o }).act(obs, { rng: keyedRng(3, 0, 1, 2) }).kind;
    expect(act({})).toBe('raise');
    expect(act({ raisersHold: false })).toBe('raise');
    expect(act({ raisersHold: true })).not.toBe('raise');
  });
});

describe('raisersHoldAus=false: at Aus the model answers', () => {
  const atAus: PositionSpec = { ...spec, score: [7, 7] };
  const { obs } = buildPosition(atAus);
  const answers = (o: Partial<typeof DEFAULT_SEARCH>, pos = obs, level = 4): string => {
    const S = new Search(pos, { ...DEFAULT_SEARCH, worlds: 16, ...o });
    S.sample(keyedRng(5, 0, 1, 2));
    return Array.from({ length: S.n }, (_, i) => S.modelAnswer(i, 0, level, P3, false)).join('');
  };

  it('the position: at 7 : 7 our re-raise to Vier is the raise to Aus (as the engine marks it)', () => {
    expect(obs.acting).toBe(1);
    expect(obs.legal).toContainEqual({ kind: 'raise', figure: 'Spiel', to: 4 });
    expect(new Search(obs, { ...DEFAULT_SEARCH, worlds: 16 }).isAus(4)).toBe(true);
    expect(new Search(obs, { ...DEFAULT_SEARCH, worlds: 16 }).isAus(3)).toBe(false);
    const { state } = buildPosition(atAus);
    applyAction(state, raiseOf(0, 4));
    const raise = state.events.at(-1)!;
    expect(raise.type === 'raise' && raise.to === 4 && raise.aus).toBe(true);
    // without the score the raise to Vier is not Aus
    expect(new Search(buildPosition(spec).obs, { ...DEFAULT_SEARCH, worlds: 16 }).isAus(4)).toBe(false);
  });

  it('the raiser folds as the model says with raisersHoldAus=false, holds with the default', () => {
    expect(answers({ raisersHold: false })).toBe('0'.repeat(16));
    expect(answers({ raisersHold: true })).toBe('1'.repeat(16));
    expect(answers({ raisersHold: true, raisersHoldAus: true })).toBe('1'.repeat(16));
    expect(answers({ raisersHold: true, raisersHoldAus: false })).toBe('0'.repeat(16));
  });

  it('below Aus raisersHoldAus=false changes nothing: the raiser holds', () => {
    const below = buildPosition(spec).obs;
    expect(answers({ raisersHold: true, raisersHoldAus: false }, below)).toBe('1'.repeat(16));
    expect(answers({ raisersHold: false, raisersHoldAus: false }, below)).toBe('0'.repeat(16));
  });

  it('pimc declares raisersHoldAus, true by default', () => {
    const o = builtinPolicy('pimc').options as Record<string, { default?: unknown }>;
    expect(o['raisersHoldAus']?.default).toBe(true);
    expect(o['raisersHold']?.default).toBe(false);
  });
});
