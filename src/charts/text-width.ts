// Text widths for Vega's layout in Node. Without a canvas Vega guesses 0.8 em for every character, which is
// about 45% too wide for a sans-serif font: legends drift off to the right and titles claim empty space.
// Like vl-convert we give Vega a measure of our own: Helvetica's advance widths (the standard Adobe AFM
// metrics, in 1/1000 em; Arial and Liberation Sans share them), bold about 7% wider, plus 15% room so
// that a machine drawing with DejaVu Sans (wider) does not clip either.

// ASCII 32..126
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, // space .. /
  556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, // 0 .. ?
  1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, // @ .. O
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, // P .. _
  333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, // ` .. o
  556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, // p .. ~
];
const OTHER: Readonly<Record<string, number>> = {
  'ä': 556, 'ö': 556, 'ü': 556, 'Ä': 667, 'Ö': 778, 'Ü': 722, 'ß': 611, 'é': 556,
  '−': 584, '±': 584, '×': 584, '–': 556, '—': 1000, '·': 278, '…': 1000, '∞': 713, '≥': 549, '≤': 549,
  '’': 222, '‘': 222, '“': 333, '”': 333, '°': 400, '√': 549,
};

const ROOM = 1.15;

/** Width in px of `text` at `fontSize` px in Helvetica (bold: `bold` true). */
export function helveticaWidth(text: string, fontSize: number, bold = false): number {
  let units = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    units += c >= 32 && c <= 126 ? HELVETICA[c - 32]! : (OTHER[ch] ?? 556);
  }
  return (units / 1000) * fontSize * (bold ? 1.07 : 1) * ROOM;
}

interface TextItem {
  readonly fontSize?: number | string;
  readonly fontWeight?: number | string;
  readonly limit?: number;
}

/** Vega's `textMetrics.width(item, text)`. */
export function vegaTextWidth(item: TextItem, text: unknown): number {
  const size = item.fontSize != null ? Number(item.fontSize) || 0 : 11;
  const t = text == null ? '' : String(text).trim();
  const w = item.fontWeight;
  const bold = w === 'bold' || w === 'bolder' || (typeof w === 'number' && w >= 600) || (typeof w === 'string' && Number(w) >= 600);
  return helveticaWidth(t, size, bold);
}
