// The chart of an experiment: one row per arm, its effect (A − B, or the value against the claim's
// reference) with the 95% interval, coloured by the verdict, the reference dashed. Rows of different units
// share one axis only when they share the unit: each unit gets a panel of its own.
import { intervalPanel, type IntervalRow } from '../charts/intervals.ts';
import { chart, type SpecBody } from '../charts/theme.ts';
import { renderSvg } from '../charts/render.ts';
import type { ExperimentSummary } from './summary.ts';

const COLOURS = { supported: '#1b7837', refuted: '#b2182b', 'no effect found': '#6b6b6b' };

export async function experimentSvg(s: ExperimentSummary): Promise<string> {
  const units = [...new Set(s.arms.map((a) => `${a.unit}|${a.reference}`))];
  const panels = units.map((u) => {
    const arms = s.arms.filter((a) => `${a.unit}|${a.reference}` === u);
    const rows: IntervalRow[] = arms.map((a) => ({
      key: a.name,
      label: [a.label.length > 60 ? a.label.slice(0, 57) + '…' : a.label, `${a.verdict}`],
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
  return renderSvg(chart({ title: { text: `${s.id}: ${s.verdict}`, subtitle: sub }, ...body } as unknown as SpecBody));
}
