// What every perlagg chart shares: the Vega-Lite schema, one look (fonts, sizes, a white background so a
// chart stays readable on a dark page), the colours, and number formats. The builders beside this file
// take plain data and return a Vega-Lite spec; render.ts turns a spec into SVG.
import type { Config, TopLevelSpec } from 'vega-lite';

export type { TopLevelSpec };

export const VEGA_LITE_SCHEMA = 'https://vega.github.io/schema/vega-lite/v6.json';

/** Fonts a browser has; resvg (PNG previews) maps them to what the machine has. */
export const FONT = 'Helvetica Neue, Helvetica, Arial, Liberation Sans, DejaVu Sans, sans-serif';

export const CONFIG: Config = {
  font: FONT,
  background: 'white',
  padding: 12,
  view: { stroke: '#ddd' },
  title: { fontSize: 15, fontWeight: 'bold', anchor: 'start', subtitleFontSize: 12, subtitleColor: '#555', offset: 12, subtitlePadding: 4 },
  axis: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 'normal', titleColor: '#333', gridColor: '#eee', domainColor: '#888', tickColor: '#888' },
  header: { labelFontSize: 12, titleFontSize: 12, labelFontWeight: 'bold', titleFontWeight: 'normal' },
  legend: { labelFontSize: 11, titleFontSize: 12, titleFontWeight: 'normal', orient: 'right' },
};

/** Points and intervals: the estimate dark, its interval a thick line with caps (visible when narrow). */
export const INK = '#1f3b73';
export const REFERENCE = '#b0b0b0';
/** Paired (duplicate) vs unpaired estimates. */
export const PAIRED = '#1f3b73';
export const UNPAIRED = '#c46a1b';

/** Verdicts of experiments (what an experiment's verdict rule returns); other words get colours of their own. */
export const VERDICT_COLOURS: Readonly<Record<string, string>> = {
  confirmed: '#1a9850',
  refuted: '#d73027',
  inconclusive: '#888888',
  'no effect': '#4575b4',
};

/** 1234567 -> "1,234,567". */
export const int = (x: number): string => Math.round(x).toLocaleString('en-US');

/** Enough significant digits to tell an estimate from its interval's ends. */
export function digitsFor(halfWidth: number, estimate: number): number {
  if (!Number.isFinite(halfWidth) || halfWidth <= 0) return Math.abs(estimate) >= 100 ? 1 : 3;
  return Math.min(6, Math.max(0, 1 - Math.floor(Math.log10(halfWidth))));
}

/** A spec with the shared schema and config, the builder's parts merged in. */
export type SpecBody = TopLevelSpec extends infer T ? (T extends unknown ? Omit<T, '$schema' | 'config'> : never) : never;

export function chart(parts: SpecBody): TopLevelSpec {
  return { $schema: VEGA_LITE_SCHEMA, ...parts, config: CONFIG } as TopLevelSpec;
}
