// perlagg league (issue 12, deliverable 3): every pair of policies meets on the same duplicate deals (or
// Partien), each match a simulate run of its own (resumable, in <out>/matches/<i>-<j>); from the per-pair
// margins: a crosstable of paired differences with intervals, and ratings with error bars (least squares on
// the margins — Massey — and Bradley–Terry on the pairs won, drawn and lost; percentile intervals from a
// Poisson bootstrap over the deal pairs, which all matches share: src/stats/ratings.ts).
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolvePolicy } from '../registry/policies.ts';
import { canonicalJson, rulesetHash, resolveRuleset } from '../rules/registry.ts';
import { BatchStreamWriter } from '../results/stream.ts';
import { readArrowFileBatches, streamToFile } from '../results/ipc-file.ts';
import { tableMetadata } from '../results/metadata.ts';
import { fileSha256, readRunManifest, settingsDiff, writeRunManifest, type RunManifest } from '../results/run-manifest.ts';
import { codeVersion } from '../results/manifest.ts';
import { verifyResultFolder } from '../results/verify.ts';
import { makeFolder, takeLock, type FolderLock } from '../results/run-folder.ts';
import { LEAGUE_COLUMNS } from '../results/schema.ts';
import { type SimSpec } from '../sim/job.ts';
import { runSimulation } from '../runner/runner.ts';
import { createPool } from '../runner/executor.ts';
import { bootstrapRatings, checkLeague, crosstable, type CrosstableCell, type League, type RatingsReport } from '../stats/ratings.ts';
import { SimSpecError, RunError } from '../core/errors.ts';
export type LeagueMode = 'hands' | 'partien';

export interface LeagueOptions {
  /** Policy specs (file paths absolute). */
  readonly policies: readonly string[];
  readonly mode: LeagueMode;
  readonly ruleset: string;
  readonly players: number;
  readonly seed: number;
  /** Deal (Partie) pairs every match plays: the same ones in every match. */
  readonly pairs: number;
  readonly replicates: number;
  readonly workers: number;
  readonly out: string | null;
  readonly resume: boolean;
  readonly allowCodeChange?: boolean;
  readonly batchSize?: number;
  readonly onMatch?: (m: { readonly index: number; readonly count: number; readonly a: string; readonly b: string; readonly phase: 'start' | 'done' }) => void;
  readonly onNote?: (line: string) => void;
  readonly signal?: AbortSignal;
}

export interface MatchResult {
  readonly a: number;
  readonly b: number;
  /** Per pair: A's margin over B (points a deal; Partien: A's win share − 1/2). */
  readonly margins: Float64Array;
  /** Per pair: A's score for Bradley–Terry (1, 1/2, 0 by the margin's sign; Partien: A's win share). */
  readonly scores: Float64Array;
  readonly folder: string;
}

export interface LeagueResult {
  readonly names: readonly string[];
  readonly matches: readonly MatchResult[];
  readonly crosstable: readonly CrosstableCell[];
  readonly massey: RatingsReport;
  readonly bradleyTerry: RatingsReport;
  readonly stoppedBy: 'done' | 'interrupted';
  readonly elapsedMs: number;
  readonly files: readonly string[];
}

const NONE = { hands: {}, trump: null, predicate: null } as const;

/** A policy's name for tables: a file by its file name, a built-in as given. */
export const displayName = (spec: string): string => spec.replace(/^[^{}]*[/\\]/, '');

/** The folder of match i against j. */
const matchDir = (root: string, i: number, j: number) => join(root, 'matches', `${i}-${j}`);

/** A's margins and scores per pair, from a finished duplicate match's table (rows: pair, seating 0 then 1). */
export function readMatch(dir: string, mode: LeagueMode): { margins: Float64Array; scores: Float64Array } {
  const file = join(dir, mode === 'hands' ? 'hands.arrow' : 'partien.arrow');
  const margins: number[] = [];
  const scores: number[] = [];
  let pending: number | null = null;
  let pendingSeat = -1;
  for (const batch of readArrowFileBatches(file)) {
    const seating = batch.getChild('seating')!;
    const a = mode === 'hands' ? batch.getChild('p0_points')! : batch.getChild('winner')!;
    const b = mode === 'hands' ? batch.getChild('p1_points')! : null;
    for (let r = 0; r < batch.numRows; r++) {
      const s = Number(seating.get(r));
      // A is party 0 in seating 0 and party 1 in seating 1
      const v = mode === 'hands' ? (s === 0 ? 1 : -1) * (Number(a.get(r)) - Number(b!.get(r))) : Number(a.get(r)) === s ? 1 : 0;
      if (s === 0) {
        pending = v;
        pendingSeat = 0;
      } else {
        if (pending === null || pendingSeat !== 0) throw new RunError(`${file}: a second seating without its first`);
        const pair = (pending + v) / 2;
        if (mode === 'hands') {
          margins.push(pair);
          scores.push(pair > 0 ? 1 : pair < 0 ? 0 : 0.5);
        } else {
          margins.push(pair - 0.5);
          scores.push(pair);
        }
        pending = null;
      }
    }
  }
  return { margins: Float64Array.from(margins), scores: Float64Array.from(scores) };
}

function leagueSettings(o: LeagueOptions): Record<string, unknown> {
  return {
    policies: o.policies,
    mode: o.mode,
    ruleset: o.ruleset,
    rulesetHash: rulesetHash(resolveRuleset(o.ruleset)),
    players: o.players,
    seed: o.seed,
    pairs: o.pairs,
    replicates: o.replicates,
    batchSize: o.batchSize ?? null,
  };
}

/** Every policy loads (a bad name or file fails here, before anything is written), and none twice. */
async function checkPolicies(o: LeagueOptions): Promise<void> {
  if (o.policies.length < 2) throw new SimSpecError(`--policies: a league needs at least 2 policies, got ${o.policies.length}`);
  if (!(Number.isInteger(o.replicates) && o.replicates >= 20)) throw new SimSpecError('--replicates must be a whole number >= 20');
  const seen = new Map<string, string>();
  for (const p of o.policies) {
    const r = await resolvePolicy(p);
    const key = `${p.replace(/\{.*$/, '').trim()}:${JSON.stringify(Object.entries(r.options).sort(([x], [y]) => (x < y ? -1 : 1)))}`;
    if (seen.has(key)) throw new SimSpecError(`--policies: ${displayName(p)} and ${displayName(seen.get(key)!)} are the same policy with the same options; a policy cannot play itself in a league`);
    seen.set(key, p);
  }
}

/** Where a league lives: its folder (a temporary one without --out, removed at the end), its lock and manifest. */
interface LeagueFolder {
  readonly root: string;
  readonly temp: boolean;
  readonly lock: FolderLock | null;
  manifest: RunManifest | null;
  /** The folder already holds this league, complete (the rerun rule): it is read, never rewritten. */
  readonly finished: boolean;
}

/** The folder of --out, new or (--resume) holding this league unfinished; without --out a temporary one. */
function openLeagueFolder(o: LeagueOptions, settings: Record<string, unknown>): LeagueFolder {
  const temp = o.out === null;
  const root = o.out ?? mkdtempSync(join(tmpdir(), 'perlagg-league-'));
  if (temp) return { root, temp, lock: null, manifest: null, finished: false };
  if (root.trim() === '') throw new SimSpecError('--out must name a folder, not an empty string');
  if (existsSync(root) && !statSync(root).isDirectory()) throw new RunError(`--out ${root} exists and is not a folder`);
  if (!existsSync(root)) {
    try {
      makeFolder(root);
    } catch (e) {
      throw new RunError(`--out ${root}: cannot create the folder (${(e as { code?: string }).code ?? String(e)})`);
    }
  }
  const lock = takeLock(root);
  let manifest: RunManifest | null = null;
  try {
    const old = readRunManifest(root, { requireSeal: true });
    const how = o.resume ? '--resume: ' : '';
    if (old === null) {
      const entries = readdirSync(root).filter((n) => n !== '.perlagg.lock');
      if (entries.length > 0) throw new RunError(`--out ${root} is not empty; choose a new or empty folder`);
      if (o.resume) throw new RunError(`--resume: ${root} holds no league to resume`);
    } else {
      // the rerun rule: the same league again resumes an unfinished folder and reads a finished one as it is
      if (old.command !== 'league') throw new RunError(`${how}${root} holds a run of "perlagg ${old.command}", not "perlagg league"; choose another --out`);
      const field = settingsDiff(old.settings, settings);
      if (field !== null) throw new RunError(`${how}the settings differ from the league in ${root} in "${field}"; use the same settings or choose another --out`);
      if (old.complete) {
        verifyResultFolder(root);
        o.onNote?.(`${root} already holds this league, complete (the same settings): its files are left as they are`);
        return { root, temp, lock, manifest: old, finished: true };
      }
      manifest = old;
    }
    if (manifest === null) {
      const now = new Date().toISOString();
      const r = resolveRuleset(o.ruleset);
      manifest = {
        tool: 'perlagg', command: 'league', formatVersion: 1, settings,
        ruleset: { name: o.ruleset, hash: rulesetHash(r), parameters: JSON.parse(canonicalJson(r)) as unknown },
        tables: {}, progress: { batchesDone: 0, batchesTotal: (o.policies.length * (o.policies.length - 1)) / 2, dealsDone: 0 },
        matchesPlayed: 0, complete: false, code: codeVersion(), created: now, updated: now, timings: {},
      };
      writeRunManifest(root, manifest);
    }
  } catch (e) {
    lock.release();
    throw e;
  }
  return { root, temp, lock, manifest, finished: false };
}

/**
 * Every pair's match, one pool for all of them: a match already complete in the folder is read, an
 * unfinished one resumed; the manifest counts the matches played. Interrupted: the lock goes.
 */
async function playMatches(o: LeagueOptions, names: readonly string[], f: LeagueFolder): Promise<{ matches: MatchResult[]; stoppedBy: 'done' | 'interrupted' }> {
  const pool = o.workers > 0 ? createPool(o.workers) : null;
  const matches: MatchResult[] = [];
  const count = (o.policies.length * (o.policies.length - 1)) / 2;
  let stoppedBy: 'done' | 'interrupted' = 'done';
  try {
    let index = 0;
    for (let i = 0; i < o.policies.length && stoppedBy === 'done'; i++) {
      for (let j = i + 1; j < o.policies.length; j++, index++) {
        const dir = matchDir(f.root, i, j);
        const spec: SimSpec = { mode: o.mode, ruleset: o.ruleset, players: o.players, policies: [o.policies[i]!, o.policies[j]!], seed: o.seed, constraints: NONE, duplicate: true };
        const prior = existsSync(join(dir, 'manifest.json')) ? readRunManifest(dir, { requireSeal: true }) : null;
        if (prior !== null && prior.complete) verifyResultFolder(dir); // a finished match is read only when its tables are intact
        o.onMatch?.({ index, count, a: names[i]!, b: names[j]!, phase: 'start' });
        if (prior === null || !prior.complete) {
          if (prior === null && existsSync(dir)) rmSync(dir, { recursive: true, force: true }); // a match killed before its first commit
          const r = await runSimulation({
            spec, deals: o.pairs, batchSize: o.batchSize ?? (o.mode === 'hands' ? 256 : 8), workers: o.workers, out: dir, resume: prior !== null,
            shard: null, untilCi: null, timeBudgetMs: null,
            ...(o.signal === undefined ? {} : { signal: o.signal }),
            ...(o.allowCodeChange === true ? { allowCodeChange: true } : {}),
          }, pool);
          if (r.stoppedBy === 'interrupted') {
            stoppedBy = 'interrupted';
            break;
          }
        }
        const { margins, scores } = readMatch(dir, o.mode);
        if (margins.length !== o.pairs) throw new RunError(`${dir}: the match holds ${margins.length} pairs, not ${o.pairs}`);
        matches.push({ a: i, b: j, margins, scores, folder: dir });
        o.onMatch?.({ index, count, a: names[i]!, b: names[j]!, phase: 'done' });
        if (f.manifest !== null && !f.finished) {
          f.manifest = { ...f.manifest, progress: { ...f.manifest.progress, batchesDone: matches.length, dealsDone: matches.length * o.pairs }, matchesPlayed: matches.length, updated: new Date().toISOString() };
          writeRunManifest(f.root, f.manifest);
        }
      }
    }
  } finally {
    if (pool !== null) await pool.destroy();
    if (stoppedBy === 'interrupted') f.lock?.release();
  }
  return { matches, stoppedBy };
}

/** Every pair of every match as a row of league.arrow: the two policies, the pair, A's margin and score. */
function leagueRows(matches: readonly MatchResult[], names: readonly string[]): { rows: number; cols: Record<string, string[] | Uint32Array | Float64Array> } {
  const rows = matches.reduce((a, m) => a + m.margins.length, 0);
  const cols = {
    a: new Array<string>(rows),
    b: new Array<string>(rows),
    pair: new Uint32Array(rows),
    margin: new Float64Array(rows),
    score: new Float64Array(rows),
  };
  let r = 0;
  for (const m of matches) {
    for (let k = 0; k < m.margins.length; k++, r++) {
      cols.a[r] = names[m.a]!;
      cols.b[r] = names[m.b]!;
      cols.pair[r] = k;
      cols.margin[r] = m.margins[k]!;
      cols.score[r] = m.scores[k]!;
    }
  }
  return { rows, cols };
}

/** The league's table and its completed manifest (ratings, crosstable), then the lock goes; returns the table's file. */
function completeLeague(f: LeagueFolder & { manifest: RunManifest }, matches: readonly MatchResult[], names: readonly string[], ratings: { massey: RatingsReport; bradleyTerry: RatingsReport; cells: readonly CrosstableCell[] }, t0: number): string {
  const root = f.root;
  const { rows, cols } = leagueRows(matches, names);
  const file = join(root, 'league.arrow');
  const stream = join(root, 'league.arrows');
  rmSync(stream, { force: true });
  const w = BatchStreamWriter.create(stream, LEAGUE_COLUMNS, tableMetadata('league', 'league', f.manifest.settings));
  w.append(cols);
  w.finish();
  w.close();
  streamToFile(stream, file);
  rmSync(stream, { force: true });
  const written = fileSha256(file);
  const strip = (x: RatingsReport) => ({ fit: x.fit, unit: x.unit, ratings: x.ratings, level: x.level, replicates: x.replicates, seed: x.seed, deals: x.deals, method: x.method });
  const manifest = f.manifest;
  f.manifest = {
    ...manifest,
    tables: { league: { file: 'league.arrow', columns: LEAGUE_COLUMNS.map((c) => c.name), committed: { bytes: written.bytes, batches: 1, rows } } },
    files: [{ name: 'league.arrow', rows, bytes: written.bytes, sha256: written.sha256 }],
    ratings: strip(ratings.massey),
    bradleyTerry: strip(ratings.bradleyTerry),
    crosstable: ratings.cells.map((c) => ({ a: names[c.a], b: names[c.b], margin: c.margin })),
    complete: true,
    timings: { elapsedMs: (manifest.timings['elapsedMs'] ?? 0) + (performance.now() - t0), sessions: (manifest.timings['sessions'] ?? 0) + 1 },
    updated: new Date().toISOString(),
  };
  writeRunManifest(root, f.manifest);
  f.lock?.release();
  return file;
}

export async function runLeague(o: LeagueOptions): Promise<LeagueResult> {
  const t0 = performance.now();
  await checkPolicies(o);
  const names = o.policies.map(displayName);
  const folder = openLeagueFolder(o, leagueSettings(o));
  const { matches, stoppedBy } = await playMatches(o, names, folder);
  if (stoppedBy === 'interrupted') {
    if (folder.temp) rmSync(folder.root, { recursive: true, force: true });
    const empty = { fit: 'massey', unit: '', ratings: [], level: 0.95, replicates: 0, seed: o.seed, deals: 0, method: '', draws: new Float64Array(0) } as unknown as RatingsReport;
    return { names, matches, crosstable: [], massey: empty, bradleyTerry: empty, stoppedBy, elapsedMs: performance.now() - t0, files: [] };
  }
  // ---- the ratings ----
  const league: League = { players: names, matches: matches.map((m) => ({ a: m.a, b: m.b, margins: m.margins, scores: m.scores })) };
  checkLeague(league);
  const massey = bootstrapRatings(league, 'massey', { replicates: o.replicates, seed: o.seed });
  const bradleyTerry = bootstrapRatings(league, 'bradley-terry', { replicates: o.replicates, seed: o.seed });
  const cells = crosstable(league);
  const files: string[] = [];
  if (folder.finished) {
    folder.lock?.release();
    files.push(join(folder.root, 'league.arrow'));
  } else if (!folder.temp && folder.manifest !== null) files.push(completeLeague(folder as LeagueFolder & { manifest: RunManifest }, matches, names, { massey, bradleyTerry, cells }, t0));
  if (folder.temp) rmSync(folder.root, { recursive: true, force: true });
  return { names, matches, crosstable: cells, massey, bradleyTerry, stoppedBy, elapsedMs: performance.now() - t0, files };
}
