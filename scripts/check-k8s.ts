// The Kubernetes recipe's manifests checked against the Kubernetes schema (issue 29), offline:
//   npx tsx scripts/check-k8s.ts [KEY=VALUE …]     (the parameters of deploy/k8s/run.sh; exit 1 on a finding)
// deploy/k8s/run.sh render prints the manifests exactly as it applies them; each document is then checked
//  1. against the Kubernetes OpenAPI schema of its kind, by kubernetes-models (validators generated from the
//     Kubernetes API's OpenAPI definitions: types, required fields, enums, formats);
//  2. strictly: a field the schema does not know (a typo such as backofLimit, which the API server would drop or
//     refuse; the OpenAPI schema allows any extra field) is found by type-checking the document as an object
//     literal of kubernetes-models' interface for its kind (the same OpenAPI definitions) with the TypeScript
//     compiler, which also names missing required fields;
//  3. against the recipe's own rules: an image pinned by tag or digest, never latest, pulled IfNotPresent; an
//     Indexed Job whose --shards equals completions, retries allowed, workers left to the pod's CPU limit, a
//     CPU limit set, every claim used made in the same render, --out on the mounted volume.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { parseAllDocuments } from 'yaml';

const ROOT = join(import.meta.dirname, '..');

/** A Kubernetes object as parsed (plain data). */
export type Doc = Record<string, unknown> & { apiVersion?: unknown; kind?: unknown };

/** deploy/k8s/run.sh render with these parameters: its exit code, the YAML and its message. */
export function render(params: Record<string, string> = {}): { code: number; yaml: string; stderr: string } {
  const env: NodeJS.ProcessEnv = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', ...params };
  const r = spawnSync('bash', [join(ROOT, 'deploy', 'k8s', 'run.sh'), 'render'], { encoding: 'utf8', env });
  return { code: r.status ?? -1, yaml: r.stdout, stderr: r.stderr };
}

/** The documents of a YAML stream (a YAML error is thrown). */
export function documents(yaml: string): Doc[] {
  return parseAllDocuments(yaml).map((d, i) => {
    if (d.errors.length > 0) throw new Error(`document ${i + 1}: ${d.errors[0]!.message}`);
    return d.toJS() as Doc;
  });
}

/** The kubernetes-models module and interface of each kind the recipe uses. */
const KINDS: Record<string, { module: string; iface: string }> = {
  'batch/v1 Job': { module: 'kubernetes-models/batch/v1/Job', iface: 'IJob' },
  'v1 PersistentVolumeClaim': { module: 'kubernetes-models/v1/PersistentVolumeClaim', iface: 'IPersistentVolumeClaim' },
};
const kindOf = (d: Doc) => `${String(d.apiVersion)} ${String(d.kind)}`;
const nameOf = (d: Doc) => `${String(d.kind)} ${String((d['metadata'] as { name?: unknown } | undefined)?.name)}`;

/** 1. The schema: one line per violation (empty when valid). */
export async function schemaErrors(docs: readonly Doc[]): Promise<string[]> {
  const out: string[] = [];
  for (const d of docs) {
    const k = KINDS[kindOf(d)];
    if (k === undefined) {
      out.push(`${nameOf(d)}: no schema here for ${kindOf(d)} (known: ${Object.keys(KINDS).join(', ')})`);
      continue;
    }
    const mod = (await import(k.module)) as Record<string, new (data: unknown) => { validate(): void }>;
    const Model = mod[String(d.kind)]!;
    try {
      new Model(d).validate();
    } catch (e) {
      const errors = (e as { errors?: Array<{ instancePath?: string; message?: string; params?: unknown }> }).errors;
      if (Array.isArray(errors)) for (const x of errors) out.push(`${nameOf(d)}: ${x.instancePath === '' ? '(root)' : x.instancePath} ${x.message ?? ''} ${JSON.stringify(x.params ?? {})}`.trim());
      else out.push(`${nameOf(d)}: ${(e as Error).message}`);
    }
  }
  return out;
}

/** 2. Strict: fields the schema does not know, by the TypeScript compiler's excess-property check. */
export function unknownFields(docs: readonly Doc[]): string[] {
  const file = join(ROOT, '.k8s-strict-check.ts');
  const used = [...new Set(docs.map(kindOf).filter((k) => KINDS[k] !== undefined))];
  const lines = used.map((k) => `import type { ${KINDS[k]!.iface} } from '${KINDS[k]!.module}';`);
  docs.forEach((d, i) => {
    const k = KINDS[kindOf(d)];
    if (k !== undefined) lines.push(`export const doc${i}: ${k.iface} = ${JSON.stringify(d, null, 1)};`);
  });
  const text = lines.join('\n') + '\n';
  const options: ts.CompilerOptions = { strict: true, noEmit: true, skipLibCheck: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, types: [] };
  const host = ts.createCompilerHost(options);
  const base = host.getSourceFile.bind(host);
  host.getSourceFile = (name, lang, ...rest) => (name === file ? ts.createSourceFile(name, text, lang) : base(name, lang, ...rest));
  const exists = host.fileExists.bind(host);
  host.fileExists = (name) => name === file || exists(name);
  host.readFile = ((read) => (name: string) => (name === file ? text : read(name)))(host.readFile.bind(host));
  const program = ts.createProgram([file], options, host);
  const source = program.getSourceFile(file)!;
  return ts.getPreEmitDiagnostics(program, source).map((dg) => {
    const at = dg.start === undefined ? '' : (() => {
      const pos = dg.start;
      // the document (doc<i>) the position falls in
      const before = text.slice(0, pos);
      const i = before.lastIndexOf('export const doc');
      const n = i < 0 ? -1 : Number(/doc(\d+)/.exec(before.slice(i))![1]);
      return n < 0 ? '' : `${nameOf(docs[n]!)}: `;
    })();
    return `${at}${ts.flattenDiagnosticMessageText(dg.messageText, ' ').replace(/\s+/g, ' ')}`;
  });
}

interface Container {
  name?: string;
  image?: string;
  imagePullPolicy?: string;
  args?: string[];
  resources?: { limits?: { cpu?: string | number }; requests?: { cpu?: string | number } };
  volumeMounts?: Array<{ name: string; mountPath: string }>;
}
interface PodSpec {
  restartPolicy?: string;
  containers?: Container[];
  volumes?: Array<{ name: string; persistentVolumeClaim?: { claimName: string } }>;
}

/** 3. The recipe's own rules. */
export function recipeErrors(docs: readonly Doc[]): string[] {
  const out: string[] = [];
  const claims = new Set(docs.filter((d) => d.kind === 'PersistentVolumeClaim').map((d) => (d['metadata'] as { name: string }).name));
  if (claims.size === 0) out.push('no PersistentVolumeClaim: the shards need a shared volume');
  const jobs = docs.filter((d) => d.kind === 'Job');
  if (!jobs.some((j) => (j['spec'] as { completionMode?: string }).completionMode === 'Indexed')) out.push('no Indexed Job for the shards');
  for (const j of jobs) {
    const name = nameOf(j);
    const spec = j['spec'] as { completionMode?: string; completions?: number; backoffLimit?: number; backoffLimitPerIndex?: number; template: { spec: PodSpec } };
    const pod = spec.template.spec;
    if (pod.restartPolicy !== 'Never') out.push(`${name}: restartPolicy should be Never (a retry is a new pod, counted by the job)`);
    const retries = spec.completionMode === 'Indexed' ? spec.backoffLimitPerIndex : spec.backoffLimit;
    if (!(typeof retries === 'number' && retries >= 1)) out.push(`${name}: no retries allowed (${spec.completionMode === 'Indexed' ? 'backoffLimitPerIndex' : 'backoffLimit'})`);
    for (const v of pod.volumes ?? []) {
      const claim = v.persistentVolumeClaim?.claimName;
      if (claim !== undefined && !claims.has(claim)) out.push(`${name}: volume ${v.name} uses the claim ${claim}, which the recipe does not make`);
    }
    for (const c of pod.containers ?? []) {
      const image = c.image ?? '';
      const last = image.split('/').at(-1) ?? '';
      if (!/[:@]/.test(last)) out.push(`${name}: image ${image} has no tag: that means latest`);
      if (/:latest(@|$)/.test(image)) out.push(`${name}: image ${image} is latest; pin a version`);
      if (c.imagePullPolicy !== 'IfNotPresent') out.push(`${name}: imagePullPolicy ${String(c.imagePullPolicy)}, not IfNotPresent`);
      const lim = c.resources?.limits?.cpu;
      if (lim === undefined) out.push(`${name}: container ${c.name}: no CPU limit (the workers are counted from it)`);
      else if (String(c.resources?.requests?.cpu) !== String(lim)) out.push(`${name}: container ${c.name}: CPU request ${String(c.resources?.requests?.cpu)} differs from the limit ${String(lim)}`);
      const args = c.args ?? [];
      const opt = (o: string) => args.find((a) => a.startsWith(`--${o}=`))?.slice(o.length + 3);
      if (args.some((a) => a === '--workers' || a.startsWith('--workers=') || a === '-w')) out.push(`${name}: --workers is given; leave it to the pod's CPU limit`);
      const outDir = opt('out');
      const mounts = (c.volumeMounts ?? []).map((m) => m.mountPath);
      if (outDir !== undefined && !mounts.some((m) => outDir === m || outDir.startsWith(`${m}/`))) out.push(`${name}: --out=${outDir} is not on a mounted volume (${mounts.join(', ') || 'none'})`);
      if (spec.completionMode === 'Indexed') {
        const shards = opt('shards');
        if (shards === undefined || Number(shards) !== spec.completions) out.push(`${name}: --shards=${String(shards)} but completions is ${String(spec.completions)}`);
      }
    }
  }
  return out;
}

/** Every finding for these documents, in the three kinds. */
export async function check(docs: readonly Doc[]): Promise<{ schema: string[]; strict: string[]; recipe: string[] }> {
  return { schema: await schemaErrors(docs), strict: unknownFields(docs), recipe: recipeErrors(docs) };
}

async function main(): Promise<void> {
  const params = Object.fromEntries(process.argv.slice(2).map((a) => a.split(/=(.*)/s) as [string, string]));
  const r = render(params);
  if (r.code !== 0) {
    process.stderr.write(r.stderr);
    process.exit(r.code);
  }
  const docs = documents(r.yaml);
  const found = await check(docs);
  const { version } = (await import('kubernetes-models/package.json', { with: { type: 'json' } })).default as { version: string };
  console.log(`deploy/k8s (${Object.entries(params).map(([k, v]) => `${k}=${v}`).join(' ') || 'defaults'}): ${docs.map(nameOf).join(', ')}`);
  for (const [what, list] of [['Kubernetes schema (kubernetes-models ' + version + ')', found.schema], ['strict type check (unknown or missing fields)', found.strict], ['the recipe\'s rules', found.recipe]] as const) {
    console.log(`  ${what}: ${list.length === 0 ? 'valid' : `${list.length} finding(s)`}`);
    for (const l of list) console.log(`    ${l}`);
  }
  if (found.schema.length + found.strict.length + found.recipe.length > 0) process.exitCode = 1;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
