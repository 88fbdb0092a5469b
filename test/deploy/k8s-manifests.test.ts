// The Kubernetes recipe (issue 29): the manifests deploy/k8s/run.sh applies are valid against the Kubernetes
// schema (kubernetes-models), strictly (no unknown field), and keep the recipe's rules (a pinned image pulled
// IfNotPresent, --shards = completions, retries, a volume claim, workers from the CPU limit); each check
// catches what it is for; run.sh refuses bad parameters and stops at a failed job instead of waiting it out.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { check, documents, recipeErrors, render, schemaErrors, unknownFields, type Doc } from '../../scripts/check-k8s.ts';
import { scratchDir } from '../scratch.js';

const ROOT = join(import.meta.dirname, '..', '..');
const made: string[] = [];
afterAll(() => {
  for (const d of made) rmSync(d, { recursive: true, force: true });
});

const rendered = (params: Record<string, string> = {}) => {
  const r = render(params);
  expect(r.code, r.stderr).toBe(0);
  return documents(r.yaml);
};
const find = (docs: Doc[], kind: string, component?: string) =>
  docs.find((d) => d.kind === kind && (component === undefined || (d['metadata'] as { labels: Record<string, string> }).labels['app.kubernetes.io/component'] === component))!;
const shardsSpec = (docs: Doc[]) => (find(docs, 'Job', 'shards') as any).spec;

describe('the manifests run.sh applies', () => {
  it('with the defaults: valid against the schema, strict, and the recipe\'s rules', async () => {
    const docs = rendered();
    expect(docs.map((d) => d.kind)).toEqual(['PersistentVolumeClaim', 'Job', 'Job']);
    expect(await check(docs)).toEqual({ schema: [], strict: [], recipe: [] });
    const spec = shardsSpec(docs);
    const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
    expect(spec.template.spec.containers[0].image).toBe(`perlagg:${version}`);
    expect(spec.completions).toBe(4);
    expect(spec.backoffLimitPerIndex).toBe(3);
    expect(spec.template.spec.containers[0].resources.limits).toEqual({ cpu: '2', memory: '896Mi' });
  });

  it('with parameters: shard count, resources, output folder, storage class and extra options land where they belong', async () => {
    const docs = rendered({ SHARDS: '16', PARALLELISM: '8', CPU: '4', OUT: '/results/big', STORAGE_CLASS: 'nfs', RETRIES: '5', IMAGE: 'registry.example.org/perlagg:0.1.0', SIM_ARGS: '--mode hands --policies simple,random' });
    expect(await check(docs)).toEqual({ schema: [], strict: [], recipe: [] });
    const spec = shardsSpec(docs);
    expect([spec.completions, spec.parallelism, spec.backoffLimitPerIndex]).toEqual([16, 8, 5]);
    const c = spec.template.spec.containers[0];
    expect(c.args).toEqual(['simulate', '--ruleset=oberland', '--seed=20261130', '--deals=10000000', '--shards=16', '--out=/results/big', '--quiet', '--mode', 'hands', '--policies', 'simple,random']);
    expect(c.resources.limits).toEqual({ cpu: '4', memory: '1280Mi' });
    expect((find(docs, 'Job', 'merge') as any).spec.template.spec.containers[0].args).toEqual(['merge', '/results/big', '--out=/results/big/merged']);
    expect((find(docs, 'PersistentVolumeClaim') as any).spec.storageClassName).toBe('nfs');
  });
});

describe('each check catches what it is for', () => {
  const mutate = (f: (docs: Doc[]) => void): Doc[] => {
    const docs = structuredClone(rendered());
    f(docs);
    return docs;
  };

  it('the schema: a wrong type, a wrong enum value', async () => {
    const errors = await schemaErrors(mutate((d) => {
      shardsSpec(d).completions = 'eight';
      shardsSpec(d).completionMode = 'Ordered';
    }));
    expect(errors.join('\n')).toMatch(/Job perlagg-shards: \/spec\/completions must be integer/);
    expect(errors.join('\n')).toMatch(/\/spec\/completionMode must be equal to one of the allowed values/);
  });

  it('strict: an unknown field (a typo)', () => {
    const errors = unknownFields(mutate((d) => {
      shardsSpec(d).backofLimitPerIndex = 3;
    }));
    expect(errors.join('\n')).toMatch(/Job perlagg-shards: .*'"?backofLimitPerIndex"?' does not exist in type/);
  });

  it('the recipe: latest, always pulled, --shards unlike completions, no retries, --workers, no claim', () => {
    const errors = recipeErrors(mutate((d) => {
      const s = shardsSpec(d);
      const c = s.template.spec.containers[0];
      c.image = 'perlagg:latest';
      c.imagePullPolicy = 'Always';
      c.args = c.args.map((a: string) => (a.startsWith('--shards=') ? '--shards=8' : a)).concat('--workers=96');
      delete s.backoffLimitPerIndex;
      d.shift();
    })).join('\n');
    for (const m of [/is latest; pin a version/, /imagePullPolicy Always, not IfNotPresent/, /--shards=8 but completions is 4/, /no retries allowed \(backoffLimitPerIndex\)/, /--workers is given/, /no PersistentVolumeClaim/, /uses the claim perlagg-results, which the recipe does not make/]) expect(errors).toMatch(m);
  });
});

describe('deploy/k8s/run.sh', () => {
  it('refuses bad parameters with one line and exit 2', () => {
    for (const [k, v, m] of [['IMAGE', 'perlagg:latest', /pin a version, not latest/], ['IMAGE', 'perlagg', /pin a tag or digest/], ['CPU', '1.5', /a whole number of CPUs/], ['OUT', '/tmp/run', /a folder under \/results/], ['SHARDS', '0', /a whole number >= 1/]] as const) {
      const r = render({ [k]: v });
      expect(r.code, `${k}=${v}`).toBe(2);
      expect(r.stderr).toMatch(m);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  /** run.sh against a stand-in kubectl that reports the jobs' conditions given. */
  function withKubectl(shards: string, merge: string, extra: Record<string, string> = {}) {
    const dir = scratchDir('kubectl');
    made.push(dir);
    const log = join(dir, 'calls.log');
    writeFileSync(join(dir, 'kubectl'), `#!/usr/bin/env bash
echo "$*" >> ${JSON.stringify(log)}
case "$*" in
  *"get pvc"*) exit 1 ;;
  *"apply -f -"*) cat > /dev/null; echo "applied" ;;
  *"get job perlagg-shards -o jsonpath={range"*) printf '%s' ${JSON.stringify(shards)} ;;
  *"get job perlagg-merge -o jsonpath={range"*) printf '%s' ${JSON.stringify(merge)} ;;
  *"-o jsonpath={.status.conditions"*) printf 'Job has reached the specified backoff limit' ;;
  *"logs job/perlagg-merge"*) echo "Merged 4 shards into /results/run/merged" ;;
esac
`);
    chmodSync(join(dir, 'kubectl'), 0o755);
    const r = spawnSync('bash', [join(ROOT, 'deploy', 'k8s', 'run.sh')], { encoding: 'utf8', env: { PATH: `${dir}:${process.env['PATH'] ?? ''}`, POLL: '0.05', ...extra } });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr, calls: readFileSync(log, 'utf8') };
  }

  it('stops at a failed shards job with exit 1 and the pods\' last lines, never starting the merge', () => {
    const r = withKubectl('Failed ', '');
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/job perlagg-shards failed: Job has reached the specified backoff limit/);
    expect(r.calls).toMatch(/logs -l job-name=perlagg-shards --tail=5 --prefix/);
    expect(r.calls.match(/apply -f -/g)).toHaveLength(2); // the claim and the shards, not the merge
  });

  it('runs the merge after the shards complete and prints its log; a job that never finishes ends at TIMEOUT', () => {
    const ok = withKubectl('Complete ', 'SuccessCriteriaMet Complete ', { NAMESPACE: 'sims' });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stdout).toMatch(/job perlagg-shards completed[\s\S]*job perlagg-merge completed[\s\S]*Merged 4 shards/);
    expect(ok.calls.split('\n').filter((l) => l !== '').every((l) => l.startsWith('-n sims '))).toBe(true);
    const slow = withKubectl('', '', { TIMEOUT: '1' });
    expect(slow.code).toBe(1);
    expect(slow.stderr).toMatch(/job perlagg-shards has not completed in 1 s \(TIMEOUT\)/);
  });
});
