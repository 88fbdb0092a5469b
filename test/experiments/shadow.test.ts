// Issue 26, deliverable 2: firing counted at the level of decisions. While a seat plays A, a shadow of B is
// asked on the same observation what it would do (and the other way round); the shadow never changes the
// game: the arm's rows are the same, column by column, as a run without shadows.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tableFromIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { EXPERIMENTS } from '../../experiments/index.ts';
import { runExperiment } from '../../src/experiments/run.ts';
import { checkFiring } from '../../src/experiments/firing.ts';
import { verdictOf } from '../../src/experiments/verdict.ts';
import { zstd } from '../../src/results/codec.ts';
import type { Experiment } from '../../src/experiments/types.ts';
import type { ExperimentSummary } from '../../src/experiments/summary.ts';
import { scratchDir } from '../scratch.js';

const THROWS = fileURLToPath(new URL('./throws-spiel.ts', import.meta.url));

/** Every .arrow table under a folder, by its path inside it. */
function tables(dir: string, under = ''): string[] {
  return readdirSync(join(dir, under)).flatMap((f) => (statSync(join(dir, under, f)).isDirectory() ? tables(dir, join(under, f)) : f.endsWith('.arrow') ? [join(under, f)] : []));
}

/** A table's rows: every column's name and values as bytes (the file's metadata, which names the policies, aside). */
function rows(file: string): Buffer {
  zstd();
  const t = tableFromIPC(readFileSync(file));
  const parts: Buffer[] = [];
  for (const f of t.schema.fields) {
    const a = t.getChild(f.name)!.toArray() as unknown;
    parts.push(Buffer.from(f.name), ArrayBuffer.isView(a) ? Buffer.from(a.buffer, a.byteOffset, a.byteLength) : Buffer.from(JSON.stringify(Array.from(a as ArrayLike<unknown>))));
  }
  return Buffer.concat(parts);
}

describe('shadows: the decisions where A and B act differently', () => {
  it('change no result: H-02 (duplicate, and side arms of hands and of Partien from 2:9) has the same rows with and without shadows, and counts decisions', async () => {
    const e = EXPERIMENTS.find((x) => x.id === 'H-02')!;
    const plain = scratchDir('shadow-plain');
    const shadowed = scratchDir('shadow-on');
    const a = await runExperiment(e, { size: 'smoke', seed: 11, workers: 0, out: plain, noChart: true, shadow: false });
    const b = await runExperiment(e, { size: 'smoke', seed: 11, workers: 0, out: shadowed, noChart: true });
    const files = tables(join(plain, 'H-02'));
    expect(files.length).toBe(11); // h2h: hands; vs-simple: two runs; each far-behind arm: two runs of hands and Partien
    for (const f of files) expect(rows(join(shadowed, 'H-02', f)).equals(rows(join(plain, 'H-02', f))), f).toBe(true);
    const strip = (s: ExperimentSummary) => s.arms.map(({ elapsedMs, runs, decisions, ...rest }) => rest);
    expect(strip(b)).toEqual(strip(a));
    expect(b.verdict).toBe(a.verdict);
    for (const arm of a.arms) expect(arm.decisions).toBeNull();
    for (const arm of b.arms) {
      expect(arm.decisions!.made).toBeGreaterThan(100);
      expect(arm.decisions!.differing).toBeGreaterThan(0); // Ratschen and rescue Ratschen change bids
      expect(arm.decisions!.differing).toBeLessThan(arm.decisions!.made);
    }
  });

  it('a random policy shadowing itself never differs (the shadow replays its draws), though its deals do with streams of their own; a planted loser differs', async () => {
    const noisy = 'random{bidRate=0.3,holdRate=0.3}';
    const aa: Experiment = {
      id: 'H-97',
      hypotheses: [],
      claim: 'A/A',
      a: noisy,
      b: noisy,
      sizes: { full: 12, quick: 12, smoke: 12 },
      arms: [
        { name: 'h2h', label: 'A/A', design: 'duplicate', mode: 'hands', metric: 'points', direction: 'greater', independentStreams: true },
        { name: 'vs-simple', label: 'A/A against simple', design: 'side', mode: 'hands', metric: 'points', direction: 'greater', opponent: 'simple' },
      ],
    };
    const out = scratchDir('shadow-aa');
    const s = await runExperiment(aa, { size: 'smoke', seed: 3, workers: 0, out, noChart: true });
    for (const arm of s.arms) {
      expect(arm.decisions!.made).toBeGreaterThan(100);
      expect(arm.decisions!.differing).toBe(0);
      expect(arm.verdict).toBe('untested');
      expect(arm.verdictWhy).toMatch(/changed no decision/);
    }
    expect(s.arms[0]!.differing).toBeGreaterThan(0); // the deals differ: the two seatings draw from streams of their own
    const planted: Experiment = { ...aa, id: 'H-96', a: 'author1853', b: THROWS, arms: [{ ...aa.arms[0]!, independentStreams: false }] };
    const p = await runExperiment(planted, { size: 'smoke', seed: 3, workers: 0, out, noChart: true });
    expect(p.arms[0]!.decisions!.differing).toBeGreaterThan(0);
  });

  it('the firing check and the verdict read the decisions: none differs is untested, whatever the deals did', () => {
    expect(verdictOf({ effect: { estimate: 0.2, low: 0.1, high: 0.3, kind: 'interval' }, direction: 'greater', delta: 0.05, differing: 100, differingDecisions: 0 }).verdict).toBe('untested');
    expect(verdictOf({ effect: { estimate: 0.2, low: 0.1, high: 0.3, kind: 'interval' }, direction: 'greater', delta: 0.05, differing: 100, differingDecisions: 40 }).verdict).toBe('supported');
    const arm = (name: string, table: string, decisions: { made: number; differing: number } | undefined) => ({ name, table, differing: 30, n: 500, decisions, p: 1, effect: { estimate: 0, low: -1, high: 1, halfWidth: 1, se: 0.5, kind: 'interval' as const }, verdict: 'inconclusive' as const, verdictWhy: '', sprt: null, edge: false, design: 'duplicate' as const, direction: 'greater' as const, reference: 0, delta: 0.05 });
    const summary = (id: string, arms: ReturnType<typeof arm>[]) => ({ id, seed: 1, untested: null, arms, fields: arms.map((a) => ({ table: a.table, arm: a.name, verdict: a.verdict })) }) as unknown as ExperimentSummary;
    const c = checkFiring([
      summary('H-90', [arm('h2h', 'author1853', { made: 900, differing: 0 }), arm('vs-simple', 'simple', { made: 500, differing: 0 })]),
      summary('H-91', [arm('h2h', 'author1853', { made: 900, differing: 7 }), arm('vs-simple', 'simple', { made: 500, differing: 0 })]),
      summary('H-92', [arm('h2h', 'author1853', undefined)]), // a summary from before decisions were counted: its deals
    ]);
    expect(c.failures).toEqual([expect.stringMatching(/^H-90: B changed no decision in any field \(author1853: 0 of 900 decisions; simple: 0 of 500 decisions\)/)]);
    expect(c.notes).toEqual([expect.stringMatching(/^H-91 against simple: no decision differs in 500/)]);
  });

  it('H-07b: B (lowTrumpAnswer) acts differently from A at some decisions: the claim\'s situation arises and its B fires', async () => {
    const e = EXPERIMENTS.find((x) => x.id === 'H-07b')!;
    expect(e.b).toBe('author1853{lowTrumpAnswer=true}');
    const out = scratchDir('shadow-h07b');
    const s = await runExperiment({ ...e, sizes: { full: 60, quick: 60, smoke: 60 }, arms: [e.arms[0]!] }, { size: 'smoke', seed: 1853, workers: 0, out, noChart: true });
    expect(s.arms[0]!.decisions!.differing).toBeGreaterThan(0);
    expect(s.arms[0]!.decisions!.differing).toBeLessThan(s.arms[0]!.decisions!.made / 100); // one lead now and then, nothing else
  });
});
