// The chart of an experiment: one row per arm, its effect (A − B, or the value against the claim's
// reference) with the 95% interval, coloured by the verdict, the reference dashed. Rows of different units
// share one axis only when they share the unit: each unit gets a panel of its own. A long arm label is
// wrapped onto lines of its own, never cut; the chart's Vega-Lite spec is saved beside its SVG (.vl.json).
import type { TopLevelSpec } from 'vega-lite';
import { intervalPanel, type IntervalRow } from '../charts/intervals.ts';
import { chart, type SpecBody } from '../charts/theme.ts';
import { renderSvg, writeCharts, type WrittenChart } from '../charts/render.ts';
import type { ExperimentSummary } from './summary.ts';
import type { ClaimJudgement } from './judge.ts';

const COLOURS: Readonly<Record<string, string>> = { supported: '#1b7837', refuted: '#b2182b', 'no effect that matters': '#2166ac', 'depends on the opponent': '#e08214', inconclusive: '#8c8c8c', untested: '#cccccc', 'not testable': '#eeeeee' };

/** Break a label into lines of at most `width` characters at spaces (a longer word keeps a line of its own). */
export function wrapLabel(text: string, width = 48): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

export async function experimentSvg(s: ExperimentSummary): Promise<string> {
  return renderSvg(experimentSpec(s));
}

/** An experiment's chart as `<dir>/chart.svg` with its spec beside it as `<dir>/chart.vl.json`. */
export async function writeExperimentChart(dir: string, s: ExperimentSummary): Promise<WrittenChart[]> {
  return writeCharts(dir, [{ name: 'chart', what: `${s.id}: every arm's effect with its 95% interval`, spec: experimentSpec(s) }]);
}

/** The findings' chart as `<dir>/<name>.svg` with its spec beside it as `<dir>/<name>.vl.json`. */
export async function writeFindingsChart(dir: string, name: string, judged: readonly ClaimJudgement[]): Promise<WrittenChart[]> {
  return writeCharts(dir, [{ name, what: "every claim's effect against its δ", spec: findingsSpec(judged) }]);
}

export function experimentSpec(s: ExperimentSummary): TopLevelSpec {
  const units = [...new Set(s.arms.map((a) => `${a.unit}|${a.reference}`))];
  const panels = units.map((u) => {
    const arms = s.arms.filter((a) => `${a.unit}|${a.reference}` === u);
    const rows: IntervalRow[] = arms.map((a) => ({
      key: a.name,
      label: [...wrapLabel(a.label), `${a.verdict}`],
      estimate: a.effect.estimate,
      low: a.effect.low,
      high: a.effect.high,
      n: a.n,
      nUnit: a.design === 'duplicate' ? 'pairs' : a.design === 'side' ? 'deals' : 'rows',
      group: a.verdict,
    }));
    const a0 = arms[0]!;
    return intervalPanel({ rows, axisTitle: `${a0.design === 'describe' ? '' : 'A − B: '}${a0.unit} (95% interval)`, scale: 'number', reference: a0.reference, colours: COLOURS, width: 440 });
  });
  const sub = [
    `${s.claim}`,
    `A = ${s.a}; B = ${s.b}. ${s.ruleset}, ${s.players} players, seed ${s.seed}, ${s.size} size.`,
    `Verdict (${s.primary}): ${s.verdict}.`,
  ];
  const body = panels.length === 1 ? panels[0]! : { vconcat: panels };
  return (chart({ title: { text: `${s.id}: ${s.verdict}`, subtitle: sub }, ...body } as unknown as SpecBody));
}

/**
 * The findings' chart: every claim's field headlines, the effect in units of the claim's δ turned so that the
 * claim's direction is to the right (+1 = δ in the claimed direction), coloured by the field's verdict; the
 * dashed line at 0, the band ±1 is "no effect that matters".
 */
export async function findingsSvg(judged: readonly ClaimJudgement[]): Promise<string> {
  return renderSvg(findingsSpec(judged));
}

export function findingsSpec(judged: readonly ClaimJudgement[]): TopLevelSpec {
  const rows: IntervalRow[] = [];
  for (const j of judged) {
    for (const f of j.fields) {
      const a = f.arm;
      if (a.effect.kind === 'empty' || a.delta <= 0) continue;
      const sgn = a.direction === 'greater' ? 1 : -1;
      const z = (x: number) => (sgn * (x - a.reference)) / a.delta;
      const [lo, hi] = sgn > 0 ? [z(a.effect.low), z(a.effect.high)] : [z(a.effect.high), z(a.effect.low)];
      rows.push({ key: `${j.id} ${f.table}`, label: [`${j.id} ${f.table === 'author1853' ? 'author' : f.table}: ${f.verdict}`], estimate: z(a.effect.estimate), low: Math.max(lo, -40), high: Math.min(hi, 40), n: a.n, group: f.verdict });
    }
  }
  const panel = intervalPanel({ rows, axisTitle: 'effect in units of δ, in the claimed direction (±1: the smallest effect that matters)', scale: 'number', reference: 0, colours: COLOURS, colourTitle: 'verdict', width: 520 });
  const layer = panel['layer'] as Record<string, unknown>[];
  for (const d of [-1, 1]) layer.unshift({ data: { values: [{}] }, mark: { type: 'rule', color: '#2166ac', strokeDash: [2, 3], strokeWidth: 1 }, encoding: { x: { datum: d, type: 'quantitative' }, description: { value: `δ line at ${d}` } } });
  return (chart({ title: { text: 'The 1853 author\'s claims: effect against δ', subtitle: ['Each row a claim at one opponent field; intervals are 95%, cut at ±40 δ.'] }, ...panel } as unknown as SpecBody));
}
