// Chart (a): the exact distribution of the best Gleich and the best Hanger by the number of Perlaggen in
// the hand, per trump, from the data `perlagg exact --json` prints (or exact.arrow holds). One bar per
// Perlaggen count (and one for all hands), split by the size of the best figure, shares of that bar;
// above each bar its hands and their share of all hands. Dritzig and more is the warm part, read from the
// baseline.
import { SUIT_NAMES, type Suit } from '../cards/card.ts';
import { chart, int, type TopLevelSpec } from './theme.ts';

/** One cell of `perlagg exact --json` (results[].rows[]); further fields are ignored. */
export interface ExactChartRow {
  readonly perlaggen: number;
  readonly gleich: number;
  readonly hanger: number;
  readonly hands: number;
}

export interface ExactChartResult {
  readonly trump: string;
  /** All hands of this trump (the sum of the rows). */
  readonly hands: number;
  readonly deckSize?: number;
  readonly rows: readonly ExactChartRow[];
}

/** The shape of `perlagg exact --json`. */
export interface ExactChartData {
  readonly ruleset: string;
  readonly excluded: readonly string[];
  readonly results: readonly ExactChartResult[];
}

/** Sizes bottom to top of a bar, with their legend words and colours. */
const SIZES: ReadonlyArray<{ readonly size: number; readonly label: string; readonly colour: string; readonly dark: boolean }> = [
  { size: 5, label: '5 cards', colour: '#7f2704', dark: true },
  { size: 4, label: '4 cards (viertig)', colour: '#d94801', dark: true },
  { size: 3, label: '3 cards (dritzig)', colour: '#fd8d3c', dark: false },
  { size: 2, label: '2 cards', colour: '#9ecae1', dark: false },
  { size: 0, label: 'none', colour: '#e6e6e6', dark: false },
];
/** The legend lists the sizes top to bottom, as they are stacked. */
const LEGEND = [...SIZES].reverse();

export function trumpName(t: string): string {
  const name = SUIT_NAMES[t.toUpperCase() as Suit];
  return name === undefined ? t : name;
}

const pctOf = (x: number): string => `${(100 * x).toFixed(2)}%`;
const pct1 = (x: number): string => `${(100 * x).toFixed(x < 0.001 && x > 0 ? 2 : 1)}%`;

interface Cell {
  readonly kind: 'segment' | 'top';
  readonly trump: string;
  readonly figure: string;
  readonly bar: string;
  readonly order: number;
  readonly size?: string;
  readonly hands: number;
  readonly share?: number;
  readonly y0?: number;
  readonly y1?: number;
  readonly mid?: number;
  readonly label?: string;
  readonly ink?: string;
  readonly description?: string;
  readonly handsLabel?: string;
  readonly shareLabel?: string;
}

function cells(data: ExactChartData): Cell[] {
  const out: Cell[] = [];
  for (const r of data.results) {
    const trump = `${trumpName(r.trump)} trump`;
    const maxP = r.rows.reduce((m, x) => (x.hands > 0 ? Math.max(m, x.perlaggen) : m), 0);
    for (const fig of ['Gleich', 'Hanger'] as const) {
      const figure = `best ${fig}`;
      const bars: Array<{ bar: string; order: number; bySize: Map<number, number> }> = [];
      for (let p = 0; p <= maxP; p++) bars.push({ bar: String(p), order: p, bySize: new Map() });
      const all = { bar: 'all', order: maxP + 1, bySize: new Map<number, number>() };
      for (const row of r.rows) {
        const size = fig === 'Gleich' ? row.gleich : row.hanger;
        const b = bars[row.perlaggen];
        if (b === undefined) continue;
        b.bySize.set(size, (b.bySize.get(size) ?? 0) + row.hands);
        all.bySize.set(size, (all.bySize.get(size) ?? 0) + row.hands);
      }
      for (const b of [...bars, all]) {
        const total = [...b.bySize.values()].reduce((a, x) => a + x, 0);
        if (total === 0) continue;
        let y = 0;
        for (const s of SIZES) {
          const n = b.bySize.get(s.size) ?? 0;
          if (n === 0) continue;
          const share = n / total;
          out.push({
            kind: 'segment', trump, figure, bar: b.bar, order: b.order, size: s.label, hands: n, share,
            y0: y, y1: y + share, mid: y + share / 2,
            label: share >= 0.06 ? `${Math.round(100 * share)}%` : '',
            description: `${figure}, ${b.bar === 'all' ? 'all hands' : `${b.bar} Perlaggen`}: ${s.label} ${pct1(share)} (${int(n)} hands)`,
            ink: s.dark ? 'white' : '#222',
          });
          y += share;
        }
        out.push({ kind: 'top', trump, figure, bar: b.bar, order: b.order, hands: total, handsLabel: int(total), shareLabel: b.bar === 'all' ? 'all hands' : pct1(total / r.hands) });
      }
    }
  }
  return out;
}

/** The exact distribution chart: one panel per figure (Gleich, Hanger), one row per trump. */
export function exactChart(data: ExactChartData): TopLevelSpec {
  if (data.results.length === 0) throw new Error('internal: exact chart without results');
  const values = cells(data);
  const trumps = data.results.map((r) => trumpName(r.trump));
  const hands = [...new Set(data.results.map((r) => r.hands))];
  const deck = data.results[0]!.deckSize;
  const n = hands.length === 1 ? `n = ${int(hands[0]!)} hands${data.results.length > 1 ? ' per trump' : ''}` : `n = ${hands.map(int).join(' / ')} hands`;
  const share = (r: ExactChartResult, fig: 'gleich' | 'hanger') => r.rows.reduce((a, x) => (x[fig] >= 3 ? a + x.hands : a), 0) / r.hands;
  const shares = (fig: 'gleich' | 'hanger'): string => {
    const each = data.results.map((r) => pctOf(share(r, fig)));
    return new Set(each).size === 1 ? each[0]! : data.results.map((r, i) => `${each[i]} (${trumpName(r.trump)})`).join(', ');
  };
  const headline = `Dritziges Gleich in ${shares('gleich')} of all hands, dritziger Hanger in ${shares('hanger')}${data.results.length > 1 && !shares('gleich').includes('(') ? ', with every trump' : ''}.`;
  const subtitle = [
    `${data.ruleset}, ${trumps.length === 1 ? `${trumps[0]} trump` : `trumps ${trumps.join(', ')}`}: every 5-card hand${deck === undefined ? '' : ` of the ${deck}-card deck`}${data.excluded.length > 0 ? ` without ${data.excluded.join(' ')}` : ''}, ${n} (exact counts).`,
    headline,
    'Each bar splits the hands with that many Perlaggen by the size of their best figure: dritzig and more is orange, read from the bottom.',
    'Above each bar: its hands, and their share of all hands.',
  ];
  const x = {
    field: 'bar', type: 'ordinal' as const, sort: { field: 'order' },
    axis: { title: 'Perlaggen in the hand', labelAngle: 0, labelFontSize: 12 },
  };
  const yScale = { domain: [0, 1.17], nice: false, zero: true };
  return chart({
    title: { text: 'Best Gleich and best Hanger by the number of Perlaggen in the hand', subtitle },
    data: { values: values as unknown as Record<string, unknown>[] },
    facet: {
      column: { field: 'figure', type: 'nominal', header: { title: null, labelFontSize: 13 } },
      ...(data.results.length > 1 ? { row: { field: 'trump', type: 'nominal' as const, sort: trumps.map((t) => `${t} trump`), header: { title: null, labelFontSize: 13 } } } : {}),
    },
    spacing: { column: 24, row: 18 },
    spec: {
      width: 330,
      height: 250,
      layer: [
        {
          transform: [{ filter: "datum.kind === 'segment'" }],
          mark: { type: 'bar', stroke: 'white', strokeWidth: 0.5 },
          encoding: {
            x,
            y: { field: 'y0', type: 'quantitative', scale: yScale, axis: { title: 'share of the hands in the bar', format: '.0%', values: [0, 0.25, 0.5, 0.75, 1] } },
            y2: { field: 'y1' },
            description: { field: 'description' },
            color: {
              field: 'size', type: 'nominal', title: 'best figure',
              scale: { domain: LEGEND.map((s) => s.label), range: LEGEND.map((s) => s.colour) },
            },
          },
        },
        {
          transform: [{ filter: "datum.kind === 'segment'" }],
          mark: { type: 'text', fontSize: 10, baseline: 'middle' },
          encoding: {
            x,
            y: { field: 'mid', type: 'quantitative', scale: yScale },
            text: { field: 'label' },
            color: { field: 'ink', type: 'nominal', scale: null },
          },
        },
        {
          transform: [{ filter: "datum.kind === 'top'" }],
          mark: { type: 'text', fontSize: 10, baseline: 'bottom', dy: -14, color: '#222' },
          encoding: { x, y: { datum: 1, type: 'quantitative', scale: yScale }, text: { field: 'handsLabel' } },
        },
        {
          transform: [{ filter: "datum.kind === 'top'" }],
          mark: { type: 'text', fontSize: 10, baseline: 'bottom', dy: -3, color: '#666' },
          encoding: { x, y: { datum: 1, type: 'quantitative', scale: yScale }, text: { field: 'shareLabel' } },
        },
      ],
    },
  });
}
