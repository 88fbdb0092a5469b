// RULES §13, H-04, H-07, H-08, H-10, H-13, H-22, H-23: what partners tell each other — the secret signs and
// the table talk [000 p.32–33, p.36–41] [003 Intro 8].
//
// LEVELS (ruleset field `partnerInfo`; each level adds to the one before it):
//   none    nothing is shared: a silent table.
//   signs   the secret, pre-agreed signs: "namentlich die Zahl der Trümpfe und Perlaggen und die Qualität der
//           Letzteren wird gewöhnlich nur gedeutet" [000 p.33]; "Dann theilen sich die Freunde die Zahl der
//           Trümpfe und Perlaggen ... durch Zeichen mit" [000 p.36]. At the first lead each seat learns, of
//           each partner, his number of plain trumps (trump-suit cards that are not Perlaggen), his number of
//           Perlaggen and his best Perlagg (-1 without one), from his hand at that moment (after the cut and
//           the exchange). The opponents learn nothing (a `sign` event is seen by its receiver only).
//   table   signs, and spoken table talk in the fixed vocabulary below, heard by every seat, opponents included
//           ("die zwei Freunde einer Parthei dürfen sich Vieles mittheilen" [000 p.32]).
//   open    table, and each partner's whole hand (state.ts Table.sees): an upper bound, to measure what the
//           information is worth.
//
// THE VOCABULARY (TalkPhrase; every phrase is an action of the seat that says it, every answer an action of
// the partner asked; what is said need not be true — the engine never judges it):
//   at a lead (before the first card of a trick) [000 p.37, p.39]:
//     welcheFarbe → partner   the leader: "Welche Farbe?" (which suit shall I bring?) — a question
//     trumpf → leader         answer, or unasked: "Trumpf!" (I have no trump: draw theirs with As or Zehner, H-07)
//     farbe(suit) → leader    answer, or unasked: a suit that is not trump, where the partner has his best
//                             trick card (H-08)
//     gutDrueben → leader     answer, or unasked: "Gut drüben!" (lead your own best trick card, H-08)
//   before a later card of the trick [000 p.32, p.38]:
//     ichKannNicht → partner  the last hand of the trick, of the party not leading: "Ich kann nicht." (I cannot
//                             win it: put a trump in, H-10); said once a trick, before a partner's card
//     kannstStechen → partner the seat to play, of a partner still to play: "Kannst du stechen?" — ja / nein
//     entscheidung → partner  the seat to play: "Ist der Stich von Entscheidung?" (H-13) — ja / nein
//   about the bidding, at a lead point while bidding is possible [000 p.32, p.41; fn.23] (figures still unbid):
//     inNatura(figure) → p    "Hast du das Gleich / den Hanger in natura?", "Hast du die Spielfarbe?" (H-22,
//                             H-23) — ja / nein
//     biet(figure) → partner  "Biet das Gleich!" (let the partner bid what he holds in natura, H-22)
//   before a seat answers the opponents' offer [000 p.32]:
//     halt(figure) → answerer "Halt das Gleich!"
//     gutLassen(figure) → answerer "Lass das Gleich gut!"
//   answers: ja, nein (to kannstStechen, entscheidung, inNatura); trumpf, farbe, gutDrueben (to welcheFarbe).
//
// WHEN (talk points): after every action game.ts calls talkBefore(), which looks at the decision now due and,
// the first time the engine reaches it, opens a talk window before it (phase 'talk'), then gives the decision
// back unchanged. A window is a list of seats, each with one turn: it may say one phrase after another (each
// phrase once a window) and ends its turn with `quiet`; a question is answered at once by the partner asked,
// and the asker then goes on. Windows open
//   • at a lead point — the first decision of each trick's first card (the bid window of point t, or the lead
//     itself), never in the unseen window: before the first card every talking seat with a partner, clockwise
//     from the leader (the bidding questions come before the bids); at later leads the leading party;
//   • at a card point — before each later card: the last hand (when the seat to play is his partner), then the
//     seat to play;
//   • at an answer point — before a seat answers an offer (not an ask): that seat's partners.
// Who may say a phrase depends only on what everybody sees (roles, the trick, the bidding), never on cards, so
// a phrase said gives away only what its words say. A seat whose policy never talks (Policy.talk = 'never') is
// left out of every window and never asked (the same as staying quiet and never being asked); with no two
// partners who could talk the hand has no talk state at all, and silent tables run as fast as before.
import { WELI } from '../cards/card.ts';
import { popcount32 } from '../cards/mask.ts';
import type { FigureName, PolicyAction } from './actions.ts';
import type { HandState, Table } from './state.ts';
import type { TalkState } from './talk-state.ts';
import { QUESTIONS, TALK_PHRASES, type TalkPhrase, type TalkPoint } from './talk-words.ts';

export type SayAction = Extract<PolicyAction, { kind: 'say' }>;

/** The secret signs one seat gives one partner at the first lead (RULES §13). */
export interface Signs {
  /** Plain trumps: cards of the trump suit that are not Perlaggen. */
  readonly trumps: number;
  readonly perlaggen: number;
  /** The best Perlagg (card id), -1 without one. */
  readonly best: number;
}

// ---- partners ----

const partnerCache = new WeakMap<Table, ReadonlyArray<readonly number[]>>();
// the table of the last call (a hot loop plays one table after another): no WeakMap lookup
let lastTable: Table | null = null;
let lastPartners: ReadonlyArray<readonly number[]> = [];
/** The seats partnered with `seat` that another player controls (the Strohmann's holder has none to talk to). */
/** Is `seat` in the list? By index: partnersOf's lists are frozen, and V8's includes() is many times slower on frozen arrays. */
function among(list: readonly number[], seat: number): boolean {
  for (let i = 0; i < list.length; i++) if (list[i] === seat) return true;
  return false;
}

export function partnersOf(table: Table, seat: number): readonly number[] {
  if (table === lastTable) return lastPartners[seat]!;
  let all = partnerCache.get(table);
  if (all === undefined) {
    all = Array.from({ length: table.seats }, (_, a) => {
      const out: number[] = [];
      for (let i = 1; i < table.seats; i++) {
        const b = (a + i) % table.seats;
        if (table.party[b] === table.party[a] && table.controller[b] !== table.controller[a]) out.push(b);
      }
      return Object.freeze(out);
    });
    partnerCache.set(table, all);
  }
  lastTable = table;
  lastPartners = all;
  return all[seat]!;
}

const talks = (t: TalkState, seat: number): boolean => ((t.quiet >>> seat) & 1) === 0;

/** The talk state of a new hand: null unless the ruleset has spoken talk and some seat can talk to a partner. */
export function newTalk(r: HandState['ruleset'], table: Table, quiet: number): TalkState | null {
  if (r.partnerInfo !== 'table' && r.partnerInfo !== 'open') return null;
  let any = false;
  for (let seat = 0; seat < table.seats && !any; seat++) if (((quiet >>> seat) & 1) === 0 && partnersOf(table, seat).length > 0) any = true;
  if (!any) return null;
  return {
    quiet,
    actions: 0,
    checkedAt: -1,
    cardPoint: -1,
    window: null,
    at: 0,
    point: 'lead',
    resume: 'play',
    question: null,
    said: [],
    cannot: 0,
    cannotTrick: -1,
    spoken: new Array<number>(table.parties).fill(0),
    masks: new Array<number>(table.seats).fill(0),
  };
}

// ---- the signs (RULES §13) ----

/** The signs of a hand given as suited bits and the Weli flag, for the deal's trump and Perlaggen. */
export function signsOfHand(perl: NonNullable<HandState['perl']>, lo: number, weli: number): Signs {
  const trumpMask = (0xff << ('HSLE'.indexOf(perl.trump) * 8)) >>> 0;
  const trumps = popcount32((lo & trumpMask & ~perl.lo) >>> 0);
  const perlaggen = popcount32((lo & perl.lo) >>> 0) + (weli & perl.weli);
  let best = -1;
  for (const c of perl.order) {
    if (c === WELI ? weli === 1 : ((lo >>> c) & 1) === 1) {
      best = c;
      break;
    }
  }
  return { trumps, perlaggen, best };
}

/** At the first lead (game.ts startPlay): every seat gives each partner its signs, under signs, table and open. */
export function giveSigns(s: HandState): void {
  if (s.ruleset.partnerInfo === 'none' || s.perl === null) return;
  const { table } = s;
  if (table.parties === table.seats) return;
  for (let seat = 0; seat < table.seats; seat++) {
    const ps = partnersOf(table, seat);
    if (ps.length === 0) continue;
    const g = signsOfHand(s.perl, s.startLo[seat]!, s.startWeli[seat]!);
    for (const to of ps) s.events.push(Object.freeze({ type: 'sign', seat, to, trumps: g.trumps, perlaggen: g.perlaggen, best: g.best }));
  }
}

// ---- the action records (shared, deeply frozen) ----

export const QUIET: Extract<PolicyAction, { kind: 'quiet' }> = Object.freeze({ kind: 'quiet' });
const FIGS: readonly FigureName[] = ['Spiel', 'Gleich', 'Hanger'];
// by sayAt's key (phrase, to + 1 ≤ 7, suit + 1, figure): allocated whole, so that it stays a fast packed array
const SAYS: Array<SayAction | undefined> = new Array<SayAction | undefined>(13 * 8 * 5 * 4).fill(undefined);
const PHRASE_INDEX = Object.fromEntries(TALK_PHRASES.map((p, i) => [p, i])) as Readonly<Record<TalkPhrase, number>>;
const figIndex = (f: FigureName | null): number => (f === null ? 0 : f === 'Spiel' ? 1 : f === 'Gleich' ? 2 : 3);

/** The say action (phrase, to, suit, figure) as a shared frozen record; suit -1 and figure null unless needed. */
export function sayOf(phrase: TalkPhrase, to: number, suit = -1, figure: FigureName | null = null): SayAction {
  return sayAt(PHRASE_INDEX[phrase], to, suit, figIndex(figure));
}

/** sayOf by the phrase's index in TALK_PHRASES and the figure's index (0 none, 1 Spiel, 2 Gleich, 3 Hanger). */
function sayAt(pi: number, to: number, suit: number, f: number): SayAction {
  const k = ((pi * 8 + (to + 1)) * 5 + (suit + 1)) * 4 + f;
  let a = SAYS[k];
  if (a === undefined) SAYS[k] = a = Object.freeze({ kind: 'say', phrase: TALK_PHRASES[pi]!, to, suit, figure: f === 0 ? null : FIGS[f - 1]! });
  return a;
}

// ---- windows ----

/** Phrases of one kind share a key: a seat makes one lead request a window, asked or not, and gives one advice on an answer. */
function category(p: TalkPhrase): number {
  if (p === 'trumpf' || p === 'farbe' || p === 'gutDrueben') return 1;
  if (p === 'gutLassen') return PHRASE_INDEX.halt; // one piece of advice on an answer
  return PHRASE_INDEX[p];
}
/** category() by the phrase's index in TALK_PHRASES. */
const CATEGORY: readonly number[] = TALK_PHRASES.map(category);
/** The bits (by phrase index) of the QUESTIONS. */
const QUESTION_BITS = phraseMask([...QUESTIONS]);
function saidKeyAt(seat: number, cat: number, to: number, f: number): number {
  return ((seat * 16 + cat) * 8 + (to + 1)) * 4 + f;
}
/** Was the phrase of category `cat` (category() of it) said by `seat` to `to` about figure index f in this window? */
function wasSaid(t: TalkState, seat: number, cat: number, to: number, f: number): boolean {
  const said = t.said;
  if (said.length === 0) return false;
  const k = saidKeyAt(seat, cat, to, f);
  for (let i = 0; i < said.length; i++) if (said[i] === k) return true;
  return false;
}

function openTrickOf(s: HandState): HandState['tricks'][number] | null {
  const t = s.tricks[s.tricks.length - 1];
  return t !== undefined && t.winner < 0 ? t : null;
}

/** The seat that acts in the talk phase. */
export function talkSeat(s: HandState): number {
  const t = s.talk!;
  return t.question !== null ? t.question.to : t.window![t.at]!;
}

/** The legal talk actions of the seat acting in the open window (quiet first; answers only, when a question is due). */
export function talkActions(s: HandState, out: PolicyAction[]): void {
  const t = s.talk!;
  const q = t.question;
  if (q !== null) {
    if (q.phrase === 'welcheFarbe') {
      out.push(sayAt(P_TRUMPF, q.seat, -1, 0));
      const trump = trumpIndex(s);
      for (let suit = 0; suit < 4; suit++) if (suit !== trump) out.push(sayAt(P_FARBE, q.seat, suit, 0));
      out.push(sayAt(P_GUT_DRUEBEN, q.seat, -1, 0));
    } else {
      out.push(sayAt(P_JA, q.seat, -1, 0));
      out.push(sayAt(P_NEIN, q.seat, -1, 0));
    }
    return;
  }
  out.push(QUIET);
  gather(s, out, t.window![t.at]!, PUSH);
}

/**
 * The phrases open to the seat acting in the talk phase as a bit mask (bit i = TALK_PHRASES[i]; quiet not
 * included), or -1 when a question is due (the seat must answer). For the runner's declared silences
 * (Policy.passes.unsaid): with every open phrase one the policy never says, its answer is quiet.
 */
export function openPhraseMask(s: HandState): number {
  const t = s.talk!;
  if (t.question !== null) return -1;
  return phraseBits(t.masks[t.window![t.at]!]!);
}

/** openPhraseMask worked out afresh (not from TalkState.masks): its slow twin, for tests. */
export function openPhraseMaskFresh(s: HandState): number {
  const t = s.talk!;
  if (t.question !== null) return -1;
  return phraseBits(gather(s, null, t.window![t.at]!, MASK));
}

/** openPhraseMask with the figure of inNatura and biet (the talk mask: bits B_IN_NATURA / B_BIET + figure). */
function openTalkMask(s: HandState): number {
  const t = s.talk!;
  if (t.question !== null) return -1;
  return t.masks[t.window![t.at]!]!;
}

/** A phrase a policy may declare it never says (Policy.passes.unsaid / unsaidAt): the phrase, or inNatura / biet about one figure. */
export type UnsaidPhrase = TalkPhrase | `${'inNatura' | 'biet' | 'halt'}:${FigureName}`;

/** Phrases never said at a kind of talk point (Policy.passes.unsaidAt), besides those never said at all (unsaid). */
export interface UnsaidAt {
  /** At the lead of the first trick (before its first card: the first bid point, RULES §13). */
  readonly firstLead?: readonly UnsaidPhrase[];
  /** At the leads of the later tricks. */
  readonly laterLead?: readonly UnsaidPhrase[];
  /** Before a later card of a trick. */
  readonly card?: readonly UnsaidPhrase[];
  /** Before an answer to an offer. */
  readonly answer?: readonly UnsaidPhrase[];
  /** At any talk point where its party has not won more tricks than every other party (is not ahead). */
  readonly notAhead?: readonly UnsaidPhrase[];
}

/** What a policy declared it never says of its own accord (the talk part of Policy.passes). */
export interface UnsaidDeclaration {
  readonly unsaid?: readonly UnsaidPhrase[];
  readonly unsaidAt?: UnsaidAt;
}

/** The talk-mask bits of declared phrases (a phrase with figures: all of its figure bits). */
function unsaidBits(xs: readonly UnsaidPhrase[] | undefined): number {
  let m = 0;
  if (xs === undefined) return m;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    const colon = x.indexOf(':');
    const phrase = colon < 0 ? x : x.slice(0, colon);
    const pi = (PHRASE_INDEX as Record<string, number | undefined>)[phrase];
    const fi = colon < 0 ? -1 : FIGS.indexOf(x.slice(colon + 1) as FigureName);
    if (pi === undefined || (colon >= 0 && (fi < 0 || (pi !== P_IN_NATURA && pi !== P_BIET && pi !== P_HALT)))) {
      throw new RangeError(`Policy.passes: '${x}' is no phrase one can declare unsaid (a phrase of RULES §13, or inNatura / biet / halt with :Spiel, :Gleich or :Hanger)`);
    }
    const base = pi === P_IN_NATURA ? B_IN_NATURA : pi === P_BIET ? B_BIET : pi === P_HALT ? B_HALT : -1;
    if (base < 0) m |= 1 << pi;
    else if (fi < 0) m |= 7 << base;
    else m |= 1 << (base + fi);
  }
  return m;
}

/** By declaration: its talk masks by talk-point kind (0 first lead, 1 later lead, 2 card, 3 answer; + 4 where its party is not ahead in tricks). */
const declaredMasks = new WeakMap<UnsaidDeclaration, readonly number[]>();
let lastDeclaration: UnsaidDeclaration | null = null;
let lastDeclared: readonly number[] = [];
function declaredMasksOf(d: UnsaidDeclaration): readonly number[] {
  if (d === lastDeclaration) return lastDeclared;
  let ms = declaredMasks.get(d);
  if (ms === undefined) {
    const all = unsaidBits(d.unsaid);
    const at = d.unsaidAt;
    const byPoint = [all | unsaidBits(at?.firstLead), all | unsaidBits(at?.laterLead), all | unsaidBits(at?.card), all | unsaidBits(at?.answer)];
    const behind = unsaidBits(at?.notAhead);
    for (let k = 0; k < 4; k++) byPoint.push(byPoint[k]! | behind);
    ms = byPoint;
    declaredMasks.set(d, ms);
  }
  lastDeclaration = d;
  lastDeclared = ms;
  return ms;
}

/**
 * Does the seat acting in the talk phase stay quiet by its policy's declaration (Policy.passes.unsaid,
 * .unsaidAt)? True when no question is due and every phrase open to it (with the figure of inNatura and biet)
 * is one it declared it never says at this kind of talk point. The runner says quiet for it (unchecked) or
 * holds it to the promise (checked).
 */
export function quietDeclared(s: HandState, d: UnsaidDeclaration): boolean {
  const open = openTalkMask(s);
  if (open < 0) return false;
  const t = s.talk!;
  const k = t.point === 'lead' ? (s.tricks.length <= 1 ? 0 : 1) : t.point === 'card' ? 2 : 3;
  return (open & ~declaredMasksOf(d)[ahead(s, s.table.party[talkSeat(s)]!) ? k : k + 4]!) === 0;
}

/** Has the party won more tricks than every other party? */
function ahead(s: HandState, party: number): boolean {
  const won = s.tricksWon;
  const mine = won[party]!;
  for (let q = 0; q < won.length; q++) if (q !== party && won[q]! >= mine) return false;
  return true;
}

/** The bit mask of a list of phrases (bit i = TALK_PHRASES[i]). */
export function phraseMask(phrases: readonly TalkPhrase[]): number {
  let m = 0;
  for (const p of phrases) m |= 1 << PHRASE_INDEX[p];
  return m;
}

/**
 * The talk mask (gather's MASK, TalkState.masks): a bit per phrase (bit i = TALK_PHRASES[i]) except inNatura, biet
 * and halt, which have a bit per figure (B_IN_NATURA / B_BIET / B_HALT + 0 Spiel, 1 Gleich, 2 Hanger) — a policy
 * may declare that it never says one of them about one figure at some talk point (Policy.passes.unsaidAt).
 * openPhraseMask folds them.
 */
const B_IN_NATURA = 13;
const B_BIET = 16;
const B_HALT = 19;
const FIG_BITS_IN_NATURA = 7 << B_IN_NATURA;
const FIG_BITS_BIET = 7 << B_BIET;
const FIG_BITS_HALT = 7 << B_HALT;
/** A talk mask (figure bits) as a phrase mask (bit i = TALK_PHRASES[i]). */
function phraseBits(m: number): number {
  if (m <= 0 || m < 1 << B_IN_NATURA) return m;
  let out = m & ((1 << B_IN_NATURA) - 1);
  if ((m & FIG_BITS_IN_NATURA) !== 0) out |= 1 << P_IN_NATURA;
  if ((m & FIG_BITS_BIET) !== 0) out |= 1 << P_BIET;
  if ((m & FIG_BITS_HALT) !== 0) out |= 1 << P_HALT;
  return out;
}

/** gather's modes: push the phrases (return their number), or return their bit mask. */
const PUSH = 1;
const MASK = 2;
// phrase indices in TALK_PHRASES (gather works with numbers: no lookups by name in the hot loop)
const P_WELCHE = 0;
const P_TRUMPF = 1;
const P_FARBE = 2;
const P_GUT_DRUEBEN = 3;
const P_ICH_KANN_NICHT = 4;
const P_KANNST_STECHEN = 5;
const P_ENTSCHEIDUNG = 6;
const P_IN_NATURA = 7;
const P_BIET = 8;
const P_HALT = 9;
const P_GUT_LASSEN = 10;
const P_JA = 11;
const P_NEIN = 12;
const LEAD_REQUESTS = (1 << P_TRUMPF) | (1 << P_FARBE) | (1 << P_GUT_DRUEBEN);
// category() of the lead requests (one a window) and of the advice on an answer
const C_REQUEST = 1;
const C_ADVICE = P_HALT;

const trumpIndex = (s: HandState): number => (s.trump === null ? -1 : 'HSLE'.indexOf(s.trump));

/** The phrases open to `seat` in the window (talk.point): into `out` (mode PUSH, returns their number), or their bit mask (MASK). */
/**
 * gather's offer of phrase `pi` (about figure F, 0 = none) to the seat's partners in turn: to each partner
 * not in `skip` (bit mask by seat), listening (when `listening`: not quiet) and not yet told it in this
 * window. MASK mode: `bit` added to n at the first such partner; else one say action each, counted in n.
 */
function offerToPartners(t: TalkState, out: PolicyAction[] | null, seat: number, partners: readonly number[], pi: number, F: number, listening: boolean, skip: number, bit: number, mode: number, n: number): number {
  for (let i = 0; i < partners.length; i++) {
    const p = partners[i]!;
    if (((skip >>> p) & 1) === 1 || (listening && !talks(t, p)) || wasSaid(t, seat, pi, p, F)) continue;
    if (mode === MASK) return n | bit;
    out!.push(sayAt(pi, p, -1, F));
    n++;
  }
  return n;
}

function gather(s: HandState, out: PolicyAction[] | null, seat: number, mode: number): number {
  const t = s.talk!;
  const { table } = s;
  let n = 0;
  const partners = partnersOf(table, seat);
  const point = t.point;
  if (point === 'lead') {
    const leader = s.turn;
    if (seat === leader) {
      n = offerToPartners(t, out, seat, partners, P_WELCHE, 0, true, 0, 1 << P_WELCHE, mode, n);
    } else if (among(partners, leader) && !wasSaid(t, seat, C_REQUEST, leader, 0)) {
      if (mode === MASK) n |= LEAD_REQUESTS;
      else {
        out!.push(sayAt(P_TRUMPF, leader, -1, 0));
        const trump = trumpIndex(s);
        for (let suit = 0; suit < 4; suit++) if (suit !== trump) out!.push(sayAt(P_FARBE, leader, suit, 0));
        out!.push(sayAt(P_GUT_DRUEBEN, leader, -1, 0));
        n += 4;
      }
    }
    const b = s.bid;
    if (b.active && b.partieWinner < 0) {
      for (let f = 0; f < 3; f++) {
        if (b.figs[f]!.status !== 'unbid' || (f === 0 && s.spielParty !== -1)) continue;
        const F = f + 1; // figIndex
        n = offerToPartners(t, out, seat, partners, P_IN_NATURA, F, true, 0, 1 << (B_IN_NATURA + f), mode, n);
        n = offerToPartners(t, out, seat, partners, P_BIET, F, false, 0, 1 << (B_BIET + f), mode, n);
      }
    }
    return n;
  }
  if (point === 'card') {
    const trick = openTrickOf(s);
    if (trick === null) return 0;
    const x = s.turn;
    const last = (trick.leader + table.seats - 1) % table.seats;
    if (seat === last && seat !== x) {
      if (!(t.cannotTrick === s.tricks.length - 1 && ((t.cannot >>> seat) & 1) === 1)) {
        if (mode === MASK) return 1 << P_ICH_KANN_NICHT;
        out!.push(sayAt(P_ICH_KANN_NICHT, x, -1, 0));
        n++;
      }
    } else if (seat === x) {
      // "Kannst stechen?" only to a partner who has not laid his card to this trick
      const plays = trick.plays;
      let played = 0;
      for (let j = 0; j < plays.length; j++) played |= 1 << plays[j]!.seat;
      n = offerToPartners(t, out, seat, partners, P_KANNST_STECHEN, 0, true, played, 1 << P_KANNST_STECHEN, mode, n);
      n = offerToPartners(t, out, seat, partners, P_ENTSCHEIDUNG, 0, true, 0, 1 << P_ENTSCHEIDUNG, mode, n);
    }
    return n;
  }
  if (point === 'answer') {
    const to = s.bid.answerSeat;
    const F = s.bid.queue[0]! + 1; // figIndex of FIGS[queue[0]]
    if (!wasSaid(t, seat, C_ADVICE, to, F)) {
      if (mode === MASK) return (1 << (B_HALT + F - 1)) | (1 << P_GUT_LASSEN);
      out!.push(sayAt(P_HALT, to, -1, F), sayAt(P_GUT_LASSEN, to, -1, F));
      n += 2;
    }
  }
  return n;
}

// the seats talkBefore offers a window (the first `n` entries; read by openWindow at once)
const offered: number[] = [];

/** Open a window for the first `n` seats of `offered` (those with something to say) before the decision now due. */
function openWindow(s: HandState, point: TalkPoint, n: number): void {
  const t = s.talk!;
  t.point = point; // gather reads it
  // a new window forgets what was said in the last one (each phrase once a window) before its seats are
  // checked: checked against the last window's phrases, a seat could be left out of a window it belongs in
  if (t.said.length !== 0) t.said = [];
  const masks = t.masks;
  let live: number[] | null = null;
  for (let i = 0; i < n; i++) {
    const seat = offered[i]!;
    const m = gather(s, null, seat, MASK);
    if (m === 0) continue;
    masks[seat] = m;
    if (live === null) live = [seat];
    else live.push(seat);
  }
  if (live === null) {
    t.window = null;
    return;
  }
  t.window = live;
  t.at = 0;
  t.question = null;
  t.resume = s.phase;
  s.phase = 'talk';
}

/**
 * After every action (game.ts): open a talk window before the decision now due, the first time it is due.
 * The decision's key is the number of non-talk actions so far, so a window opens once per decision.
 */
export function talkBefore(s: HandState): void {
  const t = s.talk!;
  const ph = s.phase;
  if (ph === 'talk' || ph === 'done') return;
  const key = s.actions.length - t.actions;
  if (key === t.checkedAt) return;
  t.checkedAt = key;
  const { table } = s;
  if (ph === 'play' || (ph === 'window' && s.bid.point >= 0 && s.bid.point <= 4)) {
    const trick = openTrickOf(s);
    if (trick === null) return;
    const k = trick.plays.length;
    const cp = (s.tricks.length - 1) * 8 + k;
    if (cp === t.cardPoint) return;
    t.cardPoint = cp;
    const x = s.turn;
    let n = 0;
    if (k === 0) {
      // before the first card every seat may talk (the bidding questions come before the bids); at later
      // leads the leading party ("Der Ausspieler frägt seinen Freund" [000 p.37])
      const first = s.tricks.length === 1;
      for (let i = 0; i < table.seats; i++) {
        const seat = (x + i) % table.seats;
        if (!first && table.party[seat] !== table.party[x]) continue;
        if (talks(t, seat) && partnersOf(table, seat).length > 0) offered[n++] = seat;
      }
      openWindow(s, 'lead', n);
    } else {
      const last = (trick.leader + table.seats - 1) % table.seats;
      if (last !== x && table.party[last] !== table.party[trick.leader] && talks(t, last) && among(partnersOf(table, last), x)) offered[n++] = last;
      if (talks(t, x) && partnersOf(table, x).length > 0) offered[n++] = x;
      openWindow(s, 'card', n);
    }
    return;
  }
  if (ph === 'answer' && s.bid.point >= 0 && !(s.bid.ask !== null && s.bid.ask.answer === 'pending')) {
    const a = s.bid.answerSeat;
    const ps = partnersOf(table, a);
    let n = 0;
    for (let i = 0; i < ps.length; i++) if (talks(t, ps[i]!)) offered[n++] = ps[i]!;
    openWindow(s, 'answer', n);
  }
}

/** Move on to the next seat with something to say; close the window (back to the decision due) when none. */
function advance(s: HandState): void {
  const t = s.talk!;
  const w = t.window!;
  t.at += 1;
  while (t.at < w.length && t.masks[w[t.at]!] === 0) t.at += 1;
  if (t.at < w.length) return;
  t.window = null;
  t.question = null;
  s.phase = t.resume;
}

/** Apply a talk action (say or quiet) of the seat acting in the talk phase. */
export function applyTalk(s: HandState, a: Extract<PolicyAction, { kind: 'say' | 'quiet' }>): void {
  const t = s.talk!;
  t.actions += 1;
  if (a.kind === 'quiet') {
    advance(s);
    return;
  }
  const seat = talkSeat(s);
  const reply = t.question !== null;
  const trick = openTrickOf(s);
  s.events.push(
    Object.freeze({
      // flat: nothing nested to freeze
      type: 'say',
      seat,
      to: a.to,
      phrase: a.phrase,
      suit: a.suit,
      figure: a.figure,
      reply,
      trick: trick === null ? s.tricks.length : s.tricks.length - 1,
      card: trick === null ? 0 : trick.plays.length,
    }),
  );
  t.spoken[s.table.party[seat]!]! += 1;
  const pi = PHRASE_INDEX[a.phrase];
  t.said.push(saidKeyAt(seat, CATEGORY[pi]!, a.to, figIndex(a.figure)));
  if (pi === P_ICH_KANN_NICHT) {
    if (t.cannotTrick !== s.tricks.length - 1) t.cannot = 0;
    t.cannotTrick = s.tricks.length - 1;
    t.cannot |= 1 << seat;
  }
  // what the speaker said takes it from what is open to him (each phrase once a window)
  t.masks[seat] = gather(s, null, seat, MASK);
  if (reply) t.question = null; // the asker goes on
  else if (((QUESTION_BITS >>> pi) & 1) === 1) t.question = { seat, to: a.to, phrase: a.phrase, figure: a.figure };
  // The speaker keeps his turn: he may say more (each phrase once) and ends with quiet. A seat left without
  // anything to say (after an answer, or every phrase said) is moved on.
  if (t.question === null && t.masks[t.window![t.at]!] === 0) advance(s);
}

/** Is the talk action legal now? (null = legal, else why not.) */
export function explainTalk(s: HandState, a: Extract<PolicyAction, { kind: 'say' | 'quiet' }>): string | null {
  const out: PolicyAction[] = [];
  talkActions(s, out);
  const seat = talkSeat(s);
  for (const x of out) {
    if (x.kind !== a.kind) continue;
    if (x.kind === 'quiet') return null;
    const b = a as SayAction;
    if (x.kind === 'say' && x.phrase === b.phrase && x.to === b.to && x.suit === b.suit && x.figure === b.figure) return null;
  }
  if (s.talk!.question !== null) return `P${seat + 1} must answer P${s.talk!.question.seat + 1}'s question (RULES §13)`;
  return `P${seat + 1} cannot say that now (RULES §13): ${out.length - 1} phrases are open to him`;
}
