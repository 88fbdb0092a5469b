// Issue 9, item 14 (and the rest of the bad-input table of docs/simulate.md): every bad option ends with one line
// naming the option and what is allowed, exit code 2, and nothing written. In-process (test/in-process.ts).
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { perlaggStreams } from '../in-process.ts';
import { scratchDir } from '../scratch.js';

// the command line in this process (test/in-process.ts: what it printed, its exit code; the streams put back)
const perlagg = (args: string[]) => perlaggStreams(args);

describe('bad input: one line, exit 2, nothing written', () => {
  const dir = scratchDir('bad');
  const out = join(dir, 'never');
  const cases: Array<[string[], RegExp]> = [
    [['simulate', '-n', '10', '--seed', String(2 ** 53)], /^--seed "9007199254740992": must be a whole number from 0 to 2\^53 - 1$/],
    [['simulate', '-n', '10', '--seed', '1e300'], /^--seed "1e300": must be a whole number from 0 to 2\^53 - 1$/],
    [['simulate', '-n', '10', '--seed', ''], /^--seed "": must be a whole number/],
    [['simulate', '-n', '10', '--seed', '1.5'], /^--seed "1.5": must be a whole number/],
    [['simulate', '-n', '10', '--seed', '1', '--seed', '2'], /^--seed is given 2 times; give it once$/],
    [['simulate', '-n', '0'], /^--deals "0": must be a whole number from 1 to 2\^32$/],
    [['simulate', '-n', 'lots'], /^--deals "lots": must be a whole number/],
    [['simulate', '-n', '10', '--players', '5'], /^--players 5: must be 2, 3, 4 or 6$/],
    [['simulate', '-n', '10', '--workers', '-1'], /^--workers "-1": must be a whole number from 0/],
    [['simulate', '-n', '10', '--batch-size', '0'], /^--batch-size "0": must be a whole number from 1 to 2\^24$/],
    [['simulate', '-n', '10', '--until-ci', '-0.1'], /^--until-ci "-0.1": must be a positive number$/],
    [['simulate', '-n', '10', '--decision-timeout', 'forever'], /^--decision-timeout "forever": write a duration such as 90s, 5m or 2h$/],
    [['simulate', '-n', '10', '--mode', 'Hands'], /^--mode "Hands": not one of figures, hands, partien$/],
    [['simulate', '-n', '10', '--policies', 'simple'], /^--policies goes with --mode hands or --partien/],
    [['simulate', '-n', '10', '--out', ''], /^--out is empty; give a value$/],
    [['simulate', '-n', '10', '--out', '/proc/perlagg-x'], /^--out \/proc\/perlagg-x: cannot create the folder \(ENOENT\)$/],
    [['simulate', '-n', '10', '--allow-code-change'], /^--allow-code-change goes with --resume$/],
    [['simulate', '-n', '10', '--shard', '1/0'], /^--shard 1\/0: the index must be 0 to -1|^--shard "1\/0"|index must be/],
    [['simulate', '-n', '10', '--shard', '99999999999/3'], /^--shard "99999999999\/3": write index\/count/],
    [['simulate', '-n', '10', '--time-budget', '0s'], /^--time-budget "0s": write a duration/],
    [['play', '--partie', '--partie-index', '1.5'], /^--partie-index "1.5": must be a whole number from 0 to 2\^53 - 1$/],
    [['play', '--seed', ''], /^--seed "": must be a whole number/],
    [['play', '--deal', '-3'], /^--deal "-3": must be a whole number/],
    [['play', '--dealer', '9'], /^--dealer "9": must be a whole number from 0 to 5$/],
  ];
  for (const [args, msg] of cases) {
    it(args.join(' '), async () => {
      const r = await perlagg([...args, ...(args[0] === 'simulate' && !args.includes('--out') ? ['--out', out] : [])]);
      expect(r.code).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]!.replace(/^perlagg: /, '')).toMatch(msg);
      expect(existsSync(out)).toBe(false);
    });
  }

  it('a --where file with a syntax error names the line, not "Transform failed"', async () => {
    const { writeFileSync } = await import('node:fs');
    const bad = join(dir, 'bad-where.ts');
    writeFileSync(bad, 'export default (d: any) => d.trump ===;\n');
    const r = await perlagg(['simulate', '-n', '10', '-w', '0', '--where', bad, '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/Transform failed/);
    expect(r.stderr).toMatch(/--where .*bad-where\.ts: cannot load it: .*(line 1|Unexpected|Expected)/);
    expect(existsSync(out)).toBe(false);
  });

  it('--workers above the core count is capped with a note', async () => {
    const r = await perlagg(['simulate', '-n', '10', '--workers', '99', '-q', '--json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^perlagg: note: --workers 99 is more than this machine's \d+ cores; using \d+\n$/);
  });

  it('experiment run caps --workers the same way, with the note (it used to cap silently)', async () => {
    const out = join(dir, 'exp-workers');
    const r = await perlagg(['experiment', 'run', 'H-27', '--smoke', '--workers', '99', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/^perlagg: note: --workers 99 is more than this machine's \d+ cores; using \d+\n/);
    expect(existsSync(join(out, 'H-27', 'summary.json'))).toBe(true);
  });
});
