// A Vega-Lite spec -> SVG, in Node, without a browser: Vega-Lite compiles the spec to Vega, Vega renders
// it headless (`renderer: 'none'`, then `view.toSVG()`). Both libraries are imported on the first call
// only, so commands that draw nothing do not pay for loading them (about half a second).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../results/atomic-file.ts';
import { vegaTextWidth } from './text-width.ts';
import type { TopLevelSpec } from './theme.ts';

type VegaLite = typeof import('vega-lite');
type Vega = typeof import('vega');
type Logger = NonNullable<NonNullable<Parameters<VegaLite['compile']>[1]>['logger']>;
let libs: Promise<{ vl: VegaLite; vega: Vega }> | null = null;

function load(): Promise<{ vl: VegaLite; vega: Vega }> {
  libs ??= Promise.all([import('vega-lite'), import('vega')]).then(([vl, vega]) => {
    // Vega's text layout without a canvas: our Helvetica metrics instead of its 0.8 em guess (text-width.ts)
    (vega as unknown as { textMetrics: { width: typeof vegaTextWidth } }).textMetrics.width = vegaTextWidth;
    return { vl, vega };
  });
  return libs;
}

export interface Compiled {
  /** The Vega spec Vega-Lite compiled. */
  readonly vega: object;
  /** What Vega-Lite warned about (an empty list for a sound spec). */
  readonly warnings: readonly string[];
}

/** Compile a Vega-Lite spec to Vega, collecting Vega-Lite's warnings instead of printing them. */
export async function compileChart(spec: TopLevelSpec): Promise<Compiled> {
  const { vl } = await load();
  const warnings: string[] = [];
  const logger = {
    level(): number { return 0; },
    error(...args: readonly unknown[]) { throw new Error(`Vega-Lite: ${args.map(String).join(' ')}`); },
    warn(...args: readonly unknown[]) { warnings.push(args.map(String).join(' ')); return logger; },
    info() { return logger; },
    debug() { return logger; },
  };
  const { spec: vg } = vl.compile(spec, { logger: logger as unknown as Logger });
  return { vega: vg, warnings };
}

/** The chart as a standalone SVG document. */
export async function renderSvg(spec: TopLevelSpec): Promise<string> {
  const { vega } = await load();
  const { vega: vg } = await compileChart(spec);
  const view = new vega.View(vega.parse(vg as Parameters<Vega['parse']>[0]), { renderer: 'none', logLevel: vega.Error });
  try {
    const svg = await view.toSVG();
    return svg.startsWith('<?xml') ? svg : `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n`;
  } finally {
    view.finalize();
  }
}

/** A chart to write: its file stem, a one-line description, and its spec. */
export interface Chart {
  readonly name: string;
  readonly what: string;
  readonly spec: TopLevelSpec;
}

export interface WrittenChart {
  readonly name: string;
  readonly what: string;
  /** Paths of the SVG and of the Vega-Lite spec beside it (reusable: open it in the Vega editor). */
  readonly svg: string;
  readonly spec: string;
}

/** Write each chart as `<dir>/<name>.svg` and `<dir>/<name>.vl.json`, each atomically. */
export async function writeCharts(dir: string, charts: readonly Chart[]): Promise<WrittenChart[]> {
  mkdirSync(dir, { recursive: true });
  const out: WrittenChart[] = [];
  for (const c of charts) {
    const svg = await renderSvg(c.spec);
    const svgPath = join(dir, `${c.name}.svg`);
    const specPath = join(dir, `${c.name}.vl.json`);
    writeFileAtomic(specPath, JSON.stringify(c.spec, null, 2) + '\n');
    writeFileAtomic(svgPath, svg);
    out.push({ name: c.name, what: c.what, svg: svgPath, spec: specPath });
  }
  return out;
}
