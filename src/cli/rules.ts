// perlagg rules: a ruleset with all its parameters, and the ambiguities of RULES §15 with their switches,
// each pointing to its explanation in docs/rules.md.
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { cardsShort } from '../cards/notation.ts';
import { AMBIGUITIES, type Ambiguity } from '../rules/ambiguities.ts';
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

/** Where an ambiguity (or any id of docs/rules.md: A-04, GC-17, H-24) is explained, as a repository path. */
export function rulesDocLink(id: string): string {
  return `docs/rules.md#${id.toLowerCase()}`;
}

/** The first alternative of an ambiguity that differs from a ruleset's default, as an override spec. */
function exampleOverride(a: Ambiguity): string | null {
  for (const sw of a.switches) {
    for (const name of sw.rulesets) {
      const current = new Map(flatten(resolveRuleset(name) as unknown as Record<string, unknown>)).get(sw.field);
      const alt = sw.alternatives.find((v) => v !== current);
      if (alt !== undefined) return `${name}{${sw.field}=${alt}}`;
    }
  }
  return null;
}

/** The `rules -a` text of one ambiguity: default, switches with an example override, where it is explained. */
export function ambiguityText(a: Ambiguity): string {
  const sw = a.switches.map((s) => `${s.field} = ${s.alternatives.join(' | ')} (${s.rulesets.join(', ')})`).join('; ');
  const example = exampleOverride(a);
  return [
    `${a.id}  ${a.title}`,
    `      default: ${a.proposal}`,
    `      ${sw.length > 0 ? `switch: ${sw}` : `no switch: ${a.noSwitch ?? ''}`}`,
    ...(example === null ? [] : [`      e.g. --ruleset "${example}"`]),
    `      explained: ${rulesDocLink(a.id)}`,
  ].join('\n') + '\n';
}

/** The whole `rules -a` output. */
export function ambiguitiesText(): string {
  const head = `The ${AMBIGUITIES.length} ambiguities of the sources: the reading perlagg uses by default and the switch that selects each alternative.\nEach is explained, with its sources, in docs/rules.md (section 15, ${rulesDocLink('s15')}).\n\n`;
  return head + AMBIGUITIES.map(ambiguityText).join('');
}

export const rulesCommand: CommandModule<object, RulesArgs> = {
  command: 'rules',
  describe: 'Show a ruleset with all its parameters, or the ambiguities A-01..A-46 with their switches (explained in docs/rules.md)',
  builder: (y: Argv<object>) =>
    y
      .option('ruleset', { alias: 'r', type: 'string', default: 'oberland', describe: 'ruleset: 1853, Oberland, Südtirol, Innsbruck (any case, umlauts or not), optionally with overrides, e.g. "oberland{target=18}"' })
      .option('json', { type: 'boolean', default: false, describe: 'print the canonical JSON record (as manifests keep it)' })
      .option('ambiguities', { alias: 'a', type: 'boolean', default: false, describe: 'list A-01..A-46: the default reading, the switch that selects each alternative, where docs/rules.md explains it' })
      .example('perlagg rules -r 1853', 'every parameter of the 1853 rules')
      .example('perlagg rules -a', 'the 46 ambiguities, their switches, where docs/rules.md explains each')
      .example('perlagg rules -r Südtirol', 'names as players write them: Oberland, Südtirol, Innsbruck')
      .example('perlagg rules -r "oberland{target=18}" --json', 'a derived ruleset as JSON') as Argv<RulesArgs>,
  handler: (argv: ArgumentsCamelCase<RulesArgs>) => {
    const r = resolveRuleset(argv.ruleset);
    if (argv.ambiguities) {
      process.stdout.write(ambiguitiesText());
      return;
    }
    if (argv.json) {
      process.stdout.write(canonicalJson(r) + '\n');
      return;
    }
    const lines = [`${canonicalName(r)}: ${r.title} — ${r.source}`, `hash ${rulesetHash(r)}`, `The rules and every parameter are explained in docs/rules.md (parameters: ${rulesDocLink('s14')}).`, ''];
    for (const t of r.trumpSuitsAllowed) lines.push(`Perlaggen with ${t} trump, highest first: ${cardsShort(perlaggenOf(r, t).order)}`);
    lines.push('');
    const rows = flatten(r as unknown as Record<string, unknown>).filter(([k]) => !['name', 'title', 'source'].includes(k));
    const width = Math.max(...rows.map(([k]) => k.length));
    for (const [k, v] of rows) lines.push(`  ${k.padEnd(width)}  ${v}`);
    process.stdout.write(lines.join('\n') + '\n');
  },
};
