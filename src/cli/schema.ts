// perlagg schema: the columns of every table perlagg writes, from their one declaration (src/results/schema.ts).
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { TABLES } from '../results/schema.ts';
import { UsageError } from '../core/errors.ts';
import type { ColumnSpec } from '../core/columns.ts';

interface SchemaArgs {
  table?: string;
  markdown: boolean;
}

export function markdownTable(columns: readonly ColumnSpec[]): string {
  const rows = columns.map((c) => `| \`${c.name}\` | ${c.type === 'utf8' ? 'utf8 (dictionary)' : c.type} | ${c.doc} |`);
  return ['| column | type | meaning |', '|---|---|---|', ...rows].join('\n');
}

export const schemaCommand: CommandModule<object, SchemaArgs> = {
  command: 'schema [table]',
  describe: `List the columns of the Arrow tables perlagg writes (${Object.keys(TABLES).join(', ')})`,
  builder: (y: Argv<object>) =>
    y
      .positional('table', { type: 'string', describe: `one of: ${Object.keys(TABLES).join(', ')}` })
      .option('markdown', { type: 'boolean', default: false, describe: 'as a Markdown table' })
      .example('perlagg schema hands', 'the columns of hands.arrow') as Argv<SchemaArgs>,
  handler: (argv: ArgumentsCamelCase<SchemaArgs>) => {
    const names = argv.table === undefined ? Object.keys(TABLES) : [argv.table];
    for (const name of names) {
      const cols = TABLES[name];
      if (cols === undefined) throw new UsageError(`no table "${name}" (tables: ${Object.keys(TABLES).join(', ')})`);
      if (argv.markdown) process.stdout.write(`${markdownTable(cols)}\n\n`);
      else {
        const w = Math.max(...cols.map((c) => c.name.length));
        process.stdout.write(`${name}.arrow\n${cols.map((c) => `  ${c.name.padEnd(w)}  ${c.type.padEnd(7)}  ${c.doc}`).join('\n')}\n\n`);
      }
    }
  },
};
