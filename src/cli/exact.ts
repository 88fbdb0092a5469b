// perlagg exact: the exact distribution of best Gleich and best Hanger over every 5-card hand, split by
// the number of Perlaggen in the hand (issue 2, deliverable 6).
import { mkdirSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Table from 'cli-table3';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { SUIT_NAMES, type Suit } from '../cards/card.ts';
import { CardSet } from '../cards/cardset.ts';
import { cardsShort, parseSuit } from '../cards/notation.ts';
import { DIM, exactDistribution, exactRows, exactSummary, type ExactDistribution } from '../exact/distribution.ts';
import { assertTrumpAllowed } from '../rules/perlaggen.ts';
import { canonicalJson, canonicalName, resolveRuleset, rulesetHash } from '../rules/registry.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { buildTable, writeArrowFile } from '../results/arrow-file.ts';
import { checkOutputFolder, codeVersion, sha256, writeManifest } from '../results/manifest.ts';
import { EXACT_COLUMNS } from '../results/schema.ts';
import { writeResultCharts } from '../charts/commands.ts';
import { UsageError } from './errors.ts';

interface ExactArgs {
  ruleset: string;
  trump: string;
  exclude?: string;
  json: boolean;
  out?: string;
}

export const DEFAULT_RULESET = 'oberland';

function parseTrumps(r: RulesVariant, text: string): Suit[] {
  const t = text.trim();
  if (t.toLowerCase() === 'all') return [...r.trumpSuitsAllowed];
  const out: Suit[] = [];
  for (const s of t.split(/[\s,]+/).filter((x) => x.length > 0)) {
    const suit = parseSuit(s, '--trump');
    assertTrumpAllowed(r, suit);
    if (!out.includes(suit)) out.push(suit);
  }
  if (out.length === 0) throw new UsageError('--trump needs a suit (H, S, L, E) or "all"');
  return out;
}

const pct = (x: number, of: number): string => (of === 0 ? '-' : `${((100 * x) / of).toFixed(2)}%`);
const int = (x: number): string => x.toLocaleString('en-US');

/** Counts by [perlaggen][size] of the best Gleich (which = 1) or Hanger (which = 2). */
function bySize(d: ExactDistribution, which: 'gleich' | 'hanger'): number[][] {
  const t = Array.from({ length: DIM }, () => new Array<number>(DIM).fill(0));
  for (const r of exactRows(d)) t[r.perlaggen]![which === 'gleich' ? r.gleich : r.hanger]! += r.hands;
  return t;
}

function sizeTable(d: ExactDistribution, which: 'gleich' | 'hanger'): string {
  const t = bySize(d, which);
  const noun = which === 'gleich' ? 'Gleich' : 'Hanger';
  const table = new Table({
    head: ['Perlaggen', 'hands', 'share', `no ${noun}`, '2', '3', '4', '5', 'dritzig+'],
    colAligns: ['right', 'right', 'right', 'right', 'right', 'right', 'right', 'right', 'right'],
    style: { head: [], border: [], compact: true },
  });
  const row = (label: string, c: number[]) => {
    const n = c.reduce((a, b) => a + b, 0);
    table.push([label, int(n), pct(n, d.hands), pct(c[0]!, n), pct(c[2]!, n), pct(c[3]!, n), pct(c[4]!, n), pct(c[5]!, n), pct(c[3]! + c[4]! + c[5]!, n)]);
  };
  const total = new Array<number>(DIM).fill(0);
  t.forEach((c, p) => {
    if (c.some((x) => x > 0)) row(String(p), c);
    c.forEach((x, i) => (total[i]! += x));
  });
  row('all', total);
  return table.toString();
}

function report(d: ExactDistribution): string {
  const s = exactSummary(d);
  const lines = [
    `perlagg exact: ${canonicalName(d.ruleset)}, trump ${SUIT_NAMES[d.trump]} (${d.trump})`,
    `Deck: ${d.deck.length} cards${d.excluded.length > 0 ? ` (excluded: ${cardsShort(d.excluded)})` : ''}; every 5-card hand: ${int(d.hands)}.`,
    `Perlaggen in the deck, highest first: ${cardsShort(d.perlaggenInDeck) || 'none'}.`,
    '',
    'Best Gleich, by Perlaggen in the hand (columns: share of the row):',
    sizeTable(d, 'gleich'),
    '',
    'Best Hanger, by Perlaggen in the hand (columns: share of the row):',
    sizeTable(d, 'hanger'),
    '',
    `dritziges Gleich (3+ cards):  ${int(s.dritzigesGleich)} of ${int(s.hands)} hands = ${pct(s.dritzigesGleich, s.hands)}`,
    `  only thanks to Perlaggen:   ${int(s.dritzigesGleichThanksToPerlaggen)} = ${pct(s.dritzigesGleichThanksToPerlaggen, s.hands)} of all hands, ${pct(s.dritzigesGleichThanksToPerlaggen, s.dritzigesGleich)} of the dritzig ones`,
    `viertiges Gleich (4+ cards):  ${int(s.viertigesGleich)} = ${pct(s.viertigesGleich, s.hands)}`,
    `dritziger Hanger (3+ cards):  ${int(s.dritzigerHanger)} = ${pct(s.dritzigerHanger, s.hands)}; only thanks to Perlaggen ${int(s.dritzigerHangerThanksToPerlaggen)} = ${pct(s.dritzigerHangerThanksToPerlaggen, s.hands)}`,
    `any Gleich: ${pct(s.anyGleich, s.hands)}; any Hanger: ${pct(s.anyHanger, s.hands)}`,
    `(tables ${d.timings.tablesMs.toFixed(0)} ms, enumeration ${d.timings.enumerateMs.toFixed(0)} ms)`,
  ];
  return lines.join('\n');
}

function jsonOf(r: RulesVariant, excluded: CardSet, ds: ExactDistribution[]): object {
  return {
    ruleset: canonicalName(r),
    rulesetHash: rulesetHash(r),
    excluded: excluded.ids().map((id) => cardsShort([id])),
    results: ds.map((d) => {
      const s = exactSummary(d);
      const withP = Object.fromEntries(
        Object.entries(s).filter(([k]) => k !== 'hands').map(([k, v]) => [k, { count: v, probability: v / s.hands }]),
      );
      return {
        trump: d.trump,
        deckSize: d.deck.length,
        hands: d.hands,
        perlaggenInDeck: d.perlaggenInDeck.map((id) => cardsShort([id])),
        summary: withP,
        rows: exactRows(d).map((row) => ({ ...row, probability: row.hands / d.hands })),
        timings: d.timings,
      };
    }),
  };
}

function writeOut(dir: string, r: RulesVariant, excluded: CardSet, ds: ExactDistribution[]): void {
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UsageError(`--out ${dir} exists and is not a folder`);
  const parameters = { ruleset: canonicalName(r), trumps: ds.map((d) => d.trump), excluded: excluded.ids().map((id) => cardsShort([id])) };
  checkOutputFolder(dir, 'exact', parameters);
  mkdirSync(dir, { recursive: true });
  const rows = ds.flatMap((d) => exactRows(d).map((row) => ({ d, row })));
  const col = <T extends Uint8Array | Uint32Array | Float64Array>(make: new (n: number) => T, f: (x: (typeof rows)[number]) => number): T => {
    const a = new make(rows.length);
    rows.forEach((x, i) => (a[i] = f(x)));
    return a;
  };
  const table = buildTable(
    EXACT_COLUMNS,
    {
      ruleset: rows.map(() => parameters.ruleset),
      trump: rows.map((x) => x.d.trump),
      perlaggen: col(Uint8Array, (x) => x.row.perlaggen),
      gleich: col(Uint8Array, (x) => x.row.gleich),
      hanger: col(Uint8Array, (x) => x.row.hanger),
      gleich_natural: col(Uint8Array, (x) => x.row.gleichNatural),
      hanger_natural: col(Uint8Array, (x) => x.row.hangerNatural),
      hands: col(Uint32Array, (x) => x.row.hands),
      probability: col(Float64Array, (x) => x.row.hands / x.d.hands),
    },
    { 'perlagg.command': 'exact', 'perlagg.ruleset': parameters.ruleset },
  );
  const bytes = writeArrowFile(join(dir, 'exact.arrow'), table);
  writeManifest(dir, {
    tool: 'perlagg',
    command: 'exact',
    argv: ['exact', ...process.argv.slice(3)],
    parameters,
    ruleset: { name: canonicalName(r), hash: rulesetHash(r), parameters: JSON.parse(canonicalJson(r)) as unknown },
    code: codeVersion(),
    files: [{ name: 'exact.arrow', rows: rows.length, bytes: bytes.length, sha256: sha256(bytes) }],
    hands: Object.fromEntries(ds.map((d) => [d.trump, d.hands])),
    created: new Date().toISOString(),
    timings: Object.fromEntries(ds.flatMap((d) => [[`${d.trump}.tablesMs`, d.timings.tablesMs], [`${d.trump}.enumerateMs`, d.timings.enumerateMs]])),
  });
}

export const exactCommand: CommandModule<object, ExactArgs> = {
  command: 'exact',
  describe: 'Exact distribution of the best Gleich and Hanger over every 5-card hand',
  builder: (y: Argv<object>) =>
    y
      .option('ruleset', { alias: 'r', type: 'string', default: DEFAULT_RULESET, describe: 'ruleset: 1853, oberland, suedtirol, innsbruck, or with overrides, e.g. "oberland{target=18}"' })
      .option('trump', { alias: 't', type: 'string', default: 'H', describe: 'trump suit H, S, L, E (or Herz, Schell, Laub, Eichel); several as H,S; or "all" allowed by the ruleset' })
      .option('exclude', { alias: 'x', type: 'string', describe: 'cards removed from the deck before dealing, e.g. "HK,Weli" or "Herz As"' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON object with counts and probabilities' })
      .option('out', { alias: 'o', type: 'string', describe: 'folder to write exact.arrow, manifest.json and charts/ into' })
      .example('perlagg exact', 'the default ruleset (oberland), Herz trump')
      .example('perlagg exact --ruleset 1853 --trump all --json', 'every trump of the 1853 rules as JSON')
      .example('perlagg exact -r innsbruck -t L --exclude LU', 'the turned-up Laub Unter is not in anyone\'s hand')
      .example('perlagg exact -r suedtirol --out results/exact-suedtirol', 'write an Arrow table and its manifest') as Argv<ExactArgs>,
  handler: async (argv: ArgumentsCamelCase<ExactArgs>) => {
    const r = resolveRuleset(argv.ruleset);
    const trumps = parseTrumps(r, argv.trump);
    const excluded = argv.exclude !== undefined ? CardSet.parse(argv.exclude) : CardSet.EMPTY;
    const ds = trumps.map((t) => exactDistribution(r, t, excluded));
    if (argv.out !== undefined) writeOut(argv.out, r, excluded, ds);
    if (argv.json) process.stdout.write(JSON.stringify(jsonOf(r, excluded, ds)) + '\n');
    else {
      process.stdout.write(ds.map(report).join('\n\n') + '\n');
      if (argv.out !== undefined) process.stdout.write(`\nWrote ${join(argv.out, 'exact.arrow')} and manifest.json\n`);
    }
    if (argv.out !== undefined) await writeResultCharts(argv.out, { json: argv.json });
  },
};
