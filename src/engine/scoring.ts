// RULES §5.1, §7.4, §8.1: the showing christening and silent scoring — the one place where a deal's
// points are computed (GUIDE guideline 2).
//
// At the end every player with free Perlaggen still in hand christens them once, for both figures at
// once (a Perlagg has one identity, §5.2/§7.4). The choices are the entries of the evaluator's joint
// frontier (evaluateJoint): each entry is realised as concrete identities, and the figure word of the
// hand as shown is then recomputed by the evaluator from those identities — so the points are always
// the evaluator's verdict on what was shown.
//
// Silent scoring (§8.1): 1 point each to the party that made the Spiel, the strictly best Gleich and the
// strictly best Hanger (best per player, §7.4). A tie is "steht" (nobody scores) only between opposing
// parties (A-33, `tieBetween: 'opposingParties'`), or between any two players (`'anyPlayers'`).
import { WELI } from '../cards/card.ts';
import { CardSet } from '../cards/cardset.ts';
import { evaluateHand, evaluateJoint, figureContext, type FigureContext } from '../eval/evaluate.ts';
import { wordGleich, wordHanger, wordHangerSuit } from '../eval/figures.ts';
import { freezeEvent } from './history.ts';
import type { HandState } from './state.ts';

export function figCtx(s: HandState): FigureContext {
  return figureContext(s.ruleset, s.trump!);
}

/** The seat's played cards as the evaluator takes them. */
function playedOf(s: HandState, seat: number): Array<{ card: number; as: number | null }> {
  const out: Array<{ card: number; as: number | null }> = [];
  for (const t of s.tricks) for (const p of t.plays) if (p.seat === seat) out.push({ card: p.card, as: p.as });
  return out;
}

/** Free Perlaggen in the seat's hand, ascending card id. */
export function freePerlaggen(s: HandState, seat: number): number[] {
  const lvl = s.perl!.level;
  const out: number[] = [];
  let m = (s.handLo[seat]! & s.perl!.lo) >>> 0;
  while (m !== 0) {
    out.push(31 - Math.clz32(m & -m));
    m = (m & (m - 1)) >>> 0;
  }
  if (s.handWeli[seat] === 1 && lvl[WELI]! > 0) out.push(WELI);
  return out;
}

/** The plain cards in the seat's hand as a CardSet (no Perlaggen). */
function plainInHand(s: HandState, seat: number): CardSet {
  return new CardSet((s.handLo[seat]! & ~s.perl!.lo) >>> 0, s.handWeli[seat]! & (s.perl!.weli ^ 1));
}

/** Figure word of the seat's hand when its free Perlaggen show as `as` (aligned with freePerlaggen). */
export function shownWord(s: HandState, seat: number, as: readonly number[]): number {
  const free = freePerlaggen(s, seat);
  const played = playedOf(s, seat);
  for (let i = 0; i < free.length; i++) played.push({ card: free[i]!, as: as[i]! });
  return evaluateHand(figCtx(s), { inHand: plainInHand(s, seat), played });
}

export interface ShowOption {
  /** Identities of the free Perlaggen, aligned with freePerlaggen(s, seat). */
  readonly as: number[];
  /** Figure word of the whole hand as shown. */
  readonly word: number;
}

/**
 * Concrete identities realising a frontier word: the Hanger window's missing cards first, every other
 * free Perlagg joins the Gleich's rank (in a suit not yet present, when identities must differ). Because
 * the word is on the Pareto frontier, the realisation shows exactly its two codes; shownWord checks it.
 */
export function realize(ctx: FigureContext, fixed: readonly number[], k: number, word: number): number[] {
  const count = new Int8Array(32);
  for (const id of fixed) if (id !== WELI) count[id]! += 1;
  const out: number[] = [];
  const h = wordHanger(word);
  if (h > 0) {
    const len = h >>> 4;
    const top = h & 15;
    const suit = wordHangerSuit(word);
    for (let rv = top; rv > top - len; rv--) {
      if (rv <= 0) continue; // the natural Weli's 6 (weliNaturalInFigures): it is a fixed card
      const id = suit * 8 + rv - 1;
      if (count[id] === 0) {
        out.push(id);
        count[id] = 1;
      }
    }
  }
  const g = wordGleich(word);
  const rank = g > 0 ? (g & 15) - 1 : 7;
  while (out.length < k) {
    let pick = rank; // Herz
    for (let suit = 0; suit < 4; suit++) {
      if (count[suit * 8 + rank] === 0) {
        pick = suit * 8 + rank;
        break;
      }
    }
    out.push(pick);
    count[pick]! += 1;
  }
  if (out.length > k) throw new Error('internal: a frontier word needs more Perlaggen than the hand has');
  void ctx;
  return out.sort((a, b) => a - b);
}

/** The seat's showing choices: one per entry of the joint frontier, in the evaluator's order. */
export function showOptions(s: HandState, seat: number): ShowOption[] {
  const ctx = figCtx(s);
  const free = freePerlaggen(s, seat);
  const plain = plainInHand(s, seat);
  const played = playedOf(s, seat);
  const frontier = evaluateJoint(ctx, { inHand: new CardSet(s.handLo[seat]!, s.handWeli[seat]!), played });
  const fixed = [...plain.ids(), ...played.map((p) => p.as ?? p.card)];
  const out: ShowOption[] = [];
  for (const w of frontier) {
    const as = free.length === 0 ? [] : realize(ctx, fixed, free.length, w);
    const word = shownWord(s, seat, as);
    if (wordGleich(word) !== wordGleich(w) || wordHanger(word) !== wordHanger(w)) {
      throw new Error(`internal: showing christening does not realise the frontier entry (seat ${seat}, word ${w}, got ${word})`);
    }
    out.push({ as, word });
  }
  return out;
}

/** Party that strictly has the best code, -1 if nobody has one or it steht. */
export function figureWinner(s: HandState, codes: readonly number[]): number {
  let best = 0;
  for (const c of codes) if (c > best) best = c;
  if (best === 0) return -1;
  const { party } = s.table;
  let winner = -1;
  let holders = 0;
  for (let seat = 0; seat < codes.length; seat++) {
    if (codes[seat] !== best) continue;
    holders++;
    if (winner === -1) winner = party[seat]!;
    else if (party[seat] !== winner) return -1; // opposing parties: steht
  }
  if (s.ruleset.tieBetween === 'anyPlayers' && holders > 1) return -1;
  return winner;
}

/** Silent scoring of a finished hand (RULES §8.1). Writes s.points and s.figureWinners and the events. */
export function scoreHand(s: HandState): void {
  const words = s.shows.map((x) => x!.word);
  const gleich = figureWinner(s, words.map(wordGleich));
  const hanger = figureWinner(s, words.map(wordHanger));
  const spiel = s.spielParty >= 0 ? s.spielParty : -1;
  const points = new Array<number>(s.table.parties).fill(0);
  const write = (figure: 'Spiel' | 'Gleich' | 'Hanger', party: number, code: number) => {
    if (party >= 0) points[party]! += 1;
    s.events.push(freezeEvent({ type: 'figure', figure, party, points: party >= 0 ? 1 : 0, code }));
  };
  const best = (codes: number[]) => codes.reduce((a, b) => Math.max(a, b), 0);
  for (const f of s.ruleset.defaultFigureOrder) {
    if (f === 'Spiel') write('Spiel', spiel, 0);
    else if (f === 'Gleich') write('Gleich', gleich, best(words.map(wordGleich)));
    else write('Hanger', hanger, best(words.map(wordHanger)));
  }
  s.points = points;
  s.figureWinners = { Spiel: spiel, Gleich: gleich, Hanger: hanger };
  s.events.push(freezeEvent({ type: 'end', points: points.slice() }));
}
