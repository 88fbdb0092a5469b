// What test/readme/examples.test.ts (the README's and docs' examples) and test/cli/help-examples.test.ts (every
// `--help` example) share: reading a shell line, finding a page's `npx perlagg` lines, cutting a run to a
// small size in a temp folder (the rewrites the head of examples.test.ts lists), and running a list of them.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { expect } from 'vitest';
import { perlagg } from '../in-process.ts';
import { scratchDir } from '../scratch.js';

export const ROOT = join(import.meta.dirname, '..', '..');

export interface Example {
  readonly line: number;
  readonly text: string;
  readonly args: string[];
  readonly stdin: string | null;
  readonly exit: number;
  /** Run only the shard a `--shard i/n` line names; without it every shard i of n runs (a later merge finds them all). */
  readonly oneShard?: boolean;
}

/** Split a shell line into words (double and single quotes), the comment off, "< file" apart. */
export function shellWords(text: string): { words: string[]; comment: string; stdin: string | null } {
  const words: string[] = [];
  let cur = '';
  let quote: string | null = null;
  let had = false;
  let i = 0;
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quote !== null) {
      if (ch === quote) quote = null;
      else cur += ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      had = true;
    } else if (ch === '#' && cur === '' && !had) break;
    else if (/\s/.test(ch)) {
      if (cur !== '' || had) words.push(cur);
      cur = '';
      had = false;
    } else cur += ch;
  }
  if (cur !== '' || had) words.push(cur);
  const comment = text.slice(i + 1).trim();
  const lt = words.indexOf('<');
  const stdin = lt >= 0 ? words[lt + 1]! : null;
  return { words: lt >= 0 ? words.slice(0, lt) : words, comment, stdin };
}

export const example = (line: number, text: string): Example => {
  const { words, comment, stdin } = shellWords(text.slice('npx perlagg '.length));
  const exit = /\(exit (\d+)\)/.exec(comment);
  return { line, text, args: words, stdin, exit: exit === null ? 0 : Number(exit[1]) };
};

/** The `npx perlagg` lines of a page's sh blocks (indented too), and its table cells that hold one such command. */
export function readmeExamples(md: string): Example[] {
  const out: Example[] = [];
  let fence: string | null = null; // the open fence's language ('' for none), null outside
  md.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    const f = /^```\s*(\w*)\s*$/.exec(line);
    if (f !== null && (fence === null || f[1] === '')) {
      fence = fence === null ? f[1]! : null;
      return;
    }
    if (fence === 'sh' && line.startsWith('npx perlagg ')) out.push(example(i + 1, line));
    if (fence === null && line.startsWith('|')) {
      for (const cell of line.split('|')) {
        const m = /^\s*`(npx perlagg [^`]+)`\s*$/.exec(cell);
        if (m !== null) out.push(example(i + 1, m[1]!));
      }
    }
  });
  return out;
}

/** The pages whose examples run: the README, then every page of docs/ but the generated findings. */
export function examplePages(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md') && f !== 'findings.md')
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...docs];
}

export const valueOf = (args: readonly string[], ...names: string[]): number => args.findIndex((a) => names.includes(a));

/** The example at a small size, with its files in `tmp` (see the head of this file). */
export function small(args: readonly string[], tmp: string): string[] {
  const a = args.slice();
  const inTmp = (p: string) => (isAbsolute(p) ? p : join(tmp, p));
  for (let i = 0; i < a.length; i++) {
    if (['--out', '-o', '--transcript'].includes(a[i]!) && i + 1 < a.length) a[i + 1] = inTmp(a[i + 1]!);
    else if (/^(results|charts)\//.test(a[i]!) && !['--out', '-o'].includes(a[i - 1] ?? '')) a[i] = inTmp(a[i]!);
  }
  // the file a review or replay reads, when an earlier line of the page wrote it (--transcript hand.txt)
  if ((a[0] === 'review' || a[0] === 'replay') && a[1] !== undefined && !isAbsolute(a[1]) && !existsSync(join(ROOT, a[1]))) a[1] = inTmp(a[1]);
  if (a[0] === 'simulate') {
    const played = a.includes('--duplicate') || a.includes('--partien') || (a[valueOf(a, '--mode') + 1] ?? '') === 'hands';
    const n = valueOf(a, '-n', '--deals');
    if (n >= 0) a[n + 1] = played ? '200' : '3000';
    const p = valueOf(a, '--partien');
    if (p >= 0) a[p + 1] = '4';
    if (n < 0 && p < 0 && (a.includes('--until-ci') || a.includes('--sprt'))) a.push('-n', played ? '200' : '3000');
    if (valueOf(a, '-w', '--workers') < 0) a.push('--workers', '0');
    const w = valueOf(a, '--where');
    if (w >= 0 && !existsSync(join(ROOT, a[w + 1]!))) {
      const file = inTmp(a[w + 1]!);
      writeFileSync(file, "export default (deal) => deal.trump === 'H';\n");
      a[w + 1] = file;
    }
  }
  if (a[0] === 'tune' || a[0] === 'league') {
    // a few pairs: the commands' own tests (test/tune, test/cli/league-policies) check what they find
    const n = valueOf(a, '-n', '--pairs', '--deals');
    if (n >= 0) a[n + 1] = a[0] === 'tune' ? '40' : '100';
    const p = valueOf(a, '--partien');
    if (p >= 0) a[p + 1] = '8';
    const c = valueOf(a, '--confirm-pairs');
    if (c >= 0) a[c + 1] = '200';
    else if (a[0] === 'tune') a.push('--confirm-pairs', '200'); // not the default 20,000
    if (valueOf(a, '-w', '--workers') < 0) a.push('--workers', '0');
  }
  if (a[0] === 'review') {
    // 10 worlds a decision instead of 40-200 (the default): every decision is still searched and reported;
    // test/review checks what a review finds
    const w = valueOf(a, '--worlds');
    if (w >= 0) a[w + 1] = '10';
    else a.push('--worlds', '10');
  }
  if (a[0] === 'experiment') {
    // every experiment line at its smoke size (seconds), in this thread, its results in the temp folder
    if (a[1] === 'run') {
      for (const size of ['--quick', '--smoke']) if (a.includes(size)) a.splice(a.indexOf(size), 1);
      a.push('--smoke');
      if (valueOf(a, '-w', '--workers') < 0) a.push('--workers', '0');
      if (valueOf(a, '--out', '-o') < 0) a.push('--out', join(tmp, 'results', 'experiments'));
    }
    if (a[1] === 'report') {
      if (valueOf(a, '--results') < 0) a.push('--results', join(tmp, 'results', 'experiments'));
      if (valueOf(a, '--out', '-o') < 0) a.push('--out', join(tmp, 'findings.md'));
    }
  }
  return a;
}

/** Run in this process: the exit code and what was printed. */
export const inProcess = (args: string[]) => perlagg(...args);

export const spawned = (args: string[], input: string) => {
  const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'perlagg.js'), ...args], { cwd: ROOT, input, encoding: 'utf8' });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
};

/** Start the run and stop it with Ctrl-C once its first batch is committed (exit 130): a folder to resume. */
async function interrupted(args: string[], out: string): Promise<number> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'perlagg.js'), ...args], { cwd: ROOT, stdio: 'ignore' });
  const done = new Promise<number>((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal === 'SIGINT' ? 130 : -1))));
  const timer = setInterval(() => {
    try {
      const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { progress?: { batchesDone?: number } };
      if ((m.progress?.batchesDone ?? 0) >= 1) child.kill('SIGINT');
    } catch {
      // not written yet
    }
  }, 20);
  const code = await done;
  clearInterval(timer);
  return code;
}

/** Commands already run that touch no file (the same line on another page need not run again), and where. */
const ranAlready = new Map<string, string>();

/** Run a page's examples in order, at small sizes, in a temp folder of its own. */
export async function runExamples(page: string, examples: readonly Example[], shared?: string): Promise<void> {
  // a folder of the page's own, removed at the end; or one shared by several calls (the caller's scratch folder)
  const tmp = shared ?? scratchDir('readme');
  mkdirSync(join(tmp, 'results'), { recursive: true });
  mkdirSync(join(tmp, 'charts'), { recursive: true });
  const failures: string[] = [];
  let ran = 0;
  try {
    for (const ex of examples) {
      let args = small(ex.args, tmp);
      const runs: string[][] = [];
      const shard = valueOf(args, '--shard');
      if (shard >= 0 && ex.oneShard === true) runs.push(args);
      else if (shard >= 0) {
        const [, count] = args[shard + 1]!.split('/').map(Number);
        for (let i = 0; i < count!; i++) runs.push(args.map((x, j) => (j === shard + 1 ? `${i}/${count}` : x)));
      } else if (args.includes('--resume')) {
        const o = valueOf(args, '--out', '-o');
        args[o + 1] = `${args[o + 1]}-resumed`;
        const big = args.filter((x) => x !== '--resume');
        const n = valueOf(big, '-n', '--deals');
        big[n + 1] = big[0] === 'tune' ? '2000' : '150000'; // long enough to be interrupted after its first batch
        if (big[0] === 'simulate') big.push('--batch-size', '2048'); // tune commits every --commit-every iterations
        args = [...big, '--resume'];
        const code = await interrupted(big, args[o + 1]!);
        if (code !== 130) failures.push(`${page}:${ex.line}: the run to resume ended with ${code}, not 130 (Ctrl-C): ${big.join(' ')}`);
        runs.push(args);
      } else runs.push(args);
      for (const run of runs) {
        ran++;
        const key = `${run.join('\0')}\0<${ex.stdin ?? ''}`;
        const standalone = runs.length === 1 && !run.some((a) => a.includes(tmp));
        if (standalone && ranAlready.has(key)) continue; // the same command, run for ${ranAlready.get(key)} already
        const human = run.includes('--human') && ex.stdin === null;
        const t0 = performance.now();
        const r = ex.stdin !== null ? spawned(run, readFileSync(join(ROOT, ex.stdin), 'utf8')) : human ? spawned(run, '') : await inProcess(run);
        if (process.env['PERLAGG_README_TIMES']) process.stderr.write(`${((performance.now() - t0) / 1000).toFixed(1)} s  perlagg ${run.join(' ')}\n`);
        const want = human ? 2 : ex.exit;
        if (r.code !== want) failures.push(`${page}:${ex.line}: "${ex.text}" ran as "perlagg ${run.join(' ')}": exit ${r.code}, expected ${want}: ${r.err.trim().split('\n')[0]}`);
        if (human && !(/the input ended before the game was over/.test(r.err) && /am Zug|ist dran: gib die Tastatur weiter/.test(r.out))) failures.push(`${page}:${ex.line}: "${ex.text}" did not reach its first question`);
        if (standalone) ranAlready.set(key, `${page}:${ex.line}`);
      }
    }
  } finally {
    if (shared === undefined) rmSync(tmp, { recursive: true, force: true }); // nothing left in the system temp dir
  }
  expect(failures).toEqual([]);
  expect(ran).toBeGreaterThanOrEqual(examples.length);
}
