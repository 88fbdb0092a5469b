// Chart (c): a duplicate comparison of policies A and B. Every deal (Partie) was played twice with the
// partnerships swapped; the paired estimate of A − B (or of A's win share) is drawn with its interval, and
// beside it the unpaired interval the same games give when the seatings are taken as independent: the
// difference between the two is what pairing bought (GUIDE §5).
import { intervalPanel } from './intervals.ts';
import { PAIRED, UNPAIRED, chart, digitsFor, int, type SpecBody, type TopLevelSpec } from './theme.ts';
import { fixed, signed } from '../core/numbers.ts';

export interface Estimate {
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
  readonly n: number;
  readonly se: number;
}

export interface DuplicateChartData {
  readonly ruleset: string;
  readonly players: number;
  /** Policy A (party 0 in the first seating) and B. */
  readonly a: string;
  readonly b: string;
  /** "hands" or "Partien". */
  readonly unit: string;
  /** points: A − B in points a hand; wins: the share of Partien A wins. */
  readonly quantity: 'points' | 'wins';
  /** From pair means: n = deals (pairs). */
  readonly paired: Estimate;
  /** From the single seatings: n = 2 × pairs. */
  readonly unpaired: Estimate;
  readonly complete: boolean;
}


/** What the paired interval says, in words. */
export function duplicateVerdict(d: DuplicateChartData): string {
  const ref = d.quantity === 'wins' ? 0.5 : 0;
  const { low, high } = d.paired;
  if (low > ref) return `${d.a} (A) is ahead`;
  if (high < ref) return `${d.b} (B) is ahead`;
  return 'no difference shown at 95%';
}

export function duplicateChart(d: DuplicateChartData): TopLevelSpec {
  const wins = d.quantity === 'wins';
  const ratio = d.paired.se > 0 && Number.isFinite(d.unpaired.se) ? (d.unpaired.se / d.paired.se) ** 2 : null;
  const unitOne = d.unit === 'Partien' ? 'Partie' : 'hand';
  const what = wins ? `share of Partien ${d.a} (A) wins` : `points of ${d.a} (A) minus ${d.b} (B) per hand`;
  const dg = digitsFor((d.paired.high - d.paired.low) / 2, d.paired.estimate);
  const headline = wins
    ? `A wins ${fixed(100 * d.paired.estimate, 1)}% of the Partien, 95% interval [${fixed(100 * d.paired.low, 1)}%, ${fixed(100 * d.paired.high, 1)}%]: ${duplicateVerdict(d)}.`
    : `A − B = ${signed(d.paired.estimate, dg)} points a hand, 95% interval [${fixed(d.paired.low, dg)}, ${fixed(d.paired.high, dg)}]: ${duplicateVerdict(d)}.`;
  const subtitle = [
    `${d.ruleset}, ${d.players} players. A = ${d.a}, B = ${d.b}. n = ${int(d.paired.n)} ${d.unit === 'Partien' ? 'Partien' : 'deals'}, each played twice with the partnerships swapped${d.complete ? '' : ' (so far: the run is not finished)'}.`,
    headline,
    ratio === null
      ? 'The unpaired interval treats the two seatings of a deal as independent games.'
      : `Pairing bought a ${Math.sqrt(ratio).toFixed(2)}x narrower interval (variance ratio unpaired/paired ${ratio.toFixed(2)}: unpaired play would need ${ratio.toFixed(1)}x the games).`,
  ];
  const panel = intervalPanel({
    rows: [
      { key: 'paired', label: [`paired: duplicate ${d.unit === 'Partien' ? 'Partien' : 'deals'}`, `mean of the two seatings of each ${unitOne === 'hand' ? 'deal' : 'Partie'}`], ...d.paired, nUnit: 'pairs', group: 'paired' },
      { key: 'unpaired', label: ['unpaired: single seatings', 'as if every game were independent'], ...d.unpaired, nUnit: d.unit, group: 'unpaired' },
    ],
    axisTitle: `${what} (95% interval)`,
    scale: 'number',
    ...(wins ? { format: '.0%', reference: 0.5, zero: false } : { reference: 0 }),
    colours: { paired: PAIRED, unpaired: UNPAIRED },
    width: 440,
  });
  return chart({
    title: { text: wins ? `${d.a} against ${d.b}: share of Partien A wins` : `${d.a} against ${d.b}: points a hand, A − B`, subtitle },
    ...panel,
  } as unknown as SpecBody);
}
