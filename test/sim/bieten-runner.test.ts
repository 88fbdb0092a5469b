// `perlagg simulate --game bieten` (issue 15) through the one runner: the same bytes for any worker count,
// for shards merged and for a run interrupted and resumed; the rows agree with the metrics and with a game
// replayed alone; duplicate play rotated round the table (plain beats random clearly, an A/A run shows no
// effect); the per-pair SPRT; bad input exit 2. The runs with workers share one pool a worker count.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveBietenRules } from '../../src/games/bieten/rules.ts';
import type { PolicyFactory } from '../../src/policy/api.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { mergeShards } from '../../src/results/merge.ts';
import { intervalOf, type SimSpec } from '../../src/sim/job.ts';
import { createPool, runSimulation, type RunOptions } from '../../src/runner/runner.ts';
import { perlaggStreams } from '../in-process.ts';
import { playBietenGame } from '../../src/play/bieten-game.ts';
import { scratchDir } from '../scratch.js';

const tmp = () => scratchDir('bieten');
const bytes = (p: string) => readFileSync(p);
const table = (p: string) => tableFromIPC(readFileSync(p));

const HANDS: SimSpec = { game: 'bieten', mode: 'hands', ruleset: 'bieten', players: 3, policies: ['plain', 'random'], seed: 15, constraints: { hands: {}, trump: null, predicate: null } };
const GAMES: SimSpec = { ...HANDS, mode: 'partien', players: 4 };
const base = (over: Partial<RunOptions>): RunOptions => ({ spec: HANDS, deals: 300, batchSize: 64, workers: 0, out: null, resume: false, shard: null, untilCi: null, timeBudgetMs: null, ...over });

// One pool a worker count for the whole file (a worker thread's start costs about 2 s of CPU; a run leaves no
// state in a pool, each batch being a task of its own).
const pools = new Map<number, ReturnType<typeof createPool>>();
afterAll(async () => {
  for (const p of pools.values()) await p.destroy();
});
const pooled = (o: RunOptions) => {
  if (o.workers > 0 && !pools.has(o.workers)) pools.set(o.workers, createPool(o.workers));
  return runSimulation(o, o.workers > 0 ? pools.get(o.workers)! : null);
};

function manifestOf(dir: string): { settings: Record<string, unknown>; tables: unknown; metrics: unknown; ruleset: { name: string; hash: string } } {
  return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as never;
}

describe('simulate --game bieten: the same answer however the work is split', () => {
  it('deals and games: byte-identical tables and equal manifests for 0, 1 and 2 workers', async () => {
    for (const [spec, deals, names] of [[HANDS, 300, ['bieten_deals']], [GAMES, 24, ['bieten_games', 'bieten_deals']]] as const) {
      const outs: string[] = [];
      for (const workers of [0, 1, 2]) {
        const out = join(tmp(), 'run');
        const r = await pooled(base({ spec, deals, batchSize: spec.mode === 'hands' ? 64 : 5, workers, out }));
        expect(r.dealsDone).toBe(deals);
        outs.push(out);
      }
      for (const name of names) for (const o of outs.slice(1)) expect(bytes(join(o, `${name}.arrow`)).equals(bytes(join(outs[0]!, `${name}.arrow`))), name).toBe(true);
      const m = outs.map(manifestOf);
      for (const x of m.slice(1)) expect([x.tables, x.metrics, x.settings]).toEqual([m[0]!.tables, m[0]!.metrics, m[0]!.settings]);
      expect(m[0]!.settings['game']).toBe('bieten');
      expect(m[0]!.ruleset.name).toBe('bieten');
      expect(m[0]!.ruleset.hash).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it('3 shards merged equal one run; a run interrupted after its first batch and resumed equals one run', async () => {
    const spec: SimSpec = { ...GAMES, players: 3, policies: ['plain'] };
    const dir = tmp();
    const o = { spec, deals: 30, batchSize: 4 };
    await runSimulation(base({ ...o, out: join(dir, 'single') }));
    const shards = [0, 1, 2].map((index) => join(dir, `shard-${index}`));
    for (const [index, out] of shards.entries()) await runSimulation(base({ ...o, out, shard: { index, count: 3 } }));
    mergeShards(shards, join(dir, 'merged'));
    for (const name of ['bieten_games', 'bieten_deals']) expect(bytes(join(dir, 'merged', `${name}.arrow`)).equals(bytes(join(dir, 'single', `${name}.arrow`))), name).toBe(true);
    // interrupted once the first batch is committed, then resumed
    const abort = new AbortController();
    const cut = await runSimulation(base({ ...o, out: join(dir, 'resumed'), signal: abort.signal, onProgress: (p) => { if (p.dealsDone >= 4) abort.abort(); } }));
    expect(cut.stoppedBy).toBe('interrupted');
    expect(cut.dealsDone).toBeLessThan(30);
    const done = await runSimulation(base({ ...o, out: join(dir, 'resumed'), resume: true }));
    expect(done.resumedFrom).toBe(cut.dealsDone);
    for (const name of ['bieten_games', 'bieten_deals']) expect(bytes(join(dir, 'resumed', `${name}.arrow`)).equals(bytes(join(dir, 'single', `${name}.arrow`))), name).toBe(true);
  });
});

describe('simulate --game bieten: the rows', () => {
  it('a game of the run is the game played alone with its keys; deals sum to the games; metrics follow from the rows', async () => {
    const spec: SimSpec = { ...GAMES, policies: ['plain', 'random', 'plain', 'random'] };
    const out = join(tmp(), 'run');
    const r = await runSimulation(base({ spec, deals: 12, batchSize: 5, out }));
    const g = table(join(out, 'bieten_games.arrow'));
    const d = table(join(out, 'bieten_deals.arrow'));
    expect(g.numRows).toBe(12);
    const f = (name: string) => builtinPolicy(name, 'bieten') as unknown as PolicyFactory<never, never>;
    const alone = playBietenGame({ rules: resolveBietenRules('bieten'), players: 4, rootSeed: 15, gameIndex: 7, policies: ['plain', 'random', 'plain', 'random'].map((n) => ({ name: n, policy: f(n).create({}) })) as never });
    expect(g.getChild('loser')!.get(7)).toBe(alone.loser);
    expect(g.getChild('deals')!.get(7)).toBe(alone.sheet.length);
    for (let s = 0; s < 4; s++) expect(g.getChild(`s${s}_score`)!.get(7)).toBe(alone.finalScore[s]);
    // the deals table holds every deal of every game, and each game's points add up to its final score
    let deals = 0;
    for (let i = 0; i < g.numRows; i++) deals += g.getChild('deals')!.get(i) as number;
    expect(d.numRows).toBe(deals);
    const sums = new Map<number, number[]>();
    for (let i = 0; i < d.numRows; i++) {
      const k = d.getChild('partie')!.get(i) as number;
      const acc = sums.get(k) ?? [0, 0, 0, 0];
      for (let s = 0; s < 4; s++) acc[s]! += d.getChild(`s${s}_points`)!.get(i) as number;
      sums.set(k, acc);
    }
    for (let k = 0; k < 12; k++) for (let s = 0; s < 4; s++) expect(sums.get(k)![s]).toBe(g.getChild(`s${s}_score`)!.get(k));
    let s0Loses = 0;
    for (let i = 0; i < g.numRows; i++) s0Loses += g.getChild('loser')!.get(i) === 0 ? 1 : 0;
    expect(r.metrics['s0_loses']).toEqual({ kind: 'proportion', k: s0Loses, n: 12 });
  });
});

describe('simulate --game bieten --duplicate: rotated round the table', () => {
  it('every deal in all rotations with the same cards; plain beats random clearly, in deals and in games', async () => {
    const out = join(tmp(), 'dup');
    const r = await runSimulation(base({ spec: { ...HANDS, duplicate: true }, deals: 400, batchSize: 100, out }));
    const t = table(join(out, 'bieten_deals.arrow'));
    expect(t.numRows).toBe(1200);
    for (let i = 0; i < 30; i += 3) {
      expect([0, 1, 2].map((k) => t.getChild('seating')!.get(i + k))).toEqual([0, 1, 2]);
      for (const c of ['s0_herz', 's1_laub', 's2_gleich', 's2_hanger_top']) expect(new Set([0, 1, 2].map((k) => t.getChild(c)!.get(i + k))).size, c).toBe(1);
    }
    const hands = intervalOf(r.metrics['a_minus_b']!, r.specs.find((m) => m.name === 'a_minus_b'));
    expect(hands.n).toBe(400);
    expect(hands.low).toBeGreaterThan(0.2); // measured: +0.49 ± 0.03 points a deal
    const g = await runSimulation(base({ spec: { ...GAMES, duplicate: true }, deals: 120, batchSize: 30 }));
    const games = intervalOf(g.metrics['a_minus_b']!, g.specs.find((m) => m.name === 'a_minus_b'));
    expect(games.low).toBeGreaterThan(0.05); // measured: +0.15 ± 0.02 (B's share of lost games minus A's)
  });

  it('A/A: with shared streams exactly 0 by construction; with streams of their own the interval covers 0', async () => {
    const same = await runSimulation(base({ spec: { ...HANDS, policies: ['plain'], duplicate: true }, deals: 200 }));
    expect(same.identicalPairs).toBe(true);
    const acc = same.metrics['a_minus_b']!;
    expect(acc.kind === 'pair' && [acc.min, acc.max, acc.n]).toEqual([0, 0, 200]);
    // streams of their own per rotation: noise around 0; over 12 seeds the 95% interval misses 0 rarely
    let missed = 0;
    for (let seed = 100; seed < 112; seed++) {
      const own = await runSimulation(base({ spec: { ...HANDS, seed, policies: ['plain', 'plain'], duplicate: true, independentStreams: true }, deals: 150, batchSize: 150 }));
      expect(own.identicalPairs).toBe(false);
      const i = intervalOf(own.metrics['a_minus_b']!, own.specs.find((m) => m.name === 'a_minus_b'));
      expect(i.halfWidth).toBeGreaterThan(0);
      if (i.low > 0 || i.high < 0) missed++;
    }
    expect(missed).toBeLessThanOrEqual(2); // P(more than 2 of 12 at 5% each) = 0.02
  });

  it('the per-pair SPRT decides for plain at the same deal for 0 and 2 workers', async () => {
    const go = (workers: number) => pooled(base({ spec: { ...HANDS, duplicate: true }, deals: null, batchSize: 16, workers, sprt: { metric: 'a_minus_b', bounds: { m0: 0, m1: 0.2, alpha: 0.05, beta: 0.05 } } }));
    const a = await go(0);
    const b = await go(2);
    expect(a.stoppedBy).toBe('sprt');
    expect(a.sprt?.status.verdict).toBe('H1');
    expect(b.dealsDone).toBe(a.dealsDone);
    expect(a.dealsDone).toBe(a.sprt!.status.decidedAt);
  });
});

describe('perlagg simulate --game bieten (the command)', () => {
  /** The command line in this process: exit code, stdout, stderr. */
  const run = (args: string[]) => perlaggStreams(['simulate', '--game', 'bieten', '-w', '0', '-q', ...args]);


  it('prints the metrics with intervals and the comparison; bad input exits 2 with one line', async () => {
    const ok = await run(['-p', '3', '-n', '150', '--policies', 'plain,random', '--duplicate']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toContain('150 deals, each played in 3 rotations of the policies round the table (450 deals)');
    expect(ok.stdout).toMatch(/A − B: \+\d\.\d{4} ± \d\.\d{4} \[\+\d\.\d{4}, \+\d\.\d{4}\] \(95%\), LOS 100\.0%, n = 150 rotated deals/);
    const games = await run(['-p', '3', '--partien', '20', '--json']);
    expect(games.code, games.stderr).toBe(0);
    const j = JSON.parse(games.stdout) as { game: string; mode: string; metrics: Record<string, { n: number; low: number; high: number }> };
    expect([j.game, j.mode, j.metrics['s0_loses']!.n]).toEqual(['bieten', 'partien', 20]);
    for (const args of [
      ['--mode', 'figures', '-n', '10'],
      ['-n', '10', '--hand', '0=HA'],
      ['-n', '10', '-p', '11'],
      ['-n', '10', '-r', 'bieten{target=1}'],
      ['-n', '10', '--policies', 'simple'],
      ['-n', '10', '-p', '4', '--policies', 'plain,random,plain'],
      ['-n', '10', '-p', '3', '--policies', 'plain,random,plain{bluffRate=0.5}', '--duplicate'],
      ['-n', '10', '--policies', 'plain', '--independent-streams'],
      ['-n', '10', '--game', 'chess'],
    ]) {
      const r = await run(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stdout).toBe('');
    }
    // a policy that acts illegally: the run fails (exit 1) naming it, the player and the deal
    const bot = join(tmp(), 'bad-bot.ts');
    writeFileSync(bot, `export default { game: 'bieten', name: 'bad', version: '1', description: 'bids a figure that is none', options: {}, create: () => ({ act: () => ({ kind: 'bid', figure: 'Nothing' }) }) };\n`);
    const bad = await run(['-n', '20', '-p', '3', '--policies', `plain,${bot}`]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^perlagg: policy .*bad-bot\.ts \(player 1, seat P2\), deal 0, seed 1: illegal action bid Nothing/);
  });
});
