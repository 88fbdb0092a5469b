// Numbers as people read them (issue 29, item 8: one minus sign throughout). The rule: what people read —
// the terminal's tables and summaries, score sheets, charts, reports, review, advise — writes a negative
// number with the minus sign U+2212 (−), which a table aligns and a chart sets like a plus; what machines
// read — --json, the Arrow tables, manifest.json, the numbers in a chart's .vl.json — keeps numbers as numbers
// (JSON writes ASCII '-'), and so does anything meant to be typed back as input (an option's value).
// Every place that prints a number for people goes through these functions (docs/commands.md#numbers).

/** The minus sign of numbers people read (U+2212). */
export const MINUS = '\u2212';

/** x with d decimals, a negative one with U+2212: fixed(-0.25, 2) = "−0.25"; infinities as ∞ and −∞ (d < 0: as String(x) writes it). */
export function fixed(x: number, d: number): string {
  if (x === Infinity) return '∞';
  if (x === -Infinity) return `${MINUS}∞`;
  const s = d < 0 ? String(x) : x.toFixed(d);
  return s.startsWith('-') ? MINUS + s.slice(1) : s;
}

/** x as JavaScript writes it (0.5, 1e-7), a negative one with U+2212: for values shown as they are. */
export function plain(x: number): string {
  return fixed(x, -1);
}

/** x with d decimals and always a sign: "+0.25", "−0.25" (zero and NaN as they come: "+0.00", "NaN"). */
export function signed(x: number, d: number): string {
  if (Number.isNaN(x)) return 'NaN';
  const s = fixed(x, d);
  return s.startsWith(MINUS) ? s : `+${s}`;
}

/** A whole number with thousands separators, a negative one with U+2212: int(-12345) = "−12,345". */
export function int(x: number): string {
  const s = Math.round(x).toLocaleString('en-US');
  return s.startsWith('-') ? MINUS + s.slice(1) : s;
}
