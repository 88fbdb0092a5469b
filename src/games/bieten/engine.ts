// RULES §17.1 (rules 1-23), A-29: Bieten as a state machine behind the engine contract (GUIDE guideline 2,
// §7 "a second game is a rules module behind the same contract"):
//
//   newDeal(rules, {players, dealer, score, out})   the state before the shuffle
//   currentPlayer(s)        a seat, CHANCE (-1) or TERMINAL (-2)
//   chanceOutcomes(s)       equally likely outcomes at a chance node
//   legalActions(s)         the decision's legal actions in a stable order
//   applyAction(s, a)       unchecked, in place (hot loops)
//   explainIllegal(s, a)    why an action is illegal, in the rules' words (null = legal)
//   applyChecked(s, a)      the checked path (CLI, replay, tests)
//   returns(s)              points of this deal per seat
//
// What the rules punish rather than forbid is legal and costs its penalty (GUIDE: the engine plays what
// players can do): a bid at target − 1, bidding more figures than the need allows ("überbieten"), bidding
// or holding the Spiel in the last trick without its suit. Such an act is void — it stands as not said —
// and its author loses the ruleset's penalty points at once. A revoke (rule 16) is legal only in a deal
// created with `revokes: true` (a recorded game): the card stays where it lies and the revoker is penalised.
import { shuffleOutcomesFor } from '../../engine/deal.ts';
import { cardShort } from '../../cards/notation.ts';
import { figureCode, figureMaker, HERZ_SUIT, LAUB_SUIT } from './figures.ts';
import { BIETEN_FIGURES, goingOutRank, type BietenFigure, type BietenRules } from './rules.ts';
import {
  BLOC,
  FIGURE_INDEX,
  type BietenAction,
  type BietenAnyAction,
  type BietenEvent,
  type BietenState,
  type FigureResult,
  type FigureState,
  type VoidReason,
} from './state.ts';

export const CHANCE = -1;
export const TERMINAL = -2;
export const HAND_SIZE = 3;
/** The most players 32 cards deal three each to. */
export const MAX_PLAYERS = 10;

export class BietenIllegalAction extends Error {
  override name = 'BietenIllegalAction';
}

export interface BietenDealOptions {
  /** Seats at the table, 2..10 (rule 2: "zwei, drei, vier, fünf und mehr"). */
  readonly players: number;
  /** The dealer (an active seat; default the first active seat). */
  readonly dealer?: number;
  /** Score per seat before this deal (default 0s). */
  readonly score?: readonly number[];
  /** Seats already out of the game (they play no more, rule 23). */
  readonly out?: readonly number[];
  /** Names for messages and transcripts (default P1 … Pn). */
  readonly names?: readonly string[];
  /** Admit revokes as actions (a recorded game); default false. */
  readonly revokes?: boolean;
}

const suitOf = (c: number): number => c >>> 3;
const SUIT_WORD = ['Herz', 'Schell', 'Laub', 'Eichel'];

/** Events are flat records; the only nested values are arrays of numbers (the deal, the points). */
function freeze<E extends BietenEvent>(e: E): E {
  if (e.type === 'dealt') Object.freeze(e.cards);
  else if (e.type === 'end') Object.freeze(e.points);
  return Object.freeze(e);
}

/** The next active seat clockwise after `seat` (seat itself may be inactive). */
export function nextActive(active: readonly number[], seats: number, seat: number): number {
  for (let i = 1; i <= seats; i++) {
    const t = (seat + i) % seats;
    if (active.includes(t)) return t;
  }
  return seat;
}
/** The next active seat counter-clockwise (to the right). */
export function prevActive(active: readonly number[], seats: number, seat: number): number {
  for (let i = 1; i <= seats; i++) {
    const t = (seat - i + seats * 2) % seats;
    if (active.includes(t)) return t;
  }
  return seat;
}

/** The options that deal `s` again: its table, dealer, score, the players out, names and the revoke switch. */
export function dealOptionsOf(s: BietenState): BietenDealOptions {
  return { players: s.seats, dealer: s.dealer, score: s.score, out: Array.from({ length: s.seats }, (_, i) => i).filter((i) => !s.active.includes(i)), names: s.names, revokes: s.revokes };
}

export function newDeal(rules: BietenRules, opts: BietenDealOptions): BietenState {
  const n = opts.players;
  if (!(Number.isInteger(n) && n >= 2 && n <= MAX_PLAYERS)) throw new RangeError(`Bieten is played by 2 to ${MAX_PLAYERS} players, not ${n}`);
  const out = new Set(opts.out ?? []);
  for (const o of out) if (!(Number.isInteger(o) && o >= 0 && o < n)) throw new RangeError(`an out seat must be 0..${n - 1}, got ${o}`);
  const active = Object.freeze(Array.from({ length: n }, (_, i) => i).filter((i) => !out.has(i)));
  if (active.length < 2) throw new RangeError('a deal needs at least two players still in the game');
  const dealer = opts.dealer ?? active[0]!;
  if (!active.includes(dealer)) throw new RangeError(`the dealer must be a seat still in the game (${active.join(', ')}), got ${dealer}`);
  const score = opts.score ?? new Array<number>(n).fill(0);
  if (score.length !== n || !score.every((x) => Number.isInteger(x))) throw new RangeError(`the score needs a whole number for each of the ${n} seats`);
  for (const seat of active) {
    if (score[seat]! >= rules.target) throw new RangeError(`seat ${seat} has ${score[seat]} of ${rules.target}: he is out, name him in "out"`);
  }
  const names = opts.names ?? Array.from({ length: n }, (_, i) => `P${i + 1}`);
  if (names.length !== n) throw new RangeError(`${n} seats need ${n} names`);
  const loc = new Int8Array(32).fill(BLOC.pack);
  return {
    rules,
    seats: n,
    active,
    names: Object.freeze(names.slice()),
    dealer,
    vorhand: nextActive(active, n, dealer),
    cutter: prevActive(active, n, dealer),
    revokes: opts.revokes ?? false,
    phase: 'shuffle',
    deck: Array.from({ length: 32 }, (_, i) => i),
    shuffleStep: 31,
    cutAt: 0,
    loc,
    hand: new Array<number>(n).fill(0),
    dealt: new Array<number>(n).fill(0),
    tricks: [],
    turn: -1,
    resume: 'play',
    figs: BIETEN_FIGURES.map(
      (): FigureState => ({ status: 'unbid', stake: 0, bidder: -1, holder: -1, groschenBy: -1, seq: Infinity, bidTrick: -1, bidCard: -1, writtenTo: -1, writtenPoints: 0, outcome: 'silent' }),
    ),
    offer: null,
    bidCount: 0,
    voided: new Array<number>(n).fill(0),
    pledged: new Array<number>(n).fill(0),
    score: Object.freeze(score.slice()),
    points: new Array<number>(n).fill(0),
    penalties: new Array<number>(n).fill(0),
    outOrder: [],
    results: null,
    events: [],
    actions: [],
  };
}

// ---- chance: shuffle, cut, deal (rules 3, 5) ----

export function chanceOutcomes(s: BietenState): number {
  if (s.phase === 'shuffle') return s.shuffleStep + 1;
  if (s.phase === 'cut') return 31; // lift 1 .. 31 cards
  return 0;
}

function applyChance(s: BietenState, outcome: number): void {
  if (s.phase === 'shuffle') {
    const i = s.shuffleStep;
    const t = s.deck[i]!;
    s.deck[i] = s.deck[outcome]!;
    s.deck[outcome] = t;
    s.shuffleStep = i - 1;
    if (s.shuffleStep === 0) {
      s.phase = 'cut';
      s.events.push(freeze({ type: 'shuffled' }));
    }
    return;
  }
  // The right-hand neighbour lifts outcome + 1 cards; the lifted packet goes under the rest. The cut card is
  // neither looked at nor shown (rule 5): nobody learns anything.
  s.cutAt = outcome + 1;
  s.deck = [...s.deck.slice(s.cutAt), ...s.deck.slice(0, s.cutAt)];
  s.events.push(freeze({ type: 'cut', cutter: s.cutter, lifted: s.cutAt }));
  deal(s);
}

/** Seats in dealing (and playing) order: clockwise from Vorhand. */
export function fromVorhand(s: BietenState): number[] {
  const out: number[] = [];
  let seat = s.vorhand;
  for (let i = 0; i < s.active.length; i++) {
    out.push(seat);
    seat = nextActive(s.active, s.seats, seat);
  }
  return out;
}

/** "zuerst jedem Spieler eine und dann jedem zwei" [001 p.7], clockwise from the dealer's left. */
function deal(s: BietenState): void {
  const order = fromVorhand(s);
  const got: number[][] = order.map(() => []);
  let top = 0;
  for (const quota of s.rules.dealPattern) {
    for (let i = 0; i < order.length; i++) {
      for (let k = 0; k < quota; k++) {
        const card = s.deck[top++]!;
        got[i]!.push(card);
        s.loc[card] = order[i]!;
        s.hand[order[i]!] = (s.hand[order[i]!]! | (1 << card)) >>> 0;
      }
    }
  }
  for (let i = top; i < 32; i++) s.loc[s.deck[i]!] = BLOC.stock;
  for (let i = 0; i < order.length; i++) {
    s.dealt[order[i]!] = s.hand[order[i]!]!;
    s.events.push(freeze({ type: 'dealt', seat: order[i]!, cards: got[i]! }));
  }
  s.tricks.push({ leader: s.vorhand, plays: [], winner: -1 });
  s.turn = s.vorhand;
  s.phase = 'play';
}

/**
 * A deal with the given hands, through the real shuffle and cut (the shuffle outcomes that give this pack are
 * computed; the cut lifts `lifted` cards, default one): for recorded games and tests. `hands[seat]` lists a seat's three cards
 * in the order dealt (one, then two); seats out of the game get none.
 */
export function dealWithHands(rules: BietenRules, opts: BietenDealOptions, hands: ReadonlyArray<readonly number[]>, lifted = 1): BietenState {
  const s = newDeal(rules, opts);
  if (hands.length !== s.seats) throw new RangeError(`give a hand for each of the ${s.seats} seats (empty for a seat out of the game)`);
  const used = new Set<number>();
  for (let seat = 0; seat < s.seats; seat++) {
    const h = hands[seat]!;
    const want = s.active.includes(seat) ? HAND_SIZE : 0;
    if (h.length !== want) throw new RangeError(`${s.names[seat]} ${want === 0 ? 'is out of the game and gets no cards' : `gets ${HAND_SIZE} cards, not ${h.length}`}`);
    for (const c of h) {
      if (!(Number.isInteger(c) && c >= 0 && c < 32)) throw new RangeError(`not one of the 32 cards: ${c}`);
      if (used.has(c)) throw new RangeError(`${cardShort(c)} is dealt twice`);
      used.add(c);
    }
  }
  const order = fromVorhand(s);
  const pos = new Array<number>(s.seats).fill(0);
  const seq: number[] = [];
  for (const quota of rules.dealPattern) for (const seat of order) for (let k = 0; k < quota; k++) seq.push(hands[seat]![pos[seat]!++]!);
  const pack = [...seq, ...Array.from({ length: 32 }, (_, i) => i).filter((c) => !used.has(c))];
  if (!(Number.isInteger(lifted) && lifted >= 1 && lifted <= 31)) throw new RangeError(`the cut lifts 1 to 31 cards, not ${lifted}`);
  // lifting c cards puts them under the rest: pack = deck[c..] ++ deck[..c], so deck = pack[32-c..] ++ pack[..32-c]
  const deck = [...pack.slice(32 - lifted), ...pack.slice(0, 32 - lifted)];
  for (const o of shuffleOutcomesFor(s.deck, deck)) applyAction(s, { kind: 'chance', outcome: o });
  applyAction(s, { kind: 'chance', outcome: lifted - 1 });
  return s;
}

// ---- who acts ----

export function actingSeat(s: BietenState): number {
  switch (s.phase) {
    case 'play':
      return s.turn;
    case 'window':
      return s.vorhand;
    case 'answer':
      return s.offer!.queue[0]!;
    default:
      return -1;
  }
}

export function currentPlayer(s: BietenState): number {
  if (s.phase === 'shuffle' || s.phase === 'cut') return CHANCE;
  if (s.phase === 'done') return TERMINAL;
  return actingSeat(s);
}

export function isTerminal(s: BietenState): boolean {
  return s.phase === 'done';
}

// ---- the play (rules 6, 16) ----

function openTrick(s: BietenState) {
  return s.tricks[s.tricks.length - 1]!;
}

/** The suit led in the open trick, -1 when leading. */
export function ledSuit(s: BietenState): number {
  const t = openTrick(s);
  return t.plays.length === 0 ? -1 : suitOf(t.plays[0]!.card);
}

function holdsSuit(s: BietenState, seat: number, suit: number): boolean {
  return ((s.hand[seat]! >>> (suit * 8)) & 0xff) !== 0;
}

/** Trick winner: the highest card of the led suit (no trump, rule 1). */
export function trickWinner(plays: readonly { seat: number; card: number }[]): number {
  const led = suitOf(plays[0]!.card);
  let best = plays[0]!;
  for (const p of plays) if (suitOf(p.card) === led && p.card > best.card) best = p;
  return best.seat;
}

function cardsOf(mask: number): number[] {
  const out: number[] = [];
  let m = mask >>> 0;
  while (m !== 0) {
    out.push(31 - Math.clz32(m & -m));
    m = (m & (m - 1)) >>> 0;
  }
  return out;
}

function applyPlay(s: BietenState, card: number, revoke: boolean): void {
  const seat = s.turn;
  const trick = openTrick(s);
  s.hand[seat] = (s.hand[seat]! & ~(1 << card)) >>> 0;
  s.loc[card] = BLOC.table;
  trick.plays.push(Object.freeze({ seat, card, revoke }));
  s.events.push(freeze({ type: 'play', seat, card, trick: s.tricks.length - 1, revoke }));
  if (revoke) penalise(s, seat, s.rules.penalties.revoke, 'revoke');
  if (trick.plays.length < s.active.length) {
    s.turn = nextActive(s.active, s.seats, seat);
    // Vorhand may bid once more after his first card lies on the table [001 p.8]
    s.phase = s.tricks.length === 1 && trick.plays.length === 1 ? 'window' : 'play';
    s.resume = s.phase === 'window' ? 'window' : 'play';
    return;
  }
  trick.winner = trickWinner(trick.plays);
  s.events.push(freeze({ type: 'trick', index: s.tricks.length - 1, winner: trick.winner }));
  if (s.tricks.length === HAND_SIZE) {
    endDeal(s);
    return;
  }
  s.tricks.push({ leader: trick.winner, plays: [], winner: -1 });
  s.turn = trick.winner;
  s.phase = 'play';
  s.resume = 'play';
}

// ---- bids, answers, Groschen (rules 10-15, 19-20) ----

const ACT = { bid: 0, groschen: 1, hold: 2 } as const;
const voidBit = (f: number, act: number): number => 1 << (f * 3 + act);

function penalise(s: BietenState, seat: number, points: number, reason: VoidReason | 'revoke'): void {
  s.penalties[seat]! += points;
  s.points[seat]! -= points;
  s.events.push(freeze({ type: 'penalty', seat, points, reason }));
}

/** The seat's score now: before the deal plus this deal's writes, erasures and penalties. */
export function standing(s: BietenState, seat: number): number {
  return s.score[seat]! + s.points[seat]!;
}

/** Points the seat still needs to go out. */
export function need(s: BietenState, seat: number): number {
  return s.rules.target - standing(s, seat);
}

/** In the last trick once its first card lies on the table (rule 14). */
function lastTrickLed(s: BietenState): boolean {
  return s.tricks.length === HAND_SIZE && openTrick(s).plays.length > 0;
}

/**
 * Rule 14: in the last trick, may this seat bid or hold the Spiel — does it hold a card of the led suit, or
 * has it laid one into this trick (the leader, a player who followed)?
 */
function hasSpielSuit(s: BietenState, seat: number): boolean {
  const led = ledSuit(s);
  return holdsSuit(s, seat, led) || openTrick(s).plays.some((p) => p.seat === seat && suitOf(p.card) === led);
}

/**
 * Is a bid (value 1) or a Groschen (value 2) on figure f by `seat` void, and why (rules 14, 19, 20)?
 * null = valid.
 */
export function voidReason(s: BietenState, seat: number, f: number, value: 1 | 2): VoidReason | null {
  if (f === FIGURE_INDEX.Spiel && lastTrickLed(s) && !hasSpielSuit(s, seat)) return 'spielWithoutSuit';
  const room = need(s, seat) - 1; // gut points the seat may still open
  if (room <= 0) return 'gestrichen';
  const pledged = s.rules.bidLimit === 'figuresByNeed' ? s.pledged[seat]! : 0;
  return pledged + value > room ? 'overbid' : null;
}

/** How many plain figures the seat may still bid now without a penalty (rule 19; BG-06). */
export function bidsAllowed(s: BietenState, seat: number): number {
  const room = need(s, seat) - 1;
  return Math.max(0, room - (s.rules.bidLimit === 'figuresByNeed' ? s.pledged[seat]! : 0));
}

function voidAct(s: BietenState, seat: number, f: number, act: number, reason: VoidReason): void {
  s.voided[seat]! |= voidBit(f, act);
  const penalty = reason === 'spielWithoutSuit' ? s.rules.penalties.spielWithoutSuit : reason === 'gestrichen' ? s.rules.penalties.bidAtTargetMinus1 : s.rules.penalties.overbid;
  penalise(s, seat, penalty, reason);
}

/** Who answers a plain bid of `bidder` (A-29), or a Groschen of `giver`: everyone else still in, in order. */
export function answerQueue(s: BietenState, by: number, groschen: boolean): number[] {
  const from = !groschen && s.rules.answerOrder === 'leftOfLeader' ? openTrick(s).leader : by;
  const out: number[] = [];
  let seat = from;
  for (let i = 0; i < s.active.length; i++) {
    seat = nextActive(s.active, s.seats, seat);
    if (seat !== by && !out.includes(seat)) out.push(seat);
  }
  if (from !== by && !out.includes(from)) out.push(from);
  return out;
}

function applyBid(s: BietenState, seat: number, figure: BietenFigure): void {
  const f = FIGURE_INDEX[figure];
  const why = voidReason(s, seat, f, 1);
  s.events.push(freeze({ type: 'bid', seat, figure, trick: s.tricks.length - 1, void: why }));
  if (why !== null) {
    voidAct(s, seat, f, ACT.bid, why);
    return;
  }
  const fig = s.figs[f]!;
  fig.status = 'offer';
  fig.bidder = seat;
  fig.seq = s.bidCount++;
  fig.bidTrick = s.tricks.length - 1;
  fig.bidCard = openTrick(s).plays.length;
  s.pledged[seat]! += 1;
  s.offer = { figure: f, by: seat, level: 1, queue: answerQueue(s, seat, false) };
  s.phase = 'answer';
}

function applyGroschen(s: BietenState, seat: number, figure: BietenFigure): void {
  const f = FIGURE_INDEX[figure];
  const answering = s.phase === 'answer';
  const why = voidReason(s, seat, f, 2);
  s.events.push(freeze({ type: 'groschen', seat, figure, answer: answering, void: why }));
  if (why !== null) {
    voidAct(s, seat, f, ACT.groschen, why);
    return;
  }
  const fig = s.figs[f]!;
  fig.status = 'offer';
  fig.groschenBy = seat;
  s.pledged[seat]! += 2;
  s.offer = { figure: f, by: seat, level: 2, queue: answerQueue(s, seat, true) };
  s.phase = 'answer';
}

function closeOffer(s: BietenState): void {
  s.offer = null;
  s.phase = s.resume;
}

function applyAnswer(s: BietenState, kind: 'gut' | 'hold'): void {
  const o = s.offer!;
  const seat = o.queue[0]!;
  const fig = s.figs[o.figure]!;
  const figure = BIETEN_FIGURES[o.figure]!;
  if (kind === 'hold') {
    // holding the Spiel in the last trick without its suit is punished (rule 14)
    const why = o.figure === FIGURE_INDEX.Spiel && lastTrickLed(s) && !hasSpielSuit(s, seat) ? 'spielWithoutSuit' : null;
    s.events.push(freeze({ type: 'answer', seat, figure, answer: 'hold', level: o.level, void: why }));
    if (why !== null) {
      voidAct(s, seat, o.figure, ACT.hold, why);
      return;
    }
    // the following players need not answer [001 p.10]: the figure is decided at the end
    fig.status = 'held';
    fig.stake = o.level === 1 ? 2 : 3;
    fig.holder = seat;
    fig.outcome = o.level === 1 ? 'held' : 'groschenHeld';
    closeOffer(s);
    return;
  }
  s.events.push(freeze({ type: 'answer', seat, figure, answer: 'gut', level: o.level, void: null }));
  o.queue.shift();
  if (o.queue.length > 0) return;
  // all let it gut: the bidder has "made" it and writes 1; a Groschen let gut writes 2 (rule 11)
  const pts = o.level === 1 ? 1 : 2;
  fig.status = 'closed';
  fig.writtenTo = o.by;
  fig.writtenPoints = pts;
  fig.outcome = o.level === 1 ? 'gut' : 'groschenGut';
  s.pledged[o.by]! -= pts;
  write(s, o.by, pts, figure, fig.outcome);
  closeOffer(s);
}

function write(s: BietenState, seat: number, points: number, figure: BietenFigure, how: FigureOutcome | 'unfollowedLead'): void {
  s.points[seat]! += points;
  s.events.push(freeze({ type: 'write', seat, points, figure, how }));
  if (standing(s, seat) >= s.rules.target && !s.outOrder.includes(seat)) {
    s.outOrder.push(seat);
    s.events.push(freeze({ type: 'out', seat, total: standing(s, seat) }));
  }
}
type FigureOutcome = FigureState['outcome'];

// ---- the end of the deal: the figures and going out (rules 7-9, 17-22) ----

/** Who makes each figure of a finished deal (not yet written): seat, -1 nobody, -2 it flees. */
export function figureMakers(s: BietenState): number[] {
  const out: number[] = [];
  for (let f = 0; f < 5; f++) {
    const figure = BIETEN_FIGURES[f]!;
    if (figure === 'Spiel') {
      out.push(s.tricks[HAND_SIZE - 1]?.winner ?? -1);
      continue;
    }
    let maker = figureMaker(figure, s.active, s.dealt);
    if ((figure === 'Herz' || figure === 'Laub') && s.rules.unfollowedLead === 'leaderWrites') {
      const suit = figure === 'Herz' ? HERZ_SUIT : LAUB_SUIT;
      for (const t of s.tricks) {
        if (t.plays.length > 0 && suitOf(t.plays[0]!.card) === suit && t.plays.every((p, i) => i === 0 || suitOf(p.card) !== suit)) {
          maker = t.leader;
          break;
        }
      }
    }
    out.push(maker);
  }
  return out;
}

function endDeal(s: BietenState): void {
  const makers = figureMakers(s);
  const r = s.rules;
  const results: FigureResult[] = [];
  // A Gleich or Hanger that flees is written to nobody, "ob sie gut gelassen" (rule 9): erase a gut point.
  for (let f = 0; f < 5; f++) {
    const fig = s.figs[f]!;
    if (r.fleeCancelsGut && fig.status === 'closed' && makers[f] === -2) {
      s.points[fig.writtenTo]! -= fig.writtenPoints;
      s.events.push(freeze({ type: 'erase', seat: fig.writtenTo, points: fig.writtenPoints, figure: BIETEN_FIGURES[f]! }));
    }
  }
  // Going out: held figures first ("das Vorgebotene und Angeschaute", rule 20) in the order bid, then the
  // unbid ones by rank (rule 18); figures let gut were written when let gut.
  const rank = goingOutRank(r).map((x) => FIGURE_INDEX[x]);
  const held = [0, 1, 2, 3, 4]
    .filter((f) => s.figs[f]!.status === 'held' && (r.vorgebotene === 'heldFigures' || makers[f] === s.figs[f]!.bidder))
    .sort((a, b) => s.figs[a]!.seq - s.figs[b]!.seq);
  const order = [...held, ...rank.filter((f) => !held.includes(f))];
  for (const f of order) {
    const fig = s.figs[f]!;
    const figure = BIETEN_FIGURES[f]!;
    const maker = makers[f]!;
    const code = figure === 'Spiel' ? 0 : maker >= 0 ? figureCode(figure, s.dealt[maker]!) : 0;
    if (fig.status === 'closed') {
      results.push({ figure, maker: makers[f] === -2 && r.fleeCancelsGut ? -2 : fig.writtenTo, points: makers[f] === -2 && r.fleeCancelsGut ? 0 : fig.writtenPoints, how: fig.outcome, code });
      continue;
    }
    const pts = fig.status === 'held' ? fig.stake : 1;
    results.push({ figure, maker, points: maker >= 0 ? pts : 0, how: fig.outcome, code });
    s.events.push(freeze({ type: 'figure', figure, maker, points: maker >= 0 ? pts : 0, how: fig.outcome, code }));
    if (maker >= 0) write(s, maker, pts, figure, fig.outcome);
  }
  results.sort((a, b) => FIGURE_INDEX[a.figure] - FIGURE_INDEX[b.figure]);
  s.results = results;
  s.phase = 'done';
  s.events.push(freeze({ type: 'end', points: s.points.slice() }));
}

// ---- the contract ----

const PASS: BietenAction = Object.freeze({ kind: 'pass' });
const GUT: BietenAction = Object.freeze({ kind: 'gut' });
const HOLD: BietenAction = Object.freeze({ kind: 'hold' });
const PLAYS: BietenAction[] = Array.from({ length: 32 }, (_, card) => Object.freeze({ kind: 'play' as const, card }));
const REVOKES: BietenAction[] = Array.from({ length: 32 }, (_, card) => Object.freeze({ kind: 'revoke' as const, card }));
const BIDS: BietenAction[] = BIETEN_FIGURES.map((figure) => Object.freeze({ kind: 'bid' as const, figure }));
const GROSCHEN: BietenAction[] = BIETEN_FIGURES.map((figure) => Object.freeze({ kind: 'groschen' as const, figure }));

/** May `seat` give a Groschen on held figure f now (rule 13, groschenOnHeld)? */
function mayGroschenOnHeld(s: BietenState, seat: number, f: number): boolean {
  const fig = s.figs[f]!;
  if (fig.status !== 'held' || fig.stake !== 2) return false;
  return s.rules.groschenOnHeld === 'anyPlayer' || fig.holder === seat;
}

function biddingActions(s: BietenState, seat: number, out: BietenAction[]): void {
  const v = s.voided[seat]!;
  for (let f = 0; f < 5; f++) if (s.figs[f]!.status === 'unbid' && (v & voidBit(f, ACT.bid)) === 0) out.push(BIDS[f]!);
  for (let f = 0; f < 5; f++) if (mayGroschenOnHeld(s, seat, f) && (v & voidBit(f, ACT.groschen)) === 0) out.push(GROSCHEN[f]!);
}

/** The legal actions now, in a stable order: cards (ascending), revokes, bids, Groschen; or the answers. */
export function legalActions(s: BietenState): BietenAction[] {
  const out: BietenAction[] = [];
  switch (s.phase) {
    case 'play': {
      const seat = s.turn;
      const led = ledSuit(s);
      const follow = led >= 0 && holdsSuit(s, seat, led);
      const cards = cardsOf(s.hand[seat]!);
      for (const c of cards) if (!follow || suitOf(c) === led) out.push(PLAYS[c]!);
      if (follow && s.revokes) for (const c of cards) if (suitOf(c) !== led) out.push(REVOKES[c]!);
      biddingActions(s, seat, out);
      break;
    }
    case 'window':
      out.push(PASS);
      biddingActions(s, s.vorhand, out);
      break;
    case 'answer': {
      const o = s.offer!;
      const seat = o.queue[0]!;
      const v = s.voided[seat]!;
      out.push(GUT);
      if ((v & voidBit(o.figure, ACT.hold)) === 0) out.push(HOLD);
      if (o.level === 1 && (v & voidBit(o.figure, ACT.groschen)) === 0) out.push(GROSCHEN[o.figure]!);
      break;
    }
    default:
      break;
  }
  return out;
}

export function sameBietenAction(a: BietenAnyAction, b: BietenAnyAction): boolean {
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'play':
    case 'revoke':
      return a.card === (b as typeof a).card;
    case 'bid':
    case 'groschen':
      return a.figure === (b as typeof a).figure;
    case 'chance':
      return a.outcome === (b as typeof a).outcome;
    default:
      return true;
  }
}

/** A short text form: "play EK", "bid Laub", "Groschen Laub", "gut", "hold". */
export function bietenActionText(a: BietenAnyAction): string {
  switch (a.kind) {
    case 'play':
      return `play ${cardText(a.card)}`;
    case 'revoke':
      return `revoke ${cardText(a.card)}`;
    case 'bid':
      return `bid ${String(a.figure)}`;
    case 'groschen':
      return `Groschen ${String(a.figure)}`;
    case 'chance':
      return `chance ${a.outcome}`;
    default:
      return a.kind;
  }
}
const cardText = (c: unknown): string => (typeof c === 'number' && Number.isInteger(c) && c >= 0 && c < 32 ? cardShort(c) : String(c));
const isFigure = (x: unknown): x is BietenFigure => typeof x === 'string' && (BIETEN_FIGURES as readonly string[]).includes(x);

function describeFigure(s: BietenState, f: number): string {
  const fig = s.figs[f]!;
  const name = BIETEN_FIGURES[f]!;
  const who = (seat: number) => s.names[seat]!;
  switch (fig.status) {
    case 'unbid':
      return `the ${name} is not bid`;
    case 'offer':
      return `the ${name} is being answered`;
    case 'held':
      return `the ${name} is already bid by ${who(fig.bidder)} and held by ${who(fig.holder)}${fig.stake === 3 ? ' at Drei' : ''}`;
    case 'closed':
      return `the ${name} is already settled (let gut, ${who(fig.writtenTo)} wrote ${fig.writtenPoints})`;
  }
}

/** Why `a` is illegal now, in the rules' words; null when it is legal. */
export function explainIllegal(s: BietenState, a: BietenAnyAction): string | null {
  if (a === null || typeof a !== 'object' || typeof (a as { kind?: unknown }).kind !== 'string') return 'not an action';
  const name = (seat: number) => s.names[seat]!;
  const actor = actingSeat(s);
  const phaseWord: Record<string, string> = {
    shuffle: 'the cards are being shuffled (a chance node)',
    cut: 'the cards are being cut (a chance node)',
    play: `${name(s.turn)} is to lay a card (or bid before he does)`,
    window: `${name(s.vorhand)} may still bid after his first card, or pass`,
    answer: s.offer === null ? '' : `${name(actor)} must answer the ${s.offer.level === 2 ? 'Groschen' : 'bid'} on the ${BIETEN_FIGURES[s.offer.figure]} at once: gut, hold${s.offer.level === 1 ? ' or Drei' : ''} (RULES §17.1 rule 11)`,
    done: 'the deal is over',
  };
  const wrong = () => `cannot ${bietenActionText(a)} now: ${phaseWord[s.phase]}`;
  switch (a.kind) {
    case 'chance': {
      const n = chanceOutcomes(s);
      if (n === 0) return wrong();
      return Number.isInteger(a.outcome) && a.outcome >= 0 && a.outcome < n ? null : `chance outcome must be 0..${n - 1}`;
    }
    case 'play':
    case 'revoke': {
      if (s.phase !== 'play') return wrong();
      const seat = s.turn;
      if (!(Number.isInteger(a.card) && a.card >= 0 && a.card < 32)) return `not a card: ${String(a.card)}`;
      if (((s.hand[seat]! >>> a.card) & 1) === 0) {
        const where = s.loc[a.card]!;
        return `${name(seat)} does not hold ${cardShort(a.card)}${where === BLOC.table ? ' (it is already on the table)' : where >= 0 && where < s.seats ? ` (${name(where)} holds it)` : ''}`;
      }
      const led = ledSuit(s);
      const canFollow = led >= 0 && holdsSuit(s, seat, led);
      const follows = led < 0 || suitOf(a.card) === led;
      if (a.kind === 'play') {
        if (canFollow && !follows) {
          return `${name(seat)} must follow ${SUIT_WORD[led]}: he holds ${cardsOf(s.hand[seat]! & (0xff << (led * 8))).map(cardShort).join(' ')} (suit must be followed in all circumstances, RULES §17.1 rule 6)${s.revokes ? '; mark a revoke to record one' : ''}`;
        }
        return null;
      }
      if (follows || !canFollow) return `${cardShort(a.card)} is no revoke: ${led < 0 ? 'he leads' : canFollow ? `it follows ${SUIT_WORD[led]}` : `${name(seat)} has no ${SUIT_WORD[led]}`}`;
      return s.revokes ? null : `a revoke (not following suit although able, RULES §17.1 rule 16) is admitted only in a recorded game`;
    }
    case 'bid': {
      if (s.phase !== 'play' && s.phase !== 'window') return wrong();
      if (!isFigure(a.figure)) return `not a figure: ${String(a.figure)} (Herz, Laub, Gleich, Hanger, Spiel)`;
      const f = FIGURE_INDEX[a.figure];
      if (s.figs[f]!.status !== 'unbid') return `${name(actor)} cannot bid the ${a.figure}: ${describeFigure(s, f)}`;
      if ((s.voided[actor]! & voidBit(f, ACT.bid)) !== 0) return `${name(actor)} already bid the ${a.figure} void in this deal`;
      return null;
    }
    case 'groschen': {
      if (!isFigure(a.figure)) return `not a figure: ${String(a.figure)} (Herz, Laub, Gleich, Hanger, Spiel)`;
      const f = FIGURE_INDEX[a.figure];
      if (s.phase === 'answer') {
        const o = s.offer!;
        if (o.figure !== f) return `${name(actor)} is answering the ${BIETEN_FIGURES[o.figure]}, not the ${a.figure}`;
        if (o.level === 2) return `no more than Drei can be given (RULES §17.1 rule 12): ${name(actor)} answers the Groschen with gut or hold`;
        if ((s.voided[actor]! & voidBit(f, ACT.groschen)) !== 0) return `${name(actor)} already gave a void Groschen on the ${a.figure}`;
        return null;
      }
      if (s.phase !== 'play' && s.phase !== 'window') return wrong();
      const fig = s.figs[f]!;
      if (fig.status !== 'held') return `a Groschen is given in answer to a bid or on a held figure (RULES §17.1 rules 11, 13): ${describeFigure(s, f)}`;
      if (fig.stake >= 3) return `no more than Drei can be given (RULES §17.1 rule 12): the ${a.figure} already has a Groschen`;
      if (!mayGroschenOnHeld(s, actor, f)) return `only ${name(fig.holder)}, who holds the ${a.figure}, may give a Groschen on it (RULES §17.1 rule 13; ruleset switch groschenOnHeld=anyPlayer)`;
      if ((s.voided[actor]! & voidBit(f, ACT.groschen)) !== 0) return `${name(actor)} already gave a void Groschen on the ${a.figure}`;
      return null;
    }
    case 'pass':
      return s.phase === 'window' ? null : s.phase === 'play' ? `${name(s.turn)} says nothing by laying his card` : wrong();
    case 'gut':
    case 'hold':
      if (s.phase !== 'answer') return wrong();
      if (a.kind === 'hold' && (s.voided[actor]! & voidBit(s.offer!.figure, ACT.hold)) !== 0) return `${name(actor)} already held the Spiel void (no card of its suit in the last trick)`;
      return null;
    default:
      return `unknown action kind "${String((a as { kind: unknown }).kind)}"`;
  }
}

/** Apply without checks (the action must come from legalActions, or be a valid chance outcome). In place. */
export function applyAction(s: BietenState, a: BietenAnyAction): void {
  s.actions.push(a);
  switch (a.kind) {
    case 'chance':
      applyChance(s, a.outcome);
      return;
    case 'play':
      applyPlay(s, a.card, false);
      return;
    case 'revoke':
      applyPlay(s, a.card, true);
      return;
    case 'bid':
      applyBid(s, actingSeat(s), a.figure);
      return;
    case 'groschen':
      applyGroschen(s, actingSeat(s), a.figure);
      return;
    case 'pass':
      s.phase = 'play';
      s.resume = 'play';
      return;
    case 'gut':
    case 'hold':
      applyAnswer(s, a.kind);
      return;
  }
}

export function applyChecked(s: BietenState, a: BietenAnyAction): void {
  const why = explainIllegal(s, a);
  if (why !== null) throw new BietenIllegalAction(why);
  applyAction(s, a);
}

/** Points of this deal per seat (0 for seats out of the game). */
export function returns(s: BietenState): number[] {
  return s.points.slice();
}
