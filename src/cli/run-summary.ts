// The summary table of a run's metrics: simulate prints it after a run, merge after merging the shards. A
// file of its own, so that merge reads it without loading simulate's dependencies (the bots, the runner).
import Table from 'cli-table3';
import { formatInterval } from '../stats/intervals.ts';
import { formatPaired } from '../stats/paired.ts';
import { metricEstimate } from '../sim/job.ts';
import type { RunResult } from '../runner/runner.ts';

/** A metric's estimate as the table prints it: a per-pair one as paired.ts says it (identical, constant, by construction). */
function estimateText(r: Pick<RunResult, 'specs' | 'metrics'>, name: string): { text: string; n: string } {
  const spec = r.specs.find((m) => m.name === name)!;
  const e = metricEstimate(r.metrics[name]!, spec);
  const n = `${e.interval.n.toLocaleString('en-US')} ${spec.counts}`;
  if (e.paired !== null && e.paired.kind !== 'interval') return { text: formatPaired(e.paired, { unit: spec.counts }), n };
  return { text: formatInterval(e.interval), n };
}

/** The summary table of a run's metrics (simulate's, and merge's of the merged run). */
export function summaryTable(r: Pick<RunResult, 'specs' | 'metrics'>): string {
  const t = new Table({ head: ['metric', 'estimate [95% interval]', 'n', 'what it is'], style: { head: [], border: [], compact: true }, wordWrap: true, colWidths: [24, 32, 20, 50] });
  for (const m of r.specs) {
    const e = estimateText(r, m.name);
    t.push([m.name, e.text, e.n, m.doc]);
  }
  return t.toString();
}
