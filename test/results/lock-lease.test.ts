// The output folder's lock is a lease (issue 29): a lock left by a process of another host (a Kubernetes pod
// that died) is taken over after one lease without a refresh, never blocking forever; a live holder keeps
// refreshing it, so it is never taken from a process that lives.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE, lockLeaseMs, takeLock } from '../../src/results/run-folder.ts';
import { scratchDir } from '../scratch.js';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});
const folder = () => {
  const d = scratchDir('lease');
  made.push(d);
  return d;
};
const ago = (path: string, ms: number) => utimesSync(path, new Date(Date.now() - ms), new Date(Date.now() - ms));
const owner = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as { pid: number; host: string };

describe('the lock of a vanished host', () => {
  it('is taken over after one lease without a refresh, with a note', () => {
    const dir = folder();
    const lock = join(dir, LOCK_FILE);
    writeFileSync(lock, JSON.stringify({ pid: 7, host: 'perlagg-shards-0-abcde', start: '123', since: '2026-12-01T00:00:00.000Z' }));
    const notes: string[] = [];
    const held = takeLock(dir, '--out', { leaseMs: 300, note: (l) => notes.push(l) });
    expect(owner(lock)).toMatchObject({ pid: process.pid, host: hostname() });
    expect(notes[0]).toMatch(/locked by process 7 on perlagg-shards-0-abcde .* taken over after 0\.3 s without a refresh/);
    expect(notes[1]).toMatch(/took over the lock of .*: process 7 on perlagg-shards-0-abcde showed no sign of life/);
    held.release();
    expect(existsSync(lock)).toBe(false);
  });

  it('is taken over at once when its last refresh is long past (two leases and a minute for clock skew)', () => {
    const dir = folder();
    const lock = join(dir, LOCK_FILE);
    writeFileSync(lock, JSON.stringify({ pid: 7, host: 'gone-node', start: null, since: 'then' }));
    ago(lock, 3_600_000);
    const notes: string[] = [];
    const held = takeLock(dir, '--out', { leaseMs: 60_000, note: (l) => notes.push(l) });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/took over .* process 7 on gone-node showed no sign of life for 3600 s/);
    held.release();
  });

  it('a live process of this host, the same one by its start time, keeps its lock however long it went unrefreshed', () => {
    const dir = folder();
    const lock = join(dir, LOCK_FILE);
    const stat = readFileSync(`/proc/${process.pid}/stat`, 'utf8');
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), start, since: 'then' }));
    expect(() => takeLock(dir, '--out', { leaseMs: 60_000, note: () => {} })).toThrow(new RegExp(`is in use by process ${process.pid} \\(since then\\)`));
    // its refresh thread starved on a busy machine: still its lock
    ago(lock, 130_000);
    expect(() => takeLock(dir, '--out', { leaseMs: 60_000, note: () => {} })).toThrow(new RegExp(`is in use by process ${process.pid} \\(since then\\)`));
  });

  it('a live pid of this host whose start time was not recorded (perhaps reused) is taken over after two leases without a refresh', () => {
    const dir = folder();
    const lock = join(dir, LOCK_FILE);
    writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), start: null, since: 'then' }));
    expect(() => takeLock(dir, '--out', { leaseMs: 60_000, note: () => {} })).toThrow(new RegExp(`is in use by process ${process.pid} \\(since then\\)`));
    ago(lock, 130_000);
    takeLock(dir, '--out', { leaseMs: 60_000, note: () => {} }).release();
  });
});

describe('a live holder', () => {
  it('refreshes its lock while it holds it', async () => {
    const dir = folder();
    const lock = join(dir, LOCK_FILE);
    const held = takeLock(dir, '--out', { leaseMs: 300 });
    ago(lock, 3_600_000);
    const old = statSync(lock).mtimeMs;
    // no deadline: a holder that never refreshes leaves this loop to the suite's limit
    while (statSync(lock).mtimeMs === old) await new Promise((r) => setTimeout(r, 25));
    expect(statSync(lock).mtimeMs).toBeGreaterThan(old + 3_000_000);
    held.release();
    expect(existsSync(lock)).toBe(false);
  });

  it('on another host keeps its lock: a taker that sees it refreshed is refused, naming it', async () => {
    const dir = folder();
    const lock = join(dir, LOCK_FILE);
    // another host's holder: a process that writes the lock under a foreign host name and refreshes it
    const script = `const fs=require('fs');fs.writeFileSync(${JSON.stringify(lock)},JSON.stringify({pid:process.pid,host:'live-host',start:null,since:'now'}));console.log('ready');setInterval(()=>{const t=new Date();fs.utimesSync(${JSON.stringify(lock)},t,t)},40);setTimeout(()=>process.exit(0),60000);`;
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      expect(() => takeLock(dir, '--out', { leaseMs: 2000, note: () => {} })).toThrow(new RegExp(`is in use by process ${child.pid} on live-host .*being refreshed`));
      expect(owner(lock).host).toBe('live-host');
    } finally {
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
    }
  });
});

describe('PERLAGG_LOCK_LEASE', () => {
  it('sets the lease in seconds; anything else is refused in one line', () => {
    expect(lockLeaseMs({})).toBe(30_000);
    expect(lockLeaseMs({ PERLAGG_LOCK_LEASE: '90' })).toBe(90_000);
    expect(lockLeaseMs({ PERLAGG_LOCK_LEASE: '0.5' })).toBe(500);
    for (const bad of ['soon', '-1', '0', '1e9']) expect(() => lockLeaseMs({ PERLAGG_LOCK_LEASE: bad })).toThrow(/PERLAGG_LOCK_LEASE=.*: give the lock's lease in seconds/);
  });
});
