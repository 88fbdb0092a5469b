// bench/pair-runs.ts: two --per-pair runs paired pair by pair, on synthetic files with a known answer; a run
// split over files reads as one; what cannot be paired is an error, not a figure.
import { describe, expect, it } from 'vitest';
import { pairRuns, readRun } from '../../bench/pair-runs.ts';
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
});
