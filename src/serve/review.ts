// Review of a recorded game in the page (issue 30, item 4): a recording (docs/replay-format.md) replayed by
// the replay itself (games/replay: every action checked, a bad file refused with its line), each deal given
// to the page as its hands as dealt, its tricks, and its decisions in the game's words grouped by trick, so
// that the page steps back and forth through the tricks. Unlike the table (view.ts), a review shows every
// hand: it is opened on a finished game.
//
// The value each decision lost comes from `perlagg review` (src/review, through review-losses.ts), asked for
// deal by deal (POST /api/review/losses) once the page shows the deal, Bieten's too (review/bieten.ts).
import { cardShort } from '../cards/notation.ts';
import type { HandEvent } from '../engine/history.ts';
import type { HandState } from '../engine/state.ts';
import { seatName } from '../engine/state.ts';
import type { BietenObservation } from '../games/bieten/observe.ts';
import { bietenEventLine } from '../games/bieten/screen.ts';
import type { BietenEvent, BietenState } from '../games/bieten/state.ts';
import { partyName } from '../games/perlaggen/transcript.ts';
import { eventWords, playedText, signText, suitWord } from '../games/perlaggen/words.ts';
import { phraseWords } from '../engine/talk-words.ts';
import { replayBieten } from '../games/replay/bieten.ts';
import { parseRecording } from '../games/replay/common.ts';
import { ReplayError, excerpt, statements } from '../games/replay/format.ts';
import { replayPerlaggen } from '../games/replay/perlaggen.ts';
import { recordingOf } from '../games/replay/from-transcript.ts';
import { UsageError } from '../core/errors.ts';
import { perlaggenOf } from '../rules/perlaggen.ts';

export interface ReviewDeal {
  readonly names: readonly string[];
  readonly dealer: number;
  readonly trump: string | null;
  readonly turned: string | null;
  readonly perlaggen: readonly string[];
  /** Each seat's cards as dealt. */
  readonly hands: ReadonlyArray<readonly string[]>;
  readonly tricks: ReadonlyArray<{ readonly plays: ReadonlyArray<{ readonly seat: number; readonly card: string; readonly as: string | null }>; readonly winner: number }>;
  /** The lines of the deal: `trick` is the trick (0-based) a line comes with, from its first card to the next trick's first; -1 before the first card. */
  readonly lines: ReadonlyArray<{ readonly trick: number; readonly text: string }>;
  /** Points written per party (Perlaggen) or per player (Bieten). */
  readonly points: readonly number[];
}

export interface Review {
  readonly game: 'perlaggen' | 'bieten';
  readonly title: string;
  readonly deals: readonly ReviewDeal[];
  /** The replay's transcript, as `perlagg replay` prints it. */
  readonly transcript: string;
  /** Whether the decisions' values lost can be asked for (POST /api/review/losses): Perlaggen, not Bieten. */
  readonly reviewable: boolean;
}

const short = (c: number): string => cardShort(c);

/** The fields of a deal's events the review reads (both games' events carry them under the same names). */
interface Ev {
  readonly type: string;
  readonly seat?: number;
  readonly cards?: readonly unknown[];
  readonly card?: number;
  readonly trick?: number;
  readonly as?: number | null;
  readonly index?: number;
  readonly winner?: number;
}

function dealtHands(events: readonly Ev[], seats: number): string[][] {
  const hands: string[][] = Array.from({ length: seats }, () => []);
  for (const e of events) if (e.type === 'dealt') hands[e.seat!] = (e.cards as readonly number[]).map(short);
  return hands;
}

function tricksOf(events: readonly Ev[]): ReviewDeal['tricks'] {
  const tricks: Array<{ plays: Array<{ seat: number; card: string; as: string | null }>; winner: number }> = [];
  for (const e of events) {
    if (e.type === 'play') {
      while (tricks.length <= e.trick!) tricks.push({ plays: [], winner: -1 });
      tricks[e.trick!]!.plays.push({ seat: e.seat!, card: short(e.card!), as: e.as === undefined || e.as === null || e.as < 0 ? null : short(e.as) });
    } else if (e.type === 'trick') {
      while (tricks.length <= e.index!) tricks.push({ plays: [], winner: -1 });
      tricks[e.index!]!.winner = e.winner!;
    }
  }
  return tricks;
}

/** A Perlaggen event as an onlooker who sees every card reads it. */
function perlaggenLine(s: HandState, e: HandEvent): string | null {
  const who = (seat: number) => `${seatName(seat)}${seat === s.table.dummySeat ? ' (Strohmann)' : ''}`;
  switch (e.type) {
    case 'dealt':
    case 'turnedUp':
      return null;
    case 'play':
      return `${who(e.seat)}: ${playedText(e.card, e.as)}`;
    case 'trick':
      return `→ Stich ${e.index + 1} für ${who(e.winner)}`;
    case 'spiel':
      return e.party >= 0 ? `Spiel: ${partyName(s, e.party)}` : 'Das Spiel geht unter: niemand hat 3 Stiche.';
    case 'sign':
      return `Zeichen (geheim, nur für den Partner): ${seatName(e.seat)} an ${who(e.to)}: ${signText(e)}`;
    case 'say':
      return e.reply ? `${who(e.seat)}: „${phraseWords(e.phrase, e.suit, e.figure)}“` : `${who(e.seat)} zu ${who(e.to)}: „${phraseWords(e.phrase, e.suit, e.figure)}“`;
    default:
      return eventWords(e, { who, party: (p) => partyName(s, p) });
  }
}

function linesOf<E extends { type: string }>(events: readonly E[], line: (e: E) => string | null): ReviewDeal['lines'] {
  const out: Array<{ trick: number; text: string }> = [];
  let done = 0;
  let played = false;
  for (const e of events) {
    if (e.type === 'play') played = true;
    const text = line(e);
    if (text !== null) out.push({ trick: played ? done : -1, text });
    if (e.type === 'trick') done++;
  }
  return out;
}

function perlaggenDeal(s: HandState): ReviewDeal {
  const events = s.events as readonly HandEvent[];
  const turned = events.find((e) => e.type === 'turnedUp') as Extract<HandEvent, { type: 'turnedUp' }> | undefined;
  return {
    names: Array.from({ length: s.table.seats }, (_, seat) => `${seatName(seat)}${seat === s.table.dummySeat ? ' (Strohmann)' : ''}`),
    dealer: s.dealer,
    trump: turned === undefined ? null : suitWord(turned.trump),
    turned: s.turned >= 0 ? short(s.turned) : null,
    perlaggen: s.trump === null ? [] : perlaggenOf(s.ruleset, s.trump).order.map(short),
    hands: dealtHands(events, s.table.seats),
    tricks: tricksOf(events),
    lines: linesOf(events, (e) => perlaggenLine(s, e)),
    points: s.points.slice(),
  };
}

function bietenDeal(s: BietenState): ReviewDeal {
  // an onlooker's lines: the event words of the Bieten screen, for a seat that is nobody's
  const onlooker = { names: s.names, active: s.active, seat: -1, tricks: [] } as unknown as BietenObservation;
  const events = s.events as readonly BietenEvent[];
  return {
    names: s.names.slice(),
    dealer: s.dealer,
    trump: null,
    turned: null,
    perlaggen: [],
    hands: dealtHands(events, s.seats),
    tricks: tricksOf(events),
    lines: linesOf(events, (e) => (e.type === 'dealt' ? null : e.type === 'play' ? `${s.names[e.seat]}: ${short(e.card)}${e.revoke ? ' (verworfen)' : ''}` : e.type === 'trick' ? `→ Stich ${e.index + 1} für ${s.names[e.winner]}` : bietenEventLine(e, onlooker))),
    points: s.points.slice(),
  };
}

/**
 * The review of a recording's text (or of a transcript of `perlagg play`, read as one); a bad recording is a
 * UsageError with the replay's one line ("line 7: …").
 */
export async function reviewText(text: string, name: string): Promise<Review> {
  try {
    const all = statements(recordingOf(text));
    if (all.length === 0) throw new ReplayError(1, 'the file is empty (a recording starts with "game bieten" or "game perlaggen")');
    const { header } = parseRecording(all);
    const title = header.title ?? '';
    if (header.game === 'perlaggen') {
      const r = replayPerlaggen(all, header, name);
      return { game: 'perlaggen', title, deals: r.states.map(perlaggenDeal), transcript: r.text, reviewable: true };
    }
    if (header.game === 'bieten') {
      const r = replayBieten(all, header, name);
      return { game: 'bieten', title, deals: r.states.map(bietenDeal), transcript: r.text, reviewable: true };
    }
    throw new ReplayError(all[0]!.line, `unknown game "${excerpt(header.game)}" (known: bieten, perlaggen)`);
  } catch (e) {
    if (e instanceof ReplayError) throw new UsageError(`${name} line ${e.line}: ${e.message}`);
    throw e;
  }
}
