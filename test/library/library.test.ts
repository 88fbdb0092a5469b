// The library's functions from the sources (the package test, package.test.ts, runs them from the packed
// tarball): simulate() with policy objects (in this thread; asked for workers, refused with the way out
// named), simulateStream() (the batches in order, the rows the files get, the same for any worker count, a
// loop left early stops the run), and tune(), league(), merge(), plot() — each what its command computes,
// plain data back, a UsageError for bad input.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { definePolicy, league, merge, plot, registerArrowZstd, simulate, simulateStream, tune, UsageError, type Observation, type PolicyAction, type SimulationBatch } from '../../src/index.ts';
import { perlagg } from '../in-process.ts';
import { scratchDir } from '../scratch.ts';

const dir = scratchDir('library');
const FIRST = "{ name: 'first', version: '1', description: 'the first legal action', options: { pick: { type: 'integer', min: 0, max: 3, default: 0, description: 'which legal action (modulo their number)' } }, create: (o) => ({ act: (obs) => obs.legal[o.pick % obs.legal.length] }) }";
const first = definePolicy({
  name: 'first', version: '1', description: 'the first legal action',
  options: { pick: { type: 'integer', min: 0, max: 3, default: 0, description: 'which legal action (modulo their number)' } },
  create: (o) => ({ act: (obs: Observation): PolicyAction => obs.legal[Number(o['pick']) % obs.legal.length]! }),
});
const firstFile = join(dir, 'first.mjs');
writeFileSync(firstFile, `export default ${FIRST};\n`);

const usage = async (f: () => unknown): Promise<string> => {
  try {
    await f();
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    expect((e as Error).message.split('\n')).toHaveLength(1);
    return (e as Error).message;
  }
  throw new Error('no error thrown');
};

describe('simulate() with policy objects', () => {
  it('runs an object in this thread and finds what the same policy given by its file finds', async () => {
    const opts = { mode: 'hands' as const, deals: 120, batchSize: 60, seed: 4 };
    const byObject = await simulate({ ...opts, policies: [first, 'simple'] });
    const byFile = await simulate({ ...opts, policies: [firstFile, 'simple'], workers: 0 });
    expect(byObject.dealsDone).toBe(120);
    expect(byObject.metrics).toEqual(byFile.metrics);
    // with options of its own, and in a duplicate run
    const picked = await simulate({ ...opts, policies: [{ policy: first, options: { pick: 1 } }, 'simple'], workers: 0 });
    const pickedFile = await simulate({ ...opts, policies: [`${firstFile}{pick=1}`, 'simple'], workers: 0 });
    expect(picked.metrics).toEqual(pickedFile.metrics);
    expect(picked.metrics['p0_minus_p1']).not.toEqual(byObject.metrics['p0_minus_p1']);
    const dup = await simulate({ ...opts, deals: 40, policies: [first, 'simple'], duplicate: true });
    expect(dup.metrics['a_minus_b']!.n).toBe(40);
  });

  it('asked for workers, refuses an object in one line naming the ways out; bad options are UsageErrors', async () => {
    const msg = await usage(() => simulate({ mode: 'hands', deals: 10, policies: [first, 'simple'], workers: 2 }));
    expect(msg).toMatch(/policy object "first".*cannot be sent to a worker thread/);
    expect(msg).toMatch(/workers: 0/);
    expect(msg).toMatch(/file path/);
    await usage(() => simulate({ mode: 'hands', deals: 10, policies: [first, { policy: first, options: { pick: 9 } }] }));
    await usage(() => simulate({ mode: 'cards' as never }));
    await usage(() => simulate({ mode: 'figures', policies: [first] }));
    await usage(() => simulate({ mode: 'hands', deals: 10, policies: [42 as never] }));
  });
});

/** The batches of a stream, every column as plain arrays (comparable across runs). */
async function collect(stream: AsyncIterable<SimulationBatch>): Promise<SimulationBatch[]> {
  const out: SimulationBatch[] = [];
  for await (const b of stream) out.push(b);
  return out;
}
const plain = (bs: readonly SimulationBatch[], table: string) => bs.map((b) => Object.fromEntries(Object.entries(b.tables[table]!.columns).map(([k, v]) => [k, Array.from(v as ArrayLike<number | string>)])));

describe('simulateStream()', () => {
  it('yields the batches in order with the rows the files get, the same on 2 workers as in this thread', async () => {
    registerArrowZstd();
    const out = join(dir, 'stream-hands');
    const s = simulateStream({ mode: 'hands', deals: 250, batchSize: 100, seed: 9, policies: ['simple', 'random'], workers: 0, out });
    const batches = await collect(s);
    expect(batches.map((b) => [b.index, b.start, b.end])).toEqual([[0, 0, 100], [1, 100, 200], [2, 200, 250]]);
    const summary = await s.summary;
    expect(summary.dealsDone).toBe(250);
    expect(summary.files.some((f) => f.endsWith('hands.arrow'))).toBe(true);
    const file = tableFromIPC(readFileSync(join(out, 'hands.arrow')));
    expect(file.numRows).toBe(250);
    for (const name of file.schema.fields.map((f) => f.name)) {
      const streamed = batches.flatMap((b) => Array.from(b.tables['hands']!.columns[name]! as ArrayLike<number | string>, (v) => (typeof v === 'number' ? v : String(v))));
      const written = Array.from(file.getChild(name)!.toArray() as ArrayLike<unknown>, (v) => (typeof v === 'bigint' ? Number(v) : typeof v === 'number' ? v : String(v)));
      expect(streamed, name).toEqual(written);
    }
    const pooled = await collect(simulateStream({ mode: 'hands', deals: 250, batchSize: 100, seed: 9, policies: ['simple', 'random'], workers: 2 }));
    expect(plain(pooled, 'hands')).toEqual(plain(batches, 'hands'));
  });

  it('a loop left early stops the run (interrupted, the batches taken committed); bad options throw at once', async () => {
    const s = simulateStream({ deals: 50_000, batchSize: 5000, workers: 0 });
    let taken = 0;
    for await (const b of s) {
      taken++;
      expect(b.tables['deals']!.rows).toBe(5000);
      if (taken === 2) break;
    }
    const summary = await s.summary;
    expect(summary.stoppedBy).toBe('interrupted');
    expect(summary.dealsDone).toBeGreaterThanOrEqual(10_000);
    expect(summary.dealsDone).toBeLessThan(50_000);
    expect(() => simulateStream({ mode: 'cards' as never })).toThrow(UsageError);
    const bad = simulateStream({ mode: 'hands', deals: 10, policies: ['nobody'] });
    await expect(collect(bad)).rejects.toThrow(/unknown policy "nobody"/);
    await expect(bad.summary).rejects.toThrow(/unknown policy/);
  });
});

describe('tune(), league(), merge(), plot()', () => {
  it('tune: what perlagg tune --json finds, charts drawn, a policy object tuned in this thread', async () => {
    const out = join(dir, 'tune');
    const t = await tune({ policy: 'simple', params: 'holdSlack', pairs: 24, block: 8, confirm: { m0: 0, m1: 0.5, maxPairs: 20 }, workers: 0, out, seed: 3 });
    const cli = await perlagg('tune', '--policy', 'simple', '--params', 'holdSlack', '-n', '24', '--block', '8', '--confirm', '0,0.5', '--confirm-pairs', '20', '--workers', '0', '--seed', '3', '--json');
    expect(cli.code, cli.err).toBe(0);
    const j = JSON.parse(cli.out) as { spec: string; values: Record<string, number>; confirmation: { estimate: number; n: number } };
    expect([t.spec, t.values, t.confirmation?.estimate, t.confirmation?.n]).toEqual([j.spec, j.values, j.confirmation.estimate, j.confirmation.n]);
    expect(t.pairs).toBe(24);
    expect(t.charts.some((c) => c.svg.endsWith('.svg'))).toBe(true);
    const o = await tune({ policy: first, pairs: 16, confirm: null });
    expect(o.spec).toMatch(/^object:first\{pick=\d\}$/);
    expect(await usage(() => tune({ policy: first, workers: 2 }))).toMatch(/cannot be sent to a worker thread/);
    await usage(() => tune({ policy: 'simple', players: 3 }));
    await usage(() => tune({ policy: 'simple', pairs: 0 }));
    await usage(() => tune({} as never));
  });

  it('league: what perlagg league --json finds, with a policy object beside the built-ins', async () => {
    const l = await league({ policies: ['random', 'passive', 'simple'], deals: 20, replicates: 20, workers: 0 });
    const cli = await perlagg('league', '--policies', 'random,passive,simple', '-n', '20', '--replicates', '20', '--workers', '0', '--json');
    expect(cli.code, cli.err).toBe(0);
    const j = JSON.parse(cli.out) as { crosstable: Array<{ a: string; b: string; estimate: number }>; ratings: { ratings: unknown[] } };
    expect(l.crosstable.map((c) => [c.a, c.b, c.margin.kind === 'interval' ? c.margin.estimate : null])).toEqual(j.crosstable.map((c) => [c.a, c.b, c.estimate ?? null]));
    expect(l.ratings.ratings).toEqual(j.ratings.ratings);
    const withObject = await league({ policies: ['random', first], deals: 10, replicates: 20 });
    expect(withObject.policies).toEqual(['random', 'object:first']);
    await usage(() => league({ policies: ['simple'] }));
    await usage(() => league({ policies: ['simple', 'random'], deals: 10, partien: 10 }));
  });

  it('merge and plot: the shards of perlagg simulate --shard merged as the command merges them, rerun left as it is; charts drawn; bad folders refused', async () => {
    const run = join(dir, 'sharded');
    // one shard by the command, the other by the library: the same folders
    const r = await perlagg('simulate', '-n', '4000', '--batch-size', '1000', '--shard', '0/2', '--out', run, '--workers', '0', '--quiet');
    expect(r.code, r.err).toBe(0);
    expect((await simulate({ deals: 4000, batchSize: 1000, shard: { index: 1, count: 2 }, out: run, workers: 0 })).dealsDone).toBe(2000);
    await usage(() => simulate({ deals: 4000, shard: { index: 2, count: 2 }, out: run }));
    const m = merge({ shards: run, out: join(run, 'merged') });
    expect(m.shards).toHaveLength(2);
    expect(m.tables['deals']!.rows).toBe(4000);
    expect(m.already).toBe(false);
    const whole = await simulate({ deals: 4000, batchSize: 1000, workers: 0, out: join(dir, 'whole') });
    expect(readFileSync(join(run, 'merged', 'deals.arrow')).equals(readFileSync(join(dir, 'whole', 'deals.arrow')))).toBe(true);
    expect(whole.dealsDone).toBe(4000);
    expect(merge({ shards: run, out: join(run, 'merged') }).already).toBe(true);
    const p = await plot({ dir: join(run, 'merged') });
    expect(p.charts.length).toBeGreaterThan(0);
    expect(readFileSync(p.charts[0]!.svg, 'utf8')).toMatch(/<svg /);
    await usage(() => merge({ shards: join(dir, 'nowhere'), out: join(dir, 'x') }));
    await usage(() => plot({ dir: join(dir, 'nowhere') }));
    await usage(() => plot({ dir: run }));
  });
});
