// The runner's promises (issue 5): the same bytes for any worker count and for shards merged; nothing lost
// after kill -9; changed settings refused by name; torn files recovered or refused; bad input exit 2;
// the simulated dritzig share within 4 standard errors of the exact one. With PERLAGG_DEEP=1 (test/deep.ts)
// the worker counts 0, 1, 2 and 7, both rulesets' Partien at 0 and 2 workers and 200,000 deals for the
// dritzig share; in the suite 0 and 3, one ruleset's Partien at both counts and 50,000 deals. The 2-worker
// runs share one pool; the only process of its own is the run killed with kill -9.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CardSet } from '../../src/cards/cardset.ts';
import { exactDistribution, exactSummary } from '../../src/exact/distribution.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { createPool, runSimulation, type RunOptions } from '../../src/runner/runner.ts';
import { intervalOf, type SimSpec } from '../../src/sim/job.ts';
import { perlaggStreams } from '../in-process.ts';
import { scratchDir } from '../scratch.js';
import { DEEP, sized } from '../deep.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const tmp = () => scratchDir('sim');
const bytesOf = (p: string) => readFileSync(p);

// One pool of 2 worker threads for every 2-worker run of this file (a thread's start costs about 2 s of CPU);
// the runs with other worker counts start their own. A run never leaves state in a pool: each batch is a task.
const POOL = createPool(2);
afterAll(() => POOL.destroy());
const run2 = (o: RunOptions) => runSimulation(o, o.workers === 2 ? POOL : null);

const SPEC: SimSpec = { mode: 'figures', ruleset: 'oberland', players: 4, policies: [], seed: 7, constraints: { hands: {}, trump: null, predicate: null } };
const base = (over: Partial<RunOptions>): RunOptions => ({ spec: SPEC, deals: 5000, batchSize: 700, workers: 0, out: null, resume: false, shard: null, untilCi: null, timeBudgetMs: null, ...over });

describe('runner: the same answer however the work is split', () => {
  const counts = DEEP ? [0, 1, 2, 7] : [0, 3]; // 8 batches: 3 and 7 workers share them unevenly
  it(`byte-identical output for ${counts.join(', ')} workers (0: in-process)`, async () => {
    const files: Buffer[] = [];
    const manifests: unknown[] = [];
    for (const workers of counts) {
      const out = join(tmp(), 'run');
      const r = await runSimulation(base({ workers, out }));
      expect(r.dealsDone).toBe(5000);
      files.push(bytesOf(join(out, 'deals.arrow')));
      const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { tables: unknown; metrics: unknown; settings: unknown };
      manifests.push([m.tables, m.metrics, m.settings]);
    }
    for (const f of files.slice(1)) expect(f.equals(files[0]!)).toBe(true);
    for (const m of manifests.slice(1)) expect(m).toEqual(manifests[0]);
  });

  it('3 shard runs (scheduler variables) merged equal one run', async () => {
    const dir = tmp();
    const common = ['simulate', '-r', 'innsbruck', '-s', '11', '-n', '6000', '--batch-size', '512', '-w', '0', '-q'];
    // the command line in this process (test/in-process.ts): the whole run, the merge, and each shard with its
    // scheduler's variables set for its run (the command reads them when it runs, as a process would at start)
    const single = await perlaggStreams([...common, '--out', join(dir, 'single')]);
    expect(single.code, single.stderr).toBe(0);
    const envs: Array<Record<string, string>> = [{ JOB_COMPLETION_INDEX: '0' }, { SLURM_ARRAY_TASK_ID: '5', SLURM_ARRAY_TASK_MIN: '4' }, { AWS_BATCH_JOB_ARRAY_INDEX: '2' }];
    for (const env of envs) {
      const r = await perlaggStreams([...common, '--shards', '3', '--out', join(dir, 'sharded')], { env });
      expect(r.code, r.stderr).toBe(0);
    }
    expect(readdirSync(join(dir, 'sharded')).sort()).toEqual(['shard-0-of-3', 'shard-1-of-3', 'shard-2-of-3']);
    const merged = await perlaggStreams(['merge', join(dir, 'sharded'), '--out', join(dir, 'merged')]);
    expect(merged.code, merged.stderr).toBe(0);
    expect(bytesOf(join(dir, 'merged', 'deals.arrow')).equals(bytesOf(join(dir, 'single', 'deals.arrow')))).toBe(true);
  });
});

describe('runner: played hands', () => {
  it('hands mode: the same bytes for 0 and 2 workers; policies per party with versions in the manifest', async () => {
    const spec: SimSpec = { ...SPEC, mode: 'hands', ruleset: 'innsbruck', policies: ['simple', 'random'] };
    const outs = [join(tmp(), 'a'), join(tmp(), 'b')];
    await runSimulation(base({ spec, deals: 300, batchSize: 64, workers: 0, out: outs[0]! }));
    await run2(base({ spec, deals: 300, batchSize: 64, workers: 2, out: outs[1]! }));
    expect(bytesOf(join(outs[0]!, 'hands.arrow')).equals(bytesOf(join(outs[1]!, 'hands.arrow')))).toBe(true);
    const m = JSON.parse(readFileSync(join(outs[0]!, 'manifest.json'), 'utf8')) as { settings: { job: { policies: Array<{ player: number; name: string; version: string }> } } };
    expect(m.settings.job.policies.map((p) => p.name)).toEqual(['simple', 'random', 'simple', 'random']);
    expect(m.settings.job.policies.every((p) => p.version.length > 0)).toBe(true);
    const { tableFromIPC } = await import('apache-arrow');
    const t = tableFromIPC(readFileSync(join(outs[0]!, 'hands.arrow')));
    expect(t.numRows).toBe(300);
    const p0 = t.getChild('p0_points')!.toArray() as Int16Array;
    const p1 = t.getChild('p1_points')!.toArray() as Int16Array;
    // the per-figure columns explain each party's points: figures won minus penalties
    for (let i = 0; i < t.numRows; i++) {
      const won = (p: number) => ['spiel', 'gleich', 'hanger'].reduce((a, f) => a + (t.getChild(`${f}_winner`)!.get(i) === p ? (t.getChild(`${f}_points`)!.get(i) as number) : 0), 0);
      expect(won(0) - (t.getChild('p0_penalties')!.get(i) as number), `hand ${i}`).toBe(p0[i]);
      expect(won(1) - (t.getChild('p1_penalties')!.get(i) as number), `hand ${i}`).toBe(p1[i]);
    }
  });
});

describe('runner: duplicate deals', () => {
  it('plays each deal in both seatings with the same cards; the paired difference is computed from them', async () => {
    // 1853: no permanent Perlaggen, so no cutter's choice: both seatings hold exactly the same cards. (Where
    // the cutter may keep a Perlagg, that is a player's choice and the hands may differ; the chance events,
    // shuffle and cut, are always the same.)
    const spec: SimSpec = { ...SPEC, mode: 'hands', ruleset: '1853', policies: ['simple', 'random'], duplicate: true };
    const outs = [join(tmp(), 'a'), join(tmp(), 'b')];
    const r0 = await runSimulation(base({ spec, deals: 120, batchSize: 32, workers: 0, out: outs[0]! }));
    await run2(base({ spec, deals: 120, batchSize: 32, workers: 2, out: outs[1]! }));
    expect(bytesOf(join(outs[0]!, 'hands.arrow')).equals(bytesOf(join(outs[1]!, 'hands.arrow')))).toBe(true);
    const { tableFromIPC } = await import('apache-arrow');
    const t = tableFromIPC(readFileSync(join(outs[0]!, 'hands.arrow')));
    expect(t.numRows).toBe(240);
    let paired = 0;
    for (let i = 0; i < t.numRows; i += 2) {
      expect([t.getChild('seating')!.get(i), t.getChild('seating')!.get(i + 1)]).toEqual([0, 1]);
      expect(t.getChild('deal')!.get(i)).toBe(t.getChild('deal')!.get(i + 1));
      expect(t.getChild('turned')!.get(i)).toBe(t.getChild('turned')!.get(i + 1)); // the same cards
      const diff = (row: number, a: number) => (t.getChild(`p${a}_points`)!.get(row) as number) - (t.getChild(`p${1 - a}_points`)!.get(row) as number);
      paired += (diff(i, 0) + diff(i + 1, 1)) / 2;
    }
    const acc = r0.metrics['a_minus_b']!;
    expect(acc.kind === 'pair' && acc.n).toBe(120);
    expect(acc.kind === 'pair' && acc.sum).toBeCloseTo(paired, 9);
  });
});

describe('runner: SPRT stop rule', () => {
  it('stops where the SPRT decides, at the same deal for any worker count', async () => {
    const spec: SimSpec = { ...SPEC, mode: 'hands', ruleset: 'innsbruck', policies: ['simple', 'random'], duplicate: true };
    const go = (workers: number) => run2(base({ spec, deals: null, batchSize: 16, workers, sprt: { metric: 'a_minus_b', bounds: { m0: 0, m1: 0.5, alpha: 0.05, beta: 0.05 } } }));
    const a = await go(0);
    const b = await go(2);
    expect(a.stoppedBy).toBe('sprt');
    expect(a.sprt?.status.verdict).toBe('H1');
    expect(b.dealsDone).toBe(a.dealsDone);
    expect(b.sprt?.status.llr).toBe(a.sprt?.status.llr);
    // the run stops at the deciding pair: every deal of the output was used by the test
    expect(a.dealsDone).toBe(a.sprt!.status.decidedAt);
  });
});

describe('runner: whole Partien', () => {
  it('partien mode: both tables the same bytes for 0 and 2 workers, and consistent with each other', async () => {
    for (const ruleset of ['1853', 'innsbruck']) {
      const spec: SimSpec = { ...SPEC, mode: 'partien', ruleset, policies: ['simple', 'random'] };
      const outs = [join(tmp(), 'a'), join(tmp(), 'b')];
      await runSimulation(base({ spec, deals: 24, batchSize: 5, workers: 0, out: outs[0]! }));
      if (DEEP || ruleset === '1853') { // in the suite one ruleset's workers; the tables' consistency for both
        await run2(base({ spec, deals: 24, batchSize: 5, workers: 2, out: outs[1]! }));
        for (const f of ['partien.arrow', 'hands.arrow']) expect(bytesOf(join(outs[0]!, f)).equals(bytesOf(join(outs[1]!, f))), `${ruleset} ${f}`).toBe(true);
      }
      const { tableFromIPC } = await import('apache-arrow');
      const P = tableFromIPC(readFileSync(join(outs[0]!, 'partien.arrow')));
      const H = tableFromIPC(readFileSync(join(outs[0]!, 'hands.arrow')));
      expect(P.numRows).toBe(24);
      const target = resolveRuleset(ruleset).target;
      const handPartie = H.getChild('partie')!.toArray() as Uint32Array;
      for (let i = 0; i < P.numRows; i++) {
        const k = P.getChild('partie')!.get(i) as number;
        const rows = [...handPartie.keys()].filter((r) => handPartie[r] === k);
        expect(rows.length, `Partie ${k}`).toBe(P.getChild('deals')!.get(i));
        for (const j of [0, 1]) {
          const sum = rows.reduce((a, r) => a + (H.getChild(`p${j}_points`)!.get(r) as number), 0);
          expect(sum, `Partie ${k} party ${j}`).toBe(P.getChild(`p${j}_score`)!.get(i));
        }
        const winner = P.getChild('winner')!.get(i) as number;
        expect([0, 1]).toContain(winner);
        if (!P.getChild('ended_mid_hand')!.get(i)) expect(P.getChild(`p${winner}_score`)!.get(i) as number).toBeGreaterThanOrEqual(target);
      }
    }
  });
});

describe('runner: nothing lost', () => {
  it('kill -9 mid-run, then --resume: the output equals an uninterrupted run', async () => {
    const dir = tmp();
    // The run that is killed must still be running when 3 batches are committed: its --where predicate (true
    // for every deal, so the same deals) naps 1 ms a deal there, and only there (PERLAGG_TEST_NAP): 40 s at
    // the least for the whole run, whatever the machine's load, where the test waits for 3 of its 40 batches.
    const nap = join(dir, 'nap.mjs');
    writeFileSync(nap, `const nap = new Int32Array(new SharedArrayBuffer(4));\nexport default () => { if (process.env.PERLAGG_TEST_NAP) Atomics.wait(nap, 0, 0, 1); return true; };\n`);
    const args = ['simulate', '-r', '1853', '-s', '3', '-n', '40000', '--batch-size', '1000', '-w', '1', '-q', '--where', nap];
    // the uninterrupted run and the resume: the same command line in this process; the killed run, a process
    const whole = await perlaggStreams([...args, '--out', join(dir, 'whole')]);
    expect(whole.code, whole.stderr).toBe(0);
    const out = join(dir, 'cut');
    const child = spawn(process.execPath, [join(ROOT, 'bin', 'perlagg.js'), ...args, '--out', out], { cwd: ROOT, stdio: 'ignore', env: { ...process.env, PERLAGG_TEST_NAP: '1' } });
    // wait until some batches are committed, then kill -9
    for (;;) { // no deadline: the suite's limit ends a run that never commits; one that ends first fails here
      await new Promise((r) => setTimeout(r, 20));
      if (child.exitCode !== null) throw new Error(`the run ended (exit ${child.exitCode}) before committing 3 batches`);
      const mf = join(out, 'manifest.json');
      if (existsSync(mf)) {
        const m = JSON.parse(readFileSync(mf, 'utf8')) as { progress: { batchesDone: number } };
        if (m.progress.batchesDone >= 3) break;
      }
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { complete: boolean; progress: { batchesDone: number } };
    expect(m.complete).toBe(false);
    expect(m.progress.batchesDone).toBeLessThan(40);
    // a torn tail beyond the committed position is cut off on resume
    const r = await perlaggStreams([...args, '--out', out, '--resume']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/before resuming/);
    expect(bytesOf(join(out, 'deals.arrow')).equals(bytesOf(join(dir, 'whole', 'deals.arrow')))).toBe(true);
  });

  it('a rerun into a finished folder leaves it byte-identical; changed settings are refused, naming the field', async () => {
    // in this process: the command's own checks, no process of its own needed
    const dir = tmp();
    const out = join(dir, 'run');
    const args = (ruleset: string, seed: number) => ['simulate', '-r', ruleset, '-s', String(seed), '-n', '3000', '--batch-size', '1000', '-w', '0', '-q', '--out', out];
    expect((await perlaggStreams(args('1853', 1))).code).toBe(0);
    const files = () => readdirSync(out, { recursive: true }).map(String).sort().map((f) => [f, statSync(join(out, f)).isFile() ? bytesOf(join(out, f)).toString('base64') : 'dir']);
    const before = files();
    const again = await perlaggStreams(args('1853', 1));
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/already holds this run, complete/);
    const done = await perlaggStreams([...args('1853', 1), '--resume']);
    expect(done.code, done.stderr).toBe(0);
    expect(files()).toEqual(before);
    const plain = await perlaggStreams(args('oberland', 1));
    expect(plain.code).toBe(2);
    expect(plain.stderr).toMatch(/differ .* in "ruleset"/);
    const changed = await perlaggStreams([...args('oberland', 1), '--resume']);
    expect(changed.code).toBe(2);
    expect(changed.stderr).toMatch(/differ .* in "ruleset"/);
    const seed = await perlaggStreams([...args('1853', 99), '--resume']);
    expect(seed.code).toBe(2);
    expect(seed.stderr).toMatch(/in "seed"/);
  });

  it('a torn committed prefix is refused, never read short', async () => {
    const dir = tmp();
    const out = join(dir, 'run');
    const abort = new AbortController();
    let n = 0;
    const r = await runSimulation(base({ out, deals: 20000, batchSize: 1000, signal: abort.signal, onProgress: () => { if (++n === 5) abort.abort(); } }));
    expect(r.stoppedBy).toBe('interrupted');
    const stream = join(out, 'deals.arrows');
    truncateSync(stream, statSync(stream).size - 10); // cut into the last committed batch
    await expect(runSimulation(base({ out, deals: 20000, batchSize: 1000, resume: true }))).rejects.toThrow(/deals.arrows/);
  });
});

describe('runner: answers', () => {
  it('the simulated single-hand dritzig share is within 4 SE of the exact one', async () => {
    // 1853: the turned-up card is the first of the stock and trump is its suit, so a hand is a uniform
    // 5-card hand of the deck less the turned card t: exact = mean over t of exact(suit(t), --exclude t).
    const r1853 = resolveRuleset('1853');
    let exact = 0;
    for (let t = 0; t < 32; t++) {
      const d = exactDistribution(r1853, (['H', 'S', 'L', 'E'] as const)[t >> 3]!, CardSet.of([t]));
      exact += exactSummary(d).dritzigesGleich / d.hands / 32;
    }
    // 50,000 deals in the suite (SE about 0.05 percentage points), 200,000 with PERLAGG_DEEP=1 (DRITZIG_DEALS=n)
    const deals = sized('DRITZIG_DEALS', 50_000, 200_000);
    const r = await run2(base({ spec: { ...SPEC, ruleset: '1853', seed: 20261130 }, deals, batchSize: Math.min(20_000, deals / 4), workers: 2 }));
    const i = intervalOf(r.metrics['hand_gleich3']!);
    expect(Math.abs(i.estimate - exact) / i.se).toBeLessThan(4);
    expect(i.n).toBe(deals);
  });

  it('stops at the interval width asked for, and says so', async () => {
    const r = await runSimulation(base({ deals: null, batchSize: 2000, untilCi: { metric: 'table_gleich3', halfWidth: 0.01 } }));
    expect(r.stoppedBy).toBe('interval');
    expect(intervalOf(r.metrics['table_gleich3']!).halfWidth).toBeLessThanOrEqual(0.01);
  });

  it('bad input exits 2 with one line and writes nothing (in this process: each is refused before any work)', async () => {
    const dir = tmp();
    const out = join(dir, 'never');
    const cases: Array<[string[], RegExp]> = [
      [['simulate', '-n', '10', '--bogus'], /Unknown argument: bogus/],
      [['simulate', '-n', '10', '-r', 'schnapsen'], /unknown ruleset/],
      [['simulate', '-n', '10', '--hand', '0=HK,HX'], /not a card: "HX"/],
      [['simulate', '--mode', 'hands', '-n', '10', '--policies', 'nosuchbot'], /unknown policy "nosuchbot"/],
      [['simulate', '--mode', 'hands', '-n', '10', '--policies', 'simple,random,simple'], /give 1, 2 \(one per party\) or 4/],
      [['simulate', '--mode', 'hands', '-n', '10', '--policies', 'random{bogus=1}'], /bogus/],
      [['simulate', '-n', '10', '--hand', '9=HK'], /seat 9 does not exist/],
      [['simulate', '-n', '10', '--trump', 'E'], /not a trump suit of oberland/],
      [['simulate', '-n', '10', '--shard', '3/3'], /index must be 0 to 2/],
      [['simulate', '-n', '10', '--until-ci', '0.01', '--metric', 'nope'], /no such metric/],
      [['simulate'], /give --deals, --until-ci, --sprt or --time-budget/],
      [['simulate', '-n', '10', '--time-budget', 'soon'], /duration/],
      [['simulate', '-n', '10', '--where', 'no-such-file.ts'], /no such file/],
      [['merge', join(dir, 'nothing-here'), '--out', out], /no shard|not found|does not exist|no such/i],
    ];
    for (const [args, msg] of cases) {
      const r = await perlaggStreams([...args, ...(args[0] === 'simulate' ? ['--out', out] : [])]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr, args.join(' ')).toMatch(msg);
      expect(existsSync(out), args.join(' ')).toBe(false);
    }
  });

  it('constrained dealing: fixed cards and trump hold in every deal, rejections are counted', async () => {
    const out = join(tmp(), 'c');
    const spec: SimSpec = { ...SPEC, constraints: { hands: { '0': ['HK', 'Weli'] }, trump: 'L', predicate: null } };
    const r = await runSimulation(base({ spec, out, deals: 3000, batchSize: 1000 }));
    expect(r.rejected).toBeGreaterThan(3000); // about 2 of 3 deals have another trump
    const { tableFromIPC } = await import('apache-arrow');
    const t = tableFromIPC(readFileSync(join(out, 'deals.arrow')));
    expect(new Set(t.getChild('trump')!.toArray() as string[])).toEqual(new Set(['L']));
    const p0 = t.getChild('s0_perlaggen')!.toArray() as Uint8Array;
    expect(Math.min(...p0)).toBeGreaterThanOrEqual(2); // HK and the Weli are Perlaggen
    const redeals = t.getChild('redeals')!.toArray() as Uint32Array;
    expect(redeals.reduce((a, b) => a + b, 0)).toBe(r.rejected);
  });
});
