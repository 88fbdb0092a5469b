// Issue 11, deliverable 2: hands and Partien from a given state (--score, --dealer). The engine reads the
// score (a party at target − 1 may not bid: RULES §11.2), the dealer is the one given, a Partie from 10:0
// is mostly won by the party at 10, and a resume or merge with another start is refused.
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tableFromIPC } from 'apache-arrow';
import { runSimulation, type RunOptions } from '../../src/runner/runner.ts';
import { type SimSpec } from '../../src/sim/job.ts';
import { parseDealer, parseScore, startText } from '../../src/sim/start.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { perlagg } from '../in-process.ts';
import { SimSpecError, RunError } from '../../src/core/errors.ts';
import { scratchDir } from '../scratch.js';
const tmp = () => scratchDir('start');
const NONE = { hands: {}, trump: null, predicate: null };
const spec = (over: Partial<SimSpec>): SimSpec => ({ mode: 'hands', ruleset: '1853', players: 4, policies: ['simple'], seed: 3, constraints: NONE, ...over });
const opts = (over: Partial<RunOptions>): RunOptions => ({ spec: spec({}), deals: 60, batchSize: 30, workers: 0, out: null, resume: false, shard: null, untilCi: null, timeBudgetMs: null, ...over });
const col = (dir: string, table: string, c: string): number[] => Array.from(tableFromIPC(readFileSync(join(dir, `${table}.arrow`))).getChild(c)!.toArray() as ArrayLike<number>);

describe('--score and --dealer', () => {
  const r = resolveRuleset('1853');
  it('parses one score per party below the target, and a seat of the table', () => {
    expect(parseScore('9:4', r, 4)).toEqual([9, 4]);
    expect(parseScore(' 10 : 0 ', r, 4)).toEqual([10, 0]);
    expect(() => parseScore('11:4', r, 4)).toThrow(/reached the target 11/);
    expect(() => parseScore('9:4:1', r, 4)).toThrow(/give 2 numbers/);
    expect(() => parseScore('9-4', r, 4)).toThrow(SimSpecError);
    expect(() => parseScore('-1:4', r, 4)).toThrow(SimSpecError);
    expect(parseDealer('3', r, 4)).toBe(3);
    expect(() => parseDealer('4', r, 4)).toThrow(/0 to 3/);
    expect(startText({ score: [9, 4], dealer: 1 }, r)).toBe('party 0 at 9 (at target − 2), party 1 at 4 (in the Double: below 6), dealt by seat 1');
  });

  it('a hand from 10:4 is played at that score: the gestrichen party never bids; every hand has the dealer given', async () => {
    const dir = join(tmp(), 'h');
    await runSimulation(opts({ spec: spec({ start: { score: [10, 4], dealer: 2 } }), out: dir }));
    for (const f of ['spiel', 'gleich', 'hanger']) expect(col(dir, 'hands', `${f}_bid_party`).filter((p) => p === 0)).toEqual([]);
    expect(new Set(col(dir, 'hands', 'dealer'))).toEqual(new Set([2]));
    // from 0:0 both parties bid (the same deals: the difference is the score)
    const free = join(tmp(), 'f');
    await runSimulation(opts({ out: free }));
    expect(col(free, 'hands', 'spiel_bid_party').filter((p) => p === 0).length).toBeGreaterThan(0);
    expect(new Set(col(free, 'hands', 'dealer')).size).toBe(4);
  });

  it('a Partie from 10:0 is short and mostly won by the party at 10; its first dealer is the one given', async () => {
    const dir = join(tmp(), 'p');
    const res = await runSimulation(opts({ spec: spec({ mode: 'partien', start: { score: [10, 0], dealer: 1 } }), deals: 40, batchSize: 20, out: dir }));
    const wins = res.metrics['p0_wins']!;
    expect(wins.kind === 'proportion' && wins.k / wins.n).toBeGreaterThan(0.7);
    expect(new Set(col(dir, 'partien', 'first_dealer'))).toEqual(new Set([1]));
    expect(Math.min(...col(dir, 'partien', 'p0_score'), ...col(dir, 'partien', 'p1_score').map(() => 10))).toBeGreaterThanOrEqual(10);
    // the Double line is in force from the start: party 1 at 0 loses double unless it reaches 6
    const dbl = res.metrics['double']!;
    expect(dbl.kind === 'proportion' && dbl.k).toBeGreaterThan(0);
  });

  it('a resume with another start is refused (the start is part of the settings)', async () => {
    const dir = join(tmp(), 'r');
    await runSimulation(opts({ spec: spec({ start: { score: [9, 4], dealer: null } }), deals: 30, out: dir }));
    await expect(runSimulation(opts({ spec: spec({ start: { score: [9, 5], dealer: null } }), deals: 30, out: dir, resume: true }))).rejects.toThrow(/settings differ from the run in .* in "(job\.)?start"/);
    await expect(runSimulation(opts({ spec: spec({}), deals: 30, out: dir, resume: true }))).rejects.toThrow(RunError);
    // the same start gets past the settings: the run is complete already, so the rerun leaves it as it is
    const again = await runSimulation(opts({ spec: spec({ start: { score: [9, 4], dealer: null } }), deals: 30, out: dir, resume: true }));
    expect(again.dealsDone).toBe(30);
    expect(again.resumedFrom).toBe(30);
  });

  it('bad --score and --dealer: one line, exit 2, nothing written', async () => {
    const dir = join(tmp(), 'bad');
    for (const args of [['--score', '11:4'], ['--score', '9:x'], ['--dealer', '9'], ['--score', '9:4', '--mode', 'figures']]) {
      const { code, err } = await perlagg('simulate', '-r', '1853', '--mode', 'hands', '-n', '4', '-q', '--out', dir, ...args);
      expect(code, args.join(' ')).toBe(2);
      expect(err.trim().split('\n').length).toBe(1);
      expect(existsSync(dir)).toBe(false);
    }
  });
});
