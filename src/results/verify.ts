// Every reader checks what it reads (issue 29, item 6): before `perlagg plot` (or any command that reads a
// finished folder) believes a manifest and its tables, the manifest must match its seal and every table the
// sha256 and size (or, for a stream of an unfinished run, the committed position and batch checksums) the
// manifest records — the same checks `perlagg merge` and `--resume` make. A folder that fails is refused with
// a one-line OutputError (exit 2) naming the file; nothing is drawn from it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OutputError, manifestPath, manifestSeal, type ManifestFile } from './manifest.ts';
import { fileSha256, readRunManifest, type TableEntry } from './run-manifest.ts';
import { TornFileError, verifyStreamDigests } from './stream.ts';

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A run manifest (simulate, merge, tune, league): versioned, with tables and progress. */
function isRunManifest(m: Json): boolean {
  return m['formatVersion'] === 1 && isObject(m['tables']) && isObject(m['progress']);
}

function checkFile(dir: string, name: string, want: { sha256: unknown; bytes: unknown }): void {
  const path = join(dir, name);
  if (!existsSync(path)) throw new OutputError(`${path} is missing (its manifest lists it); the folder cannot be trusted`);
  const h = fileSha256(path);
  if (h.sha256 !== want.sha256 || h.bytes !== want.bytes) {
    throw new OutputError(`${path} does not match the sha256 and size in its manifest (${h.bytes} bytes, ${typeof want.bytes === 'number' ? want.bytes : '?'} recorded): it was changed, cut or damaged; it cannot be trusted`);
  }
}

/** A run's tables: each Arrow file against its sha256 and size, each stream against its committed batches. */
function verifyRunTables(dir: string, tables: Readonly<Record<string, TableEntry>>, files: readonly ManifestFile[]): void {
  for (const name of Object.keys(tables).sort()) {
    const entry = tables[name] as TableEntry & { sha256?: unknown; bytes?: unknown; batchSha256?: unknown };
    const listed = files.find((f) => f.name === entry.file);
    if (typeof entry.sha256 === 'string') checkFile(dir, entry.file, { sha256: entry.sha256, bytes: entry.bytes });
    else if (listed !== undefined) checkFile(dir, entry.file, listed);
    else {
      // the stream of a run still in progress (or interrupted): its committed batches and their checksums
      const path = join(dir, entry.file);
      if (!existsSync(path)) throw new OutputError(`${path} is missing (its manifest lists it); the folder cannot be trusted`);
      if (!entry.file.endsWith('.arrows') || !Array.isArray(entry.batchSha256)) throw new OutputError(`${dir}/manifest.json has no checksum for ${entry.file}; it cannot be checked`);
      const digests = entry.batchSha256 as string[];
      try {
        verifyStreamDigests(path, { ...entry.committed, complete: false }, digests);
      } catch (e) {
        // a stream its writer finished (end-of-stream marker committed) while the run was finishing
        if (!(e instanceof TornFileError && /ends with an end-of-stream marker/.test(e.message))) throw e;
        verifyStreamDigests(path, { ...entry.committed, complete: true }, digests);
      }
    }
  }
  for (const f of files) if (existsSync(join(dir, f.name))) checkFile(dir, f.name, f);
}

/**
 * The manifest of the result folder `dir`, checked: a run manifest against its seal (required) and its
 * tables; a result manifest (perlagg exact) against its seal and the files it lists. OutputError otherwise.
 */
export function verifyResultFolder(dir: string): Json {
  const p = manifestPath(dir);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(p, 'utf8'));
  } catch {
    throw new OutputError(`${p} is not readable JSON`);
  }
  if (!isObject(raw) || raw['tool'] !== 'perlagg' || typeof raw['command'] !== 'string') throw new OutputError(`${p} is not a perlagg manifest`);
  if (isRunManifest(raw)) {
    const m = readRunManifest(dir, { requireSeal: true })!;
    verifyRunTables(dir, m.tables, Array.isArray(m.files) ? m.files : []);
    return m as unknown as Json;
  }
  const { seal, ...rest } = raw;
  if (seal === undefined) throw new OutputError(`${p} has no seal (the checksum of its content): written by an older perlagg or by hand, it cannot be trusted; run the command again`);
  if (seal !== manifestSeal(rest)) throw new OutputError(`${p} does not match its seal: it was edited or damaged; it cannot be trusted`);
  const files = Array.isArray(rest['files']) ? (rest['files'] as ManifestFile[]) : [];
  for (const f of files) {
    if (!isObject(f) || typeof f.name !== 'string' || /[/\\]/.test(f.name)) throw new OutputError(`${p} lists a file it cannot name`);
    checkFile(dir, f.name, f);
  }
  return rest;
}
