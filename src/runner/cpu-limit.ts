// How many CPUs this process may use, for the default worker count: the cores its affinity allows
// (os.availableParallelism) and no more than its cgroup's CPU quota — a Kubernetes pod's CPU limit, `docker
// run --cpus`, a systemd CPUQuota. Node 20's availableParallelism (libuv 1.46) reads only the affinity, so a
// pod limited to 2 CPUs on a 96-core node would start 96 workers (about 96 MB each) and be throttled.
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, posix } from 'node:path';

export interface CpuLimitSources {
  /** Where the cgroup file systems are mounted (default /sys/fs/cgroup). */
  readonly root?: string;
  /** The text of /proc/self/cgroup (default: read it). */
  readonly selfCgroup?: string;
  /** The cores the affinity allows (default os.availableParallelism()). */
  readonly parallelism?: number;
}

function read(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The folder and its ancestors up to `top` (the cgroup's own folder first). */
function upFrom(top: string, rel: string): string[] {
  const out: string[] = [];
  const parts = posix.normalize(`/${rel}`).split('/').filter((p) => p.length > 0 && p !== '..');
  for (let n = parts.length; n >= 0; n--) out.push(join(top, ...parts.slice(0, n)));
  return out;
}

/** cgroup v2 `cpu.max` ("400000 100000", or "max 100000" for none) -> CPUs, or null. */
function v2Quota(text: string | null): number | null {
  const m = text === null ? null : /^(\d+)\s+(\d+)\s*$/.exec(text.trim());
  return m === null || Number(m[2]) <= 0 ? null : Number(m[1]) / Number(m[2]);
}

/** cgroup v1 `cpu.cfs_quota_us` (-1 for none) over `cpu.cfs_period_us` -> CPUs, or null. */
function v1Quota(quota: string | null, period: string | null): number | null {
  const q = quota === null ? NaN : Number(quota.trim());
  const p = period === null ? NaN : Number(period.trim());
  return Number.isFinite(q) && q > 0 && Number.isFinite(p) && p > 0 ? q / p : null;
}

/**
 * The CPUs this process may use: the smallest CPU quota on its cgroup's path (its own and every ancestor's,
 * cgroup v2 `cpu.max` or v1 `cpu.cfs_quota_us`/`cpu.cfs_period_us`, also at the mount's root, which is the
 * container's own cgroup inside a container), rounded up (1.5 CPUs give 2 workers, which use the 1.5),
 * and never more than the cores the affinity allows; at least 1.
 */
export function usableCpus(src: CpuLimitSources = {}): number {
  const root = src.root ?? '/sys/fs/cgroup';
  const cores = Math.max(1, src.parallelism ?? availableParallelism());
  const self = src.selfCgroup ?? read('/proc/self/cgroup') ?? '';
  const quotas: number[] = [];
  for (const line of self.split('\n')) {
    const m = /^(\d+):([^:]*):(.*)$/.exec(line.trim());
    if (m === null) continue;
    const [, id, controllers, path] = m as unknown as [string, string, string, string];
    if (id === '0' && controllers === '') {
      // v2: the unified hierarchy, mounted at the root (pure v2) or at root/unified (hybrid)
      for (const top of [root, join(root, 'unified')]) {
        if (!existsSync(join(top, 'cgroup.controllers'))) continue;
        for (const dir of [...upFrom(top, path), top]) {
          const q = v2Quota(read(join(dir, 'cpu.max')));
          if (q !== null) quotas.push(q);
        }
      }
    } else if (controllers.split(',').includes('cpu')) {
      // v1: the cpu controller's own mount (named cpu, cpu,cpuacct or cpuacct,cpu)
      for (const name of ['cpu', 'cpu,cpuacct', 'cpuacct,cpu']) {
        const top = join(root, name);
        if (!existsSync(top)) continue;
        for (const dir of [...upFrom(top, path), top]) {
          const q = v1Quota(read(join(dir, 'cpu.cfs_quota_us')), read(join(dir, 'cpu.cfs_period_us')));
          if (q !== null) quotas.push(q);
        }
        break;
      }
    }
  }
  const limit = quotas.length === 0 ? Infinity : Math.ceil(Math.min(...quotas) - 1e-9);
  return Math.max(1, Math.min(cores, limit));
}

/** The default worker count: the CPUs this process may use (its affinity and its cgroup's CPU quota: a pod's limit). */
export const DEFAULT_WORKERS = usableCpus();
