// The CLI as a user meets it: exit codes, one-line errors, files written or not. `--help` and the first bad
// input are processes of their own (bin/perlagg.js as a user starts it); the rest run the same command line
// in this process (test/in-process.ts), since a process start costs seconds of CPU.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { exactDistribution, exactSummary } from '../../src/exact/distribution.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { sha256 } from '../../src/results/manifest.ts';
import { EXACT_COLUMNS, arrowType } from '../../src/results/schema.ts';
import { scratchDir } from '../scratch.js';
import { perlaggStreams } from '../in-process.ts';

const ROOT = join(import.meta.dirname, '..', '..');
function spawned(...args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'perlagg.js'), ...args], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, PERLAGG_DEBUG: '' } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}
const perlagg = (...args: string[]) => perlaggStreams(args, { env: { PERLAGG_DEBUG: '' } });
const tmp = () => scratchDir('test');

describe('perlagg CLI: exact', () => {
  it('--help lists every command', () => {
    const r = spawned('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('perlagg exact');
  });

  it('bad input exits 2 with one line naming the problem and writes nothing', async () => {
    const dir = tmp();
    const out = join(dir, 'out');
    const cases: Array<[string[], RegExp]> = [
      [['exact', '--bogus'], /Unknown argument: bogus/],
      [['exact', '--ruleset', 'schnapsen'], /unknown ruleset "schnapsen"/],
      [['exact', '--ruleset', 'oberland{target=x}'], /expected a whole number/],
      [['exact', '--trump', 'E'], /E cannot be trump in oberland/],
      [['exact', '--trump', 'Q'], /not a suit/],
      [['exact', '--exclude', 'HX'], /not a card: "HX"/],
      [['exact', '--exclude', 'Weli', '--ruleset', '1853'], /Weli is not in the 1853 deck/],
      [['nonsense'], /Unknown arguments?:.*nonsense/],
      [[], /name a command|Unknown argument: out/],
    ];
    for (const [i, [args, msg]] of cases.entries()) {
      const r = i === 0 ? spawned(...args, '--out', out) : await perlagg(...args, '--out', out);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr, args.join(' ')).toMatch(/^perlagg: /);
      expect(r.stderr).toMatch(msg);
      expect(r.stdout).toBe('');
      expect(existsSync(out), args.join(' ')).toBe(false);
    }
  });

  it('--json prints one object whose counts are the exact enumeration', async () => {
    const r = await perlagg('exact', '--ruleset', '1853', '--trump', 'H,E', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout) as { ruleset: string; results: Array<{ trump: string; hands: number; summary: { dritzigesGleich: { count: number; probability: number } } }> };
    expect(j.ruleset).toBe('1853');
    expect(j.results.map((x) => x.trump)).toEqual(['H', 'E']);
    const s = exactSummary(exactDistribution(resolveRuleset('1853'), 'H'));
    expect(j.results[0]!.hands).toBe(201_376);
    expect(j.results[0]!.summary.dritzigesGleich.count).toBe(s.dritzigesGleich);
    expect(j.results[0]!.summary.dritzigesGleich.probability).toBeCloseTo(s.dritzigesGleich / s.hands, 12);
  });

  it('prints the terminal table by default', async () => {
    const r = await perlagg('exact');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('perlagg exact: oberland, trump Herz (H)');
    expect(r.stdout).toMatch(/dritziges Gleich \(3\+ cards\): +138,537 of 237,336 hands = 58\.37%/);
  });

  it('--out writes an Arrow table with the declared columns and a manifest, and keeps other results safe', async () => {
    const dir = join(tmp(), 'exact-sued');
    const r = await perlagg('exact', '-r', 'suedtirol', '-t', 'all', '--out', dir, '--exclude', 'HA');
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(dir).sort()).toEqual(['charts', 'exact.arrow', 'manifest.json']);
    const bytes = readFileSync(join(dir, 'exact.arrow'));
    const t = tableFromIPC(bytes);
    expect(t.schema.fields.map((f) => f.name)).toEqual(EXACT_COLUMNS.map((c) => c.name));
    t.schema.fields.forEach((f, i) => expect(String(f.type)).toBe(String(arrowType(EXACT_COLUMNS[i]!.type))));
    const hands = t.getChild('hands')!.toArray() as Uint32Array;
    const trumps = t.getChild('trump')!.toArray() as string[];
    expect(new Set(trumps)).toEqual(new Set(['H', 'S', 'L', 'E']));
    expect(hands.reduce((a, b) => a + b, 0)).toBe(4 * 201_376); // C(32,5) per trump: 33 cards less HA
    const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { command: string; parameters: { ruleset: string; excluded: string[] }; files: Array<{ name: string; rows: number; sha256: string }>; ruleset: { parameters: { target: number } }; code: { commit: string } };
    expect(m.command).toBe('exact');
    expect(m.parameters.ruleset).toBe('suedtirol');
    expect(m.parameters.excluded).toEqual(['HA']);
    expect(m.ruleset.parameters.target).toBe(18);
    expect(m.files[0]!.rows).toBe(t.numRows);
    expect(m.files[0]!.sha256).toBe(sha256(bytes));
    expect(m.code.commit.length).toBeGreaterThan(0);
    // the same command again rewrites identical tables
    expect((await perlagg('exact', '-r', 'suedtirol', '-t', 'all', '--out', dir, '--exclude', 'HA')).code).toBe(0);
    expect(sha256(readFileSync(join(dir, 'exact.arrow')))).toBe(sha256(bytes));
    // a different result into the same folder is refused and nothing is touched
    const other = await perlagg('exact', '-r', 'suedtirol', '-t', 'H', '--out', dir);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/already holds a result with a different excluded/);
    expect(sha256(readFileSync(join(dir, 'exact.arrow')))).toBe(sha256(bytes));
  });

  const python = spawnSync('python3', ['-c', 'import pyarrow, polars'], { encoding: 'utf8' });
  it.skipIf(python.status !== 0)('the Arrow table opens in pyarrow and polars (when Python has them)', async () => {
    const dir = join(tmp(), 'py');
    expect((await perlagg('exact', '--out', dir)).code).toBe(0);
    const script = [
      'import sys, pyarrow.ipc as ipc, polars as pl',
      `t = ipc.open_file(sys.argv[1]).read_all()`,
      `df = pl.read_ipc(sys.argv[1])`,
      `print(t.num_rows, df.height, int(df["hands"].sum()), round(float(df.filter(pl.col("gleich") >= 3)["probability"].sum()), 6))`,
    ].join('\n');
    const r = spawnSync('python3', ['-c', script, join(dir, 'exact.arrow')], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const [rows, height, hands, p] = r.stdout.trim().split(' ');
    expect(rows).toBe(height);
    expect(Number(hands)).toBe(237_336);
    expect(Number(p)).toBeCloseTo(138_537 / 237_336, 6);
  });
});
