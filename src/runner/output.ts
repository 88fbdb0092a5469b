// A simulation's output folder while the run writes it: made or taken under a lock, then new, resumed or
// already complete (the rerun rule); each batch committed as data first, then the manifest that makes it
// count; at the end each table's stream becomes its Arrow file. A run that fails leaves what --resume needs
// and nothing else.
import { existsSync, readFileSync, rmSync, rmdirSync, statSync, statfsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { BatchStreamWriter } from '../results/stream.ts';
import { tableMetadata } from '../results/metadata.ts';
import { streamToFile } from '../results/ipc-file.ts';
import { fileSha256, readRunManifest, settingsDiff, writeRunManifest, type RunManifest, type TableEntry } from '../results/run-manifest.ts';
import { codeDiff, codeVersion, type CodeVersion } from '../results/manifest.ts';
import { makeFolder, removeTempFiles, takeLock, uncommittedLeftovers, type FolderLock } from '../results/run-folder.ts';
import { writeErrorText } from '../results/io.ts';
import type { Job, ReceivedBatch } from '../sim/job.ts';
import { SimSpecError, RunError, RunFailure } from '../core/errors.ts';
import type { BatchRange, OutputPlan } from './options.ts';
import type { Standing, StopReason } from './standing.ts';
import { reopenTimeStopped, stoppedByTime, type BeforeCut } from './time-continue.ts';

/** How a run's output folder is held while it runs. */
interface Folder {
  readonly dir: string;
  readonly lock: FolderLock;
  /** This run made the folder (so may remove it again when it fails before its first commit). */
  readonly created: boolean;
}

/** The folder as it was found. */
export interface Opened {
  readonly output: RunOutput;
  /** The manifest says every batch is done and the tables are being converted (a resume only finishes it). */
  readonly finishing: StopReason | null;
  /** The folder already holds this run, complete: nothing to do (the rerun rule). */
  readonly finished: { readonly files: string[]; readonly stoppedBy: StopReason } | null;
}

const streamName = (t: string) => `${t}.arrows`;

function freeBytes(dir: string): number | null {
  try {
    const s = statfsSync(dir);
    return s.bavail * s.bsize;
  } catch {
    return null;
  }
}

const MB = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

/** The folder made (when new) and locked; refused when it is not a folder or cannot be made. */
function holdFolder(dir: string, note: (line: string) => void): Folder {
  if (dir.trim() === '') throw new SimSpecError('--out must name a folder, not an empty string');
  let created = false;
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new RunError(`--out ${dir} exists and is not a folder`);
  } else {
    try {
      makeFolder(dir);
      created = true;
    } catch (e) {
      throw new RunError(`--out ${dir}: cannot create the folder (${(e as { code?: string }).code ?? String(e)})`);
    }
  }
  return { dir, lock: takeLock(dir, '--out', { note }), created };
}

export class RunOutput {
  readonly #writers = new Map<string, BatchStreamWriter>();
  #manifest: RunManifest | null = null;
  readonly #tableNames: readonly string[];

  private constructor(
    readonly folder: Folder,
    private readonly plan: OutputPlan,
    private readonly job: Job,
    private readonly range: BatchRange,
  ) {
    this.#tableNames = Object.keys(job.tables);
  }

  /**
   * Take the folder for a run. The rerun rule (issue 29): the same command with the same settings into its
   * own folder resumes an unfinished run and leaves a finished one as it is (so a scheduler's retry or
   * requeue is safe, with or without --resume); other settings, another command or other code are refused by
   * name. A resumed (or finished) run's standing is restored from its manifest.
   */
  static open(plan: OutputPlan, range: BatchRange, job: Job, standing: Standing, note: (line: string) => void): Opened {
    const out = new RunOutput(holdFolder(plan.dir, note), plan, job, range);
    /** This run created the folder's data files (a fresh run, not a resume). */
    let createdFiles = false;
    try {
      const old = readRunManifest(plan.dir, { requireSeal: true });
      let found: Omit<Opened, 'output'> = { finishing: null, finished: null };
      if (old === null) out.#clearLeftovers(note);
      else found = out.#resume(old, standing, note);
      if (out.#manifest === null && found.finished === null) {
        createdFiles = true;
        out.#create(standing);
      } else if (out.#manifest !== null) {
        for (const t of out.#tableNames) {
          const w = out.#writers.get(t);
          if (w !== undefined) (out.#manifest.tables[t] as TableEntry & { batchSha256?: string[] }).batchSha256 = w.digests;
        }
      }
      return { output: out, ...found };
    } catch (e) {
      // a refused resume touches nothing of the run; a fresh run that failed here leaves nothing
      out.#abandon(createdFiles ? out.#manifest : null, !createdFiles);
      throw e;
    }
  }

  /** No run in the folder: it must be empty, or hold only a run killed before its first commit (cleared). */
  #clearLeftovers(note: (line: string) => void): void {
    const dir = this.plan.dir;
    const left = uncommittedLeftovers(dir, this.#tableNames.map(streamName));
    if (left === null) throw new RunError(`--out ${dir} is not empty; choose a new or empty folder`);
    if (left.length > 0) {
      // a run killed (or out of disk) before its first commit: nothing of it counts
      for (const f of left) rmSync(join(dir, f), { force: true });
      note(`${dir} held a run that stopped before its first commit; cleared it (${left.join(', ')}) and started afresh`);
    } else if (this.plan.resume) {
      throw new RunError(`--resume: ${dir} holds no run to resume`);
    }
  }

  /** A run in the folder: the same settings and code continue it (or find it complete); anything else is refused. */
  #resume(found: RunManifest, standing: Standing, note: (line: string) => void): Omit<Opened, 'output'> {
    let old = found;
    const { dir, resume } = this.plan;
    const tableNames = this.#tableNames;
    let finished: Opened['finished'] = null;
    const how = resume ? '--resume: ' : '';
    if (old.command !== 'simulate') throw new RunError(`${how}${dir} holds a run of "perlagg ${old.command}", not of "perlagg simulate"; choose another --out`);
    const field = settingsDiff(old.settings, this.plan.settings);
    if (field !== null) throw new RunError(`${how}the settings differ from the run in ${dir} in "${field}"; use the same settings or choose another --out`);
    const now = codeVersion();
    const codeField = codeDiff(old.code, now);
    if (stoppedByTime(old) && resume) {
      // a run its time budget ended goes on with --resume (the budget is no setting): back to an unfinished run
      if (codeField !== null && !this.plan.allowCodeChange) {
        throw new RunError(`--resume: the run in ${dir} was made by other code (${codeField}: ${String(old.code[codeField.slice(5) as keyof CodeVersion])}, now ${String(now[codeField.slice(5) as keyof CodeVersion])}); continue it with that code, or add --allow-code-change to mix them (recorded in the manifest)`);
      }
      const done = old.progress.dealsDone;
      old = reopenTimeStopped(dir, old, tableNames, this.range);
      note(`${dir} held this run stopped by its time budget after ${done.toLocaleString('en-US')} deals; continuing it from deal ${old.progress.dealsDone.toLocaleString('en-US')}`);
    }
    if (old.complete) {
      if (codeField !== null) throw new RunError(`${how}the run in ${dir} is complete but was made by other code (${codeField}: ${String(old.code[codeField.slice(5) as keyof CodeVersion])}, now ${String(now[codeField.slice(5) as keyof CodeVersion])}); its files stay as they are: choose another --out`);
      finished = { files: finishedFiles(dir, old, tableNames), stoppedBy: old['stoppedBy'] as StopReason };
      note(`${dir} already holds this run, complete (the same settings and code): nothing to do, its files are left as they are${stoppedByTime(old) ? `; its time budget stopped it after ${old.progress.dealsDone.toLocaleString('en-US')} deals: add --resume to continue it` : ''}`);
    } else if (codeField !== null) {
      if (!this.plan.allowCodeChange) {
        throw new RunError(`${how}the run in ${dir} was made by other code (${codeField}: ${String(old.code[codeField.slice(5) as keyof CodeVersion])}, now ${String(now[codeField.slice(5) as keyof CodeVersion])}); resume it with that code, or add ${resume ? "" : "--resume "}--allow-code-change to mix them (recorded in the manifest)`);
      }
      old['codeChanges'] = [...((old['codeChanges'] as unknown[] | undefined) ?? []), { atBatch: old.progress.batchesDone, from: old.code, to: now, at: new Date().toISOString() }];
      old.code = now;
      note(`--allow-code-change: batches from ${old.progress.batchesDone} on are made by ${now.commit}; recorded in the manifest (codeChanges)`);
    }
    if (finished === null) checkProgress(dir, old, this.range);
    const gone = finished === null ? removeTempFiles(dir) : [];
    if (gone.length > 0) note(`removed ${gone.length} temp file(s) a crashed run left in ${dir}: ${gone.join(', ')}`);
    const finishing = (old['finishing'] as StopReason | undefined) ?? null;
    for (const t of finished === null ? tableNames : []) {
      const entry = old.tables[t];
      if (entry === undefined) throw new RunError(`--resume: ${dir}/manifest.json has no table ${t}`);
      const digests = (entry as TableEntry & { batchSha256?: string[] }).batchSha256;
      if (!Array.isArray(digests)) throw new RunError(`--resume: ${dir}/manifest.json has no batch checksums for table ${t}`);
      if (entry.file.endsWith('.arrow')) {
        // converted before a crash during the final conversion
        if (finishing === null) throw new RunError(`--resume: ${dir}/manifest.json lists ${entry.file} as converted but the run was not finishing`);
        const h = fileSha256(join(dir, entry.file));
        const want = entry as TableEntry & { sha256?: string; bytes?: number };
        if (h.sha256 !== want.sha256 || h.bytes !== want.bytes) throw new RunError(`--resume: ${dir}/${entry.file} does not match the sha256 and size in its manifest`);
        continue;
      }
      this.#writers.set(t, BatchStreamWriter.resume(join(dir, entry.file), this.job.tables[t]!, entry.committed, digests));
    }
    this.#manifest = finished === null ? old : null;
    standing.restore(old, this.range, this.plan.sprt, dir, how);
    return { finishing, finished };
  }

  /** A fresh run: an empty stream per table and the manifest that lists them. */
  #create(standing: Standing): void {
    const dir = this.plan.dir;
    const { firstBatch, endBatch, totalBatches, batchSize } = this.range;
    const now = new Date().toISOString();
    const tables: RunManifest['tables'] = {};
    for (const t of this.#tableNames) {
      const file = streamName(t);
      let w: BatchStreamWriter;
      try {
        w = BatchStreamWriter.create(join(dir, file), this.job.tables[t]!, tableMetadata(t, 'simulate', this.plan.settings));
      } catch (e) {
        throw this.#writeFailure(e, join(dir, file));
      }
      this.#writers.set(t, w);
      tables[t] = { file, columns: this.job.tables[t]!.map((c) => c.name), committed: { bytes: w.position.bytes, batches: 0, rows: 0 }, batchSha256: w.digests } as TableEntry;
    }
    const test = standing.test;
    const m: RunManifest = {
      tool: 'perlagg',
      command: 'simulate',
      formatVersion: 1,
      settings: this.plan.settings,
      ruleset: this.plan.ruleset,
      tables,
      progress: { batchesDone: 0, batchesTotal: totalBatches === null ? null : endBatch - firstBatch, dealsDone: 0 },
      dealRange: { start: firstBatch * batchSize, end: totalBatches === null ? null : this.range.dealEnd(endBatch - 1) },
      metrics: standing.metrics,
      metricSpecs: this.job.metrics,
      ...(test === null ? {} : { sprt: test.toJSON() }),
      rejected: 0,
      complete: false,
      code: codeVersion(),
      created: now,
      updated: now,
      timings: {},
    };
    this.#writeManifest(m);
    this.#manifest = m;
  }

  #committedBefore(): number {
    return this.#manifest === null ? 0 : this.#manifest.progress.batchesDone;
  }

  /** A write failed: say where, what is safe, and how to go on (exit 1). */
  #writeFailure(e: unknown, path: string): RunFailure {
    const done = this.#committedBefore();
    const safe = done > 0 ? `the ${done} batches committed before are safe in ${this.folder.dir}; free some space (or fix the device) and run the same command with --resume` : 'nothing was committed; free some space and run the command again';
    return new RunFailure(`cannot write ${path}: ${writeErrorText(e)}; ${safe}`);
  }

  #writeManifest(m: RunManifest): void {
    try {
      writeRunManifest(this.plan.dir, m);
    } catch (e) {
      throw this.#writeFailure(e, join(this.plan.dir, 'manifest.json'));
    }
  }

  /** Commit a batch, data first: each table's columns appended to its stream (counted only once the manifest says so). */
  appendTables(result: ReceivedBatch): void {
    for (const t of this.#tableNames) {
      const w = this.#writers.get(t);
      if (w !== undefined && result.rows[t]! > 0) {
        try {
          this.#manifest!.tables[t]!.committed = w.append(result.tables[t]!);
        } catch (e) {
          throw this.#writeFailure(e, w.path);
        }
      }
    }
  }

  /**
   * ... then the manifest that makes the batch count. `cutAt`: the SPRT decided inside the batch, or the time
   * budget ran out in it (`timeCut`), and the batch was cut at this deal; the run ends there and the manifest
   * says so in the same write (a resume only finishes it).
   */
  recordBatch(standing: Standing, cutAt: number | null, timeCut = false): void {
    const manifest = this.#manifest!;
    const test = standing.test;
    // a batch the time budget cut: the standing before it, as the last manifest on disk has it, so that
    // --resume can drop the cut batch and play it whole (time-continue.ts)
    const before = cutAt !== null && timeCut ? this.#standingOnDisk() : null;
    const m: RunManifest = {
      ...manifest,
      progress: { ...manifest.progress, batchesDone: standing.next - this.range.firstBatch, dealsDone: standing.dealsDone },
      metrics: standing.metrics,
      rejected: standing.rejected,
      ...(test === null ? {} : { sprt: test.toJSON() }),
      ...(cutAt === null ? {} : timeCut ? { timeStop: { dealEnd: cutAt, before } } : { sprtStop: { dealEnd: cutAt } }),
      ...(standing.decided ? { finishing: 'sprt' } : timeCut ? { finishing: 'time' } : {}),
      updated: new Date().toISOString(),
    };
    this.#writeManifest(m);
    this.#manifest = m;
  }

  /** The standing the manifest on disk records (the last committed batch's). */
  #standingOnDisk(): BeforeCut {
    const m = JSON.parse(readFileSync(join(this.plan.dir, 'manifest.json'), 'utf8')) as RunManifest;
    return { batchesDone: m.progress.batchesDone, dealsDone: m.progress.dealsDone, metrics: m['metrics'], rejected: m['rejected'], ...(m['sprt'] === undefined ? {} : { sprt: m['sprt'] }) };
  }

  /**
   * The run stopped: the stream files become Arrow files, unless interrupted (then resumable). One table at
   * a time: its Arrow file, then the manifest that points at it, then its stream goes. A crash at any point
   * leaves a resumable run (streams, converted files, an incomplete manifest) or a complete one; the disk
   * needs room for all the data plus one table's file, not twice the output. Returns the Arrow files.
   */
  finish(stoppedBy: StopReason, finishing: StopReason | null, t0: number): string[] {
    const files: string[] = [];
    const dir = this.plan.dir;
    let manifest = this.#manifest!;
    try {
      if (stoppedBy === 'interrupted') {
        for (const w of this.#writers.values()) w.close();
      } else {
        if (finishing === null) {
          manifest = { ...manifest, finishing: stoppedBy, updated: new Date().toISOString() };
          this.#manifest = manifest;
          this.#writeManifest(manifest);
        }
        for (const [i, t] of this.#tableNames.entries()) {
          files.push(this.#convert(manifest, t, i === this.#tableNames.length - 1, stoppedBy));
        }
      }
      const before = manifest.timings['elapsedMs'] ?? 0;
      manifest.timings = { elapsedMs: before + (performance.now() - t0), sessions: (manifest.timings['sessions'] ?? 0) + 1 };
      manifest.updated = new Date().toISOString();
      writeRunManifest(dir, manifest);
    } catch (e) {
      for (const w of this.#writers.values()) w.close();
      this.release();
      throw e;
    }
    this.release();
    return files;
  }

  /** One table's stream to its Arrow file, recorded in the manifest (the last one completes the run). */
  #convert(manifest: RunManifest, t: string, last: boolean, stoppedBy: StopReason): string {
    const dir = this.plan.dir;
    const entry = manifest.tables[t]!;
    const file = `${t}.arrow`;
    if (!entry.file.endsWith('.arrow')) {
      const w = this.#writers.get(t)!;
      const streamFile = join(dir, entry.file);
      try {
        w.finish();
      } catch (e) {
        throw this.#writeFailure(e, streamFile);
      } finally {
        w.close();
      }
      const need = statSync(streamFile).size + 1_000_000;
      const free = freeBytes(dir);
      if (free !== null && free < need) {
        throw new RunFailure(`not enough free space in ${dir} to write ${file} (needs about ${MB(need)}, ${MB(free)} free): every batch is committed in ${entry.file} and safe; free some space and run the same command with --resume to finish`);
      }
      try {
        streamToFile(streamFile, join(dir, file));
      } catch (e) {
        throw new RunFailure(`cannot write ${join(dir, file)}: ${writeErrorText(e)}; every batch is committed in ${entry.file} and safe; free some space and run the same command with --resume to finish`);
      }
      const h = fileSha256(join(dir, file));
      manifest.tables[t] = { ...entry, file, sha256: h.sha256, bytes: h.bytes } as RunManifest['tables'][string];
    }
    if (last) {
      manifest.complete = true;
      manifest['stoppedBy'] = stoppedBy;
      delete manifest['finishing'];
    }
    manifest.updated = new Date().toISOString();
    this.#writeManifest(manifest);
    if (!entry.file.endsWith('.arrow')) rmSync(join(dir, entry.file), { force: true });
    return join(dir, file);
  }

  /** The run failed while running its batches: what was committed stays for --resume, a fresh run leaves nothing. */
  abandonAfterFailure(finishing: StopReason | null): void {
    const done = this.#committedBefore();
    this.#abandon(done === 0 && finishing === null ? this.#manifest : null, done > 0 || finishing !== null);
  }

  release(): void {
    this.folder.lock.release();
  }

  /**
   * A run that fails: close its files and give up the lock. A fresh run that committed nothing leaves nothing
   * behind (its files go, and its folder if it made it); one with committed batches keeps them for --resume.
   */
  #abandon(fresh: RunManifest | null, keep = false): void {
    const folder = this.folder;
    for (const w of this.#writers.values()) w.close();
    if (!keep) {
      const ours = [...this.#writers.values()].map((w) => basename(w.path));
      if (fresh !== null) ours.push('manifest.json');
      for (const f of ours) rmSync(join(folder.dir, f), { force: true });
      removeTempFiles(folder.dir);
    }
    folder.lock.release();
    if (!keep && folder.created) {
      try {
        rmdirSync(folder.dir);
      } catch {
        // not empty: something else is in it
      }
    }
  }
}

/** A complete run's table files, each checked against the sha256 and size its manifest records. */
function finishedFiles(dir: string, m: RunManifest, tableNames: readonly string[]): string[] {
  return tableNames.map((t) => {
    const entry = m.tables[t] as (TableEntry & { sha256?: string; bytes?: number }) | undefined;
    if (entry === undefined) throw new RunError(`${dir}/manifest.json has no table ${t}`);
    const path = join(dir, entry.file);
    if (!existsSync(path)) throw new RunError(`${path} is missing; the run in ${dir} is damaged: choose another --out`);
    const h = fileSha256(path);
    if (h.sha256 !== entry.sha256 || h.bytes !== entry.bytes) throw new RunError(`${path} does not match the sha256 and size in its manifest; the run in ${dir} is damaged: choose another --out`);
    return path;
  });
}

/** The manifest's progress must follow from its own numbers (a hand-edited one is refused). */
function checkProgress(dir: string, m: RunManifest, range: BatchRange): void {
  const { firstBatch, batchSize } = range;
  const done = m.progress.batchesDone;
  if (!Number.isSafeInteger(done) || done < 0 || (m.progress.batchesTotal !== null && done > m.progress.batchesTotal)) {
    throw new RunError(`--resume: ${dir}/manifest.json: batchesDone ${String(done)} is impossible`);
  }
  // a run the SPRT (or the time budget) ended inside a batch committed that batch up to that deal (sprtStop, timeStop)
  const stop = (m['sprtStop'] ?? m['timeStop']) as { dealEnd?: unknown } | undefined;
  const lastEnd = stop !== undefined && typeof stop.dealEnd === 'number' ? stop.dealEnd : range.dealEnd(firstBatch + done - 1);
  const deals = done === 0 ? 0 : lastEnd - firstBatch * batchSize;
  if (m.progress.dealsDone !== deals) throw new RunError(`--resume: ${dir}/manifest.json: dealsDone ${m.progress.dealsDone} does not follow from ${done} batches (${deals})`);
  // every job writes rows to every table in every batch: each table has committed one batch per batch done
  for (const [t, e] of Object.entries(m.tables)) {
    if (e.committed.batches !== done) throw new RunError(`--resume: ${dir}/manifest.json: table ${t} has ${e.committed.batches} committed batches but batchesDone is ${done}`);
  }
}
