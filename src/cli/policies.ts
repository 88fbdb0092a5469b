// perlagg policies: every built-in policy, by game, with its version, description and declared options
// (type, range, default, meaning); `perlagg policies FILE` the same for a policy file.
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import type { OptionSpec, PolicyFactory } from '../policy/api.ts';
import { PolicyError, builtinPoliciesOf, builtinPolicy, isPolicyFile, resolvePolicy } from '../registry/policies.ts';
import { UsageError } from '../core/errors.ts';

interface PoliciesArgs {
  file?: string;
  game?: string;
  json: boolean;
}

/** The games with built-in policies, and what they are played with. */
export const POLICY_GAMES: ReadonlyArray<{ readonly game: string; readonly title: string; readonly used: string }> = [
  { game: 'perlaggen', title: 'Perlaggen', used: 'perlagg play, simulate, tune, league' },
  { game: 'bieten', title: 'Bieten', used: 'perlagg play --game bieten' },
];

export interface OptionInfo {
  readonly type: OptionSpec['type'];
  readonly min?: number;
  readonly max?: number;
  readonly values?: readonly string[];
  readonly default: number | boolean | string;
  readonly description: string;
}

export interface PolicyInfo {
  readonly name: string;
  readonly game: string;
  readonly version: string;
  readonly description: string;
  readonly options: Readonly<Record<string, OptionInfo>>;
  /** For a file: its absolute path. */
  readonly file?: string;
}

export function policyInfo(f: PolicyFactory, game: string, file?: string): PolicyInfo {
  const options: Record<string, OptionInfo> = {};
  for (const [k, o] of Object.entries(f.options)) {
    options[k] =
      o.type === 'number' || o.type === 'integer' ? { type: o.type, min: o.min, max: o.max, default: o.default, description: o.description }
      : o.type === 'enum' ? { type: o.type, values: o.values, default: o.default, description: o.description }
      : { type: o.type, default: o.default, description: o.description };
  }
  return { name: f.name, game, version: f.version, description: f.description, options, ...(file === undefined ? {} : { file }) };
}

/** The range of an option in words: [min, max], one of a | b, or true | false. */
function rangeText(o: OptionInfo): string {
  if (o.type === 'enum') return (o.values ?? []).join(' | ');
  if (o.type === 'boolean') return 'true | false';
  return `[${o.min}, ${o.max}]`;
}

/** A policy and its options as lines, in a fixed layout (options aligned). */
export function policyLines(p: PolicyInfo, indent = '  '): string[] {
  const lines = [`${indent}${p.name} ${p.version}${p.file === undefined ? '' : ` (${POLICY_GAMES.find((g) => g.game === p.game)?.title ?? p.game}, ${p.file})`}: ${p.description}`];
  const opts = Object.entries(p.options);
  if (opts.length === 0) {
    lines.push(`${indent}    no options`);
    return lines;
  }
  const w = Math.max(...opts.map(([k]) => k.length));
  const rw = Math.max(...opts.map(([, o]) => rangeText(o).length));
  const tw = Math.max(...opts.map(([, o]) => o.type.length));
  const dw = Math.max(...opts.map(([, o]) => String(o.default).length));
  for (const [k, o] of opts) {
    lines.push(`${indent}    ${k.padEnd(w)}  ${o.type.padEnd(tw)}  ${rangeText(o).padEnd(rw)}  default ${String(o.default).padEnd(dw)}  ${o.description}`);
  }
  return lines;
}

/** Load a policy file of either game. */
async function loadFile(file: string): Promise<PolicyInfo> {
  try {
    const r = await resolvePolicy(file);
    return policyInfo(r.factory, r.factory.game ?? 'perlaggen', r.spec);
  } catch (e) {
    if (e instanceof PolicyError && /plays bieten, not perlaggen/.test(e.message)) {
      const r = await resolvePolicy(file, { game: 'bieten' });
      return policyInfo(r.factory as unknown as PolicyFactory, 'bieten', r.spec);
    }
    throw e;
  }
}

export const policiesCommand: CommandModule<object, PoliciesArgs> = {
  command: 'policies [file]',
  describe: 'List the built-in policies by game with their versions and declared options (or those of a policy file)',
  builder: (y: Argv<object>) =>
    y
      .positional('file', { type: 'string', describe: 'a policy file (.ts, .mts, .js, .mjs) to describe instead' })
      .option('game', { type: 'string', choices: POLICY_GAMES.map((g) => g.game), describe: 'only the policies of this game' })
      .option('json', { type: 'boolean', default: false, describe: 'as one JSON object: { perlaggen: [...], bieten: [...] } (or the file\'s policy)' })
      .example('perlagg policies', 'every built-in policy and its options')
      .example('perlagg policies --game perlaggen --json', 'the Perlaggen policies as JSON')
      .example('perlagg policies strategies/simple.ts', 'a policy file: its name, version and options') as Argv<PoliciesArgs>,
  handler: async (argv: ArgumentsCamelCase<PoliciesArgs>) => {
    if (Array.isArray(argv.game)) throw new UsageError('--game is given more than once; give it once');
    if (argv.file !== undefined) {
      if (!isPolicyFile(argv.file)) throw new UsageError(`${argv.file}: not a policy file (a path ending in .ts, .mts, .js or .mjs); the built-in policies are listed by perlagg policies`);
      const p = await loadFile(argv.file);
      process.stdout.write(argv.json ? JSON.stringify(p) + '\n' : `${policyLines(p, '').join('\n')}\n`);
      return;
    }
    const games = POLICY_GAMES.filter((g) => argv.game === undefined || g.game === argv.game);
    const all = Object.fromEntries(games.map((g) => [g.game, builtinPoliciesOf(g.game).map((n) => policyInfo(builtinPolicy(n, g.game), g.game))]));
    if (argv.json) {
      process.stdout.write(JSON.stringify(all) + '\n');
      return;
    }
    const lines: string[] = [];
    for (const g of games) {
      lines.push(`${g.title} (${g.used}):`);
      for (const p of all[g.game]!) lines.push(...policyLines(p));
      lines.push('');
    }
    lines.push('Give options in braces, e.g. "simple{holdSlack=2,spielTricks=3}"; a file path loads a policy of your own (perlagg policies FILE describes it).');
    process.stdout.write(lines.join('\n') + '\n');
  },
};
