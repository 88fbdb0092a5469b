// The chart of `perlagg review` (charts/review.svg): every decision of the recorded game in the order played,
// one panel a seat, a bar of the points it lost coloured by its class, the classes' thresholds as dashed
// lines — where a game was lost at a glance, as lichess draws a game's evaluation.
import { chart, int, type SpecBody, type TopLevelSpec } from './theme.ts';
import { fixed } from '../core/numbers.ts';

export interface ReviewChartRow {
  /** 1-based position of the decision in the whole game. */
  readonly n: number;
  readonly deal: number;
  readonly seat: number;
  readonly taken: string;
  readonly best: string;
  readonly lost: number;
  readonly class: string;
}

export interface ReviewChartData {
  readonly recording: string;
  readonly ruleset: string;
  readonly worlds: number;
  readonly seed: number;
  readonly seats: number;
  readonly thresholds: { readonly doubtful: number; readonly bad: number; readonly veryBad: number };
  readonly rows: readonly ReviewChartRow[];
}

export const REVIEW_CLASSES = ['best', 'fine', 'doubtful', 'bad', 'very bad'] as const;
const COLOURS = ['#1a9850', '#91cf60', '#fdae61', '#f46d43', '#a50026'];

export function reviewChart(d: ReviewChartData): TopLevelSpec {
  if (d.rows.length === 0) throw new Error('internal: review chart without decisions');
  const t = d.thresholds;
  const values = d.rows.map((r) => ({ ...r, who: `P${r.seat + 1}`, description: `decision ${r.n} (deal ${r.deal}): P${r.seat + 1} ${r.taken}, best ${r.best}, lost ${fixed(r.lost, 2)}, ${r.class}` }));
  return chart({
    title: {
      text: `Review of ${d.recording}: points lost, decision by decision`,
      subtitle: [
        `${d.ruleset}; n = ${int(d.rows.length)} decisions searched, ${int(d.worlds)} worlds each, seed ${d.seed}.`,
        `Dashed: the thresholds of doubtful (${t.doubtful}), bad (${t.bad}) and very bad (${t.veryBad}) points lost.`,
      ],
    },
    data: { values },
    facet: { row: { field: 'who', type: 'nominal', title: null, sort: Array.from({ length: d.seats }, (_, s) => `P${s + 1}`) } },
    spec: {
      width: 560,
      height: 90,
      layer: [
        {
          mark: { type: 'bar' },
          encoding: {
            x: { field: 'n', type: 'quantitative', title: 'decision (in the order played)', scale: { domain: [0, d.rows.length + 1] }, axis: { tickMinStep: 1 } },
            y: { field: 'lost', type: 'quantitative', title: 'points lost' },
            color: { field: 'class', type: 'nominal', title: 'class', scale: { domain: [...REVIEW_CLASSES], range: COLOURS } },
            description: { field: 'description' },
          },
        },
        // one dashed rule a threshold in each panel (the rows aggregated to one per seat first)
        ...[t.doubtful, t.bad, t.veryBad].map((y) => ({ transform: [{ aggregate: [{ op: 'count', as: 'decisions' }], groupby: ['who'] }], mark: { type: 'rule', color: '#999', strokeDash: [4, 3] }, encoding: { y: { datum: y } } })),
      ],
    },
  } as unknown as SpecBody);
}
