// The image deploy/Dockerfile describes, as a file layout (issue 29: the image omitted experiments/ and every
// command died with ERR_MODULE_NOT_FOUND). No docker engine runs here, so this test reads the Dockerfile's own
// instructions — FROM … AS, WORKDIR, COPY (from the checkout or --from a stage), ARG, ENV, RUN, ENTRYPOINT —
// and builds each stage in a temp folder: COPY copies the paths it names; RUN `npm ci` links node_modules
// from this checkout (with --omit=dev only the packages package-lock.json does not mark dev), RUN `npm run
// build` runs the build. Any other RUN fails the test until it is taught here. Then the last stage's
// ENTRYPOINT runs `--version`, `simulate` and `experiment list` there, with no sources beside it.
// (Linked packages find their own dependencies through this checkout; what the test proves is that the
// image's files and its own imports are complete, and that nothing of ours needs a dev dependency.)
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scratchDir } from '../scratch.js';

const ROOT = join(import.meta.dirname, '..', '..');
const COMMIT = '0123456789abcdef0123456789abcdef01234567';

interface Instruction {
  readonly op: string;
  readonly args: string;
}

/** The Dockerfile's instructions (continuation lines joined, comments dropped). */
function instructions(text: string): Instruction[] {
  const out: Instruction[] = [];
  let cur = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (cur === '' && (line === '' || line.startsWith('#'))) continue;
    if (line.endsWith('\\')) {
      cur += line.slice(0, -1) + ' ';
      continue;
    }
    cur += line;
    const m = /^(\w+)\s+(.*)$/.exec(cur);
    if (m === null) throw new Error(`Dockerfile: cannot read "${cur}"`);
    out.push({ op: m[1]!.toUpperCase(), args: m[2]! });
    cur = '';
  }
  return out;
}

interface Stage {
  readonly name: string;
  readonly dir: string;
  readonly env: Record<string, string>;
  entrypoint: string[] | null;
}

/** The packages `npm ci --omit=dev` installs at the top: package-lock.json's node_modules/<name> not marked dev. */
function productionPackages(): string[] {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { dev?: boolean }> };
  return Object.entries(lock.packages)
    .filter(([p, e]) => /^node_modules\/(@[^/]+\/)?[^/]+$/.test(p) && e.dev !== true)
    .map(([p]) => p.slice('node_modules/'.length));
}

function npmCi(stage: Stage, args: string[]): void {
  const target = join(stage.dir, 'node_modules');
  if (!args.includes('--omit=dev')) {
    symlinkSync(join(ROOT, 'node_modules'), target, 'dir');
    return;
  }
  for (const name of productionPackages()) {
    const from = join(ROOT, 'node_modules', name);
    if (!existsSync(from)) continue; // an optional package of another platform
    mkdirSync(dirname(join(target, name)), { recursive: true });
    symlinkSync(from, join(target, name), 'dir');
  }
}

function run(stage: Stage, command: string): void {
  for (const part of command.split('&&').map((c) => c.trim())) {
    const words = part.split(/\s+/);
    const env: Record<string, string> = {};
    while (words.length > 0 && /^\w+=/.test(words[0]!)) {
      const [k, v] = words.shift()!.split(/=(.*)/s) as [string, string];
      env[k] = v.replace(/^\$(\w+)$/, (_, n: string) => stage.env[n] ?? '');
    }
    const cmd = words.join(' ');
    if (/^npm ci( |$)/.test(cmd)) npmCi(stage, words);
    else if (cmd === 'npm cache clean --force') continue;
    else if (cmd === 'npm run build') {
      // without a second type check (scripts/build.mjs: the same files; `npm test` checks the types first)
      const r = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: stage.dir, encoding: 'utf8', env: { ...process.env, PERLAGG_BUILD_NO_TYPECHECK: '1', ...stage.env, ...env } });
      if (r.status !== 0) throw new Error(`RUN npm run build failed: ${r.stderr}${r.stdout}`);
    } else throw new Error(`Dockerfile: RUN ${cmd}: this test does not know that step; teach it (test/deploy/image-layout.test.ts)`);
  }
}

function copy(stage: Stage, stages: Stage[], args: string): void {
  const words = args.split(/\s+/);
  let from: Stage | null = null;
  while (words[0]!.startsWith('--')) {
    const flag = words.shift()!;
    const m = /^--from=(.+)$/.exec(flag);
    if (m === null) throw new Error(`Dockerfile: COPY ${flag} is not understood here`);
    from = stages.find((s) => s.name === m[1]) ?? null;
    if (from === null) throw new Error(`Dockerfile: COPY --from=${m[1]}: no such stage`);
  }
  const dest = words.pop()!;
  const inImage = (p: string) => {
    const abs = posix.resolve('/app', p);
    if (!abs.startsWith('/app')) throw new Error(`Dockerfile: ${p} is outside WORKDIR /app`);
    return join(stage.dir, abs.slice('/app'.length));
  };
  for (const src of words) {
    const source = from === null ? join(ROOT, src) : join(from.dir, posix.resolve('/app', src).slice('/app'.length));
    if (!existsSync(source)) throw new Error(`Dockerfile: COPY ${src}: no such file${from === null ? ' in the checkout' : ` in stage ${from.name}`}`);
    const target = dest.endsWith('/') || words.length > 1 ? join(inImage(dest), posix.basename(src)) : inImage(dest);
    mkdirSync(dirname(target), { recursive: true });
    cpSync(source, target, { recursive: true, dereference: false });
  }
}

/** Build every stage of the Dockerfile in `root`; the last stage is the image. */
function build(root: string, text: string, buildArgs: Record<string, string>): Stage[] {
  const stages: Stage[] = [];
  for (const { op, args } of instructions(text)) {
    const stage = stages.at(-1);
    if (op === 'FROM') {
      const m = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args)!;
      const dir = join(root, `stage-${stages.length}`);
      mkdirSync(dir);
      stages.push({ name: m[2] ?? String(stages.length), dir, env: {}, entrypoint: null });
      continue;
    }
    if (stage === undefined) throw new Error(`Dockerfile: ${op} before FROM`);
    if (op === 'WORKDIR') {
      if (args !== '/app') throw new Error(`Dockerfile: WORKDIR ${args}: this test builds /app only`);
    } else if (op === 'COPY') copy(stage, stages, args);
    else if (op === 'RUN') run(stage, args);
    else if (op === 'ARG') {
      const [k, v] = args.split(/=(.*)/s) as [string, string | undefined];
      stage.env[k] = buildArgs[k] ?? v ?? '';
    } else if (op === 'ENV') {
      const [k, v] = args.split(/=(.*)/s) as [string, string];
      stage.env[k] = v;
    } else if (op === 'ENTRYPOINT') stage.entrypoint = JSON.parse(args) as string[];
    else if (op !== 'USER') throw new Error(`Dockerfile: ${op} is not understood by this test`);
  }
  return stages;
}

const dockerfile = readFileSync(join(ROOT, 'deploy', 'Dockerfile'), 'utf8');
let root = '';
let image: Stage;
beforeAll(() => {
  root = scratchDir('image');
  image = build(root, dockerfile, { PERLAGG_COMMIT: COMMIT }).at(-1)!;
});
afterAll(() => {
  if (root !== '') rmSync(root, { recursive: true, force: true });
});

/** The image's ENTRYPOINT with these arguments, in the image's folder (node is this node). */
function inImage(...args: string[]): { code: number; stdout: string; stderr: string } {
  const [exe, ...rest] = image.entrypoint!;
  expect(exe).toBe('node');
  const r = spawnSync(process.execPath, [...rest, ...args], { cwd: image.dir, encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', HOME: root, ...image.env } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe('the image deploy/Dockerfile describes', () => {
  it('pins its base images (a version tag, never latest)', () => {
    const bases = instructions(dockerfile).filter((i) => i.op === 'FROM').map((i) => i.args.split(/\s+/)[0]!);
    expect(bases.length).toBeGreaterThan(0);
    for (const b of bases) expect(b, b).toMatch(/^[\w./-]+:\d+(\.\d+)+[\w.-]*(@sha256:[0-9a-f]{64})?$/);
  });

  it('holds compiled JavaScript and the production dependencies only: no sources, no dev packages', () => {
    expect(existsSync(join(image.dir, 'dist', 'src', 'cli', 'main.js'))).toBe(true);
    expect(existsSync(join(image.dir, 'dist', 'experiments'))).toBe(true);
    for (const p of ['src', 'experiments', 'strategies', 'test', 'node_modules/typescript', 'node_modules/vitest']) expect(existsSync(join(image.dir, p)), p).toBe(false);
    expect(statSync(join(image.dir, 'node_modules', 'apache-arrow')).isDirectory()).toBe(true);
  });

  it('--version names the version and the commit given at build time', () => {
    const r = inImage('--version');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^perlagg \\d+\\.\\d+\\.\\d+ \\(commit ${COMMIT}, node v20`));
  });

  it('simulate runs (figures with worker threads, hands with the bots) and writes its tables', () => {
    const out = join(root, 'out');
    const figures = inImage('simulate', '-n', '3000', '--batch-size', '1000', '-w', '2', '-q', '--out', out);
    expect(figures.code, figures.stderr).toBe(0);
    expect(figures.stdout).toMatch(/3,000 deals/);
    expect(existsSync(join(out, 'deals.arrow'))).toBe(true);
    const hands = inImage('simulate', '--mode', 'hands', '-n', '40', '--policies', 'simple,random', '-w', '1', '-q');
    expect(hands.code, hands.stderr).toBe(0);
    expect(hands.stdout).toMatch(/40 hands/);
  });

  it('experiment list lists the 42 claims', () => {
    const r = inImage('experiment', 'list');
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^41 experiments \(testable\), 2 claims not testable:\nH-01 /); // H-07 in two halves (H-07a, H-07b); H-05 and H-34 cannot be tested as built (docs/experiments.md)
    expect(r.stdout).toMatch(/^H-42 /m);
  });
});
