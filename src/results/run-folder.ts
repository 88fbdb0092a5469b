// Guarding an output folder (issue 9, items 6-8): one writer at a time (a lock file naming its owner),
// and recognising what a crashed writer leaves behind — temp files of atomic writes, and the stream files
// of a run killed before its first manifest was written — so they can be cleared instead of blocking.
//
// The lock is a lease (issue 29): its holder refreshes the file's modification time every lease/6 from a
// small thread of its own (so a busy main thread cannot miss a refresh). A lock of this host is stale when
// its process is gone (pid and start time); a lock of another host — a Kubernetes pod that died, a node
// that crashed — cannot be asked, so it is stale when it shows no refresh: at once when its last refresh is
// older than two leases plus a minute for clock skew, otherwise after watching it for one lease by our own
// clock without seeing it refreshed. A retried pod therefore waits at most one lease, never forever.
import { closeSync, existsSync, fstatSync, mkdirSync, openSync, readFileSync, readSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { RunError } from '../core/errors.ts';

export const LOCK_FILE = '.perlagg.lock';
/** The environment variable that sets the lease in seconds (default 30). */
export const LOCK_LEASE_ENV = 'PERLAGG_LOCK_LEASE';
export const DEFAULT_LOCK_LEASE_MS = 30_000;
/** Allowance for the clocks of two hosts disagreeing, when a remote lock's refresh time is read. */
const SKEW_MS = 60_000;

interface Owner {
  readonly pid: number;
  readonly host: string;
  /** The process's start time (Linux: /proc/<pid>/stat field 22), to tell a reused pid; null elsewhere. */
  readonly start: string | null;
  readonly since: string;
}

function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** A process of this host is alive (pid and start time); another host's cannot be asked (null). */
function aliveHere(o: Owner): boolean | null {
  if (o.host !== hostname()) return null;
  try {
    process.kill(o.pid, 0);
  } catch (e) {
    if ((e as { code?: string }).code === 'ESRCH') return false;
  }
  const start = processStart(o.pid);
  return o.start === null || start === null || start === o.start;
}

function parseOwner(text: string): Owner | null {
  try {
    const o = JSON.parse(text) as Owner;
    return typeof o.pid === 'number' && typeof o.host === 'string' ? o : null;
  } catch {
    return null;
  }
}

/** The lock as it is now: its text and modification time (opened, so a network file system revalidates), or null if gone. */
function look(path: string): { text: string; mtimeMs: number } | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    const buf = Buffer.alloc(Math.min(st.size, 65536));
    const n = st.size === 0 ? 0 : readSync(fd, buf, 0, buf.length, 0);
    return { text: buf.subarray(0, n).toString('utf8'), mtimeMs: st.mtimeMs };
  } finally {
    closeSync(fd);
  }
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The lease from PERLAGG_LOCK_LEASE (seconds; decimals allowed), else 30 s. */
export function lockLeaseMs(env: NodeJS.ProcessEnv = process.env): number {
  const v = env[LOCK_LEASE_ENV];
  if (v === undefined || v.trim() === '') return DEFAULT_LOCK_LEASE_MS;
  const s = /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v.trim()) : NaN;
  if (!(s >= 0.05 && s <= 86_400)) throw new RunError(`${LOCK_LEASE_ENV}=${v}: give the lock's lease in seconds, from 0.05 to 86400 (default 30)`);
  return Math.round(s * 1000);
}

// The refresher: a thread that touches the lock while it still holds our text (a lock taken over is left alone).
const REFRESHER = `
const { workerData } = require('node:worker_threads');
const fs = require('node:fs');
const timer = setInterval(() => {
  try {
    if (fs.readFileSync(workerData.path, 'utf8') !== workerData.text) return clearInterval(timer);
    const now = new Date();
    fs.utimesSync(workerData.path, now, now);
  } catch {
    clearInterval(timer);
  }
}, workerData.everyMs);
`;

export interface FolderLock {
  readonly path: string;
  release(): void;
}

export interface LockOptions {
  /** The lease (default: PERLAGG_LOCK_LEASE, else 30 s). */
  readonly leaseMs?: number;
  /** A line worth telling the user (waiting for a remote lock, taking over a stale one); default: stderr. */
  readonly note?: (line: string) => void;
}

/**
 * Take the folder's lock: a file created exclusively, holding this process's pid, host and start time, and
 * refreshed (its modification time) every lease/6 while held. A live owner's lock refuses (RunError naming
 * the owner); a stale one (its process gone, or another host's lock not refreshed: see the top of this
 * file) is taken over, with a note.
 */
export function takeLock(dir: string, option = '--out', opts: LockOptions = {}): FolderLock {
  const path = join(dir, LOCK_FILE);
  const leaseMs = opts.leaseMs ?? lockLeaseMs();
  const note = opts.note ?? ((line: string) => process.stderr.write(`perlagg: note: ${line}\n`));
  const me: Owner = { pid: process.pid, host: hostname(), start: processStart(process.pid), since: new Date().toISOString() };
  const text = JSON.stringify(me);
  const inUse = (o: Owner, extra = '') => new RunError(`${option} ${dir} is in use by process ${o.pid}${o.host === me.host ? '' : ` on ${o.host}`} (since ${o.since}${extra}); wait for it to end, or choose another ${option}`);
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code !== 'EEXIST') throw new RunError(`${option} ${dir}: cannot create the lock file ${LOCK_FILE}: ${code ?? String(e)}`);
      const seen = look(path);
      if (seen === null) continue; // released this instant
      const owner = parseOwner(seen.text);
      if (owner === null && attempt < 2) {
        // being written this instant by another process, or left unreadable: look again shortly
        sleep(100);
        continue;
      }
      const quiet = Date.now() - seen.mtimeMs;
      if (owner !== null) {
        const here = aliveHere(owner);
        // this host's process, alive, and the same one (its start time read and equal): never taken over, however
        // long its refresh thread was starved on a busy machine; only when the start time cannot be read (a pid
        // perhaps reused) does a lock unrefreshed for two leases count as stale
        const same = here === true && owner.start !== null && processStart(owner.pid) === owner.start;
        if (same || (here === true && quiet <= 2 * leaseMs)) throw inUse(owner);
        if (here === null && quiet <= 2 * leaseMs + SKEW_MS) {
          // another host's process: watch the lock for one lease; a refresh means its owner lives
          note(`${dir} is locked by process ${owner.pid} on ${owner.host} (refreshed ${Math.max(0, Math.round(quiet / 1000))} s ago); if that host or pod is gone, the lock is taken over after ${leaseMs / 1000} s without a refresh (${LOCK_LEASE_ENV})`);
          const t0 = performance.now();
          let now: { text: string; mtimeMs: number } | null = seen;
          while (performance.now() - t0 < leaseMs) {
            sleep(Math.max(10, Math.min(1000, leaseMs / 10)));
            now = look(path);
            if (now === null || now.text !== seen.text || now.mtimeMs !== seen.mtimeMs) break;
          }
          if (now === null) continue; // released while we watched
          if (now.text !== seen.text || now.mtimeMs !== seen.mtimeMs) {
            const o = parseOwner(now.text);
            throw inUse(o ?? owner, '; its lock is being refreshed');
          }
        }
        // (a dead process of this host is replaced silently, as it always was)
        if (here !== false) note(`took over the lock of ${dir}: process ${owner.pid}${here === null ? ` on ${owner.host}` : ''} showed no sign of life for ${Math.round(Math.max(Date.now() - seen.mtimeMs, leaseMs) / 1000)} s (it took the lock at ${owner.since})`);
      }
      // stale: remove it unless it changed since we judged it
      if (look(path)?.text === seen.text) rmSync(path, { force: true });
      continue;
    }
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    let refresher: Worker | null = null;
    try {
      refresher = new Worker(REFRESHER, { eval: true, workerData: { path, text, everyMs: Math.max(10, Math.floor(leaseMs / 6)) }, execArgv: [] });
      refresher.unref();
      refresher.on('error', () => {}); // a refresher that cannot run only shortens the lease of this lock for other hosts
    } catch {
      refresher = null;
    }
    return {
      path,
      release: () => {
        if (refresher !== null) void refresher.terminate();
        refresher = null;
        if (look(path)?.text === text) rmSync(path, { force: true });
      },
    };
  }
  throw new RunError(`${option} ${dir}: could not take its lock file ${LOCK_FILE}; remove it if no perlagg process uses the folder`);
}

/** A temp file of an atomic write (arrow-file.ts, stream.ts): ".<name>.tmp-<pid>". */
export function isTempFile(name: string): boolean {
  return /^\..+\.tmp-\d+$/.test(name);
}

/** Remove the temp files crashed writers left in `dir` (the caller holds the lock); returns their names. */
export function removeTempFiles(dir: string): string[] {
  const gone = readdirSync(dir).filter(isTempFile);
  for (const f of gone) rmSync(join(dir, f), { force: true });
  return gone;
}

/**
 * With no manifest in `dir`: the entries a writer killed before its first commit leaves (`ours`: the data
 * files it creates, plus temp files), or null when the folder holds anything else. The lock is not listed.
 */
export function uncommittedLeftovers(dir: string, ours: readonly string[]): string[] | null {
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir).filter((n) => n !== LOCK_FILE);
  return names.every((n) => ours.includes(n) || isTempFile(n)) ? names : null;
}

/**
 * mkdir -p, one level at a time (node's recursive mkdirSync never returns under /proc). Throws the first
 * level's error (EACCES, ENOENT, EROFS …).
 */
export function makeFolder(dir: string): void {
  const abs = resolve(dir);
  const missing: string[] = [];
  for (let d = abs; !existsSync(d); d = dirname(d)) {
    missing.push(d);
    if (dirname(d) === d) break;
  }
  for (const d of missing.reverse()) mkdirSync(d);
}
