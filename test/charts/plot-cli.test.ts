// Charts from the command line: exact --out and simulate --out write them and list them; perlagg plot
// redraws the same files from the folder's tables and manifest; a folder that is not a result is refused
// in one line with exit code 2 and nothing written.
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { chartsOfFolder, writeFolderCharts } from '../../src/charts/folder.ts';
import { isUsageError } from '../../src/cli/errors.ts';
import { manifestSeal, writeManifest, type Manifest } from '../../src/results/manifest.ts';
import { readRunManifest, writeRunManifest } from '../../src/results/run-manifest.ts';
import { perlaggStreams } from '../in-process.ts';
import { scratchDir } from '../scratch.js';

// the command line in this process (test/in-process.ts): nothing here needs a process of its own
const perlagg = (...args: string[]) => perlaggStreams(args, { env: { PERLAGG_DEBUG: '' } });
const count = (svg: string, prefix: string): number => [...svg.matchAll(/aria-label="([^"]*)"/g)].filter((m) => m[1]!.startsWith(prefix)).length;

describe('charts: commands', () => {
  const tmp = scratchDir('charts');
  const dup = join(tmp, 'dup');
  let simulate: Awaited<ReturnType<typeof perlagg>>;
  beforeAll(async () => {
    // a real run: 200 deals played twice (duplicate), in this process's thread
    simulate = await perlagg('simulate', '--mode', 'hands', '-n', '200', '--policies', 'simple,random', '--duplicate', '-w', '0', '-q', '--out', dup);
  });

  it('simulate --out draws the metrics and the duplicate comparison, and lists them', () => {
    expect(simulate.code, simulate.stderr).toBe(0);
    expect(readdirSync(join(dup, 'charts')).sort()).toEqual(['duplicate.svg', 'duplicate.vl.json', 'metrics.svg', 'metrics.vl.json']);
    expect(simulate.stdout).toContain(`${join(dup, 'charts', 'metrics.svg')}  every metric with its 95% interval`);
    expect(simulate.stdout).toContain(join(dup, 'charts', 'duplicate.svg'));
    const metrics = readFileSync(join(dup, 'charts', 'metrics.svg'), 'utf8');
    const manifest = JSON.parse(readFileSync(join(dup, 'manifest.json'), 'utf8')) as { metrics: Record<string, unknown> };
    const names = Object.keys(manifest.metrics);
    expect(names).toContain('a_minus_b');
    expect(count(metrics, '95% interval of ')).toBe(names.length);
    for (const n of names) expect(count(metrics, `95% interval of ${n}:`)).toBe(1);
    expect(metrics).toContain('Simulation: oberland, 200 hands');
    const duplicate = readFileSync(join(dup, 'charts', 'duplicate.svg'), 'utf8');
    expect(duplicate).toContain('simple against random: points a hand, A − B');
    expect(duplicate).toContain('n = 200 pairs');
    expect(duplicate).toContain('n = 400 hands');
    // the spec beside the SVG is a Vega-Lite spec carrying its data
    const spec = JSON.parse(readFileSync(join(dup, 'charts', 'duplicate.vl.json'), 'utf8')) as { $schema: string };
    expect(spec.$schema).toMatch(/vega-lite\/v6/);
  });

  it('perlagg plot redraws the same files from the folder', async () => {
    const before = readFileSync(join(dup, 'charts', 'metrics.svg'), 'utf8');
    rmSync(join(dup, 'charts'), { recursive: true });
    const r = await perlagg('plot', dup);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(join(dup, 'charts', 'metrics.svg'));
    expect(readdirSync(join(dup, 'charts')).sort()).toEqual(['duplicate.svg', 'duplicate.vl.json', 'metrics.svg', 'metrics.vl.json']);
    expect(readFileSync(join(dup, 'charts', 'metrics.svg'), 'utf8')).toBe(before);
  });

  it('charts can go elsewhere (plot --out)', async () => {
    const elsewhere = join(tmp, 'elsewhere');
    const written = await writeFolderCharts(dup, elsewhere);
    expect(written.map((c) => c.svg)).toEqual([join(elsewhere, 'metrics.svg'), join(elsewhere, 'duplicate.svg')]);
    expect(readFileSync(join(elsewhere, 'metrics.svg'), 'utf8')).toBe(readFileSync(join(dup, 'charts', 'metrics.svg'), 'utf8'));
  });

  it('perlagg plot draws an unfinished run as far as it got', async () => {
    const part = join(tmp, 'part');
    cpSync(dup, part, { recursive: true });
    rmSync(join(part, 'charts'), { recursive: true });
    // an unfinished run's manifest as its runner seals it
    const m = readRunManifest(part, { requireSeal: true })!;
    writeRunManifest(part, { ...m, complete: false });
    await writeFolderCharts(part);
    expect(readFileSync(join(part, 'charts', 'metrics.svg'), 'utf8')).toContain('so far (the run is not finished)');
  });

  it('exact --out draws the distribution; with --json stdout stays one JSON object', async () => {
    const dir = join(tmp, 'exact');
    const r = await perlagg('exact', '-r', '1853', '-t', 'H,E', '--json', '--out', dir);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as { results: unknown[] };
    expect(j.results).toHaveLength(2);
    expect(r.stderr).toContain(join(dir, 'charts', 'exact.svg'));
    const svg = readFileSync(join(dir, 'charts', 'exact.svg'), 'utf8');
    expect(svg).toContain('Herz trump');
    expect(svg).toContain('Eichel trump');
    expect(svg).toContain('n = 201,376 hands per trump');
    // plot redraws it from exact.arrow: the same chart as from the command's own data
    rmSync(join(dir, 'charts'), { recursive: true });
    await writeFolderCharts(dir);
    expect(readFileSync(join(dir, 'charts', 'exact.svg'), 'utf8')).toBe(svg);
  });

  it('a folder that is not a result: one line, exit 2, nothing written', async () => {
    const empty = join(tmp, 'empty');
    mkdirSync(empty);
    const shards = join(tmp, 'shards');
    mkdirSync(join(shards, 'shard-0-of-2'), { recursive: true });
    const noTable = join(tmp, 'no-table');
    mkdirSync(noTable);
    writeManifest(noTable, { tool: 'perlagg', command: 'exact', parameters: {}, code: { package: '0', commit: 'x', node: 'v0' }, files: [], created: '', timings: {} });
    const garbled = join(tmp, 'garbled');
    mkdirSync(garbled);
    writeFileSync(join(garbled, 'manifest.json'), '{ "tool": "perlagg", ');
    const notRun = join(tmp, 'not-run');
    mkdirSync(notRun);
    writeManifest(notRun, { tool: 'perlagg', command: 'simulate', settings: {}, metrics: { x: { kind: 'median' } }, progress: {} } as unknown as Manifest);
    const cases: Array<[string, RegExp]> = [
      [join(tmp, 'missing'), /missing: no such folder/],
      [empty, /has no manifest\.json: not a folder perlagg wrote with --out/],
      [shards, /holds the shards of a sharded run: merge them first \(perlagg merge/],
      [noTable, /has no exact\.arrow/],
      [garbled, /is not readable JSON/],
      [notRun, /metric x is not a metric accumulator/],
      [join(dup, 'manifest.json'), /is not a folder/],
    ];
    // in this process (spawning each costs a second): the error is a usage error (exit 2) of one line
    for (const [dir, msg] of cases) {
      let err: unknown = null;
      try {
        chartsOfFolder(dir);
      } catch (e) {
        err = e;
      }
      expect(err, dir).toBeInstanceOf(Error);
      expect(isUsageError(err), dir).toBe(true);
      expect((err as Error).message).toMatch(msg);
      expect((err as Error).message).not.toContain('\n');
      if (existsSync(dir) && !dir.endsWith('.json')) expect(existsSync(join(dir, 'charts'))).toBe(false);
    }
    // and as the user meets it
    const r = await perlagg('plot', shards);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^perlagg: .*holds the shards of a sharded run/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toBe('');
  });
  it('a tampered manifest or table is refused by plot as by merge: one line, exit 2, nothing drawn', async () => {
    // the manifest's metric edited (the chart would show a made-up share), its seal left as it was
    const edited = join(tmp, 'edited');
    cpSync(dup, edited, { recursive: true });
    rmSync(join(edited, 'charts'), { recursive: true });
    const raw = JSON.parse(readFileSync(join(edited, 'manifest.json'), 'utf8')) as { metrics: Record<string, { n: number; sum?: number }> };
    const name = Object.keys(raw.metrics).find((k) => raw.metrics[k]!.sum !== undefined)!;
    raw.metrics[name]!.sum = 0;
    writeFileSync(join(edited, 'manifest.json'), JSON.stringify(raw, null, 2));
    // the table cut short, or one bit flipped: the manifest is sound, the table no longer matches its checksum
    const cut = join(tmp, 'cut');
    cpSync(dup, cut, { recursive: true });
    rmSync(join(cut, 'charts'), { recursive: true });
    const bytes = readFileSync(join(cut, 'hands.arrow'));
    writeFileSync(join(cut, 'hands.arrow'), bytes.subarray(0, bytes.length - 100));
    const flipped = join(tmp, 'flipped');
    cpSync(dup, flipped, { recursive: true });
    rmSync(join(flipped, 'charts'), { recursive: true });
    const f = readFileSync(join(flipped, 'hands.arrow'));
    f[f.length >> 1] = f[f.length >> 1]! ^ 0x01;
    writeFileSync(join(flipped, 'hands.arrow'), f);
    // an exact folder whose table was changed
    const exact = join(tmp, 'exact-flipped');
    if (!existsSync(join(tmp, 'exact'))) expect((await perlagg('exact', '-r', '1853', '-t', 'H', '--out', join(tmp, 'exact'))).code).toBe(0);
    cpSync(join(tmp, 'exact'), exact, { recursive: true });
    rmSync(join(exact, 'charts'), { recursive: true, force: true });
    const e = readFileSync(join(exact, 'exact.arrow'));
    e[e.length >> 1] = e[e.length >> 1]! ^ 0x80;
    writeFileSync(join(exact, 'exact.arrow'), e);
    const cases: Array<[string, RegExp]> = [
      [edited, /manifest\.json does not match its seal: it was edited or damaged/],
      [cut, /hands\.arrow does not match the sha256 and size in its manifest/],
      [flipped, /hands\.arrow does not match the sha256 and size in its manifest/],
      [exact, /exact\.arrow does not match the sha256 and size in its manifest/],
    ];
    // in this process (a spawn costs seconds): a usage error (exit 2) of one line, nothing drawn
    for (const [dir, msg] of cases) {
      let err: unknown = null;
      try {
        chartsOfFolder(dir);
      } catch (e) {
        err = e;
      }
      expect(isUsageError(err), dir).toBe(true);
      expect((err as Error).message).toMatch(msg);
      expect((err as Error).message).not.toContain('\n');
      expect(existsSync(join(dir, 'charts')), dir).toBe(false);
    }
    // and as the user meets it: the edited metric is never drawn (it was drawn as 0.000%, exit 0)
    const r = await perlagg('plot', edited);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/^perlagg: .*manifest\.json does not match its seal/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stdout).toBe('');
    expect(existsSync(join(edited, 'charts'))).toBe(false);
  });

  it('an exact manifest is sealed; an edited one is refused', async () => {
    const dir = join(tmp, 'exact');
    if (!existsSync(dir)) expect((await perlagg('exact', '-r', '1853', '-t', 'H', '--out', dir)).code).toBe(0);
    const raw = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Record<string, unknown>;
    const { seal, ...rest } = raw;
    expect(seal).toBe(manifestSeal(rest));
    const edited = join(tmp, 'exact-edited');
    cpSync(dir, edited, { recursive: true });
    writeFileSync(join(edited, 'manifest.json'), JSON.stringify({ ...raw, parameters: { ...(rest['parameters'] as object), ruleset: '1853x' } }));
    expect(() => chartsOfFolder(edited)).toThrow(/does not match its seal/);
  });
});
