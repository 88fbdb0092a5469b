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
//   tune -n N, --confirm-pairs -> 40 pairs, 200 confirmation pairs (added when absent); league -n N / --partien N -> 100 / 8
//   --shard i/n              -> every shard 0 .. n-1 (the README says "likewise"), so the merge after it runs
//   --resume                 -> a run of the same command interrupted (Ctrl-C) after its first batch, in a
//                               folder of its own, then the resume; results/…, charts/…, --out, --transcript -> the temp folder
//   review --worlds N        -> 10 worlds a decision (added when absent)
//   experiment run           -> its --smoke form (seconds) with --workers 0, results in the temp folder; report reads them
//   --where FILE             -> FILE written there when the README's file does not exist (a predicate keeping Herz deals)
//   review/replay FILE       -> FILE in the temp folder when the repository has none (a transcript an earlier line wrote)
//   play --human without "<" -> run with no input: it must reach its first question (two people at one
//                               keyboard: the handing over of it) and stop at the end of the input (exit 2);
//                               "< FILE" lines get the file as their standard input
// Most lines run in this process (main() of src/cli/main.ts); those with standard input, and the run to be
// interrupted, are spawned. The reading, the rewriting and the running live in examples.ts, which
// test/cli/help-examples.test.ts shares for the examples of every `--help`.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../scratch.js';
import { ROOT, examplePages, inProcess, readmeExamples, runExamples, shellWords, small } from './examples.ts';

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
    expect(small(['review', 'examples/perlaggen-oberland-hand.txt', '--worlds', '40', '--all'], '/t')).toEqual(['review', 'examples/perlaggen-oberland-hand.txt', '--worlds', '10', '--all']);
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

