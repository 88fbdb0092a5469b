// The options of a run that several commands share (simulate, tune, league, experiment run): --workers and
// the shard of this process. A file of their own, so that a command reads them without loading simulate's.
import { DEFAULT_WORKERS } from '../runner/cpu-limit.ts';
import type { Shard } from '../runner/options.ts';
import { UsageError } from '../core/errors.ts';
import { wholeOption } from './errors.ts';

/** The most worker threads a run uses: one per core (more only cost memory: 1,000 deals took 487 s and 4.3 GB with 99 on 2 cores). */
export const MAX_WORKERS = DEFAULT_WORKERS;

/** --workers (0 = this thread; default the core count); more than the cores is taken as the cores, with a note on stderr. */
export function workersOption(value: unknown): number {
  const workers = wholeOption('workers', value, 0, 1_000_000) ?? DEFAULT_WORKERS;
  if (workers <= MAX_WORKERS) return workers;
  process.stderr.write(`perlagg: note: --workers ${workers} is more than this machine's ${MAX_WORKERS} cores; using ${MAX_WORKERS}\n`);
  return MAX_WORKERS;
}

/**
 * The shard of this process: --shard i/n, or --shards n with the index from the scheduler:
 * JOB_COMPLETION_INDEX (Kubernetes Indexed Job, 0-based), SLURM_ARRAY_TASK_ID (minus SLURM_ARRAY_TASK_MIN),
 * AWS_BATCH_JOB_ARRAY_INDEX (0-based).
 */
export function shardFrom(shard: string | undefined, shards: number | undefined, env: NodeJS.ProcessEnv): Shard | null {
  if (Array.isArray(shard)) throw new UsageError('--shard is given more than once; give it once');
  if (shard !== undefined) {
    const m = /^(\d{1,9})\/(\d{1,9})$/.exec(shard.trim());
    if (m === null) throw new UsageError(`--shard ${JSON.stringify(shard)}: write index/count, e.g. 0/3`);
    const index = Number(m[1]);
    const count = Number(m[2]);
    if (count < 1 || index >= count) throw new UsageError(`--shard ${shard}: the index must be 0 to ${count - 1}`);
    return { index, count };
  }
  const fromEnv = (): number | null => {
    const num = (name: string): number | null => {
      const v = env[name];
      if (v === undefined || v === '') return null;
        if (!/^\d+$/.test(v) || !Number.isSafeInteger(Number(v))) throw new UsageError(`${name}=${v} is not a shard index`);
      return Number(v);
    };
    const k8s = num('JOB_COMPLETION_INDEX');
    if (k8s !== null) return k8s;
    const slurm = num('SLURM_ARRAY_TASK_ID');
    if (slurm !== null) return slurm - (num('SLURM_ARRAY_TASK_MIN') ?? 0);
    return num('AWS_BATCH_JOB_ARRAY_INDEX');
  };
  const index = fromEnv();
  if (shards === undefined) {
    if (index !== null) throw new UsageError('a shard index is set in the environment: give --shards <count> too');
    return null;
  }
  if (!(Number.isInteger(shards) && shards >= 1)) throw new UsageError('--shards must be a whole number >= 1');
  if (index === null) throw new UsageError('--shards needs the shard index: --shard i/n, or JOB_COMPLETION_INDEX, SLURM_ARRAY_TASK_ID or AWS_BATCH_JOB_ARRAY_INDEX');
  if (index < 0 || index >= shards) throw new UsageError(`shard index ${index} is outside 0-${shards - 1}`);
  return { index, count: shards };
}
