// The abstraction of the bidding war that issue 28 solves (docs/solved.md): every bid decision of a seat —
// a bid window, an answer to an offer or an ask, a veto — reduced to an information-set key and a few
// abstract actions. Shared by the solver (src/solve/bidwar.ts, which learns a table of keys) and the bot
// that plays the table (strategies/solved.ts); imported as a helper, not a bot of its own.
//
// The key (one string):
//   phase       W window, A answer to an offer, K answer to an ask, V veto (with the act vetoed: a bid of
//               n figures, u if unseen; a raise of figure f to level l; a hold of figure f at level l)
//   strengths   the figure evaluator's best Gleich and Hanger of the seat's hand (free Perlaggen wild,
//               played cards fixed: figureFrontier), each in four buckets (none, a low pair or a short
//               Hanger, a high one, three cards or more), and the Spiel's trump strength (2 × Perlaggen +
//               plain trumps, four buckets); once trick play has begun, whether its party leads in tricks;
//               at the unseen window ('point −1', cards not looked at) none of them
//   score       the headroom of each party (RULES §11.2: target − 1 − virtual score − open declines) in
//               three buckets: gestrichen/at the limit, 1–3, 4+ — the distance to the target
//   position    the seat counted from the dealer (1 = Vorhand … 0 = the dealer)
//   point       the bid window's point: u (unseen), 0 (before the first card), t (later leads/cards), s (after the Spiel)
//   history     how many figures are unbid, s one held or closed, o our open offer, O theirs, and the other
//               party's raises in this deal (x1, x2 = two or more); in an answer also the offer's figure, its
//               level (2 … 6, A = Aus) and whether it was bid unseen; in a window that may raise a held stake,
//               the figure and level of that raise (Wr04: the Spiel to 4)
//   actions     the abstract actions open here, as letters (below): the key fixes them
//
// The abstract actions, each mapped to one legal concrete action:
//   p pass · b bid the seat's strongest single figure · a bid all three (cumulative or named) · r raise (in
//   a window: the held stake of the figure the seat is strongest in) ·
//   k ask · g gut · h hold · l allow · j reject · c consent · v veto
// Decisions none of them covers (a bid of two figures only, …) are left to the card-play bot underneath.
import { bestOf, figureFrontier, headroom, offerToAnswer, trumpCount, type Observation, type PolicyAction } from '../src/policy/api.ts';

export interface AbstractDecision {
  readonly key: string;
  /** The concrete action of each abstract action, in the key's order. */
  readonly actions: readonly PolicyAction[];
  /** The abstract actions' letters, in the same order. */
  readonly letters: string;
}

export const BID_PHASES: ReadonlySet<string> = new Set(['window', 'answer', 'veto']);

export function gleichBucket(code: number): number {
  if (code === 0) return 0;
  const count = code >>> 4;
  if (count >= 3) return 3;
  return (code & 15) >= 6 ? 2 : 1; // a pair of Ober or better
}

export function hangerBucket(code: number): number {
  if (code === 0) return 0;
  const len = code >>> 4;
  if (len >= 4) return 3;
  return (code & 15) >= 6 ? 2 : 1;
}

/** The Spiel's bucket of a hand with these Perlaggen and plain trumps. */
export function spielBucketOf(perlaggen: number, plain: number): number {
  const s = 2 * Math.min(perlaggen, 3) + Math.min(plain, 3);
  return s <= 1 ? 0 : s <= 3 ? 1 : s <= 5 ? 2 : 3;
}

function spielBucket(obs: Observation, hand: readonly number[]): number {
  const t = trumpCount(obs, hand);
  return spielBucketOf(t.perlaggen, t.plain);
}

const roomBucket = (h: number): string => (h <= 0 ? 'g' : h <= 3 ? 'a' : 'b');

/** The seat's figure strengths as the key's letters, and as numbers (Gleich, Hanger, Spiel on 0–4). */
export function strengths(obs: Observation): { text: string; g: number; h: number; s: number } {
  if (obs.point === -1) return { text: '---', g: 0, h: 0, s: 0 };
  const seat = obs.acting;
  const best = bestOf(figureFrontier(obs, seat));
  const g = gleichBucket(best.gleich);
  const h = hangerBucket(best.hanger);
  const hand = obs.hand.length > 0 && seat === obs.seat ? obs.hand : (obs.seenHands.find((x) => x.seat === seat)?.cards ?? obs.hand);
  const s = spielBucket(obs, hand);
  const party = obs.party[seat]!;
  return { text: `${g}${h}${s}${tricksText(obs, party)}`, g, h, s };
}

/** The tricks only once trick play has begun: the party's Spiel as ahead, level or behind. */
function tricksText(obs: Observation, party: number): string {
  if (obs.point <= 0) return '';
  let ours = 0;
  let theirs = 0;
  for (let i = 0; i < obs.tricksWon.length; i++) {
    if (obs.party[i] === party) ours += obs.tricksWon[i]!;
    else theirs += obs.tricksWon[i]!;
  }
  return ours > theirs ? '+' : ours < theirs ? '-' : '=';
}

function historyText(obs: Observation, party: number): string {
  // how many figures are still unbid, and whether one is held or closed already, an offer of ours or theirs open
  let unbid = 0;
  let done = false;
  let ours = false;
  let theirs = false;
  for (const b of obs.bidding) {
    if (b.status === 'unbid') unbid++;
    else if (b.status === 'offer') {
      if (b.offerParty === party) ours = true;
      else theirs = true;
    } else done = true;
  }
  return `${unbid}${done ? 's' : ''}${ours ? 'o' : ''}${theirs ? 'O' : ''}${raisesText(obs, party)}`;
}

/**
 * The other party's raises in this deal so far, as `x1` or `x2` (two or more; nothing for none): the raise
 * war's history, the mark of an opponent who raises again whatever he holds.
 */
export function raisesText(obs: Observation, party: number, extra = 0): string {
  let n = extra;
  for (const e of obs.history) if (e.type === 'raise' && e.party !== party) n++;
  return n === 0 ? '' : n === 1 ? 'x1' : 'x2';
}

function pointText(point: number): string {
  return point === -1 ? 'u' : point === 0 ? '0' : point === 5 ? 's' : 't';
}

const FIG_INDEX: Readonly<Record<string, number>> = { Spiel: 0, Gleich: 1, Hanger: 2 };

function firstOf(legal: readonly PolicyAction[], kind: PolicyAction['kind']): PolicyAction | undefined {
  for (const a of legal) if (a.kind === kind) return a;
  return undefined;
}

/** The seat's strongest single-figure bid among the legal ones (Spiel strength scaled to the figures' 0–4). */
function strongestBid(legal: readonly PolicyAction[], st: { g: number; h: number; s: number }): PolicyAction | undefined {
  let best: PolicyAction | undefined;
  let bestScore = -1;
  for (const a of legal) {
    if (a.kind !== 'bid' || a.cumulative || a.figures.length !== 1) continue;
    const f = a.figures[0]!;
    const score = f === 'Gleich' ? st.g : f === 'Hanger' ? st.h : (st.s * 4) / 3;
    if (score > bestScore) {
      best = a;
      bestScore = score;
    }
  }
  return best;
}

/** The raise of a held stake in a bid window: of the figure the seat is strongest in (its figure and level go into the key). */
function strongestRaise(legal: readonly PolicyAction[], st: { g: number; h: number; s: number }): Extract<PolicyAction, { kind: 'raise' }> | undefined {
  let best: Extract<PolicyAction, { kind: 'raise' }> | undefined;
  let bestScore = -1;
  for (const a of legal) {
    if (a.kind !== 'raise') continue;
    const score = a.figure === 'Gleich' ? st.g : a.figure === 'Hanger' ? st.h : (st.s * 4) / 3;
    if (score > bestScore) {
      best = a;
      bestScore = score;
    }
  }
  return best;
}

function allThree(legal: readonly PolicyAction[]): PolicyAction | undefined {
  for (const a of legal) if (a.kind === 'bid' && (a.cumulative || a.figures.length === 3)) return a;
  return undefined;
}

/**
 * The veto's head: V and the partner's act it may veto, read from the last event — `Vb3u` a bid of three
 * figures unseen, `Vr1A` a raise of the Gleich to Aus, `Vh04` a hold of the Spiel at level 4 (V? unknown).
 */
function vetoHead(obs: Observation): string {
  for (let i = obs.history.length - 1; i >= 0; i--) {
    const e = obs.history[i]!;
    if (e.type === 'bid') return `Vb${e.cumulative ? 3 : e.figures.length}${e.unseen ? 'u' : ''}`;
    if (e.type === 'raise') return `Vr${FIG_INDEX[e.figure]}${e.aus ? 'A' : Math.min(e.to, 6)}`;
    if (e.type === 'answer') return `Vh${FIG_INDEX[e.figure]}${e.aus ? 'A' : Math.min(e.level, 6)}`;
  }
  return 'V?';
}

/** The abstract decision of a bid decision (null outside the bid phases or when no abstract action fits). */
export function abstractDecision(obs: Observation): AbstractDecision | null {
  if (!BID_PHASES.has(obs.phase)) return null;
  const legal = obs.legal;
  const seat = obs.acting;
  const party = obs.party[seat]!;
  const letters: string[] = [];
  const actions: PolicyAction[] = [];
  const add = (letter: string, a: PolicyAction | undefined): void => {
    if (a === undefined) return;
    letters.push(letter);
    actions.push(a);
  };
  let st = { text: '', g: 0, h: 0, s: 0 };
  if (obs.phase === 'window' && legal.length > 1) st = strengths(obs); // the strongest bid needs them
  let head: string;
  if (obs.phase === 'window') {
    const raise = strongestRaise(legal, st);
    head = raise === undefined ? 'W' : `Wr${FIG_INDEX[raise.figure]}${Math.min(raise.to, 6)}`;
    add('p', firstOf(legal, 'pass'));
    add('b', strongestBid(legal, st));
    add('a', allThree(legal));
    add('r', raise);
    add('k', firstOf(legal, 'ask'));
  } else if (obs.phase === 'answer') {
    if (firstOf(legal, 'allow') !== undefined || firstOf(legal, 'reject') !== undefined) {
      head = `K${obs.ask?.count ?? 0}${obs.ask?.type[0] ?? '-'}`;
      add('l', firstOf(legal, 'allow'));
      add('j', firstOf(legal, 'reject'));
    } else {
      const offer = offerToAnswer(obs);
      head = offer === null ? 'A?' : `A${FIG_INDEX[offer.figure]}${offer.aus ? 'A' : Math.min(offer.level, 6)}${offer.unseen ? 'u' : ''}`;
      add('g', firstOf(legal, 'gut'));
      add('h', firstOf(legal, 'hold'));
      add('r', firstOf(legal, 'raise'));
    }
  } else {
    head = vetoHead(obs);
    add('c', firstOf(legal, 'consent'));
    add('v', firstOf(legal, 'veto'));
  }
  if (actions.length === 0) return null;
  if (actions.length === 1) return { key: '', actions, letters: letters.join('') }; // no choice: no key to build
  if (obs.phase !== 'window') st = strengths(obs);
  // the seat from the dealer (1 = Vorhand) before the cards are seen; later only whether its party deals
  const from = (seat - obs.dealer + obs.seats) % obs.seats;
  const pos = obs.point === -1 ? String(from) : from % 2 === 0 ? 'd' : 'v';
  // an answer and a veto look at the figure in question only
  if (head[0] === 'A') {
    const f = Number(head[1]);
    st = { ...st, text: String(f === 0 ? st.s : f === 1 ? st.g : st.h) + st.text.slice(3) };
  }
  const room = roomBucket(headroom(obs, party)) + roomBucket(headroom(obs, 1 - party));
  const key = `${head}|${st.text}|${room}|${pos}|${pointText(obs.point)}|${historyText(obs, party)}|${letters.join('')}`;
  return { key, actions, letters: letters.join('') };
}

/**
 * The key of `seat`'s answer to an offer the other party is making now on figure f (0 Spiel, 1 Gleich,
 * 2 Hanger) at `level`, as abstractDecision would build it at that answer, the seat's bucket of the figure
 * given (its cards being a searching bot's guess): the solved layer as the model of the other seats.
 */
export function answerKeyOf(obs: Observation, seat: number, f: number, level: number, aus: boolean, bucket: number, mayRaise: boolean): string {
  const party = obs.party[seat]!;
  const offerer = 1 - party;
  const b = obs.bidding[f]!;
  const unseen = b.status === 'unbid' ? obs.point === -1 : b.unseen;
  const head = `A${f}${aus ? 'A' : Math.min(level, 6)}${unseen ? 'u' : ''}`;
  const already = b.status === 'offer' && b.offerParty === offerer ? b.level - 1 : 0;
  const room = roomBucket(headroom(obs, party)) + roomBucket(headroom(obs, offerer) - (level - 1 - already));
  const from = (seat - obs.dealer + obs.seats) % obs.seats;
  const pos = obs.point === -1 ? String(from) : from % 2 === 0 ? 'd' : 'v';
  let unbid = 0;
  let done = false;
  let ours = false;
  for (let i = 0; i < obs.bidding.length; i++) {
    if (i === f) continue;
    const x = obs.bidding[i]!;
    if (x.status === 'unbid') unbid++;
    else if (x.status === 'offer') ours ||= x.offerParty === party;
    else done = true;
  }
  // an offer searched but not yet made (a searching bot's raise) is one raise more than the history shows
  const made = b.status === 'offer' && b.offerParty === offerer && b.level === level;
  const hist = `${unbid}${done ? 's' : ''}${ours ? 'o' : ''}O${raisesText(obs, party, !made && level > 2 ? 1 : 0)}`;
  return `${head}|${bucket}${tricksText(obs, party)}|${room}|${pos}|${pointText(obs.point)}|${hist}|gh${mayRaise ? 'r' : ''}`;
}

/**
 * The coarse key of a key (above): the same situation with the score and the position
 * left out (`*`) — the fallback of a key the table valued too seldom.
 */
export function coarseKey(key: string): string {
  const f = key.split('|');
  if (f.length !== 7) return key;
  f[2] = '*';
  f[3] = '*';
  return f.join('|');
}

/** A key's probabilities in a table: its own row, else its coarse key's, else undefined. */
export function probsOf(keys: Readonly<Record<string, readonly number[]>>, key: string, n: number): readonly number[] | undefined {
  const own = keys[key];
  if (own !== undefined && own.length === n) return own;
  const coarse = keys[coarseKey(key)];
  return coarse !== undefined && coarse.length === n ? coarse : undefined;
}
