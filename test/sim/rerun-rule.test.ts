// The rerun rule (issue 29): a scheduler's retry or requeue is always safe. The same command with the same
// settings into a finished folder succeeds and leaves it byte-identical; into an unfinished folder it resumes
// (without --resume); a lock left by a pod that is gone is taken over after its lease; a shard with no deals
// writes an empty, valid result and exits 0; the merge is idempotent.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeShards } from '../../src/results/merge.ts';
import { LOCK_FILE } from '../../src/results/run-folder.ts';
import { readRunManifest } from '../../src/results/run-manifest.ts';
import type { SimSpec } from '../../src/sim/job.ts';
import { runSimulation, type RunOptions } from '../../src/runner/runner.ts';
import { runLeague, type LeagueOptions } from '../../src/league/league.ts';
import { perlaggStreams } from '../in-process.ts';
import { scratchDir } from '../scratch.js';

const ROOT = join(import.meta.dirname, '..', '..');

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});
const tmp = () => {
  const d = scratchDir('rerun');
  made.push(d);
  return d;
};
const SPEC: SimSpec = { mode: 'figures', ruleset: 'oberland', players: 4, policies: [], seed: 29, constraints: { hands: {}, trump: null, predicate: null } };
const base = (over: Partial<RunOptions>): RunOptions => ({ spec: SPEC, deals: 3000, batchSize: 1000, workers: 0, out: null, resume: false, shard: null, untilCi: null, timeBudgetMs: null, ...over });
/** Every file under `dir` with its bytes (base64), sorted by path. */
const snapshot = (dir: string) =>
  readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => statSync(join(dir, f)).isFile())
    .sort()
    .map((f) => [f, readFileSync(join(dir, f)).toString('base64')]);

describe('the rerun rule in the runner', () => {
  it('a pod retried after dying mid-run: the dead pod\'s lock is taken over after the lease and the run resumes without --resume, byte-identical', async () => {
    const dir = tmp();
    const whole = join(dir, 'whole');
    await runSimulation(base({ out: whole }));
    const out = join(dir, 'shard');
    const abort = new AbortController();
    let n = 0;
    const cut = await runSimulation(base({ out, signal: abort.signal, onProgress: () => { if (++n === 1) abort.abort(); } }));
    expect(cut.stoppedBy).toBe('interrupted');
    // what a pod killed by the node leaves: its lock, naming its own host name and pid
    writeFileSync(join(out, LOCK_FILE), JSON.stringify({ pid: 1, host: 'perlagg-shards-0-abcde', start: '42', since: '2026-12-05T08:00:00.000Z' }));
    const saved = process.env['PERLAGG_LOCK_LEASE'];
    process.env['PERLAGG_LOCK_LEASE'] = '0.3';
    const notes: string[] = [];
    try {
      const r = await runSimulation(base({ out, onNote: (l) => notes.push(l) }));
      expect(r.dealsDone).toBe(3000);
      expect(r.resumedFrom).toBe(1000);
    } finally {
      if (saved === undefined) delete process.env['PERLAGG_LOCK_LEASE'];
      else process.env['PERLAGG_LOCK_LEASE'] = saved;
    }
    expect(notes.join('\n')).toMatch(/took over the lock .* process 1 on perlagg-shards-0-abcde/);
    expect(readFileSync(join(out, 'deals.arrow')).equals(readFileSync(join(whole, 'deals.arrow')))).toBe(true);
    expect(readdirSync(out)).not.toContain(LOCK_FILE);
  });

  it('a finished folder: the same settings succeed and leave every byte; other settings or another command are refused by name', async () => {
    const out = join(tmp(), 'run');
    await runSimulation(base({ out }));
    const before = snapshot(out);
    const notes: string[] = [];
    const again = await runSimulation(base({ out, workers: 2, onNote: (l) => notes.push(l) }));
    expect(again.dealsDone).toBe(3000);
    expect(again.stoppedBy).toBe('deals');
    expect(again.files).toEqual([join(out, 'deals.arrow')]);
    expect(notes).toEqual([`${out} already holds this run, complete (the same settings and code): nothing to do, its files are left as they are`]);
    expect((await runSimulation(base({ out, resume: true }))).dealsDone).toBe(3000);
    expect(snapshot(out)).toEqual(before);
    await expect(runSimulation(base({ out, spec: { ...SPEC, seed: 30 } }))).rejects.toThrow(/the settings differ from the run in .* in "seed"/);
    await expect(runSimulation(base({ out, deals: 4000 }))).rejects.toThrow(/in "deals"/);
    // a damaged table is not passed off as the finished run
    const f = join(out, 'deals.arrow');
    const bytes = readFileSync(f);
    bytes[bytes.length >> 1] = bytes[bytes.length >> 1]! ^ 0xff;
    writeFileSync(f, bytes);
    await expect(runSimulation(base({ out }))).rejects.toThrow(/deals\.arrow does not match the sha256 and size in its manifest/);
  });
});

describe('shards with no deals, and the merge rerun', () => {
  it('4 shards of 3 batches: the empty shard completes with an empty, valid table; the merge equals one run and is idempotent', async () => {
    const dir = tmp();
    const single = join(dir, 'single');
    await runSimulation(base({ out: single }));
    const shards: string[] = [];
    for (let k = 0; k < 4; k++) {
      const out = join(dir, 'run', `shard-${k}-of-4`);
      const r = await runSimulation(base({ out, shard: { index: k, count: 4 } }));
      expect(r.stoppedBy).toBe('deals');
      shards.push(out);
    }
    const empty = readRunManifest(shards[0]!, { requireSeal: true })!;
    expect(empty.complete).toBe(true);
    expect(empty.progress.dealsDone).toBe(0);
    const t = tableFromIPC(readFileSync(join(shards[0]!, 'deals.arrow')));
    expect(t.numRows).toBe(0);
    expect(t.schema.fields.map((f) => f.name)).toContain('deal');
    const merged = join(dir, 'run', 'merged');
    expect(mergeShards(shards, merged).already).toBeUndefined();
    expect(readFileSync(join(merged, 'deals.arrow')).equals(readFileSync(join(single, 'deals.arrow')))).toBe(true);
    const before = snapshot(merged);
    expect(mergeShards(shards, merged).already).toBe(true);
    expect(snapshot(merged)).toEqual(before);
    // the unsharded run's folder holds exactly what the merge writes (the same settings, batches and bytes) …
    expect(mergeShards(shards, single).already).toBe(true);
    // … another run's folder is refused by name
    const other = join(dir, 'other');
    await runSimulation(base({ out: other, spec: { ...SPEC, seed: 30 } }));
    expect(() => mergeShards(shards, other)).toThrow(/other already holds another run \(setting seed differs from the merge of these shards\)/);
  });

  it('perlagg simulate of an empty shard exits 0 (no charts, a note)', async () => {
    // the command line in this process (test/in-process.ts): no process of its own needed
    const out = join(tmp(), 'run');
    const r = await perlaggStreams(['simulate', '-n', '1000', '--batch-size', '500', '--shard', '0/4', '-w', '0', '-q', '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^0 deals/m);
    expect(r.stderr).toMatch(/holds no deals \(a shard with nothing to do\): no charts/);
  });
});

describe('the rerun rule in exact and league', () => {
  it('perlagg exact: the same settings into its own finished folder leave every byte; a damaged table is written afresh', async () => {
    // processes of their own: the table written afresh must equal the first byte for byte, and apache-arrow
    // numbers dictionaries from a counter of the process (a second table written in one process differs)
    const out = join(tmp(), 'exact');
    const exact = async () => {
      const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'perlagg.js'), 'exact', '-r', '1853', '-t', 'H', '--json', '--out', out], { cwd: ROOT, encoding: 'utf8' });
      return { code: r.status, stderr: r.stderr };
    };
    expect((await exact()).code).toBe(0);
    const before = snapshot(out);
    const again = await exact();
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/already holds this result \(the same settings and code, its table checked\): its files are left as they are/);
    expect(snapshot(out)).toEqual(before);
    const f = join(out, 'exact.arrow');
    const bytes = readFileSync(f);
    bytes[bytes.length >> 1] = bytes[bytes.length >> 1]! ^ 0xff;
    writeFileSync(f, bytes);
    expect((await exact()).code).toBe(0);
    expect(snapshot(out).find(([n]) => n === 'exact.arrow')).toEqual(before.find(([n]) => n === 'exact.arrow'));
  });

  it('perlagg league: a finished league rerun (with or without --resume) leaves every byte; an unfinished one resumes without --resume', async () => {
    const o = (out: string, over: Partial<LeagueOptions> = {}): LeagueOptions => ({ policies: ['random', 'passive', 'simple'], mode: 'hands', ruleset: 'oberland', players: 4, seed: 4, pairs: 16, replicates: 100, workers: 0, out, resume: false, batchSize: 8, ...over });
    const dir = tmp();
    const whole = join(dir, 'w');
    const ref = await runLeague(o(whole));
    const before = snapshot(whole);
    const notes: string[] = [];
    const again = await runLeague(o(whole, { onNote: (l) => notes.push(l) }));
    expect(notes).toEqual([`${whole} already holds this league, complete (the same settings): its files are left as they are`]);
    expect(again.massey.ratings).toEqual(ref.massey.ratings);
    expect(again.files).toEqual([join(whole, 'league.arrow')]);
    expect((await runLeague(o(whole, { resume: true }))).stoppedBy).toBe('done');
    expect(snapshot(whole)).toEqual(before);
    await expect(runLeague(o(whole, { seed: 5 }))).rejects.toThrow(/the settings differ from the league in .* in "seed"/);
    // a league cut after its first match: the same command (no --resume) finishes it, byte-identical
    const cut = join(dir, 'c');
    const abort = new AbortController();
    const first = await runLeague(o(cut, { signal: abort.signal, onMatch: (m) => { if (m.index === 1 && m.phase === 'start') setImmediate(() => abort.abort()); } }));
    expect(first.stoppedBy).toBe('interrupted');
    expect((await runLeague(o(cut))).stoppedBy).toBe('done');
    expect(readFileSync(join(cut, 'league.arrow')).equals(readFileSync(join(whole, 'league.arrow')))).toBe(true);
  });
});
