// Every command the README and the pages of docs/ show runs (issues 14, 25): each `npx perlagg …` line of a
// ```sh block (indented ones in lists too) and each table cell that is one `npx perlagg …` command (the
// README's "which command for which job"), page by page in the page's order, at small sizes, with its
// outputs in a temp folder of the page's own (so each page's examples run on their own, as a reader pastes
// them). The exit code must be 0, or the one the line's comment announces as "(exit N)". docs/findings.md
// is left out: `perlagg experiment report` writes it, and its commands are the full-size runs of the 42
// experiments, whose smoke forms docs/experiments.md runs. A line that writes no file and was run for an
// earlier page already (the README's box repeats lines of the pages) is not run again. What is rewritten,
// and why:
//   simulate -n/--deals N    -> 3,000 deals (200 hands when hands are played), --partien N -> 4 Partien;
//                               --until-ci or --sprt without -n get that cap (they stop there at the latest);
//                               --workers 0 unless the line names the workers (a pool's start costs seconds
//                               more than these few deals; every worker count gives the same output)
//   tune -n N, --confirm-pairs -> 40 pairs, 200 confirmation pairs; league -n N / --partien N -> 100 / 8
//   --shard i/n              -> every shard 0 .. n-1 (the README says "likewise"), so the merge after it runs
//   --resume                 -> a run of the same command interrupted (Ctrl-C) after its first batch, in a
//                               folder of its own, then the resume; results/…, charts/…, --out, --transcript -> the temp folder
//   experiment run           -> its --smoke form (seconds) with --workers 0, results in the temp folder; report reads them
//   --where FILE             -> FILE written there when the README's file does not exist (a predicate keeping Herz deals)
//   play --human without "<" -> run with no input: it must reach its first question (two people at one
//                               keyboard: the handing over of it) and stop at the end of the input (exit 2);
//                               "< FILE" lines get the file as their standard input
// Most lines run in this process (main() of src/cli/main.ts); those with standard input, and the run to be
// interrupted, are spawned.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { perlagg } from '../in-process.ts';
import { scratchDir } from '../scratch.js';

const ROOT = join(import.meta.dirname, '..', '..');

export interface Example {
  readonly line: number;
  readonly text: string;
  readonly args: string[];
  readonly stdin: string | null;
  readonly exit: number;
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

const example = (line: number, text: string): Example => {
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

const valueOf = (args: readonly string[], ...names: string[]): number => args.findIndex((a) => names.includes(a));

/** The example at a small size, with its files in `tmp` (see the head of this file). */
export function small(args: readonly string[], tmp: string): string[] {
  const a = args.slice();
  const inTmp = (p: string) => (isAbsolute(p) ? p : join(tmp, p));
  for (let i = 0; i < a.length; i++) {
    if (['--out', '-o', '--transcript'].includes(a[i]!) && i + 1 < a.length) a[i + 1] = inTmp(a[i + 1]!);
    else if (/^(results|charts)\//.test(a[i]!) && !['--out', '-o'].includes(a[i - 1] ?? '')) a[i] = inTmp(a[i]!);
  }
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
    if (valueOf(a, '-w', '--workers') < 0) a.push('--workers', '0');
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
const inProcess = (args: string[]) => perlagg(...args);

const spawned = (args: string[], input: string) => {
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

describe('README and docs examples', () => {
  const pages = examplePages();
  const examplesOf = (page: string) => readmeExamples(readFileSync(join(ROOT, page), 'utf8'));

  it('the parser reads quotes, comments, redirections, indented blocks, table cells and announced exit codes', () => {
    expect(shellWords('rules -r "oberland{target=18}" --json   # the record')).toEqual({ words: ['rules', '-r', 'oberland{target=18}', '--json'], comment: 'the record', stdin: null });
    expect(shellWords('play --human 0 < examples/m.txt # x').stdin).toBe('examples/m.txt');
    const md = ['```sh', 'npx perlagg exact', '```', '', '1. a step', '   ```sh', '   npx perlagg rules -a   # (exit 2)', '   ```', '```text', 'npx perlagg bench', '```', '| job | `npx perlagg schema hands` | `--json` |', 'npx perlagg policies'].join('\n');
    expect(readmeExamples(md).map((e) => [e.line, e.args.join(' '), e.exit])).toEqual([[2, 'exact', 0], [7, 'rules -a', 2], [12, 'schema hands', 0]]);
    expect(pages).toContain('README.md');
    expect(pages).toContain('docs/simulate.md');
    expect(pages).not.toContain('docs/findings.md');
    const all = pages.flatMap(examplesOf);
    expect(all.length).toBeGreaterThan(100);
    expect(all.some((e) => e.exit === 2)).toBe(true);
    expect(small(['simulate', '-n', '1e6', '--hand', '0=HK', '--out', 'results/x'], '/t')).toEqual(['simulate', '-n', '3000', '--hand', '0=HK', '--out', '/t/results/x', '--workers', '0']);
    expect(small(['simulate', '--mode', 'hands', '--policies', 'a,b', '--duplicate', '--sprt', '0,0.1', '-w', '2'], '/t')).toEqual(['simulate', '--mode', 'hands', '--policies', 'a,b', '--duplicate', '--sprt', '0,0.1', '-w', '2', '-n', '200']);
  });

  it('the README shows the two commands of the Quickstart and a command for each job', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('```sh\nnpm ci && npx perlagg exact\nnpm ci && npm test\n```');
    const box = readme.slice(readme.indexOf('## Which command for which job'), readme.indexOf('\n## ', readme.indexOf('## Which command for which job') + 1));
    expect(readmeExamples(box).length).toBeGreaterThanOrEqual(12);
  });

  it('the bot of docs/bots.md, pasted into a file of its own, loads and plays', async () => {
    const md = readFileSync(join(ROOT, 'docs', 'bots.md'), 'utf8');
    const block = /```ts\n(import \{ definePolicy \}[\s\S]*?)\n```/.exec(md);
    expect(block, 'docs/bots.md shows a whole bot').not.toBeNull();
    const api = join(ROOT, 'src', 'policy', 'api.ts');
    const tmp = scratchDir('readme-bot');
    try {
      const file = join(tmp, 'my-bot.ts');
      // the page's file sits in strategies/; here it imports the contract by its absolute path instead
      writeFileSync(file, block![1]!.replace("'../src/policy/api.ts'", JSON.stringify(api)));
      const listed = await inProcess(['policies', file]);
      expect(listed.code, listed.err).toBe(0);
      expect(listed.out).toMatch(/^random 1\.0\.0 \(Perlaggen/);
      const played = await inProcess(['simulate', '--mode', 'hands', '-n', '200', '--policies', `${file},simple`, '--workers', '0', '--json']);
      expect(played.code, played.err).toBe(0);
      expect((JSON.parse(played.out) as { dealsDone: number }).dealsDone).toBe(200);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  for (const page of pages) {
    const examples = examplesOf(page);
    if (examples.length === 0) continue;
    it(`every npx perlagg line of ${page} runs and exits as it says`, async () => {
      await runExamples(page, examples);
    });
  }
});

/** Commands already run that touch no file (the same line on another page need not run again), and where. */
const ranAlready = new Map<string, string>();

/** Run a page's examples in order, at small sizes, in a temp folder of its own. */
async function runExamples(page: string, examples: readonly Example[]): Promise<void> {
  const tmp = scratchDir('readme');
  mkdirSync(join(tmp, 'results'));
  mkdirSync(join(tmp, 'charts'));
  const failures: string[] = [];
  let ran = 0;
  try {
    for (const ex of examples) {
      let args = small(ex.args, tmp);
      const runs: string[][] = [];
      const shard = valueOf(args, '--shard');
      if (shard >= 0) {
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
    rmSync(tmp, { recursive: true, force: true }); // nothing left in the system temp dir
  }
  expect(failures).toEqual([]);
  expect(ran).toBeGreaterThanOrEqual(examples.length);
}
