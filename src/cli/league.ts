// perlagg league: every pair of policies on the same duplicate deals (or Partien); a crosstable of paired
// differences and ratings with error bars (src/league/league.ts).
import Table from 'cli-table3';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { canonicalName, resolveRuleset } from '../rules/registry.ts';
import { DEFAULT_WORKERS } from '../runner/cpu-limit.ts';
import { formatPairReport, pairReport } from '../stats/report.ts';
import { pairAccOf, type PairedEstimate } from '../stats/paired.ts';
import { pentanomialFromPairScores } from '../stats/elo.ts';
import type { RatingsReport } from '../stats/ratings.ts';
import { runLeague, type LeagueMode, type LeagueResult } from '../league/league.ts';
import { writeResultCharts } from '../charts/commands.ts';
import { textOption, wholeOption } from './errors.ts';
import { workersOption } from './run-options.ts';
import { UsageError } from '../core/errors.ts';
import { splitPolicies } from '../registry/policies.ts';
import { signed } from '../core/numbers.ts';

interface LeagueArgs {
  policies?: string;
  deals?: string;
  partien?: string;
  ruleset: string;
  players: string;
  seed: string;
  replicates: string;
  batchSize?: string;
  workers?: string;
  out?: string;
  resume: boolean;
  allowCodeChange: boolean;
  json: boolean;
  quiet: boolean;
}


function cellText(e: PairedEstimate, d: number): string {
  if (e.kind === 'interval') return `${signed(e.estimate, d)} ±${e.halfWidth.toFixed(d)}`;
  if (e.kind === 'constant') return `${signed(e.value, d)} (all pairs)`;
  return 'n/a';
}

/** The crosstable: row A, column B, A's paired margin over B with its 95% half-width. */
function crosstableText(r: LeagueResult, d: number): string {
  const t = new Table({ head: ['', ...r.names], style: { head: [], border: [], compact: true } });
  r.names.forEach((a, i) => {
    t.push([a, ...r.names.map((_, j) => (i === j ? '·' : cellText(r.crosstable.find((c) => c.a === i && c.b === j)!.margin, d)))]);
  });
  return t.toString();
}

function ratingsText(rep: RatingsReport, d: number): string {
  const t = new Table({ head: ['rank', 'policy', `rating (${rep.unit})`, '95% interval', 'se'], style: { head: [], border: [], compact: true } });
  [...rep.ratings].sort((x, y) => y.rating - x.rating).forEach((r, i) => t.push([String(i + 1), r.player, signed(r.rating, d), `[${signed(r.low, d)}, ${signed(r.high, d)}]`, r.se.toFixed(d)]));
  return t.toString();
}

/** One fastchess-style line per match. */
function matchLines(r: LeagueResult, mode: LeagueMode): string[] {
  const out: string[] = [];
  for (const m of r.matches) {
    const rep = mode === 'hands' ? pairReport({ margins: pairAccOf(m.margins), unit: 'deal pairs' }) : pairReport({ pentanomial: pentanomialFromPairScores(m.scores), margins: pairAccOf(m.margins), unit: 'Partie pairs' });
    const lines = formatPairReport(rep).map((l) => (mode === 'partien' ? l.replace(/^Points: (.*) a deal/, 'Win share − ½: $1') : l));
    out.push(`${r.names[m.a]} vs ${r.names[m.b]}: ${lines.join('; ')}`);
  }
  return out;
}

export const leagueCommand: CommandModule<object, LeagueArgs> = {
  command: 'league',
  describe: 'Rate several policies: every pair on the same duplicate deals, a crosstable and ratings with error bars',
  builder: (y: Argv<object>) =>
    y
      .option('policies', { type: 'string', describe: 'the policies, comma-separated; options in braces, a file path adds a bot of your own, e.g. "random,passive,simple,./my-bot.ts"' })
      .option('deals', { alias: 'n', type: 'string', describe: 'deal pairs every match plays (the same deals in every match; default 2000)' })
      .option('partien', { type: 'string', describe: 'play this many Partie pairs in every match instead (won or lost Partien)' })
      .option('ruleset', { alias: 'r', type: 'string', default: 'oberland', describe: 'ruleset, optionally with overrides' })
      .option('players', { alias: 'p', type: 'string', default: '4', describe: 'players: 4 or 6 (two parties)' })
      .option('seed', { alias: 's', type: 'string', default: '1', describe: 'root seed of the deals (and of the bootstrap)' })
      .option('replicates', { type: 'string', default: '1000', describe: 'bootstrap replicates for the ratings\' intervals' })
      .option('batch-size', { type: 'string', describe: 'deals (Partien) per task in each match (default hands 256, Partien 8)' })
      .option('workers', { alias: 'w', type: 'string', describe: `worker threads, 0 = this thread (default: the core count, ${DEFAULT_WORKERS})` })
      .option('out', { alias: 'o', type: 'string', describe: 'folder for league.arrow, every match\'s run (matches/), the charts and manifest.json (resumable)' })
      .option('resume', { type: 'boolean', default: false, describe: 'continue an interrupted league in --out' })
      .option('allow-code-change', { type: 'boolean', default: false, describe: 'with --resume: continue matches made by other code' })
      .option('json', { type: 'boolean', default: false, describe: 'print the crosstable and the ratings as one JSON object' })
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'no progress lines' })
      .example('perlagg league --policies random,passive,simple -n 2000 --out results/league', 'the built-in bots, 2,000 deal pairs a match')
      .example('perlagg league --policies simple,./strategies/passive.ts,"simple{holdSlack=2}" -n 1000', 'a bot of your own by its file, and an option setting')
      .example('perlagg league -r 1853 --policies random,simple,passive --partien 300 --json', 'whole Partien, the result as JSON') as unknown as Argv<LeagueArgs>,
  handler: async (argv: ArgumentsCamelCase<LeagueArgs>) => {
    const text = textOption('policies', argv.policies);
    if (text === undefined) throw new UsageError('--policies is required: at least two, e.g. --policies random,simple');
    const policies = splitPolicies(text);
    if (policies.length < 2) throw new UsageError(`--policies ${text}: a league needs at least 2 policies`);
    const r = resolveRuleset(textOption('ruleset', argv.ruleset)!);
    const players = wholeOption('players', argv.players, 2, 6)!;
    if (players !== 4 && players !== 6) throw new UsageError(`--players ${players}: a league plays duplicate deals of two parties: 4 or 6`);
    const seed = wholeOption('seed', argv.seed, 0, Number.MAX_SAFE_INTEGER, '2^53 - 1')!;
    const deals = wholeOption('deals', argv.deals, 2, 2 ** 32, '2^32');
    const partien = wholeOption('partien', argv.partien, 2, 2 ** 32, '2^32');
    if (deals !== undefined && partien !== undefined) throw new UsageError('give --deals or --partien, not both');
    const mode: LeagueMode = partien !== undefined ? 'partien' : 'hands';
    const pairs = partien ?? deals ?? 2000;
    const replicates = wholeOption('replicates', argv.replicates, 20, 1_000_000)!;
    const batchSize = wholeOption('batch-size', argv.batchSize, 1, 1 << 24, '2^24');
    const workers = workersOption(argv.workers);
    const out = textOption('out', argv.out) ?? null;
    if (argv.resume && out === null) throw new UsageError('--resume needs --out');
    if (argv.allowCodeChange && !argv.resume) throw new UsageError('--allow-code-change goes with --resume');
    const talk = !argv.quiet && !argv.json;
    const abort = new AbortController();
    const onSigint = () => abort.abort();
    process.once('SIGINT', onSigint);
    let result: LeagueResult;
    const t0 = performance.now();
    try {
      result = await runLeague({
        policies, mode, ruleset: canonicalName(r), players, seed, pairs, replicates, workers, out, resume: argv.resume,
        ...(batchSize === undefined ? {} : { batchSize }),
        allowCodeChange: argv.allowCodeChange,
        onMatch: (m) => {
          if (talk && m.phase === 'start') process.stderr.write(`perlagg: match ${m.index + 1}/${m.count}: ${m.a} vs ${m.b} (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
        },
        onNote: (line) => process.stderr.write(`perlagg: note: ${line}\n`),
        signal: abort.signal,
      });
    } finally {
      process.off('SIGINT', onSigint);
    }
    if (result.stoppedBy === 'interrupted') {
      process.stderr.write(out === null ? 'perlagg: interrupted\n' : `perlagg: interrupted: ${out} holds the finished matches and the committed part of the current one; continue with the same command and --resume\n`);
      process.exitCode = 130;
      return;
    }
    const unit = mode === 'hands' ? 'deal pairs' : 'Partie pairs';
    if (argv.json) {
      const ratings = (rep: RatingsReport) => ({ fit: rep.fit, unit: rep.unit, method: rep.method, replicates: rep.replicates, ratings: rep.ratings });
      process.stdout.write(JSON.stringify({
        policies: result.names, mode, ruleset: canonicalName(r), players, seed, pairs, unit,
        crosstable: result.crosstable.map((c) => ({ a: result.names[c.a], b: result.names[c.b], ...c.margin })),
        ratings: ratings(result.massey), bradleyTerry: ratings(result.bradleyTerry), files: result.files, elapsedMs: Math.round(result.elapsedMs),
      }) + '\n');
    } else {
      const d = mode === 'hands' ? 3 : 3;
      const lines = [
        `perlagg league: ${result.names.join(', ')}; ${canonicalName(r)}, ${players} players, seed ${seed}; every pair of them on the same ${pairs.toLocaleString('en-US')} ${mode === 'hands' ? 'deals' : 'Partien'}, each played in both seatings (${(result.elapsedMs / 1000).toFixed(1)} s)`,
        '',
        `Crosstable: the row's policy against the column's, ${mode === 'hands' ? 'points a deal' : 'win share − ½'} with the 95% half-width (n = ${pairs.toLocaleString('en-US')} ${unit} a cell):`,
        crosstableText(result, d),
        '',
        ...matchLines(result, mode),
        '',
        `Ratings, least squares on the paired margins (Massey), ${result.massey.unit} above the field's mean:`,
        ratingsText(result.massey, d),
        `Ratings, Bradley–Terry on the pairs won, drawn and lost, Elo above the field's mean:`,
        ratingsText(result.bradleyTerry, 1),
        `Intervals: ${result.massey.method}.`,
      ];
      if (result.files.length > 0) lines.push(`Wrote ${result.files.join(', ')}, matches/ and manifest.json`);
      process.stdout.write(lines.join('\n') + '\n');
    }
    if (out !== null) await writeResultCharts(out, { json: argv.json });
  },
};
