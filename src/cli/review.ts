// perlagg review FILE (issue 27 item 4): a recorded game (docs/replay-format.md), or the transcript `perlagg
// play --transcript` wrote, annotated decision by decision — the best action, the value the action taken lost,
// the mistakes classed (docs/review.md) — with a summary per seat; --out writes review.arrow, its manifest and
// the chart; --json prints the review as one object. A bad file: one line naming its line, exit 2.
import { readFileSync } from 'node:fs';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { ReplayError } from '../games/replay/format.ts';
import { reviewGame, reviewText, type GameReview, writeReviewFolder, REVIEW_TABLE, recordingOf } from '../review/index.ts';
import { writeResultCharts } from '../charts/commands.ts';
import { UsageError } from '../core/errors.ts';
import { textOption, wholeOption } from './errors.ts';
import { join } from 'node:path';

interface ReviewArgs {
  file: string;
  worlds: string;
  seed: string;
  continuation: string;
  readBids: string;
  answers: string;
  all: boolean;
  seat?: string;
  json: boolean;
  out?: string;
}

export const reviewCommand: CommandModule<object, ReviewArgs> = {
  command: 'review <file>',
  describe: 'review a recorded Perlaggen game decision by decision: the best action, the value lost, the mistakes (docs/review.md)',
  builder: (y: Argv) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'a recording (docs/replay-format.md) or a transcript of perlagg play --transcript' })
      .option('worlds', { type: 'string', default: '200', describe: 'worlds sampled for each decision (more: slower, less noise)' })
      .option('seed', { type: 'string', default: '1', describe: 'seed of the sampled worlds' })
      .option('continuation', { type: 'string', default: 'simple', choices: ['simple', 'random'], describe: 'how each world is played out' })
      .option('read-bids', { type: 'string', default: 'strong', choices: ['none', 'any', 'strong'], describe: 'what the other seats\' bids are taken to show (as perlagg advise)' })
      .option('answers', { type: 'string', default: 'perfect', choices: ['perfect', 'simple'], describe: 'how the other seats answer a bid or raise in the search: perfect (whichever of gut and hold is better for them in the world) or simple (as the simple bot answers, from their own cards)' })
      .option('seat', { type: 'string', describe: 'review only these seats\' decisions, e.g. P1 or P1,P3 (default every seat)' })
      .option('all', { type: 'boolean', default: false, describe: 'list every decision, not only the mistakes' })
      .option('json', { type: 'boolean', default: false, describe: 'print the review as one JSON object (decisions, summary, thresholds)' })
      .option('out', { alias: 'o', type: 'string', describe: 'folder for review.arrow, manifest.json and charts/' })
      .example('perlagg review examples/perlaggen-oberland-hand.txt --worlds 50', 'the example hand\'s mistakes and the summary per seat')
      .example('perlagg review examples/perlaggen-oberland-hand.txt --worlds 50 --all', 'every decision with its best action and value lost') as unknown as Argv<ReviewArgs>,
  handler: async (argv: ArgumentsCamelCase<ReviewArgs>) => {
    const worlds = wholeOption('worlds', argv.worlds, 2, 100_000)!;
    const seed = wholeOption('seed', argv.seed, 0, 2 ** 31)!;
    const out = textOption('out', argv.out);
    const seatText = textOption('seat', argv.seat);
    const seats = seatText === undefined ? undefined : seatText.split(',').map((x) => {
      const m = /^\s*P([1-6])\s*$/i.exec(x);
      if (m === null) throw new UsageError(`--seat ${JSON.stringify(seatText)}: name seats as P1 … P6, separated by commas`);
      return Number(m[1]) - 1;
    });
    let text: string;
    try {
      text = readFileSync(argv.file, 'utf8');
    } catch (e) {
      throw new UsageError(`cannot read ${argv.file}: ${e instanceof Error && 'code' in e ? String((e as { code: unknown }).code) : String(e)}`);
    }
    const t0 = performance.now();
    let review: GameReview;
    try {
      const recording = recordingOf(text);
      review = reviewGame(recording, { worlds, seed, continuation: argv.continuation as 'simple' | 'random', readBids: argv.readBids as 'none' | 'any' | 'strong', answers: argv.answers as 'perfect' | 'simple', ...(seats === undefined ? {} : { seats }) }, argv.file);
    } catch (e) {
      if (e instanceof ReplayError) throw new UsageError(`${argv.file} line ${e.line}: ${e.message}`);
      throw e;
    }
    const ms = performance.now() - t0;
    if (out !== undefined) writeReviewFolder(out, review, text, argv.file, process.argv.slice(3), ms);
    if (argv.json) process.stdout.write(JSON.stringify(review) + '\n');
    else {
      process.stdout.write(reviewText(review, argv.file, argv.all));
      if (out !== undefined) process.stdout.write(`\nWrote ${join(out, REVIEW_TABLE)} and manifest.json\n`);
    }
    if (out !== undefined) await writeResultCharts(out, { json: argv.json });
  },
};
