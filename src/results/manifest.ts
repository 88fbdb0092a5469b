// The manifest beside every table: everything needed to reproduce it (GUIDE guideline 10).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeFileAtomic } from './atomic-file.ts';
import { UsageError } from '../core/errors.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface CodeVersion {
  readonly package: string;
  /** git commit of the code that ran, with "-dirty" when the work tree had changes; "unknown" outside git. */
  readonly commit: string;
  readonly node: string;
  /** sha256 (first 16 hex) of every file in src/ and strategies/: tells code apart where git cannot (dirty trees, no git). */
  readonly sources?: string;
}

function sourcesHash(): string {
  const h = createHash('sha256');
  const walk = (rel: string): void => {
    const abs = join(ROOT, rel);
    if (!existsSync(abs)) return;
    for (const e of readdirSync(abs, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const r = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(r);
      else if (e.isFile()) h.update(`${r}\0`).update(readFileSync(join(ROOT, r))).update('\0');
    }
  };
  walk('src');
  walk('strategies');
  return h.digest('hex').slice(0, 16);
}

/** The first field in which two code versions differ ("code.commit", "code.sources" …), or null. */
export function codeDiff(a: CodeVersion, b: CodeVersion): string | null {
  for (const k of ['package', 'commit', 'sources'] as const) if (a[k] !== b[k]) return `code.${k}`;
  return null;
}

let cachedVersion: CodeVersion | null = null;
export function codeVersion(): CodeVersion {
  if (cachedVersion !== null) return cachedVersion;
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; commit?: unknown };
  let commit = 'unknown';
  // a built package (dist/package.json, scripts/build.mjs) records the commit it was built from: asking git
  // there would name the commit of whatever repository the package happens to be installed in
  if (typeof pkg.commit === 'string') commit = pkg.commit;
  else try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
    commit = head + (dirty.length > 0 ? '-dirty' : '');
  } catch {
    // not a git checkout
  }
  cachedVersion = { package: pkg.version, commit, node: process.version, sources: sourcesHash() };
  return cachedVersion;
}

export function sha256(bytes: Uint8Array | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export interface ManifestFile {
  readonly name: string;
  readonly rows: number;
  readonly bytes: number;
  readonly sha256: string;
}

/** The fields a manifest always has; commands add their own. */
export interface Manifest {
  readonly tool: 'perlagg';
  readonly command: string;
  /** The parameters that determine the result: a rerun with equal parameters gives equal tables. */
  readonly parameters: Readonly<Record<string, unknown>>;
  readonly code: CodeVersion;
  readonly files: readonly ManifestFile[];
  readonly created: string;
  readonly timings: Readonly<Record<string, number>>;
  readonly [extra: string]: unknown;
}

export class OutputError extends UsageError {
  override name = 'OutputError';
}

export function manifestPath(dir: string): string {
  return join(dir, 'manifest.json');
}

/** Read an existing manifest, or null when there is none. */
export function readManifest(dir: string): Manifest | null {
  const p = manifestPath(dir);
  if (!existsSync(p)) return null;
  try {
    return JSON.parse(readFileSync(p, 'utf8')) as Manifest;
  } catch {
    throw new OutputError(`${p} is not a readable manifest; choose another --out`);
  }
}

/** The first parameter whose value differs, or null when both describe the same result. */
export function differingParameter(a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): string | null {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const k of keys) if (JSON.stringify(a[k]) !== JSON.stringify(b[k])) return k;
  return null;
}

/**
 * Refuse to write into a folder that already holds a different result: nothing already written is lost.
 * The same command with the same parameters may rewrite it (the tables come out identical).
 */
export function checkOutputFolder(dir: string, command: string, parameters: Readonly<Record<string, unknown>>): void {
  const old = readManifest(dir);
  if (old === null) return;
  if (old.command !== command) throw new OutputError(`${dir} already holds the result of "perlagg ${old.command}"; choose another --out`);
  const field = differingParameter(old.parameters, parameters);
  if (field !== null) throw new OutputError(`${dir} already holds a result with a different ${field}; choose another --out`);
}

/** The seal of a manifest: sha256 of its JSON without the seal, so a reader refuses an edited or damaged one. */
export function manifestSeal(rest: object): string {
  return createHash('sha256').update(JSON.stringify(rest)).digest('hex');
}

/** Write the manifest atomically, sealed (its `seal` field: manifestSeal of the rest). */
export function writeManifest(dir: string, m: Manifest): void {
  const { seal: _old, ...rest } = m;
  writeFileAtomic(manifestPath(dir), JSON.stringify({ ...rest, seal: manifestSeal(rest) }, null, 2) + '\n');
}
