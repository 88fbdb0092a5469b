// `perlagg replay` for Perlaggen: a recorded hand or Partie driven through the engine's checked path
// (explainIllegal, RULES §4-§12), printed with the transcript of `perlagg play` and the score sheet.
//
// Infractions: a recorded revoke ("P2 play S8 revoke") is the card play, applied through the engine's
// infraction path (applyChecked with `infraction`), with the ruleset's penalty and correction (RULES §12,
// GC-64: 1853 substitutes the card when trick play ends; Innsbruck A-22). A recorded exchange "left to the
// partner" is the other infraction (GC-58), written under the partner who gave the card ("P2 exchange L10
// left", P4 dealing). Why a line cannot stand, in the rules' words: reasons.ts.
import { parseCards, CardNotationError } from '../../cards/notation.ts';
import { QUIET as QUIET_ACTION } from '../../engine/talk.ts';
import { TALK_PHRASES, phraseWords, type TalkPhrase } from '../../engine/talk-words.ts';
import { ALLOW, CONCEDE, CONSENT, DECLINE_EXCHANGE, GUT, HOLD, KEEP_CUT, LEAVE_CUT, PASS, REJECT, VETO, askOf, bidOf, exchangeOf, type Action, type FigureName } from '../../engine/actions.ts';
import { actingSeat, applyAction, handFromLayout, legalActions } from '../../engine/game.ts';
import { applyChecked } from '../../engine/checked.ts';
import { seatTable, type HandState } from '../../engine/state.ts';
import { canonicalName, resolveRuleset, RulesetError } from '../../rules/registry.ts';
import type { RulesVariant } from '../../rules/variant.ts';
import { transcript } from '../perlaggen/transcript.ts';
import { actionWords, cardAt, parseRecording, seatOf, type Header } from './common.ts';
import { awaited, decidedHere, explainInfractionLine, explainLine } from './reasons.ts';
import { NUMBER_WORDS, ReplayError, VERBS, excerpt, norm, quoted, type Statement } from './format.ts';

const FIGS: Readonly<Record<string, FigureName>> = { spiel: 'Spiel', gleich: 'Gleich', hanger: 'Hanger' };

/** A recorded action the engine applies as an infraction (a revoke, an exchange left to the partner). */
interface Infraction {
  readonly infraction: Action;
}
const isInfraction = (a: Action | Infraction): a is Infraction => (a as Infraction).infraction !== undefined;

function parseAction(st: Statement, s: HandState): Action | Infraction {
  const { verb, args, raw } = actionWords(st);
  const num = args.map((a) => NUMBER_WORDS[norm(a)] ?? (/^\d+$/.test(a) ? Number(a) : undefined)).find((x) => x !== undefined);
  const figs = args.map((a) => FIGS[norm(a)]).filter((f): f is FigureName => f !== undefined);
  const card = (from: number) => {
    const c = cardAt(args, from);
    if (c === null) throw new ReplayError(st.line, `name a card after "${verb}" (a suit H S L E and a rank A K O U 10 9 8 7, or Weli)`);
    return c;
  };
  const firstVerbNumber = NUMBER_WORDS[norm(st.words[1] ?? '')];
  if (verb === '' && firstVerbNumber !== undefined) return raise(s, figs[0] ?? null, firstVerbNumber);
  switch (verb) {
    case 'play':
    case 'revoke': {
      const c = card(0);
      const asAt = args.findIndex((a, i) => i >= c.used && norm(a) === 'as');
      const as = asAt < 0 ? null : card(asAt + 1).card;
      if (verb === 'revoke' || /!|\brevoke\b/i.test(raw)) return { infraction: { kind: 'play', card: c.card, as } };
      return { kind: 'play', card: c.card, as };
    }
    case 'bid': {
      const all = args.some((a) => ['all', 'alle', 'hoell', 'hoellauf'].includes(norm(a)));
      const unseen = args.some((a) => ['unseen', 'ungesehen'].includes(norm(a)));
      if (!all && figs.length === 0) throw new ReplayError(st.line, 'name the figures bid (Spiel, Gleich, Hanger) or "all"');
      if (all) {
        // "Höll' auf": the ruleset names the figures' order; the legal cumulative bid carries it
        const hit = legalActions(s).find((a) => a.kind === 'bid' && a.cumulative && a.unseen === unseen);
        return hit ?? bidOf(['Spiel', 'Gleich', 'Hanger'], true, unseen);
      }
      return bidOf(figs, false, unseen);
    }
    case 'drei':
      return raise(s, figs[0] ?? null, 3);
    case 'raise':
      if (num === undefined) throw new ReplayError(st.line, 'write "raise Spiel 3" (the figure and the level)');
      return raise(s, figs[0] ?? null, num);
    case 'gut':
      return GUT;
    case 'hold':
      return HOLD;
    case 'pass':
      return PASS;
    case 'concede':
      return CONCEDE;
    case 'veto':
      return VETO;
    case 'consent':
      return CONSENT;
    case 'allow':
      return ALLOW;
    case 'reject':
      return REJECT;
    case 'keep':
      return KEEP_CUT;
    case 'leave':
      return LEAVE_CUT;
    case 'decline':
      return DECLINE_EXCHANGE;
    case 'exchange': {
      const c = card(0);
      // "P3 exchange L9 left": the partner took it while the dealer was able (an infraction, GC-58)
      if (args.slice(c.used).some((a) => ['left', 'overlassen', 'infraction'].includes(norm(a)))) return { infraction: exchangeOf(c.card) };
      return exchangeOf(c.card);
    }
    case 'show': {
      const as: number[] = [];
      for (let i = 0; i < args.length; ) {
        if (norm(args[i]!) === 'as') {
          i++;
          continue;
        }
        const c = card(i);
        as.push(c.card);
        i += c.used;
      }
      return { kind: 'show', as };
    }
    case 'quiet':
      return QUIET_ACTION;
    case 'ask': {
      const type = figs.find((f) => f !== 'Spiel') as 'Gleich' | 'Hanger' | undefined;
      if (num === undefined || type === undefined) throw new ReplayError(st.line, 'write "ask 3 Gleich" (how many cards, and Gleich or Hanger)');
      return askOf(num, type);
    }
    default:
      throw new ReplayError(st.line, `"${excerpt(raw)}": a Perlaggen action is <seat> play CARD [as CARD] | bid FIGURES | gut | hold | raise FIGURE N | Drei | pass | concede | show CARDS | exchange CARD | decline | keep | leave | veto | consent | ask N FIGURE | allow | reject | quiet, or table talk: P2 zu P4: „Welche Farbe?“`);
  }
}

/** A raise named by figure (optional) and level: the legal one that matches, else the literal action (for the message). */
function raise(s: HandState, figure: FigureName | null, to: number): Action {
  const hit = legalActions(s).find((a) => a.kind === 'raise' && (figure === null || a.figure === figure) && a.to === to);
  if (hit !== undefined) return hit;
  const any = legalActions(s).find((a) => a.kind === 'raise' && (figure === null || a.figure === figure));
  if (any !== undefined && any.kind === 'raise') return { kind: 'raise', figure: any.figure, to };
  return { kind: 'raise', figure: figure ?? 'Spiel', to };
}

const QUIET = new Set(['pass', 'consent', 'quiet']);

/** A deal recorded without table talk (RULES §13) is dealt at a table where nobody talks (the signs are still given). */
export const NOBODY_TALKS = 0x3f;

/** One phrase of table talk as recorded (RULES §13): who said it, to whom (null: the partner it can go to), and what. */
export interface TalkLine {
  readonly line: number;
  readonly text: string;
  readonly speaker: string;
  readonly to: string | null;
  /** The words said ("Welche Farbe?"), matched against phraseWords; null for the English form. */
  readonly words: string | null;
  /** The English form's phrase, suit (-1) and figure ("say farbe E to P2", "say inNatura Gleich"). */
  readonly key: { readonly phrase: TalkPhrase; readonly suit: number; readonly figure: FigureName | null } | null;
}

const QUOTED = /^(\S+?)(?:\s+(?:zu|to|an)\s+(\S+?))?\s*:\s*[„"“»]([^„"“”»«]*)[“"”«]\s*(.*)$/i;
const SAY = /^(\S+)\s+(?:say|says|sagt)\s+(.+)$/i;
const SUIT_WORDS: Readonly<Record<string, number>> = { h: 0, herz: 0, s: 1, schell: 1, l: 2, laub: 2, e: 3, eichel: 3 };
const PHRASE_KEYS: ReadonlyMap<string, TalkPhrase> = new Map(TALK_PHRASES.map((p) => [p.toLowerCase(), p]));
const talkNorm = (t: string) => norm(t).replace(/[?:]/g, '').replace(/\s+/g, ' ').trim();

/** The table talk of a statement ("P2 zu P4: „Welche Farbe?“  P4: „Eichel!“" is two phrases), or null when it is no talk. */
export function talkLines(st: Statement): TalkLine[] | null {
  const out: TalkLine[] = [];
  let rest = st.text;
  for (;;) {
    const q = QUOTED.exec(rest);
    if (q === null) break;
    out.push({ line: st.line, text: rest.slice(0, rest.length - q[4]!.length).trim(), speaker: q[1]!, to: q[2] ?? null, words: q[3]!, key: null });
    rest = q[4]!;
    if (rest.trim() === '') return out;
  }
  if (out.length > 0) throw new ReplayError(st.line, `"${excerpt(rest.trim())}": after a phrase in quotes only another one may follow ("P4: „Eichel!“")`);
  const m = SAY.exec(st.text);
  if (m === null) return null;
  const words = m[2]!.split(/[\s,]+/).filter((w) => w.length > 0);
  const english = /^says?$/i.test(st.words[1] ?? '');
  // "P3 sagt halt" is the answer hold, decorated: after „sagt“ a word that is an action's verb stays one
  if (!english && VERBS[norm(words[0]!)] !== undefined) return null;
  const phrase = PHRASE_KEYS.get(norm(words[0]!));
  if (phrase === undefined) {
    // "P3 sagt gut" is the answer gut, decorated (docs/replay-format.md): only the English verb is always talk
    if (!english) return null;
    throw new ReplayError(st.line, `"${excerpt(words[0]!)}" is no phrase of the table talk (RULES §13): ${TALK_PHRASES.join(', ')}`);
  }
  let suit = -1;
  let figure: FigureName | null = null;
  let to: string | null = null;
  for (let i = 1; i < words.length; i++) {
    const w = norm(words[i]!);
    if ((w === 'to' || w === 'zu' || w === 'an') && words[i + 1] !== undefined) to = words[++i]!;
    else if (FIGS[w] !== undefined) figure = FIGS[w]!;
    else if (SUIT_WORDS[w] !== undefined) suit = SUIT_WORDS[w]!;
    else throw new ReplayError(st.line, `"${excerpt(words[i]!)}": write "say PHRASE [SUIT] [FIGURE] [to SEAT]", e.g. "P4 say farbe E to P2"`);
  }
  return [{ line: st.line, text: st.text, speaker: m[1]!, to, words: null, key: { phrase, suit, figure } }];
}

/** A question asked and not yet answered: the line that is missing, in words. */
function unanswered(s: HandState): string | null {
  const q = s.phase === 'talk' && s.talk !== null ? s.talk.question : null;
  if (q === null) return null;
  const asked = s.events.findLast((e) => e.type === 'say' && e.seat === q.seat && e.phrase === q.phrase);
  const words = asked !== undefined && asked.type === 'say' ? phraseWords(asked.phrase, asked.suit, asked.figure) : q.phrase;
  return `P${q.to + 1} must first answer P${q.seat + 1}'s „${words}“ (RULES §13)`;
}

function sayText(a: Extract<Action, { kind: 'say' }>): string {
  return `„${phraseWords(a.phrase, a.suit, a.figure)}“ to P${a.to + 1}`;
}

/** Apply one recorded phrase: at this seat's next talk turn where it is allowed; the talk windows before are quiet. */
function stepTalk(s: HandState, seat: number, to: number | null, t: TalkLine): void {
  let first: string | null = null;
  const fits = (a: Action): a is Extract<Action, { kind: 'say' }> => {
    if (a.kind !== 'say' || (to !== null && a.to !== to)) return false;
    if (t.key !== null) return a.phrase === t.key.phrase && (t.key.suit < 0 || a.suit === t.key.suit) && (t.key.figure === null || a.figure === t.key.figure);
    return talkNorm(phraseWords(a.phrase, a.suit, a.figure)) === talkNorm(t.words!);
  };
  for (;;) {
    if (s.phase === 'done') throw new ReplayError(t.line, `"${excerpt(t.text)}": ${first ?? 'the hand is over'}`);
    const actor = actingSeat(s);
    const legal = legalActions(s);
    if (actor === seat && s.phase === 'talk') {
      const hits = legal.filter(fits);
      if (hits.length > 0) {
        if (hits.some((h) => h.to !== hits[0]!.to)) throw new ReplayError(t.line, `"${excerpt(t.text)}": to whom? write "P${seat + 1} zu P${hits[0]!.to + 1}: „…“"`);
        applyAction(s, hits[0]!);
        return;
      }
      const may = legal.filter((a): a is Extract<Action, { kind: 'say' }> => a.kind === 'say').map(sayText);
      first ??= `P${seat + 1} cannot say that here (RULES §13)${may.length === 0 ? '' : `; P${seat + 1} may say ${may.join(', ')}`}`;
    }
    const quiet = legal.find((x) => QUIET.has(x.kind));
    if (quiet === undefined) throw new ReplayError(t.line, `"${excerpt(t.text)}": ${first ?? unanswered(s) ?? (actor === seat ? `P${seat + 1} is not at a talk window: ${awaited(s)}` : `it is not P${seat + 1}'s turn: ${awaited(s)}`)}`);
    applyAction(s, quiet);
  }
}

/**
 * Apply one recorded action. Silence is a pass: at a decision where the seat may say nothing (pass in a bid
 * window, consent to the partner's bid) and the line is another seat's, or this seat's act is not possible
 * there, the seat says nothing and the line is tried at the next decision. When it fits nowhere, the error
 * is the reason it was not possible at its seat's first decision of its kind (a card at the seat's turn to
 * lay one, a bid in a window: reasons.ts), else what the table waits for where it stopped (a card out of
 * turn, a showing or an answer not written).
 */
export function step(s: HandState, seat: number, st: Statement): void {
  let first: string | null = null;
  for (;;) {
    if (s.phase === 'done') throw new ReplayError(st.line, `${quoted(st)}: ${first ?? 'the hand is over'}`);
    const parsed = parseAction(st, s);
    const infraction = isInfraction(parsed);
    const a = infraction ? parsed.infraction : parsed;
    const actor = actingSeat(s);
    // an infraction is judged at its own decision: a revoke at the seat's card, the exchange left to the
    // partner at the dealer's exchange (written under the partner who made it)
    const why = infraction ? explainInfractionLine(s, seat, a) : explainLine(s, seat, a);
    if (why === null) {
      if (infraction) applyChecked(s, a, { infraction: true });
      else applyAction(s, a);
      return;
    }
    if (decidedHere(s, a) && (actor === seat || (infraction && a.kind === 'exchange'))) first ??= why;
    const quiet = legalActions(s).find((x) => QUIET.has(x.kind));
    if (quiet !== undefined && (actor !== seat || !QUIET.has(a.kind))) {
      applyAction(s, quiet);
      continue;
    }
    throw new ReplayError(st.line, `${quoted(st)}: ${first ?? unanswered(s) ?? why}`);
  }
}

/** After the last line of a hand: the seats that may say nothing do (the bid windows after the showing). */
function silence(s: HandState): void {
  for (;;) {
    if (s.phase === 'done') return;
    const quiet = legalActions(s).find((x) => QUIET.has(x.kind));
    if (quiet === undefined) return;
    applyAction(s, quiet);
  }
}

export interface PerlaggenReplay {
  readonly text: string;
  readonly ruleset: RulesVariant;
  readonly dealPoints: ReadonlyArray<readonly number[]>;
  readonly sheet: ReadonlyArray<readonly number[]>;
  readonly winner: number;
  readonly states: readonly HandState[];
}

export function replayPerlaggen(all: Statement[], header: Header, file: string): PerlaggenReplay {
  const table = replayTable(all, header);
  const { ruleset, seats, parties, names, partyName } = table;
  const score = startScore(header, parties);
  const { deals } = parseRecording(all);
  const lines: string[] = [`Perlaggen, Regeln ${canonicalName(ruleset)} (${ruleset.title})`, `Aufgezeichnetes Spiel: ${file}${header.title === null ? '' : ` — ${header.title}`}`];
  const sheet: number[][] = [];
  const dealPoints: number[][] = [];
  const states: HandState[] = [];
  let dealer = 0;
  let winner = -1;
  for (const [k, block] of deals.entries()) {
    if (winner >= 0) throw new ReplayError(block.line, `the Partie is over: ${partyName(winner)} has won`);
    const deal = replayDeal(table, block.body, k, dealer, score);
    dealer = deal.dealer;
    const done = deal.layout.start(block.line);
    silence(done);
    if (done.phase !== 'done') throw new ReplayError(block.body.at(-1)?.line ?? block.line, `hand ${k + 1} is not finished: ${awaited(done)}`);
    for (let p = 0; p < parties; p++) score[p]! += done.points[p]!;
    sheet.push(score.slice());
    dealPoints.push(done.points.slice());
    states.push(done);
    winner = partieWinner(done, score, ruleset.target);
    lines.push('');
    lines.push(`=== Spiel ${k + 1}${block.label === '' || block.label === String(k + 1) ? '' : ` (${block.label})`} ===`);
    // the transcript of `perlagg play` without its first two lines (seed and policies mean nothing here)
    lines.push(...transcript(done, { ruleset, seed: 0, deal: k, policies: names }).trimEnd().split('\n').slice(2));
    lines.push(`Stand: ${score.map((v, p) => `${partyName(p)} ${v}`).join(', ')} (Ziel ${ruleset.target})`);
    dealer = (dealer + 1) % seats;
  }
  if (winner >= 0) lines.push(`Die Partie ist aus: ${partyName(winner)} gewinnt.`);
  return { text: lines.join('\n') + '\n', ruleset, dealPoints, sheet, winner, states };
}

/** The table a recording is played at: its ruleset, its seats (P1 …) and parties. */
interface ReplayTable {
  readonly ruleset: RulesVariant;
  readonly players: number;
  readonly seats: number;
  readonly parties: number;
  readonly names: readonly string[];
  /** Seats that never bid ("silent P3"; engine HandOptions.silentSeats), a bit mask. */
  readonly silent: number;
  partyName(p: number): string;
}

/** The recording's ruleset and seats, checked against the header ("players 4", "names P1 …"). */
function replayTable(all: Statement[], header: Header): ReplayTable {
  let ruleset: RulesVariant;
  try {
    ruleset = resolveRuleset(header.ruleset ?? 'oberland');
  } catch (e) {
    if (e instanceof RulesetError) throw new ReplayError(all.find((x) => norm(x.words[0]!) === 'ruleset')?.line ?? 1, e.message);
    throw e;
  }
  const players = header.count ?? header.names?.length ?? 4;
  const probe = (() => {
    try {
      return seatTable(ruleset, { players });
    } catch (e) {
      throw new ReplayError(all[0]!.line, e instanceof Error ? e.message : String(e));
    }
  })();
  const seats = probe.seats;
  const parties = probe.parties;
  const names = Array.from({ length: seats }, (_, i) => `P${i + 1}`);
  if (header.names !== null && header.names.some((x, i) => x.toUpperCase() !== names[i])) {
    throw new ReplayError(all[0]!.line, `Perlaggen seats are named ${names.join(' ')} (write "players ${players}")`);
  }
  const partyName = (p: number) => (parties === seats ? names[p]! : `Partei ${String.fromCharCode(65 + p)}`);
  let silent = 0;
  if (header.silent !== null) {
    const { line, words } = header.silent;
    if (words.length === 0) throw new ReplayError(line, 'name the players who never bid, e.g. "silent P3"');
    for (const w of words) silent |= 1 << seatOf(names, w, line);
  }
  return { ruleset, players, seats, parties, names, silent, partyName };
}

/** The score the Partie starts from ("score 3 4", one number a party; 0 each without it). */
function startScore(header: Header, parties: number): number[] {
  const score = new Array<number>(parties).fill(0);
  if (header.score !== null) {
    if (header.score.words.length !== parties || !header.score.words.every((w) => /^\d+$/.test(w))) throw new ReplayError(header.score.line, `give the score of each of the ${parties} parties, e.g. "score 0 0"`);
    header.score.words.forEach((w, p) => (score[p] = Number(w)));
  }
  return score;
}

/** The party that has won the Partie after a deal: out during the deal, or the best over the target; -1 none. */
function partieWinner(done: HandState, score: readonly number[], target: number): number {
  if (done.bid.partieWinner >= 0) return done.bid.partieWinner;
  let best = -1;
  for (let p = 0; p < score.length; p++) if (score[p]! >= target && (best < 0 || score[p]! > score[best]!)) best = p;
  return best;
}

/** The cards a line names, or the line's error. */
function cardsOf(text: string, line: number): number[] {
  try {
    return parseCards(text);
  } catch (e) {
    if (e instanceof CardNotationError) throw new ReplayError(line, e.message);
    throw e;
  }
}

/** One deal's layout as the recording gives it (hands, the turned card …), and its hand from the first action on. */
class RecordedLayout {
  readonly hands: number[][];
  readonly given = new Set<number>();
  turned = -1;
  skipped: number[] = [];
  kept: number[] = [];
  cutAt: number | null = null;
  stock: number[] | null = null;
  s: HandState | null = null;

  constructor(
    private readonly table: ReplayTable,
    public dealer: number,
    private readonly score: readonly number[],
    private readonly talking: boolean,
  ) {
    this.hands = Array.from({ length: table.seats }, () => []);
  }

  /** The hand, dealt from the layout at its first action (every hand and the turned card given). */
  start(line: number): HandState {
    if (this.s !== null) return this.s;
    const { ruleset, players, seats, names } = this.table;
    for (let seat = 0; seat < seats; seat++) if (!this.given.has(seat)) throw new ReplayError(line, `give ${names[seat]}'s cards before the first action ("${names[seat]}: HA HK …")`);
    if (this.turned < 0) throw new ReplayError(line, 'name the card turned up for trump: "turned S9"');
    const { hands, turned, skipped, stock, kept, cutAt } = this;
    try {
      this.s = handFromLayout(ruleset, { players, dealer: this.dealer, score: this.score, quietSeats: this.talking ? 0 : NOBODY_TALKS, ...(this.table.silent === 0 ? {} : { silentSeats: this.table.silent }) }, { hands, turned, skipped, ...(stock === null ? {} : { stock }), ...(kept.length === 0 ? {} : { cutKept: kept }), ...(cutAt === null ? {} : { cutAt }) });
    } catch (e) {
      throw new ReplayError(line, e instanceof Error ? e.message : String(e));
    }
    return this.s;
  }
}

/** The table talk of a deal's lines; only at a talking table (RULES §13). */
function dealTalk(ruleset: RulesVariant, body: readonly Statement[]): Map<Statement, TalkLine[]> {
  const talk = new Map<Statement, TalkLine[]>();
  for (const st of body) {
    const t = talkLines(st);
    if (t !== null) talk.set(st, t);
  }
  if (talk.size > 0 && ruleset.partnerInfo !== 'table' && ruleset.partnerInfo !== 'open') {
    const st = talk.keys().next().value!;
    throw new ReplayError(st.line, `${quoted(st)}: nobody talks at this table (partnerInfo=${ruleset.partnerInfo}, RULES §13): write the ruleset with partnerInfo=table`);
  }
  return talk;
}

/** Deal `k`'s lines, each applied in turn: the layout (hands, dealer, turned, skipped, stock), talk, actions, expectations. */
function replayDeal(table: ReplayTable, body: readonly Statement[], k: number, dealer: number, score: readonly number[]): { layout: RecordedLayout; dealer: number } {
  const { names } = table;
  const talk = dealTalk(table.ruleset, body);
  const layout = new RecordedLayout(table, dealer, score, talk.size > 0);
  for (const st of body) {
    const said = talk.get(st);
    if (said !== undefined) {
      for (const t of said) {
        const state = layout.start(st.line);
        const speaker = seatOf(names, t.speaker, st.line);
        stepTalk(state, speaker, t.to === null ? null : seatOf(names, t.to, st.line), t);
      }
      continue;
    }
    if (layoutLine(table, layout, st, k)) continue;
    if (norm(st.words[0]!) === 'expect') {
      checkExpect(layout.s, st, score, table.parties);
      continue;
    }
    const seat = seatOf(names, st.words[0]!, st.line);
    step(layout.start(st.line), seat, st);
  }
  return { layout, dealer: layout.dealer };
}

/** A line of the deal's layout (a hand, dealer, turned, skipped, kept, cut, stock) taken into `layout`; false for any other line. */
function layoutLine(table: ReplayTable, layout: RecordedLayout, st: Statement, k: number): boolean {
  const { names } = table;
  const key = norm(st.words[0]!);
  if (st.hand !== null && /^p\d+$/i.test(st.hand.player)) {
    if (layout.s !== null) throw new ReplayError(st.line, 'the hands are given before the first action');
    const seat = seatOf(names, st.hand.player, st.line);
    if (layout.given.has(seat)) throw new ReplayError(st.line, `${names[seat]}'s hand is given twice`);
    layout.hands[seat] = cardsOf(st.hand.cards, st.line);
    layout.given.add(seat);
    return true;
  }
  if (key === 'dealer' || key === 'geber') {
    const d = seatOf(names, st.words[1] ?? '', st.line);
    if (k > 0 && d !== layout.dealer) throw new ReplayError(st.line, `the deal passes to the left (A-25): ${names[layout.dealer]} deals this hand, not ${names[d]}`);
    layout.dealer = d;
    return true;
  }
  if (key === 'turned' || key === 'trumpf') {
    layout.turned = cardsOf(st.words.slice(1).join(' '), st.line)[0] ?? -1;
    return true;
  }
  if (key === 'skipped') {
    layout.skipped = cardsOf(st.words.slice(1).join(' '), st.line);
    return true;
  }
  if (key === 'kept' || key === 'behalten') {
    layout.kept = cardsOf(st.words.slice(1).join(' '), st.line);
    return true;
  }
  if (key === 'cut' || key === 'abheben') {
    const n = Number(st.words[1]);
    if (st.words.length !== 2 || !Number.isInteger(n) || n < 1) throw new ReplayError(st.line, 'write "cut N": how many cards the cutter lifted (N at least 1)');
    layout.cutAt = n;
    return true;
  }
  if (key === 'stock') {
    layout.stock = cardsOf(st.words.slice(1).join(' '), st.line);
    return true;
  }
  return false;
}

/** "expect points 1 2" / "expect score 3 4": the hand is over and the rules give these numbers. */
function checkExpect(s: HandState | null, st: Statement, score: readonly number[], parties: number): void {
  if (s !== null) silence(s);
  if (s === null || s.phase !== 'done') throw new ReplayError(st.line, `${quoted(st)}: the hand is not over yet${s === null ? '' : `: ${awaited(s)}`}`);
  const what = norm(st.words[1] ?? '');
  if (what !== 'points' && what !== 'score') throw new ReplayError(st.line, 'write "expect points 1 2" or "expect score 3 4" (one number a party)');
  const want = st.words.slice(2).map(Number);
  const got = what === 'points' ? s.points : s.points.map((p, i) => p + score[i]!);
  if (want.length !== parties || want.some((x, i) => x !== got[i])) throw new ReplayError(st.line, `expected ${what} ${st.words.slice(2).join(' ')}; the rules give ${got.join(' ')}`);
}
