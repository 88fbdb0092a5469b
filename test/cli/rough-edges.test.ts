// The rough edges of issue 14: --version, -r wherever a ruleset is taken, help examples that paste at 80
// and 110 columns, `npm run bench` failing when a target fails, and exact --dealt's option checks.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cli, versionLine } from '../../src/cli/main.ts';
import { COMMANDS } from '../../src/cli/commands.ts';
import { dealtDistribution, dealtSummary } from '../../src/exact/dealt.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { failedTargets } from '../../bench/lib.ts';
import { runBenches } from '../../bench/run.ts';
import { perlagg } from '../in-process.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** A command's --help at a width, as the terminal would get it. */
async function help(command: string[], columns: number): Promise<string> {
  process.env['COLUMNS'] = String(columns);
  const out: string[] = [];
  const log = console.log;
  console.log = (...a: unknown[]) => void out.push(a.join(' '));
  try {
    await (await cli([...command, '--help'])).exitProcess(false).parseAsync();
  } finally {
    console.log = log;
  }
  return out.join('\n');
}

afterEach(() => {
  delete process.env['COLUMNS'];
});

describe('rough edges', () => {
  it('--version prints the package version and the commit of the code', async () => {
    const pkg = (await import('../../package.json', { with: { type: 'json' } })).default as { version: string };
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const r = await perlagg('--version');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(new RegExp(`^perlagg ${pkg.version.replace(/\./g, '\\.')} \\(commit ${head}(-dirty)?, node v\\d+\\.\\d+\\.\\d+\\)\\n$`));
    expect((await perlagg('exact', '--version')).out).toBe(versionLine() + '\n');
    expect((await help([], 110))).toMatch(/--version +print the package version and the code commit/);
  });

  it('the table of commands (what --help lists without loading them) has the usage and line of each command module', async () => {
    for (const c of COMMANDS) {
      const m = await c.load();
      expect([m.command, m.describe], c.command).toEqual([c.command, c.describe]);
    }
  });

  it('every command that takes a ruleset takes -r, and -r works in each', async () => {
    const top = await help([], 110);
    const commands = [...top.matchAll(/^ {2}perlagg (\w+)/gm)].map((m) => m[1]!);
    expect(commands).toEqual(expect.arrayContaining(['exact', 'play', 'rules', 'simulate', 'replay', 'bench', 'merge', 'schema', 'plot', 'tune', 'league', 'policies']));
    const withRuleset: string[] = [];
    for (const c of commands) {
      const h = await help([c], 110);
      if (!h.includes('--ruleset')) continue;
      withRuleset.push(c);
      expect(h, c).toMatch(/-r, --ruleset/);
    }
    expect(withRuleset.sort()).toEqual(['advise', 'exact', 'league', 'play', 'rules', 'simulate', 'tune']);
    for (const args of [['exact', '-r', '1853', '--json'], ['rules', '-r', '1853', '--json'], ['play', '-r', '1853'], ['play', '--game', 'bieten', '-r', 'laubbieten', '--players', '3'], ['simulate', '-r', '1853', '-n', '500', '-w', '0', '--json']]) {
      const r = await perlagg(...args);
      expect(r.code, `${args.join(' ')}: ${r.err}`).toBe(0);
      expect(r.out, args.join(' ')).toMatch(/1853|goingOutOrder=laubFirst/);
    }
    const bad = await perlagg('play', '-r', 'schnapsen');
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/^perlagg: unknown ruleset "schnapsen"/);
  });

  it('help examples paste: each command on one line of its own, the same at 80 and 110 columns', async () => {
    const commands = [...(await help([], 110)).matchAll(/^ {2}perlagg (\w+)/gm)].map((m) => m[1]!);
    let examples = 0;
    for (const c of commands) {
      const at = async (w: number) => {
        const h = await help([c], w);
        const i = h.indexOf('\nExamples:\n');
        if (i < 0) return [];
        const lines = h.slice(i + '\nExamples:\n'.length).split('\n');
        const end = lines.findIndex((l) => l !== '' && !l.startsWith('  '));
        const section = (end < 0 ? lines : lines.slice(0, end)).filter((l) => l.trim() !== '');
        for (const l of section) expect(l, `${c} at ${w}: "${l}"`).toMatch(/^ {2}npx perlagg \S|^ {6}\S/);
        for (const l of section.filter((x) => x.startsWith('      '))) expect(l.length, `${c} at ${w}: a description line fits`).toBeLessThanOrEqual(w);
        return section.filter((l) => /^ {2}npx perlagg /.test(l));
      };
      const narrow = await at(80);
      const wide = await at(110);
      expect(narrow, `${c}: the example commands at 80 and at 110 columns`).toEqual(wide);
      examples += wide.length;
      if (['exact', 'play', 'rules', 'replay', 'bench', 'merge', 'schema', 'plot'].includes(c)) for (const l of wide) expect(l.length, `${c}: "${l}" fits 80 columns`).toBeLessThanOrEqual(80);
    }
    expect(examples).toBeGreaterThan(15);
    // a command whose example is longer than the width stays one line (the terminal wraps it softly)
    const sim = await help(['simulate'], 80);
    expect(sim).toContain('\n  npx perlagg simulate -r 1853 --until-ci 0.001 --metric hand_gleich3\n');
  });

  it('npm run bench exits 1 when a target fails, 0 when all are met, 2 for an unknown bench', async () => {
    const lines: string[] = [];
    const load = (targets: Record<string, unknown>) => async () => ({ run: async () => ({ bench: 'x', targets }) });
    // a quiet machine: on a busy one a missed target is reported BUSY with exit 0 (test/bench/busy.test.ts)
    const quiet = () => ({ load: 0, cpus: 2, spread: null });
    expect(await runBenches(['evaluator'], load({ fast: { min: 10, pass: true }, bare: { min: 0.3, pass: true } }), (l) => lines.push(l), quiet)).toBe(0);
    expect(lines.at(-1)).toBe('PASS: all 2 targets met (evaluator)');
    expect(await runBenches(['evaluator', 'hands'], load({ fast: { min: 10, pass: false } }), (l) => lines.push(l), quiet)).toBe(1);
    expect(lines.at(-1)).toBe('FAIL: 2 of 2 targets missed: evaluator.fast (target ≥ 10); hands.fast (target ≥ 10)');
    expect(await runBenches(['nope'], load({}), () => undefined)).toBe(2);
    expect(failedTargets('b', { targets: { a: { pass: 'yes' } } })).toEqual(['b.a']);
    expect(failedTargets('b', { targets: 7 })).toEqual(['b: targets is not an object']);
    expect(failedTargets('b', {})).toEqual([]);
  });

  it('exact --dealt: its figures as JSON, and the options that do not go with it', async () => {
    const r = await perlagg('exact', '-r', 'oberland', '--dealt', '--json');
    expect(r.code).toBe(0);
    const j = JSON.parse(r.out) as { dealt: boolean; players: number; trumpProbability: Record<string, number>; results: Array<{ trump: string | null; summary: { dritzigesGleich: number }; cutter: { dritzigesGleich: number }; other: { dritzigesGleich: number } }> };
    const d = dealtSummary(dealtDistribution(resolveRuleset('oberland')));
    expect(j.dealt).toBe(true);
    expect(j.results[0]!.trump).toBeNull();
    expect(j.results[0]!.summary.dritzigesGleich).toBeCloseTo(d.dritzigesGleich, 12);
    expect(j.results[0]!.cutter.dritzigesGleich).toBeGreaterThan(j.results[0]!.other.dritzigesGleich);
    expect(Object.keys(j.trumpProbability)).toEqual(['H', 'S', 'L']);
    const text = await perlagg('exact', '-r', 'innsbruck', '--dealt', '-t', 'L');
    expect(text.out).toContain('given the turn-up made Laub (L) trump');
    expect(text.out).toContain('the stock cards shown (Luck und Boden)');
    for (const [args, msg] of [
      [['exact', '--dealt', '--exclude', 'HK'], /--exclude does not go with --dealt/],
      [['exact', '--dealt', '--out', '/tmp/never-written'], /--out does not go with --dealt/],
      [['exact', '--players', '3'], /--players goes with --dealt/],
      [['exact', '--dealt', '--players', '6'], /--players "6": must be a whole number from 2 to 4/],
      [['exact', '--dealt', '-t', 'E'], /E cannot be trump in oberland/],
    ] as const) {
      const x = await perlagg(...args);
      expect(x.code, args.join(' ')).toBe(2);
      expect(x.err, args.join(' ')).toMatch(msg);
      expect(x.out).toBe('');
    }
  });
});
