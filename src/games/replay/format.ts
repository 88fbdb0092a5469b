// The text format of a recorded game (docs/replay-format.md): one statement a line, `#` starts a comment.
// Header lines (game, ruleset, players, score, out) come first; then deals, each opened by `deal`, with its
// dealer, the hands ("B: EK E9 E8", the card notation players write, src/cards/notation.ts), the Perlaggen
// turn-up, and one action a line ("B play EK", "A bid Laub", "C hold", "C Drei Laub"), and optional checks
// ("expect points B 3 C 5 A 1"). Words are case-insensitive; German words are accepted beside English ones.

/** The longest error line a recording gets (its own words are quoted shorter still: `excerpt`). */
const MAX_MESSAGE = 600;

/** A problem with a recording, at a line of the file: the command prints it and exits 2. */
export class ReplayError extends Error {
  override name = 'ReplayError';
  constructor(
    readonly line: number,
    message: string,
  ) {
    // one printable line whatever the recording held: what is no text is shown as its code, a long message cut
    const clean = printable(message);
    super(clean.length > MAX_MESSAGE ? `${clean.slice(0, MAX_MESSAGE - 1)}…` : clean);
  }
}

/** What is no printable text (a control character, a byte that is not UTF-8, a format or unassigned code point; tab excepted). */
const NOT_TEXT = /[^\P{C}\t]|\uFFFD|[\u2028\u2029]/gu;

/** `text` with every character that is no printable text written as its code (U+0000). */
export function printable(text: string): string {
  return text.replace(NOT_TEXT, (c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
}

/** A short, printable excerpt of what the recording wrote, for an error line (the first `max` characters). */
export function excerpt(text: string, max = 60): string {
  const t = printable(text);
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** A statement as an error line quotes it: "P2 play HK", short and printable. */
export const quoted = (st: Statement): string => `"${excerpt(st.text)}"`;

/** The longest statement a line may hold (a hand, a stock, a title are far shorter). */
export const MAX_LINE = 1000;

export interface Statement {
  /** 1-based line number in the file. */
  readonly line: number;
  /** The line as written (without its comment). */
  readonly text: string;
  /** Words, split at spaces and commas; a hand line's player keeps no colon (see `hand`). */
  readonly words: readonly string[];
  /** "B: EK E9 E8" — the words before the colon name a player; null for other lines. */
  readonly hand: { readonly player: string; readonly cards: string } | null;
}

export function statements(text: string): Statement[] {
  const out: Statement[] = [];
  // a byte-order mark before the first line is no part of it (editors on Windows write one)
  text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/).forEach((raw, i) => {
    const t = raw.replace(/#.*$/, '').trim();
    if (t.length === 0) return;
    checkText(t, i + 1);
    const colon = /^([^\s:]+)\s*:\s*(.*)$/.exec(t);
    const words = t.split(/[\s,;]+/).filter((w) => w.length > 0);
    out.push({ line: i + 1, text: t, words, hand: colon === null ? null : { player: colon[1]!, cards: colon[2]! } });
  });
  return out;
}

/** A statement is a line of plain text of reasonable length: else it is refused, without echoing it. */
function checkText(t: string, line: number): void {
  if (t.length > MAX_LINE) throw new ReplayError(line, `the line is ${t.length.toLocaleString('en')} characters long: a recording holds one statement a line (at most ${MAX_LINE} characters; comments after # are not counted)`);
  NOT_TEXT.lastIndex = 0;
  const bad = NOT_TEXT.exec(t);
  if (bad === null) return;
  const c = bad[0];
  const code = `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  const what = c === '\uFFFD' ? 'a byte that is not UTF-8 text' : c === '\0' ? 'a NUL byte (U+0000)' : `${code}, no printable character`;
  throw new ReplayError(line, `column ${bad.index + 1} holds ${what}: a recording is plain text in UTF-8`);
}

export const norm = (w: string): string =>
  w.toLowerCase().replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss').replace(/[!.„“"'’»«]/g, '');

/** The verbs of an action line, by meaning. Words that only decorate ("aus", "zu", "ich", "das") are skipped. */
export const VERBS: Readonly<Record<string, string>> = {
  play: 'play', plays: 'play', lays: 'play', lay: 'play', spielt: 'play', legt: 'play', gibt: 'play', wirft: 'play', sticht: 'play',
  revoke: 'revoke', revokes: 'revoke', verleugnet: 'revoke',
  bid: 'bid', bids: 'bid', bietet: 'bid', biete: 'bid', gilts: 'bid',
  gut: 'gut', good: 'gut',
  hold: 'hold', holds: 'hold', haelt: 'hold', halte: 'hold', halt: 'hold', schaut: 'hold', schaue: 'hold', anschauen: 'hold', anschaut: 'hold',
  drei: 'drei', groschen: 'drei',
  raise: 'raise', raises: 'raise',
  pass: 'pass', passes: 'pass', nichts: 'pass', silent: 'pass',
  concede: 'concede', concedes: 'concede',
  show: 'show', shows: 'show', weist: 'show',
  exchange: 'exchange', exchanges: 'exchange', tauscht: 'exchange',
  decline: 'decline', declines: 'decline',
  keep: 'keep', keeps: 'keep', behaelt: 'keep',
  leave: 'leave', leaves: 'leave',
  veto: 'veto', consent: 'consent',
  ask: 'ask', asks: 'ask', fragt: 'ask',
  allow: 'allow', allows: 'allow', reject: 'reject', rejects: 'reject',
  quiet: 'quiet', schweigt: 'quiet',
};

/** Words skipped anywhere in an action ("C gibt S10 zu", "A schaut das Laub an", "es ist gut"). */
export const FILLER = new Set(['aus', 'zu', 'an', 'ich', 'es', 'ist', 'das', 'den', 'die', 'der', 'im', 'in', 'mein', 'meine', 'einen', 'ein', 'the', 'a', 'on', 'with', 'mit', 'card', 'sein', 'lassen', 'laesst']);

export const NUMBER_WORDS: Readonly<Record<string, number>> = { zwei: 2, drei: 3, vier: 4, fuenf: 5, sechs: 6, sieben: 7, acht: 8, neun: 9, zehn: 10 };
