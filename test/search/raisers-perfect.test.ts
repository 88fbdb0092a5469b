// Issue 28: pimc's model of the opponents' answers with `raisersPerfect` — a party that raised a figure before
// the decision answers our offer of it on the world's cards (as answers=perfect does: it holds where holding is
// better for it), every other answer stays the model's. In the Oberland pimc lost Partien by re-raising a
// Gleich or Hanger the author's bot had raised, up to Aus, each step priced against simple's fold (docs/solved.md).
// On the hand-built 1853 position of raisers-hold.test.ts (P2 bid the Spiel with nothing, P3 raised it to
// Drei) the bluff re-raise is best without the option and not with it; where nobody raised, the option changes
// nothing.
import { describe, expect, it } from 'vitest';
import { buildPosition, type PositionSpec } from '../../src/cli/advise.ts';
import { Search } from '../../src/playout/search.ts';
import { DEFAULT_SEARCH } from '../../src/playout/search-config.ts';
import { searchDecision } from '../../src/playout/decision.ts';
import { keyedRng } from '../../src/core/rng.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';

const spec: PositionSpec = {
  ruleset: '1853', players: 4, seat: 1, hand: 'H7 L8 E10 HU LO', turned: 'S9', stockShown: 'L7', dealer: 3, seed: 1,
  moves: 'P1 pass; P2 pass; P3 pass; P4 pass; P1 pass; P2 bid Spiel; P3 raise Spiel 3',
};

describe('raisersPerfect: the raisers answer on the cards', () => {
  const { obs } = buildPosition(spec);

  it('the figures the other party raised before the decision: the Spiel only', () => {
    expect(new Search(obs, { ...DEFAULT_SEARCH, worlds: 8 }).raisedByThem()).toBe(0b001);
    const before = buildPosition({ ...spec, moves: 'P1 pass; P2 pass; P3 pass; P4 pass; P1 pass' }).obs;
    expect(new Search(before, { ...DEFAULT_SEARCH, worlds: 8 }).raisedByThem()).toBe(0);
  });

  it('the bluff re-raise is best against the model, not against raisers answering on their cards', () => {
    const value = (raisersPerfect: boolean): { raise: number; best: string } => {
      const d = searchDecision(obs, { ...DEFAULT_SEARCH, worlds: 24, raisersPerfect, everyOption: true }, keyedRng(5, 0, 1, 2));
      return { raise: d.options.find((o) => o.action.kind === 'raise')!.points!.mean, best: d.options[d.best]!.action.kind };
    };
    const off = value(false);
    const on = value(true);
    expect(off.best).toBe('raise');
    expect(on.raise).toBeLessThan(off.raise - 2);
    expect(on.best).not.toBe('raise');
  });

  it('where nobody raised, every option is valued as without it', () => {
    const window = buildPosition({ ...spec, moves: 'P1 pass' }).obs;
    const values = (raisersPerfect: boolean): string =>
      JSON.stringify(searchDecision(window, { ...DEFAULT_SEARCH, worlds: 16, raisersPerfect, everyOption: true }, keyedRng(5, 0, 1, 2)).options.map((o) => [o.action, o.points]));
    expect(values(true)).toBe(values(false));
    expect(values(true)).toContain('"bid"');
  });

  it('pimc{raisersPerfect=true} does not re-raise with nothing; pimc does; off by default', () => {
    const pimc = builtinPolicy('pimc');
    const act = (o: Record<string, unknown>): string => pimc.create({ worlds: 24, answers: 'simple', worldWeights: 'uniform', ...o }).act(obs, { rng: keyedRng(3, 0, 1, 2) }).kind;
    expect(act({})).toBe('raise');
    expect(act({ raisersPerfect: true })).not.toBe('raise');
    expect((builtinPolicy('pimc').options as Record<string, { default?: unknown }>)['raisersPerfect']?.default).toBe(false);
  });
});
