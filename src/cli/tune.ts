// perlagg tune: SPSA on a policy's declared numeric options against an opponent, on duplicate deals or
// Partien, then a confirmation match on fresh deals (src/tune/tune.ts).
import { isAbsolute, resolve } from 'node:path';
import { SingleBar } from 'cli-progress';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { canonicalName, resolveRuleset } from '../rules/registry.ts';
import { parseSprt } from '../stats/sprt.ts';
import { isPolicyFile, resolvePolicy } from '../registry/policies.ts';
import { DEFAULT_WORKERS } from '../runner/cpu-limit.ts';
import { boundHitLine, boundsHit, DEFAULT_R_END, type BoundHit } from '../tune/params.ts';
import { runTune, type TuneResult } from '../tune/tune.ts';
import type { TuneMode, TuneProgress } from '../tune/options.ts';
import type { Confirmation } from '../tune/confirm.ts';
import { writeResultCharts } from '../charts/commands.ts';
import { positiveOption, textOption, wholeOption } from './errors.ts';
import { workersOption } from './run-options.ts';
import { UsageError } from '../core/errors.ts';
import { signed as signedNumber } from '../core/numbers.ts';

interface TuneArgs {
  policy?: string;
  params?: string;
  against?: string;
  partien: boolean;
  ruleset: string;
  players: string;
  seed: string;
  pairs: string;
  block: string;
  rEnd?: string;
  commitEvery: string;
  confirm: string;
  confirmPairs: string;
  workers?: string;
  out?: string;
  resume: boolean;
  allowCodeChange: boolean;
  json: boolean;
  quiet: boolean;
}

/** A policy given as a file path is made absolute (workers and resumes load the same file); a built-in as it is. */
export function absolutePolicy(spec: string): string {
  const m = /^\s*([^{}]+?)\s*(\{.*\})?\s*$/.exec(spec);
  if (m === null) throw new UsageError(`malformed policy "${spec}" (write a name, e.g. simple, or a file path)`);
  const name = m[1]!;
  return isPolicyFile(name) && !isAbsolute(name) ? resolve(name) + (m[2] ?? '') : spec.trim();
}

const shortName = (spec: string) => spec.replace(/^[^{}]*[/\\]/, '');
const signed = (x: number, d = 4) => signedNumber(x, d);

/** Time left at the pace so far (`done` in `ms`, `left` to go), as 45s, 3m20s or 2h05m; '…' before a pace is known. */
export function etaText(done: number, ms: number, left: number): string {
  if (left <= 0) return '0s';
  if (!(done > 0 && ms > 0)) return '…';
  const s = Math.ceil((left * ms) / done / 1000);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** The confirmation in words: effect ± interval, n, the verdict. */
export function confirmationLine(c: Confirmation, mode: TuneMode): string {
  const unit = mode === 'hands' ? 'points a deal' : 'win share − ½';
  const pairs = mode === 'hands' ? 'deal pairs' : 'Partie pairs';
  if (c.verdict === 'identical') return 'Confirmation: none needed: the tuned values are the start values.';
  const verdict = { H1: `H1 accepted: the tuned values are better (by ${c.bounds.m1} or more)`, H0: `H0 accepted: the tuned values are not better by ${c.bounds.m1}`, undecided: `undecided after the most pairs (${c.n.toLocaleString('en-US')})` }[c.verdict];
  return `Confirmation (tuned against the start on ${c.n.toLocaleString('en-US')} fresh ${pairs}, seed ${c.seed}, SPRT H0 ${c.bounds.m0} / H1 ${c.bounds.m1}, alpha ${c.bounds.alpha}, beta ${c.bounds.beta}): ${signed(c.estimate)} ± ${((c.hi - c.lo) / 2).toFixed(4)} ${unit} [${signed(c.lo)}, ${signed(c.hi)}] (${c.method}); ${verdict}.`;
}

function report(r: TuneResult, mode: TuneMode, header: string, boundNotes: readonly string[]): string {
  const unit = mode === 'hands' ? 'deal pairs' : 'Partie pairs';
  const games = mode === 'hands' ? 'hands' : 'Partien';
  const lines = [
    header,
    `${r.state.k.toLocaleString('en-US')} ${unit} (${(4 * r.state.k).toLocaleString('en-US')} ${games}: θ + cΔ and θ − cΔ each against the opponent in both seatings)${r.alreadyComplete === true ? ' (the stored result of the finished run)' : r.resumedFrom > 0 ? `, ${r.resumedFrom.toLocaleString('en-US')} before resuming` : ''}, ${(r.elapsedMs / 1000).toFixed(1)} s`,
    '  parameter          start      tuned    range            c_end     r_end',
    ...r.params.map((p, i) => `  ${p.name.padEnd(16)} ${String(p.start).padStart(7)}  ${(p.integer === true ? `${r.state.theta[i]!.toFixed(2)} → ${r.values[p.name]}` : r.state.theta[i]!.toPrecision(4)).padStart(10)}    [${p.min}, ${p.max}]`.padEnd(60) + `${p.cEnd.toPrecision(3).padStart(8)}  ${String(p.rEnd).padStart(8)}`),
    ...boundNotes.map((line) => `  note: ${line}.`),
    `Tuned: ${shortName(r.spec)}`,
    `Recent gain against ${shortName(r.opponent)}: ${r.state.recentGain === null ? 'n/a' : signed(r.state.recentGain)} ${mode === 'hands' ? 'points a deal' : 'win share − ½'} (a weighted mean over the last ~100 pairs of θ ± cΔ, both against the opponent)`,
  ];
  if (r.confirmation !== null) lines.push(confirmationLine(r.confirmation, mode));
  if (r.files.length > 0) lines.push(`Wrote ${r.files.join(', ')} and manifest.json`);
  return lines.join('\n') + '\n';
}

export const tuneCommand: CommandModule<object, TuneArgs> = {
  command: 'tune',
  describe: 'Tune a policy\'s numeric options by SPSA (fishtest\'s schedule) on duplicate deals, then confirm on fresh deals',
  builder: (y: Argv<object>) =>
    y
      .option('policy', { type: 'string', describe: 'the policy to tune, with its starting options, e.g. simple or "simple{holdSlack=2}" or a file path' })
      .option('params', { type: 'string', describe: 'options to tune, comma-separated (default: every declared numeric option); each may be name:min:max or name:min:max:cEnd:rEnd' })
      .option('against', { type: 'string', describe: 'the opponent (default: the policy as given, at its starting options)' })
      .option('partien', { type: 'boolean', default: false, describe: 'score whole Partien (won or lost) instead of the points of single hands' })
      .option('ruleset', { alias: 'r', type: 'string', default: 'oberland', describe: 'ruleset, optionally with overrides' })
      .option('players', { alias: 'p', type: 'string', default: '4', describe: 'players: 4 or 6 (two parties)' })
      .option('seed', { alias: 's', type: 'string', default: '1', describe: 'root seed: the perturbations, the tuning deals and the confirmation deals all come from it' })
      .option('pairs', { alias: 'n', type: 'string', default: '2000', describe: 'SPSA\'s planned iterations N, in deal (Partie) pairs; A = 10% of N' })
      .option('block', { type: 'string', default: '8', describe: 'pairs played with one perturbation (split over the workers)' })
      .option('r-end', { type: 'string', describe: `the step ratio r_end at the end, for parameters that do not give their own (default ${DEFAULT_R_END})` })
      .option('commit-every', { type: 'string', default: '10', describe: 'iterations per committed record batch of trajectory.arrow (a crash loses at most these)' })
      .option('confirm', { type: 'string', default: '0,0.1', describe: 'the confirmation SPRT: "m0,m1" or "m0,m1,alpha,beta" on tuned minus start (points a deal; Partien: win share − 1/2), or "none"' })
      .option('confirm-pairs', { type: 'string', default: '20000', describe: 'the most pairs the confirmation plays' })
      .option('workers', { alias: 'w', type: 'string', describe: `worker threads, 0 = this thread (default: the core count, ${DEFAULT_WORKERS})` })
      .option('out', { alias: 'o', type: 'string', describe: 'folder for trajectory.arrow, the charts, the confirmation and manifest.json (resumable)' })
      .option('resume', { type: 'boolean', default: false, describe: 'continue an interrupted tuning run in --out with the same settings' })
      .option('allow-code-change', { type: 'boolean', default: false, describe: 'with --resume: continue a run made by other code' })
      .option('json', { type: 'boolean', default: false, describe: 'print { spec, values, confirmation: { estimate, lo, hi, n, verdict } } as one JSON object' })
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'no progress bar' })
      .example('perlagg tune --policy simple --params holdSlack,spielTricks -n 2000 --out results/tune-simple', 'two options of simple against simple at its defaults')
      .example('perlagg tune --policy simple --params holdSlack:0:8 --against passive -n 4000', 'one option in a narrowed range, against passive')
      .example('perlagg tune --policy ./strategies/simple.ts --pairs 10000 --r-end 0.05 --json', 'every numeric option of a bot by its file (yours: its path), the result as JSON') as unknown as Argv<TuneArgs>,
  handler: async (argv: ArgumentsCamelCase<TuneArgs>) => {
    const policyText = textOption('policy', argv.policy);
    if (policyText === undefined) throw new UsageError('--policy is required: the policy to tune, e.g. --policy simple');
    const policy = absolutePolicy(policyText);
    const againstText = textOption('against', argv.against);
    const against = againstText === undefined ? null : absolutePolicy(againstText);
    const r = resolveRuleset(textOption('ruleset', argv.ruleset)!);
    const players = wholeOption('players', argv.players, 2, 6)!;
    if (players !== 4 && players !== 6) throw new UsageError(`--players ${players}: tuning plays duplicate deals of two parties: 4 or 6`);
    const seed = wholeOption('seed', argv.seed, 0, Number.MAX_SAFE_INTEGER, '2^53 - 1')!;
    const pairs = wholeOption('pairs', argv.pairs, 1, 1e9, '1,000,000,000')!;
    const block = wholeOption('block', argv.block, 1, 65535)!;
    const commitEvery = wholeOption('commit-every', argv.commitEvery, 1, 1e6)!;
    const rEnd = positiveOption('r-end', argv.rEnd);
    const confirmText = textOption('confirm', argv.confirm)!;
    const bounds = confirmText.trim() === 'none' ? 'none' : parseSprt(confirmText);
    if (bounds === null) throw new UsageError(`--confirm ${confirmText}: write m0,m1 (different numbers) or m0,m1,alpha,beta with alpha and beta below 0.5`);
    const confirmPairs = wholeOption('confirm-pairs', argv.confirmPairs, 20, 1e9, '1,000,000,000')!;
    const workers = workersOption(argv.workers);
    const out = textOption('out', argv.out) ?? null;
    if (argv.resume && out === null) throw new UsageError('--resume needs --out');
    if (argv.allowCodeChange && !argv.resume) throw new UsageError('--allow-code-change goes with --resume');
    const mode: TuneMode = argv.partien ? 'partien' : 'hands';
    const bar = !argv.quiet && !argv.json && process.stderr.isTTY ? new SingleBar({ format: ' {bar} {percentage}% | {value}/{total} pairs | iteration {iteration} | {values} | recent gain {gain} | ETA {until}', hideCursor: true, stream: process.stderr, etaBuffer: 50 }) : null;
    let started = false;
    let first: { pairs: number; ms: number } | null = null;
    const onProgress = (p: TuneProgress): void => {
      if (bar === null) return;
      const values = Object.entries(p.values).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ');
      // the ETA from this session's own pace (pairs since the first report over the time since), '…' until there is one
      first ??= { pairs: p.pairsDone, ms: p.elapsedMs };
      const until = p.phase === 'confirming' ? '…' : etaText(p.pairsDone - first.pairs, p.elapsedMs - first.ms, p.pairsTotal - p.pairsDone);
      const payload = { iteration: p.iteration, values: p.phase === 'confirming' ? 'confirming on fresh deals…' : values, gain: p.recentGain === null ? 'n/a' : signed(p.recentGain, 3), until };
      if (!started) {
        bar.start(p.pairsTotal, p.pairsDone, payload);
        started = true;
      } else bar.update(p.pairsDone, payload);
    };
    const abort = new AbortController();
    const onSigint = () => abort.abort();
    process.once('SIGINT', onSigint);
    let result: TuneResult;
    try {
      result = await runTune({
        policy,
        params: textOption('params', argv.params) ?? null,
        against,
        mode,
        ruleset: canonicalName(r),
        players,
        seed,
        pairs,
        block,
        ...(rEnd === undefined ? {} : { rEnd }),
        commitEvery,
        confirm: bounds === 'none' ? null : { bounds, maxPairs: confirmPairs },
        workers,
        out,
        resume: argv.resume,
        allowCodeChange: argv.allowCodeChange,
        onProgress,
        onNote: (line) => process.stderr.write(`perlagg: note: ${line}\n`),
        signal: abort.signal,
      });
    } finally {
      process.off('SIGINT', onSigint);
      bar?.stop();
    }
    if (result.stoppedBy === 'interrupted') {
      process.stderr.write(out === null ? 'perlagg: interrupted\n' : `perlagg: interrupted: ${out} holds the committed iterations; continue with the same command and --resume\n`);
      process.exitCode = 130;
      return;
    }
    const c = result.confirmation;
    const factory = (await resolvePolicy(policy)).factory;
    const atBound: BoundHit[] = boundsHit(factory, result.params, result.state.theta);
    if (argv.json) {
      const confirmation = c === null ? null : { estimate: c.estimate, lo: c.lo, hi: c.hi, n: c.n, verdict: c.verdict, seed: c.seed, bounds: c.bounds, method: c.method };
      process.stdout.write(JSON.stringify({ spec: result.spec, values: result.values, confirmation, start: result.start, against: result.opponent, pairs: result.state.k, theta: Object.fromEntries(result.params.map((p, i) => [p.name, result.state.theta[i]!])), recentGain: result.state.recentGain, atBound, files: result.files }) + '\n');
    } else {
      const names = result.params.map((p) => p.name).join(', ');
      process.stdout.write(report(result, mode, `perlagg tune: ${shortName(policy)} (${names}) against ${shortName(result.opponent)}, ${canonicalName(r)}, ${players} players, seed ${seed}, SPSA (alpha 0.602, gamma 0.101, A ${result.state.A})`, atBound.map((h) => boundHitLine(h, factory.name, result.params))));
    }
    if (out !== null && result.alreadyComplete !== true) {
      await writeResultCharts(out, { json: argv.json });
      if (c !== null && c.verdict !== 'identical') {
        try {
          await writeResultCharts(`${out}/confirmation`, { json: argv.json });
        } catch {
          // the confirmation's charts are a bonus; its tables are safe
        }
      }
    }
  },
};
