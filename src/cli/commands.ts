// The commands of `perlagg`, in the order `perlagg --help` lists them: each one's usage and one-line
// description, and how to load its module. A process loads the module of the command named on its command
// line only (issue 25: loading every command cost each process about 550 modules and 1.8 s of CPU before it
// did anything); `perlagg --help` lists them all from this table without loading any. The usage and the
// description are the module's own (`command` and `describe` of its CommandModule), written out here;
// test/cli/rough-edges.test.ts checks that they agree.
import type { CommandModule } from 'yargs';

export interface CommandEntry {
  /** The command's yargs usage, its name first: `merge <shards..>`. */
  readonly command: string;
  /** Its one line in `perlagg --help`. */
  readonly describe: string;
  /** Its module's CommandModule (imported on demand). */
  load(): Promise<CommandModule<object, any>>; // any: each command has arguments of its own
}

export const COMMANDS: readonly CommandEntry[] = [
  { command: 'exact', describe: 'Exact distribution of the best Gleich and Hanger over every 5-card hand', load: async () => (await import('./exact.ts')).exactCommand },
  { command: 'play', describe: 'play one hand and print it as a Perlagg player would follow it', load: async () => (await import('./play.ts')).playCommand },
  { command: 'replay <file>', describe: 'replay a recorded game (Bieten or Perlaggen), checking every action, and print it with the score', load: async () => (await import('./replay.ts')).replayCommand },
  { command: 'rules', describe: 'Show a ruleset with all its parameters, or the ambiguities A-01..A-46 with their switches (explained in docs/rules.md)', load: async () => (await import('./rules.ts')).rulesCommand },
  { command: 'simulate', describe: 'Monte Carlo on all cores: figures of dealt hands, hands played by policies, or whole Partien', load: async () => (await import('./simulate.ts')).simulateCommand },
  { command: 'merge <shards..>', describe: 'Merge the shards of a sharded simulate run into one output', load: async () => (await import('./merge.ts')).mergeCommand },
  { command: 'bench', describe: 'Deterministic signature of a fixed seeded set (exact counts, dealt figures, played hands) and throughput', load: async () => (await import('./bench.ts')).benchCommand },
  { command: 'schema [table]', describe: 'List the columns of the Arrow tables perlagg writes (exact, deals, hands, partien, decisions, trajectory, league, review, bieten_deals, bieten_games)', load: async () => (await import('./schema.ts')).schemaCommand },
  { command: 'plot <dir>', describe: 'Redraw the SVG charts of a result folder from its tables and manifest', load: async () => (await import('./plot.ts')).plotCommand },
  { command: 'tune', describe: "Tune a policy's numeric options by SPSA (fishtest's schedule) on duplicate deals, then confirm on fresh deals", load: async () => (await import('./tune.ts')).tuneCommand },
  { command: 'league', describe: 'Rate several policies: every pair on the same duplicate deals, a crosstable and ratings with error bars', load: async () => (await import('./league.ts')).leagueCommand },
  { command: 'policies [file]', describe: 'List the built-in policies by game with their versions and declared options (or those of a policy file)', load: async () => (await import('./policies.ts')).policiesCommand },
  { command: 'advise', describe: 'price every legal action of a described situation by worlds sampled from what you have seen (PIMC): expected points and P(win the Partie), with intervals', load: async () => (await import('./advise.ts')).adviseCommand },
  { command: 'review <file>', describe: 'review a recorded Perlaggen game decision by decision: the best action, the value lost, the mistakes (docs/review.md)', load: async () => (await import('./review.ts')).reviewCommand },
  { command: 'serve', describe: 'play and review in the browser: a local web server (127.0.0.1) with the table, the advisor and the review', load: async () => (await import('./serve.ts')).serveCommand },
  { command: 'experiment', describe: "the 1853 author's claims (H-01 … H-42) tested: list, run, report", load: async () => (await import('./experiment.ts')).experimentCommand },
];

/** A command's name: the first word of its usage. */
export function commandName(c: CommandEntry): string {
  return c.command.split(' ')[0]!;
}

/**
 * The commands a command line may name: every word of it equal to a command's name. yargs runs the command
 * of its first positional word; a word is loaded whenever it could be that one (`perlagg --out x exact` has
 * exact at its third word), and loading one more (a folder named like a command) changes nothing but time.
 */
export function namedCommands(argv: readonly string[]): CommandEntry[] {
  const words = new Set(argv);
  return COMMANDS.filter((c) => words.has(commandName(c)));
}
