// Every example of every `--help` pastes and runs (issue 29, item 7). The examples are read from the help
// text itself (each command's and each sub-command's `Examples:`), so a new example is run without a line
// here. Each starts `npx perlagg` (a clone has no perlagg on its PATH). They run in one temp folder, in the
// order the commands are listed (so `plot` finds what `exact --out` and `merge` wrote), cut to small sizes by
// the rewrites test/readme/examples.test.ts lists (its small(): -n, --partien, --pairs, --confirm-pairs,
// --workers 0, results/… and --out and --transcript into the temp folder), in this process where no standard
// input is piped. Not run again here, and why:
//   - an example that is also a command line of the README or of docs/ (test/readme runs those pages);
//   - the advise examples: test/search/advise-assumed.test.ts runs every one (ADVISE_EXAMPLES, asserted
//     here to be what the help shows).
// One test per command (each within the test time limit on a busy machine). Quick variants declared here: `experiment run --all --shard i/n` runs shard 0/42 only (one experiment at its
// smoke size; the sharding of the experiments is test/experiments' matter); `experiment report --replicate
// X --docs` reads the smoke results for both seeds and writes --out into the temp folder (--docs takes only
// full-size runs of all 42); `serve` is started, must print its address, and is stopped with Ctrl-C.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../../src/cli/main.ts';
import { ADVISE_EXAMPLES } from '../../src/cli/advise.ts';
import { ROOT, example, examplePages, readmeExamples, runExamples, type Example } from '../readme/examples.ts';
import { scratchDir } from '../scratch.ts';

/** A command's --help as printed. */
async function help(command: readonly string[]): Promise<string> {
  const out: string[] = [];
  const log = console.log;
  console.log = (...a: unknown[]) => void out.push(a.join(' '));
  try {
    await (await cli([...command, '--help'])).exitProcess(false).parseAsync();
  } finally {
    console.log = log;
  }
  return out.join('\n');
}

let read: Promise<Array<{ command: string; lines: string[] }>> | null = null;
/** Every command and sub-command with the example lines of its help, in the order `perlagg --help` lists them (read once). */
function helpExamples(): Promise<Array<{ command: string; lines: string[] }>> {
  read ??= readHelpExamples();
  return read;
}

async function readHelpExamples(): Promise<Array<{ command: string; lines: string[] }>> {
  const examplesOf = (h: string): string[] => {
    const i = h.indexOf('\nExamples:\n');
    if (i < 0) return [];
    return h.slice(i + '\nExamples:\n'.length).split('\n').filter((l) => /^ {2}\S/.test(l)).map((l) => l.trim());
  };
  const out: Array<{ command: string; lines: string[] }> = [];
  const top = await help([]);
  out.push({ command: '', lines: examplesOf(top) });
  for (const c of [...top.matchAll(/^ {2}perlagg (\w+)/gm)].map((m) => m[1]!)) {
    const h = await help([c]);
    out.push({ command: c, lines: examplesOf(h) });
    for (const sub of [...h.matchAll(new RegExp(`^ {2}perlagg ${c} (\\w+)`, 'gm'))].map((m) => m[1]!)) out.push({ command: `${c} ${sub}`, lines: examplesOf(await help([c, sub])) });
  }
  return out;
}

/** The quick variants declared at the head of this file. */
function quick(ex: Example): Example {
  const a = ex.args.slice();
  let oneShard = false;
  if (a[0] === 'experiment' && a[1] === 'run' && a.includes('--all')) {
    const s = a.indexOf('--shard');
    if (s >= 0) {
      a[s + 1] = '0/42';
      oneShard = true; // shard 0 only: runExamples would otherwise run all 42 shards, every experiment
    }
  }
  if (a[0] === 'experiment' && a[1] === 'report' && a.includes('--docs')) {
    a.splice(a.indexOf('--docs'), 1);
    const r = a.indexOf('--replicate');
    if (r >= 0) a[r + 1] = a[a.indexOf('--results') + 1]!;
    a.push('--out', 'results/findings-replicated.md');
  }
  return { ...ex, args: a, ...(oneShard ? { oneShard } : {}) };
}

/** Start `perlagg serve`: it must print the address to open; Ctrl-C ends it. */
async function serveRuns(args: readonly string[]): Promise<{ line: string; code: number | null }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin', 'perlagg.js'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const line = await new Promise<string>((resolve) => {
    child.stdout.on('data', (d: Buffer) => {
      out += String(d);
      const m = /^perlagg serve: open (http:\/\/127\.0\.0\.1:\d+\/)/m.exec(out);
      if (m !== null) resolve(m[0]);
    });
    child.on('exit', () => resolve(out));
  });
  const code = await new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    child.on('exit', (c, signal) => resolve(c ?? (signal === 'SIGINT' ? 130 : null)));
    child.kill('SIGINT');
  });
  return { line, code };
}

describe('every --help example pastes and runs', () => {
  it('each starts npx perlagg; the advise examples are those test/search runs', async () => {
    const all = await helpExamples();
    const lines = all.flatMap((c) => c.lines);
    expect(lines.length).toBeGreaterThan(40);
    for (const l of lines) expect(l).toMatch(/^npx perlagg \S/);
    expect(all.find((c) => c.command === 'advise')!.lines).toEqual(ADVISE_EXAMPLES.map((e) => `npx ${e.command}`));
    expect(all.find((c) => c.command === 'play')!.lines.filter((l) => l.includes('<'))).toEqual(['npx perlagg play --human 0 --transcript hand.txt < examples/human-moves.txt']);
  });

  // one test per command, in the order of perlagg --help, all in one temp folder (plot reads what exact --out
  // and merge wrote); the examples of a command run in its order
  const shared = scratchDir('help-examples');
  const groups = ['exact', 'play', 'replay', 'rules', 'simulate', 'merge', 'bench', 'schema', 'plot', 'tune', 'league', 'policies', 'serve', 'experiment', 'review'];
  for (const group of groups) {
    it(`the examples of ${group} --help not run by another test run here (small sizes) and exit 0`, async () => {
      const all = (await helpExamples()).filter((c) => c.command.split(' ')[0] === group);
      const onPages = new Set(examplePages().flatMap((p) => readmeExamples(readFileSync(join(ROOT, p), 'utf8')).map((e) => e.text)));
      const here = all.flatMap((c) => c.lines.map((text, i) => ({ text, i }))).filter((x) => !onPages.has(x.text)).map((x) => quick(example(x.i + 1, x.text)));
      if (group === 'serve') {
        for (const ex of here) {
          const r = await serveRuns(ex.args);
          expect(r.line, ex.text).toMatch(/^perlagg serve: open http:\/\/127\.0\.0\.1:\d+\/$/);
          expect([0, 130]).toContain(r.code);
        }
      } else if (here.length > 0) await runExamples(`perlagg ${group} --help`, here, shared);
    });
  }

  it('every command with examples is in one of the groups above (advise: test/search)', async () => {
    const commands = new Set((await helpExamples()).filter((c) => c.lines.length > 0).map((c) => c.command.split(' ')[0]!));
    expect([...commands].filter((c) => !groups.includes(c) && c !== 'advise')).toEqual([]);
  });
});
