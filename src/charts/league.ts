// The charts of a league (perlagg league --out): every match's paired effect with its interval (one row
// per pairing, in the crosstable's order), and each match's running mean over the deal pairs played, with
// its 95% band — where the estimate settled and how fast. Both read the league's own table, league.arrow
// (one row per match and pair: A's margin); the ratings chart is in generic.ts.
import { pairAccOf, pairedEstimate } from '../stats/paired.ts';
import { tFor } from '../stats/math.ts';
import { intervalPanel } from './intervals.ts';
import { INK, REFERENCE, chart, int, type SpecBody, type TopLevelSpec } from './theme.ts';

/** One match of a league: A's margin over B for every pair, in pair order. */
export interface LeagueMatch {
  readonly a: string;
  readonly b: string;
  readonly margins: ArrayLike<number>;
}

export interface LeagueChartData {
  readonly ruleset: string;
  readonly players: number;
  readonly seed: number;
  /** 'hands': points a deal; 'partien': A's win share − ½. */
  readonly mode: string;
  readonly matches: readonly LeagueMatch[];
}

const quantity = (mode: string): string => (mode === 'partien' ? 'win share of A − ½' : 'points a deal, A − B');
const pairUnit = (mode: string): string => (mode === 'partien' ? 'Partie pairs' : 'deal pairs');
const matchName = (m: LeagueMatch): string => `${m.a} vs ${m.b}`;

function header(d: LeagueChartData): string {
  const pairs = d.matches[0]?.margins.length ?? 0;
  return `${d.ruleset}, ${d.players} players, seed ${d.seed}. Every pair of policies met on the same ${int(pairs)} duplicate ${d.mode === 'partien' ? 'Partien' : 'deals'}, each played in both seatings (${d.matches.length} matches).`;
}

/** One row per match: A's mean paired margin over B with its 95% t interval (the crosstable's numbers). */
export function matchesChart(d: LeagueChartData): TopLevelSpec {
  if (d.matches.length === 0) throw new Error('internal: league chart without matches');
  const unit = pairUnit(d.mode);
  const rows = d.matches.map((m) => {
    const e = pairedEstimate(pairAccOf(m.margins), { kind: 'difference' });
    const [estimate, low, high] = e.kind === 'interval' ? [e.estimate, e.low, e.high] : e.kind === 'constant' || e.kind === 'single' ? [e.value, e.value, e.value] : [NaN, NaN, NaN];
    return { key: matchName(m), label: [matchName(m)], estimate, low, high, n: m.margins.length, nUnit: unit };
  });
  const panel = intervalPanel({ rows, axisTitle: `${quantity(d.mode)} (95% interval)`, scale: 'number', reference: 0 });
  return chart({
    title: {
      text: `League: every match, ${d.mode === 'partien' ? 'A\'s win share − ½' : 'A − B in points a deal'}`,
      subtitle: [header(d), `A is the first policy of each row; right of the dashed line A is ahead. n = ${int(rows[0]!.n)} ${unit} a match.`],
    },
    ...panel,
  } as unknown as SpecBody);
}

/** At most this many points a line: every pair of a short match, evenly spaced pairs of a long one (the last kept). */
const MAX_POINTS = 400;

/** The running mean of a match's margins after each pair (thinned), with its 95% t band from the second pair on. */
export function runningMean(margins: ArrayLike<number>): Array<{ x: number; value: number; low: number | null; high: number | null }> {
  const n = margins.length;
  const step = Math.max(1, Math.ceil(n / MAX_POINTS));
  const out: Array<{ x: number; value: number; low: number | null; high: number | null }> = [];
  let sum = 0;
  let sumSq = 0;
  for (let k = 1; k <= n; k++) {
    const x = margins[k - 1]!;
    sum += x;
    sumSq += x * x;
    if (k % step !== 0 && k !== n) continue;
    const mean = sum / k;
    if (k < 2) {
      out.push({ x: k, value: mean, low: null, high: null });
      continue;
    }
    const se = Math.sqrt(Math.max(0, (sumSq - sum * mean) / (k - 1)) / k);
    const half = tFor(0.95, k - 1) * se;
    out.push({ x: k, value: mean, low: mean - half, high: mean + half });
  }
  return out;
}

/** One panel per match: A's mean margin over the pairs played so far, its 95% band, and the line of no effect. */
export function cumulativeChart(d: LeagueChartData): TopLevelSpec {
  if (d.matches.length === 0) throw new Error('internal: league chart without matches');
  const unit = pairUnit(d.mode);
  const names = d.matches.map(matchName);
  const values = d.matches.flatMap((m) => runningMean(m.margins).map((p) => ({ match: matchName(m), ...p, description: `running mean of ${matchName(m)} after ${p.x} ${unit}` })));
  const x = { field: 'x', type: 'quantitative', title: `${unit} played`, axis: { tickMinStep: 1 } };
  return chart({
    title: {
      text: `League: each match's running mean, ${quantity(d.mode)}`,
      subtitle: [header(d), `Line: A's mean margin over the ${unit} played so far; band: its 95% interval; dashed: no difference. n = ${int(d.matches[0]!.margins.length)} ${unit} a match.`],
    },
    data: { values },
    facet: { field: 'match', type: 'nominal', title: null, sort: names, header: { labelFontSize: 12 } },
    columns: Math.min(3, names.length),
    resolve: { scale: { y: 'independent' } },
    spec: {
      width: 250,
      height: 160,
      layer: [
        { transform: [{ filter: 'datum.low != null' }], mark: { type: 'area', color: INK, opacity: 0.15 }, encoding: { x, y: { field: 'low', type: 'quantitative', title: quantity(d.mode) }, y2: { field: 'high' } } },
        { mark: { type: 'line', color: INK, strokeWidth: 2 }, encoding: { x, y: { field: 'value', type: 'quantitative', title: quantity(d.mode), scale: { zero: false } }, description: { field: 'description' } } },
        { mark: { type: 'rule', color: REFERENCE, strokeDash: [5, 4] }, encoding: { y: { datum: 0, type: 'quantitative' } } },
      ],
    },
  } as unknown as SpecBody);
}
