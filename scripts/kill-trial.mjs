#!/usr/bin/env node
// The kill -9 trial (issue 9): runs of `perlagg simulate` killed with SIGKILL at startup (before the first
// commit), mid-run and during the final conversion, then resumed (or, when nothing of the run exists yet,
// started again, as a user would); and `perlagg merge` killed midway, then run again. Every final output
// must equal the uninterrupted run's byte for byte, with a complete manifest and no temp or lock files.
//
//   node scripts/kill-trial.mjs [--kills 30] [--merge-kills 8] [--seed 1] [--dir /tmp/perlagg-kill-trial]
//
// Prints one line per kill and a summary; exits 1 if any run did not resume byte-identical.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'perlagg.js');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i < 0 ? dflt : process.argv[i + 1];
};
const KILLS = Number(arg('kills', 30));
const MERGE_KILLS = Number(arg('merge-kills', 8));
let rng = Number(arg('seed', 1)) >>> 0 || 1;
const random = () => ((rng = (Math.imul(rng, 1664525) + 1013904223) >>> 0) / 2 ** 32); // the trial's own schedule, seeded
const dir = arg('dir', mkdtempSync(join(tmpdir(), 'perlagg-kill-trial-')));

const CONFIGS = [
  { name: 'figures', args: ['simulate', '-r', '1853', '-s', '3', '-n', '400000', '--batch-size', '4000', '-q'], tables: ['deals'] },
  { name: 'hands', args: ['simulate', '--mode', 'hands', '-r', 'innsbruck', '-s', '4', '-n', '2000', '--batch-size', '50', '--policies', 'simple,random', '-q'], tables: ['hands'] },
  { name: 'partien', args: ['simulate', '-r', 'oberland', '-s', '5', '--partien', '96', '--batch-size', '4', '--policies', 'simple,passive', '-q'], tables: ['partien', 'hands'] },
];
const PHASES = ['startup', 'mid-run', 'conversion'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
function runSync(args) {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status, stderr: r.stderr.trim() };
}
function manifestOf(out) {
  try {
    return JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8'));
  } catch {
    return null;
  }
}
function stateOf(out) {
  if (!existsSync(out)) return 'no folder';
  const m = manifestOf(out);
  if (m === null) return `startup (${readdirSync(out).join(' ') || 'empty'})`;
  if (m.complete) return 'complete';
  if (m.progress.batchesDone === 0) return 'startup (manifest written, no batch committed)';
  if (m.finishing) return `conversion (${m.progress.batchesDone} batches, ${readdirSync(out).filter((f) => f.endsWith('.arrow') || f.includes('.tmp-')).join(' ') || 'no file yet'})`;
  return `mid-run (${m.progress.batchesDone} of ${m.progress.batchesTotal} batches)`;
}

/** Start a run and kill -9 it when `when(out)` says so (polled every 2 ms), or after `afterMs`. */
async function killed(args, out, { when = null, afterMs = null }) {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, stdio: 'ignore' });
  let done = false;
  const exited = new Promise((r) => child.once('exit', (code, signal) => ((done = true), r({ code, signal }))));
  const t0 = Date.now();
  for (;;) {
    if (done) break;
    if (afterMs !== null && Date.now() - t0 >= afterMs) break;
    if (when !== null && when(out)) break;
    await sleep(2);
  }
  const state = stateOf(out);
  child.kill('SIGKILL');
  const e = await exited;
  return { state, endedItself: e.signal !== 'SIGKILL', ms: Date.now() - t0 };
}

function sameOutput(out, ref, tables) {
  const m = manifestOf(out);
  if (m === null || !m.complete) return 'manifest not complete';
  const left = readdirSync(out).filter((f) => f.startsWith('.'));
  if (left.length > 0) return `left behind: ${left.join(' ')}`;
  for (const t of tables) {
    if (!readFileSync(join(out, `${t}.arrow`)).equals(readFileSync(join(ref, `${t}.arrow`)))) return `${t}.arrow differs`;
  }
  return null;
}

const results = [];
const t0 = Date.now();
console.log(`kill -9 trial in ${dir}: ${KILLS} kills of simulate, ${MERGE_KILLS} of merge`);
// references, and how long each run takes (to place startup kills)
const refs = {};
for (const c of CONFIGS) {
  const ref = join(dir, `ref-${c.name}`);
  const s = Date.now();
  const r = runSync([...c.args, '-w', '2', '--out', ref]);
  if (r.code !== 0) throw new Error(`reference ${c.name}: ${r.stderr}`);
  refs[c.name] = { ref, ms: Date.now() - s };
  console.log(`reference ${c.name}: ${refs[c.name].ms} ms`);
}

for (let k = 0; k < KILLS; k++) {
  const c = CONFIGS[k % CONFIGS.length];
  const phase = PHASES[Math.floor(k / CONFIGS.length) % PHASES.length];
  const workers = random() < 0.3 ? '0' : '2';
  const args = [...c.args, '-w', workers];
  const out = join(dir, `run-${k}`);
  let kill;
  if (phase === 'startup') {
    // before the first commit: a random moment from spawn until the manifest exists
    kill = await killed([...args, '--out', out], out, { when: (o) => existsSync(join(o, 'manifest.json')) && random() < 0.5 || existsSync(join(o, `${c.tables[0]}.arrows`)) && random() < 0.02, afterMs: Math.floor(random() * refs[c.name].ms * 0.6) });
  } else if (phase === 'mid-run') {
    const total = manifestOf(refs[c.name].ref).progress.batchesTotal;
    const at = 1 + Math.floor(random() * (total - 2));
    kill = await killed([...args, '--out', out], out, { when: (o) => (manifestOf(o)?.progress.batchesDone ?? 0) >= at });
  } else {
    const delay = random() * 150;
    let seen = 0;
    kill = await killed([...args, '--out', out], out, { when: (o) => { if (manifestOf(o)?.finishing) { seen ||= Date.now(); return Date.now() - seen >= delay; } return false; } });
  }
  // resume (or start again when there is no run to resume), until complete
  let attempts = 0;
  let last = null;
  while (attempts++ < 3 && manifestOf(out)?.complete !== true) {
    last = runSync([...args, '--out', out, ...(manifestOf(out) === null && !existsSync(join(out, `${c.tables[0]}.arrows`)) ? [] : ['--resume'])]);
    if (last.code !== 0) break;
  }
  const diff = sameOutput(out, refs[c.name].ref, c.tables);
  const ok = diff === null;
  results.push({ kind: 'simulate', phase: kill.state.split(' ')[0], ok, endedItself: kill.endedItself });
  console.log(`${String(k + 1).padStart(2)} ${c.name.padEnd(8)} -w ${workers} killed at ${kill.ms} ms in ${kill.state}${kill.endedItself ? ' (had ended itself)' : ''}: ${ok ? 'resumed byte-identical' : `FAILED: ${diff}${last && last.code !== 0 ? ` (exit ${last.code}: ${last.stderr})` : ''}`}`);
  rmSync(out, { recursive: true, force: true });
}

// merge: three shards of the hands run, merged; the merge killed midway and run again
const mc = CONFIGS[1];
const shardsDir = join(dir, 'shards');
for (let i = 0; i < 3; i++) {
  const r = runSync([...mc.args, '-w', '2', '--shard', `${i}/3`, '--out', shardsDir]);
  if (r.code !== 0) throw new Error(`shard ${i}: ${r.stderr}`);
}
const mref = join(dir, 'merged-ref');
const ms0 = Date.now();
const mr = runSync(['merge', shardsDir, '--out', mref]);
if (mr.code !== 0) throw new Error(`merge: ${mr.stderr}`);
const mergeMs = Date.now() - ms0;
if (!readFileSync(join(mref, 'hands.arrow')).equals(readFileSync(join(refs.hands.ref, 'hands.arrow')))) throw new Error('the merged reference differs from the unsharded run');
console.log(`reference merge: ${mergeMs} ms`);
// kill each merge once it is writing (a random moment after its output shows its first file); a merge that
// finished before the kill does not count, and another is tried in its place
for (let k = 0, tries = 0; k < MERGE_KILLS && tries < 3 * MERGE_KILLS; tries++) {
  const out = join(dir, `merged-${tries}`);
  const delay = random() * 400;
  let seen = 0;
  const kill = await killed(['merge', shardsDir, '--out', out], out, {
    when: (o) => {
      if (!seen && existsSync(o) && readdirSync(o).some((f) => f !== '.perlagg.lock')) seen = Date.now();
      return seen > 0 && Date.now() - seen >= delay;
    },
  });
  const during = !kill.endedItself && manifestOf(out)?.complete !== true;
  const again = manifestOf(out)?.complete === true ? { code: 0, stderr: '' } : runSync(['merge', shardsDir, '--out', out]);
  const diff = again.code !== 0 ? `exit ${again.code}: ${again.stderr}` : sameOutput(out, mref, ['hands']);
  const ok = diff === null;
  if (during) {
    k++;
    results.push({ kind: 'merge', phase: 'merge', ok, endedItself: false });
  }
  console.log(`M${tries + 1} merge killed at ${kill.ms} ms (${during ? kill.state.replace(/^startup \((.*)\)$/, 'writing: $1') : 'it had finished: not counted'}): ${ok ? 'merged again byte-identical' : `FAILED: ${diff}`}`);
  rmSync(out, { recursive: true, force: true });
}

const by = (f) => results.filter(f);
const line = (label, rs) => `${label}: ${rs.filter((r) => r.ok).length} of ${rs.length} byte-identical${rs.some((r) => r.endedItself) ? ` (${rs.filter((r) => r.endedItself).length} had ended before the kill)` : ''}`;
console.log('');
for (const p of ['no', 'startup', 'mid-run', 'conversion', 'complete']) {
  const rs = by((r) => r.kind === 'simulate' && r.phase === p);
  if (rs.length > 0) console.log(line(`simulate killed in ${p === 'no' ? 'startup (no folder yet)' : p}`, rs));
}
console.log(line('merge killed while writing', by((r) => r.kind === 'merge')));
console.log(line('all', results));
console.log(`${((Date.now() - t0) / 1000).toFixed(0)} s`);
process.exitCode = results.every((r) => r.ok) ? 0 : 1;
