// Issue 11, deliverable 3: the experiments. Every experiment's smoke form gives a well-formed summary; a
// planted experiment with a known answer gets it; an A/A experiment comes out "no effect found" at the
// stated rate over many seeds; the verdict rule; the command line (list, run, report).
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS, NOT_TESTABLE } from '../../experiments/index.ts';
import { runExperiment } from '../../src/experiments/run.ts';
import { verdictOf } from '../../src/experiments/verdict.ts';
import type { Experiment, Verdict } from '../../src/experiments/types.ts';
import { perlagg } from '../in-process.ts';
import type { ExperimentSummary } from '../../src/experiments/summary.ts';
import { scratchDir } from '../scratch.js';

const tmp = () => scratchDir('exp');
const THROWS = fileURLToPath(new URL('./throws-spiel.ts', import.meta.url));
const VERDICTS: readonly Verdict[] = ['supported', 'refuted', 'no effect found'];

/** What every summary must be: the claim, every arm with an effect, n, a verdict the rule gives. */
function checkSummary(s: ExperimentSummary, e: Experiment, dir: string): void {
  expect(s.schema).toBe('perlagg.experiment/1');
  expect(s.id).toBe(e.id);
  expect(s.claim).toBe(e.claim);
  expect(VERDICTS).toContain(s.verdict);
  expect(s.arms.map((a) => a.name)).toEqual(e.arms.map((a) => a.name));
  expect(s.verdict).toBe(s.arms[0]!.verdict);
  expect(s.command).toBe(`npx perlagg experiment run ${e.id} --smoke --seed ${s.seed}`);
  expect(s.code.package).toMatch(/^\d+\.\d+\.\d+$/);
  for (const a of s.arms) {
    expect(VERDICTS).toContain(a.verdict);
    expect(a.n).toBeGreaterThanOrEqual(0);
    if (a.n > 0) {
      expect(a.effect.low).toBeLessThanOrEqual(a.effect.estimate);
      expect(a.effect.high).toBeGreaterThanOrEqual(a.effect.estimate);
      if (a.sprt === null) expect(a.verdict).toBe(verdictOf(a.effect, a.direction, a.reference).verdict);
    } else expect(a.verdict).toBe('no effect found');
    if (a.design !== 'describe' && a.mode === 'hands') expect(a.n).toBe(a.design === 'duplicate' ? a.deals : a.deals / 2);
    for (const r of a.runs) expect(existsSync(join(r, 'manifest.json'))).toBe(true);
  }
  expect(JSON.parse(readFileSync(join(dir, e.id, 'summary.json'), 'utf8'))).toEqual(s);
}

describe('experiments', () => {
  it('there are at least 32 testable experiments, every one of H-24 … H-34 among them, and every H-01 … H-42 is either', () => {
    const ids = EXPERIMENTS.map((e) => e.id);
    expect(ids.length).toBeGreaterThanOrEqual(32);
    for (let h = 24; h <= 34; h++) expect(ids).toContain(`H-${h}`);
    const all = [...ids, ...NOT_TESTABLE.map((n) => n.id)].sort();
    expect(all).toEqual(Array.from({ length: 42 }, (_, i) => `H-${String(i + 1).padStart(2, '0')}`));
    for (const n of NOT_TESTABLE) expect(n.why.length).toBeGreaterThan(20);
    for (const e of EXPERIMENTS) {
      expect(new Set(e.arms.map((a) => a.name)).size).toBe(e.arms.length);
      for (const a of e.arms) if (a.design !== 'describe') expect(a.b ?? e.b, `${e.id} ${a.name}`).not.toBe(a.a ?? e.a);
    }
  });

  it('every experiment\'s smoke form writes a well-formed summary, chart and the runner\'s tables', async () => {
    const out = tmp();
    for (const [i, e] of EXPERIMENTS.entries()) {
      // the chart is drawn for every fourth (drawing costs more than the smoke run itself)
      const s = await runExperiment(e, { size: 'smoke', seed: 7, workers: 0, out, noChart: i % 4 !== 0 });
      checkSummary(s, e, out);
      if (i % 4 === 0) expect(readFileSync(join(out, e.id, 'chart.svg'), 'utf8')).toMatch(/^<\?xml[\s\S]*<svg[\s\S]*H-\d\d/);
    }
  });

  it('a planted experiment gets the known answer: a policy that throws its Spiel away wins fewer Spiele (supported; refuted the other way round)', async () => {
    const planted = (a: string, b: string): Experiment => ({
      id: 'H-99',
      hypotheses: [],
      claim: 'planted',
      a,
      b,
      sizes: { full: 40, quick: 40, smoke: 40 },
      arms: [
        { name: 'h2h', label: 'duplicate', design: 'duplicate', mode: 'hands', metric: 'spiele', direction: 'greater' },
        { name: 'vs-simple', label: 'each against simple', design: 'side', mode: 'hands', metric: 'points', direction: 'greater', opponent: 'simple' },
      ],
    });
    const out = tmp();
    const right = await runExperiment(planted('author1853', THROWS), { size: 'smoke', seed: 3, workers: 0, out, noChart: true });
    expect(right.arms.map((a) => a.verdict)).toEqual(['supported', 'supported']);
    expect(right.arms[0]!.effect.low).toBeGreaterThan(0.2); // a large share of the Spiele changes hands
    const wrong = await runExperiment(planted(THROWS, 'author1853'), { size: 'smoke', seed: 3, workers: 0, out, noChart: true });
    expect(wrong.arms.map((a) => a.verdict)).toEqual(['refuted', 'refuted']);
    expect(wrong.arms[0]!.effect.estimate).toBeCloseTo(-right.arms[0]!.effect.estimate, 9); // the same pairs, A and B swapped
  });

  it('A/A: the same policy on both sides with streams of their own comes out "no effect found" at about the stated rate (40 seeds)', async () => {
    const noisy = 'random{bidRate=0,holdRate=0,raiseRate=0,askRate=0,rejectRate=0,vetoRate=0}';
    const aa: Experiment = {
      id: 'H-98',
      hypotheses: [],
      claim: 'A/A',
      a: noisy,
      b: noisy,
      sizes: { full: 30, quick: 30, smoke: 30 },
      arms: [{ name: 'h2h', label: 'A/A', design: 'duplicate', mode: 'hands', metric: 'points', direction: 'greater', independentStreams: true }],
    };
    const out = tmp();
    const verdicts: Verdict[] = [];
    const effects = new Set<number>();
    for (let seed = 1; seed <= 40; seed++) {
      const s = await runExperiment(aa, { size: 'smoke', seed, workers: 0, out, noChart: true, keepTables: false });
      verdicts.push(s.verdict);
      effects.add(s.arms[0]!.effect.estimate);
      expect(s.arms[0]!.effect.kind).toBe('interval');
    }
    const wrong = verdicts.filter((v) => v !== 'no effect found').length;
    // two-sided 5%: expected 2 of 40; P(8 or more | 5%) = 0.0008
    expect(wrong).toBeLessThanOrEqual(7);
    expect(effects.size).toBeGreaterThan(10); // real noise (on a grid of 1/60 points), not a difference of 0 by construction
    // the same policy with shared streams: the same game twice, exactly 0, no effect found by construction
    const same = await runExperiment({ ...aa, arms: [{ ...aa.arms[0]!, independentStreams: false }] }, { size: 'smoke', seed: 1, workers: 0, out, noChart: true });
    expect(same.arms[0]!.effect.kind).toBe('constant');
    expect(same.verdict).toBe('no effect found');
  });

  it('the verdict rule: the interval on the claimed side, the other side, or across; the SPRT\'s decision', () => {
    const iv = (low: number, high: number) => ({ estimate: (low + high) / 2, low, high, kind: 'interval' as const });
    expect(verdictOf(iv(0.1, 0.3), 'greater').verdict).toBe('supported');
    expect(verdictOf(iv(-0.3, -0.1), 'greater').verdict).toBe('refuted');
    expect(verdictOf(iv(-0.1, 0.3), 'greater').verdict).toBe('no effect found');
    expect(verdictOf(iv(-0.3, -0.1), 'less').verdict).toBe('supported');
    expect(verdictOf(iv(0.55, 0.7), 'greater', 0.5).verdict).toBe('supported');
    expect(verdictOf(iv(0.45, 0.7), 'greater', 0.5).verdict).toBe('no effect found');
    expect(verdictOf(iv(-0.1, 0.3), 'greater', 0, { verdict: 'H1', m1: 0.2 }).verdict).toBe('supported');
    expect(verdictOf(iv(-0.1, 0.3), 'greater', 0, { verdict: 'H0', m1: 0.2 }).verdict).toBe('no effect found');
    expect(verdictOf(iv(-0.3, -0.1), 'greater', 0, { verdict: 'H0', m1: 0.2 }).verdict).toBe('refuted');
    expect(verdictOf({ estimate: 0, low: 0, high: 0, kind: 'constant' }, 'greater').verdict).toBe('no effect found');
  });
});

describe('perlagg experiment', () => {
  it('list names every experiment and every claim not testable with why', async () => {
    const r = await perlagg('experiment', 'list');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^42 experiments \(testable\): every claim of H-01 … H-42/);
    for (const e of EXPERIMENTS) expect(r.out).toContain(`${e.id}  ${e.claim}`);
    expect(r.out).toMatch(/ spread: side, hands, variance of points \(less\)/);
    const j = JSON.parse((await perlagg('experiment', 'list', '--json')).out) as { experiments: unknown[]; notTestable: unknown[] };
    expect(j.experiments.length).toBe(42);
    expect(j.notTestable).toEqual([]);
  });

  it('run prints the verdict with effect, interval, n and the variance ratio (H-42: a variance arm); report writes the table', async () => {
    const dir = tmp();
    const results = join(dir, 'results');
    const r = await perlagg('experiment', 'run', 'H-27', '24', 'H-42', '--smoke', '--workers', '0', '--seed', '5', '--out', results);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/Verdict H-27: (supported|refuted|no effect found) \(h2h\): effect [+−]\d\.\d{4} \[[+−]\d\.\d{4}, [+−]\d\.\d{4}\] points a hand, n = 8 deal pairs/);
    expect(r.out).toMatch(/Verdict H-24: /);
    expect(r.out).toMatch(/variance ratio unpaired\/paired \d+\.\d\d/);
    expect(r.out).toContain('Reproduce: npx perlagg experiment run H-27 --smoke --seed 5');
    expect(r.out).toMatch(/Verdict H-42: (supported|refuted|no effect found) \(spread\): effect [+−]\d\.\d{4} \[[+−]\d\.\d{4}, [+−]\d\.\d{4}\] variance of the points a hand \(A's minus B's\), n = 8 deals/);
    const j = await perlagg('experiment', 'run', 'H-28', '--smoke', '--workers', '0', '--json', '--out', results);
    expect((JSON.parse(j.out) as ExperimentSummary).id).toBe('H-28');
    const md = join(dir, 'findings.md');
    const rep = await perlagg('experiment', 'report', '--results', results, '--out', md);
    expect(rep.code, rep.err).toBe(0);
    expect(rep.out).toMatch(/^Wrote .*findings\.md: 4 experiments/);
    const text = readFileSync(md, 'utf8');
    for (let h = 1; h <= 42; h++) expect(text).toMatch(new RegExp(`^\\| \\[H-${String(h).padStart(2, '0')}\\]`, 'm'));
    expect(text).toMatch(/\| \[H-27\]\(rules\.md#h-27\) \| .* \| \*\*(supported|refuted|no effect found)\*\* \| [+−]\d/);
    expect(text).toMatch(/\| \[H-42\]\(rules\.md#h-42\) \| .* \| \*\*(supported|refuted|no effect found)\*\* \| [+−]\d.* \| variance of the points a hand/);
    expect(text).toMatch(/\| \[H-30\]\(rules\.md#h-30\) \| .* \| not run yet \|/);
  });

  it('bad input: one line, exit 2', async () => {
    for (const args of [['run', 'H-77'], ['run'], ['run', 'H-24', '--all'], ['run', 'H-24', '--quick', '--smoke'], ['run', 'H-24', '--seed', 'x'], ['report', '--results', '/nonexistent/x']]) {
      const r = await perlagg('experiment', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err.trim().split('\n').length, args.join(' ')).toBe(1);
    }
  });
});
