// Issue 11, deliverable 2: decisions.arrow (simulate --decisions). Every bid in hands.arrow has its row, the
// first bidder as hands.arrow says; every row's figure_points agree with what hands.arrow says the figure
// brought; the score is the seat's party's; Partien write it too; it needs --out.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tableFromIPC } from 'apache-arrow';
import { runSimulation, type RunOptions } from '../../src/runner/runner.ts';
import type { SimSpec } from '../../src/sim/job.ts';
import { perlagg } from '../in-process.ts';
import { scratchDir } from '../scratch.js';

const tmp = () => scratchDir('dec');
const NONE = { hands: {}, trump: null, predicate: null };
const spec = (over: Partial<SimSpec>): SimSpec => ({ mode: 'hands', ruleset: '1853', players: 4, policies: ['author1853', 'simple'], seed: 11, constraints: NONE, decisions: true, ...over });
const opts = (over: Partial<RunOptions>): RunOptions => ({ spec: spec({}), deals: 80, batchSize: 40, workers: 0, out: null, resume: false, shard: null, untilCi: null, timeBudgetMs: null, ...over });
type Row = Record<string, number | string>;
const rows = (dir: string, table: string): Row[] => tableFromIPC(readFileSync(join(dir, `${table}.arrow`))).toArray().map((r) => r.toJSON() as Row);
const FIGS = ['Spiel', 'Gleich', 'Hanger'];

describe('decisions.arrow', () => {
  it('hands: every bid has its row (the first bidder as hands.arrow says), and what each figure brought agrees', async () => {
    const dir = join(tmp(), 'h');
    await runSimulation(opts({ spec: spec({ start: { score: [7, 5], dealer: null } }), out: dir }));
    const hands = rows(dir, 'hands');
    const dec = rows(dir, 'decisions');
    expect(dec.length).toBeGreaterThan(40);
    for (const r of dec) {
      expect(['bid', 'gut', 'hold', 'raise', 'veto', 'consent', 'ask', 'allow', 'reject']).toContain(r['action']);
      expect(r['score']).toBeGreaterThanOrEqual(r['party'] === 0 ? 7 : 5);
    }
    let bids = 0;
    for (const h of hands) {
      const mine = dec.filter((r) => r['deal'] === h['deal']);
      for (const [k, f] of FIGS.entries()) {
        const key = ['spiel', 'gleich', 'hanger'][k]!;
        const first = mine.find((r) => r['action'] === 'bid' && r['figure'] === f);
        if ((h[`${key}_bid_party`] as number) < 0) expect(first, `deal ${h['deal']} ${f}`).toBeUndefined();
        else {
          bids++;
          expect(first?.['seat'], `deal ${h['deal']} ${f}`).toBe(h[`${key}_bid_seat`]);
          expect(first?.['party']).toBe(h[`${key}_bid_party`]);
        }
        const winner = h[`${key}_winner`] as number;
        const pts = h[`${key}_points`] as number;
        for (const r of mine.filter((x) => x['figure'] === f)) expect(r['figure_points']).toBe(winner === r['party'] ? pts : winner >= 0 ? -pts : 0);
      }
      // the rows of a hand are in the order the decisions were taken
      const steps = mine.map((r) => r['step'] as number);
      expect(steps).toEqual([...steps].sort((a, b) => a - b));
    }
    expect(bids).toBeGreaterThan(20);
  });

  it('Partien: rows for the deals of every Partie, numbered as hands.arrow numbers them', async () => {
    const dir = join(tmp(), 'p');
    await runSimulation(opts({ spec: spec({ mode: 'partien' }), deals: 6, batchSize: 3, out: dir }));
    const dec = rows(dir, 'decisions');
    const hands = rows(dir, 'hands');
    const dealsOf = (xs: Row[]) => new Set(xs.map((r) => `${r['partie']}/${r['deal']}`));
    for (const d of dealsOf(dec)) expect(dealsOf(hands).has(d), d).toBe(true);
    expect(new Set(dec.map((r) => r['partie'])).size).toBeGreaterThan(3);
  });

  it('--decisions needs --out and a mode that plays (exit 2)', async () => {
    expect((await perlagg('simulate', '-r', '1853', '--mode', 'hands', '-n', '4', '--decisions', '-q')).code).toBe(2);
    expect((await perlagg('simulate', '-r', '1853', '-n', '4', '--decisions', '--out', join(tmp(), 'x'), '-q')).code).toBe(2);
  });
});
