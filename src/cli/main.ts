// The `perlagg` command line (yargs, strict). One file per command; each exports a yargs CommandModule.
import yargs, { type Argv } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { exactCommand } from './exact.ts';
import { rulesCommand } from './rules.ts';
import { simulateCommand } from './simulate.ts';
import { mergeCommand } from './merge.ts';
import { benchCommand } from './bench.ts';
import { schemaCommand } from './schema.ts';
import { playCommand } from './play.ts';
import { plotCommand } from './plot.ts';
import { tuneCommand } from './tune.ts';
import { leagueCommand } from './league.ts';
import { policiesCommand } from './policies.ts';
import { experimentCommand } from './experiment.ts';
import { reportError } from './errors.ts';
import { helpWidth, pasteableExamples } from './help.ts';
import { codeVersion } from '../results/manifest.ts';
import { UsageError } from '../core/errors.ts';

/** `perlagg --version`: the package version and the commit of the code (with -dirty for a changed tree). */
export function versionLine(): string {
  const v = codeVersion();
  return `perlagg ${v.package} (commit ${v.commit}, node ${v.node})`;
}

/** The command line, configured and not yet parsed (main parses it; tests read its help). */
export async function cli(argv: string[]): Promise<Argv> {
  return pasteableExamples(yargs(argv))
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
    .command(tuneCommand)
    .command(leagueCommand)
    .command(policiesCommand)
    .command((await import('./advise.ts')).adviseCommand)
    .command((await import('./review.ts')).reviewCommand)
    .command((await import('./serve.ts')).serveCommand)
    .command(experimentCommand)
    .demandCommand(1, 'name a command (perlagg --help lists them)')
    .strict()
    .recommendCommands()
    .help()
    .alias('h', 'help')
    .version(false)
    .option('version', { type: 'boolean', describe: 'print the package version and the code commit' })
    .wrap(helpWidth())
    .fail((msg, err) => {
      throw err ?? new UsageError(yargsMessage(msg));
    });
}

export async function main(argv: string[]): Promise<number> {
  let code = 0;
  const dashDash = argv.indexOf('--');
  if ((dashDash < 0 ? argv : argv.slice(0, dashDash)).includes('--version')) {
    process.stdout.write(versionLine() + '\n');
    return 0;
  }
  try {
    await (await cli(argv)).parseAsync();
  } catch (e) {
    code = reportError(e);
  }
  return code;
}

/** yargs' messages on one line, naming the option and what it allows. */
export function yargsMessage(msg: string): string {
  const choice = /^Invalid values:\s*Argument: (\S+), Given: (.*), Choices: (.*)$/s.exec(msg.trim());
  if (choice !== null) return `--${choice[1]} ${choice[2]!.trim()}: not one of ${choice[3]!.replace(/"/g, '').trim()}`;
  return msg.replace(/\s*\n\s*/g, ' ').trim();
}

/** Run the command line and set the process's exit code: a command may set its own (simulate: 130 after Ctrl-C); an error's code wins. */
export async function run(argv: string[] = hideBin(process.argv)): Promise<void> {
  const code = await main(argv);
  if (code !== 0 || process.exitCode === undefined) process.exitCode = code;
}
