// The charts of a result folder, drawn from what the folder holds: `perlagg exact` from exact.arrow (and
// its manifest), `perlagg simulate` (and `perlagg merge`) from the run manifest's metric accumulators and
// settings. `perlagg plot DIR` and the commands' --out both come through here, so a redraw is the same
// chart the command wrote.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { binom } from '../cards/mask.ts';
import { int } from './theme.ts';
import { OutputError, type ManifestFile } from '../results/manifest.ts';
import { readArrowFileBatches } from '../results/ipc-file.ts';
import { verifyResultFolder } from '../results/verify.ts';
import type { Interval } from '../stats/intervals.ts';
import { metricEstimate, type MetricAcc, type MetricSpec } from '../sim/job.ts';
import { FIGURES_METRICS } from '../sim/figures.ts';
import { DUPLICATE_METRICS, HANDS_METRICS } from '../sim/hands.ts';
import { DUPLICATE_PARTIEN_METRICS, PARTIEN_METRICS } from '../sim/partien.ts';
import { duplicateChart, type DuplicateChartData } from './duplicate.ts';
import { exactChart, type ExactChartData, type ExactChartResult, type ExactChartRow } from './exact.ts';
import { writeCharts, type Chart, type WrittenChart } from './render.ts';
import { isShareMetric, simulationChart, type MetricEstimate, type SimulationChartData } from './simulation.ts';
import { ratingsChart, trajectoriesChart, type Rating, type Trajectory } from './generic.ts';
import { cumulativeChart, matchesChart, type LeagueMatch } from './league.ts';
import { reviewChart, type ReviewChartRow } from './review.ts';

/** The folder charts go into, inside a result folder. */
export const CHARTS_FOLDER = 'charts';

const METRICS: ReadonlyMap<string, MetricSpec> = new Map(
  [FIGURES_METRICS, HANDS_METRICS, DUPLICATE_METRICS, PARTIEN_METRICS, DUPLICATE_PARTIEN_METRICS].flat().map((m) => [m.name, m]),
);

function intervalOfAcc(acc: MetricAcc, spec?: MetricSpec): Interval {
  return metricEstimate(acc, spec).interval;
}

type Json = Record<string, unknown>;
const isObject = (x: unknown): x is Json => typeof x === 'object' && x !== null && !Array.isArray(x);

/** The manifest of a result folder (checked), or a one-line OutputError saying why the folder is not one or cannot be trusted. */
export function readResultManifest(dir: string): Json {
  if (!existsSync(dir)) throw new OutputError(`${dir}: no such folder`);
  if (!statSync(dir).isDirectory()) throw new OutputError(`${dir} is not a folder`);
  const p = join(dir, 'manifest.json');
  if (!existsSync(p)) {
    const shards = readdirSync(dir).filter((n) => /^shard-\d+-of-\d+$/.test(n));
    if (shards.length > 0) throw new OutputError(`${dir} holds the shards of a sharded run: merge them first (perlagg merge ${dir} --out ${join(dir, 'merged')}) and plot the merged folder`);
    throw new OutputError(`${dir} has no manifest.json: not a folder perlagg wrote with --out`);
  }
  // the seal and every table checked as perlagg merge checks them: a tampered folder is refused, never drawn
  return verifyResultFolder(dir);
}

// ---- perlagg exact ----

/** exact.arrow (checked against the manifest's row count) as the data `perlagg exact --json` prints. */
export function exactDataOfFolder(dir: string, m: Json): ExactChartData {
  const path = join(dir, 'exact.arrow');
  if (!existsSync(path)) throw new OutputError(`${dir} has no exact.arrow (the manifest is from perlagg exact)`);
  const files = Array.isArray(m['files']) ? (m['files'] as ManifestFile[]) : [];
  const listed = files.find((f) => f.name === 'exact.arrow');
  const byTrump = new Map<string, ExactChartRow[]>();
  let ruleset = '';
  let rows = 0;
  for (const batch of readArrowFileBatches(path)) {
    const col = (name: string): { get(i: number): unknown } => {
      const c = batch.getChild(name);
      if (c === null) throw new OutputError(`${path} has no column ${name}`);
      return c;
    };
    const trump = col('trump');
    const rs = col('ruleset');
    const perlaggen = col('perlaggen');
    const gleich = col('gleich');
    const hanger = col('hanger');
    const hands = col('hands');
    for (let i = 0; i < batch.numRows; i++) {
      const t = String(trump.get(i));
      ruleset = String(rs.get(i));
      let list = byTrump.get(t);
      if (list === undefined) byTrump.set(t, (list = []));
      list.push({ perlaggen: Number(perlaggen.get(i)), gleich: Number(gleich.get(i)), hanger: Number(hanger.get(i)), hands: Number(hands.get(i)) });
    }
    rows += batch.numRows;
  }
  if (listed !== undefined && listed.rows !== rows) throw new OutputError(`${path} has ${rows} rows but its manifest says ${listed.rows}; the table was changed`);
  if (rows === 0) throw new OutputError(`${path} has no rows`);
  const params = isObject(m['parameters']) ? m['parameters'] : {};
  const excluded = Array.isArray(params['excluded']) ? (params['excluded'] as unknown[]).map(String) : [];
  const order = Array.isArray(params['trumps']) ? (params['trumps'] as unknown[]).map(String) : [...byTrump.keys()];
  const results: ExactChartResult[] = order.filter((t) => byTrump.has(t)).map((t) => {
    const list = byTrump.get(t)!;
    const hands = list.reduce((s, r) => s + r.hands, 0);
    let deck: number | undefined;
    for (let n = 5; n <= 40; n++) if (binom(n, 5) === hands) deck = n;
    return { trump: t, hands, ...(deck === undefined ? {} : { deckSize: deck }), rows: list };
  });
  return { ruleset: typeof params['ruleset'] === 'string' ? params['ruleset'] : ruleset, excluded, results };
}

export function exactCharts(data: ExactChartData): Chart[] {
  return [{ name: 'exact', what: 'best Gleich and Hanger by Perlaggen in the hand', spec: exactChart(data) }];
}

// ---- perlagg simulate ----

const STOP_WORDS = (unit: string): Readonly<Record<string, string>> => ({
  deals: `the ${unit} asked for`,
  interval: 'the interval width',
  sprt: 'the SPRT',
  constant: 'an SPRT that could not decide',
  time: 'the time budget',
  interrupted: 'an interrupt',
});

interface RunView {
  readonly settings: Json;
  readonly metrics: Readonly<Record<string, MetricAcc>>;
  /** The metrics' declarations as the run recorded them (metricSpecs), else the built-in ones by name. */
  readonly specs: ReadonlyMap<string, MetricSpec>;
  readonly done: number;
  readonly complete: boolean;
  readonly stoppedBy: string | null;
}

function runView(dir: string, m: Json): RunView {
  const settings = m['settings'];
  const metrics = m['metrics'];
  const progress = m['progress'];
  if (!isObject(settings) || !isObject(metrics) || !isObject(progress)) throw new OutputError(`${join(dir, 'manifest.json')} has no settings, metrics or progress: not a simulate run`);
  for (const [k, acc] of Object.entries(metrics)) {
    const a = acc as Partial<MetricAcc> | null;
    if (!isObject(a) || (a.kind !== 'proportion' && a.kind !== 'mean' && a.kind !== 'pair') || typeof a.n !== 'number') throw new OutputError(`${join(dir, 'manifest.json')}: metric ${k} is not a metric accumulator`);
  }
  const specs = new Map(METRICS);
  if (Array.isArray(m['metricSpecs'])) for (const x of m['metricSpecs'] as MetricSpec[]) if (isObject(x) && typeof x.name === 'string') specs.set(x.name, x);
  return {
    settings,
    metrics: metrics as unknown as Record<string, MetricAcc>,
    specs,
    done: typeof progress['dealsDone'] === 'number' ? progress['dealsDone'] : 0,
    complete: m['complete'] === true,
    stoppedBy: typeof m['stoppedBy'] === 'string' ? m['stoppedBy'] : null,
  };
}

/** The policies as given, a policy file by its file name (the manifest keeps the absolute path). */
function policyNames(settings: Json): string[] {
  if (!Array.isArray(settings['policies'])) return [];
  return (settings['policies'] as unknown[]).map((p) => String(p).replace(/^[^{}]*[/\\]/, ''));
}

const unitOf = (mode: string): string => (mode === 'partien' ? 'Partien' : mode === 'hands' ? 'hands' : 'deals');

function constraintWords(settings: Json): string {
  const c = settings['constraints'];
  if (!isObject(c)) return '';
  const parts: string[] = [];
  if (isObject(c['hands'])) for (const [seat, cards] of Object.entries(c['hands'])) if (Array.isArray(cards) && cards.length > 0) parts.push(`seat ${seat} holds ${cards.join(' ')}`);
  if (typeof c['trump'] === 'string') parts.push(`trump ${c['trump']}`);
  if (isObject(c['predicate']) && typeof c['predicate']['path'] === 'string') parts.push(`deals kept by ${String(c['predicate']['path']).split(/[/\\]/).pop()}`);
  return parts.join(', ');
}

/** The data of the metrics chart from a run manifest. */
export function simulationDataOfRun(dir: string, m: Json): SimulationChartData {
  const v = runView(dir, m);
  const s = v.settings;
  const mode = String(s['mode'] ?? 'figures');
  const unit = unitOf(mode);
  const shard = isObject(s['shard']) ? s['shard'] : null;
  const metrics: MetricEstimate[] = Object.entries(v.metrics).filter(([, acc]) => acc.n > 0).map(([name, acc]) => {
    const spec = v.specs.get(name);
    const doc = spec?.doc ?? name;
    const i = intervalOfAcc(acc, spec);
    const share = acc.kind === 'proportion' || (acc.kind === 'pair' && spec?.paired?.kind === 'proportion');
    return {
      name, doc, scale: isShareMetric(share ? 'proportion' : 'mean', doc) ? 'share' : 'mean',
      estimate: i.estimate, low: i.low, high: i.high, n: i.n,
      ...(/minus/.test(name) ? { reference: 0 } : {}),
    };
  });
  if (metrics.length === 0) throw new OutputError(`${dir}: the run has no finished ${unit} yet; nothing to draw`);
  const constraints = [constraintWords(s), shard === null ? '' : `shard ${String(shard['index'])} of ${String(shard['count'])}`].filter((x) => x.length > 0).join('; ');
  return {
    ruleset: String(s['ruleset'] ?? '?'),
    mode,
    players: Number(s['players'] ?? 4),
    seed: Number(s['seed'] ?? 0),
    policies: policyNames(s),
    done: v.done,
    unit,
    stoppedBy: v.complete ? (v.stoppedBy === null ? 'the end of the run' : (STOP_WORDS(unit)[v.stoppedBy] ?? v.stoppedBy)) : null,
    ...(constraints.length > 0 ? { constraints } : {}),
    metrics,
  };
}

/** With --duplicate: the paired and the unpaired view of A against B. */
export function duplicateDataOfRun(dir: string, m: Json): DuplicateChartData | null {
  const v = runView(dir, m);
  const s = v.settings;
  if (s['duplicate'] !== true) return null;
  const mode = String(s['mode'] ?? 'hands');
  const partien = mode === 'partien';
  const paired = v.metrics[partien ? 'a_wins' : 'a_minus_b'];
  const single = v.metrics[partien ? 'a_wins_single' : 'a_minus_b_single'];
  if (paired === undefined || single === undefined || paired.n === 0) return null;
  const policies = policyNames(s);
  const p = intervalOfAcc(paired, v.specs.get(partien ? 'a_wins' : 'a_minus_b'));
  const u = intervalOfAcc(single, v.specs.get(partien ? 'a_wins_single' : 'a_minus_b_single'));
  const share = v.metrics['a_spiel'];
  return {
    ruleset: String(s['ruleset'] ?? '?'),
    players: Number(s['players'] ?? 4),
    a: policies[0] ?? 'A',
    b: policies[1] ?? policies[0] ?? 'B',
    unit: unitOf(mode),
    quantity: partien ? 'wins' : 'points',
    paired: { estimate: p.estimate, low: p.low, high: p.high, n: p.n, se: p.se },
    unpaired: { estimate: u.estimate, low: u.low, high: u.high, n: u.n, se: u.se },
    ...(share !== undefined && share.n > 0 ? { spielShare: (() => { const i = intervalOfAcc(share, v.specs.get('a_spiel')); return { estimate: i.estimate, low: i.low, high: i.high, n: i.n, se: i.se }; })() } : {}),
    complete: v.complete,
  };
}

export function simulationCharts(dir: string, m: Json): Chart[] {
  const charts: Chart[] = [{ name: 'metrics', what: 'every metric with its 95% interval', spec: simulationChart(simulationDataOfRun(dir, m)) }];
  const dup = duplicateDataOfRun(dir, m);
  if (dup !== null) charts.push({ name: 'duplicate', what: 'A against B: paired and unpaired intervals', spec: duplicateChart(dup) });
  return charts;
}

// ---- perlagg tune ----

/** The trajectory chart of a tuning run: every parameter's value, and the recent gain, against the pairs played. */
export function tuneCharts(dir: string, m: Json): Chart[] {
  const settings = isObject(m['settings']) ? m['settings'] : {};
  const params = Array.isArray(settings['params']) ? (settings['params'] as Array<{ name: string; start: number; integer?: boolean }>) : [];
  const tables = isObject(m['tables']) ? m['tables'] : {};
  const entry = isObject(tables['trajectory']) ? tables['trajectory'] : null;
  if (entry === null || typeof entry['file'] !== 'string' || !String(entry['file']).endsWith('.arrow')) throw new OutputError(`${dir}: the tuning run has not finished its trajectory yet; nothing to draw`);
  const path = join(dir, String(entry['file']));
  if (!existsSync(path)) throw new OutputError(`${dir} has no ${String(entry['file'])}`);
  const x: number[] = [];
  const theta = params.map(() => [] as number[]);
  const gain: number[] = [];
  for (const batch of readArrowFileBatches(path)) {
    const get = (name: string) => {
      const c = batch.getChild(name);
      if (c === null) throw new OutputError(`${path} has no column ${name}`);
      return c;
    };
    const pd = get('pairs_done');
    const rg = get('recent_gain');
    const cols = params.map((p) => get(p.name));
    for (let i = 0; i < batch.numRows; i++) {
      x.push(Number(pd.get(i)));
      gain.push(Number(rg.get(i)));
      cols.forEach((c, j) => theta[j]!.push(Number(c.get(i))));
    }
  }
  if (x.length === 0) throw new OutputError(`${path} has no rows`);
  const mode = String(settings['mode'] ?? 'hands');
  const unit = mode === 'partien' ? 'Partie pairs' : 'deal pairs';
  const name = (s: unknown) => String(s ?? '?').replace(/^[^{}]*[/\\]/, '');
  const tuned = isObject(m['tuned']) && typeof m['tuned']['spec'] === 'string' ? name(m['tuned']['spec']) : null;
  // at most ~400 points a line: every row of a short run, evenly spaced rows of a long one (the last kept)
  const step = Math.max(1, Math.ceil(x.length / 400));
  const keep = (i: number) => i % step === 0 || i === x.length - 1;
  const series: Trajectory[] = params.map((p, j) => ({ parameter: p.name, start: p.start, points: [{ x: 0, value: p.start }, ...x.flatMap((xi, i) => (keep(i) ? [{ x: xi, value: theta[j]![i]! }] : []))] }));
  series.push({ parameter: 'recent gain', unit: mode === 'partien' ? 'win share − ½' : 'points a deal', start: 0, points: x.flatMap((xi, i) => (keep(i) ? [{ x: xi, value: gain[i]! }] : [])) });
  const spec = trajectoriesChart({
    title: `Tuning ${name(settings['policy'])} against ${name(settings['against'])} by SPSA`,
    subtitle: [
      `${String(settings['ruleset'] ?? '?')}, ${String(settings['players'] ?? 4)} players, seed ${String(settings['seed'] ?? '?')}; ${params.length} parameters, blocks of ${String(settings['block'] ?? '?')} pairs.${tuned === null ? '' : ` Tuned: ${tuned}.`}`,
      'Each panel: the value after each iteration (real; a whole-number option is rounded when played). Recent gain: the current values\' margin over the opponent.',
    ],
    xTitle: `${unit} played`,
    count: { n: x[x.length - 1]!, unit },
    series,
  });
  return [{ name: 'trajectory', what: 'every tuned parameter and the recent gain, against the pairs played', spec }];
}

// ---- perlagg league ----

/** The ratings chart of a league, from its manifest. */
export function leagueCharts(dir: string, m: Json): Chart[] {
  const ratings = isObject(m['ratings']) ? m['ratings'] : null;
  const list = ratings !== null && Array.isArray(ratings['ratings']) ? (ratings['ratings'] as Array<{ player: string; rating: number; low: number; high: number }>) : null;
  if (ratings === null || list === null || list.length === 0) throw new OutputError(`${dir}: the league has no ratings yet; nothing to draw`);
  const settings = isObject(m['settings']) ? m['settings'] : {};
  const pairs = Number(ratings['deals'] ?? 0);
  const mode = String(settings['mode'] ?? 'hands');
  const unit = mode === 'partien' ? 'Partie pairs' : 'deal pairs';
  const games = Number(m['matchesPlayed'] ?? list.length - 1);
  const rows: Rating[] = list.map((r) => ({ name: String(r.player).replace(/^[^{}]*[/\\]/, ''), estimate: r.rating, low: r.low, high: r.high, n: pairs * (list.length - 1) }));
  const spec = ratingsChart({
    title: `League of ${list.length} policies: ${String(ratings['fit']) === 'massey' ? 'least-squares ratings (Massey)' : 'Bradley–Terry ratings'}`,
    subtitle: [
      `${String(settings['ruleset'] ?? '?')}, ${String(settings['players'] ?? 4)} players, seed ${String(settings['seed'] ?? '?')}. Every pair of policies met on the same ${int(pairs)} duplicate ${unit === 'deal pairs' ? 'deals' : 'Partien'} (${games} matches).`,
      `A rating is ${String(ratings['unit'])} above the field's mean; 95% intervals from a bootstrap over the ${unit} (${String(ratings['replicates'])} replicates).`,
    ],
    unit: String(ratings['unit']),
    count: { n: pairs, unit: `${unit} a match` },
    nUnit: `${unit} played`,
    ratings: rows,
  });
  const data = { ruleset: String(settings['ruleset'] ?? '?'), players: Number(settings['players'] ?? 4), seed: Number(settings['seed'] ?? 0), mode, matches: leagueMatchesOfFolder(dir) };
  return [
    { name: 'ratings', what: 'every policy\'s rating with its 95% interval', spec },
    { name: 'matches', what: 'every match: A − B with its 95% interval', spec: matchesChart(data) },
    { name: 'cumulative', what: 'every match: A\'s running mean margin over the pairs played, with its 95% band', spec: cumulativeChart(data) },
  ];
}

/** league.arrow as its matches, in the table's order (the crosstable's: 0-1, 0-2, ..., 1-2, ...), each pair's margin in pair order. */
export function leagueMatchesOfFolder(dir: string): LeagueMatch[] {
  const path = join(dir, 'league.arrow');
  if (!existsSync(path)) throw new OutputError(`${dir} has no league.arrow (the manifest is from perlagg league)`);
  const matches: Array<{ a: string; b: string; margins: number[] }> = [];
  for (const batch of readArrowFileBatches(path)) {
    const get = (name: string) => {
      const c = batch.getChild(name);
      if (c === null) throw new OutputError(`${path} has no column ${name}`);
      return c;
    };
    const [a, b, margin] = ['a', 'b', 'margin'].map(get);
    for (let i = 0; i < batch.numRows; i++) {
      const pa = String(a!.get(i));
      const pb = String(b!.get(i));
      let last = matches[matches.length - 1];
      if (last === undefined || last.a !== pa || last.b !== pb) matches.push((last = { a: pa, b: pb, margins: [] }));
      last.margins.push(Number(margin!.get(i)));
    }
  }
  if (matches.length === 0) throw new OutputError(`${path} has no rows; nothing to draw`);
  return matches;
}

/** The match folders of a league (matches/<i>-<j>, i < j, in the crosstable's order), from its settings. */
function leagueMatchFolders(m: Json): string[] {
  const settings = isObject(m['settings']) ? m['settings'] : {};
  const count = Array.isArray(settings['policies']) ? settings['policies'].length : 0;
  const out: string[] = [];
  for (let i = 0; i < count; i++) for (let j = i + 1; j < count; j++) out.push(`${i}-${j}`);
  return out;
}

// ---- perlagg review ----

/** The review chart, from review.arrow and the manifest (thresholds, parameters). */
export function reviewCharts(dir: string, m: Json): Chart[] {
  const path = join(dir, 'review.arrow');
  if (!existsSync(path)) throw new OutputError(`${dir} has no review.arrow (the manifest is from perlagg review)`);
  const rows: ReviewChartRow[] = [];
  for (const batch of readArrowFileBatches(path)) {
    const get = (name: string) => {
      const c = batch.getChild(name);
      if (c === null) throw new OutputError(`${path} has no column ${name}`);
      return c;
    };
    const [deal, seat, taken, best, lost, cls] = ['deal', 'seat', 'taken', 'best', 'lost_points', 'class'].map(get);
    for (let i = 0; i < batch.numRows; i++) {
      const x = Number(lost!.get(i));
      if (Number.isNaN(x)) continue; // decided by rule: nothing searched, nothing lost
      rows.push({ n: rows.length + 1, deal: Number(deal!.get(i)), seat: Number(seat!.get(i)), taken: String(taken!.get(i)), best: String(best!.get(i)), lost: x, class: String(cls!.get(i)) });
    }
  }
  if (rows.length === 0) throw new OutputError(`${path} has no decision searched; nothing to draw`);
  const params = isObject(m['parameters']) ? m['parameters'] : {};
  const th = isObject(m['thresholds']) && isObject(m['thresholds']['points']) ? (m['thresholds']['points'] as { doubtful: number; bad: number; veryBad: number }) : { doubtful: 0.25, bad: 0.5, veryBad: 1 };
  const spec = reviewChart({
    recording: String(m['recording'] ?? '?'),
    ruleset: String(params['ruleset'] ?? '?'),
    worlds: Number(params['worlds'] ?? 0),
    seed: Number(params['seed'] ?? 0),
    seats: Number(m['seats'] ?? Math.max(...rows.map((r) => r.seat)) + 1),
    thresholds: th,
    rows,
  });
  return [{ name: 'review', what: 'the points each decision lost, by seat, coloured by class', spec }];
}

// ---- any folder ----

/** Every chart a result folder supports, from its tables and manifest. */
export function chartsOfFolder(dir: string): Chart[] {
  return chartsOfManifest(dir, readResultManifest(dir));
}

function chartsOfManifest(dir: string, m: Json): Chart[] {
  switch (m['command']) {
    case 'exact':
      return exactCharts(exactDataOfFolder(dir, m));
    case 'simulate':
      return simulationCharts(dir, m);
    case 'tune':
      return tuneCharts(dir, m);
    case 'league':
      return leagueCharts(dir, m);
    case 'review':
      return reviewCharts(dir, m);
    default:
      throw new OutputError(`${dir} holds the result of "perlagg ${String(m['command'])}", which has no charts`);
  }
}

/**
 * Draw every chart of a result folder into `<dir>/charts` (or `into`). A league's matches get theirs too
 * (each a simulate run of its own): into `matches/<i>-<j>/charts` of the league's folder, or with `into`
 * into `<into>/matches/<i>-<j>`.
 */
export async function writeFolderCharts(dir: string, into?: string): Promise<WrittenChart[]> {
  const m = readResultManifest(dir);
  const written = await writeCharts(into ?? join(dir, CHARTS_FOLDER), chartsOfManifest(dir, m));
  if (m['command'] === 'league') {
    for (const name of leagueMatchFolders(m)) {
      const match = join(dir, 'matches', name);
      const charts = chartsOfManifest(match, readResultManifest(match));
      written.push(...(await writeCharts(into === undefined ? join(match, CHARTS_FOLDER) : join(into, 'matches', name), charts)));
    }
  }
  return written;
}
