// A tuning run's folder (--out), held as simulate holds its own: a lock, the trajectory as an Arrow stream
// committed every --commit-every iterations through a sealed manifest written atomically, which holds the
// SPSA state of the last commit; --resume continues from it. At the end of the tuning the stream becomes
// trajectory.arrow; at the end of the run the manifest records the tuned spec and the confirmation.
// Without --out every step is a no-op, so the tuning loop reads the same either way.
import { existsSync, rmSync, rmdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson, rulesetHash, resolveRuleset } from '../rules/registry.ts';
import { BatchStreamWriter } from '../results/stream.ts';
import { streamToFile } from '../results/ipc-file.ts';
import { tableMetadata } from '../results/metadata.ts';
import { fileSha256, readRunManifest, settingsDiff, writeRunManifest, type RunManifest, type TableEntry } from '../results/run-manifest.ts';
import { codeDiff, codeVersion } from '../results/manifest.ts';
import { makeFolder, removeTempFiles, takeLock, uncommittedLeftovers, type FolderLock } from '../results/run-folder.ts';
import type { ColumnSpec } from '../core/columns.ts';
import { spsaFromJSON, type SpsaParam, type SpsaState } from '../stats/spsa.ts';
import { verifyResultFolder } from '../results/verify.ts';
import { SimSpecError, RunError, RunFailure } from '../core/errors.ts';
import type { Confirmation } from './confirm.ts';
import type { TuneOptions } from './options.ts';

export interface TrajectoryRow {
  readonly iteration: number;
  readonly pairsDone: number;
  readonly pairs: number;
  readonly theta: readonly number[];
  readonly plus: readonly number[];
  readonly minus: readonly number[];
  readonly result: number;
  readonly gain: number;
  readonly recentGain: number;
}

export type TunePhase = 'tuning' | 'confirming';

/** A folder that already holds this tuning run, complete and intact: its stored result (the rerun rule). */
export interface FinishedTune {
  readonly state: SpsaState;
  readonly iteration: number;
  readonly spec: string;
  readonly values: Readonly<Record<string, number>>;
  readonly confirmation: Confirmation | null;
  readonly elapsedMs: number;
  readonly files: string[];
}

/** Where a tuning run starts: fresh, or the state of a resumed run's last commit. */
export interface TuneStart {
  readonly state: SpsaState;
  readonly iteration: number;
  readonly phase: TunePhase;
}

const TRAJECTORY = 'trajectory';
const STREAM_FILE = 'trajectory.arrows';

export class TuneFolder {
  readonly dir: string | null;
  #lock: FolderLock | null = null;
  #created = false;
  #manifest: RunManifest | null = null;
  #writer: BatchStreamWriter | null = null;
  /** This run created the folder's files (a fresh run, not a resume): only then may a failure remove them. */
  #createdFiles = false;

  private constructor(dir: string | null) {
    this.dir = dir;
  }

  /**
   * Take the folder (none when o.out is null). The rerun rule (issue 29): a new or empty folder starts a new
   * run; one holding this run (the same settings) resumes it when unfinished, with or without --resume, and
   * when complete is verified (seal, tables, the confirmation's folder) and read, never rewritten — a damaged
   * one is refused; other settings, another command or other code are refused by name. Returns where the
   * tuning starts, or the finished run's stored result.
   */
  static open(o: TuneOptions, settings: Record<string, unknown>, columns: readonly ColumnSpec[], seeds: { deals: number; confirmation: number }, fresh: TuneStart, note: (line: string) => void): { folder: TuneFolder; start: TuneStart; finished: FinishedTune | null } {
    const f = new TuneFolder(o.out);
    const dir = o.out;
    let start = fresh;
    let finished: FinishedTune | null = null;
    if (dir === null) return { folder: f, start, finished };
    if (dir.trim() === '') throw new SimSpecError('--out must name a folder, not an empty string');
    if (existsSync(dir)) {
      if (!statSync(dir).isDirectory()) throw new RunError(`--out ${dir} exists and is not a folder`);
    } else {
      try {
        makeFolder(dir);
        f.#created = true;
      } catch (e) {
        throw new RunError(`--out ${dir}: cannot create the folder (${(e as { code?: string }).code ?? String(e)})`);
      }
    }
    f.#lock = takeLock(dir);
    try {
      const old = readRunManifest(dir, { requireSeal: true });
      if (old === null) {
        const left = uncommittedLeftovers(dir, [STREAM_FILE]);
        if (left === null) throw new RunError(`--out ${dir} is not empty; choose a new or empty folder`);
        if (left.length > 0) {
          for (const x of left) rmSync(join(dir, x), { force: true });
          note(`${dir} held a tuning run that stopped before its first commit; cleared it and started afresh`);
        } else if (o.resume) throw new RunError(`--resume: ${dir} holds no run to resume`);
      } else {
        f.#sameRun(o, old, settings);
        if (old.complete) finished = f.#finished(old, note);
        else start = f.#resume(o, old, columns);
      }
      if (f.#manifest === null && finished === null) f.#create(o, settings, columns, seeds, start);
    } catch (e) {
      f.fail(e);
    }
    if (finished !== null) f.release();
    return { folder: f, start, finished };
  }

  /** The folder's run must be this one: a tuning run with the same settings (a complete one: the same code). */
  #sameRun(o: TuneOptions, old: RunManifest, settings: Record<string, unknown>): void {
    const dir = this.dir!;
    const how = o.resume ? '--resume: ' : '';
    if (old.command !== 'tune') throw new RunError(`${how}${dir} holds a run of "perlagg ${old.command}", not of "perlagg tune"; choose another --out`);
    const field = settingsDiff(old.settings, settings);
    if (field !== null) throw new RunError(`${how}the settings differ from the run in ${dir} in "${field}"; use the same settings or choose another --out`);
    const code = codeDiff(old.code, codeVersion());
    if (old.complete && code !== null) throw new RunError(`${how}the run in ${dir} is complete but was made by other code (${code}); its files stay as they are: choose another --out`);
  }

  /** A complete run of the same settings and code: checked as every reader checks (exit 2 when damaged), then read. */
  #finished(old: RunManifest, note: (line: string) => void): FinishedTune {
    const dir = this.dir!;
    verifyResultFolder(dir);
    const confirmation = (old['confirmation'] ?? null) as Confirmation | null;
    const confirmDir = join(dir, 'confirmation');
    if (confirmation !== null && existsSync(join(confirmDir, 'manifest.json'))) verifyResultFolder(confirmDir);
    let state: SpsaState;
    try {
      state = spsaFromJSON(old['spsa']);
    } catch (e) {
      throw new RunError(`${dir}/manifest.json: ${(e as Error).message}`);
    }
    const tuned = old['tuned'] as { spec?: unknown; values?: unknown } | undefined;
    if (tuned === undefined || typeof tuned.spec !== 'string' || typeof tuned.values !== 'object' || tuned.values === null) throw new RunError(`${dir}/manifest.json is complete but records no tuned spec; it cannot be trusted`);
    note(`${dir} already holds this tuning run, complete (the same settings and code): its stored result follows, its files are left as they are`);
    return {
      state,
      iteration: Number(old['iterations'] ?? 0),
      spec: tuned.spec,
      values: tuned.values as Record<string, number>,
      confirmation,
      elapsedMs: old.timings['elapsedMs'] ?? 0,
      files: [join(dir, 'trajectory.arrow')],
    };
  }

  /** An unfinished run (with or without --resume): its own code, its progress consistent with its numbers; its last commit's state. */
  #resume(o: TuneOptions, old: RunManifest, columns: readonly ColumnSpec[]): TuneStart {
    const dir = this.dir!;
    const field2 = codeDiff(old.code, codeVersion());
    if (field2 !== null && o.allowCodeChange !== true) throw new RunError(`--resume: the run in ${dir} was made by other code (${field2}); resume it with that code, or add --allow-code-change`);
    removeTempFiles(dir);
    let state: SpsaState;
    try {
      state = spsaFromJSON(old['spsa']);
    } catch (e) {
      throw new RunError(`--resume: ${dir}/manifest.json: ${(e as Error).message}`);
    }
    const iteration = Number(old['iterations'] ?? 0);
    const phase: TunePhase = old['phase'] === 'confirming' ? 'confirming' : 'tuning';
    const entry = old.tables[TRAJECTORY] as (TableEntry & { batchSha256?: string[] }) | undefined;
    if (entry === undefined || !Array.isArray(entry.batchSha256)) throw new RunError(`--resume: ${dir}/manifest.json has no trajectory table`);
    if (entry.committed.batches !== old.progress.batchesDone || entry.committed.rows !== iteration || old.progress.dealsDone !== state.k) {
      throw new RunError(`--resume: ${dir}/manifest.json: its progress does not follow from its own numbers`);
    }
    if (phase === 'tuning') this.#writer = BatchStreamWriter.resume(join(dir, entry.file), columns, entry.committed, entry.batchSha256);
    this.#manifest = old;
    return { state, iteration, phase };
  }

  /** A fresh run: the trajectory's empty stream and the manifest that lists it. */
  #create(o: TuneOptions, settings: Record<string, unknown>, columns: readonly ColumnSpec[], seeds: { deals: number; confirmation: number }, start: TuneStart): void {
    const dir = this.dir!;
    this.#createdFiles = true;
    const writer = BatchStreamWriter.create(join(dir, STREAM_FILE), columns, tableMetadata(TRAJECTORY, 'tune', settings));
    this.#writer = writer;
    const now = new Date().toISOString();
    const r = resolveRuleset(o.ruleset);
    this.#manifest = {
      tool: 'perlagg',
      command: 'tune',
      formatVersion: 1,
      settings,
      ruleset: { name: o.ruleset, hash: rulesetHash(r), parameters: JSON.parse(canonicalJson(r)) as unknown },
      seeds: { spsa: o.seed, deals: seeds.deals, confirmation: seeds.confirmation },
      tables: { [TRAJECTORY]: { file: STREAM_FILE, columns: columns.map((c) => c.name), committed: writer.position, batchSha256: writer.digests } as TableEntry },
      progress: { batchesDone: 0, batchesTotal: null, dealsDone: 0 },
      phase: start.phase,
      iterations: 0,
      spsa: start.state,
      complete: false,
      code: codeVersion(),
      created: now,
      updated: now,
      timings: {},
    };
    writeRunManifest(dir, this.#manifest);
  }

  /** The run failed: a fresh run that committed nothing leaves nothing behind; the lock goes; then `e` is thrown. */
  fail(e: unknown): never {
    const dir = this.dir;
    this.#writer?.close();
    if (dir !== null && this.#lock !== null) {
      const manifest = this.#manifest;
      if (this.#createdFiles && (manifest === null || manifest.progress.batchesDone === 0)) {
        // a fresh run that committed nothing leaves nothing behind
        rmSync(join(dir, STREAM_FILE), { force: true });
        rmSync(join(dir, 'manifest.json'), { force: true });
        removeTempFiles(dir);
      }
      this.#lock.release();
      if (this.#created) {
        try {
          rmdirSync(dir);
        } catch {
          // not empty: it holds committed work (or something else)
        }
      }
    }
    throw e;
  }

  /** Commit the rows since the last commit as one record batch, then the manifest with the SPSA state after them. */
  commit(pending: readonly TrajectoryRow[], params: readonly SpsaParam[], state: SpsaState, iteration: number): void {
    const dir = this.dir;
    const writer = this.#writer;
    let manifest = this.#manifest;
    if (dir === null || manifest === null || writer === null || pending.length === 0) return;
    const cols: Record<string, Uint32Array | Uint16Array | Float64Array> = {
      iteration: Uint32Array.from(pending, (r) => r.iteration),
      pairs_done: Uint32Array.from(pending, (r) => r.pairsDone),
      pairs: Uint16Array.from(pending, (r) => r.pairs),
      result: Float64Array.from(pending, (r) => r.result),
      gain: Float64Array.from(pending, (r) => r.gain),
      recent_gain: Float64Array.from(pending, (r) => r.recentGain),
    };
    params.forEach((p, i) => {
      cols[p.name] = Float64Array.from(pending, (r) => r.theta[i]!);
      cols[`${p.name}_plus`] = Float64Array.from(pending, (r) => r.plus[i]!);
      cols[`${p.name}_minus`] = Float64Array.from(pending, (r) => r.minus[i]!);
    });
    let committed;
    try {
      committed = writer.append(cols);
    } catch (e) {
      throw new RunFailure(`cannot write ${writer.path}: ${(e as Error).message}; the iterations committed before are safe in ${dir}; run the same command with --resume`);
    }
    const entry = { ...(manifest.tables[TRAJECTORY] as TableEntry), committed, batchSha256: writer.digests } as TableEntry;
    manifest = { ...manifest, tables: { [TRAJECTORY]: entry }, progress: { ...manifest.progress, batchesDone: manifest.progress.batchesDone + 1, dealsDone: state.k }, iterations: iteration, spsa: state, updated: new Date().toISOString() };
    this.#manifest = manifest;
    writeRunManifest(dir, manifest);
  }

  /**
   * The tuning is done: the stream becomes trajectory.arrow and the manifest moves to the confirming phase
   * with the tuned spec (already so when a resumed run was confirming). Returns the trajectory's file.
   */
  finishTrajectory(phase: TunePhase, spec: string, tuned: Readonly<Record<string, number>>): string[] {
    const dir = this.dir;
    const files: string[] = [];
    try {
      const manifest = this.#manifest;
      if (dir !== null && manifest !== null && phase === 'tuning') {
        const w = this.#writer!;
        const streamFile = join(dir, STREAM_FILE);
        w.finish();
        w.close();
        streamToFile(streamFile, join(dir, 'trajectory.arrow'));
        const h = fileSha256(join(dir, 'trajectory.arrow'));
        const entry = { ...(manifest.tables[TRAJECTORY] as TableEntry), file: 'trajectory.arrow', sha256: h.sha256, bytes: h.bytes } as TableEntry;
        this.#manifest = { ...manifest, tables: { [TRAJECTORY]: entry }, phase: 'confirming', tuned: { spec, values: tuned }, updated: new Date().toISOString() };
        writeRunManifest(dir, this.#manifest);
        rmSync(streamFile, { force: true });
      }
      if (dir !== null) files.push(join(dir, 'trajectory.arrow'));
    } catch (e) {
      this.fail(e instanceof RunFailure ? e : new RunFailure(`cannot write the trajectory in ${dir}: ${(e as Error).message}; run the same command with --resume`));
    }
    return files;
  }

  /** The run is done: the manifest records the tuned spec and the confirmation, complete; the lock goes. */
  complete(spec: string, tuned: Readonly<Record<string, number>>, confirmation: Confirmation | null, t0: number): void {
    const dir = this.dir;
    let manifest = this.#manifest;
    if (dir === null || manifest === null) return;
    const before = manifest.timings['elapsedMs'] ?? 0;
    manifest = {
      ...manifest,
      phase: 'done',
      complete: true,
      tuned: { spec, values: tuned },
      confirmation,
      timings: { elapsedMs: before + (performance.now() - t0), sessions: (manifest.timings['sessions'] ?? 0) + 1 },
      updated: new Date().toISOString(),
    };
    this.#manifest = manifest;
    writeRunManifest(dir, manifest);
    this.#lock?.release();
  }

  /** Interrupted while tuning: the iterations since the last commit are dropped (the manifest holds the last commit's state). */
  closeInterrupted(): void {
    this.#writer?.close();
    this.#lock?.release();
  }

  release(): void {
    this.#lock?.release();
  }
}
