// The chart builders: each gives a Vega-Lite spec that compiles without a warning and renders to an SVG
// holding what the chart must show (titles with n, axis titles, one interval per estimate, the game's
// words). Marks are counted through their aria-labels, which Vega writes for every item with a description.
import { beforeAll, describe, expect, it } from 'vitest';
import { exactDistribution, exactRows } from '../../src/exact/distribution.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { exactChart, type ExactChartData } from '../../src/charts/exact.ts';
import { simulationChart, type SimulationChartData } from '../../src/charts/simulation.ts';
import { duplicateChart, type DuplicateChartData } from '../../src/charts/duplicate.ts';
import { forestChart, ratingsChart, trajectoriesChart } from '../../src/charts/generic.ts';
import { compileChart, renderSvg } from '../../src/charts/render.ts';
import { VERDICT_COLOURS, type TopLevelSpec } from '../../src/charts/theme.ts';
import { helveticaWidth } from '../../src/charts/text-width.ts';

/** The aria-labels of the SVG's marks that start with `prefix`. */
const labels = (svg: string, prefix: string): string[] =>
  [...svg.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]!).filter((l) => l.startsWith(prefix));

/** The text Vega wrote into the SVG (text elements, multi-line labels as tspans), entities decoded. */
const texts = (svg: string): string =>
  [...svg.matchAll(/<(?:text|tspan)[^>]*>([^<]*)(?=<)/g)].map((m) => m[1]!.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"')).join('\n');

async function draw(spec: TopLevelSpec): Promise<string> {
  const { warnings } = await compileChart(spec);
  expect(warnings).toEqual([]);
  const svg = await renderSvg(spec);
  expect(svg.startsWith('<?xml')).toBe(true);
  expect(svg).toMatch(/<svg[^>]+width="\d+" height="\d+"/);
  return svg;
}

function exactData(ruleset: string, trumps: Array<'H' | 'S' | 'L' | 'E'>, excluded: string[] = []): ExactChartData {
  const r = resolveRuleset(ruleset);
  return {
    ruleset,
    excluded,
    results: trumps.map((t) => {
      const d = exactDistribution(r, t);
      return { trump: t, hands: d.hands, deckSize: d.deck.length, rows: exactRows(d) };
    }),
  };
}

describe('charts: builders', () => {
  beforeAll(async () => {
    await compileChart(ratingsChart({ title: 'warm-up', unit: 'points', count: { n: 1, unit: 'pairs' }, ratings: [{ name: 'a', estimate: 0, low: -1, high: 1, n: 1 }] }));
  });

  it('(a) exact: one bar segment per figure size, per Perlaggen count, for Gleich and Hanger; n and axes', async () => {
    const data = exactData('oberland', ['H']);
    const svg = await draw(exactChart(data));
    const t = texts(svg);
    expect(t).toContain('Best Gleich and best Hanger by the number of Perlaggen in the hand');
    expect(t).toMatch(/oberland, Herz trump: every 5-card hand of the 33-card deck, n = 237,336 hands/);
    expect(t).toContain('Dritziges Gleich in 58.37% of all hands, dritziger Hanger in 59.04%.');
    for (const s of ['best Gleich', 'best Hanger', 'Perlaggen in the hand', 'share of the hands in the bar', '3 cards (dritzig)', '4 cards (viertig)', 'none', 'all']) expect(t).toContain(s);
    // above the bars: the hands with 0 .. 5 Perlaggen (the same for both figures) and the total
    for (const n of ['53,130', '101,200', '64,400', '16,800', '1,750', '56', '237,336']) expect(t).toContain(n);
    // one segment per non-empty (Perlaggen, size) cell plus the "all" bar's, counted from the rows
    const rows = data.results[0]!.rows;
    for (const fig of ['gleich', 'hanger'] as const) {
      const cells = new Set(rows.map((r) => `${r.perlaggen}:${r[fig]}`));
      const all = new Set(rows.map((r) => r[fig]));
      const word = fig === 'gleich' ? 'best Gleich' : 'best Hanger';
      expect(labels(svg, `${word},`)).toHaveLength(cells.size + all.size);
    }
    // the shares in the labels are those of the terminal table: 48.38% of 1-Perlagg hands have a dritziges Gleich
    expect(labels(svg, 'best Gleich, 1 Perlaggen: 3 cards (dritzig) 48.4%')).toHaveLength(1);
  });

  it('(a) exact: one row of panels per trump, with the excluded cards named', async () => {
    const data = exactData('1853', ['H', 'S', 'L', 'E']);
    const svg = await draw(exactChart({ ...data, excluded: ['HA'] }));
    const t = texts(svg);
    for (const s of ['Herz trump', 'Schell trump', 'Laub trump', 'Eichel trump']) expect(t).toContain(s);
    expect(t).toMatch(/trumps Herz, Schell, Laub, Eichel: every 5-card hand of the 32-card deck without HA, n = 201,376 hands per trump/);
    expect(labels(svg, 'best Gleich, all hands: none').length).toBe(4);
  });

  const sim: SimulationChartData = {
    ruleset: 'oberland', mode: 'hands', players: 4, seed: 7, policies: ['simple', 'random'],
    done: 1_000_000, unit: 'hands', stoppedBy: 'the hands asked for',
    metrics: [
      { name: 'p0_spiel', doc: 'share of hands whose Spiel party 0 makes', scale: 'share', estimate: 0.61, low: 0.6, high: 0.62, n: 1_000_000 },
      { name: 'bid_share', doc: 'share of figures that were bid', scale: 'share', estimate: 0.4, low: 0.399, high: 0.401, n: 3_000_000 },
      { name: 'p0_minus_p1', doc: 'points of party 0 minus party 1 per hand', scale: 'mean', estimate: 1.05, low: 1.0, high: 1.1, n: 1_000_000, reference: 0 },
      { name: 'decisions', doc: 'policy decisions per hand', scale: 'mean', estimate: 46.6, low: 46.5, high: 46.7, n: 1_000_000 },
    ],
  };

  it('(b) simulation: an interval and a point per metric, shares on 0-100%, each mean on its own axis', async () => {
    const svg = await draw(simulationChart(sim));
    const t = texts(svg);
    expect(t).toContain('Simulation: oberland, 1,000,000 hands');
    expect(t).toMatch(/n = 1,000,000 hands, stopped by the hands asked for/);
    expect(t).toContain('95% interval');
    expect(labels(svg, '95% interval of ')).toHaveLength(4);
    expect(labels(svg, 'estimate of ')).toHaveLength(4);
    expect(labels(svg, '95% interval of p0_spiel: 60.00% to 62.00%')).toHaveLength(1);
    expect(labels(svg, '95% interval of decisions: 46.50 to 46.70')).toHaveLength(1);
    for (const name of sim.metrics.map((m) => m.name)) expect(t).toContain(name);
    // the shares' docs label their rows; each mean's doc titles its axis
    expect(t).toContain('share of hands whose Spiel party 0 makes');
    expect(t).toContain('share (95% interval)');
    expect(t).toContain('points of party 0 minus party 1 per hand (95% interval)');
    expect(t).toContain('policy decisions per hand (95% interval)');
    expect(t).toContain('100%');
    expect(t).toContain('n = 3,000,000');
    expect(labels(svg, 'reference line at 0')).toHaveLength(1);
    const axes = labels(svg, 'X-axis');
    expect(axes).toHaveLength(3); // one for the shares, one per mean
  });

  it('(b) simulation: a run in progress says so', async () => {
    const svg = await draw(simulationChart({ ...sim, stoppedBy: null, done: 4096 }));
    expect(texts(svg)).toContain('n = 4,096 hands so far (the run is not finished)');
  });

  const dup: DuplicateChartData = {
    ruleset: 'oberland', players: 4, a: 'simple', b: 'random', unit: 'hands', quantity: 'points', complete: true,
    paired: { estimate: 1.13, low: 0.95, high: 1.31, n: 300, se: 0.0919 },
    unpaired: { estimate: 1.13, low: 0.93, high: 1.33, n: 600, se: 0.1007 },
  };

  it('(c) duplicate: the paired interval of A − B, the unpaired one beside it, and what pairing bought', async () => {
    const svg = await draw(duplicateChart(dup));
    const t = texts(svg);
    expect(t).toContain('simple against random: points a hand, A − B');
    expect(t).toMatch(/n = 300 deals, each played twice with the partnerships swapped/);
    expect(t).toContain('A − B = +1.13 points a hand, 95% interval [0.95, 1.31]: simple (A) is ahead.');
    expect(t).toMatch(/Pairing bought a 1\.10x narrower interval \(variance ratio unpaired\/paired 1\.20/);
    expect(labels(svg, '95% interval of paired: 0.95 to 1.31')).toHaveLength(1);
    expect(labels(svg, '95% interval of unpaired: 0.93 to 1.33')).toHaveLength(1);
    expect(t).toContain('n = 300 pairs');
    expect(t).toContain('n = 600 hands');
    expect(t).toContain('points of simple (A) minus random (B) per hand (95% interval)');
    expect(labels(svg, 'reference line at 0')).toHaveLength(1);
  });

  it('(c) duplicate Partien: the win share around 50%, with the verdict', async () => {
    const svg = await draw(duplicateChart({
      ...dup, b: 'passive', unit: 'Partien', quantity: 'wins',
      paired: { estimate: 0.55, low: 0.471, high: 0.629, n: 40, se: 0.039 },
      unpaired: { estimate: 0.55, low: 0.441, high: 0.654, n: 80, se: 0.0556 },
    }));
    const t = texts(svg);
    expect(t).toContain('simple against passive: share of Partien A wins');
    expect(t).toContain('A wins 55.0% of the Partien, 95% interval [47.1%, 62.9%]: no difference shown at 95%.');
    expect(t).toContain('paired: duplicate Partien');
    expect(labels(svg, '95% interval of ')).toHaveLength(2);
    expect(labels(svg, 'reference line at 50')).toHaveLength(1);
  });

  it('(d) trajectories: one panel and one line per parameter, the band and the start', async () => {
    const series = ['gleichCount', 'holdSlack', 'raiseCount', 'spielTricks'].map((parameter, j) => ({
      parameter, start: 3,
      points: Array.from({ length: 20 }, (_, i) => ({ x: i, value: 3 + j * 0.1 * i, low: 2.8 + j * 0.1 * i, high: 3.2 + j * 0.1 * i })),
    }));
    const svg = await draw(trajectoriesChart({ title: 'SPSA tuning of simple', xTitle: 'SPSA iteration', count: { n: 40_000, unit: 'hand pairs' }, series: [{ ...series[0]!, unit: 'cards' }, ...series.slice(1)] }));
    const t = texts(svg);
    expect(t).toContain('SPSA tuning of simple');
    expect(t).toContain('n = 40,000 hand pairs. Band: 95% interval. Dashed: the starting value.');
    expect(t).toContain('gleichCount (cards)');
    for (const p of ['holdSlack', 'raiseCount', 'spielTricks']) expect(t).toContain(p);
    expect(labels(svg, 'trajectory of ')).toEqual(series.map((s) => `trajectory of ${s.parameter}`));
    expect(labels(svg, 'X-axis titled \'SPSA iteration\'')).toHaveLength(4);
  });

  it('(d) ratings: best first, each with its interval and n', async () => {
    const ratings = [
      { name: 'random', estimate: -0.4, low: -0.46, high: -0.34, n: 10_000 },
      { name: 'simple', estimate: 0.21, low: 0.16, high: 0.26, n: 10_000 },
      { name: 'passive', estimate: -0.11, low: -0.15, high: -0.07, n: 10_000 },
    ];
    const svg = await draw(ratingsChart({ title: 'League of three bots', unit: 'points a deal against the field', count: { n: 15_000, unit: 'pairs' }, ratings }));
    expect(labels(svg, 'estimate of ').map((l) => l.split(':')[0])).toEqual(['estimate of simple', 'estimate of passive', 'estimate of random']);
    expect(labels(svg, '95% interval of ')).toHaveLength(3);
    const t = texts(svg);
    expect(t).toContain('n = 15,000 pairs; best first.');
    expect(t).toContain('points a deal against the field (95% interval)');
    expect(t).toContain('−0.400 [−0.460, −0.340]');
  });

  it('(d) forest: one effect per row, coloured by its verdict, with the line of no effect', async () => {
    const effects = [
      { id: 'H-30', label: 'holding at 17:17 with a dritziges Gleich pays', estimate: 0.4, low: 0.2, high: 0.6, n: 20_000, verdict: 'confirmed' },
      { id: 'H-31', label: 'the Weli is worth more than the Herz König', estimate: -0.05, low: -0.2, high: 0.1, n: 8_000, verdict: 'inconclusive' },
      { id: 'H-12', label: 'bid Gleich before the first trick', estimate: -0.3, low: -0.45, high: -0.15, n: 12_000, verdict: 'refuted' },
    ];
    const svg = await draw(forestChart({ title: 'Hypotheses tested', effectTitle: 'points a deal, A − B', nUnit: 'pairs', effects }));
    const t = texts(svg);
    for (const e of effects) {
      expect(t).toContain(e.id);
      expect(t).toContain(e.verdict);
      expect(svg).toContain(VERDICT_COLOURS[e.verdict]!);
    }
    expect(t).toContain('König');
    expect(t).toContain('3 effects, n = 40,000 pairs in all; dashed: no effect.');
    expect(labels(svg, '95% interval of ')).toHaveLength(3);
    expect(labels(svg, 'reference line at 0')).toHaveLength(1);
  });

  it('measures text as Helvetica does (so legends and numbers are laid out where a browser draws them)', () => {
    // "Perlaggen" in Helvetica at 10 px: P 667 e 556 r 333 l 222 a 556 g 556 g 556 e 556 n 556 = 4558 units
    expect(helveticaWidth('Perlaggen', 10) / 1.15).toBeCloseTo(45.58, 6);
    expect(helveticaWidth('Perlaggen', 10, true)).toBeGreaterThan(helveticaWidth('Perlaggen', 10));
    expect(helveticaWidth('iii', 12)).toBeLessThan(helveticaWidth('MMM', 12) / 3);
  });
});

describe('charts: data from a run manifest', () => {
  const manifest = (settings: Record<string, unknown>, metrics: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
    tool: 'perlagg', command: 'simulate', settings, metrics, progress: { dealsDone: 100 }, complete: true, stoppedBy: 'deals', ...extra,
  });

  it('a mean of shares goes on the share axis, a difference gets its zero line, n and docs come along', async () => {
    const { simulationDataOfRun } = await import('../../src/charts/folder.ts');
    const d = simulationDataOfRun('x', manifest(
      { mode: 'figures', ruleset: 'oberland', players: 4, seed: 3, policies: [] },
      { hand_gleich3: { kind: 'mean', n: 100, sum: 58, sumSq: 58 }, table_gleich3: { kind: 'proportion', k: 99, n: 100 }, p0_minus_p1: { kind: 'mean', n: 100, sum: 50, sumSq: 900 }, empty: { kind: 'mean', n: 0, sum: 0, sumSq: 0 } },
    ));
    expect(d.metrics.map((m) => [m.name, m.scale])).toEqual([['hand_gleich3', 'share'], ['table_gleich3', 'share'], ['p0_minus_p1', 'mean']]);
    expect(d.metrics[0]!.doc).toBe('share of hands that can show a dritziges (3+) Gleich');
    expect(d.metrics[0]!.estimate).toBeCloseTo(0.58, 12);
    expect(d.metrics[1]!.low).toBeLessThan(0.99);
    expect(d.metrics[2]!.reference).toBe(0);
    expect(d.stoppedBy).toBe('the deals asked for');
    expect(d.done).toBe(100);
  });

  it('a policy file is named by its file name; a shard and fixed cards are said', async () => {
    const { simulationDataOfRun, duplicateDataOfRun } = await import('../../src/charts/folder.ts');
    const m = manifest(
      { mode: 'hands', ruleset: '1853', players: 4, seed: 1, policies: ['/home/u/bots/mine.ts{depth=2}', 'simple'], duplicate: true, shard: { index: 1, count: 3 }, constraints: { hands: { 0: ['HK', 'Weli'] }, trump: null, predicate: null } },
      { a_minus_b: { kind: 'mean', n: 50, sum: 25, sumSq: 100 }, a_minus_b_single: { kind: 'mean', n: 100, sum: 50, sumSq: 400 } },
    );
    const d = simulationDataOfRun('x', m);
    expect(d.policies).toEqual(['mine.ts{depth=2}', 'simple']);
    expect(d.constraints).toBe('seat 0 holds HK Weli; shard 1 of 3');
    const dup = duplicateDataOfRun('x', m)!;
    expect([dup.a, dup.b, dup.unit, dup.quantity, dup.paired.n, dup.unpaired.n]).toEqual(['mine.ts{depth=2}', 'simple', 'hands', 'points', 50, 100]);
    expect(duplicateDataOfRun('x', { ...m, settings: { ...m.settings, duplicate: false } })).toBeNull();
  });
});
