// Run manifests and shard merging: a merged sharded run is byte-identical to one unsharded run producing the
// same batches; bad shard sets are refused naming the problem (GUIDE §2 "Worker-count invariance",
// "Crash and resume").
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeVersion } from '../../src/results/manifest.ts';
import { mergeShards } from '../../src/results/merge.ts';
import { checkResume, fileSha256, finalizeRun, readRunManifest, settingsDiff, writeRunManifest, type RunManifest } from '../../src/results/run-manifest.ts';
import { BatchStreamWriter, TornFileError, readStreamBatches } from '../../src/results/stream.ts';
import { readArrowFileBatches, streamToFile } from '../../src/results/ipc-file.ts';
import type { ColumnSpec } from '../../src/core/columns.ts';
import { scratchDir } from '../scratch.js';

const HANDS: readonly ColumnSpec[] = [
  { name: 'deal', type: 'uint32', doc: '' },
  { name: 'seat', type: 'uint8', doc: '' },
  { name: 'policy', type: 'utf8', doc: '' },
  { name: 'points', type: 'int16', doc: '' },
];
const PARTIEN: readonly ColumnSpec[] = [
  { name: 'deal', type: 'uint32', doc: '' },
  { name: 'winner', type: 'utf8', doc: '' },
  { name: 'margin', type: 'float64', doc: '' },
];
const DEALS_PER_BATCH = 10;
const BATCHES = 6;
const SETTINGS = { deals: BATCHES * DEALS_PER_BATCH, seed: 42, ruleset: 'oberland', policies: ['random', 'greedy'], batch: DEALS_PER_BATCH, shard: null };
interface Shard { index: number; count: number }

/** Batch k of the run: rows for deals [k*10, k*10+10), a function of k only (as the runner's seeds give). */
function handsBatch(k: number) {
  const rows = DEALS_PER_BATCH * 4;
  return {
    deal: Uint32Array.from({ length: rows }, (_, r) => k * DEALS_PER_BATCH + Math.floor(r / 4)),
    seat: Uint8Array.from({ length: rows }, (_, r) => r % 4),
    policy: Array.from({ length: rows }, (_, r) => (r % 2 === 0 ? 'random' : (k % 2 === 0 ? 'greedy' : `greedy-${k}`))),
    points: Int16Array.from({ length: rows }, (_, r) => ((k * 37 + r * 11) % 41) - 20),
  };
}
function partienBatch(k: number) {
  return {
    deal: Uint32Array.from({ length: DEALS_PER_BATCH }, (_, r) => k * DEALS_PER_BATCH + r),
    winner: Array.from({ length: DEALS_PER_BATCH }, (_, r) => ((k + r) % 3 === 0 ? 'team-a' : 'team-b')),
    margin: Float64Array.from({ length: DEALS_PER_BATCH }, (_, r) => (k - r) / 3),
  };
}

const dirs: string[] = [];
const root = scratchDir('merge');
dirs.push(root);
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
let counter = 0;
const fresh = (name: string) => join(root, `${name}-${counter++}`);

type Layout = 'streams' | 'files';

/**
 * What the runner does: streams + manifest after every batch, then finish and either finalizeRun (streams
 * kept) or the simulate runner's ending (each stream converted to <t>.arrow and deleted, the table entry
 * pointing at the Arrow file with its sha256 and bytes). `metrics` stands for a per-shard extra field.
 */
function run(dir: string, opts: { first: number; count: number; layout?: Layout; settings?: Record<string, unknown>; shard?: Shard; stopAfter?: number }): RunManifest {
  mkdirSync(dir, { recursive: true });
  const settings = opts.settings ?? { ...SETTINGS, shard: opts.shard ?? null };
  const hands = BatchStreamWriter.create(join(dir, 'hands.arrows'), HANDS, { table: 'hands' });
  const partien = BatchStreamWriter.create(join(dir, 'partien.arrows'), PARTIEN, { table: 'partien' });
  const now = new Date().toISOString();
  let m: RunManifest = {
    tool: 'perlagg', command: 'simulate', formatVersion: 1, settings,
    tables: {
      hands: { file: 'hands.arrows', columns: HANDS.map((c) => c.name), committed: hands.committed },
      partien: { file: 'partien.arrows', columns: PARTIEN.map((c) => c.name), committed: partien.position },
    },
    progress: { batchesDone: 0, batchesTotal: opts.count, dealsDone: 0 },
    dealRange: { start: opts.first * DEALS_PER_BATCH, end: (opts.first + opts.count) * DEALS_PER_BATCH },
    metrics: { n: 0 }, ruleset: { name: 'oberland' },
    complete: false, code: codeVersion(), created: now, updated: now, timings: { simulate: 0 },
  };
  writeRunManifest(dir, m);
  for (let i = 0; i < opts.count; i++) {
    if (opts.stopAfter === i) break;
    const k = opts.first + i;
    const h = hands.append(handsBatch(k));
    const p = partien.append(partienBatch(k));
    m = {
      ...m,
      tables: { hands: { ...m.tables.hands!, committed: h }, partien: { ...m.tables.partien!, committed: p } },
      progress: { ...m.progress, batchesDone: i + 1, dealsDone: (i + 1) * DEALS_PER_BATCH },
      metrics: { n: (m['metrics'] as { n: number }).n + k },
      timings: { simulate: (i + 1) * 0.5 },
    };
    writeRunManifest(dir, m);
  }
  if (opts.stopAfter !== undefined) {
    hands.close();
    partien.close();
    return m;
  }
  if ((opts.layout ?? 'streams') === 'files') {
    for (const [t, w] of [['hands', hands], ['partien', partien]] as const) {
      w.finish();
      w.close();
      streamToFile(join(dir, `${t}.arrows`), join(dir, `${t}.arrow`));
      rmSync(join(dir, `${t}.arrows`));
      const f = fileSha256(join(dir, `${t}.arrow`));
      m.tables[t] = { ...m.tables[t]!, file: `${t}.arrow`, sha256: f.sha256, bytes: f.bytes } as RunManifest['tables'][string];
    }
    m = { ...m, complete: true };
    writeRunManifest(dir, m);
    return m;
  }
  const h = hands.finish();
  const p = partien.finish();
  hands.close();
  partien.close();
  m = { ...m, tables: { hands: { ...m.tables.hands!, committed: h }, partien: { ...m.tables.partien!, committed: p } } };
  return finalizeRun(dir, m);
}

/** Shards of the 6-batch run by their batch counts, e.g. [2, 2, 2] or [1, 3, 2]. */
function shards(sizes: number[], layout: Layout = 'streams'): string[] {
  let first = 0;
  return sizes.map((n, index) => {
    const dir = fresh(`shard${index}`);
    run(dir, { first, count: n, layout, shard: { index, count: sizes.length } });
    first += n;
    return dir;
  });
}

const sumMetrics = (values: unknown[]) => ({ n: values.reduce<number>((a, v) => a + (v as { n: number }).n, 0) });
const strip = ({ created: _c, updated: _u, timings: _t, ...rest }: RunManifest) => rest;

const single = fresh('single');
const singleManifest = run(single, { first: 0, count: BATCHES });
const even = shards([2, 2, 2]);

describe('settingsDiff', () => {
  it('names the first differing field by its dotted path, deep', () => {
    expect(settingsDiff(SETTINGS, { ...SETTINGS })).toBeNull();
    expect(settingsDiff(SETTINGS, { ...SETTINGS, seed: 43 })).toBe('seed');
    expect(settingsDiff({ a: { b: { c: 1, d: 2 } } }, { a: { b: { c: 1, d: 3 } } })).toBe('a.b.d');
    expect(settingsDiff({ p: ['x', 'y'] }, { p: ['x', 'z'] })).toBe('p.1');
    expect(settingsDiff({ p: ['x'] }, { p: ['x', 'y'] })).toBe('p');
    expect(settingsDiff({ a: 1 }, { a: 1, b: 0 })).toBe('b');
    expect(settingsDiff({ a: { x: 1 } }, { a: 1 })).toBe('a');
    expect(settingsDiff({ z: 1, a: { y: [1, { q: true }] } }, { z: 2, a: { y: [1, { q: false }] } })).toBe('a.y.1.q');
    expect(settingsDiff({ a: 1, b: null }, { b: null, a: 1 })).toBeNull();
  });

  it('refuses a resume with changed settings, naming the field', () => {
    expect(checkResume(single, 'simulate', SETTINGS)?.complete).toBe(true);
    expect(() => checkResume(single, 'simulate', { ...SETTINGS, shard: { index: 0, count: 2 } })).toThrow(/different shard; cannot resume/);
    expect(() => checkResume(single, 'simulate', { ...SETTINGS, policies: ['random', 'mcts'] })).toThrow(/different policies\.1; cannot resume/);
    expect(() => checkResume(single, 'exact', SETTINGS)).toThrow(/holds a run of "perlagg simulate"/);
    expect(checkResume(fresh('none'), 'simulate', SETTINGS)).toBeNull();
  });

  it('reads what it wrote; null without a manifest; a clear error for a broken one', () => {
    expect(readRunManifest(single)).toEqual(singleManifest);
    const bad = fresh('bad');
    mkdirSync(bad);
    expect(readRunManifest(bad)).toBeNull();
    writeFileSync(join(bad, 'manifest.json'), '{"tool": "perlagg", "comm');
    expect(() => readRunManifest(bad)).toThrow(/manifest\.json is not readable JSON/);
    writeFileSync(join(bad, 'manifest.json'), '{"tool": "perlagg", "command": "exact", "parameters": {}}');
    expect(() => readRunManifest(bad)).toThrow(/not a run manifest of format version 1/);
  });
});

describe('a single run folder', () => {
  it('lists its streams and files with rows and sha256, and the streams read back as committed', () => {
    expect(singleManifest.complete).toBe(true);
    expect(singleManifest.files!.map((f) => [f.name, f.rows])).toEqual([
      ['hands.arrows', 240], ['hands.arrow', 240], ['partien.arrows', 60], ['partien.arrow', 60],
    ]);
    for (const f of singleManifest.files!) expect(statSync(join(single, f.name)).size).toBe(f.bytes);
    const t = singleManifest.tables.hands!;
    let rows = 0;
    for (const b of readStreamBatches(join(single, t.file), { ...t.committed, complete: true })) rows += b.numRows;
    expect(rows).toBe(240);
  });
});

describe('mergeShards', () => {
  const files = ['hands.arrows', 'hands.arrow', 'partien.arrows', 'partien.arrow'];

  for (const [label, dirsOf] of [['three even shards', () => even], ['uneven shards given out of order', () => { const s = shards([1, 3, 2]); return [s[2]!, s[0]!, s[1]!]; }]] as const) {
    it(`${label}: byte-identical to the unsharded run, manifest too`, () => {
      const out = fresh('merged');
      const r = mergeShards(dirsOf(), out, { combine: { metrics: sumMetrics } });
      expect(r.shards).toBe(3);
      expect(r.dropped).toEqual([]);
      expect(r.tables).toEqual({ hands: { rows: 240, batches: 6 }, partien: { rows: 60, batches: 6 } });
      for (const f of files) expect(readFileSync(join(out, f)).equals(readFileSync(join(single, f))), f).toBe(true);
      const m = readRunManifest(out)!;
      expect(m).toEqual(r.manifest);
      expect(strip(m)).toEqual(strip(singleManifest));
      expect(m.timings.simulate).toBeCloseTo(3, 9);
    });
  }

  it('the runner layout (Arrow files only, streams deleted): byte-identical file, equal manifest', () => {
    const singleFiles = fresh('single-files');
    const want = run(singleFiles, { first: 0, count: BATCHES, layout: 'files' });
    const out = fresh('merged-files');
    const r = mergeShards(shards([2, 1, 3], 'files'), out, { combine: { metrics: sumMetrics } });
    for (const f of ['hands.arrow', 'partien.arrow']) expect(readFileSync(join(out, f)).equals(readFileSync(join(singleFiles, f))), f).toBe(true);
    expect(existsSync(join(out, 'hands.arrows'))).toBe(false);
    expect(r.dropped).toEqual([]);
    expect(strip(readRunManifest(out)!)).toEqual(strip(want));
    expect(r.manifest.tables).toEqual(want.tables);
    let rows = 0;
    for (const b of readArrowFileBatches(join(out, 'hands.arrow'))) rows += b.numRows;
    expect(rows).toBe(240);
  });

  it('a field that differs per shard is combined by the given function, else dropped and named', () => {
    const dirs = shards([3, 3], 'files');
    const a = mergeShards(dirs, fresh('m'));
    expect(a.dropped).toEqual(['metrics']);
    expect('metrics' in a.manifest).toBe(false);
    const b = mergeShards(dirs, fresh('m'), { combine: { metrics: sumMetrics } });
    expect(b.manifest['metrics']).toEqual({ n: 15 });
    expect(b.manifest['ruleset']).toEqual({ name: 'oberland' });
  });

  const refuses = (dirs: string[], pattern: RegExp) => {
    const out = fresh('refused');
    expect(() => mergeShards(dirs, out)).toThrow(pattern);
    expect(existsSync(out), 'nothing written').toBe(false);
  };

  it('refuses an incomplete shard', () => {
    const part = fresh('partial');
    run(part, { first: 2, count: 2, stopAfter: 1, shard: { index: 1, count: 3 } });
    refuses([even[0]!, part, even[2]!], /\(shard 1 of 3\) is not complete: 1 of 2 batches done/);
  });

  it('refuses duplicated, missing and foreign shards', () => {
    refuses([even[0]!, even[1]!, even[1]!], /shard 1 of 3 is given twice/);
    refuses([even[0]!, even[2]!], /shard 1 of 3 is missing/);
    refuses([even[0]!, single, even[2]!], /is not a shard/);
    refuses([even[0]!, fresh('nothing'), even[2]!], /has no manifest\.json/);
    const two = shards([3, 3]);
    refuses([even[0]!, two[1]!], /disagree on the number of shards \(2, 3\)/);
  });

  it('refuses shards of other settings, naming the field', () => {
    const other = fresh('other');
    run(other, { first: 2, count: 2, settings: { ...SETTINGS, policies: ['random', 'mcts'], shard: { index: 1, count: 3 } } });
    refuses([even[0]!, other, even[2]!], /differ in setting policies\.1/);
  });

  it('refuses deal ranges with a gap or overlap', () => {
    const gap = fresh('gap');
    cpSync(even[1]!, gap, { recursive: true });
    const m = readRunManifest(gap)!;
    writeRunManifest(gap, { ...m, dealRange: { start: 21, end: 41 } });
    refuses([even[0]!, gap, even[2]!], /shards 0 and 1 are not contiguous \(deals 0\.\.20, then 21\.\.41\)/);
  });

  it('refuses a torn or replaced shard file and a non-empty output folder', () => {
    const cut = shards([2, 2, 2], 'files');
    truncateSync(join(cut[1]!, 'partien.arrow'), statSync(join(cut[1]!, 'partien.arrow')).size - 1);
    refuses(cut, /partien\.arrow does not match the sha256\/bytes in its manifest/);
    const m = readRunManifest(cut[1]!)!;
    writeRunManifest(cut[1]!, { ...m, tables: { ...m.tables, partien: { file: 'partien.arrow', columns: m.tables.partien!.columns, committed: m.tables.partien!.committed } } });
    // removing the checksum does not skip the check (issue 9, item 3)
    refuses(cut, /has no sha256 and size for partien\.arrow; it cannot be checked/);
    const torn = fresh('torn');
    cpSync(even[2]!, torn, { recursive: true });
    truncateSync(join(torn, 'hands.arrows'), statSync(join(torn, 'hands.arrows')).size - 3);
    const out = fresh('refused');
    expect(() => mergeShards([even[0]!, even[1]!, torn], out)).toThrow(TornFileError);
    expect(existsSync(out)).toBe(false);
    const busy = fresh('busy');
    mkdirSync(busy);
    writeFileSync(join(busy, 'x'), '');
    expect(() => mergeShards(even, busy)).toThrow(/is not an empty folder/);
  });
});
