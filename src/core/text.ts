// Text of the user's quoted in an error (a bad line, a thrown message, an answer): at most a short,
// printable excerpt, so a one-line error stays one short line whatever it quotes — a 20 MB line, NUL or
// 0xFF bytes, escape sequences that would drive the terminal (issue 29, item 6).

/** The longest excerpt quoted, in characters. */
export const EXCERPT_CHARS = 80;

/** What is no printable text (a control character, a byte that is not UTF-8, a format or unassigned code point; tab excepted). */
const NOT_TEXT = /[^\P{C}\t]|\uFFFD|[\u2028\u2029]/gu;

/** s with every character that is no printable text written as its code (U+0000), as `perlagg replay` quotes a line. */
export function printable(s: string): string {
  return s.replace(NOT_TEXT, (c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
}

/** At most `max` characters of s, printable, with "… (N more characters)" when cut. */
export function excerpt(s: string, max: number = EXCERPT_CHARS): string {
  const head = s.length > max ? s.slice(0, max) : s;
  const shown = printable(head);
  return s.length > max ? `${shown}… (${s.length - max} more characters)` : shown;
}

/** An error's message (or a thrown value) as a short printable excerpt of its first line. */
export function errorExcerpt(e: unknown, max: number = 200): string {
  const text = e instanceof Error ? e.message : String(e);
  const nl = text.indexOf('\n');
  return excerpt(nl === -1 ? text : text.slice(0, nl), max);
}

/** A value a policy returned that is a Promise (or another thenable). */
export function isThenable(x: unknown): boolean {
  return (typeof x === 'object' || typeof x === 'function') && x !== null && typeof (x as { then?: unknown }).then === 'function';
}
