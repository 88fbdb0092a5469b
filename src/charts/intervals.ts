// The building block of charts (b)-(d): rows of estimates with their intervals, drawn as a point on a
// thick, capped interval line (visible even when the interval is narrow), a reference line where one
// matters (0 for a difference, 50% for a win share), and the numbers written beside each row.
import { INK, REFERENCE, digitsFor } from './theme.ts';
import { fixed } from '../core/numbers.ts';

/** One row: an estimate with its interval and n. */
export interface IntervalRow {
  /** The row's key (unique within the panel). */
  readonly key: string;
  /** The row's label, one string per line. */
  readonly label: readonly string[];
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
  readonly n: number;
  /** The unit n counts ("deals", "pairs", ...). */
  readonly nUnit?: string;
  /** A colour class (e.g. a verdict or paired/unpaired); uses `colours`. */
  readonly group?: string;
}

export interface IntervalPanel {
  readonly rows: readonly IntervalRow[];
  /** The x axis title with its unit. */
  readonly axisTitle: string;
  /** 'share': the axis shows 0%..100%; else numbers. */
  readonly scale: 'share' | 'number';
  /** Draw a dashed line here (e.g. 0 for a difference). */
  readonly reference?: number;
  /** Number format of the axis (d3-format), e.g. ".0%"; default: 0%..100% for shares, plain numbers. */
  readonly format?: string;
  /** Include zero on a number axis (default true). */
  readonly zero?: boolean;
  /** Fixed axis domain. */
  readonly domain?: readonly [number, number];
  readonly width?: number;
  /** Row colours by group; without, every row is INK. */
  readonly colours?: Readonly<Record<string, string>>;
  /** Legend title for the colours; without, no legend (the row labels say what the colours are). */
  readonly colourTitle?: string;
  /** A panel title above it. */
  readonly title?: string;
}

const clampFinite = (x: number, fallback: number): number => (Number.isFinite(x) ? x : fallback);

/** One panel as a layered Vega-Lite unit (without $schema/config): to be concatenated or wrapped by `chart`. */
export function intervalPanel(p: IntervalPanel): Record<string, unknown> {
  const keys = p.rows.map((r) => r.key);
  const share = p.scale === 'share';
  // Infinite interval ends (a mean from one observation) are drawn to the edge of the data (of 0-100% for
  // shares); the numbers beside say ∞.
  const lo = share ? 0 : Math.min(...p.rows.map((r) => clampFinite(r.low, r.estimate)), p.reference ?? Infinity);
  const hi = share ? 1 : Math.max(...p.rows.map((r) => clampFinite(r.high, r.estimate)), p.reference ?? -Infinity);
  // one number of digits for the panel, enough for its narrowest interval; percentages where the axis has them
  const percent = share || /%$/.test(p.format ?? '');
  const halves = p.rows.map((r) => (r.high - r.low) / 2).filter((h) => Number.isFinite(h) && h > 0);
  const digits = digitsFor(halves.length === 0 ? NaN : Math.min(...halves) * (percent ? 100 : 1), (p.rows[0]?.estimate ?? 0) * (percent ? 100 : 1));
  const num = (x: number): string => (percent && Number.isFinite(x) ? `${fixed(100 * x, digits)}%` : fixed(x, digits));
  const values = p.rows.map((r) => ({
    key: r.key,
    estimate: r.estimate,
    low: clampFinite(r.low, lo),
    high: clampFinite(r.high, hi),
    group: r.group ?? '',
    // what a screen reader says (and what tests count)
    estimateLabel: `estimate of ${r.key}: ${num(r.estimate)}`,
    intervalLabel: `95% interval of ${r.key}: ${num(r.low)} to ${num(r.high)}`,
    text: `${Number.isFinite(r.estimate) ? `${num(r.estimate)} [${num(r.low)}, ${num(r.high)}]` : 'n/a'}\u2003n = ${Math.round(r.n).toLocaleString('en-US')}${r.nUnit === undefined ? '' : ` ${r.nUnit}`}`,
  }));
  const labels = Object.fromEntries(p.rows.map((r) => [r.key, r.label.length === 1 ? r.label[0] : r.label]));
  const scale: Record<string, unknown> =
    p.domain !== undefined ? { domain: [...p.domain], nice: false }
    : share ? { domain: [0, 1], nice: false }
    : { zero: p.zero ?? true, nice: true };
  const x = {
    field: 'estimate', type: 'quantitative', scale,
    axis: { title: p.axisTitle, format: p.format ?? (share ? '.0%' : '~r'), grid: true, tickCount: 6 },
  };
  // the labels on a left axis, the numbers on a right one: both take part in the layout
  const texts = Object.fromEntries(values.map((v) => [v.key, v.text]));
  // a label of k lines moves up by (k - 1) half lines, so that its middle is on its row
  const LINE = 13;
  const byLines = new Map<number, string[]>();
  for (const r of p.rows) if (r.label.length > 1) byLines.set(r.label.length, [...(byLines.get(r.label.length) ?? []), r.key]);
  const labelOffset = byLines.size === 0 ? 0 : {
    condition: [...byLines].map(([k, ks]) => ({ test: `indexof(${JSON.stringify(ks)}, datum.value) >= 0`, value: (-(k - 1) * LINE) / 2 })),
    value: 0,
  };
  const y = {
    field: 'key', type: 'nominal', sort: keys, title: null,
    axis: { labelExpr: `${JSON.stringify(labels)}[datum.value]`, labelLimit: 0, labelPadding: 8, ticks: false, domain: false, labelLineHeight: LINE, labelOffset },
  };
  const yBare = { field: 'key', type: 'nominal', sort: keys, title: null, axis: null };
  const yNumbers = {
    field: 'key', type: 'nominal', sort: keys, title: null,
    axis: { orient: 'right', labelExpr: `${JSON.stringify(texts)}[datum.value]`, labelLimit: 0, labelPadding: 10, ticks: false, domain: false, labelColor: '#222', grid: false },
  };
  const colour = p.colours === undefined
    ? { value: INK }
    : { field: 'group', type: 'nominal', title: p.colourTitle ?? null, scale: { domain: Object.keys(p.colours), range: Object.values(p.colours) }, ...(p.colourTitle === undefined ? { legend: null } : {}) };
  const lines = Math.max(...p.rows.map((r) => r.label.length), 1);
  const height = Math.max(1, p.rows.length) * (16 + 14 * lines);
  const layer: Record<string, unknown>[] = [];
  if (p.reference !== undefined) {
    layer.push({ data: { values: [{}] }, mark: { type: 'rule', color: REFERENCE, strokeDash: [5, 4], strokeWidth: 1.5 }, encoding: { x: { datum: p.reference, type: 'quantitative', scale }, description: { value: `reference line at ${num(p.reference)}` } } });
  }
  layer.push(
    // the interval: a thick rule with a cap at each end (visible even when the interval is narrow)
    { mark: { type: 'rule', strokeWidth: 2.5 }, encoding: { y, x: { field: 'low', type: 'quantitative', scale, title: p.axisTitle }, x2: { field: 'high' }, color: colour, description: { field: 'intervalLabel' } } },
    { mark: { type: 'tick', thickness: 2, size: 12, orient: 'vertical', opacity: 1 }, encoding: { y: yBare, x: { field: 'low', type: 'quantitative', scale }, color: colour } },
    { mark: { type: 'tick', thickness: 2, size: 12, orient: 'vertical', opacity: 1 }, encoding: { y: yBare, x: { field: 'high', type: 'quantitative', scale }, color: colour } },
    { mark: { type: 'point', filled: true, size: 70, opacity: 1 }, encoding: { y: yNumbers, x, color: colour, description: { field: 'estimateLabel' } } },
  );
  return {
    ...(p.title === undefined ? {} : { title: { text: p.title, fontSize: 13, anchor: 'start', frame: 'group' } }),
    width: p.width ?? 420,
    height,
    data: { values },
    layer,
    resolve: { axis: { y: 'independent' } },
  };
}
