// perlagg exact: the exact distribution of best Gleich and best Hanger over every 5-card hand, split by
// the number of Perlaggen in the hand (issue 2, deliverable 6).
import { mkdirSync, existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Table from 'cli-table3';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { SUIT_NAMES, type Suit } from '../cards/card.ts';
import { CardSet } from '../cards/cardset.ts';
import { cardsShort, parseSuit } from '../cards/notation.ts';
import { DIM, cellRows, exactDistribution, exactRows, exactSummary, type ExactDistribution } from '../exact/distribution.ts';
import { dealtDistribution, dealtMass, dealtSummary, type DealtDistribution } from '../exact/dealt.ts';
import { assertTrumpAllowed, perlaggenOf } from '../rules/perlaggen.ts';
import { canonicalJson, canonicalName, resolveRuleset, rulesetHash } from '../rules/registry.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { buildTable, writeArrowFile } from '../results/arrow-file.ts';
import { tableMetadata } from '../results/metadata.ts';
import { checkOutputFolder, codeDiff, codeVersion, readManifest, sha256, writeManifest } from '../results/manifest.ts';
import { verifyResultFolder } from '../results/verify.ts';
import { EXACT_COLUMNS } from '../results/schema.ts';
import { writeResultCharts } from '../charts/commands.ts';
import { textOption, wholeOption } from './errors.ts';
import { UsageError } from '../core/errors.ts';

interface ExactArgs {
  ruleset: string;
  trump?: string;
  dealt: boolean;
  players?: string;
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

/** Counts (or probability mass) by [perlaggen][size] of the best Gleich or Hanger. */
function bySize(counts: Float64Array, which: 'gleich' | 'hanger'): number[][] {
  const t = Array.from({ length: DIM }, () => new Array<number>(DIM).fill(0));
  for (const r of cellRows(counts)) t[r.perlaggen]![which === 'gleich' ? r.gleich : r.hanger]! += r.hands;
  return t;
}

/** The table of a distribution: `total` hands in all; `showHands` false for probability masses (no hand counts). */
function sizeTable(counts: Float64Array, total: number, which: 'gleich' | 'hanger', showHands = true): string {
  const t = bySize(counts, which);
  const noun = which === 'gleich' ? 'Gleich' : 'Hanger';
  const head = ['Perlaggen', ...(showHands ? ['hands'] : []), 'share', `no ${noun}`, '2', '3', '4', '5', 'dritzig+'];
  const table = new Table({
    head,
    colAligns: head.map(() => 'right' as const),
    style: { head: [], border: [], compact: true },
  });
  const row = (label: string, c: number[]) => {
    const n = c.reduce((a, b) => a + b, 0);
    table.push([label, ...(showHands ? [int(n)] : []), pct(n, total), pct(c[0]!, n), pct(c[2]!, n), pct(c[3]!, n), pct(c[4]!, n), pct(c[5]!, n), pct(c[3]! + c[4]! + c[5]!, n)]);
  };
  const sums = new Array<number>(DIM).fill(0);
  t.forEach((c, p) => {
    if (c.some((x) => x > 0)) row(String(p), c);
    c.forEach((x, i) => (sums[i]! += x));
  });
  row('all', sums);
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
    sizeTable(d.counts, d.hands, 'gleich'),
    '',
    'Best Hanger, by Perlaggen in the hand (columns: share of the row):',
    sizeTable(d.counts, d.hands, 'hanger'),
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

/** What "as dealt" takes out of the hands, in words, for this ruleset. */
function dealtSentence(d: DealtDistribution): string {
  const r = d.ruleset;
  const parts = ['the turned-up card'];
  const skipped = (['H', 'S', 'L', 'E'] as const).filter((t) => !r.trumpSuitsAllowed.includes(t));
  if (skipped.length > 0) parts.push(`the ${skipped.map((t) => SUIT_NAMES[t]).join(' and ')} cards the turn-up skips`);
  if (r.showStock === 'topAndBottom') parts.push('the stock cards shown (Luck und Boden)');
  if (r.showStock === 'bottom') parts.push('the stock\'s bottom card shown');
  const perm = d.cutterKeeps ? perlaggenOf(r, r.trumpSuitsAllowed[0]!).permanent : [];
  const keep = perm.length > 0 ? `; the cutter keeps the permanent Perlaggen the cut shows (${cardsShort(perm)}), so his hand is richer than the others'` : '';
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}` : parts[0]!;
  return `${list} ${parts.length > 1 ? 'are' : 'is'} in nobody's hand${keep}`;
}

const share = (x: number): string => `${(100 * x).toFixed(2)}%`;

function dealtReport(d: DealtDistribution, trump: Suit | null): string {
  const r = d.ruleset;
  const s = dealtSummary(d, 'seat', trump);
  const cut = dealtSummary(d, 'cutter', trump);
  const oth = dealtSummary(d, 'other', trump);
  const mass = dealtMass(d, 'seat', trump);
  const byRole = (f: (x: typeof s) => number) => (d.cutterKeeps ? ` (the cutter's hand ${share(f(cut))}, every other hand ${share(f(oth))})` : '');
  const ti = trump === null ? -1 : d.trumps.indexOf(trump);
  const full = exactSummary(exactDistribution(r, trump ?? 'H'));
  const lines = [
    `perlagg exact --dealt: ${canonicalName(r)}, ${d.players} players (${d.seats} hands dealt); ${trump === null ? 'the trump the turn-up makes' : `given the turn-up made ${SUIT_NAMES[trump]} (${trump}) trump, P = ${share(d.trumpProbability[ti]!)}`}`,
    `A hand as dealt: every 5-card hand weighted exactly by the chance that a seat is dealt it and the turn-up makes each trump; ${dealtSentence(d)}.`,
    `Trump from the turn-up: ${d.trumps.map((t, i) => `${SUIT_NAMES[t]} ${share(d.trumpProbability[i]!)}`).join(', ')}.`,
    '',
    'Best Gleich, by Perlaggen in the hand (columns: share of the row):',
    sizeTable(mass, 1, 'gleich', false),
    '',
    'Best Hanger, by Perlaggen in the hand (columns: share of the row):',
    sizeTable(mass, 1, 'hanger', false),
    '',
    `dritziges Gleich (3+ cards):  ${share(s.dritzigesGleich)} of the hands as dealt${byRole((x) => x.dritzigesGleich)}`,
    `  only thanks to Perlaggen:   ${share(s.dritzigesGleichThanksToPerlaggen)} of the hands, ${pct(s.dritzigesGleichThanksToPerlaggen, s.dritzigesGleich)} of the dritzig ones`,
    `viertiges Gleich (4+ cards):  ${share(s.viertigesGleich)}`,
    `dritziger Hanger (3+ cards):  ${share(s.dritzigerHanger)}${byRole((x) => x.dritzigerHanger)}; only thanks to Perlaggen ${share(s.dritzigerHangerThanksToPerlaggen)}`,
    `any Gleich: ${share(s.anyGleich)}; any Hanger: ${share(s.anyHanger)}`,
    `(A hand drawn from the whole deck, ${SUIT_NAMES[trump ?? 'H']} trump named in advance, as plain perlagg exact counts it: ${pct(full.dritzigesGleich, full.hands)} dritziges Gleich.)`,
    `(enumeration ${d.timings.enumerateMs.toFixed(0)} ms)`,
  ];
  return lines.join('\n');
}

function dealtJson(d: DealtDistribution, trumps: readonly (Suit | null)[]): object {
  const probs = (x: ReturnType<typeof dealtSummary>) => Object.fromEntries(Object.entries(x).filter(([k]) => k !== 'hands'));
  return {
    ruleset: canonicalName(d.ruleset),
    rulesetHash: rulesetHash(d.ruleset),
    dealt: true,
    players: d.players,
    hands: d.seats,
    trumpProbability: Object.fromEntries(d.trumps.map((t, i) => [t, d.trumpProbability[i]])),
    results: trumps.map((trump) => ({
      trump,
      probability: trump === null ? 1 : d.trumpProbability[d.trumps.indexOf(trump)],
      summary: probs(dealtSummary(d, 'seat', trump)),
      cutter: probs(dealtSummary(d, 'cutter', trump)),
      other: probs(dealtSummary(d, 'other', trump)),
      rows: cellRows(dealtMass(d, 'seat', trump)).map(({ hands, ...row }) => ({ ...row, probability: hands })),
    })),
    timings: d.timings,
  };
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

/**
 * The rerun rule: a folder holding this result already (checkOutputFolder passed: the same parameters), made
 * by this code, its seal and table intact, is left byte for byte as it is. A damaged one, or one from other
 * code or an older perlagg (no seal), is written afresh.
 */
function holdsThisResult(dir: string): boolean {
  const old = readManifest(dir);
  if (old === null || codeDiff(old.code, codeVersion()) !== null) return false;
  try {
    verifyResultFolder(dir);
    return true;
  } catch {
    return false;
  }
}

function writeOut(dir: string, r: RulesVariant, excluded: CardSet, ds: ExactDistribution[]): void {
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new UsageError(`--out ${dir} exists and is not a folder`);
  const parameters = { ruleset: canonicalName(r), trumps: ds.map((d) => d.trump), excluded: excluded.ids().map((id) => cardsShort([id])) };
  checkOutputFolder(dir, 'exact', parameters);
  if (holdsThisResult(dir)) {
    process.stderr.write(`perlagg: note: ${dir} already holds this result (the same settings and code, its table checked): its files are left as they are\n`);
    return;
  }
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
    tableMetadata('exact', 'exact', parameters),
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
      .option('trump', { alias: 't', type: 'string', describe: 'trump suit H, S, L, E (or Herz, Schell, Laub, Eichel); several as H,S; or "all" allowed by the ruleset (default H; with --dealt: the one the turn-up makes)' })
      .option('exclude', { alias: 'x', type: 'string', describe: 'cards removed from the deck before dealing, e.g. "HK,Weli" or "Herz As"' })
      .option('dealt', { type: 'boolean', default: false, describe: 'a hand as dealt (what simulate measures): the turned-up card (and skipped or shown stock cards) in nobody\'s hand, the trump the turn-up\'s, the cutter keeping the Perlaggen the cut shows' })
      .option('players', { alias: 'p', type: 'string', describe: 'with --dealt: players at the table, 2, 3 or 4 (default 4)' })
      .option('json', { type: 'boolean', default: false, describe: 'print one JSON object with counts and probabilities' })
      .option('out', { alias: 'o', type: 'string', describe: 'folder to write exact.arrow, manifest.json and charts/ into' })
      .example('perlagg exact', 'the default ruleset (oberland), Herz trump')
      .example('perlagg exact --ruleset 1853 --trump all --json', 'every trump of the 1853 rules as JSON')
      .example('perlagg exact -r innsbruck -t L --exclude LU', 'the turned-up Laub Unter is not in anyone\'s hand')
      .example('perlagg exact -r suedtirol --out results/exact-suedtirol', 'write an Arrow table and its manifest')
      .example('perlagg exact -r oberland --dealt', 'a hand as dealt: the figure perlagg simulate measures')
      .example('perlagg exact -r innsbruck --dealt -t L --json', 'as dealt, given the turn-up made Laub trump') as Argv<ExactArgs>,
  handler: async (argv: ArgumentsCamelCase<ExactArgs>) => {
    const r = resolveRuleset(textOption('ruleset', argv.ruleset)!);
    const trumpText = textOption('trump', argv.trump);
    const playersText = textOption('players', argv.players);
    if (argv.dealt) {
      if (argv.exclude !== undefined) throw new UsageError('--exclude does not go with --dealt: a hand as dealt already leaves out the turned-up card (and the skipped and shown ones); give one or the other');
      if (argv.out !== undefined) throw new UsageError('--out does not go with --dealt yet: the dealt figures are probabilities, not hand counts (use --json)');
      const players = wholeOption('players', playersText, 2, 4) ?? 4;
      const trumps: Array<Suit | null> = trumpText === undefined ? [null] : parseTrumps(r, trumpText);
      const d = dealtDistribution(r, { players });
      if (argv.json) process.stdout.write(JSON.stringify(dealtJson(d, trumps)) + '\n');
      else process.stdout.write(trumps.map((t) => dealtReport(d, t)).join('\n\n') + '\n');
      return;
    }
    if (playersText !== undefined) throw new UsageError('--players goes with --dealt (plain exact counts hands drawn from the whole deck, at no table)');
    const trumps = parseTrumps(r, trumpText ?? 'H');
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
