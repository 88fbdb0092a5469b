// A transcript of `perlagg play` (what `play` prints and `play --transcript` writes: one hand, or every hand
// of a Partie and its score sheet) read back as a recording (docs/replay-format.md), so that `review` and
// `replay` take either. The transcript says the deal (the hands as dealt, the cut, the trump, the cards turned
// aside or shown) and every card, bid, answer, word of talk and showing, but not the silent decisions (a pass,
// keeping quiet) nor exactly where a bid fell among the cards of its trick. So each hand is laid out from what
// the transcript says and played again through the engine, choosing at every decision among the legal actions
// one whose transcript still reads like the file (a depth-first search that backs out of a dead end); the hand
// is taken only when its whole transcript is the file's, line for line. The recording is then written by the
// recorder (record.ts) from the hand found.
import { parseCard } from '../../cards/notation.ts';
import type { Action } from '../../engine/actions.ts';
import { applyAction, handFromLayout, isTerminal, legalActions, newHand } from '../../engine/game.ts';
import { cloneState, seatName, type HandState } from '../../engine/state.ts';
import { permanentPerlaggen } from '../../engine/deal.ts';
import { resolveRuleset } from '../../rules/registry.ts';
import type { RulesVariant } from '../../rules/variant.ts';
import { transcript } from '../perlaggen/transcript.ts';
import { playedText } from '../perlaggen/words.ts';
import { ReplayError } from './format.ts';
import { NOBODY_TALKS } from './perlaggen.ts';
import { recordPerlaggen } from './record.ts';

const HAND_HEAD = /^Perlaggen, Regeln (\S+) \(.*; Seed (\d+), Spiel Nr\. (\d+)$/;

/** Whether a text is a transcript of `perlagg play` (a hand's first line among its first lines). */
export function isTranscript(text: string): boolean {
  return text.split('\n', 3).some((l) => HAND_HEAD.test(l));
}

/** The recording of a text: a recording as it is; a transcript of `perlagg play` turned into one. */
export function recordingOf(text: string): string {
  return isTranscript(text) ? transcriptToRecording(text) : text;
}

/** One hand of the transcript: its lines (numbered in the file) from its first line to the line before the next. */
interface HandText {
  readonly first: number;
  readonly lines: readonly string[];
}

/** The hands of a transcript (a Partie's score sheet after its last hand is not part of any). */
function handsOf(text: string): HandText[] {
  const all = text.replace(/\r\n?/g, '\n').split('\n');
  const out: { first: number; lines: string[]; hand: boolean }[] = [];
  for (const [i, line] of all.entries()) {
    if (HAND_HEAD.test(line)) out.push({ first: i + 1, lines: [line], hand: true });
    else if (/^(Schreibtafel|=== )/.test(line)) out.push({ first: i + 1, lines: [], hand: false }); // the score sheet, a heading: no hand's lines
    else out.at(-1)?.lines.push(line);
  }
  return out
    .filter((h) => h.hand)
    .map((h) => {
      const lines = h.lines.slice();
      while (lines.length > 0 && lines.at(-1)!.trim() === '') lines.pop();
      return { first: h.first, lines };
    });
}

/** What the transcript says of a hand's deal: enough to lay it out again (engine/game.ts handFromLayout). */
interface DealSaid {
  readonly ruleset: RulesVariant;
  readonly players: number;
  readonly dealer: number;
  readonly score: number[];
  readonly hands: number[][];
  readonly kept: number[];
  readonly cutAt: number;
  readonly turned: number;
  readonly skipped: number[];
  /** The stock's first and last card where the hand showed them (-1 unknown). */
  readonly stockTop: number;
  readonly stockBottom: number;
}

function fail(line: number, message: string): never {
  throw new ReplayError(line, message);
}

/** The deal of one hand read from its lines. */
function dealSaid(h: HandText): DealSaid {
  const at = (re: RegExp): { m: RegExpMatchArray; line: number } | null => {
    for (const [i, l] of h.lines.entries()) {
      const m = l.match(re);
      if (m !== null) return { m, line: h.first + i };
    }
    return null;
  };
  const head = h.lines[0]!.match(HAND_HEAD)!;
  let ruleset: RulesVariant;
  try {
    ruleset = resolveRuleset(head[1]!);
  } catch (e) {
    fail(h.first, e instanceof Error ? e.message : String(e));
  }
  const who = at(/^Spieler: (.*)$/) ?? fail(h.first, 'the transcript has no "Spieler:" line');
  const players = (who.m[1]!.split(';')[0]!.match(/(?:^|, )P\d+ /g) ?? []).length;
  const roles = at(/^Geber: P(\d+), Vorhand: P\d+, Abheber: P\d+$/) ?? fail(h.first, 'the transcript has no "Geber:" line');
  const dealer = Number(roles.m[1]) - 1;
  const standing = at(/^Stand vor dem Spiel: (.*) \(Ziel \d+\)$/);
  const score = standing === null ? [] : [...standing.m[1]!.matchAll(/(?:Partei [A-Z] \([^)]*\)|P\d+) (\d+)/g)].map((m) => Number(m[1]));
  const cut = at(/^Abheben: P\d+ hebt (\d+) Karten? ab\.$/) ?? fail(h.first, 'the transcript has no "Abheben:" line');
  const dealt = at(/^Austeilen /) ?? fail(h.first, 'the transcript has no "Austeilen" line');
  const hands: number[][] = [];
  let kept: number[] = [];
  const cards = (text: string, line: number): number[] =>
    text
      .trim()
      .split(/\s+/)
      .filter((w) => w !== '')
      .map((w) => {
        try {
          return parseCard(w);
        } catch {
          return fail(line, `"${w}" is no card`);
        }
      });
  for (let i = dealt.line - h.first + 1; i < h.lines.length; i++) {
    const m = h.lines[i]!.match(/^ {2}P(\d+)(?: \([^)]*\))?: ([^(]*?)(?: \(dazu behalten: ([^)]*)\))?$/);
    if (m === null) break;
    const own = m[3] === undefined ? [] : cards(m[3], h.first + i);
    if (own.length > 0) kept = own;
    hands[Number(m[1]) - 1] = [...own, ...cards(m[2]!, h.first + i)];
  }
  const turned = at(/^Trumpf aufgeschlagen: (\S+) →/) ?? fail(h.first, 'the transcript has no "Trumpf aufgeschlagen:" line');
  const skipped = h.lines.flatMap((l, i) => {
    const m = l.match(/^Aufgeschlagen: (\S+) — /);
    return m === null ? [] : cards(m[1]!, h.first + i);
  });
  const bottom = at(/^Untere Karte des Stocks gezeigt: (\S+)$/);
  const both = at(/^Luck und Boden gezeigt: (\S+) (\S+)$/);
  const shownAtCut = h.lines.flatMap((l, i) => {
    const m = l.match(/^ {2}Unten am abgehobenen Packen (?:zeigt sich|liegt) (\S+?)[,.]/);
    return m === null ? [] : cards(m[1]!, h.first + i);
  });
  const leftAtCut = shownAtCut.filter((c) => !kept.includes(c));
  const stockBottom = both !== null ? cards(both.m[2]!, both.line)[0]! : bottom !== null ? cards(bottom.m[1]!, bottom.line)[0]! : leftAtCut.length > 0 ? leftAtCut[0]! : -1;
  return {
    ruleset,
    players,
    dealer,
    score,
    hands,
    kept,
    cutAt: Number(cut.m[1]),
    turned: cards(turned.m[1]!, turned.line)[0]!,
    skipped,
    stockTop: both !== null ? cards(both.m[1]!, both.line)[0]! : -1,
    stockBottom,
  };
}

/** The hand as dealt, laid out from what the transcript says. */
function layOut(d: DealSaid, first: number, silent: number): HandState {
  const talks = d.ruleset.partnerInfo === 'table' || d.ruleset.partnerInfo === 'open';
  const opts = { players: d.players, dealer: d.dealer, ...(d.score.length > 0 ? { score: d.score } : {}), quietSeats: talks ? 0 : NOBODY_TALKS, ...(silent === 0 ? {} : { silentSeats: silent }) };
  let stock: number[] | undefined;
  if (d.stockTop >= 0 || d.stockBottom >= 0) {
    const used = new Set([...d.hands.flat(), ...d.skipped, d.turned]);
    const perm = new Set(permanentPerlaggen(d.ruleset));
    const rest = newHand(d.ruleset, opts).deck.filter((c) => !used.has(c) && c !== d.stockTop && c !== d.stockBottom);
    // a permanent Perlagg at the bottom is shown at the cut: the bottom is the shown card, or a plain one
    const ordered = [...rest.filter((c) => perm.has(c)), ...rest.filter((c) => !perm.has(c))];
    stock = [...(d.stockTop >= 0 ? [d.stockTop] : []), ...ordered, ...(d.stockBottom >= 0 ? [d.stockBottom] : [])];
  }
  try {
    return handFromLayout(d.ruleset, opts, { hands: d.hands, turned: d.turned, skipped: d.skipped, ...(stock === undefined ? {} : { stock }), ...(d.kept.length > 0 ? { cutKept: d.kept } : {}), cutAt: d.cutAt });
  } catch (e) {
    fail(first, `the deal cannot be laid out: ${e instanceof Error ? e.message : String(e)}`);
  }
}

/** The cards of the tricks as the transcript lists them ("P2 SA", "P3 EO getauft als SA"), in order. */
function playsOf(lines: readonly string[]): string[] {
  return lines.flatMap((l) => {
    const m = l.match(/^Stich \d+ \(P\d+ spielt aus\): (.*) → Stich /) ?? l.match(/^Offener Stich \d+: (.*)$/);
    return m === null ? [] : m[1]!.split(' · ');
  });
}

/** The search's budget of states tried a hand. */
const BUDGET = 200_000;

/**
 * The tables the hand may have been played at: which seats never bid (a bot such as `passive`: the bid
 * windows skip them and they answer no offer, engine HandOptions.silentSeats) is not printed. Only a seat
 * with no word of bidding in the hand can be one; the seats whose player is named `passive` first, then none,
 * then every other choice, fewest first.
 */
function silentChoices(h: HandText, seats: number): number[] {
  const bidding = new Set<number>();
  for (const l of h.lines) {
    const m = l.match(/^ {2}P(\d+)(?: \([^)]*\))?(?: bietet|: „|: einverstanden|: Einspruch| fragt)/);
    if (m !== null) bidding.add(Number(m[1]) - 1);
  }
  const free = Array.from({ length: seats }, (_, seat) => seat).filter((seat) => !bidding.has(seat));
  const named = (h.lines[1] ?? '').split(';')[0]!.split(', ').flatMap((x) => {
    const m = x.match(/^(?:Spieler: )?P(\d+) passive$/);
    return m === null ? [] : [Number(m[1]) - 1];
  });
  const first = named.filter((seat) => free.includes(seat)).reduce((m, seat) => m | (1 << seat), 0);
  const all: number[] = [];
  for (let m = 0; m < 1 << free.length; m++) all.push(free.reduce((x, seat, i) => (((m >>> i) & 1) === 1 ? x | (1 << seat) : x), 0));
  const pop = (x: number) => x.toString(2).replace(/0/g, '').length;
  return [first, ...all.filter((x) => x !== first).sort((a, b) => pop(a) - pop(b) || a - b)];
}

/** The hand the transcript describes: found by playing it again (see the head of this file). */
function followHand(h: HandText): HandState {
  const d = dealSaid(h);
  let deepest = 0;
  let gaveUp = false;
  const choices = silentChoices(h, layOut(d, h.first, 0).table.seats);
  for (const [i, silent] of choices.entries()) {
    const r = followAt(h, d, silent, i < 2 ? BUDGET : BUDGET / 10);
    if (r.state !== null) return r.state;
    deepest = Math.max(deepest, r.deepest);
    gaveUp ||= r.gaveUp;
  }
  const want = h.lines.slice(2);
  const line = h.first + 2 + Math.min(deepest, want.length - 1);
  fail(line, `the transcript cannot be followed here: no legal action of the hand reads "${(want[deepest] ?? '').trim()}"${gaveUp ? ' (the search gave up)' : ''}`);
}

/** The hand played again at a table whose `silent` seats never bid, within `budget` states tried. */
function followAt(h: HandText, d: DealSaid, silent: number, budget: number): { state: HandState | null; deepest: number; gaveUp: boolean } {
  const start = layOut(d, h.first, silent);
  const header = { ruleset: d.ruleset, seed: 0, deal: 0, policies: [] as string[] };
  // the first two lines (seed and policies) are not part of the game
  const want = h.lines.slice(2);
  const wantPlays = playsOf(want);
  let tried = 0;
  let deepest = 0;
  /** How far the state's transcript reads like the file; -1 when it does not. */
  const reach = (s: HandState): number => {
    const got = transcript(s, header).trimEnd().split('\n').slice(2);
    for (let i = 0; i < got.length; i++) {
      const ok = got[i] === want[i] || (i === got.length - 1 && !isTerminal(s) && want[i] !== undefined && want[i]!.startsWith(got[i]!));
      if (!ok) return -1;
    }
    const plays = s.tricks.flatMap((t) => t.plays.map((p) => `${seatName(p.seat)} ${playedText(p.card, p.as)}`));
    if (plays.some((p, i) => p !== wantPlays[i])) return -1;
    if (isTerminal(s) && got.length !== want.length) return -1;
    deepest = Math.max(deepest, got.length);
    return got.length * 100 + plays.length;
  };
  const search = (s: HandState): HandState | null => {
    if (isTerminal(s)) return s;
    const next: { s: HandState; r: number }[] = [];
    for (const a of legalActions(s) as Action[]) {
      if (++tried > budget) return null;
      const c = cloneState(s);
      applyAction(c, a);
      const r = reach(c);
      if (r >= 0) next.push({ s: c, r });
    }
    next.sort((x, y) => y.r - x.r);
    for (const n of next) {
      const done = search(n.s);
      if (done !== null || tried > budget) return done;
    }
    return null;
  };
  const state = reach(start) < 0 ? null : search(start);
  return { state, deepest, gaveUp: tried > budget };
}

/** A transcript of `perlagg play` (one hand, or the hands of a Partie) as a recording. */
export function transcriptToRecording(text: string): string {
  const hands = handsOf(text);
  if (hands.length === 0) fail(1, 'no hand of perlagg play in this text (a hand starts "Perlaggen, Regeln …")');
  const states = hands.map(followHand);
  const seed = hands[0]!.lines[0]!.match(HAND_HEAD)![2];
  const out: string[] = [];
  for (const [k, s] of states.entries()) {
    const rec = recordPerlaggen(s, k === 0 ? `transcript of perlagg play, Seed ${seed}` : '').trimEnd().split('\n');
    const deal = rec.indexOf('deal 1');
    if (k === 0) out.push(...rec.slice(0, deal));
    else out.push('');
    out.push(`deal ${k + 1}`, ...rec.slice(deal + 1).filter((l) => !l.startsWith('expect ')));
    // the cut as it was (the recorder writes it only with kept Perlaggen)
    if (!rec.some((l) => l.startsWith('cut '))) out.splice(out.findIndex((l, i) => i > out.lastIndexOf(`deal ${k + 1}`) && l.startsWith('turned ')), 0, `cut ${s.cutAt}`);
    out.push(`expect points ${s.points.join(' ')}`);
  }
  return out.join('\n') + '\n';
}
