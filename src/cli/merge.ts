// perlagg merge: concatenate the shards of a sharded run (in shard order) into one output that is
// byte-identical to what an unsharded run would have written.
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { mergeRun } from '../runner/merge-run.ts';
import { readRunManifest } from '../results/run-manifest.ts';
import { reviveAcc, type MetricAcc, type MetricSpec } from '../sim/job.ts';
import { writeRunCharts } from '../charts/commands.ts';
import { summaryTable } from './run-summary.ts';

interface MergeArgs {
  shards: string[];
  out: string;
}

export const mergeCommand: CommandModule<object, MergeArgs> = {
  command: 'merge <shards..>',
  describe: 'Merge the shards of a sharded simulate run into one output',
  builder: (y: Argv<object>) =>
    y
      .positional('shards', { type: 'string', array: true, demandOption: true, describe: 'the run folder holding shard-<i>-of-<n>, or the shard folders' })
      .option('out', { alias: 'o', type: 'string', demandOption: true, describe: 'a new folder for the merged tables and manifest' })
      .example('perlagg merge results/big --out results/big/merged', 'after perlagg simulate --shards 3 --out results/big') as Argv<MergeArgs>,
  handler: async (argv: ArgumentsCamelCase<MergeArgs>) => {
    const r = mergeRun(argv.shards, argv.out);
    const dirs = r.folders;
    const rows = Object.entries(r.tables).map(([t, x]) => `${t} ${JSON.stringify(x)}`).join('; ');
    process.stdout.write(r.already === true ? `${argv.out} already holds this merge of ${dirs.length} shards (checked; left as it is): ${rows}\n` : `Merged ${dirs.length} shards into ${argv.out}: ${rows}\n`);
    // what a user reads after a run: the merged run's summary table and its charts, as simulate --out gives them
    const m = readRunManifest(argv.out, { requireSeal: true });
    const specs = m?.['metricSpecs'] as MetricSpec[] | undefined;
    const metrics = m?.['metrics'] as Record<string, MetricAcc> | undefined;
    if (m !== null && Array.isArray(specs) && metrics !== undefined && specs.every((s) => metrics[s.name] !== undefined)) {
      const revived = Object.fromEntries(Object.entries(metrics).map(([k, a]) => [k, reviveAcc(a)]));
      process.stdout.write(`${m.progress.dealsDone.toLocaleString('en-US')} deals in the merged run (seed ${String((m.settings as { seed?: unknown }).seed)})\n${summaryTable({ specs, metrics: revived })}\n`);
    }
    if (r.already !== true) await writeRunCharts(argv.out);
  },
};
