// perlagg plot: redraw every chart of a result folder (perlagg exact, simulate, merge, tune, league or
// review --out) from its tables and manifest, into <dir>/charts or --out.
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { writeResultCharts } from '../charts/commands.ts';

interface PlotArgs {
  dir: string;
  out?: string;
}

export const plotCommand: CommandModule<object, PlotArgs> = {
  command: 'plot <dir>',
  describe: 'Redraw the SVG charts of a result folder from its tables and manifest',
  builder: (y: Argv<object>) =>
    y
      .positional('dir', { type: 'string', demandOption: true, describe: 'a folder written by perlagg exact, simulate, merge, tune, league or review with --out (a league: its matches\' charts too)' })
      .option('out', { alias: 'o', type: 'string', describe: 'folder for the charts (default: <dir>/charts)' })
      .example('perlagg plot results/exact-suedtirol', 'redraw results/exact-suedtirol/charts/exact.svg (after exact --out)')
      .example('perlagg plot results/big/merged', 'the charts of a merged sharded run') as Argv<PlotArgs>,
  handler: async (argv: ArgumentsCamelCase<PlotArgs>) => {
    await writeResultCharts(argv.dir, argv.out === undefined ? {} : { into: argv.out });
  },
};
