// bench/pair-runs.ts: two --per-pair runs paired pair by pair, on synthetic files with a known answer; a run
// split over files reads as one; what cannot be paired is an error, not a figure.
import { describe, expect, it } from 'vitest';
import { pairRuns, readRun, shareInterval } from '../../bench/pair-runs.ts';
import { pairAccOf } from '../../src/stats/paired.ts';
import { keyedRng, STREAM } from '../../src/core/rng.ts';
import { tFor } from '../../src/stats/math.ts';

const line = (pair: number, won: number, extra: Record<string, unknown> = {}): string => JSON.stringify({ ruleset: '1853', seed: 13, pair, won, ausWon: 0, ausLost: 0, ...extra });
const files = (m: Record<string, string[]>) => (f: string): string => (m[f] ?? []).join('\n') + '\n';

describe('pairing two --per-pair runs', () => {
  it('pairs over the pairs both played: the paired t interval of other − base, each arm\u2019s share and held Aus', () => {
    const read = files({
      b1: [line(0, 0.5), line(1, 1, { ausLost: 2 })],
      b2: [line(2, 0.5), line(3, 0), line(9, 1)], // pair 9: the other run never played it
      o: [line(3, 0.5), line(2, 1), line(1, 1, { ausWon: 1 }), line(0, 1)],
    });
    const r = pairRuns(readRun(['b1', 'b2'], read), readRun(['o'], read));
    expect(r.n).toBe(4);
    // differences 0.5, 0, 0.5, 0.5: mean 0.375, sd 0.25, se 0.125
    const d = r.difference;
    if (d.kind !== 'interval') throw new Error(d.kind);
    expect(d.estimate).toBeCloseTo(0.375, 12);
    expect(d.high - d.estimate).toBeCloseTo(tFor(0.95, 3) * 0.125, 12);
    expect(d.low).toBeLessThan(0); // 3.182 × 0.125 > 0.375
    if (r.base.won.kind !== 'interval' || r.other.won.kind !== 'interval') throw new Error('no interval');
    expect(r.base.won.estimate).toBeCloseTo(0.5, 12);
    expect(r.other.won.estimate).toBeCloseTo(0.875, 12);
    expect([r.base.ausWon, r.base.ausLost, r.other.ausWon, r.other.ausLost]).toEqual([0, 2, 1, 0]);
  });

  it('identical runs: the difference is 0 in every pair, said so', () => {
    const read = files({ a: [line(0, 1), line(1, 0.5), line(2, 0)] });
    expect(pairRuns(readRun(['a'], read), readRun(['a'], read)).difference).toMatchObject({ kind: 'constant', value: 0, n: 3 });
  });

  it('refuses what is not the same Partien or not a run', () => {
    const read = files({
      a: [line(0, 1), line(1, 0.5)],
      ob: [line(0, 1, { ruleset: 'oberland' })],
      s7: [line(0, 1, { seed: 7 })],
      twice: [line(0, 1), line(0, 0.5)],
      mixed: [line(0, 1), line(1, 1, { seed: 7 })],
      bad: ['{"pair": 0, "won": 2}'],
      junk: ['not json'],
      far: [line(5, 1)],
    });
    expect(() => pairRuns(readRun(['a'], read), readRun(['ob'], read))).toThrow(/rulesets 1853 and oberland/);
    expect(() => pairRuns(readRun(['a'], read), readRun(['s7'], read))).toThrow(/seeds 13 and 7/);
    expect(() => readRun(['twice'], read)).toThrow(/twice:2: pair 0 twice/);
    expect(() => readRun(['a', 'a'], read)).toThrow(/pair 0 twice/);
    expect(() => readRun(['mixed'], read)).toThrow(/seed 7, but 13 before/);
    expect(() => readRun(['bad'], read)).toThrow(/bad:1: not a --per-pair line/);
    expect(() => readRun(['junk'], read)).toThrow(/junk:1: not a line of JSON/);
    expect(() => pairRuns(readRun(['a'], read), readRun(['far'], read))).toThrow(/no pair in common/);
  });

  it('a share of Partien stays inside [0, 1] and keeps its promise (clustered Wilson over the pairs)', () => {
    // 6 pairs (the t interval said 91.7% [70.2, 113.1])
    const six = shareInterval(pairAccOf([1, 1, 1, 1, 1, 0.5]));
    expect(six.estimate).toBeCloseTo(11 / 12, 12);
    expect(six.high).toBeLessThanOrEqual(1);
    expect(six.low).toBeGreaterThan(0.5);
    const all = shareInterval(pairAccOf([1, 1, 1]));
    expect(all.high).toBe(1);
    expect(all.low).toBeLessThan(1);
    expect(Number.isNaN(shareInterval(pairAccOf([])).estimate)).toBe(true);
    // coverage on synthetic runs with a known share: each pair's two Partien won with probability 0.85,
    // correlated within the pair (the same cards), 30 pairs a run
    const rng = keyedRng(40, 1, STREAM.resample);
    let covered = 0;
    const runs = 2000;
    let truth = 0;
    for (let r = 0; r < runs; r++) {
      const v: number[] = [];
      for (let i = 0; i < 30; i++) {
        const easy = rng.nextFloat() < 0.7; // a deal both seatings win with 0.95, else 0.6167: the mean is 0.85
        const p = easy ? 0.95 : 0.85 / 0.3 - (0.7 * 0.95) / 0.3;
        v.push(((rng.nextFloat() < p ? 1 : 0) + (rng.nextFloat() < p ? 1 : 0)) / 2);
      }
      truth = 0.7 * 0.95 + 0.3 * (0.85 / 0.3 - (0.7 * 0.95) / 0.3);
      const e = shareInterval(pairAccOf(v));
      expect(e.low).toBeGreaterThanOrEqual(0);
      expect(e.high).toBeLessThanOrEqual(1);
      if (e.low <= truth && truth <= e.high) covered++;
    }
    expect(truth).toBeCloseTo(0.85, 12);
    // 95% promised: over 2,000 runs the count lies within about ±1% of it unless the interval fails
    expect(covered / runs).toBeGreaterThan(0.93);
    expect(covered / runs).toBeLessThan(0.975);
  });
});
