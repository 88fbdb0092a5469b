// The manifest of a run in progress (`manifest.json` beside the stream files in the --out folder). It is
// rewritten atomically (temp, fsync, rename) after every committed batch: it is the commit record. A data
// file's bytes beyond its `committed.bytes` are not part of the result (GUIDE §2 "Crash and resume").
//
// Life of a run folder:
//   running   tables[t].file = "<t>.arrows" (Arrow IPC stream), committed = last appended position,
//             complete = false
//   finishing every writer's finish() (end-of-stream marker), then finalizeRun(): "<t>.arrow" (Arrow IPC
//             file, converted batch by batch) and `files` (name, rows, bytes, sha256 of every data file),
//             complete = true
// (The simulate runner instead converts each stream to "<t>.arrow", deletes the stream and points
// tables[t].file at the Arrow file; mergeShards handles both layouts.)
// A shard's settings have `shard: { index, count }` (null when unsharded) and the manifest a `dealRange`;
// mergeShards (merge.ts) writes what one unsharded run would.
import { closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { writeFileAtomic } from './atomic-file.ts';
import { OutputError, manifestPath, type CodeVersion, type ManifestFile } from './manifest.ts';
import { readStreamBatches } from './stream.ts';
import type { Committed } from './committed.ts';
import { streamToFile } from './ipc-file.ts';

export interface TableEntry {
  /** The stream file, relative to the run folder. */
  file: string;
  columns: string[];
  committed: Committed;
}

/** Which part of a sharded run a folder holds: `settings.shard` is this, null for an unsharded run. */
export interface ShardSetting {
  index: number;
  count: number;
}

export interface RunManifest {
  tool: 'perlagg';
  command: string;
  formatVersion: 1;
  /** Everything that determines the result; a resume must match it exactly. */
  settings: Record<string, unknown>;
  /** One entry per table (e.g. hands, partien). */
  tables: Record<string, TableEntry>;
  /** Deal ranges done, e.g. next batch index to run. */
  progress: { batchesDone: number; batchesTotal: number | null; dealsDone: number };
  complete: boolean;
  code: CodeVersion;
  created: string;
  updated: string;
  timings: Record<string, number>;
  /** The deals this folder covers, [start, end); end null for a run without a fixed deal count. */
  dealRange?: { start: number; end: number | null };
  /** Set by finalizeRun: every data file of the folder with its rows, bytes and sha256. */
  files?: ManifestFile[];
  [extra: string]: unknown;
}

/** The seal of a manifest: sha256 of its JSON (without the seal), so an edited or damaged one is refused. */
function sealOf(rest: object): string {
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex');
}

/** Write the manifest atomically, sealed (its `seal` field: the sha256 of the rest). */
export function writeRunManifest(dir: string, m: RunManifest): void {
  const { seal: _old, ...rest } = m;
  writeFileAtomic(manifestPath(dir), JSON.stringify({ ...rest, seal: sealOf(rest) }, null, 2) + '\n');
}

/**
 * The run manifest in `dir` (its seal checked and removed), or null when there is none; OutputError when it is
 * unreadable, not a run's, or does not match its seal (or, with requireSeal, has none).
 */
export function readRunManifest(dir: string, opts: { readonly requireSeal?: boolean } = {}): RunManifest | null {
  const p = manifestPath(dir);
  if (!existsSync(p)) return null;
  let m: unknown;
  try {
    m = JSON.parse(readFileSync(p, 'utf8'));
  } catch {
    throw new OutputError(`${p} is not readable JSON; choose another --out`);
  }
  const r = m as Partial<RunManifest> | null;
  if (r === null || typeof r !== 'object' || r.tool !== 'perlagg' || typeof r.command !== 'string') {
    throw new OutputError(`${p} is not a perlagg manifest; choose another --out`);
  }
  if (r.formatVersion !== 1 || typeof r.settings !== 'object' || typeof r.tables !== 'object' || typeof r.progress !== 'object' || typeof r.complete !== 'boolean') {
    throw new OutputError(`${p} is not a run manifest of format version 1 (from "perlagg ${r.command}"); choose another --out`);
  }
  const { seal, ...rest } = r as RunManifest;
  if (seal === undefined) {
    if (opts.requireSeal === true) throw new OutputError(`${p} has no seal (the checksum of its content): written by an older perlagg or by hand, it cannot be trusted`);
  } else if (seal !== sealOf(rest)) {
    throw new OutputError(`${p} does not match its seal: it was edited or damaged (batchesDone, dealsDone, metrics …); it cannot be trusted`);
  }
  return rest as RunManifest;
}

function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x);
}

function firstDiff(a: unknown, b: unknown, path: string): string | null {
  const here = path === '' ? '(settings)' : path;
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
    for (const k of keys) {
      const d = firstDiff(a[k], b[k], path === '' ? k : `${path}.${k}`);
      if (d !== null) return d;
    }
    return null;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return here;
    for (let i = 0; i < a.length; i++) {
      const d = firstDiff(a[i], b[i], `${path}.${i}`);
      if (d !== null) return d;
    }
    return null;
  }
  return JSON.stringify(a) === JSON.stringify(b) ? null : here;
}

/** The first settings field (dotted path, deep, keys in sorted order) whose value differs, or null. */
export function settingsDiff(a: Record<string, unknown>, b: Record<string, unknown>): string | null {
  return firstDiff(a, b, '');
}

/**
 * For `--resume`: the manifest of the run in `dir` when it is the same command with exactly these settings;
 * null when there is none; OutputError naming the first differing field otherwise.
 */
export function checkResume(dir: string, command: string, settings: Record<string, unknown>): RunManifest | null {
  const m = readRunManifest(dir);
  if (m === null) return null;
  if (m.command !== command) throw new OutputError(`${dir} holds a run of "perlagg ${m.command}", not "perlagg ${command}"; cannot resume`);
  const field = settingsDiff(m.settings, settings);
  if (field !== null) throw new OutputError(`${dir} was run with a different ${field}; cannot resume (use the same settings or another --out)`);
  return m;
}

/** "hands.arrows" → "hands.arrow": the file-format twin of a stream file. */
export function finalFileName(streamFile: string): string {
  return `${streamFile.replace(/\.arrows$/, '')}.arrow`;
}

/** sha256 of a file, read in chunks. */
export function fileSha256(path: string): { sha256: string; bytes: number } {
  const h = createHash('sha256');
  const fd = openSync(path, 'r');
  const buf = Buffer.allocUnsafe(1 << 20);
  let bytes = 0;
  try {
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      h.update(buf.subarray(0, n));
      bytes += n;
    }
  } finally {
    closeSync(fd);
  }
  return { sha256: h.digest('hex'), bytes };
}

/**
 * Finish a run folder whose streams are all finished (each `committed` includes the end-of-stream marker):
 * check every stream against its committed position, convert it to the Arrow file format, list every data
 * file with rows, bytes and sha256, set complete, write the manifest, and return it. Safe to repeat after a
 * crash (every write is atomic).
 */
export function finalizeRun(dir: string, m: RunManifest): RunManifest {
  const files: ManifestFile[] = [];
  for (const name of Object.keys(m.tables).sort()) {
    const t = m.tables[name]!;
    const src = join(dir, t.file);
    // the framing check runs on the call; the conversion below re-reads batch by batch
    readStreamBatches(src, { ...t.committed, complete: true });
    const final = finalFileName(t.file);
    const { rows } = streamToFile(src, join(dir, final));
    const s = fileSha256(src);
    const f = fileSha256(join(dir, final));
    files.push({ name: t.file, rows: t.committed.rows, bytes: s.bytes, sha256: s.sha256 });
    files.push({ name: final, rows, bytes: f.bytes, sha256: f.sha256 });
  }
  const done: RunManifest = { ...m, files, complete: true };
  writeRunManifest(dir, done);
  return done;
}
