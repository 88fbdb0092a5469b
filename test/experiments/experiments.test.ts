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
import { combine, holm, verdictOf } from '../../src/experiments/verdict.ts';
import { judgeClaims } from '../../src/experiments/judge.ts';
import { checkFiring } from '../../src/experiments/firing.ts';
import { definitionHash } from '../../src/experiments/run.ts';
import type { Experiment, Verdict } from '../../src/experiments/types.ts';
import { perlagg } from '../in-process.ts';
import type { ExperimentSummary } from '../../src/experiments/summary.ts';
import { scratchDir } from '../scratch.js';

const tmp = () => scratchDir('exp');
const THROWS = fileURLToPath(new URL('./throws-spiel.ts', import.meta.url));
const VERDICTS: readonly Verdict[] = ['supported', 'refuted', 'no effect that matters', 'inconclusive', 'untested', 'depends on the opponent'];

/** What every summary must be: the claim, every arm with an effect, n, a verdict the rule gives. */
function checkSummary(s: ExperimentSummary, e: Experiment, dir: string): void {
  expect(s.schema).toBe('perlagg.experiment/2');
  expect(s.id).toBe(e.id);
  expect(s.claim).toBe(e.claim);
  expect(VERDICTS).toContain(s.verdict);
  expect(s.arms.map((a) => a.name)).toEqual(e.arms.map((a) => a.name));
  expect(s.verdict).toBe(s.untested !== null ? 'untested' : combine(s.fields.map((f) => f.verdict)));
  expect(s.fields[0]!.arm).toBe(s.arms[0]!.name);
  expect(s.delta).toBeGreaterThan(0);
  expect(s.deltaWhy.length).toBeGreaterThan(20);
  expect(s.command).toBe(`npx perlagg experiment run ${e.id} --smoke --seed ${s.seed}`);
  expect(s.code.package).toMatch(/^\d+\.\d+\.\d+$/);
  for (const a of s.arms) {
    expect(VERDICTS).toContain(a.verdict);
    expect(a.n).toBeGreaterThanOrEqual(0);
    if (a.n > 0) {
      expect(a.effect.low).toBeLessThanOrEqual(a.effect.estimate);
      expect(a.effect.high).toBeGreaterThanOrEqual(a.effect.estimate);
      if (a.sprt === null) expect(a.verdict).toBe(verdictOf({ effect: a.effect, direction: a.direction, reference: a.reference, delta: a.delta, differing: a.differing }).verdict);
    } else expect(a.verdict).toBe('untested');
    if (a.design === 'describe') expect(a.differing).toBeNull();
    else expect(a.differing).toBeLessThanOrEqual(a.n);
    if (a.design !== 'describe' && a.mode === 'hands') expect(a.n).toBe(a.design === 'duplicate' ? a.deals : a.deals / 2);
    for (const r of a.runs) expect(existsSync(join(r, 'manifest.json'))).toBe(true);
  }
  expect(JSON.parse(readFileSync(join(dir, e.id, 'summary.json'), 'utf8'))).toEqual(s);
}

describe('experiments', () => {
  it('there are at least 32 testable experiments, every one of H-24 … H-33 among them (H-34 not testable), and every H-01 … H-42 is either', () => {
    const ids = EXPERIMENTS.map((e) => e.id);
    expect(ids.length).toBeGreaterThanOrEqual(32);
    for (let h = 24; h <= 33; h++) expect(ids).toContain(`H-${h}`);
    // 43 rows for the 42 claims: H-07's two halves are tested apart (H-07a, H-07b), each a claim of its own
    const all = [...ids, ...NOT_TESTABLE.map((n) => n.id)].sort();
    expect(all).toEqual(Array.from({ length: 42 }, (_, i) => `H-${String(i + 1).padStart(2, '0')}`).flatMap((h) => (h === 'H-07' ? ['H-07a', 'H-07b'] : [h])));
    for (const e of EXPERIMENTS) expect(e.hypotheses).toContain(e.id.replace(/[a-z]$/, ''));
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

  it('A/A: the same policy on both sides with streams of their own comes out neither supported nor refuted at about the stated rate (40 seeds)', async () => {
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
      // no shadows: a policy shadowing itself differs at no decision (untested by construction, shadow.test.ts); the rate is the machinery's
      const s = await runExperiment(aa, { size: 'smoke', seed, workers: 0, out, noChart: true, keepTables: false, shadow: false });
      verdicts.push(s.verdict);
      effects.add(s.arms[0]!.effect.estimate);
      expect(s.arms[0]!.effect.kind).toBe('interval');
    }
    const wrong = verdicts.filter((v) => v === 'supported' || v === 'refuted').length;
    // two-sided 5%: expected 2 of 40; P(8 or more | 5%) = 0.0008
    expect(wrong).toBeLessThanOrEqual(7);
    expect(effects.size).toBeGreaterThan(10); // real noise (on a grid of 1/60 points), not a difference of 0 by construction
    // the same policy with shared streams: the same game twice, exactly 0, no effect found by construction
    const same = await runExperiment({ ...aa, arms: [{ ...aa.arms[0]!, independentStreams: false }] }, { size: 'smoke', seed: 1, workers: 0, out, noChart: true });
    expect(same.arms[0]!.effect.kind).toBe('constant');
    expect(same.arms[0]!.differing).toBe(0);
    expect(same.verdict).toBe('untested');
    expect(same.arms[0]!.decisions).toEqual({ made: expect.any(Number), differing: 0 });
    expect(same.arms[0]!.verdictWhy).toMatch(/changed no decision/);
    const unshadowed = await runExperiment({ ...aa, arms: [{ ...aa.arms[0]!, independentStreams: false }] }, { size: 'smoke', seed: 1, workers: 0, out, noChart: true, shadow: false });
    expect(unshadowed.arms[0]!.verdictWhy).toMatch(/changed no result/);
  });

  it('the verdict rule: untested without firing; inside ±δ; the claimed side, the other side, or inconclusive', () => {
    const iv = (low: number, high: number) => ({ estimate: (low + high) / 2, low, high, kind: 'interval' as const });
    const v = (low: number, high: number, o: { direction?: 'greater' | 'less'; reference?: number; delta?: number; differing?: number | null; sprt?: { verdict: 'H0' | 'H1' | 'continue'; m1: number } } = {}) =>
      verdictOf({ effect: iv(low, high), direction: o.direction ?? 'greater', reference: o.reference ?? 0, delta: o.delta ?? 0.05, differing: o.differing === undefined ? 100 : o.differing, sprt: o.sprt ?? null }).verdict;
    expect(v(0.1, 0.3)).toBe('supported');
    expect(v(-0.3, -0.1)).toBe('refuted');
    expect(v(-0.1, 0.3)).toBe('inconclusive');
    expect(v(-0.04, 0.04)).toBe('no effect that matters');
    expect(v(0.01, 0.04)).toBe('no effect that matters'); // significant, but smaller than anything a player would notice
    expect(v(0.01, 0.06)).toBe('supported');
    expect(v(-0.3, -0.1, { direction: 'less' })).toBe('supported');
    expect(v(0.55, 0.7, { reference: 0.5 })).toBe('supported');
    expect(v(0.45, 0.7, { reference: 0.5 })).toBe('inconclusive');
    expect(v(0.1, 0.3, { differing: 0 })).toBe('untested');
    expect(v(0.1, 0.3, { differing: 9 })).toBe('untested');
    expect(v(0.1, 0.3, { differing: null })).toBe('supported');
    expect(v(-0.1, 0.3, { sprt: { verdict: 'H1', m1: 0.2 } })).toBe('supported');
    expect(v(-0.3, -0.1, { sprt: { verdict: 'H0', m1: 0.2 } })).toBe('refuted');
    expect(verdictOf({ effect: { estimate: 0, low: 0, high: 0, kind: 'constant' }, direction: 'greater', delta: 0.05, differing: 0 }).verdict).toBe('untested');
  });

  it('Holm\'s step-down adjustment and the headline of the fields', () => {
    expect(holm([0.01, 0.04, 0.03])).toEqual([0.03, 0.06, 0.06]);
    expect(holm([0.5])).toEqual([0.5]);
    expect(combine(['supported', 'supported'])).toBe('supported');
    expect(combine(['supported', 'untested'])).toBe('supported');
    expect(combine(['supported', 'refuted'])).toBe('depends on the opponent');
    expect(combine(['untested', 'untested'])).toBe('untested');
  });

  it('the firing check: a claim no field of which fired fails unless marked untested; Holm turns a lone significance inconclusive; seeds that disagree make it inconclusive', () => {
    const arm = (name: string, table: string, differing: number, low: number, high: number, p: number) => ({ name, table, differing, n: 500, p, effect: { estimate: (low + high) / 2, low, high, halfWidth: (high - low) / 2, se: (high - low) / 3.92, kind: 'interval' as const }, verdict: verdictOf({ effect: { estimate: (low + high) / 2, low, high, kind: 'interval' }, direction: 'greater', delta: 0.05, differing }).verdict, verdictWhy: '', sprt: null, edge: false, design: 'duplicate' as const, direction: 'greater' as const, reference: 0, delta: 0.05 });
    const summary = (id: string, arms: ReturnType<typeof arm>[], untested: string | null = null, seed = 1) => ({ id, seed, untested, arms, fields: arms.map((a) => ({ table: a.table, arm: a.name, verdict: a.verdict })) }) as unknown as ExperimentSummary;
    const dead = summary('H-90', [arm('h2h', 'author1853', 0, 0, 0, 1), arm('vs-simple', 'simple', 0, 0, 0, 1)]);
    const half = summary('H-91', [arm('h2h', 'author1853', 40, 0.1, 0.3, 1e-6), arm('vs-simple', 'simple', 0, 0, 0, 1)]);
    const marked = summary('H-92', [arm('h2h', 'author1853', 0, 0, 0, 1)], 'the situation does not arise');
    const c = checkFiring([dead, half, marked]);
    expect(c.failures).toHaveLength(1);
    expect(c.failures[0]).toMatch(/^H-90: B changed no result in any field/);
    expect(c.notes.join('\n')).toMatch(/H-91 against simple: no result differs/);
    expect(c.notes.join('\n')).toMatch(/H-92: marked untested/);
    // fields supported alone (p = 0.03, 0.04) are inconclusive after Holm over three tests (0.06); the untested field aside, H-91 is supported
    const lone = summary('H-93', [arm('h2h', 'author1853', 40, 0.01, 0.2, 0.03)]);
    const j = judgeClaims([half, lone, summary('H-94', [arm('h2h', 'author1853', 40, 0.01, 0.3, 0.04)])]);
    expect(j.map((x) => x.final)).toEqual(['supported', 'inconclusive', 'inconclusive']);
    expect(j[1]!.fields[0]!.why).toMatch(/not after Holm's correction over 3 tests/);
    expect(j[1]!.edge).toBe(true);
    const other = summary('H-94', [arm('h2h', 'author1853', 40, -0.3, -0.1, 1e-6)], null, 2);
    const r = judgeClaims([summary('H-94', [arm('h2h', 'author1853', 40, 0.1, 0.3, 1e-6)])], [other]);
    expect(r[0]!.verdict).toBe('supported');
    expect(r[0]!.replicate).toBe('refuted');
    expect(r[0]!.final).toBe('inconclusive');
    expect(r[0]!.notes.join(' ')).toMatch(/the seeds disagree: supported at seed 1, refuted at seed 2/);
  });

  it('a rerun into the same folder replaces the experiment\'s own files, its chart\'s spec (chart.vl.json) among them', async () => {
    const e: Experiment = { id: 'H-95', hypotheses: [], claim: 'rerun', a: 'author1853', b: 'author1853{bockLead=false}', sizes: { full: 4, quick: 4, smoke: 4 }, arms: [{ name: 'h2h', label: 'duplicate', design: 'duplicate', mode: 'hands', metric: 'spiele', direction: 'greater' }] };
    const out = tmp();
    await runExperiment(e, { size: 'smoke', seed: 2, workers: 0, out });
    expect(existsSync(join(out, 'H-95', 'chart.vl.json'))).toBe(true);
    const again = await runExperiment(e, { size: 'smoke', seed: 3, workers: 0, out });
    expect(again.seed).toBe(3);
  });

  it('the definition hash does not depend on where the checkout lies (a --where file counts by its name)', () => {
    const e = EXPERIMENTS.find((x) => x.id === 'H-06')!;
    const moved = { ...e, arms: e.arms.map((a) => (a.where === undefined ? a : { ...a, where: `/elsewhere/checkout/experiments/where/${a.where.split(/[\\/]/).pop()!.replace(/\.ts$/, '.js')}` })) };
    expect(definitionHash(moved)).toBe(definitionHash(e));
    expect(definitionHash({ ...e, claim: 'other' })).not.toBe(definitionHash(e));
  });

});

describe('perlagg experiment', () => {
  it('list names every experiment and every claim not testable with why', async () => {
    const r = await perlagg('experiment', 'list');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^41 experiments \(testable\), 2 claims not testable:/);
    expect(r.out).toMatch(/H-05  not testable: .*bids on its own strength/);
    expect(r.out).toMatch(/H-34  not testable: .*curtails a two-item bid/);
    for (const e of EXPERIMENTS) expect(r.out).toContain(`${e.id}  ${e.claim}`);
    expect(r.out).toMatch(/ spread: side, hands, variance of points \(less\)/);
    const j = JSON.parse((await perlagg('experiment', 'list', '--json')).out) as { experiments: unknown[]; notTestable: unknown[] };
    expect(j.experiments.length).toBe(41);
    expect(j.notTestable.length).toBe(2);
  });

  it('run prints the verdict with effect, interval, n, firing and δ (H-42: a variance arm); report writes the findings, a replication beside', async () => {
    const V = '(supported|refuted|no effect that matters|inconclusive|untested|depends on the opponent)';
    const dir = tmp();
    const results = join(dir, 'results');
    const r = await perlagg('experiment', 'run', 'H-27', '24', 'H-42', '--smoke', '--workers', '0', '--seed', '5', '--out', results);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(new RegExp(`Verdict H-27: ${V} \\(h2h\\): effect [+−]\\d\\.\\d{4} \\[[+−]\\d\\.\\d{4}, [+−]\\d\\.\\d{4}\\] points a hand, n = 8 deal pairs`));
    expect(r.out).toMatch(/n = 8 deal pairs; \d of them differ between A and B.*; δ = 0\.05/);
    expect(r.out).toMatch(/Fields: author1853 \S.* \(h2h\); simple \S.* \(vs-simple\)/);
    expect(r.out).toMatch(/Verdict H-24: /);
    expect(r.out).toMatch(/variance ratio unpaired\/paired \d+\.\d\d/);
    expect(r.out).toContain('Reproduce: npx perlagg experiment run H-27 --smoke --seed 5');
    expect(r.out).toMatch(new RegExp(`Verdict H-42: ${V} \\(spread\\): effect [+−]\\d\\.\\d{4} \\[[+−]\\d\\.\\d{4}, [+−]\\d\\.\\d{4}\\] variance of the points a hand \\(A's minus B's\\), n = 8 deals`));
    const j = await perlagg('experiment', 'run', 'H-28', '--smoke', '--workers', '0', '--json', '--out', results);
    expect((JSON.parse(j.out) as ExperimentSummary).id).toBe('H-28');
    const second = join(dir, 'second');
    expect((await perlagg('experiment', 'run', 'H-27', '--smoke', '--workers', '0', '--seed', '6', '--out', second)).code).toBe(0);
    const md = join(dir, 'findings.md');
    const rep = await perlagg('experiment', 'report', '--results', results, '--replicate', second, '--out', md);
    expect(rep.code, rep.err).toBe(0);
    expect(rep.out).toMatch(/^Wrote .*findings\.md and findings-chart\.svg: 4 experiments \(replicated: 1\); .*2 not testable/);
    expect(readFileSync(join(dir, 'findings-chart.svg'), 'utf8')).toMatch(/<svg[\s\S]*effect in units of δ/);
    const text = readFileSync(md, 'utf8');
    for (let h = 1; h <= 42; h++) for (const id of h === 7 ? ['H-07a', 'H-07b'] : [`H-${String(h).padStart(2, '0')}`]) expect(text).toMatch(new RegExp(`^\\| \\[${id}\\]\\(#${id.toLowerCase()}\\) \\|`, 'm'));
    expect(text).toMatch(/### H-07b\n\n\*\*not run yet\*\*\n\n> \*\*H-07\*\* \(p\.37\)/); // H-07's German sentence above each half
    expect(text).toMatch(new RegExp(`\\| \\[H-27\\]\\(#h-27\\) \\| .* \\| \\*\\*${V}\\*\\*.* \\| ${V}, [+−]\\d.* /100 \\| ${V}, [+−]\\d.* /100 \\| — \\| 0\\.05 \\(A − B\\) points a hand \\| (agree|differ \\(${V}\\)) \\|`));
    expect(text).toMatch(/\| \[H-30\]\(#h-30\) \| .* \| not run yet \|/);
    expect(text).toMatch(/\| \[H-34\]\(#h-34\) \| .* \| not testable \| .*curtails/);
    expect(text).toContain('> **H-27** (p.42 #2) — hold when you have the figure "in natura ziemlich gut".'); // the German sentence with its page
    expect(text).toMatch(/Seed 5: \S.*\. Seed 6: \S/);
    expect(text).toMatch(/\| \*\*the author's table\*\* \| h2h \| .* \| \d of 8 \| [+−]\d/);
    // the committed findings are written only when asked, and only from a full-size run of every experiment
    const docs = await perlagg('experiment', 'report', '--results', results, '--docs');
    expect(docs.code).toBe(2);
    expect(docs.err).toMatch(/--docs: docs\/findings\.md holds the full size of every experiment; 37 not run/);
  });

  it('run H-07 runs both halves, H-07a and H-07b', async () => {
    const r = await perlagg('experiment', 'run', '7', '--smoke', '--workers', '0', '--json', '--out', join(tmp(), 'results'));
    expect(r.code, r.err).toBe(0);
    expect(r.out.trim().split('\n').map((l) => (JSON.parse(l) as ExperimentSummary).id)).toEqual(['H-07a', 'H-07b']);
  });

  it('bad input: one line, exit 2', async () => {
    for (const args of [['run', 'H-77'], ['run'], ['run', 'H-24', '--all'], ['run', 'H-24', '--quick', '--smoke'], ['run', 'H-24', '--seed', 'x'], ['report', '--results', '/nonexistent/x']]) {
      const r = await perlagg('experiment', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err.trim().split('\n').length, args.join(' ')).toBe(1);
    }
  });
});
