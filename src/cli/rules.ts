// perlagg rules: a ruleset with all its parameters, and the switches of RULES §15.
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { cardsShort } from '../cards/notation.ts';
import { AMBIGUITIES } from '../rules/ambiguities.ts';
import { perlaggenOf } from '../rules/perlaggen.ts';
import { canonicalJson, canonicalName, resolveRuleset, rulesetHash } from '../rules/registry.ts';

interface RulesArgs {
  ruleset: string;
  json: boolean;
  ambiguities: boolean;
}

function flatten(o: Record<string, unknown>, prefix = ''): Array<[string, string]> {
  return Object.entries(o).flatMap(([k, v]): Array<[string, string]> =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [[prefix + k, Array.isArray(v) ? v.join('/') : String(v)]],
  );
}

export const rulesCommand: CommandModule<object, RulesArgs> = {
  command: 'rules',
  describe: 'Show a ruleset with all its parameters, or the ambiguity switches of RULES §15',
  builder: (y: Argv<object>) =>
    y
      .option('ruleset', { alias: 'r', type: 'string', default: 'oberland', describe: 'ruleset name, optionally with overrides, e.g. "oberland{target=18}"' })
      .option('json', { type: 'boolean', default: false, describe: 'print the canonical JSON record (as manifests keep it)' })
      .option('ambiguities', { alias: 'a', type: 'boolean', default: false, describe: 'list A-01..A-46 with the switch that selects each alternative' })
      .example('perlagg rules -r 1853', 'every parameter of the 1853 rules')
      .example('perlagg rules -a', 'the 46 ambiguities and their switches')
      .example('perlagg rules -r "innsbruck{follow.perlaggCountsAsHoldingSuit=true}" --json', 'a derived ruleset as JSON') as Argv<RulesArgs>,
  handler: (argv: ArgumentsCamelCase<RulesArgs>) => {
    const r = resolveRuleset(argv.ruleset);
    if (argv.ambiguities) {
      for (const a of AMBIGUITIES) {
        const sw = a.switches.map((s) => `${s.field} = ${s.alternatives.join(' | ')} (${s.rulesets.join(', ')})`).join('; ');
        process.stdout.write(`${a.id}  ${a.title}\n      default: ${a.proposal}\n      ${sw.length > 0 ? `switch: ${sw}` : `no switch: ${a.noSwitch ?? ''}`}\n`);
      }
      return;
    }
    if (argv.json) {
      process.stdout.write(canonicalJson(r) + '\n');
      return;
    }
    const lines = [`${canonicalName(r)}: ${r.title} — ${r.source}`, `hash ${rulesetHash(r)}`, ''];
    for (const t of r.trumpSuitsAllowed) lines.push(`Perlaggen with ${t} trump, highest first: ${cardsShort(perlaggenOf(r, t).order)}`);
    lines.push('');
    const rows = flatten(r as unknown as Record<string, unknown>).filter(([k]) => !['name', 'title', 'source'].includes(k));
    const width = Math.max(...rows.map(([k]) => k.length));
    for (const [k, v] of rows) lines.push(`  ${k.padEnd(width)}  ${v}`);
    process.stdout.write(lines.join('\n') + '\n');
  },
};
