// Merging the folders of a sharded run into what one unsharded run writes (GUIDE §2 "Worker-count
// invariance": 3 shards run apart and merged must be bit-identical to one run).
//
// Shards follow the run conventions: `settings.shard = { index, count }` (null in an unsharded run) and
// `dealRange = { start, end }`. Two folder layouts are understood, per table:
//  - stream kept (finalizeRun): tables[t].file is the stream. Every batch in a stream carries its own
//    dictionaries (stream.ts), so the shards' batches copied byte for byte after one schema message, then the
//    end-of-stream marker, are exactly the stream an unsharded run writes; finalizeRun derives the rest.
//  - Arrow file only (the simulate runner deletes its streams): tables[t].file is the Arrow file. The merged
//    file is written from the shards' batches by the same function that converts a stream (its bytes depend
//    only on the schema and the batches' values), and the committed stream position an unsharded run would
//    have recorded is recomputed from the batches (each shard's is checked the same way).
import { closeSync, existsSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { makeFolder, takeLock, uncommittedLeftovers } from './run-folder.ts';
import { io, writeErrorText } from './io.ts';
import { join } from 'node:path';
import { writeAll, writeAtomically } from './atomic-file.ts';
import { OutputError, codeDiff } from './manifest.ts';
import { fileSha256, finalFileName, finalizeRun, readRunManifest, settingsDiff, writeRunManifest, type RunManifest, type TableEntry } from './run-manifest.ts';
import { batchDigest, verifyStreamDigests, readStreamBatches, readStreamSchema, type Committed } from './stream.ts';
import { arrowFileSource, batchesToFile, ipcKind, streamBatchBytes, streamSchemaBytes, type BatchSource } from './ipc-file.ts';
import { RunFailure } from '../core/errors.ts';

export interface MergeOptions {
  /**
   * How to combine a manifest field that is not one of the run fields (e.g. metrics) over the shards, in
   * shard order. Without a combiner: kept when equal in all shards, summed when all are numbers, else
   * left out (and named in the result's `dropped`).
   */
  readonly combine?: Readonly<Record<string, (values: unknown[]) => unknown>>;
}

export interface MergeResult {
  readonly manifest: RunManifest;
  readonly shards: number;
  readonly tables: Readonly<Record<string, { readonly rows: number; readonly batches: number }>>;
  readonly dropped: readonly string[];
  /** The output already held this merge (left as it was). */
  readonly already?: boolean;
}

const EOS_BYTES = 8;
const EOS = Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0);
const RUN_FIELDS = new Set(['tool', 'command', 'formatVersion', 'settings', 'tables', 'progress', 'complete', 'code', 'created', 'updated', 'timings', 'dealRange', 'files']);

interface Shard {
  readonly dir: string;
  readonly m: RunManifest;
  readonly index: number;
  readonly count: number;
  readonly start: number;
  readonly end: number;
}

function shardOf(dir: string, m: RunManifest): Shard {
  const s = m.settings['shard'] as { index?: unknown; count?: unknown } | null | undefined;
  const r = m.dealRange;
  const int = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
  if (s === null || s === undefined || typeof s !== 'object' || !int(s.index) || !int(s.count) || s.index >= s.count) {
    throw new OutputError(`${dir} is not a shard (its settings have no shard { index, count })`);
  }
  if (r === undefined || !int(r.start) || !int(r.end) || r.end < r.start) throw new OutputError(`${dir} (shard ${s.index} of ${s.count}) has no valid dealRange in its manifest`);
  return { dir, m, index: s.index, count: s.count, start: r.start, end: r.end };
}

function copyRange(fromPath: string, start: number, end: number, toFd: number): void {
  const fd = openSync(fromPath, 'r');
  const buf = Buffer.allocUnsafe(1 << 20);
  try {
    let pos = start;
    while (pos < end) {
      const n = readSync(fd, buf, 0, Math.min(buf.length, end - pos), pos);
      if (n === 0) throw new OutputError(`${fromPath} shrank while being merged`);
      let off = 0;
      while (off < n) off += io.writeSync(toFd, buf, off, n - off, null);
      pos += n;
    }
  } finally {
    closeSync(fd);
  }
}

function defaultCombine(values: unknown[]): { value: unknown } | null {
  const first = JSON.stringify(values[0]);
  if (values.every((v) => JSON.stringify(v) === first)) return { value: values[0] };
  if (values.every((v) => typeof v === 'number' && Number.isFinite(v))) return { value: (values as number[]).reduce((a, b) => a + b, 0) };
  return null;
}

/**
 * Merge complete shard folders (same command, code and settings but `shard`, covering shards 0..count-1
 * exactly once with contiguous deal ranges) into `outDir` (new or empty): each table holds the shards'
 * batches in shard order, byte-identical to an unsharded run producing the same batches, with the manifest
 * that run writes (settings.shard null, dealRange, progress and timings summed, created the earliest).
 * Refuses anything else with a one-line OutputError (TornFileError for a damaged data file) naming the
 * problem; nothing is written then.
 */
export function mergeShards(shardDirs: readonly string[], outDir: string, options: MergeOptions = {}): MergeResult {
  if (shardDirs.length === 0) throw new OutputError('no shard folders to merge');
  const shards = readShards(shardDirs);
  const first = shards[0]!;
  checkShardsAlike(first, shards);
  const ordered = orderShards(first, shards);
  // check every table of every shard before writing anything
  const plans = Object.keys(first.m.tables).sort().map((name) => planTable(name, first, ordered));
  openMergeFolder(outDir);
  const lock = takeLock(outDir);
  try {
    return mergeInto(outDir, first, ordered, plans, options);
  } catch (e) {
    const code = (e as { code?: unknown } | null)?.code;
    if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
      throw new RunFailure(`cannot write the merge into ${outDir}: ${writeErrorText(e)}; the shards are untouched: free some space and run the same merge again`);
    }
    throw e;
  } finally {
    lock.release();
  }
}

/** Each folder's sealed manifest and its shard, refusing a folder that is no run or not complete. */
function readShards(shardDirs: readonly string[]): Shard[] {
  return shardDirs.map((dir) => {
    const m = readRunManifest(dir, { requireSeal: true });
    if (m === null) throw new OutputError(`${dir} has no manifest.json; not a run folder`);
    const s = shardOf(dir, m);
    if (!m.complete) throw new OutputError(`${dir} (shard ${s.index} of ${s.count}) is not complete: ${m.progress.batchesDone} of ${m.progress.batchesTotal ?? '?'} batches done; resume it first`);
    return s;
  });
}

/** The shards are of one run: the same command, shard count, settings but `shard`, code, tables and columns. */
function checkShardsAlike(first: Shard, shards: readonly Shard[]): void {
  for (const s of shards.slice(1)) {
    const what = `${s.dir} and ${first.dir}`;
    if (s.m.command !== first.m.command) throw new OutputError(`${what} are runs of different commands (${s.m.command}, ${first.m.command})`);
    if (s.count !== first.count) throw new OutputError(`${what} disagree on the number of shards (${s.count}, ${first.count})`);
    const field = settingsDiff({ ...first.m.settings, shard: null }, { ...s.m.settings, shard: null });
    if (field !== null) throw new OutputError(`${what} differ in setting ${field}; they are not shards of one run`);
    if (codeDiff(s.m.code, first.m.code) !== null) {
      throw new OutputError(`${what} were made by different code (${s.m.code.package} ${s.m.code.commit}, ${first.m.code.package} ${first.m.code.commit})`);
    }
    if (Object.keys(s.m.tables).sort().join(',') !== Object.keys(first.m.tables).sort().join(',')) throw new OutputError(`${what} hold different tables`);
    for (const [name, t] of Object.entries(s.m.tables)) {
      const t0 = first.m.tables[name]!;
      if (t.file !== t0.file || t.columns.join(',') !== t0.columns.join(',')) throw new OutputError(`${what} differ in table ${name} (file or columns)`);
    }
  }

}

/** The shards in index order, each given once, none missing, their deal ranges contiguous and done. */
function orderShards(first: Shard, shards: readonly Shard[]): Shard[] {
  const count = first.count;
  const byIndex = new Map<number, Shard>();
  for (const s of shards) {
    const dup = byIndex.get(s.index);
    if (dup !== undefined) throw new OutputError(`shard ${s.index} of ${count} is given twice (${dup.dir}, ${s.dir})`);
    byIndex.set(s.index, s);
  }
  for (let i = 0; i < count; i++) {
    if (!byIndex.has(i)) throw new OutputError(`shard ${i} of ${count} is missing`);
  }
  const ordered = [...byIndex.keys()].sort((a, b) => a - b).map((i) => byIndex.get(i)!);
  for (let i = 0; i < ordered.length; i++) {
    const s = ordered[i]!;
    if (s.m.progress.dealsDone !== s.end - s.start) throw new OutputError(`${s.dir} (shard ${i}) did ${s.m.progress.dealsDone} deals but its range is ${s.start}..${s.end}`);
    const prev = ordered[i - 1];
    if (prev !== undefined && prev.end !== s.start) {
      throw new OutputError(`shards ${i - 1} and ${i} are not contiguous (deals ${prev.start}..${prev.end}, then ${s.start}..${s.end})`);
    }
  }
  return ordered;
}

/** One table's plan: every shard's file checked (framing, checksums, schema) and the merged committed position. */
function planTable(name: string, first: Shard, ordered: readonly Shard[]): Plan {
  const t0 = first.m.tables[name]!;
  const paths = ordered.map((s) => join(s.dir, t0.file));
  const kinds = paths.map((p) => {
    if (!existsSync(p)) throw new OutputError(`${p} is missing`);
    return ipcKind(p);
  });
  if (kinds.every((k) => k === 'stream')) return planStreamTable(name, t0, ordered, paths);
  if (kinds.every((k) => k === 'file')) return planFileTable(name, t0, ordered, paths);
  throw new OutputError(`table ${name}: the shards' ${t0.file} are not all Arrow streams or all Arrow files (${kinds.join(', ')})`);
}

/** A table written as Arrow streams: each shard's framing, checksums and schema checked. */
function planStreamTable(name: string, t0: TableEntry, ordered: readonly Shard[], paths: readonly string[]): Plan {
  let head = -1;
  let schema: Uint8Array | null = null;
  let bytes = 0;
  let batches = 0;
  let rows = 0;
  ordered.forEach((s, i) => {
    const c = s.m.tables[name]!.committed;
    readStreamBatches(paths[i]!, { ...c, complete: true }); // the framing check throws TornFileError on any damage
    const listed = s.m.files?.find((f) => f.name === t0.file);
    const digests = (s.m.tables[name] as TableEntry & { batchSha256?: unknown }).batchSha256;
    if (listed === undefined && !Array.isArray(digests)) throw new OutputError(`${s.dir}/manifest.json has no checksum for ${t0.file}; it cannot be checked`);
    if (listed !== undefined && fileSha256(paths[i]!).sha256 !== listed.sha256) throw new OutputError(`${paths[i]} does not match the sha256 in its manifest`);
    if (Array.isArray(digests)) verifyStreamDigests(paths[i]!, { ...c, complete: true }, digests as string[]);
    const sb = streamSchemaBytes(readStreamSchema(paths[i]!));
    if (schema === null) {
      schema = sb;
      head = sb.byteLength;
    } else if (Buffer.compare(Buffer.from(schema), Buffer.from(sb)) !== 0) {
      throw new OutputError(`${paths[i]} has a different schema than ${paths[0]}`);
    }
    bytes += c.bytes - head - EOS_BYTES;
    batches += c.batches;
    rows += c.rows;
  });
  return { kind: 'stream', name, head, committed: { bytes: head + bytes + EOS_BYTES, batches, rows } };
}

/** A table written as Arrow files: each shard's sha256, batches and schema checked, batch by batch. */
function planFileTable(name: string, t0: TableEntry, ordered: readonly Shard[], paths: readonly string[]): Plan {
  const sources = ordered.map((s, i) => {
    const entry = s.m.tables[name]! as TableEntry & { sha256?: unknown; bytes?: unknown };
    if (typeof entry.sha256 !== 'string' || typeof entry.bytes !== 'number') throw new OutputError(`${s.dir}/manifest.json has no sha256 and size for ${t0.file}; it cannot be checked`);
    {
      const h = fileSha256(paths[i]!);
      if ((typeof entry.sha256 === 'string' && entry.sha256 !== h.sha256) || (typeof entry.bytes === 'number' && entry.bytes !== h.bytes)) {
        throw new OutputError(`${paths[i]} does not match the sha256/bytes in its manifest`);
      }
    }
    const src = arrowFileSource(paths[i]!);
    if (src.batches !== entry.committed.batches || src.rows !== entry.committed.rows) {
      throw new OutputError(`${paths[i]} holds ${src.batches} batches with ${src.rows} rows, its manifest says ${entry.committed.batches} with ${entry.committed.rows}`);
    }
    return src;
  });
  const schemaBytes = streamSchemaBytes(sources[0]!.schema);
  let eos: boolean | null = null;
  let bytes = schemaBytes.byteLength;
  ordered.forEach((s, i) => {
    const src = sources[i]!;
    if (Buffer.compare(Buffer.from(streamSchemaBytes(src.schema)), Buffer.from(schemaBytes)) !== 0) throw new OutputError(`${src.path} has a different schema than ${sources[0]!.path}`);
    let own = schemaBytes.byteLength;
    const digests = (s.m.tables[name] as TableEntry & { batchSha256?: unknown }).batchSha256;
    if (digests !== undefined && (!Array.isArray(digests) || digests.length !== src.batches)) throw new OutputError(`${s.dir}/manifest.json: the batch checksums of ${t0.file} do not match its ${src.batches} batches`);
    let k = 0;
    for (const b of src.read()) {
      const bytes = streamBatchBytes(b);
      if (Array.isArray(digests) && batchDigest(bytes) !== digests[k]) throw new OutputError(`${src.path}: batch ${k + 1} does not match its checksum in the manifest`);
      own += bytes.byteLength;
      k++;
    }
    const c = s.m.tables[name]!.committed.bytes;
    const withEos = c === own + EOS_BYTES;
    if (c !== own && !withEos) throw new OutputError(`${src.path} does not reproduce the stream its manifest committed (${c} bytes, the batches give ${own})`);
    if (eos !== null && eos !== withEos) throw new OutputError(`${src.path}: the shards disagree on whether a committed position includes the end-of-stream marker`);
    eos = withEos;
    bytes += own - schemaBytes.byteLength;
  });
  const batches = sources.reduce((n, s) => n + s.batches, 0);
  const rows = sources.reduce((n, s) => n + s.rows, 0);
  return { kind: 'file', name, sources, committed: { bytes: bytes + (eos === true ? EOS_BYTES : 0), batches, rows } };
}

/** The merge's output: a new or empty folder, or one a killed merge left (data files, no manifest). */
function openMergeFolder(outDir: string): void {
  if (existsSync(outDir)) {
    if (!statSync(outDir).isDirectory()) throw new OutputError(`${outDir} is not a folder; choose another output for the merge`);
  } else {
    try {
      makeFolder(outDir);
    } catch (e) {
      throw new OutputError(`--out ${outDir}: cannot create the folder (${(e as { code?: string }).code ?? String(e)})`);
    }
  }
}

/**
 * The manifest in `outDir` when it is the merge of exactly these shards — the same command, settings,
 * code and deal range, every table's committed position and batch checksums those of the shards in order,
 * and its files matching their recorded sha256 — else an OutputError naming the first difference.
 */
function sameMerge(outDir: string, first: Shard, ordered: Shard[], plans: Plan[]): RunManifest {
  const other = (what: string) => new OutputError(`${outDir} already holds another run (${what} differs from the merge of these shards); choose another output for the merge`);
  const m = readRunManifest(outDir, { requireSeal: true })!;
  if (!m.complete) throw new OutputError(`${outDir} holds an unfinished merge or run; remove it and merge again`);
  if (m.command !== first.m.command) throw other('command');
  const field = settingsDiff(m.settings, { ...first.m.settings, shard: null });
  if (field !== null) throw other(`setting ${field}`);
  if (codeDiff(m.code, first.m.code) !== null) throw other('code');
  if (m.dealRange?.start !== ordered[0]!.start || m.dealRange?.end !== ordered.at(-1)!.end) throw other('dealRange');
  if (m.progress.dealsDone !== ordered.reduce((n, s) => n + s.m.progress.dealsDone, 0)) throw other('progress.dealsDone');
  if (Object.keys(m.tables).sort().join(',') !== plans.map((p) => p.name).sort().join(',')) throw other('the list of tables');
  for (const plan of plans) {
    const entry = m.tables[plan.name] as TableEntry & { sha256?: unknown; bytes?: unknown; batchSha256?: unknown };
    const c = entry.committed;
    if (c.bytes !== plan.committed.bytes || c.batches !== plan.committed.batches || c.rows !== plan.committed.rows) throw other(`table ${plan.name}'s committed position`);
    const lists = ordered.map((s) => (s.m.tables[plan.name] as TableEntry & { batchSha256?: unknown }).batchSha256);
    if (!lists.every(Array.isArray) || !Array.isArray(entry.batchSha256)) throw new OutputError(`${outDir} already holds a run whose table ${plan.name} has no batch checksums to compare; choose another output for the merge`);
    if (JSON.stringify(entry.batchSha256) !== JSON.stringify((lists as string[][]).flat())) throw other(`table ${plan.name}'s batches`);
    const path = join(outDir, entry.file);
    const listed = m.files?.find((f) => f.name === entry.file);
    const want = typeof entry.sha256 === 'string' ? { sha256: entry.sha256, bytes: entry.bytes } : listed === undefined ? null : { sha256: listed.sha256, bytes: listed.bytes };
    if (want === null) throw new OutputError(`${outDir}/manifest.json has no checksum for ${entry.file}; it cannot be checked`);
    if (!existsSync(path)) throw new OutputError(`${path} is missing; remove ${outDir} and merge again`);
    const h = fileSha256(path);
    if (h.sha256 !== want.sha256 || h.bytes !== want.bytes) throw new OutputError(`${path} does not match the sha256/bytes in its manifest; remove ${outDir} and merge again`);
  }
  return m;
}

type Plan =
  | { kind: 'stream'; name: string; head: number; committed: Committed }
  | { kind: 'file'; name: string; sources: BatchSource[]; committed: Committed };

function mergeInto(outDir: string, first: Shard, ordered: Shard[], plans: Plan[], options: MergeOptions): MergeResult {
  const ours = Object.values(first.m.tables).flatMap((t) => [t.file, finalFileName(t.file)]);
  if (existsSync(join(outDir, 'manifest.json'))) {
    // the merge is idempotent: a folder holding this very merge is left as it is (a rerun or retry succeeds)
    const manifest = sameMerge(outDir, first, ordered, plans);
    return { manifest, shards: ordered.length, tables: Object.fromEntries(plans.map((p) => [p.name, { rows: p.committed.rows, batches: p.committed.batches }])), dropped: [], already: true };
  }
  const left = uncommittedLeftovers(outDir, ours);
  if (left === null) throw new OutputError(`${outDir} is not an empty folder; choose another output for the merge`);
  for (const f of left) rmSync(join(outDir, f), { force: true });

  const tables: Record<string, TableEntry> = {};
  const summary: Record<string, { rows: number; batches: number }> = {};
  for (const plan of plans) {
    const t0 = first.m.tables[plan.name]!;
    const dst = join(outDir, t0.file);
    if (plan.kind === 'stream') {
      writeAtomically(dst, (fd) => {
        copyRange(join(ordered[0]!.dir, t0.file), 0, plan.head, fd);
        for (const s of ordered) copyRange(join(s.dir, t0.file), plan.head, s.m.tables[plan.name]!.committed.bytes - EOS_BYTES, fd);
        writeAll(fd, EOS);
      });
      readStreamBatches(dst, { ...plan.committed, complete: true });
      const entry: TableEntry & Record<string, unknown> = { ...t0, committed: plan.committed };
      const lists = ordered.map((s) => (s.m.tables[plan.name] as TableEntry & { batchSha256?: unknown }).batchSha256);
      if (lists.every(Array.isArray)) entry['batchSha256'] = (lists as string[][]).flat();
      else delete entry['batchSha256'];
      tables[plan.name] = entry;
    } else {
      batchesToFile(plan.sources, dst);
      const h = fileSha256(dst);
      const entry: TableEntry & Record<string, unknown> = { ...t0, committed: plan.committed };
      entry['sha256'] = h.sha256;
      entry['bytes'] = h.bytes;
      const lists = ordered.map((s) => (s.m.tables[plan.name] as TableEntry & { batchSha256?: unknown }).batchSha256);
      if (lists.every(Array.isArray)) entry['batchSha256'] = (lists as string[][]).flat();
      else delete entry['batchSha256'];
      tables[plan.name] = entry;
    }
    summary[plan.name] = { rows: plan.committed.rows, batches: plan.committed.batches };
  }

  const timings: Record<string, number> = {};
  for (const s of ordered) for (const [k, v] of Object.entries(s.m.timings)) timings[k] = (timings[k] ?? 0) + v;
  const totals = ordered.map((s) => s.m.progress.batchesTotal);
  const dropped: string[] = [];
  const extras: Record<string, unknown> = {};
  const extraKeys = [...new Set(ordered.flatMap((s) => Object.keys(s.m)))].filter((k) => !RUN_FIELDS.has(k));
  for (const k of extraKeys) {
    const values = ordered.map((s) => s.m[k]);
    const f = options.combine?.[k];
    if (f !== undefined) {
      extras[k] = f(values);
    } else {
      const c = defaultCombine(values);
      if (c === null) dropped.push(k);
      else extras[k] = c.value;
    }
  }
  const merged: RunManifest = {
    tool: 'perlagg',
    command: first.m.command,
    formatVersion: 1,
    settings: { ...first.m.settings, shard: null },
    ...extras,
    tables,
    progress: {
      batchesDone: ordered.reduce((n, s) => n + s.m.progress.batchesDone, 0),
      batchesTotal: totals.every((t) => t !== null) ? totals.reduce<number>((n, t) => n + t!, 0) : null,
      dealsDone: ordered.reduce((n, s) => n + s.m.progress.dealsDone, 0),
    },
    dealRange: { start: ordered[0]!.start, end: ordered.at(-1)!.end },
    complete: true,
    code: first.m.code,
    created: ordered.map((s) => s.m.created).sort()[0]!,
    updated: new Date().toISOString(),
    timings,
  };
  let manifest: RunManifest;
  if (plans.some((p) => p.kind === 'stream')) {
    manifest = finalizeRun(outDir, { ...merged, complete: false });
  } else {
    writeRunManifest(outDir, merged);
    manifest = merged;
  }
  return { manifest, shards: ordered.length, tables: summary, dropped };
}
