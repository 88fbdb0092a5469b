// What the commands call: `perlagg exact --out` and `perlagg simulate --out` draw the charts of the folder
// they wrote and list them; `perlagg plot` redraws them. The charts come from the folder's tables and
// manifest (folder.ts), so the three agree. Everything that draws is imported on the first call, so a
// command that draws nothing loads none of it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { WrittenChart } from './render.ts';

export interface ChartOptions {
  /** The command printed JSON on stdout: the chart list goes to stderr, so stdout stays one object. */
  readonly json?: boolean;
  /** Where the charts go (default `<dir>/charts`). */
  readonly into?: string;
}

/** The lines listing the charts written. */
export function chartListing(written: readonly WrittenChart[]): string[] {
  if (written.length === 0) return [];
  return [
    'Charts (SVG; the Vega-Lite spec of each beside it as .vl.json):',
    ...written.map((c) => `  ${c.svg}  ${c.what}`),
  ];
}

/** Draw every chart of a result folder and list them. Errors propagate (the caller decides the exit code). */
export async function writeResultCharts(dir: string, opts: ChartOptions = {}): Promise<WrittenChart[]> {
  const { writeFolderCharts } = await import('./folder.ts');
  const written = await writeFolderCharts(dir, opts.into);
  const lines = chartListing(written);
  if (lines.length > 0) (opts.json ? process.stderr : process.stdout).write(lines.join('\n') + '\n');
  return written;
}

/**
 * The end of `perlagg simulate`: a finished run with --out gets its charts; an interrupted one (to be
 * resumed) or a run without --out gets none. The tables are safe already, so a failure to draw is reported
 * in one line with exit code 1 (`perlagg plot` can redraw later), never a crash of the finished run.
 */
export async function writeRunCharts(out: string | null, opts: ChartOptions = {}): Promise<WrittenChart[]> {
  if (out === null) return [];
  let complete = false;
  let deals: unknown = null;
  try {
    const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { complete?: unknown; progress?: { dealsDone?: unknown } };
    complete = m.complete === true;
    deals = m.progress?.dealsDone;
  } catch {
    return [];
  }
  if (!complete) return [];
  // a shard of a run with fewer batches than shards holds no deals: a valid, empty result with nothing to draw
  if (deals === 0) {
    process.stderr.write(`perlagg: note: ${out} holds no deals (a shard with nothing to do): no charts\n`);
    return [];
  }
  try {
    return await writeResultCharts(out, opts);
  } catch (e) {
    process.stderr.write(`perlagg: the run is saved, but its charts could not be drawn: ${(e instanceof Error ? e.message : String(e)).split('\n')[0]} (try perlagg plot ${out})\n`);
    process.exitCode = 1;
    return [];
  }
}
