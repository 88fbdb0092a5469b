// RULES §6.2 (the PROPOSED legal-move generator, with the switches of `ruleset.follow`) and
// §5.1/§5.3 (christening at play time, un-christened play where allowed).
//
//   L = effective suit of the led card; "holds L" counts only plain (non-Perlagg) cards of natural suit L
//   (for L = trump: plain trumps).
//   1. A Perlagg (any christening) is always legal [000 p.20] [003 §15].
//      `perlaggMayBePlayedOffSuitWhileHoldingSuit = false`: while holding L it must be christened L or trump.
//   2. Holding L: any card of suit L, or any plain trump (`mayTrumpWhileHoldingSuit`; with
//      `trumpInsteadOfSuitOnlyIfWinning` only a trump that wins the trick as it stands).
//   3. Not holding L: any card.
//   Switches: `perlaggCountsAsHoldingSuit` (a Perlagg in hand counts as holding L: then a Perlagg, a card of
//   L or a trump), `wattenStyleFollow` (only trump leads must be followed), `mustFollowSuit = false` (free),
//   `mustOvertake` (a player following with a plain card of L who can win with one must win).
import { WELI } from '../cards/card.ts';
import { playOf, type PolicyAction } from './actions.ts';
import { cardPower, effectiveSuit, trickContext, trickWinnerIndex, type TrickContext } from './tricks.ts';
import type { HandState, Trick } from './state.ts';
import { cardShort } from '../cards/notation.ts';

const SUIT_WORD = ['Herz', 'Schell', 'Laub', 'Eichel'];
const natSuit = (c: number): number => (c === WELI ? 1 : c >>> 3);

/** The open trick, or null before its first card. */
export function openTrick(s: HandState): Trick | null {
  const t = s.tricks[s.tricks.length - 1];
  return t !== undefined && t.winner < 0 ? t : null;
}

export function handCards(s: HandState, seat: number): number[] {
  const out: number[] = [];
  let m = s.handLo[seat]!;
  while (m !== 0) {
    out.push(31 - Math.clz32(m & -m));
    m = (m & (m - 1)) >>> 0;
  }
  if (s.handWeli[seat] === 1) out.push(WELI);
  return out;
}

export function tctx(s: HandState): TrickContext {
  // the last context asked for, without trickContext's two map lookups
  if (s.perl === lastPerl && s.ruleset === lastRuleset && lastTctx !== null) return lastTctx;
  const c = trickContext(s.ruleset, s.perl!);
  lastPerl = s.perl;
  lastRuleset = s.ruleset;
  lastTctx = c;
  return c;
}
let lastPerl: object | null = null;
let lastRuleset: object | null = null;
let lastTctx: TrickContext | null = null;

/** Would (card, as) take the open trick if laid now? */
export function wouldWin(s: HandState, trick: Trick, card: number, as: number | null): boolean {
  const ctx = tctx(s);
  const n = trick.plays.length;
  const cards = new Array<number>(n + 1);
  const ids = new Array<number | null>(n + 1);
  for (let i = 0; i < n; i++) {
    cards[i] = trick.plays[i]!.card;
    ids[i] = trick.plays[i]!.as;
  }
  cards[n] = card;
  ids[n] = as;
  return trickWinnerIndex(ctx, cards, ids, n + 1) === n;
}

/** Why a card play is not allowed (null = allowed). Checks follow rules and christening only. */
export function explainPlay(s: HandState, seat: number, card: number, as: number | null): string | null {
  const r = s.ruleset;
  const p = s.perl!;
  const held = card === WELI ? s.handWeli[seat] === 1 : ((s.handLo[seat]! >>> card) & 1) === 1;
  if (!held) return `${cardShort(card)} is not in the hand of P${seat + 1}`;
  const isPerlagg = p.level[card]! > 0;
  if (!isPerlagg && as !== null) return `${cardShort(card)} is not a Perlagg and cannot be christened (RULES §5)`;
  if (isPerlagg && as === null && r.unchristenedPerlagg === 'forbidden') {
    return `${cardShort(card)} is a Perlagg and must be christened when laid down (RULES §5.3, [000 p.19])`;
  }
  if (as !== null && !(Number.isInteger(as) && as >= 0 && as <= 31)) {
    return 'a Perlagg is christened as one of the 32 suited cards, never as a 6 (A-11)';
  }
  const trick = openTrick(s);
  if (trick === null || trick.plays.length === 0 || !r.follow.mustFollowSuit) return null;
  const ctx = tctx(s);
  const led = effectiveSuit(ctx, trick.plays[0]!.card, trick.plays[0]!.as);
  if (r.follow.wattenStyleFollow && led !== ctx.trump) return null;
  const hand = handCards(s, seat);
  const plainL = hand.filter((c) => p.level[c] === 0 && natSuit(c) === led);
  const anyPerlagg = hand.some((c) => p.level[c]! > 0);
  const holds = plainL.length > 0 || (r.follow.perlaggCountsAsHoldingSuit && anyPerlagg);
  if (!holds) return null;
  const ledWord = SUIT_WORD[led]!;
  if (isPerlagg) {
    if (r.follow.perlaggMayBePlayedOffSuitWhileHoldingSuit) return null;
    const s2 = effectiveSuit(ctx, card, as);
    if (s2 === led || s2 === ctx.trump) return null;
    return `holding ${ledWord}, a Perlagg must be christened ${ledWord} or trump here (perlaggMayBePlayedOffSuitWhileHoldingSuit = false)`;
  }
  const cs = natSuit(card);
  if (cs === led) {
    if (r.follow.mustOvertake) {
      const winners = plainL.filter((c) => wouldWin(s, trick, c, null));
      if (winners.length > 0 && !winners.includes(card)) {
        return `P${seat + 1} must overtake with ${winners.map(cardShort).join(' or ')} (mustOvertake)`;
      }
    }
    return null;
  }
  if (cs === ctx.trump && r.follow.mayTrumpWhileHoldingSuit) {
    if (!r.follow.trumpInsteadOfSuitOnlyIfWinning || wouldWin(s, trick, card, null)) return null;
    return `a trump instead of ${ledWord} only if it takes the trick (trumpInsteadOfSuitOnlyIfWinning)`;
  }
  const held2 = plainL.length > 0 ? plainL.map(cardShort).join(' ') : 'a Perlagg';
  return `P${seat + 1} holds ${held2}: must follow ${ledWord}${r.follow.mayTrumpWhileHoldingSuit ? ' or trump' : ''} (RULES §6.2${plainL.length > 0 ? '' : ', perlaggCountsAsHoldingSuit'})`;
}

/**
 * The legal card plays of the seat to move, in a stable order: cards ascending by id; a Perlagg's
 * christenings as the 32 suited cards ascending, then un-christened where allowed — pushed onto out.
 * (legalPlaysAt writing from out.length: a write at an array's length appends, as push does.)
 */
export function legalPlays(s: HandState, seat: number, out: PolicyAction[]): void {
  legalPlaysAt(s, seat, out, out.length);
}

/**
 * legalPlays written into out[k..] by index (over what the array held there: a scratch list reused without
 * shrinking it, game.ts legalActions), returning the end — the list then copied out at its exact length, with
 * no growing of a fresh array play by play.
 * The fast path (its twin legalPlaysChecked): where every card of the hand may be laid (a lead, no follow
 * rule, or the seat does not hold the led suit) and wherever a Perlagg is always legal, a card's plays are
 * its block of the shared records (actions.ts playOf: the 32 christenings and then the un-christened
 * play), written in one index loop; only a card that following restricts is asked card by card.
 */
export function legalPlaysAt(s: HandState, seat: number, out: PolicyAction[], k: number): number {
  const r = s.ruleset;
  const p = s.perl!;
  const level = p.level;
  const lo = s.handLo[seat]!;
  const weli = s.handWeli[seat]!;
  const trick = openTrick(s);
  // Following (followFacts' verdict from the hand's bits): led = the suit to follow, or -1 when every card
  // may be laid (a lead, no follow rule, Watten-style follow of a side suit, the seat does not hold L)
  let led = -1;
  let trump = -1;
  if (trick !== null && trick.plays.length > 0 && r.follow.mustFollowSuit) {
    const ctx = tctx(s);
    const L = effectiveSuit(ctx, trick.plays[0]!.card, trick.plays[0]!.as);
    if (!r.follow.wattenStyleFollow || L === ctx.trump) {
      const plainL = (lo & ~p.lo & ((0xff << (L * 8)) >>> 0)) !== 0 || (weli === 1 && level[WELI] === 0 && natSuit(WELI) === L);
      const anyPerlagg = (lo & p.lo) !== 0 || (weli === 1 && level[WELI]! > 0);
      if (plainL || (r.follow.perlaggCountsAsHoldingSuit && anyPerlagg)) {
        led = L;
        trump = ctx.trump;
      }
    }
  }
  // where following decides by the trick as it stands (mustOvertake, trumpInsteadOfSuitOnlyIfWinning) or
  // restricts a Perlagg's christenings, the card is asked of followAllows / playsOfCard (facts made once)
  const simpleFollow = !r.follow.mustOvertake && !r.follow.trumpInsteadOfSuitOnlyIfWinning;
  const plainTrump = r.follow.mayTrumpWhileHoldingSuit ? trump : -1;
  let f: FollowFacts | null = null;
  // a Perlagg's block: 32 christenings and, where allowed, the un-christened play; always legal while free
  // or under the A-04 switch (playsOfCard's rule 1)
  const unchristened = r.unchristenedPerlagg !== 'forbidden';
  const perlaggFree = led < 0 || r.follow.perlaggMayBePlayedOffSuitWhileHoldingSuit;
  let m = lo;
  let card = -1;
  for (;;) {
    if (m !== 0) {
      card = 31 - Math.clz32(m & -m);
      m = (m & (m - 1)) >>> 0;
    } else if (weli === 1 && card !== WELI) card = WELI;
    else break;
    if (level[card]! > 0) {
      if (perlaggFree) {
        for (let as = 0; as < 32; as++) out[k++] = playOf(card, as);
        if (unchristened) out[k++] = playOf(card, null);
      } else k = playsOfCard(s, (f ??= followFacts(s, trick!, seat)), trick, card, out, k);
    } else if (led < 0) out[k++] = playOf(card, null);
    else if (simpleFollow) {
      const cs = natSuit(card);
      if (cs === led || cs === plainTrump) out[k++] = playOf(card, null);
    } else if (followAllows(s, (f ??= followFacts(s, trick!, seat)), trick!, card, null)) out[k++] = playOf(card, null);
  }
  return k;
}

/**
 * legalPlays as built before its fast path (the twin, legalActionsChecked's): the hand walked card by card,
 * a Perlagg's 32 christenings pushed one by one (playOf). Same order.
 */
export function legalPlaysChecked(s: HandState, seat: number, out: PolicyAction[]): void {
  const trick = openTrick(s);
  const free = trick === null || trick.plays.length === 0 || !s.ruleset.follow.mustFollowSuit;
  // Following: explainPlay's verdict (its follow part) with the hand's facts worked out once.
  const f = free ? null : followFacts(s, trick!, seat);
  // the hand's cards ascending by id, the Weli last (handCards' order), without building the list
  let m = s.handLo[seat]!;
  while (m !== 0) {
    playsOfCard(s, f, trick, 31 - Math.clz32(m & -m), out, out.length);
    m = (m & (m - 1)) >>> 0;
  }
  if (s.handWeli[seat] === 1) playsOfCard(s, f, trick, WELI, out, out.length);
}

/** legalPlays for one card of the hand (f = null: free to play anything), written into out[k..]; returns the end. */
function playsOfCard(s: HandState, f: FollowFacts | null, trick: Trick | null, card: number, out: PolicyAction[], k: number): number {
  if (s.perl!.level[card]! > 0) {
    // Rule 1: a Perlagg is always legal, whatever its christening (unless the A-04 switch restricts it).
    const always = f === null || s.ruleset.follow.perlaggMayBePlayedOffSuitWhileHoldingSuit;
    if (always || f.led === null) {
      for (let as = 0; as < 32; as++) out[k++] = playOf(card, as);
    } else {
      // followAllows of a christening: its suit (as >>> 3, effectiveSuit) is the led suit or trump; as its
      // own card the A-20 switch decides what it counts as (asked of followAllows)
      const led = f.led;
      const trump = f.ctx.trump;
      for (let as = 0; as < 32; as++) {
        const suit = as >>> 3;
        if (as === card ? followAllows(s, f, trick!, card, as) : suit === led || suit === trump) out[k++] = playOf(card, as);
      }
    }
    if (s.ruleset.unchristenedPerlagg !== 'forbidden' && (always || followAllows(s, f, trick!, card, null))) out[k++] = playOf(card, null);
  } else if (f === null || followAllows(s, f, trick!, card, null)) {
    out[k++] = playOf(card, null);
  }
  return k;
}

/**
 * The plays of `seat` that break only the follow rules (revokes, RULES §6.4, §12): the card is in his hand
 * and christened as the ruleset allows, but following forbids it. Same order as legalPlays.
 */
export function revokePlays(s: HandState, seat: number, out: PolicyAction[]): void {
  const trick = openTrick(s);
  if (trick === null || trick.plays.length === 0 || !s.ruleset.follow.mustFollowSuit) return;
  const p = s.perl!;
  const allowNull = s.ruleset.unchristenedPerlagg !== 'forbidden';
  const hand = handCards(s, seat);
  const f = followFacts(s, trick, seat);
  if (f.led === null) return;
  for (const card of hand) {
    if (p.level[card]! > 0) {
      if (s.ruleset.follow.perlaggMayBePlayedOffSuitWhileHoldingSuit) continue;
      for (let as = 0; as < 32; as++) if (!followAllows(s, f, trick, card, as)) out.push(playOf(card, as));
      if (allowNull && !followAllows(s, f, trick, card, null)) out.push(playOf(card, null));
    } else if (!followAllows(s, f, trick, card, null)) {
      out.push(playOf(card, null));
    }
  }
}

/** Is (card, as) by the seat to play a revoke: legal but for the follow rules? */
export function isRevoke(s: HandState, seat: number, card: number, as: number | null): boolean {
  const trick = openTrick(s);
  if (trick === null || trick.plays.length === 0 || !s.ruleset.follow.mustFollowSuit) return false;
  const p = s.perl!;
  const held = card === WELI ? s.handWeli[seat] === 1 : ((s.handLo[seat]! >>> card) & 1) === 1;
  if (!held) return false;
  const isPerlagg = p.level[card]! > 0;
  if (!isPerlagg && as !== null) return false;
  if (isPerlagg && as === null && s.ruleset.unchristenedPerlagg === 'forbidden') return false;
  if (as !== null && !(Number.isInteger(as) && as >= 0 && as <= 31)) return false;
  return !followAllows(s, followFacts(s, trick, seat), trick, card, as);
}

interface FollowFacts {
  readonly ctx: TrickContext;
  /** null: every card is allowed (Watten-style follow of a side suit, or the seat does not hold L). */
  readonly led: number | null;
  /** The seat to play (its hand gives the plain cards of L). */
  readonly seat: number;
  /** mustOvertake: the plain cards of L that would win (computed on first use). */
  winners: number[] | null;
}

function followFacts(s: HandState, trick: Trick, seat: number): FollowFacts {
  const r = s.ruleset;
  const level = s.perl!.level;
  const ctx = tctx(s);
  const led = effectiveSuit(ctx, trick.plays[0]!.card, trick.plays[0]!.as);
  if (r.follow.wattenStyleFollow && led !== ctx.trump) return { ctx, led: null, seat, winners: null };
  // does the hand hold a plain card of L, or a Perlagg? (bits of the hand, no list)
  let plainL = false;
  let anyPerlagg = false;
  let m = s.handLo[seat]!;
  while (m !== 0) {
    const c = 31 - Math.clz32(m & -m);
    if (level[c]! > 0) anyPerlagg = true;
    else if (natSuit(c) === led) plainL = true;
    m = (m & (m - 1)) >>> 0;
  }
  if (s.handWeli[seat] === 1) {
    if (level[WELI]! > 0) anyPerlagg = true;
    else if (natSuit(WELI) === led) plainL = true;
  }
  const holds = plainL || (r.follow.perlaggCountsAsHoldingSuit && anyPerlagg);
  return { ctx, led: holds ? led : null, seat, winners: null };
}

/**
 * explainPlay(s, seat, card, as) === null for a card of the seat's hand (as: 0..31 for a Perlagg, null
 * where un-christened play is allowed; null for a plain card) while following (mustFollowSuit, the trick
 * led): the same rules, without building the words.
 */
function followAllows(s: HandState, f: FollowFacts, trick: Trick, card: number, as: number | null): boolean {
  const led = f.led;
  if (led === null) return true;
  const r = s.ruleset;
  const ctx = f.ctx;
  if (s.perl!.level[card]! > 0) {
    if (r.follow.perlaggMayBePlayedOffSuitWhileHoldingSuit) return true;
    const s2 = effectiveSuit(ctx, card, as);
    return s2 === led || s2 === ctx.trump;
  }
  const cs = natSuit(card);
  if (cs === led) {
    if (r.follow.mustOvertake) {
      if (f.winners === null) {
        const level = s.perl!.level;
        f.winners = handCards(s, f.seat).filter((c) => level[c] === 0 && natSuit(c) === led && wouldWin(s, trick, c, null));
      }
      if (f.winners.length > 0 && !f.winners.includes(card)) return false;
    }
    return true;
  }
  if (cs === ctx.trump && r.follow.mayTrumpWhileHoldingSuit) return !r.follow.trumpInsteadOfSuitOnlyIfWinning || wouldWin(s, trick, card, null);
  return false;
}

export { cardPower };
