// The default worker count follows the CPU limit of the process's cgroup (a Kubernetes pod's limit), not
// only the node's cores: usableCpus fed with cgroup v1 and v2 trees built in a temp folder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { usableCpus } from '../../src/runner/cpu-limit.ts';
import { scratchDir } from '../scratch.js';

const made: string[] = [];
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A cgroup mount in a temp folder: files given by path relative to the root. */
function tree(files: Record<string, string>): string {
  const root = scratchDir('cgroup');
  made.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

describe('usableCpus: cgroup v2 (cpu.max)', () => {
  const v2 = (cpuMax: string | null, extra: Record<string, string> = {}) => tree({ 'cgroup.controllers': 'cpu memory', ...(cpuMax === null ? {} : { 'cpu.max': cpuMax }), ...extra });

  it('a pod limited to 2 CPUs on a 96-core node gets 2', () => {
    expect(usableCpus({ root: v2('200000 100000\n'), selfCgroup: '0::/\n', parallelism: 96 })).toBe(2);
  });
  it('no limit ("max") leaves the cores', () => {
    expect(usableCpus({ root: v2('max 100000\n'), selfCgroup: '0::/\n', parallelism: 8 })).toBe(8);
  });
  it('a fractional limit rounds up (1.5 CPUs: 2 workers), a small one gives 1', () => {
    expect(usableCpus({ root: v2('150000 100000'), selfCgroup: '0::/', parallelism: 16 })).toBe(2);
    expect(usableCpus({ root: v2('25000 100000'), selfCgroup: '0::/', parallelism: 16 })).toBe(1);
  });
  it('never more than the affinity allows', () => {
    expect(usableCpus({ root: v2('800000 100000'), selfCgroup: '0::/', parallelism: 2 })).toBe(2);
  });
  it('the smallest quota on the cgroup\'s path counts (a parent slice\'s limit binds its children)', () => {
    const root = v2('max 100000', {
      'kubepods.slice/cpu.max': '300000 100000',
      'kubepods.slice/pod-a/cpu.max': 'max 100000',
      'kubepods.slice/pod-a/c1/cpu.max': '500000 100000',
      'other/cpu.max': '100000 100000', // not on this process's path
    });
    expect(usableCpus({ root, selfCgroup: '0::/kubepods.slice/pod-a/c1\n', parallelism: 32 })).toBe(3);
  });
  it('a path that does not exist inside the container falls back to the mount\'s root (the container\'s own cgroup)', () => {
    expect(usableCpus({ root: v2('400000 100000'), selfCgroup: '0::/kubepods/burstable/pod-x/abc\n', parallelism: 64 })).toBe(4);
  });
  it('unreadable or malformed files are ignored', () => {
    expect(usableCpus({ root: v2('garbage'), selfCgroup: '0::/', parallelism: 6 })).toBe(6);
    expect(usableCpus({ root: v2(null), selfCgroup: '0::/', parallelism: 6 })).toBe(6);
    expect(usableCpus({ root: join(tmpdir(), 'perlagg-no-such-cgroup-root'), selfCgroup: '', parallelism: 6 })).toBe(6);
  });
});

describe('usableCpus: cgroup v1 (cpu.cfs_quota_us / cpu.cfs_period_us)', () => {
  const self = '12:pids:/x\n4:cpu,cpuacct:/docker/abc\n1:name=systemd:/docker/abc\n';

  it('a docker --cpus 3 container gets 3', () => {
    const root = tree({ 'cpu,cpuacct/cpu.cfs_quota_us': '300000\n', 'cpu,cpuacct/cpu.cfs_period_us': '100000\n' });
    expect(usableCpus({ root, selfCgroup: self, parallelism: 40 })).toBe(3);
  });
  it('quota -1 is no limit', () => {
    const root = tree({ 'cpu/cpu.cfs_quota_us': '-1\n', 'cpu/cpu.cfs_period_us': '100000\n' });
    expect(usableCpus({ root, selfCgroup: '4:cpu:/\n', parallelism: 12 })).toBe(12);
  });
  it('the own cgroup\'s folder on the host (no namespace) is read too', () => {
    const root = tree({
      'cpu,cpuacct/cpu.cfs_quota_us': '-1',
      'cpu,cpuacct/cpu.cfs_period_us': '100000',
      'cpu,cpuacct/docker/abc/cpu.cfs_quota_us': '50000',
      'cpu,cpuacct/docker/abc/cpu.cfs_period_us': '10000',
    });
    expect(usableCpus({ root, selfCgroup: self, parallelism: 40 })).toBe(5);
  });
});

describe('usableCpus on this machine', () => {
  it('is a whole number from 1 to the cores', async () => {
    const { availableParallelism } = await import('node:os');
    const n = usableCpus();
    expect(Number.isInteger(n)).toBe(true);
    expect(n).toBeGreaterThanOrEqual(1);
    expect(n).toBeLessThanOrEqual(availableParallelism());
  });
});
