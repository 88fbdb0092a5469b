// `perlagg replay` for Bieten (RULES §17): a recorded game checked action by action with the rules' own
// words (explainIllegal), scored by the engine, printed as a transcript with the score sheet.
import { cardShort, parseCards, CardNotationError } from '../../cards/notation.ts';
import { RulesetError } from '../../rules/registry.ts';
import { actingSeat, applyAction, dealWithHands, explainIllegal, fromVorhand, legalActions, type BietenDealOptions } from '../bieten/engine.ts';
import { afterDeal, nextGameDealer } from '../bieten/partie.ts';
import { BIETEN_FIGURES, bietenRulesName, resolveBietenRules, type BietenFigure, type BietenRules } from '../bieten/rules.ts';
import type { BietenAction, BietenState } from '../bieten/state.ts';
import { bietenDealText, bietenScoreSheet } from '../bieten/transcript.ts';
import { actionWords, cardAt, namedNumbers, parseRecording, seatOf, type Header } from './common.ts';
import { ReplayError, excerpt, norm, quoted, type Statement } from './format.ts';

const FIGURE_WORDS: Readonly<Record<string, BietenFigure>> = {
  herz: 'Herz', rote: 'Herz', rot: 'Herz', laub: 'Laub', gruene: 'Laub', gruen: 'Laub', gleich: 'Gleich', hanger: 'Hanger', spiel: 'Spiel',
};

function figureWord(args: readonly string[], line: number, required: boolean): BietenFigure | null {
  const figs = args.map((a) => FIGURE_WORDS[norm(a)]).filter((f): f is BietenFigure => f !== undefined);
  if (figs.length > 1) throw new ReplayError(line, 'one figure a line: each bid is answered before the next is made');
  if (figs.length === 0 && required) throw new ReplayError(line, `name the figure: ${BIETEN_FIGURES.join(', ')}`);
  return figs[0] ?? null;
}

/** The action an action line names (for the player whose line it is). */
function parseAction(st: Statement, s: BietenState, seat: number): BietenAction {
  const { verb, args, raw } = actionWords(st);
  const bang = /!|\brevoke\b|\bverleugnet\b/i.test(raw);
  switch (verb) {
    case 'play':
    case 'revoke': {
      const c = cardAt(args.filter((a) => !/^(revoke|!)$/i.test(a)), 0);
      if (c === null) throw new ReplayError(st.line, `name the card laid, e.g. "${s.names[seat]} play EK" (cards: a suit H S L E and a rank A K O U 10 9 8 7)`);
      return { kind: verb === 'revoke' || bang ? 'revoke' : 'play', card: c.card };
    }
    case 'bid':
      return { kind: 'bid', figure: figureWord(args, st.line, true)! };
    case 'drei': {
      const f = figureWord(args, st.line, false) ?? (s.offer !== null ? BIETEN_FIGURES[s.offer.figure]! : null);
      if (f === null) throw new ReplayError(st.line, 'name the figure the Groschen is given on, e.g. "C Drei Laub"');
      return { kind: 'groschen', figure: f };
    }
    case 'gut':
    case 'hold':
    case 'pass':
      return { kind: verb };
    default:
      throw new ReplayError(st.line, `"${excerpt(raw)}": a Bieten action is <player> play CARD | revoke CARD | bid FIGURE | Drei [FIGURE] | gut | hold | pass`);
  }
}

/** Whose decision it is now, with the rule that makes it his (RULES §17.1). */
function decisionWords(s: BietenState): string {
  const who = s.names[actingSeat(s)]!;
  switch (s.phase) {
    case 'play':
      return `it is ${who}'s turn to lay a card, or to bid before he does (RULES §17.1 rule 6: the player left of the dealer leads, play goes clockwise, the winner of a trick leads the next)`;
    case 'window':
      return `${who} may still bid after his first card (RULES §17.1 rule 10)`;
    case 'answer':
      return `${who} must answer the ${s.offer!.level === 2 ? 'Groschen' : 'bid'} on the ${BIETEN_FIGURES[s.offer!.figure]} at once: gut, hold${s.offer!.level === 1 ? ' or Drei' : ''} (RULES §17.1 rule 11, in order to the left)`;
    default:
      return 'the deal is over';
  }
}

/** The phases at which each kind of action is decided: a line's reason comes from there, not from a window before it. */
const DECIDED_AT: Readonly<Record<BietenAction['kind'], readonly string[]>> = {
  play: ['play'],
  revoke: ['play'],
  bid: ['play', 'window'],
  groschen: ['play', 'window', 'answer'],
  gut: ['answer'],
  hold: ['answer'],
  pass: ['window'],
};

/** Why `seat`'s line cannot be taken now, in the rules' words; null when it can. */
function explainLine(s: BietenState, seat: number, a: BietenAction): string | null {
  const actor = actingSeat(s);
  if (actor !== seat) {
    return (a.kind === 'play' || a.kind === 'revoke') && s.phase === 'play' ? `${s.names[seat]} plays out of turn: ${decisionWords(s)}` : `it is not ${s.names[seat]}'s turn: ${decisionWords(s)}`;
  }
  const why = explainIllegal(s, a);
  // a card marked as a revoke that the follow rule allows: name the rule a revoke breaks
  if (why !== null && a.kind === 'revoke' && s.phase === 'play' && explainIllegal(s, { kind: 'play', card: a.card }) === null) {
    return `${why} (a revoke is not following suit although able, RULES §17.1 rule 16): write "${s.names[seat]} play ${cardShort(a.card)}"`;
  }
  return why;
}

/**
 * Apply one recorded action; silence is a pass: a player who may pass and is not the line's player passes.
 * When the line fits nowhere, the error is the reason at its player's first decision of its kind (a card at
 * his turn to lay one, not Vorhand's window before it), else whose decision it is where it stopped.
 */
function step(s: BietenState, seat: number, st: Statement): void {
  let first: string | null = null;
  for (;;) {
    if (s.phase === 'done') throw new ReplayError(st.line, `${quoted(st)}: ${first ?? 'the deal is over (all cards are on the table)'}`);
    const a = parseAction(st, s, seat);
    const actor = actingSeat(s);
    const why = explainLine(s, seat, a);
    if (why === null) {
      applyAction(s, a);
      return;
    }
    if (actor === seat && DECIDED_AT[a.kind].includes(s.phase)) first ??= why;
    // Vorhand's window after his first card: without a line of his that fits there, he said nothing
    if ((actor !== seat || a.kind !== 'pass') && legalActions(s).some((x) => x.kind === 'pass')) {
      applyAction(s, { kind: 'pass' });
      continue;
    }
    throw new ReplayError(st.line, `${quoted(st)}: ${first ?? why}`);
  }
}

export interface BietenReplay {
  readonly text: string;
  readonly rules: BietenRules;
  readonly names: readonly string[];
  readonly dealPoints: ReadonlyArray<readonly number[]>;
  readonly sheet: ReadonlyArray<readonly number[]>;
  readonly outOrder: readonly number[];
  readonly loser: number;
  readonly states: readonly BietenState[];
}

export function replayBieten(all: Statement[], header: Header, file: string): BietenReplay {
  const rules = bietenRulesOf(all, header);
  const { deals } = parseRecording(all);
  const names = header.names ?? Array.from({ length: header.count ?? 0 }, (_, i) => `P${i + 1}`);
  if (names.length < 2 || names.length > 10) throw new ReplayError(all[0]!.line, 'name the players clockwise: "players A B C" (2 to 10)');
  const n = names.length;
  const { score, out: out0 } = gameSoFar(header, names, rules);
  let out = out0;
  const outAt = new Array<number>(n).fill(-1);
  for (const seat of out) outAt[seat] = -2;
  const lines: string[] = [];
  lines.push(`Bieten, Regeln ${bietenRulesName(rules)} (${rules.title}), es geht auf ${rules.target}`);
  lines.push(`Aufgezeichnetes Spiel: ${file}${header.title === null ? '' : ` — ${header.title}`}`);
  lines.push(`Spieler (im Uhrzeigersinn): ${names.join(', ')}. Jeder spielt für sich.`);
  const sheet: number[][] = [];
  const dealPoints: number[][] = [];
  const dealers: number[] = [];
  const states: BietenState[] = [];
  let dealer = -1;
  let loser = -1;
  for (const [k, block] of deals.entries()) {
    if (loser >= 0) throw new ReplayError(block.line, `the game is over: ${names[loser]} has lost (in the next game ${names[nextGameDealer(n, loser)]} deals, right of the loser); start a new recording`);
    const deal = new RecordedDeal(rules, names, dealer, score, out);
    for (const st of block.body) dealLine(deal, st);
    const done = deal.start(block.line);
    if (done.phase !== 'done') throw new ReplayError(block.body.at(-1)?.line ?? block.line, `deal ${k + 1} is not finished: ${decisionWords(done)}`);
    for (let seat = 0; seat < n; seat++) score[seat]! += done.points[seat]!;
    sheet.push(score.slice());
    dealPoints.push(done.points.slice());
    dealers.push(done.dealer);
    states.push(done);
    // expectations about totals were checked against the score before this deal plus its points
    const next = afterDeal(done, out);
    for (const seat of next.out) if (outAt[seat] === -1) outAt[seat] = k;
    out = next.out;
    loser = next.loser;
    dealer = next.nextDealer;
    lines.push('');
    lines.push(`=== Gang ${k + 1}${block.label === '' || block.label === String(k + 1) ? '' : ` (${block.label})`} ===`);
    lines.push(...bietenDealText(done));
    lines.push(`Stand: ${fromVorhand(done).map((x) => `${names[x]} ${score[x]}`).join(', ')}${done.outOrder.length > 0 ? `; aus: ${done.outOrder.map((x) => names[x]).join(', ')}` : ''}`);
  }
  lines.push('');
  lines.push(bietenScoreSheet({ rules, names, dealers, dealPoints, sheet, outAt: outAt.map((x) => (x === -2 ? -1 : x)), outOrder: out, loser }));
  if (loser < 0) {
    const left = Array.from({ length: n }, (_, i) => i).filter((i) => !out.includes(i));
    lines.push(`Das Spiel ist noch nicht aus: ${left.map((x) => names[x]).join(', ')} spielen weiter; ${names[dealer]} gibt als Nächster.`);
  }
  return { text: lines.join('\n') + '\n', rules, names, dealPoints, sheet, outOrder: out, loser, states };
}

/** The recording's Bieten rules ("ruleset …"; Bieten's own by default). */
function bietenRulesOf(all: Statement[], header: Header): BietenRules {
  try {
    return resolveBietenRules(header.ruleset ?? 'bieten');
  } catch (e) {
    if (e instanceof RulesetError) throw new ReplayError(all.find((x) => norm(x.words[0]!) === 'ruleset')?.line ?? 1, e.message);
    throw e;
  }
}

/** The game the recording starts from: each player's score ("score A 5 B 7") and who is out already ("out C"). */
function gameSoFar(header: Header, names: readonly string[], rules: BietenRules): { score: number[]; out: number[] } {
  const n = names.length;
  const score = new Array<number>(n).fill(0);
  let out: number[] = [];
  if (header.score !== null) for (const [p, v] of namedNumbers(header.score.words, header.score.line)) score[seatOf(names, p, header.score.line)] = v;
  if (header.out !== null) out = header.out.words.map((w) => seatOf(names, w, header.out!.line));
  if (header.silent !== null) throw new ReplayError(header.silent.line, '"silent" is a Perlaggen line (a player who never bids); in Bieten every player bids');
  for (let seat = 0; seat < n; seat++) {
    if (!out.includes(seat) && score[seat]! >= rules.target) throw new ReplayError(header.score!.line, `${names[seat]} has ${score[seat]} of ${rules.target}: he is out (say "out ${names[seat]}")`);
  }
  return { score, out };
}

/** One recorded deal: the hands and dealer its lines give, and its state from the first action on. */
class RecordedDeal {
  readonly hands: number[][];
  readonly given = new Set<number>();
  named = -1;
  s: BietenState | null = null;

  constructor(
    readonly rules: BietenRules,
    readonly names: readonly string[],
    /** the dealer the deal passes to (-1 at the first deal: the recording names him) */
    readonly dealer: number,
    readonly score: readonly number[],
    readonly out: readonly number[],
  ) {
    this.hands = Array.from({ length: names.length }, () => []);
  }

  /** The deal, dealt from the given hands at its first action. */
  start(line: number): BietenState {
    if (this.s !== null) return this.s;
    const { names, named, dealer, out } = this;
    const n = names.length;
    if (named < 0 && dealer < 0) throw new ReplayError(line, 'name the dealer of the first deal: "dealer A"');
    const d = named >= 0 ? named : dealer;
    for (const seat of Array.from({ length: n }, (_, i) => i)) {
      if (!out.includes(seat) && !this.given.has(seat)) throw new ReplayError(line, `give ${names[seat]}'s three cards before the first action ("${names[seat]}: EK E9 E8")`);
    }
    const opts: BietenDealOptions = { players: n, dealer: d, score: this.score, out, names, revokes: true };
    try {
      this.s = dealWithHands(this.rules, opts, this.hands);
    } catch (e) {
      throw new ReplayError(line, e instanceof Error ? e.message : String(e));
    }
    return this.s;
  }
}

/** One line of a recorded deal: the dealer, an expectation, a hand, or an action. */
function dealLine(deal: RecordedDeal, st: Statement): void {
  const { names, out, dealer } = deal;
  const key = norm(st.words[0]!);
  if (key === 'dealer' || key === 'geber') {
    if (st.words.length !== 2) throw new ReplayError(st.line, 'write "dealer A"');
    const d = seatOf(names, st.words[1]!, st.line);
    if (out.includes(d)) throw new ReplayError(st.line, `${names[d]} is out of the game and deals no more`);
    if (dealer >= 0 && d !== dealer) {
      throw new ReplayError(st.line, `the deal passes to the left, skipping players who are out: ${names[dealer]} deals this one, not ${names[d]} (RULES §17.1 rule 23)`);
    }
    deal.named = d;
    return;
  }
  if (key === 'expect') {
    const s = deal.s;
    if (s === null || s.phase !== 'done') throw new ReplayError(st.line, `${quoted(st)}: the deal is not over yet${s === null ? '' : `: ${decisionWords(s)}`}`);
    checkExpect(st, s, names, deal.score, out, deal.rules);
    return;
  }
  if (st.hand !== null) {
    handLine(deal, st, st.hand);
    return;
  }
  const seat = seatOf(names, st.words[0]!, st.line);
  step(deal.start(st.line), seat, st);
}

/** A hand given ("A: EK E9 E8"): three cards, before the first action, once, not to a player who is out. */
function handLine(deal: RecordedDeal, st: Statement, hand: NonNullable<Statement['hand']>): void {
  const { names } = deal;
  const seat = seatOf(names, hand.player, st.line);
  if (deal.s !== null) throw new ReplayError(st.line, 'the hands are given before the first action');
  if (deal.out.includes(seat)) throw new ReplayError(st.line, `${names[seat]} is out of the game and gets no cards`);
  if (deal.given.has(seat)) throw new ReplayError(st.line, `${names[seat]}'s hand is given twice`);
  try {
    deal.hands[seat] = parseCards(hand.cards);
  } catch (e) {
    if (e instanceof CardNotationError) throw new ReplayError(st.line, e.message);
    throw e;
  }
  if (deal.hands[seat]!.length !== 3) throw new ReplayError(st.line, `${names[seat]} gets three cards (one, then two), not ${deal.hands[seat]!.length}`);
  deal.given.add(seat);
}

function checkExpect(st: Statement, s: BietenState, names: readonly string[], scoreBefore: readonly number[], out: readonly number[], rules: BietenRules): void {
  const what = norm(st.words[1] ?? '');
  const rest = st.words.slice(2);
  if (what === 'points') {
    for (const [p, v] of namedNumbers(rest, st.line)) {
      const seat = seatOf(names, p, st.line);
      if (s.points[seat] !== v) throw new ReplayError(st.line, `expected ${p} to write ${v} in this deal; the rules give ${s.points[seat]}`);
    }
    return;
  }
  if (what === 'score') {
    for (const [p, v] of namedNumbers(rest, st.line)) {
      const seat = seatOf(names, p, st.line);
      const total = scoreBefore[seat]! + s.points[seat]!;
      if (total !== v) throw new ReplayError(st.line, `expected ${p} to stand at ${v} after this deal; the rules give ${total}`);
    }
    return;
  }
  if (what === 'out') {
    const want = rest.filter((w) => w !== '-' && norm(w) !== 'none').map((w) => seatOf(names, w, st.line));
    const got = s.outOrder;
    if (want.length !== got.length || want.some((x, i) => got[i] !== x)) {
      throw new ReplayError(st.line, `expected ${want.length === 0 ? 'nobody' : want.map((x) => names[x]).join(', ')} to go out in this deal; the rules send ${got.length === 0 ? 'nobody' : got.map((x) => names[x]).join(', ')} out (RULES §17.1 rules 17-21)`);
    }
    return;
  }
  if (what === 'loser') {
    if (rest.length !== 1) throw new ReplayError(st.line, 'write "expect loser A"');
    const want = seatOf(names, rest[0]!, st.line);
    const next = afterDeal(s, out);
    if (next.loser !== want) throw new ReplayError(st.line, `expected ${names[want]} to lose; ${next.loser < 0 ? 'the game is not over after this deal' : `the rules make ${names[next.loser]} the last one left`}`);
    return;
  }
  void rules;
  throw new ReplayError(st.line, 'write "expect points …", "expect score …", "expect out …" or "expect loser …"');
}
