// Guarding an output folder (issue 9, items 6-8): one writer at a time (a lock file naming its owner),
// and recognising what a crashed writer leaves behind — temp files of atomic writes, and the stream files
// of a run killed before its first manifest was written — so they can be cleared instead of blocking.
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, rmSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { RunError } from '../core/errors.ts';

export const LOCK_FILE = '.perlagg.lock';

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

function alive(o: Owner): boolean {
  if (o.host !== hostname()) return true; // another machine's process: cannot tell, so never steal its lock
  try {
    process.kill(o.pid, 0);
  } catch (e) {
    if ((e as { code?: string }).code === 'ESRCH') return false;
  }
  const start = processStart(o.pid);
  return o.start === null || start === null || start === o.start;
}

function readOwner(path: string): Owner | null {
  try {
    const o = JSON.parse(readFileSync(path, 'utf8')) as Owner;
    return typeof o.pid === 'number' && typeof o.host === 'string' ? o : null;
  } catch {
    return null;
  }
}

export interface FolderLock {
  readonly path: string;
  release(): void;
}

/**
 * Take the folder's lock: a file created exclusively, holding this process's pid, host and start time. A lock
 * whose owner is alive refuses at once (RunError naming the owner); a stale one (its process is gone) is
 * replaced.
 */
export function takeLock(dir: string, option = '--out'): FolderLock {
  const path = join(dir, LOCK_FILE);
  const me: Owner = { pid: process.pid, host: hostname(), start: processStart(process.pid), since: new Date().toISOString() };
  for (let attempt = 0; attempt < 5; attempt++) {
    let fd: number;
    try {
      fd = openSync(path, 'wx');
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code !== 'EEXIST') throw new RunError(`${option} ${dir}: cannot create the lock file ${LOCK_FILE}: ${code ?? String(e)}`);
      const owner = readOwner(path);
      if (owner !== null && alive(owner)) {
        throw new RunError(`${option} ${dir} is in use by process ${owner.pid}${owner.host === me.host ? '' : ` on ${owner.host}`} (since ${owner.since}); wait for it to end, or choose another ${option}`);
      }
      if (owner === null && attempt < 2) {
        // being written this instant by another process, or left unreadable: look again shortly
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
        continue;
      }
      rmSync(path, { force: true }); // stale: its process is gone
      continue;
    }
    try {
      writeSync(fd, JSON.stringify(me));
    } finally {
      closeSync(fd);
    }
    return {
      path,
      release: () => {
        if (readOwner(path)?.pid === me.pid) rmSync(path, { force: true });
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
