// A run its --time-budget stopped, continued (issue 29): `simulate … --time-budget 5s --out X` ends complete
// with a prefix of the run; the same command with `--resume` (and a larger budget, or none) turns the folder
// back into an unfinished run and goes on, so that the end is the same bytes as one unbroken run.
//
// The tables are Arrow files by then. Each is turned back into the stream it was converted from: its
// schema message, then every *whole* batch re-encoded as BatchStreamWriter wrote it (streamBatchBytes), each
// checked against the checksum the manifest recorded for it. A batch the budget cut inside (the manifest's
// timeStop) is dropped, with its metrics: the manifest kept the standing before it (timeStop.before), and
// the batch is played again whole. The order makes every crash safe: the streams are written first, then
// the manifest that points at them (now unfinished), and only then do the Arrow files go; a crash before the
// manifest leaves the complete run as it was (the next --resume writes the streams again).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeAtomically, writeAll } from '../results/atomic-file.ts';
import { arrowFileSource, streamBatchBytes, streamSchemaBytes } from '../results/ipc-file.ts';
import { batchDigest } from '../results/stream.ts';
import { writeRunManifest, type RunManifest, type TableEntry } from '../results/run-manifest.ts';
import { RunError } from '../core/errors.ts';
import type { BatchRange } from './options.ts';

/** What the manifest keeps of the standing before a batch the time budget cut (recordBatch writes it). */
export interface BeforeCut {
  readonly batchesDone: number;
  readonly dealsDone: number;
  readonly metrics: unknown;
  readonly rejected: unknown;
  readonly sprt?: unknown;
}

/** A complete run that its time budget ended (and so may go on with --resume). */
export function stoppedByTime(m: RunManifest): boolean {
  return m.complete && m['stoppedBy'] === 'time';
}

type Entry = TableEntry & { sha256?: string; bytes?: number; batchSha256?: string[] };

/**
 * Turn the complete, time-stopped run in `dir` back into an unfinished one holding its whole batches (see
 * the top of this file); returns the manifest now on disk. Refused (RunError) when a table does not
 * reproduce the checksums its manifest recorded.
 */
export function reopenTimeStopped(dir: string, old: RunManifest, tableNames: readonly string[], range: BatchRange): RunManifest {
  const cut = old['timeStop'] as { dealEnd?: unknown; before?: BeforeCut } | undefined;
  if (cut !== undefined && (typeof cut.before !== 'object' || cut.before === null)) {
    throw new RunError(`--resume: ${dir}/manifest.json: the run was cut inside a batch by its time budget by an older perlagg, which kept no standing before the cut; it cannot be continued: start it again in another --out`);
  }
  const before = cut?.before;
  const keep = before?.batchesDone ?? old.progress.batchesDone;
  const dealsDone = before?.dealsDone ?? old.progress.dealsDone;
  if (dealsDone !== (keep === 0 ? 0 : range.dealEnd(range.firstBatch + keep - 1) - range.firstBatch * range.batchSize)) {
    throw new RunError(`--resume: ${dir}/manifest.json: the standing before the time budget stopped the run (${dealsDone} deals) does not follow from ${keep} whole batches`);
  }
  const tables: Record<string, TableEntry> = {};
  try {
    for (const t of tableNames) tables[t] = streamAgain(dir, t, old, keep);
  } catch (e) {
    for (const entry of Object.values(tables)) rmSync(join(dir, entry.file), { force: true }); // the run stays as it was
    throw e;
  }
  const { stoppedBy: _s, timeStop: _t, finishing: _f, files: _files, ...rest } = old;
  const m: RunManifest = {
    ...rest,
    tables,
    progress: { ...old.progress, batchesDone: keep, dealsDone },
    ...(before === undefined ? {} : { metrics: before.metrics, rejected: before.rejected, ...(before.sprt === undefined ? {} : { sprt: before.sprt }) }),
    complete: false,
    updated: new Date().toISOString(),
  };
  writeRunManifest(dir, m);
  for (const t of tableNames) rmSync(join(dir, (old.tables[t] as Entry).file), { force: true });
  return m;
}

/** Table t's stream written again from its Arrow file: the schema and the first `keep` batches, each checked against its checksum. */
function streamAgain(dir: string, t: string, old: RunManifest, keep: number): TableEntry {
  const entry = old.tables[t] as Entry | undefined;
  if (entry === undefined || !entry.file.endsWith('.arrow')) throw new RunError(`--resume: ${dir}/manifest.json has no Arrow file for table ${t}`);
  const digests = entry.batchSha256;
  if (!Array.isArray(digests) || digests.length !== old.progress.batchesDone) throw new RunError(`--resume: ${dir}/manifest.json has no batch checksums for table ${t}; the run cannot be continued`);
  const path = join(dir, entry.file);
  const src = arrowFileSource(path);
  if (src.batches !== old.progress.batchesDone) throw new RunError(`--resume: ${path} holds ${src.batches} batches, its manifest says ${old.progress.batchesDone}`);
  const stream = `${t}.arrows`;
  let committed = { bytes: 0, batches: 0, rows: 0 };
  writeAtomically(join(dir, stream), (fd) => {
    const head = streamSchemaBytes(src.schema);
    writeAll(fd, head);
    committed = { bytes: head.byteLength, batches: 0, rows: 0 };
    let k = 0;
    for (const batch of src.read()) {
      if (k === keep) break;
      const bytes = streamBatchBytes(batch);
      if (batchDigest(bytes) !== digests[k]) throw new RunError(`--resume: ${path}: batch ${k + 1} does not match its checksum in the manifest; the run cannot be continued`);
      writeAll(fd, bytes);
      committed = { bytes: committed.bytes + bytes.byteLength, batches: k + 1, rows: committed.rows + batch.numRows };
      k++;
    }
  });
  return { file: stream, columns: entry.columns, committed, batchSha256: digests.slice(0, keep) } as TableEntry;
}
