// The `perlagg` command line (yargs, strict). One file per command; each exports a yargs CommandModule.
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { exactCommand } from './exact.ts';
import { rulesCommand } from './rules.ts';
import { simulateCommand } from './simulate.ts';
import { mergeCommand } from './merge.ts';
import { benchCommand } from './bench.ts';
import { schemaCommand } from './schema.ts';
import { playCommand } from './play.ts';
import { plotCommand } from './plot.ts';
import { reportError, UsageError } from './errors.ts';

export async function main(argv: string[]): Promise<number> {
  let code = 0;
  try {
    await yargs(argv)
      .scriptName('perlagg')
      .usage('perlagg <command> [options]\n\nExact answers and simulations for the Tyrolean card game Perlaggen.')
      .command(exactCommand)
      .command(playCommand)
      .command((await import('./replay.ts')).replayCommand)
      .command(rulesCommand)
      .command(simulateCommand)
      .command(mergeCommand)
      .command(benchCommand)
      .command(schemaCommand)
      .command(plotCommand)
      .demandCommand(1, 'name a command (perlagg --help lists them)')
      .strict()
      .recommendCommands()
      .help()
      .alias('h', 'help')
      .version(false)
      .wrap(Math.min(110, process.stdout.columns || 110))
      .fail((msg, err) => {
        throw err ?? new UsageError(msg);
      })
      .parseAsync();
  } catch (e) {
    code = reportError(e);
  }
  return code;
}

const code = await main(hideBin(process.argv));
process.exitCode = code;
