// Chart builders for what comes next, on plain data: tuning trajectories (one panel per parameter),
// ratings of several bots (dot and interval), and a forest plot of experiments' effects coloured by
// verdict. Each title says what is shown; each subtitle carries n.
import { intervalPanel } from './intervals.ts';
import { wrap } from './simulation.ts';
import { INK, VERDICT_COLOURS, chart, int, type SpecBody, type TopLevelSpec } from './theme.ts';

/** n with what it counts, e.g. { n: 20000, unit: 'pairs' }. */
export interface Count {
  readonly n: number;
  readonly unit: string;
}

const nText = (c: Count): string => `n = ${int(c.n)} ${c.unit}`;

// ---- trajectories (tuning) ----

export interface TrajectoryPoint {
  readonly x: number;
  readonly value: number;
  /** An interval around the value, when there is one (drawn as a band). */
  readonly low?: number;
  readonly high?: number;
}

export interface Trajectory {
  readonly parameter: string;
  /** The parameter's unit, e.g. "cards" or "points". */
  readonly unit?: string;
  /** The starting (default) value, drawn as a dashed line. */
  readonly start?: number;
  readonly points: readonly TrajectoryPoint[];
}

export interface TrajectoriesChartData {
  readonly title: string;
  readonly subtitle?: readonly string[];
  /** What the x axis counts, e.g. "SPSA iteration". */
  readonly xTitle: string;
  readonly count: Count;
  readonly series: readonly Trajectory[];
  /** Panels per row (default 3). */
  readonly columns?: number;
}

export function trajectoriesChart(d: TrajectoriesChartData): TopLevelSpec {
  if (d.series.length === 0) throw new Error('internal: trajectories chart without series');
  const label = (t: Trajectory) => (t.unit === undefined ? t.parameter : `${t.parameter} (${t.unit})`);
  const values = d.series.flatMap((t) => [
    ...t.points.map((p) => ({ kind: 'point', panel: label(t), x: p.x, value: p.value, low: p.low ?? null, high: p.high ?? null, description: `trajectory of ${t.parameter}` })),
    ...(t.start === undefined ? [] : [{ kind: 'start', panel: label(t), value: t.start }]),
  ]);
  const hasBand = d.series.some((t) => t.points.some((p) => p.low !== undefined && p.high !== undefined));
  const x = { field: 'x', type: 'quantitative' as const, title: d.xTitle, axis: { tickMinStep: 1 } };
  const y = { field: 'value', type: 'quantitative' as const, title: null, scale: { zero: false } };
  return chart({
    title: { text: d.title, subtitle: [...(d.subtitle ?? []), `${nText(d.count)}.${hasBand ? ' Band: 95% interval.' : ''} Dashed: the starting value.`] },
    data: { values },
    facet: { field: 'panel', type: 'nominal', title: null, sort: d.series.map(label), header: { labelFontSize: 12 } },
    columns: d.columns ?? 3,
    resolve: { scale: { y: 'independent' }, axis: { x: 'independent' } },
    spec: {
      width: 250,
      height: 160,
      layer: [
        ...(hasBand
          ? [{ transform: [{ filter: "datum.kind === 'point' && datum.low != null" }], mark: { type: 'area' as const, color: INK, opacity: 0.15 }, encoding: { x, y: { field: 'low', type: 'quantitative' as const, title: null }, y2: { field: 'high' } } }]
          : []),
        { transform: [{ filter: "datum.kind === 'point'" }], mark: { type: 'line' as const, color: INK, strokeWidth: 2 }, encoding: { x, y, description: { field: 'description' } } },
        { transform: [{ filter: "datum.kind === 'start'" }], mark: { type: 'rule' as const, color: '#999', strokeDash: [5, 4] }, encoding: { y: { field: 'value', type: 'quantitative' as const } } },
      ],
    },
  } as unknown as SpecBody);
}

// ---- ratings (league) ----

export interface Rating {
  readonly name: string;
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
  /** Deal pairs (games) this bot played. */
  readonly n: number;
}

export interface RatingsChartData {
  readonly title: string;
  readonly subtitle?: readonly string[];
  /** What a rating is measured in, e.g. "points a deal against the field". */
  readonly unit: string;
  readonly count: Count;
  readonly ratings: readonly Rating[];
  /** Reference line (default 0: the field's mean). */
  readonly reference?: number;
  /** What each row's n counts (default: the count's unit). */
  readonly nUnit?: string;
}

/** Bots best first, each rating with its interval. */
export function ratingsChart(d: RatingsChartData): TopLevelSpec {
  if (d.ratings.length === 0) throw new Error('internal: ratings chart without ratings');
  const sorted = [...d.ratings].sort((a, b) => b.estimate - a.estimate);
  const panel = intervalPanel({
    rows: sorted.map((r) => ({ key: r.name, label: [r.name], estimate: r.estimate, low: r.low, high: r.high, n: r.n, nUnit: d.nUnit ?? d.count.unit })),
    axisTitle: `${d.unit} (95% interval)`,
    scale: 'number',
    reference: d.reference ?? 0,
  });
  return chart({
    title: { text: d.title, subtitle: [...(d.subtitle ?? []), `${nText(d.count)}; best first.`] },
    ...panel,
  } as unknown as SpecBody);
}

// ---- forest plot (experiments) ----

export interface Effect {
  /** e.g. H-30 */
  readonly id: string;
  /** The claim or case in words. */
  readonly label: string;
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
  readonly n: number;
  /** confirmed, refuted, inconclusive, no effect (VERDICT_COLOURS), or a word of the caller's. */
  readonly verdict: string;
}

export interface ForestChartData {
  readonly title: string;
  readonly subtitle?: readonly string[];
  /** What an effect is measured in, e.g. "points a deal, A − B". */
  readonly effectTitle: string;
  /** What each effect's n counts, e.g. "pairs". */
  readonly nUnit: string;
  readonly effects: readonly Effect[];
  /** No effect (default 0). */
  readonly reference?: number;
  /** Colours of verdicts beyond VERDICT_COLOURS. */
  readonly colours?: Readonly<Record<string, string>>;
}

/** One row per effect in the given order, coloured by verdict, with the line of no effect. */
export function forestChart(d: ForestChartData): TopLevelSpec {
  if (d.effects.length === 0) throw new Error('internal: forest chart without effects');
  const used = [...new Set(d.effects.map((e) => e.verdict))];
  const palette = { ...VERDICT_COLOURS, ...(d.colours ?? {}) };
  const extra = ['#762a83', '#e08214', '#35978f', '#8c510a'];
  const colours = Object.fromEntries(used.map((v, i) => [v, palette[v] ?? extra[i % extra.length]!]));
  const total = d.effects.reduce((s, e) => s + e.n, 0);
  const panel = intervalPanel({
    rows: d.effects.map((e) => ({ key: e.id, label: [e.id, ...wrap(e.label, 44)], estimate: e.estimate, low: e.low, high: e.high, n: e.n, nUnit: d.nUnit, group: e.verdict })),
    axisTitle: `${d.effectTitle} (95% interval)`,
    scale: 'number',
    reference: d.reference ?? 0,
    colours,
    colourTitle: 'verdict',
  });
  return chart({
    title: { text: d.title, subtitle: [...(d.subtitle ?? []), `${d.effects.length} ${d.effects.length === 1 ? 'effect' : 'effects'}, n = ${int(total)} ${d.nUnit} in all; dashed: no effect.`] },
    ...panel,
  } as unknown as SpecBody);
}
