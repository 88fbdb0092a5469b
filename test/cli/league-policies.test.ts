// Issue 12, deliverables 3 and 4: perlagg league (every pair on the same duplicate deals, a crosstable, ratings
// with error bars, resumable) and perlagg policies (every built-in policy by game with its options).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tableFromIPC } from 'apache-arrow';
import { runLeague, type LeagueOptions } from '../../src/league/league.ts';
import { perlaggStreams } from '../in-process.ts';
import { scratchDir } from '../scratch.js';

const ROOT = join(import.meta.dirname, '..', '..');
const tmp = () => scratchDir('league');

const perlagg = perlaggStreams;

interface LeagueJson {
  policies: string[];
  pairs: number;
  crosstable: Array<{ a: string; b: string; kind: string; estimate: number; low: number; high: number; n: number }>;
  ratings: { fit: string; unit: string; ratings: Array<{ player: string; rating: number; low: number; high: number; se: number }> };
  bradleyTerry: { unit: string; ratings: Array<{ player: string; rating: number }> };
}

describe('perlagg league', () => {
  it('every pair on the same deals: an antisymmetric crosstable, ratings that average 0 with intervals, a bot added by its file', async () => {
    const out = join(tmp(), 'l');
    const file = join(ROOT, 'strategies', 'passive.ts');
    const r = await perlagg(['league', '-r', '1853', '--policies', `random,simple,${file}`, '-n', '40', '--replicates', '200', '-w', '0', '--out', out, '--json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as LeagueJson;
    expect(j.policies).toEqual(['random', 'simple', 'passive.ts']);
    expect(j.crosstable).toHaveLength(6);
    for (const c of j.crosstable) {
      const back = j.crosstable.find((x) => x.a === c.b && x.b === c.a)!;
      expect(back.estimate).toBeCloseTo(-c.estimate, 12);
      expect(c.n).toBe(40);
    }
    const sum = j.ratings.ratings.reduce((a, x) => a + x.rating, 0);
    expect(Math.abs(sum)).toBeLessThan(1e-9);
    for (const x of j.ratings.ratings) expect(x.low <= x.rating && x.rating <= x.high && x.se > 0).toBe(true);
    const best = [...j.ratings.ratings].sort((a, b) => b.rating - a.rating)[0]!.player;
    expect(best).toBe('simple');
    expect(j.bradleyTerry.unit).toBe('Elo');
    // the same deals in every match: the first seating of deal k turns up the same card in all three
    const turned = (i: number, k: number) => tableFromIPC(readFileSync(join(out, 'matches', `${i}-${k}`, 'hands.arrow'))).getChild('turned')!.toArray() as string[];
    const t01 = turned(0, 1);
    expect(turned(0, 2)).toEqual(t01);
    expect(turned(1, 2)).toEqual(t01);
    const L = tableFromIPC(readFileSync(join(out, 'league.arrow')));
    expect(L.numRows).toBe(120);
    const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { complete: boolean; command: string; ratings: { ratings: unknown[] } };
    expect(m.command).toBe('league');
    expect(m.complete).toBe(true);
    expect(readFileSync(join(out, 'charts', 'ratings.svg'), 'utf8')).toMatch(/<svg/);
    // perlagg plot redraws it from the folder
    const plot = await perlagg(['plot', out]);
    expect(plot.code, plot.stderr).toBe(0);
  });

  it('resumes after an interruption: the same league', async () => {
    const o = (out: string, over: Partial<LeagueOptions> = {}): LeagueOptions => ({ policies: ['random', 'passive', 'simple'], mode: 'hands', ruleset: 'oberland', players: 4, seed: 4, pairs: 24, replicates: 100, workers: 0, out, resume: false, batchSize: 8, ...over });
    const whole = join(tmp(), 'w');
    const cut = join(tmp(), 'c');
    const ref = await runLeague(o(whole));
    const abort = new AbortController();
    const first = await runLeague(o(cut, { signal: abort.signal, onMatch: (m) => { if (m.index === 1 && m.phase === 'start') setImmediate(() => abort.abort()); } }));
    expect(first.stoppedBy).toBe('interrupted');
    await expect(runLeague(o(cut, { pairs: 25, resume: true }))).rejects.toThrow(/differ .* in "pairs"/);
    const rest = await runLeague(o(cut, { resume: true }));
    expect(rest.stoppedBy).toBe('done');
    expect(readFileSync(join(cut, 'league.arrow')).equals(readFileSync(join(whole, 'league.arrow')))).toBe(true);
    expect(rest.massey.ratings).toEqual(ref.massey.ratings);
  });

  const bad: Array<[string[], RegExp]> = [
    [['league'], /^--policies is required/],
    [['league', '--policies', 'simple'], /a league needs at least 2 policies/],
    [['league', '--policies', 'simple,simple'], /are the same policy with the same options; a policy cannot play itself/],
    [['league', '--policies', 'simple,nosuchbot'], /unknown policy "nosuchbot"/],
    [['league', '--policies', 'simple,random', '--players', '3'], /^--players 3: a league plays duplicate deals of two parties: 4 or 6$/],
    [['league', '--policies', 'simple,random', '-n', '10', '--partien', '10'], /^give --deals or --partien, not both$/],
    [['league', '--policies', 'simple,random', '--replicates', '5'], /^--replicates "5": must be a whole number from 20/],
  ];
  for (const [args, msg] of bad) {
    it(`bad input: ${args.join(' ')}`, async () => {
      const r = await perlagg(args);
      expect(r.code).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]!.replace(/^perlagg: /, '')).toMatch(msg);
    });
  }
});

describe('perlagg policies', () => {
  it('lists every built-in policy of both games with version, description and declared options', async () => {
    const r = await perlagg(['policies']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^Perlaggen \(perlagg play, simulate, tune, league\):\n  random 2\.\d+\.\d+: /);
    expect(r.stdout).toMatch(/\nBieten \(perlagg play --game bieten\):\n  random /);
    expect(r.stdout).toMatch(/\n {6}holdSlack +integer +\[0, 16\] +default 0 +hold with a figure/);
    expect(r.stdout).toMatch(/\n  passive 1\.0\.0: .*\n {6}no options/);
    const j = JSON.parse((await perlagg(['policies', '--json'])).stdout) as Record<string, Array<{ name: string; options: Record<string, { type: string; min?: number; default: unknown }>; version: string }>>;
    expect(j['perlaggen']!.map((p) => p.name)).toEqual(['random', 'simple', 'passive', 'author1853', 'bluffer', 'pimc', 'solved', 'bid-everything', 'hold-everything', 'never-hold']);
    expect(j['bieten']!.map((p) => p.name)).toEqual(['random', 'plain']);
    expect(j['perlaggen']!.find((p) => p.name === 'simple')!.options['spielTricks']).toEqual({ type: 'integer', min: 1, max: 3, default: 2, description: expect.stringMatching(/Spiel/) });
    const only = JSON.parse((await perlagg(['policies', '--game', 'bieten', '--json'])).stdout) as Record<string, unknown>;
    expect(Object.keys(only)).toEqual(['bieten']);
  });

  it('describes a policy file, of either game; a bad file is one line and exit 2', async () => {
    const r = await perlagg(['policies', join(ROOT, 'test', 'tune', 'fixtures', 'blunder.ts')]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^blunder 1\.0\.0 \(Perlaggen, .*blunder\.ts\): passive, but lays/);
    expect(r.stdout).toMatch(/\n {4}blunder +number +\[0, 1\] +default 0\.5 /);
    const b = await perlagg(['policies', join(ROOT, 'strategies', 'bieten-plain.ts'), '--json']);
    expect((JSON.parse(b.stdout) as { game: string }).game).toBe('bieten');
    for (const [args, msg] of [[['policies', 'nosuch.ts'], /no such file/], [['policies', 'simple'], /not a policy file/]] as const) {
      const x = await perlagg([...args]);
      expect(x.code).toBe(2);
      expect(x.stderr.trim().split('\n')).toHaveLength(1);
      expect(x.stderr).toMatch(msg);
    }
  });
});
