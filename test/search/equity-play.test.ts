// Whose play the Partie-equity table was made with (issue 28; src/playout/equity.ts EquityPlay): `simple` in all
// four seats, or the 1853 author's bot (src/playout/equity-{1853,oberland}-author1853.json). Against the author's bot a
// gestrichen party's chances are far from simple's (docs/solved.md: from 10 : 8, 200 Partien each, simple
// against simple won 87.0%, the author's bot against itself 79.0%), and the table says so; a ruleset without an
// author table reads simple's; pimc{equity=author1853} prices its Partie objective by it.
import { describe, expect, it } from 'vitest';
import { partieEquity } from '../../src/playout/equity.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { buildPosition, type PositionSpec } from '../../src/cli/advise.ts';
import { DEFAULT_SEARCH, searchDecision } from '../../src/playout/api.ts';
import { keyedRng } from '../../src/core/rng.ts';
import { resolvePolicy } from '../../src/registry/policies.ts';

describe("the equity table of the author's bot", () => {
  const r1853 = resolveRuleset('1853');
  const bySimple = partieEquity(r1853)!;
  const byAuthor = partieEquity(r1853, 'author1853')!;

  it('is its own table, made with author1853, with the gestrichen scores worth less to the party at 10', () => {
    expect(byAuthor.source).toMatch(/author1853/);
    expect(bySimple.source).toMatch(/simple/);
    const a = byAuthor.at(10, 8, true);
    const s = bySimple.at(10, 8, true);
    expect(a.n).toBeGreaterThan(1000);
    // the cells' own Wilson half-widths are below 0.03 at this n: a gap of 0.04 is not noise
    expect(s.pwin - a.pwin).toBeGreaterThan(0.04);
    // and the other side of it: at 8 against a party at 10, the author's table gives more
    expect(byAuthor.at(8, 10, true).pwin - bySimple.at(8, 10, true).pwin).toBeGreaterThan(0.04);
    // both are probabilities ordered by the score
    expect(byAuthor.at(10, 2, true).pwin).toBeGreaterThan(byAuthor.at(2, 10, true).pwin);
  });

  it("a ruleset without an author table reads simple's", () => {
    const st = resolveRuleset('suedtirol');
    expect(partieEquity(st, 'author1853')).toBe(partieEquity(st));
    // the Oberland has one of its own
    const ob = resolveRuleset('oberland');
    expect(partieEquity(ob, 'author1853')).not.toBe(partieEquity(ob));
    expect(partieEquity(ob, 'author1853')!.source).toMatch(/author1853/);
  });

  it("pimc{equity=author1853} prices the Partie objective by the author's table", async () => {
    const spec: PositionSpec = { ruleset: '1853', players: 4, seat: 2, turned: 'S9', stockShown: 'L7', dealer: 3, seed: 1, hand: 'HA SA LA EA HK', moves: 'P1 pass; P2 pass; P3 pass; P4 pass; P1 pass; P2 bid Gleich', score: [10, 8] };
    const { obs } = buildPosition(spec);
    const cfg = { ...DEFAULT_SEARCH, worlds: 24, objective: 'partie' as const, everyOption: true };
    const simpleD = searchDecision(obs, cfg, keyedRng(1, 0, 1, 2));
    const authorD = searchDecision(obs, { ...cfg, equityPlay: 'author1853' }, keyedRng(1, 0, 1, 2));
    const pw = (d: typeof simpleD): number[] => d.options.filter((o) => o.pwin !== null).map((o) => o.pwin!.mean);
    expect(pw(simpleD).length).toBeGreaterThan(0);
    expect(pw(authorD)).not.toEqual(pw(simpleD));
    // the option's points are the same worlds and playouts: only the table differs
    expect(authorD.options.map((o) => o.points?.mean)).toEqual(simpleD.options.map((o) => o.points?.mean));
    const r = await resolvePolicy('pimc{equity=author1853}');
    expect(r.options['equity']).toBe('author1853');
    await expect(resolvePolicy('pimc{equity=bluffer}')).rejects.toThrow(/equity/);
  });
});
