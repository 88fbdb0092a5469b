// perlagg replay FILE: a recorded game (docs/replay-format.md) checked action by action with the rules' own
// words, printed as a transcript with the points and the score. A bad recording: one line naming the line of
// the file, exit 2, nothing printed.
import { readFileSync } from 'node:fs';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { replayText, ReplayError } from '../games/replay/index.ts';
import { UsageError } from '../core/errors.ts';

interface ReplayArgs {
  file: string;
}

/** The transcript of a recording file (the command's output). */
export function replayFile(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file}: ${e instanceof Error && 'code' in e ? String((e as { code: unknown }).code) : String(e)}`);
  }
  try {
    return replayText(text, file);
  } catch (e) {
    if (e instanceof ReplayError) throw new UsageError(`${file} line ${e.line}: ${e.message}`);
    throw e;
  }
}

export const replayCommand: CommandModule<object, ReplayArgs> = {
  command: 'replay <file>',
  describe: 'replay a recorded game (Bieten or Perlaggen), checking every action, and print it with the score',
  builder: (y: Argv) =>
    y
      .positional('file', { type: 'string', demandOption: true, describe: 'the recording (docs/replay-format.md), e.g. examples/bieten-worked-game.txt' })
      .example('perlagg replay examples/bieten-worked-game.txt', 'the worked game of Schwaighofer 1926, scored deal by deal') as unknown as Argv<ReplayArgs>,
  handler: (argv: ArgumentsCamelCase<ReplayArgs>) => {
    process.stdout.write(replayFile(argv.file));
  },
};
