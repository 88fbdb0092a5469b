// A decision put to a person, as the game says it (issue 24, item 3): a German question and its answers, each
// as (word, label, actions) — the word a person types or a button shows ("HA", "ja", "Gleich", "passen"), the
// line shown in the list („Gilt's Gleich?“), and what it does. Every game builds its prompts from the seat's
// observation (games/perlaggen/prompt.ts, games/bieten/prompt.ts); a user interface only shows them and hands
// back what was typed or clicked: the terminal (cli/human.ts) reads lines, a web page would show buttons. What
// a typed line means (a number of the list, a word, a group opened or left, a mistake) is decided here, so
// every interface answers the same line the same way.

/** One answer to a question. */
export interface Option<A> {
  /** What a person types for it (and a button shows): "HA", "ja", "Gleich", "passen". */
  readonly word: string;
  /** How the list shows it: "„Gilt's Gleich?“", "LU als HA". */
  readonly label: string;
  /**
   * What it does: the first action for the decision now, the rest for the seat's next decisions when nothing
   * happens in between (a talk turn and a bid window passed, then the card). Empty for a group.
   */
  readonly actions: readonly A[];
  /** A group opens a second question: a Perlagg's christenings, the orders of one bid. */
  readonly group?: { readonly question: string; readonly options: readonly Option<A>[] };
}

/** What a typed line (not a number) means: an option (listed or not), a mistake in words, a note, or nothing known. */
export type Reading<A> = { readonly option: Option<A> } | { readonly error: string; readonly list?: boolean } | { readonly note: string } | null;

export interface Prompt<A> {
  readonly question: string;
  readonly options: readonly Option<A>[];
  /** What Enter (an empty line) chooses — say nothing, pass — if anything. */
  readonly empty?: Option<A>;
  /** Read a line that is not a number. */
  readonly read: (line: string) => Reading<A>;
  /** Why an option cannot be taken now (the rules' words, German), or null when it can. */
  readonly check: (o: Option<A>) => string | null;
  readonly help: string;
}

/** What the interface does with a line: take an option, open or leave a group, show help, or ask again. */
export type Answer<A> =
  | { readonly kind: 'take'; readonly option: Option<A> }
  | { readonly kind: 'open'; readonly option: Option<A> }
  | { readonly kind: 'back' }
  | { readonly kind: 'help' }
  | { readonly kind: 'again'; readonly why: string | null; readonly list: boolean };

/** Lower case, umlauts spelled out, quotes and punctuation gone, spaces single: how typed words are compared. */
export function plain(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss')
    .replace(/[„“”"'’`!?.:;,()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The option whose word or label the line repeats; inside groups (at any depth) only by label: a group's short
 * words ("HA" for "LU als HA") mean something else at the top.
 */
export function byWord<A>(options: readonly Option<A>[], line: string): Option<A> | null {
  const p = plain(line);
  if (p === '') return null;
  for (const o of options) if (plain(o.word) === p || plain(o.label) === p) return o;
  const byLabel = (os: readonly Option<A>[]): Option<A> | null => {
    for (const o of os) {
      if (o.group === undefined) {
        if (plain(o.label) === p) return o;
      } else {
        const c = byLabel(o.group.options);
        if (c !== null) return c;
      }
    }
    return null;
  };
  return byLabel(options);
}

/** What a line answers to a prompt, or to its open group (`group`, null when none is open). */
export function answerLine<A>(p: Prompt<A>, group: Option<A> | null, raw: string): Answer<A> {
  const line = raw.trim();
  const options = group?.group?.options ?? p.options;
  if (line === '') {
    if (group === null && p.empty !== undefined) return take(p, p.empty);
    return { kind: 'again', why: null, list: false };
  }
  if (/^(\?|hilfe|help|h)$/i.test(line)) return { kind: 'help' };
  if (group !== null && /^(z|zurück|zurueck|back|0)$/i.test(line)) return { kind: 'back' };
  if (/^\d+$/.test(line)) {
    const n = Number(line);
    if (n < 1 || n > options.length) return { kind: 'again', why: `keine Wahl ${n}: eine Nummer von 1 bis ${options.length}`, list: false };
    return take(p, options[n - 1]!);
  }
  const r = (group !== null ? inGroup(group, line) : null) ?? p.read(line);
  if (r === null) {
    return { kind: 'again', why: `„${line}“ verstehe ich nicht: eine Nummer von 1 bis ${options.length} oder ein Wort der Liste; ? zeigt die Hilfe`, list: false };
  }
  if ('note' in r) return { kind: 'again', why: r.note, list: false };
  if ('error' in r) return { kind: 'again', why: r.error, list: r.list ?? true };
  return take(p, r.option);
}

function take<A>(p: Prompt<A>, o: Option<A>): Answer<A> {
  if (o.group !== undefined) return { kind: 'open', option: o };
  const why = p.check(o);
  return why === null ? { kind: 'take', option: o } : { kind: 'again', why: `jetzt nicht möglich: ${why}`, list: true };
}

/** In an open group a line naming one of its options (by word or label) picks it. */
function inGroup<A>(group: Option<A>, line: string): Reading<A> {
  const o = byWord(group.group!.options, line) ?? byWord(group.group!.options, line.replace(/^(als|as)\s+/i, ''));
  return o === null ? null : { option: o };
}

// ---- the rules' words ----

/** Rule citations of an engine text, in German: "RULES §6.2" → "Regeln §6.2", "[000 p.31]" → "[000 S. 31]". */
export function citations(text: string): string {
  return text.replace(/\bRULES §/g, 'Regeln §').replace(/\[(\d{3}) p\.(\d+(?:[–-]\d+)?)\]/g, '[$1 S. $2]').replace(/\brules? (\d+)/g, 'Regel $1');
}

/**
 * The rules an engine text cites ("siehe A-13, Regeln §8"), or '' when it cites none: what is shown of an
 * engine reason or explanation that has no German words yet — never its English.
 */
export function citedOnly(text: string): string {
  const refs = [...text.matchAll(/RULES §[\d.]+|\bA-\d+\b|\bGC-\d+\b|\bH-\d+\b|\[\d{3}[^\]]*\]/g)].map((m) => citations(m[0]));
  return refs.length === 0 ? '' : `siehe ${[...new Set(refs)].join(', ')}`;
}
