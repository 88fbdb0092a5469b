// perlagg experiment list | run | report (issue 11): the 1853 author's claims (RULES §16, H-01 … H-42)
// tested with duplicate deals and intervals. The experiments are declared in experiments/ (one file per
// family); the framework in src/experiments/ runs them through the ordinary runner. `list` reads only the
// declarations: the runner, the report and the chart are imported by the sub-command that uses them.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { EXPERIMENTS, NOT_TESTABLE } from '../../experiments/index.ts';
import { DEFAULT_SEED, type Experiment } from '../experiments/types.ts';
import { DEFAULT_WORKERS } from '../runner/cpu-limit.ts';
import { wholeOption } from './errors.ts';
import { shardFrom, workersOption } from './run-options.ts';
import { UsageError } from '../core/errors.ts';
import type { SizeName, ArmSummary, ExperimentSummary } from '../experiments/summary.ts';
import { signed as signedNumber } from '../core/numbers.ts';
export const RESULTS_DIR = 'results/experiments';
/** Where `experiment report` writes by default: results/, never the committed docs/findings.md. */
export const FINDINGS_OUT = 'results/findings.md';

interface RunArgs {
  ids?: string[];
  all: boolean;
  quick: boolean;
  smoke: boolean;
  json: boolean;
  seed?: string;
  workers?: string;
  out: string;
  shard?: string;
  shards?: string;
  shadow: boolean;
}

/** The experiment of an id ("H-24", "h24", "24"), or the not-testable entry, or null. */
export function findExperiment(id: string): { experiment: Experiment } | { notTestable: { id: string; why: string; claim: string } } | null {
  const m = /^h?-?(\d{1,2})([a-z]?)$/i.exec(id.trim());
  const norm = m === null ? id.trim() : `H-${m[1]!.padStart(2, '0')}${m[2]!.toLowerCase()}`;
  const e = EXPERIMENTS.find((x) => x.id === norm);
  if (e !== undefined) return { experiment: e };
  const n = NOT_TESTABLE.find((x) => x.id === norm);
  return n === undefined ? null : { notTestable: n };
}

const signed = (x: number, d = 4): string => (Number.isFinite(x) ? signedNumber(x, d) : String(x));

/** One arm in a line or two: the effect, its interval, n, what pairing bought, the SPRT, the verdict. */
export function armLines(a: ArmSummary): string[] {
  const e = a.effect;
  const what = a.design === 'describe' ? `${e.estimate.toFixed(4)} (claim: ${a.direction === 'greater' ? 'above' : 'below'} ${a.reference})` : `A − B = ${signed(e.estimate)}`;
  const iv = e.kind === 'constant' ? `(the same in every pair)` : `[${signed(e.low)}, ${signed(e.high)}]`;
  const ratio = a.varianceRatio === null ? '' : `; playing the same deals: variance ratio unpaired/paired ${a.varianceRatio.toFixed(2)} (a ${Math.sqrt(a.varianceRatio).toFixed(2)}x narrower interval)`;
  const sprt = a.sprt === null ? '' : `; SPRT (H0 ${a.sprt.bounds.m0}, H1 ${a.sprt.bounds.m1}): ${a.sprt.verdict === 'continue' ? 'undecided' : `${a.sprt.verdict} accepted at pair ${a.sprt.decidedAt}`}${a.sprt.corrected === null ? '' : ` (corrected estimate shown)`}`;
  const fired = a.differing === null ? '' : `; ${a.differing.toLocaleString('en-US')} of them differ between A and B${a.perDiffering === null ? '' : ` (${signed(a.perDiffering)} per differing one)`}${a.decisions == null ? '' : `; decisions: ${a.decisions.differing.toLocaleString('en-US')} of ${a.decisions.made.toLocaleString('en-US')} differ`}`;
  return [
    `  ${a.name} (${a.table === 'author1853' ? 'the author\'s table' : `against ${a.table}`}): ${a.label}`,
    `    ${what} ${iv} ${a.unit}, 95% interval, n = ${a.n.toLocaleString('en-US')} ${a.nUnit}${fired}; δ = ${a.delta}${ratio}${sprt}`,
    `    → ${a.verdict}: ${a.verdictWhy}${a.rejected > 0 ? `; ${a.rejected.toLocaleString('en-US')} deals redealt by the constraints` : ''}; ${(a.elapsedMs / 1000).toFixed(1)} s`,
  ];
}

export function summaryLines(s: ExperimentSummary): string[] {
  const p = s.arms[0]!;
  return [
    `${s.id}: ${s.claim}`,
    `  A = ${s.a}; B = ${s.b}; ${s.ruleset}, ${s.players} players; ${s.size} size, seed ${s.seed}`,
    ...s.arms.flatMap(armLines),
    ...(s.note === null ? [] : [`  Note: ${s.note}`]),
    ...(s.untested === null ? [] : [`  Marked untested: ${s.untested}`]),
    `  Fields: ${s.fields.map((f) => `${f.table} ${f.verdict} (${f.arm})`).join('; ')} (before Holm's correction over the family, which the report applies)`,
    `Verdict ${s.id}: ${s.verdict} (${p.name}): effect ${signed(p.effect.estimate)} [${signed(p.effect.low)}, ${signed(p.effect.high)}] ${p.unit}, n = ${p.n.toLocaleString('en-US')} ${p.nUnit}${p.varianceRatio === null ? '' : `, variance ratio ${p.varianceRatio.toFixed(2)}`}; ${(s.elapsedMs / 1000).toFixed(1)} s. Reproduce: ${s.command}`,
  ];
}

const runCommand: CommandModule<object, RunArgs> = {
  command: 'run [ids..]',
  describe: 'run experiments: a verdict (supported, refuted, no effect that matters, inconclusive, untested) with the effect, its 95% interval, n and the deals that differ',
  builder: (y: Argv<object>) =>
    y
      .positional('ids', { type: 'string', array: true, describe: 'hypothesis ids, e.g. H-24 H-30 (or 24 30)' })
      .option('all', { type: 'boolean', default: false, describe: 'every testable experiment (H-01 … H-42), in order' })
      .option('quick', { type: 'boolean', default: false, describe: 'the quick form (under a minute each on 2 cores)' })
      .option('smoke', { type: 'boolean', default: false, describe: 'the smoke form (seconds: checks the machinery, not the claim)' })
      .option('seed', { alias: 's', type: 'string', describe: `root seed (default ${DEFAULT_SEED})` })
      .option('workers', { alias: 'w', type: 'string', describe: `worker threads, 0 = this thread (default ${DEFAULT_WORKERS}); the compared runs count decisions in this thread unless --no-shadow` })
      .option('out', { alias: 'o', type: 'string', default: RESULTS_DIR, describe: 'results folder: each experiment writes <out>/<id>/ (the runner\'s tables and manifests, summary.json, chart.svg)' })
      .option('shard', { type: 'string', describe: 'with --all or several ids: run share i of n of the experiments, e.g. 0/3 (then perlagg experiment report reads them all)' })
      .option('shards', { type: 'string', describe: 'number of shares, the index from JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or AWS_BATCH_JOB_ARRAY_INDEX' })
      .option('json', { type: 'boolean', default: false, describe: 'print each summary as one JSON line' })
      .option('shadow', { type: 'boolean', default: true, describe: 'count the decisions where A and B act differently (each seat asks the other policy what it would do; the compared runs go in this thread); --no-shadow: not counted, the runs on the workers, the same results' })
      .example('perlagg experiment run H-24 --quick', 'the quick form of H-24: a verdict in under a minute')
      .example('perlagg experiment run --all --shard 0/4', 'a quarter of the experiments (full size) on this machine') as unknown as Argv<RunArgs>,
  handler: async (argv: ArgumentsCamelCase<RunArgs>) => {
    if (argv.quick && argv.smoke) throw new UsageError('give --quick or --smoke, not both');
    const size: SizeName = argv.smoke ? 'smoke' : argv.quick ? 'quick' : 'full';
    const seed = wholeOption('seed', argv.seed, 0, Number.MAX_SAFE_INTEGER, '2^53 - 1') ?? DEFAULT_SEED;
    const workers = workersOption(argv.workers);
    const ids = argv.ids ?? [];
    if (argv.all && ids.length > 0) throw new UsageError('give experiment ids or --all, not both');
    if (!argv.all && ids.length === 0) throw new UsageError('name an experiment (e.g. H-24), or --all; perlagg experiment list shows them');
    const todo: Array<{ experiment: Experiment } | { notTestable: { id: string; why: string; claim: string } }> = [];
    if (argv.all) todo.push(...EXPERIMENTS.map((experiment) => ({ experiment })), ...NOT_TESTABLE.map((notTestable) => ({ notTestable })));
    for (const id of ids) {
      const f = findExperiment(id);
      // a claim tested in parts (H-07: H-07a and H-07b) runs them all
      const base = /^h?-?(\d{1,2})$/i.exec(id.trim());
      const parts = f === null && base !== null ? EXPERIMENTS.filter((e) => /[a-z]$/.test(e.id) && e.id.slice(0, -1) === `H-${base[1]!.padStart(2, '0')}`) : [];
      if (f === null && parts.length === 0) throw new UsageError(`${id}: no such experiment (perlagg experiment list shows H-01 … H-42)`);
      if (f === null) todo.push(...parts.map((experiment) => ({ experiment })));
      else todo.push(f);
    }
    const shards = wholeOption('shards', argv.shards, 1, 1_000_000);
    const shard = shardFrom(argv.shard, shards, process.env);
    const mine = shard === null ? todo : todo.filter((_, i) => i % shard.count === shard.index);
    const out = resolve(argv.out);
    const { ExperimentInterrupted, runExperiment } = await import('../experiments/run.ts');
    const abort = new AbortController();
    const onSigint = () => abort.abort();
    process.once('SIGINT', onSigint);
    try {
      for (const t of mine) {
        if ('notTestable' in t) {
          process.stdout.write(argv.json ? JSON.stringify({ id: t.notTestable.id, verdict: 'not testable', why: t.notTestable.why }) + '\n' : `${t.notTestable.id}: not testable: ${t.notTestable.why}\n`);
          continue;
        }
        let s: ExperimentSummary;
        try {
          s = await runExperiment(t.experiment, { size, seed, workers, out, shadow: argv.shadow, signal: abort.signal, onNote: (line) => process.stderr.write(`perlagg: note: ${line}\n`) });
        } catch (err) {
          if (!(err instanceof ExperimentInterrupted)) throw err;
          process.stderr.write(`perlagg: ${err.message}\n`);
          process.exitCode = 130;
          return;
        }
        process.stdout.write(argv.json ? JSON.stringify(s) + '\n' : summaryLines(s).join('\n') + `\nWrote ${join(argv.out, s.id)}/ (summary.json, chart.svg, the runner's tables and manifests)\n\n`);
      }
    } finally {
      process.off('SIGINT', onSigint);
    }
  },
};

interface ListArgs {
  json: boolean;
}

const listCommand: CommandModule<object, ListArgs> = {
  command: 'list',
  describe: 'the experiments: id, claim, arms (design, metric, situation); and the claims not testable, with why',
  builder: (y: Argv<object>) => y.option('json', { type: 'boolean', default: false, describe: 'as JSON' }) as unknown as Argv<ListArgs>,
  handler: (argv: ArgumentsCamelCase<ListArgs>) => {
    if (argv.json) {
      process.stdout.write(JSON.stringify({ experiments: EXPERIMENTS, notTestable: NOT_TESTABLE }) + '\n');
      return;
    }
    const lines: string[] = [NOT_TESTABLE.length === 0 ? `${EXPERIMENTS.length} experiments (testable): every claim of H-01 … H-42` : `${EXPERIMENTS.length} experiments (testable), ${NOT_TESTABLE.length} ${NOT_TESTABLE.length === 1 ? 'claim' : 'claims'} not testable:`];
    const all = [...EXPERIMENTS.map((e) => ({ id: e.id, e })), ...NOT_TESTABLE.map((n) => ({ id: n.id, n }))].sort((x, y) => x.id.localeCompare(y.id, 'en', { numeric: true }));
    for (const x of all) {
      if ('e' in x) {
        const e = x.e;
        lines.push(`${e.id}  ${e.claim}`);
        lines.push(`      A = ${e.a}; B = ${e.b}`);
        for (const a of e.arms) {
          const who = [a.a === undefined ? '' : `A = ${a.a}`, a.b === undefined ? '' : `B = ${a.b}`, a.design === 'duplicate' ? '' : `against ${a.opponent ?? 'author1853'}`].filter((x) => x !== '').join(', ');
          lines.push(`      ${a.name}: ${a.design}, ${a.mode}, ${a.compare === 'variance' ? 'variance of ' : ''}${a.metric} (${a.direction}${a.reference === undefined ? '' : ` than ${a.reference}`})${a.score === undefined ? '' : `, from ${a.score.join(':')}`}${a.where === undefined ? '' : ', deals chosen by a --where predicate'}${a.hands === undefined ? '' : `, fixed cards ${Object.entries(a.hands).map(([k, v]) => `${k}=${v.join(',')}`).join(' ')}`}${a.stop?.kind === 'sprt' ? `, SPRT ${a.stop.m0}/${a.stop.m1}` : ''}${who === '' ? '' : `; ${who}`}`);
        }
        if (e.untested !== undefined) lines.push(`      marked untested: ${e.untested}`);
      } else lines.push(`${x.n.id}  not testable: ${x.n.why}`);
    }
    process.stdout.write(lines.join('\n') + '\n');
  },
};

interface ReportArgs {
  results: string;
  replicate?: string;
  firing?: string;
  out?: string;
  docs: boolean;
}

/** The summaries in a results folder (<dir>/<id>/summary.json); a clear error for a folder without any. */
function readSummaries(dir: string, option: string): ExperimentSummary[] {
  if (!existsSync(dir)) throw new UsageError(`${option} ${dir}: no such folder (run perlagg experiment run first)`);
  const summaries: ExperimentSummary[] = [];
  for (const d of readdirSync(dir).sort()) {
    const f = join(dir, d, 'summary.json');
    if (!existsSync(f)) continue;
    const s = JSON.parse(readFileSync(f, 'utf8')) as ExperimentSummary;
    if (s.schema !== 'perlagg.experiment/2') throw new UsageError(`${f}: not an experiment summary of this version (schema ${String(s.schema)}): run the experiment again`);
    summaries.push(s);
  }
  if (summaries.length === 0) throw new UsageError(`${option} ${dir}: no <id>/summary.json in it (run perlagg experiment run first)`);
  return summaries;
}

/** docs/rules.md of the checkout (the German sentences), when it is there. */
function rulesText(): string | undefined {
  const p = fileURLToPath(new URL('../../docs/rules.md', import.meta.url));
  return existsSync(p) ? readFileSync(p, 'utf8') : undefined;
}

const reportCommand: CommandModule<object, ReportArgs> = {
  command: 'report',
  describe: 'write the findings (every claim H-01 … H-42 with its verdict, δ, firing and interval) from the summaries in the results folder',
  builder: (y: Argv<object>) =>
    y
      .option('results', { type: 'string', default: RESULTS_DIR, describe: 'the folder the runs wrote (<results>/<id>/summary.json)' })
      .option('replicate', { type: 'string', describe: 'a second results folder, the same experiments at another seed: shown side by side; a claim whose verdict differs is inconclusive' })
      .option('firing', { type: 'string', describe: 'a results folder whose runs counted decisions (e.g. the quick form of every experiment): their counts, marked, where a summary has none' })
      .option('out', { alias: 'o', type: 'string', describe: `the Markdown file to write (default ${FINDINGS_OUT}; its chart beside it)` })
      .option('docs', { type: 'boolean', default: false, describe: 'write docs/findings.md (the committed findings) instead: only from a full-size run of every experiment' })
      .example('perlagg experiment report', `${FINDINGS_OUT} from results/experiments/*/summary.json`)
      .example('perlagg experiment report --results results/experiments --replicate results/experiments-seed2 --docs', 'docs/findings.md from two full-size runs at two seeds') as unknown as Argv<ReportArgs>,
  handler: async (argv: ArgumentsCamelCase<ReportArgs>) => {
    if (argv.docs && argv.out !== undefined) throw new UsageError('give --docs or --out, not both');
    const summaries = readSummaries(argv.results, '--results');
    const replicates = argv.replicate === undefined ? [] : readSummaries(argv.replicate, '--replicate');
    const firing = argv.firing === undefined ? [] : readSummaries(argv.firing, '--firing');
    if (argv.docs) {
      const missing = EXPERIMENTS.filter((e) => !summaries.some((s) => s.id === e.id)).map((e) => e.id);
      const small = summaries.filter((s) => s.size !== 'full').map((s) => s.id);
      if (missing.length > 0 || small.length > 0) throw new UsageError(`--docs: docs/findings.md holds the full size of every experiment; ${missing.length > 0 ? `${missing.length} not run (${missing.slice(0, 4).join(', ')}${missing.length > 4 ? ' …' : ''})` : `${small.length} not at full size (${small.slice(0, 4).join(', ')}${small.length > 4 ? ' …' : ''})`}: write elsewhere with --out`);
    }
    const out = argv.docs ? 'docs/findings.md' : (argv.out ?? FINDINGS_OUT);
    const [{ categoryCounts, claimSources, findingsMarkdown, writeFindings }, { judgeClaims }, { writeFindingsChart }] = await Promise.all([import('../experiments/report.ts'), import('../experiments/judge.ts'), import('../experiments/chart.ts')]);
    const rules = rulesText();
    const chartName = basename(out).replace(/\.md$/, '') + '-chart.svg';
    writeFindings(out, findingsMarkdown({ summaries, replicates, experiments: EXPERIMENTS, notTestable: NOT_TESTABLE, sources: rules === undefined ? undefined : claimSources(rules), chart: chartName, firing }));
    const judged = judgeClaims(summaries, replicates);
    await writeFindingsChart(dirname(out), chartName.replace(/\.svg$/, ''), judged); // the SVG and its spec beside it
    const counts = categoryCounts(judged, NOT_TESTABLE);
    process.stdout.write(`Wrote ${out} and ${chartName}: ${summaries.length} experiments${replicates.length > 0 ? ` (replicated: ${replicates.length})` : ''}; ${[...counts].filter(([, k]) => k > 0).map(([c, k]) => `${k} ${c}`).join(', ')}\n`);
  },
};

export const experimentCommand: CommandModule<object, object> = {
  command: 'experiment',
  describe: 'the 1853 author\'s claims (H-01 … H-42) tested: list, run, report',
  builder: (y: Argv<object>) => y.command(listCommand).command(runCommand).command(reportCommand).demandCommand(1, 'name a sub-command: list, run or report') as Argv<object>,
  handler: () => {},
};
