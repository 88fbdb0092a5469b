// The `perlagg` command line (yargs, strict). One file per command; each exports a yargs CommandModule, and
// commands.ts lists them. A process loads yargs and the module of the command it names only: `--version`
// loads neither, `--help` (no command) lists every command from commands.ts's table (issue 25).
import type { Argv } from 'yargs';
import { COMMANDS, namedCommands } from './commands.ts';
import { stopQuietlyOnClosedPipe } from './closed-pipe.ts';
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
  const { default: yargs } = await import('yargs');
  const named = new Set(namedCommands(argv));
  let y = pasteableExamples(yargs(argv))
    .scriptName('perlagg')
    .usage('perlagg <command> [options]\n\nExact answers and simulations for the Tyrolean card game Perlaggen.');
  for (const c of COMMANDS) {
    // a command not named is listed (help, "Did you mean …?") but never runs: only its usage and line
    y = y.command(named.has(c) ? await c.load() : { command: c.command, describe: c.describe, handler: () => Promise.reject(new Error(`command ${c.command} run but not loaded`)) });
  }
  return y
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

/**
 * Run the command line and set the process's exit code: a command may set its own (simulate: 130 after
 * Ctrl-C); an error's code wins; a pipe closed by its reader ends the command quietly (closed-pipe.ts). The
 * arguments are those after node and the script (what yargs' hideBin gives under node, without loading yargs
 * for --version).
 */
export async function run(argv: string[] = process.argv.slice(2)): Promise<void> {
  stopQuietlyOnClosedPipe();
  const code = await main(argv);
  if (code !== 0 || process.exitCode === undefined) process.exitCode = code;
}
