// A sharded run merged (what `perlagg merge` and the library's merge() do): the shard folders found (those
// given, or the shard-<i>-of-<n> subfolders of one folder, in index order), their tables concatenated in
// shard order by mergeShards (src/results/merge.ts) and their metric accumulators added up.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { mergeShards, type MergeResult } from '../results/merge.ts';
import { mergeAcc, type MetricAcc } from '../sim/job.ts';
import { UsageError } from '../core/errors.ts';

/** The shard folders: those given, or the shard-<i>-of-<n> subfolders of one folder, in index order. */
export function shardFolders(args: readonly string[]): string[] {
  if (args.length === 0) throw new UsageError('name the run folder holding shard-<i>-of-<n>, or the shard folders');
  for (const a of args) if (!existsSync(a) || !statSync(a).isDirectory()) throw new UsageError(`${a}: no such folder`);
  if (args.length === 1 && !existsSync(join(args[0]!, 'manifest.json'))) {
    const subs = readdirSync(args[0]!)
      .map((name) => ({ name, m: /^shard-(\d+)-of-(\d+)$/.exec(name) }))
      .filter((x) => x.m !== null)
      .sort((a, b) => Number(a.m![1]) - Number(b.m![1]));
    if (subs.length === 0) throw new UsageError(`${args[0]}: no shard-<i>-of-<n> folders and no manifest.json in it`);
    return subs.map((x) => join(args[0]!, x.name));
  }
  return [...args];
}

/** Metric accumulators add up across shards (each shard's are sums over its deals). */
function combineMetrics(vs: unknown[]): unknown {
  const maps = vs as Array<Record<string, MetricAcc>>;
  return Object.fromEntries(Object.keys(maps[0]!).map((k) => [k, maps.map((m) => m[k]!).reduce(mergeAcc)]));
}

/** Merge the shards named by `args` (see shardFolders) into `out`; the folders merged come back with the result. */
export function mergeRun(args: readonly string[], out: string): MergeResult & { readonly folders: readonly string[] } {
  const folders = shardFolders(args);
  return { ...mergeShards(folders, out, { combine: { metrics: combineMetrics } }), folders };
}
