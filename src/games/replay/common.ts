// What both games' replays share: the header, the deal blocks, card words, expectations.
import { tryParseCard } from '../../cards/notation.ts';
import { FILLER, ReplayError, VERBS, excerpt, norm, type Statement } from './format.ts';

export interface Header {
  readonly game: string;
  readonly ruleset: string | null;
  /** Player (seat) names clockwise, or null when only a count was given. */
  readonly names: string[] | null;
  readonly count: number | null;
  readonly title: string | null;
  /** "score …" words after the keyword, "out …" words. */
  readonly score: { line: number; words: string[] } | null;
  readonly out: { line: number; words: string[] } | null;
  /** Perlaggen: "silent …" — the players who never bid (a bot such as `passive`). */
  readonly silent: { line: number; words: string[] } | null;
}

export interface DealBlock {
  readonly line: number;
  readonly label: string;
  readonly body: Statement[];
}

/** Split a recording into its header and its deals. */
export function parseRecording(all: Statement[]): { header: Header; deals: DealBlock[] } {
  let game: string | null = null;
  let ruleset: string | null = null;
  let names: string[] | null = null;
  let count: number | null = null;
  let title: string | null = null;
  let score: Header['score'] = null;
  let out: Header['out'] = null;
  let silent: Header['silent'] = null;
  const deals: DealBlock[] = [];
  for (const st of all) {
    const key = norm(st.words[0]!);
    if (key === 'deal' || key === 'spiel' || key === 'gang' || key === 'runde') {
      deals.push({ line: st.line, label: st.words.slice(1).join(' '), body: [] });
      continue;
    }
    if (deals.length > 0) {
      deals[deals.length - 1]!.body.push(st);
      continue;
    }
    const rest = st.words.slice(1);
    switch (key) {
      case 'game':
        if (rest.length !== 1) throw new ReplayError(st.line, 'write "game bieten" or "game perlaggen"');
        game = norm(rest[0]!);
        break;
      case 'ruleset':
      case 'rules':
        if (rest.length === 0) throw new ReplayError(st.line, 'name the ruleset, e.g. "ruleset bieten{target=7}"');
        ruleset = st.text.replace(/^\S+\s+/, '');
        break;
      case 'players':
      case 'spieler':
        if (rest.length === 1 && /^\d+$/.test(rest[0]!)) count = Number(rest[0]);
        else {
          if (rest.length < 2) throw new ReplayError(st.line, 'name the players clockwise, e.g. "players A B C", or give their number');
          const seen = new Set<string>();
          for (const p of rest) {
            if (seen.has(p.toLowerCase())) throw new ReplayError(st.line, `player "${excerpt(p)}" is named twice`);
            seen.add(p.toLowerCase());
          }
          names = rest.slice();
        }
        break;
      case 'title':
        title = st.text.replace(/^\S+\s*/, '');
        break;
      case 'score':
      case 'stand':
        score = { line: st.line, words: rest.slice() };
        break;
      case 'out':
        out = { line: st.line, words: rest.slice() };
        break;
      case 'silent':
      case 'stumm':
        silent = { line: st.line, words: rest.slice() };
        break;
      default:
        if (game === null) throw new ReplayError(st.line, 'a recording starts with "game bieten" or "game perlaggen"');
        throw new ReplayError(st.line, `"${excerpt(st.words[0]!)}" before the first deal: the header has game, ruleset, players, title, score${game === 'bieten' ? ', out' : ', silent'}; a deal starts with "deal"`);
    }
  }
  if (game === null) throw new ReplayError(all[0]?.line ?? 1, 'a recording starts with "game bieten" or "game perlaggen"');
  if (deals.length === 0) throw new ReplayError(all.at(-1)?.line ?? 1, 'the recording has no deal (a deal starts with "deal")');
  return { header: { game, ruleset, names, count, title, score, out, silent }, deals };
}

/** The seat of a player name (case-insensitive). */
export function seatOf(names: readonly string[], word: string, line: number): number {
  const i = names.findIndex((n) => n.toLowerCase() === word.toLowerCase());
  if (i < 0) throw new ReplayError(line, `unknown player "${excerpt(word)}" (players: ${names.join(' ')})`);
  return i;
}

/** The card named by the first one or two of `words` ("EK", "Eichel König", "Eichelkönig"), and how many words it took. */
export function cardAt(words: readonly string[], from: number): { card: number; used: number } | null {
  const w = words[from];
  if (w === undefined) return null;
  const one = tryParseCard(w);
  if (one !== null) return { card: one, used: 1 };
  const next = words[from + 1];
  if (next !== undefined) {
    const two = tryParseCard(w + next);
    if (two !== null) return { card: two, used: 2 };
  }
  return null;
}

/** An action line: its player word, its verb (by meaning) and the words after it, decorations removed. */
export function actionWords(st: Statement): { player: string; verb: string; args: string[]; raw: string } {
  const player = st.words[0]!;
  const rest = st.words.slice(1).filter((w) => !FILLER.has(norm(w)) && norm(w).length > 0);
  let verb = '';
  let at = -1;
  for (let i = 0; i < rest.length; i++) {
    const v = VERBS[norm(rest[i]!)];
    if (v !== undefined) {
      verb = v;
      at = i;
      break;
    }
  }
  const args = at < 0 ? rest : [...rest.slice(0, at), ...rest.slice(at + 1)];
  return { player, verb, args, raw: st.text };
}

/** "expect points B 3 C 5 A 1": pairs of a name and a whole number. */
export function namedNumbers(words: readonly string[], line: number): Array<[string, number]> {
  if (words.length % 2 !== 0 || words.length === 0) throw new ReplayError(line, 'write pairs of a name and a number, e.g. "B 3 C 5 A 1"');
  const out: Array<[string, number]> = [];
  for (let i = 0; i < words.length; i += 2) {
    const v = words[i + 1]!;
    if (!/^[+-]?\d+$/.test(v)) throw new ReplayError(line, `"${excerpt(v)}" is not a whole number (after ${excerpt(words[i]!)})`);
    out.push([words[i]!, Number(v)]);
  }
  return out;
}
