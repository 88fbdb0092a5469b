// Chart (b): a simulation's metrics with their 95% intervals. Shares (proportions, and means of 0/1 or of
// shares) on one 0-100% axis; every other mean on its own axis, titled with what it measures.
import { intervalPanel, type IntervalRow } from './intervals.ts';
import { chart, int, type SpecBody, type TopLevelSpec } from './theme.ts';

export interface MetricEstimate {
  readonly name: string;
  /** What it is, in the game's words (the metric's doc). */
  readonly doc: string;
  /** 'share' for a share of hands, deals, Partien ... (0..1); 'mean' for anything else. */
  readonly scale: 'share' | 'mean';
  readonly estimate: number;
  readonly low: number;
  readonly high: number;
  readonly n: number;
  /** Draw a reference line (e.g. 0 for a difference). */
  readonly reference?: number;
}

export interface SimulationChartData {
  readonly ruleset: string;
  /** figures, hands or partien */
  readonly mode: string;
  readonly players: number;
  readonly seed: number;
  readonly policies: readonly string[];
  /** Deals (hands, Partien) done, and what they are called. */
  readonly done: number;
  readonly unit: string;
  /** Why the run stopped, in words; null while it runs. */
  readonly stoppedBy: string | null;
  /** Fixed cards, trump or a predicate, in words; empty without. */
  readonly constraints?: string;
  readonly metrics: readonly MetricEstimate[];
}

/** A metric's doc tells whether it is a share: "share of ...". */
export function isShareMetric(kind: 'proportion' | 'mean', doc: string): boolean {
  return kind === 'proportion' || /^share\b/i.test(doc.trim());
}

const MODE_WORDS: Readonly<Record<string, string>> = {
  figures: 'figures of dealt hands (no play)',
  hands: 'hands played by policies',
  partien: 'whole Partien played by policies',
};

/** Wrap a sentence at about `width` characters. */
export function wrap(text: string, width = 48): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const word of text.split(/\s+/).filter((w) => w.length > 0)) {
    if (cur.length > 0 && cur.length + 1 + word.length > width) {
      lines.push(cur);
      cur = word;
    } else cur = cur.length === 0 ? word : `${cur} ${word}`;
  }
  if (cur.length > 0) lines.push(cur);
  return lines;
}

/** A metric's row: its name, and (for shares, whose axis is common) what it is. */
function row(m: MetricEstimate, withDoc: boolean): IntervalRow {
  return { key: m.name, label: withDoc ? [m.name, ...wrap(m.doc, 60)] : [m.name], estimate: m.estimate, low: m.low, high: m.high, n: m.n };
}

/** Every metric of a run: a panel of shares, then one panel per other mean. */
export function simulationChart(d: SimulationChartData): TopLevelSpec {
  if (d.metrics.length === 0) throw new Error('internal: simulation chart without metrics');
  const shares = d.metrics.filter((m) => m.scale === 'share');
  const means = d.metrics.filter((m) => m.scale === 'mean');
  const panels: Record<string, unknown>[] = [];
  if (shares.length > 0) panels.push(intervalPanel({ rows: shares.map((m) => row(m, true)), axisTitle: 'share (95% interval)', scale: 'share', title: 'Shares' }));
  means.forEach((m, i) => {
    panels.push(intervalPanel({
      rows: [row(m, false)],
      axisTitle: `${m.doc.replace(/\s*\(paired\)$/, '')} (95% interval)`,
      scale: 'number',
      ...(m.reference === undefined ? {} : { reference: m.reference }),
      ...(i === 0 ? { title: 'Means' } : {}),
    }));
  });
  const who = d.policies.length === 0 ? '' : `; policies ${d.policies.join(', ')}`;
  const subtitle = [
    `${d.ruleset}, ${d.players} players, ${MODE_WORDS[d.mode] ?? d.mode}${who}; seed ${d.seed}${d.constraints ? `; ${d.constraints}` : ''}.`,
    `n = ${int(d.done)} ${d.unit}${d.stoppedBy === null ? ' so far (the run is not finished)' : `, stopped by ${d.stoppedBy}`}. Each estimate with its 95% interval: Wilson for shares of trials, mean ± t·SE for means.`,
  ];
  return chart({
    title: { text: `Simulation: ${d.ruleset}, ${int(d.done)} ${d.unit}`, subtitle },
    vconcat: panels,
    spacing: 22,
    resolve: { scale: { color: 'independent' } },
  } as unknown as SpecBody);
}
