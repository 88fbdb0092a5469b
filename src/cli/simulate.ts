// perlagg simulate: Monte Carlo over deals (issue 5). Figures of dealt hands today; played hands and
// whole Partien plug in as further modes of the same runner.
import { isAbsolute, join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { SingleBar } from 'cli-progress';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { cardShort, parseCards, parseSuit } from '../cards/notation.ts';
import { canonicalName, resolveRuleset } from '../rules/registry.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { parseSprt } from '../stats/sprt.ts';
import { formatPaired, pairedEstimate, type PairAcc } from '../stats/paired.ts';
import { resolveBietenRules, bietenRulesName } from '../games/bieten/rules.ts';
import { MAX_PLAYERS as MAX_BIETEN_PLAYERS } from '../games/bieten/engine.ts';
import { formatPairReport, pairReport } from '../stats/report.ts';
import { pentanomialFromPairScores } from '../stats/elo.ts';
import { metricEstimate, reviveAcc, type MetricAcc, type SimMode, type SimSpec, type StartState, DEFAULT_BATCH, DEFAULT_SPRT_BATCH } from '../sim/job.ts';
import { runSimulation, type Progress, type RunResult, type RunSprt, type Shard, varianceRatio } from '../runner/runner.ts';
import { writeRunCharts } from '../charts/commands.ts';
import { durationOption, positiveOption, textOption, wholeOption } from './errors.ts';
import { shardFrom, workersOption } from './run-options.ts';
import { summaryTable } from './run-summary.ts';
import { DEFAULT_WORKERS } from '../runner/cpu-limit.ts';
import { parseDealer, parseScore, startText } from '../sim/start.ts';
import { UsageError } from '../core/errors.ts';
import { splitPolicies } from '../registry/policies.ts';
import { fixed, signed } from '../core/numbers.ts';

interface SimulateArgs {
  game: string;
  ruleset?: string;
  seed: string;
  deals?: string;
  partien?: string;
  mode?: string;
  players: string;
  policies?: string;
  workers?: string;
  out?: string;
  resume: boolean;
  allowCodeChange: boolean;
  decisionTimeout?: string;
  shard?: string;
  shards?: string;
  untilCi?: string;
  metric?: string;
  timeBudget?: string;
  batchSize?: string;
  hand?: string[];
  trump?: string;
  where?: string;
  json: boolean;
  quiet: boolean;
  duplicate: boolean;
  independentStreams: boolean;
  detail: boolean;
  sprt?: string;
  score?: string;
  dealer?: string;
  decisions: boolean;
}

/** "90" or "90s", "5m", "2h" -> milliseconds. */
export function parseDuration(text: string, option = 'time-budget'): number {
  return durationOption(option, text)!;
}

function parseHands(items: readonly string[] | undefined): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const item of items ?? []) {
    const m = /^(\d+)\s*=\s*(.+)$/.exec(item);
    if (m === null) throw new UsageError(`--hand ${item}: write seat=cards, e.g. 0=HK,Weli`);
    if (out[m[1]!] !== undefined) throw new UsageError(`--hand: seat ${m[1]} given twice`);
    out[m[1]!] = parseCards(m[2]!).map(cardShort);
  }
  return out;
}

/**
 * What the run counted, in words: deals, hands, Partien; with --duplicate the pairs and the games they hold.
 * Bieten (individual play): deals and games, with --duplicate each in `seatings` rotations.
 */
export function countWords(mode: SimMode, duplicate: boolean, n: number, bieten: { readonly seatings: number } | null = null): string {
  const x = n.toLocaleString('en-US');
  if (bieten !== null) {
    const what = mode === 'partien' ? ['game', 'games'] : ['deal', 'deals'];
    if (!duplicate) return `${x} ${what[1]}${mode === 'partien' ? '' : ' (each the first of a game)'}`;
    return `${x} ${what[1]}, each played in ${bieten.seatings} rotations of the policies round the table (${(bieten.seatings * n).toLocaleString('en-US')} ${what[1]})`;
  }
  if (mode === 'figures') return `${x} deals`;
  if (mode === 'hands') return duplicate ? `${x} deals, each played in both seatings (${(2 * n).toLocaleString('en-US')} hands)` : `${x} hands`;
  return duplicate ? `${x} Partie starts, each played in both seatings (${(2 * n).toLocaleString('en-US')} Partien)` : `${x} Partien`;
}

function pairingLine(r: RunResult): string[] {
  const v = varianceRatio(r);
  if (v === null) return [];
  return [`Duplicate play: variance ratio unpaired/paired = ${v.toFixed(2)} (the paired interval is ${Math.sqrt(v).toFixed(2)}x narrower than an unpaired one from as many games).`];
}

/** The pentanomial counts of a duplicate Partie run (A's pair scores 0, 1/2, 1 fill slots 0, 2, 4). */
function partiePentanomial(acc: MetricAcc): [number, number, number, number, number] | null {
  if (acc.kind !== 'pair' || acc.n === 0) return null;
  // the pair scores are 0, 1/2 or 1: n, their sum and sum of squares give the three counts
  const n = acc.n;
  const ones = 2 * acc.sumSq - acc.sum; // Σx² = c½/4 + c1, Σx = c½/2 + c1
  const halves = 2 * (acc.sum - ones);
  const counts = pentanomialFromPairScores([]);
  counts[4] = Math.round(ones);
  counts[2] = Math.round(halves);
  counts[0] = n - counts[4] - counts[2];
  return counts;
}

/** fastchess-style lines of a duplicate comparison: points a deal (hands) or Elo and pentanomial (Partien). */
export function duplicateReport(r: RunResult, mode: SimMode): string[] {
  if (r.identicalPairs) {
    return [`A and B are the same policy with the same streams in both seatings: each deal is the same game twice with the parties' roles swapped, so A − B is exactly 0 in every pair by construction (use --independent-streams to check the machinery).`];
  }
  if (mode === 'hands') {
    const acc = r.metrics['a_minus_b'];
    if (acc === undefined || acc.kind !== 'pair') return [];
    const lines = formatPairReport(pairReport({ margins: reviveAcc(acc) as PairAcc, unit: 'deal pairs' }));
    if (acc.n > 1 && acc.min === 0 && acc.max === 0) lines.push('Every pair\'s difference is 0 although the seatings draw from streams of their own: the policies draw nothing from their streams (they are deterministic), so both seatings play the same game. An A/A check of the machinery needs a policy that draws from ctx.rng (e.g. random).');
    return lines;
  }
  const acc = r.metrics['a_wins'];
  if (acc === undefined) return [];
  const ptnml = partiePentanomial(acc);
  return ptnml === null ? [] : formatPairReport(pairReport({ pentanomial: ptnml, unit: 'Partie pairs' }));
}

/**
 * A Bieten comparison (individual play, rotated round the table): A − B with its paired interval and LOS, in
 * points a deal (hands) or in the share of games lost (games: B's minus A's).
 */
export function bietenDuplicateReport(r: RunResult, mode: SimMode): string[] {
  const spec = r.specs.find((m) => m.name === 'a_minus_b');
  const acc = r.metrics['a_minus_b'];
  if (spec === undefined || acc === undefined || acc.kind !== 'pair') return [];
  if (r.identicalPairs) {
    return ['A and B are the same policy with the same streams in every rotation: each deal is the same game in every rotation, so A − B summed over the rotations is exactly 0 by construction (use --independent-streams to check the machinery).'];
  }
  const e = pairedEstimate(reviveAcc(acc) as PairAcc, { kind: 'difference' });
  const what = mode === 'partien' ? 'fewer games lost by a seat of A than by a seat of B (share)' : 'points a deal, a seat of A minus a seat of B';
  if (e.kind !== 'interval') return [`A − B: ${formatPaired(e, { unit: spec.counts })} (${what})`];
  return [`A − B: ${signed(e.estimate, 4)} ± ${e.halfWidth.toFixed(4)} [${signed(e.low, 4)}, ${signed(e.high, 4)}] (95%), LOS ${(100 * (e.los ?? 0.5)).toFixed(1)}%, n = ${e.n.toLocaleString('en-US')} ${spec.counts}: ${what}`];
}

/** The SPRT at the end in words: the verdict, where it came, the plain mean (labelled) and the corrected estimate. */
export function sprtLines(s: RunSprt, unit: string): string[] {
  const st = s.status;
  const b = st.bounds;
  const head = `SPRT on ${s.metric} (H0: ${b.m0}, H1: ${b.m1}, alpha ${b.alpha}, beta ${b.beta}; looked at after every one of ${st.n.toLocaleString('en-US')} ${unit})`;
  if (st.constant !== null) return [`${head}: undecided: ${st.meanNote}.`];
  const verdict = st.verdict === 'continue' ? 'undecided' : `${st.verdict} accepted at ${unit.replace(/s$/, '')} ${st.decidedAt!.toLocaleString('en-US')} (deal ${s.decidedAtDeal!.toLocaleString('en-US')})`;
  const lines = [`${head}: ${verdict}; LLR ${st.llr === null ? 'n/a' : fixed(st.llr, 3)}, bounds ${fixed(st.lower, 3)} .. ${fixed(st.upper, 3)}.`];
  lines.push(`  ${st.verdict === 'continue' ? 'Sample mean' : 'Sample mean at the stop (biased toward the accepted hypothesis)'}: ${fixed(st.mean, 4)}.`);
  if (s.corrected !== null && s.corrected.method.startsWith('plain')) lines.push(`  Estimate at the stop: ${fixed(s.corrected.estimate, 4)} [${fixed(s.corrected.low, 4)}, ${fixed(s.corrected.high, 4)}] (95%, the plain t-interval: the effect lies so far beyond H1 that the stop time does not order it, and the stop hardly biases the mean).`);
  else if (s.corrected !== null) lines.push(`  Corrected (median-unbiased) estimate: ${fixed(s.corrected.estimate, 4)} [${fixed(s.corrected.low, 4)}, ${fixed(s.corrected.high, 4)}] (95%, ${st.verdict === 'continue' ? 'the end taken as a truncation of the test' : 'stagewise ordering'}).`);
  return lines;
}

function summaryJson(r: RunResult, settings: object, mode: SimMode, duplicate: boolean, bieten: { readonly seatings: number } | null = null): object {
  return {
    ...settings,
    dealsDone: r.dealsDone,
    counted: countWords(mode, duplicate, r.dealsDone, bieten),
    rejected: r.rejected,
    stoppedBy: r.stoppedBy,
    varianceRatioUnpairedOverPaired: varianceRatio(r),
    identicalPairs: r.identicalPairs,
    sprt: r.sprt === null ? null : { metric: r.sprt.metric, ...r.sprt.status, decidedAtDeal: r.sprt.decidedAtDeal, corrected: r.sprt.corrected },
    elapsedMs: Math.round(r.elapsedMs),
    metrics: Object.fromEntries(r.specs.map((m) => {
      const e = metricEstimate(r.metrics[m.name]!, m);
      const i = e.interval;
      const kind = e.paired === null ? 'interval' : e.paired.kind;
      return [m.name, { estimate: i.estimate, low: i.low, high: i.high, halfWidth: i.halfWidth, n: i.n, se: i.se, counts: m.counts, kind, ...(e.paired !== null && e.paired.kind === 'interval' && e.paired.los !== undefined ? { los: e.paired.los } : {}) }];
    })),
    files: r.files,
  };
}

/**
 * The progress bar's total: the deals asked for; with --until-ci the deals the target interval needs at the
 * present rate of narrowing (the half-width falls as 1/sqrt(n): n·(h/target)²), so the bar fills toward the
 * target instead of sitting at 50%.
 */
export function progressTotal(p: Progress, untilCi: number | undefined): number {
  if (p.dealsTotal !== null) return p.dealsTotal;
  const h = p.watched?.interval.halfWidth;
  if (untilCi !== undefined && h !== undefined && Number.isFinite(h) && h > 0) return Math.max(p.dealsDone, Math.ceil(p.dealsDone * (h / untilCi) ** 2));
  return Math.max(p.dealsDone * 2, 1);
}

export const simulateCommand: CommandModule<object, SimulateArgs> = {
  command: 'simulate',
  describe: 'Monte Carlo on all cores: figures of dealt hands, hands played by policies, or whole Partien',
  builder: (y: Argv<object>) =>
    y
      .option('game', { type: 'string', default: 'perlaggen', describe: 'the game: perlaggen, or bieten (the precursor game of [001]: --mode hands plays deals, --partien whole games)' })
      .option('ruleset', { alias: 'r', type: 'string', describe: 'ruleset, optionally with overrides (default oberland; bieten with --game bieten)' })
      .option('seed', { alias: 's', type: 'string', default: '1', describe: 'root seed: deal i\'s cards are a function of (seed, i)' })
      .option('deals', { alias: 'n', type: 'string', describe: 'number of deals (the whole run, all shards together)' })
      .option('partien', { type: 'string', describe: 'play this many whole Partien (sets --mode partien): a Partie table and a hand table' })
      .option('mode', { type: 'string', choices: ['figures', 'hands', 'partien'], describe: 'figures (default): deal and evaluate every hand, no play; hands: play hands with --policies; partien: whole Partien (Bieten: hands, the default, or partien = whole games)' })
      .option('players', { alias: 'p', type: 'string', default: '4', describe: 'players at the table: 2, 3, 4 or 6 (Bieten: 2 to 10)' })
      .option('policies', { type: 'string', describe: 'hands: one policy for all, one per party, or one per player, comma-separated; options in braces, e.g. "simple,random{bidRate=0.2}"; a file path loads a policy module' })
      .option('workers', { alias: 'w', type: 'string', describe: `worker threads, 0 = run in this thread (default and most: the core count, ${DEFAULT_WORKERS})` })
      .option('out', { alias: 'o', type: 'string', describe: 'folder for the Arrow tables and manifest (sharded: one subfolder per shard)' })
      .option('resume', { type: 'boolean', default: false, describe: 'continue an interrupted run in --out with the same settings, or one its --time-budget stopped (with a larger budget, or none)' })
      .option('allow-code-change', { type: 'boolean', default: false, describe: 'with --resume: continue a run made by other code (recorded in the manifest)' })
      .option('decision-timeout', { type: 'string', describe: 'end the run (exit 1) when one decision of a policy or one --where call takes longer, e.g. 60s (default), 5m' })
      .option('shard', { type: 'string', describe: 'run shard i of n, e.g. 0/3' })
      .option('shards', { type: 'string', describe: 'number of shards, the index taken from JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or AWS_BATCH_JOB_ARRAY_INDEX' })
      .option('until-ci', { type: 'string', describe: 'stop when the 95% interval half-width of --metric is at most this' })
      .option('metric', { type: 'string', describe: 'the metric --until-ci or --sprt watches (default: the mode\'s main metric: hand_gleich3, p0_minus_p1, a_minus_b with --duplicate, p0_wins; Bieten: s0_minus_others, s0_loses, a_minus_b)' })
      .option('sprt', { type: 'string', describe: 'stop when an SPRT on the (mean) metric decides: "m0,m1" (H0 mean m0, H1 mean m1, alpha = beta = 0.05) or "m0,m1,alpha,beta"' })
      .option('time-budget', { type: 'string', describe: 'stop after this long, e.g. 90s, 5m, 2h (the output is a prefix of the full run)' })
      .option('batch-size', { type: 'string', describe: 'deals (hands, Partien) per task and per Arrow record batch; part of the settings (default: figures 65536, hands 1024, partien 32; with --sprt 4096, 64, 4)' })
      .option('hand', { type: 'string', array: true, describe: 'fixed cards for a seat, e.g. --hand 0=HK,Weli (repeatable)' })
      .option('trump', { alias: 't', type: 'string', describe: 'fixed trump suit; deals with another trump are redealt (counted)' })
      .option('where', { type: 'string', describe: 'a module whose default export (deal) => boolean keeps a deal; others are redealt (counted)' })
      .option('duplicate', { type: 'boolean', default: false, describe: 'hands: play every deal twice with the two policies\' partnerships swapped (paired comparison of --policies A,B)' })
      .option('independent-streams', { type: 'boolean', default: false, describe: 'with --duplicate: the second seating draws from streams of its own (an A/A run of a policy against itself then measures noise, not 0)' })
      .option('detail', { type: 'boolean', default: false, describe: 'hands.arrow also gets each seat\'s cards at the first lead, the face-up card and the bid history' })
      .option('score', { type: 'string', describe: 'start every hand (--mode hands) or Partie (--partien) at this score per party, e.g. 9:4 (party A:B; each below the target): gestrichen, the limits, asks and the Double line follow from it' })
      .option('dealer', { type: 'string', describe: 'the dealer\'s seat of every hand (hands) or of every Partie\'s first deal (Partien), 0 to seats - 1 (default: the seats take turns)' })
      .option('decisions', { type: 'boolean', default: false, describe: 'hands and Partien: also write decisions.arrow, one row per bid, answer, raise, ask or veto, with the seat\'s score, best figures and Perlaggen then and what the figure finally brought (needs --out)' })
      .option('json', { type: 'boolean', default: false, describe: 'print the summary as one JSON object' })
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'no progress bar' })
      .example('perlagg simulate -n 1000000', 'how often a hand, a party, the table holds a dritziges Gleich (Oberland)')
      .example('perlagg simulate -r 1853 --until-ci 0.001 --metric hand_gleich3', 'until the interval is ±0.001')
      .example('perlagg simulate -n 1e6 --hand 0=HK,Weli -t H', 'given that seat 0 holds HK and the Weli, Herz trump')
      .example('perlagg simulate --mode hands -n 20000 --hand 0=HK,Weli', 'given this hand, how does its party fare in play?')
      .example('perlagg simulate --mode hands --policies simple,random --duplicate --sprt 0,0.2', 'is A better than B by 0.2 points a deal? (stops at the deciding deal)')
      .example('perlagg simulate --mode hands -n 4000 --policies simple,simple --duplicate --independent-streams', 'an A/A check of the machinery')
      .example('perlagg simulate -n 3000000 --shard 1/3 --out results/big', 'one shard of three (then perlagg merge)')
      .example('perlagg simulate --mode hands -n 100000 --policies simple,random', 'party 0 plays simple, party 1 random')
      .example('perlagg simulate -r 1853 --partien 10000 --policies simple,passive --out results/p', 'whole Partien: a Partie table and a hand table')
      .example('perlagg simulate --game bieten --mode hands -p 3 -n 100000', 'Bieten: deals of three players, plain policies')
      .example('perlagg simulate --game bieten --partien 20000 -p 4 --policies plain,random --duplicate', 'Bieten: does plain lose fewer games than random? (rotated round the table)')
      .example('perlagg simulate -r 1853 --partien 2000 --score 9:4 --dealer 1 --policies author1853,simple --duplicate', 'Partien from 9:4, seat 1 dealing: who wins from there?') as unknown as Argv<SimulateArgs>,
  handler: async (argv: ArgumentsCamelCase<SimulateArgs>) => {
    const req = simulateRequest(argv);
    const { bieten, spec, deals, workers, untilCi, batchSize, timeBudget, decisionTimeout, metric, sprtBounds, shard, out } = req;
    const bar = progressBar(argv, req.unit, untilCi);
    const onProgress = bar.onProgress;
    const mainMetric = bieten ? (argv.duplicate ? 'a_minus_b' : spec.mode === 'partien' ? 's0_loses' : 's0_minus_others') : argv.duplicate ? (spec.mode === 'partien' ? 'a_wins' : 'a_minus_b') : { figures: 'hand_gleich3', hands: 'p0_minus_p1', partien: 'p0_wins' }[spec.mode];
    const abort = new AbortController();
    const onSigint = () => abort.abort();
    process.once('SIGINT', onSigint);
    let result: RunResult;
    try {
      result = await runSimulation({
        spec,
        deals: deals ?? null,
        batchSize: batchSize ?? (sprtBounds === null ? DEFAULT_BATCH : DEFAULT_SPRT_BATCH)[spec.mode],
        workers,
        out,
        resume: argv.resume,
        allowCodeChange: argv.allowCodeChange,
        ...(decisionTimeout === undefined ? {} : { decisionTimeoutMs: decisionTimeout }),
        shard,
        untilCi: untilCi === undefined ? null : { metric: metric ?? mainMetric, halfWidth: untilCi },
        sprt: sprtBounds === null ? null : { metric: metric ?? mainMetric, bounds: sprtBounds },
        timeBudgetMs: timeBudget ?? null,
        onProgress,
        ...(bar.live ? { onLiveProgress: onProgress } : {}),
        onNote: (line) => process.stderr.write(`perlagg: note: ${line}\n`),
        signal: abort.signal,
      });
    } finally {
      process.off('SIGINT', onSigint);
      bar.stop();
    }
    printReport(argv, req, result);
    if (result.stoppedBy === 'interrupted') process.exitCode = 130;
    await writeRunCharts(out, { json: argv.json });
  },
};

/** What a simulate command asks for: its arguments checked (UsageError on a bad one) and turned into the run's spec. */
interface SimRequest {
  readonly game: string;
  readonly bieten: boolean;
  readonly perlaggenRules: RulesVariant | null;
  readonly players: number;
  readonly spec: SimSpec;
  readonly deals: number | undefined;
  readonly unit: string;
  readonly workers: number;
  readonly untilCi: number | undefined;
  readonly batchSize: number | undefined;
  readonly timeBudget: number | undefined;
  readonly decisionTimeout: number | undefined;
  readonly metric: string | undefined;
  readonly sprtBounds: ReturnType<typeof parseSprt>;
  readonly shard: ReturnType<typeof shardFrom>;
  readonly start: StartState | undefined;
  readonly out: string | null;
}

function simulateRequest(argv: ArgumentsCamelCase<SimulateArgs>): SimRequest {
  const game = textOption('game', argv.game)!.toLowerCase();
  if (game !== 'perlaggen' && game !== 'bieten') throw new UsageError(`--game: unknown game "${argv.game}" (known: perlaggen, bieten)`);
  const bieten = game === 'bieten';
  const rulesetText = textOption('ruleset', argv.ruleset ?? (bieten ? 'bieten' : 'oberland'))!;
  const perlaggenRules = bieten ? null : resolveRuleset(rulesetText);
  const rulesetName = bieten ? bietenRulesName(resolveBietenRules(rulesetText)) : canonicalName(perlaggenRules!);
  const seed = wholeOption('seed', argv.seed, 0, Number.MAX_SAFE_INTEGER, '2^53 - 1')!;
  let deals = wholeOption('deals', argv.deals, 1, 2 ** 32, '2^32');
  const partien = wholeOption('partien', argv.partien, 1, 2 ** 32, '2^32');
  const players = wholeOption('players', argv.players, 2, bieten ? MAX_BIETEN_PLAYERS : 6)!;
  if (!bieten && ![2, 3, 4, 6].includes(players)) throw new UsageError(`--players ${players}: must be 2, 3, 4 or 6`);
  const shards = wholeOption('shards', argv.shards, 1, 1_000_000);
  const shard = shardFrom(argv.shard, shards, process.env);
  let mode = textOption('mode', argv.mode ?? (bieten ? 'hands' : 'figures'))!;
  if (bieten && mode === 'figures') throw new UsageError('--game bieten plays deals (--mode hands) or whole games (--partien); --mode figures is Perlaggen\'s');
  if (bieten) {
    for (const [given, name] of [[argv.hand, '--hand'], [argv.trump, '--trump'], [argv.where, '--where'], [argv.score, '--score'], [argv.dealer, '--dealer']] as const) {
      if (given !== undefined) throw new UsageError(`${name} is Perlaggen's; it does not go with --game bieten`);
    }
    if (argv.detail) throw new UsageError('--detail is Perlaggen\'s; bieten_deals always holds every seat\'s figures');
  }
  if (partien !== undefined) {
    if (deals !== undefined) throw new UsageError('give --deals or --partien, not both');
    if (argv.mode !== undefined && mode !== 'figures' && mode !== 'partien') throw new UsageError(`--partien plays whole Partien; it does not go with --mode ${mode}`);
    mode = 'partien';
    deals = partien;
  }
  const unit = bieten ? (mode === 'partien' ? 'games' : 'deals') : mode === 'partien' ? (argv.duplicate ? 'Partie starts' : 'Partien') : mode === 'hands' ? (argv.duplicate ? 'deals' : 'hands') : 'deals';
  const workers = workersOption(argv.workers);
  const untilCi = positiveOption('until-ci', argv.untilCi);
  const batchSize = wholeOption('batch-size', argv.batchSize, 1, 1 << 24, '2^24');
  const timeBudget = durationOption('time-budget', argv.timeBudget);
  const decisionTimeout = durationOption('decision-timeout', argv.decisionTimeout);
  const metric = textOption('metric', argv.metric);
  if (metric !== undefined && untilCi === undefined && argv.sprt === undefined) throw new UsageError('--metric goes with --until-ci or --sprt');
  const sprtText = textOption('sprt', argv.sprt);
  const sprtBounds = sprtText === undefined ? null : parseSprt(sprtText);
  if (sprtText !== undefined && sprtBounds === null) throw new UsageError(`--sprt ${sprtText}: write m0,m1 (different numbers) or m0,m1,alpha,beta with alpha and beta below 0.5`);
  const outArg = textOption('out', argv.out);
  if (argv.resume && outArg === undefined) throw new UsageError('--resume needs --out');
  if (argv.allowCodeChange && !argv.resume) throw new UsageError('--allow-code-change goes with --resume');
  if (argv.policies !== undefined && mode === 'figures') throw new UsageError('--policies goes with --mode hands or --partien (--mode figures deals and evaluates, nobody plays)');
  const policiesText = textOption('policies', argv.policies);
  let predicate: string | null = null;
  const whereArg = textOption('where', argv.where);
  if (whereArg !== undefined) {
    predicate = isAbsolute(whereArg) ? whereArg : resolve(whereArg);
    if (!existsSync(predicate)) throw new UsageError(`--where ${whereArg}: no such file`);
  }
  const trumpText = textOption('trump', argv.trump);
  const trump = trumpText === undefined ? undefined : parseSuit(trumpText, '--trump');
  const scoreText = textOption('score', argv.score);
  const dealerText = textOption('dealer', argv.dealer);
  if ((scoreText !== undefined || dealerText !== undefined) && mode === 'figures') throw new UsageError(`--${scoreText !== undefined ? 'score' : 'dealer'} starts hands or Partien from a given state: use it with --mode hands or --partien`);
  const start: StartState | undefined =
    scoreText === undefined && dealerText === undefined ? undefined
    : { score: scoreText === undefined ? null : parseScore(scoreText, perlaggenRules!, players), dealer: dealerText === undefined ? null : parseDealer(dealerText, perlaggenRules!, players) };
  const spec: SimSpec = {
    ...(bieten ? { game: 'bieten' as const } : {}),
    mode: mode as SimMode,
    ruleset: rulesetName,
    players,
    policies: policiesText === undefined ? [] : splitPolicies(policiesText),
    seed,
    constraints: { hands: parseHands(argv.hand), trump: trump?.toUpperCase() ?? null, predicate },
    ...(argv.duplicate ? { duplicate: true } : {}),
    ...(argv.independentStreams ? { independentStreams: true } : {}),
    ...(argv.detail ? { detail: true } : {}),
    ...(start === undefined ? {} : { start }),
    ...(argv.decisions ? { decisions: true } : {}),
  };
  if (argv.decisions && spec.mode === 'figures') throw new UsageError('--decisions records the bidding: use it with --mode hands or --partien');
  if (argv.decisions && outArg === undefined) throw new UsageError('--decisions writes decisions.arrow: give --out');
  if (argv.duplicate && spec.mode === 'figures') throw new UsageError('--duplicate compares two policies: use it with --mode hands or --partien');
  if (argv.independentStreams && !argv.duplicate) throw new UsageError('--independent-streams goes with --duplicate');
  if (argv.detail && spec.mode === 'figures') throw new UsageError('--detail adds cards and bids to hands.arrow: use it with --mode hands or --partien');
  const out = outArg === undefined ? null : shard === null ? outArg : join(outArg, `shard-${shard.index}-of-${shard.count}`);
  return { game, bieten, perlaggenRules, players, spec, deals, unit, workers, untilCi, batchSize, timeBudget, decisionTimeout, metric, sprtBounds, shard, start, out };
}

/** The progress bar on a terminal (none with --quiet, --json or no TTY): the update, and its stop. */
function progressBar(argv: ArgumentsCamelCase<SimulateArgs>, unit: string, untilCi: number | undefined): { onProgress: (p: Progress) => void; live: boolean; stop: () => void } {
  const bar = !argv.quiet && !argv.json && process.stderr.isTTY ? new SingleBar({ format: ` {bar} {percentage}% | {value}/{total} ${unit} | {rate} ${unit}/s | ETA {eta_formatted} | {ci}`, hideCursor: true, stream: process.stderr, etaBuffer: 20 }) : null;
  let started = false;
  const onProgress = (p: Progress): void => {
    if (bar === null) return;
    const total = progressTotal(p, untilCi);
    const ci =
      p.watched !== null ? `${p.watched.metric} ±${p.watched.interval.halfWidth.toPrecision(3)}${untilCi !== undefined ? ` (target ±${untilCi}${p.dealsTotal === null ? ', total estimated' : ''})` : ''}`
      : p.sprt !== null ? `SPRT LLR ${p.sprt.llr === null ? 'n/a' : fixed(p.sprt.llr, 2)} (bounds ${fixed(p.sprt.lower, 2)} .. ${fixed(p.sprt.upper, 2)})`
      : '';
    const payload = { rate: Math.round(p.dealsPerSec).toLocaleString('en-US'), ci };
    if (!started) {
      bar.start(total, p.dealsDone, payload);
      started = true;
    } else {
      bar.setTotal(total);
      bar.update(p.dealsDone, payload);
    }
  };
  return { onProgress, live: bar !== null, stop: () => bar?.stop() };
}

/** What a finished (or interrupted) run prints: the summary as JSON, or the report in lines. */
function printReport(argv: ArgumentsCamelCase<SimulateArgs>, req: SimRequest, result: RunResult): void {
  const { game, bieten, perlaggenRules, players, spec, unit, shard, start, out } = req;
  const settings = { ...(bieten ? { game } : {}), ruleset: spec.ruleset, mode: spec.mode, players: spec.players, seed: spec.seed, ...(start === undefined ? {} : { start }), shard, out };
  const counted = bieten ? { seatings: argv.duplicate ? players : 1 } : null;
  if (argv.json) process.stdout.write(JSON.stringify(summaryJson(result, settings, spec.mode, argv.duplicate, counted)) + '\n');
  else {
    const rate = result.dealsDone - result.resumedFrom > 0 ? Math.round((result.dealsDone - result.resumedFrom) / (result.elapsedMs / 1000)) : 0;
    const lines = [
      `perlagg simulate${bieten ? ' --game bieten' : ''}: ${spec.ruleset}, ${spec.players} players, seed ${spec.seed}${shard ? `, shard ${shard.index}/${shard.count}` : ''}${start === undefined ? '' : `; from ${startText(start, perlaggenRules!)}`}`,
      `${countWords(spec.mode, argv.duplicate, result.dealsDone, counted)}${result.resumedFrom > 0 ? (result.resumedFrom === result.dealsDone && result.stoppedBy !== 'interrupted' ? ' (all by an earlier run: the folder held this run, complete)' : ` (${result.resumedFrom.toLocaleString('en-US')} before resuming)`) : ''}, ${(result.elapsedMs / 1000).toFixed(1)} s, ${rate.toLocaleString('en-US')} ${unit}/s; stopped by: ${{ deals: `the ${unit} asked for`, interval: 'the interval width', sprt: 'the SPRT', constant: 'the SPRT cannot decide (the same value in every observation)', time: 'the time budget', interrupted: 'an interrupt' }[result.stoppedBy]}${result.rejected > 0 ? `; ${result.rejected.toLocaleString('en-US')} deals redealt by constraints (acceptance ${(result.dealsDone / (result.dealsDone + result.rejected)).toFixed(4)})` : ''}`,
      summaryTable(result),
      ...(argv.duplicate ? (bieten ? bietenDuplicateReport(result, spec.mode) : duplicateReport(result, spec.mode)) : []),
      ...pairingLine(result),
      ...(result.sprt === null ? [] : sprtLines(result.sprt, result.specs.find((m) => m.name === result.sprt!.metric)!.counts)),
    ];
    if (out !== null) lines.push(result.stoppedBy === 'interrupted' ? `Interrupted: ${out} holds the committed batches; continue with the same command and --resume.` : `Wrote ${result.files.join(', ')} and manifest.json${result.stoppedBy === 'sprt' ? ` (the deals up to the deciding one: ${result.dealsDone.toLocaleString('en-US')} ${unit})` : ''}`);
    process.stdout.write(lines.join('\n') + '\n');
  }
  if (result.stoppedBy === 'interrupted') process.exitCode = 130;
}

