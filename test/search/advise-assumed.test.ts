// Issue 27 item 3: `perlagg advise` says what its answer rests on (ruleset, talk, the model of the other
// seats, the reading of bids, worlds and effective worlds, seed, budget, the decision priced), on screen and
// in --json; --score prices P(win the Partie) wherever the ruleset has a Partie-equity table and is refused
// with one line (exit 2) where it cannot be priced; one action said in several ways is one row; every
// example of `advise --help` runs as written.
import { describe, expect, it } from 'vitest';
import { ADVISE_EXAMPLES } from '../../src/cli/advise.ts';
import { perlagg } from '../in-process.ts';

/** The words of a shell command line (double quotes only, as the examples write them). */
const words = (line: string): string[] => [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);

interface Row { action: string; ev: number; pwin?: number; same?: string[] }
interface Json { best: string; options: Row[]; assumed: Record<string, unknown> }

describe('perlagg advise: what it assumed', () => {
  it('every --help example runs as written (exit 0, a best action)', async () => {
    expect(ADVISE_EXAMPLES.length).toBeGreaterThanOrEqual(3);
    for (const e of ADVISE_EXAMPLES) {
      const w = words(e.command);
      expect(w[0]).toBe('perlagg');
      const r = await perlagg(...w.slice(1));
      expect(r.err).toBe('');
      expect(r.code).toBe(0);
      expect(r.out).toMatch(/^best \(\*\): /m);
      expect(r.out).toMatch(/^assumed: ruleset /m);
    }
  });

  it('--json names ruleset, talk, model, reading, worlds, effective worlds, seed, budget and the window priced; the six orders of the three figures are one row', async () => {
    const r = await perlagg('advise', '-r', 'oberland', '--seat', 'P1', '--hand', 'HA SA LA EA HK', '--trump', 'S', '--worlds', '30', '--seed', '5', '--read-bids', 'any', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as Json;
    expect(j.assumed).toMatchObject({ ruleset: 'oberland', talk: 'none', readBids: 'any', worlds: 30, effectiveWorlds: 30, weights: 'uniform', model: null, seed: 5, rolloutsPerWorld: 1, others: { answers: 'perfect', play: 'simple' } });
    // --answers simple: the bids priced against simple's answers, and said so
    const asSimple = JSON.parse((await perlagg('advise', '-r', 'oberland', '--seat', 'P1', '--hand', 'HA SA LA EA HK', '--trump', 'S', '--worlds', '30', '--seed', '5', '--read-bids', 'any', '--answers', 'simple', '--json')).out) as Json;
    expect(asSimple.assumed).toMatchObject({ others: { answers: 'simple', play: 'simple' } });
    expect(asSimple.options.map((o) => o.ev)).not.toEqual(j.options.map((o) => o.ev));
    expect(j.assumed['playouts']).toBeGreaterThan(30);
    expect(String(j.assumed['decision'])).toMatch(/before looking at the cards.*--moves "P1 pass"/);
    const three = j.options.filter((o) => /^bid (all|Spiel Gleich Hanger|Spiel Hanger Gleich|Gleich Spiel Hanger|Gleich Hanger Spiel|Hanger Spiel Gleich|Hanger Gleich Spiel) unseen$/.test(o.action));
    expect(three).toHaveLength(1);
    expect(three[0]!.same).toHaveLength(6);
    const actions = j.options.flatMap((o) => [o.action, ...(o.same ?? [])]);
    expect(new Set(actions).size).toBe(actions.length);
    expect(actions).toContain('pass');
    // the window on the cards seen, when the unseen one is passed
    const seen = JSON.parse((await perlagg('advise', '-r', 'oberland', '--seat', 'P1', '--hand', 'HA SA LA EA HK', '--trump', 'S', '--worlds', '10', '--moves', 'P1 pass', '--json')).out) as Json;
    expect(String(seen.assumed['decision'])).toMatch(/before the first lead/);
  });

  it('--weights weighted: worlds weighted by the model of the others, the effective worlds fewer than the worlds and said (Kish ESS)', async () => {
    const args = ['advise', '-r', '1853', '--seat', 'P3', '--hand', 'H7 L8 E10 HU LO', '--turned', 'S9', '--stock-shown', 'L7', '--moves', 'P1 pass; P2 bid Gleich', '--worlds', '60', '--weights', 'weighted', '--min-ess', '0'];
    const r = await perlagg(...args, '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as Json;
    expect(j.assumed).toMatchObject({ worlds: 60, weights: 'weighted', model: 'simple (ε 0.1)' });
    const ess = j.assumed['effectiveWorlds'] as number;
    expect(ess).toBeGreaterThan(1);
    expect(ess).toBeLessThan(40); // a bid Gleich: most uniform worlds give P2 none, and weigh little
    const text = await perlagg(...args);
    expect(text.out).toMatch(new RegExp(`60 worlds, effective ${ess.toFixed(1)}`));
    const bad = await perlagg(...args, '--tremble', '2');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--tremble: a probability/);
  });

  it('--score outside 1853 gives P(win the Partie); where it cannot be priced: one line, exit 2', async () => {
    const ok = await perlagg('advise', '-r', 'oberland', '--seat', 'P3', '--hand', 'HA SA LA EA HK', '--trump', 'S', '--moves', 'P1 pass; P2 pass; P3 pass', '--score', '13,12', '--worlds', '20', '--json');
    expect(ok.code).toBe(0);
    const j = JSON.parse(ok.out) as Json;
    for (const o of j.options) if (o.ev !== null) expect(o.pwin).toBeGreaterThanOrEqual(0), expect(o.pwin).toBeLessThanOrEqual(1);
    const bad = await perlagg('advise', '-r', 'oberland', '-p', '3', '--dealer', 'P3', '--seat', 'P1', '--hand', 'HA SA LA EA HK', '--trump', 'S', '--score', '3,4,5', '--worlds', '10');
    expect(bad.code).toBe(2);
    expect(bad.err.trim().split('\n')).toHaveLength(1);
    expect(bad.err).toMatch(/--score: .*3 parties/);
  });
});
