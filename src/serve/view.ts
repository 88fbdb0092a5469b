// What the page receives about a table (issue 30, items 2 and 6): built field by field from the person's
// Observation only — his hand, the Strohmann he holds, what lies open, the tricks, the words said to him, his
// partner's signs as the private note they are — never from the engine's state, and never a whole
// Observation passed on. Cards travel as their short names (HA, E10, Weli), which the page draws.
import { cardShort } from '../cards/notation.ts';
import type { Observation } from '../engine/observation.ts';
import type { BietenObservation } from '../games/bieten/observe.ts';
import { BietenScreen, bietenStatus } from '../games/bieten/screen.ts';
import type { Option, Prompt } from '../games/prompt.ts';
import { SeatScreen, partyOf, seatName, statusLines } from '../games/perlaggen/screen.ts';
import { suitWord } from '../games/perlaggen/words.ts';
import { choices, type Question } from './run.ts';

export interface OptionView {
  readonly word: string;
  readonly label: string;
  readonly group?: { readonly question: string; readonly options: readonly OptionView[] };
}

export interface QuestionView {
  readonly question: string;
  readonly options: readonly OptionView[];
}

export interface TrickView {
  readonly leader: number;
  readonly plays: ReadonlyArray<{ readonly seat: number; readonly card: string; readonly as: string | null }>;
  readonly winner: number;
}

/** The table as one seat sees it. */
export interface SeatView {
  readonly game: 'perlaggen' | 'bieten';
  readonly seat: number;
  readonly names: readonly string[];
  readonly dealer: number;
  readonly acting: number;
  readonly trump: string | null;
  readonly turned: string | null;
  /** Cards lying open beside the stock (the face-up trump card, cards turned aside), and the stock's shown card. */
  readonly open: readonly string[];
  readonly perlaggen: readonly string[];
  readonly hand: readonly string[];
  /** A hand not yet looked at (the bid window before the seat sees its cards). */
  readonly blind: boolean;
  readonly seen: ReadonlyArray<{ readonly seat: number; readonly cards: readonly string[] }>;
  readonly tricks: readonly TrickView[];
  /** The lines of the table's state (trump, tricks, bids, score) in the game's words. */
  readonly status: readonly string[];
  /** What the seat saw this hand, in order, in the game's words. */
  readonly log: readonly string[];
}

const short = (c: number): string => cardShort(c);

function optionView<A>(o: Option<A>): OptionView {
  return { word: o.word, label: o.label, ...(o.group === undefined ? {} : { group: { question: o.group.question, options: o.group.options.map(optionView) } }) };
}

export function questionView<A>(p: Prompt<A>): QuestionView {
  return { question: p.question, options: choices(p).map(optionView) }; // the terminal's help is about typing: the page has buttons
}

export function perlaggenView(obs: Observation): SeatView {
  const names = Array.from({ length: obs.seats }, (_, s) => `${seatName(s)}${s === obs.seat ? ' (du)' : s === obs.dummySeat ? ' (Strohmann)' : ''}`);
  const open = [obs.faceUp, ...obs.skipped, ...obs.stockShown].filter((c) => c >= 0 && c !== obs.turned);
  const status = statusLines(obs, ' (du)').filter(([what]) => what !== 'header' && what !== 'hand' && !what.startsWith('seen')).map(([, line]) => line);
  return {
    game: 'perlaggen',
    seat: obs.seat,
    names,
    dealer: obs.dealer,
    acting: obs.acting,
    trump: obs.trump === null ? null : suitWord(obs.trump),
    turned: obs.turned >= 0 ? short(obs.turned) : null,
    open: [...new Set(open)].map(short),
    perlaggen: obs.perlaggen.map(short),
    hand: obs.hand.map(short),
    blind: obs.phase === 'window' && obs.point < 0,
    seen: obs.seenHands.map((h) => ({ seat: h.seat, cards: h.cards.map(short) })),
    tricks: obs.tricks.map((t) => ({ leader: t.leader, winner: t.winner, plays: t.plays.map((p) => ({ seat: p.seat, card: short(p.card), as: p.as === null || p.as < 0 ? null : short(p.as) })) })),
    status,
    log: new SeatScreen(' (du)').news(obs).filter((l) => l !== ''),
  };
}

export function bietenView(obs: BietenObservation): SeatView {
  return {
    game: 'bieten',
    seat: obs.seat,
    names: obs.names.map((n, s) => `${n}${s === obs.seat ? ' (du)' : ''}`),
    dealer: obs.dealer,
    acting: obs.acting,
    trump: null,
    turned: null,
    open: [],
    perlaggen: [],
    hand: obs.hand.map(short),
    blind: false,
    seen: [],
    tricks: obs.tricks.map((t) => ({ leader: t.leader, winner: t.winner, plays: t.plays.map((p) => ({ seat: p.seat, card: short(p.card), as: null })) })),
    status: bietenStatus(obs).slice(1),
    log: new BietenScreen().news(obs).filter((l) => l !== ''),
  };
}

export function seatViewOf(q: Question): SeatView {
  return q.game === 'perlaggen' ? perlaggenView(q.obs) : bietenView(q.obs);
}

/** The parties' names for a Perlaggen score sheet. */
export function partyNames(obs: Observation): string[] {
  return Array.from({ length: Math.max(...obs.party) + 1 }, (_, p) => partyOf(obs, p));
}
