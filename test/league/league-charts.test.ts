// The charts `perlagg league --out` writes (issue 29, item 8): beside the ratings, every match's paired
// effect with its interval and each match's running mean; and each match's own simulate charts in
// matches/<i>-<j>/charts. The charts hold the matches' numbers (the crosstable's, from league.arrow), and
// `perlagg plot` redraws every one of them — into the league's folder, or elsewhere with --out.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { leagueMatchesOfFolder } from '../../src/charts/folder.ts';
import { runningMean } from '../../src/charts/league.ts';
import { pairAccOf, pairedEstimate } from '../../src/stats/paired.ts';
import { perlaggStreams } from '../in-process.ts';
import { scratchDir } from '../scratch.ts';

const perlagg = (...args: string[]) => perlaggStreams(args, { env: { PERLAGG_DEBUG: '' } });
const MATCHES = ['0-1', '0-2', '1-2'];

interface Row { key: string; estimate: number; low: number; high: number }

describe('league --out: the charts of the league and of every match', () => {
  const tmp = scratchDir('league-charts');
  const out = join(tmp, 'league');
  let run: Awaited<ReturnType<typeof perlagg>>;
  beforeAll(async () => {
    run = await perlagg('league', '--policies', 'random,passive,simple', '-n', '30', '--replicates', '20', '-w', '0', '-q', '--out', out);
  });

  it('writes ratings, matches and cumulative charts, and each match\'s metrics and duplicate charts, and lists them', () => {
    expect(run.code, run.stderr).toBe(0);
    for (const c of ['ratings', 'matches', 'cumulative']) {
      expect(existsSync(join(out, 'charts', `${c}.svg`)), c).toBe(true);
      expect(existsSync(join(out, 'charts', `${c}.vl.json`)), c).toBe(true);
      expect(run.stdout).toContain(join(out, 'charts', `${c}.svg`));
    }
    // the text people read: negative margins (random loses) with U+2212, none with ASCII '-' (core/numbers.ts)
    expect(run.stdout).toContain('−');
    expect(run.stdout).not.toMatch(/(^|[\s[(=,:;/±])-[\d.∞]/m);
    for (const m of MATCHES) {
      for (const c of ['metrics', 'duplicate']) {
        expect(existsSync(join(out, 'matches', m, 'charts', `${c}.svg`)), `${m}/${c}`).toBe(true);
        expect(run.stdout).toContain(join(out, 'matches', m, 'charts', `${c}.svg`));
      }
    }
  });

  it('the matches chart holds every match\'s mean margin and interval, the crosstable\'s numbers', () => {
    const spec = JSON.parse(readFileSync(join(out, 'charts', 'matches.vl.json'), 'utf8')) as { data: { values: Row[] } };
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { crosstable: Array<{ a: string; b: string; margin: { estimate: number; low: number; high: number } }> };
    const rows = spec.data.values;
    expect(rows.map((r) => r.key)).toEqual(['random vs passive', 'random vs simple', 'passive vs simple']);
    for (const r of rows) {
      const [a, b] = r.key.split(' vs ');
      const cell = manifest.crosstable.find((c) => c.a === a && c.b === b)!;
      expect(r.estimate).toBeCloseTo(cell.margin.estimate, 12);
      expect(r.low).toBeCloseTo(cell.margin.low, 12);
      expect(r.high).toBeCloseTo(cell.margin.high, 12);
    }
    // random loses to simple in 30 deal pairs by far more than its interval (points a deal)
    expect(rows[1]!.high).toBeLessThan(0);
    const svg = readFileSync(join(out, 'charts', 'matches.svg'), 'utf8');
    for (const r of rows) expect(svg).toContain(`95% interval of ${r.key}:`);
  });

  it('the cumulative chart ends, for every match, at the match\'s mean over all its pairs', () => {
    const spec = JSON.parse(readFileSync(join(out, 'charts', 'cumulative.vl.json'), 'utf8')) as { data: { values: Array<{ match: string; x: number; value: number; low: number | null; high: number | null }> } };
    const matches = leagueMatchesOfFolder(out);
    expect(matches).toHaveLength(3);
    for (const m of matches) {
      expect(m.margins).toHaveLength(30);
      const pts = spec.data.values.filter((v) => v.match === `${m.a} vs ${m.b}`);
      expect(pts.map((p) => p.x)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      const e = pairedEstimate(pairAccOf(m.margins), { kind: 'difference' });
      const last = pts[pts.length - 1]!;
      if (e.kind !== 'interval') throw new Error(`a 30-pair match with a constant margin: ${e.kind}`);
      expect(last.value).toBeCloseTo(e.estimate, 12);
      expect(last.low).toBeCloseTo(e.low, 12);
      expect(last.high).toBeCloseTo(e.high, 12);
      expect(pts[0]!.value).toBe(m.margins[0]);
      expect(pts[0]!.low).toBeNull();
    }
  });

  it('perlagg plot redraws every chart: into the folder, and with --out under matches/<i>-<j>', async () => {
    const before = readFileSync(join(out, 'charts', 'matches.svg'), 'utf8');
    rmSync(join(out, 'charts'), { recursive: true });
    for (const m of MATCHES) rmSync(join(out, 'matches', m, 'charts'), { recursive: true });
    const p = await perlagg('plot', out);
    expect(p.code, p.stderr).toBe(0);
    expect(readFileSync(join(out, 'charts', 'matches.svg'), 'utf8')).toBe(before);
    for (const m of MATCHES) expect(existsSync(join(out, 'matches', m, 'charts', 'duplicate.svg')), m).toBe(true);
    const elsewhere = join(tmp, 'elsewhere');
    const q = await perlagg('plot', out, '--out', elsewhere);
    expect(q.code, q.stderr).toBe(0);
    expect(existsSync(join(elsewhere, 'cumulative.svg'))).toBe(true);
    for (const m of MATCHES) expect(existsSync(join(elsewhere, 'matches', m, 'metrics.svg')), m).toBe(true);
  });
});

describe('runningMean', () => {
  it('thins a long match to at most about 400 points, keeping the last, with a t band from the second pair on', () => {
    const xs = Float64Array.from({ length: 1001 }, (_, i) => (i % 3) - 1);
    const pts = runningMean(xs);
    expect(pts.length).toBeLessThanOrEqual(401);
    expect(pts[pts.length - 1]!.x).toBe(1001);
    const e = pairedEstimate(pairAccOf(xs), { kind: 'difference' });
    if (e.kind !== 'interval') throw new Error(e.kind);
    expect(pts[pts.length - 1]!.value).toBeCloseTo(e.estimate, 12);
    expect(pts[pts.length - 1]!.high).toBeCloseTo(e.high, 12);
    expect(runningMean([2])).toEqual([{ x: 1, value: 2, low: null, high: null }]);
  });
});
