// resampleHidden(state, player, rng) redeals the cards the player cannot see, consistently with everything
// he has seen (voids shown by the play, who could exchange, the signs his partners gave him), so that his
// observation (observe.ts) stays byte-identical (OpenSpiel's ResampleFromInfostate). Bots use it to imagine
// worlds; tests use it to prove that an observation holds nothing of the hidden cards.

import { WELI } from '../cards/card.ts';
import { exchangeCards, exchangeCardsOver, exchangeIsCompulsory, exchangeTarget, exchangerNow, seekExchanger } from './deal.ts';
import type { HandEvent } from './history.ts';
import { explainPlay } from './legality.ts';
import { LOC, cloneState, type HandState, type Trick } from './state.ts';
import type { Rng } from '../core/rng.ts';
import { signsOfHand } from './talk.ts';
import { cardsOf, seatsOf } from './observe.ts';

// ---- resampling the hidden cards ----

export class ResampleError extends Error {
  override name = 'ResampleError';
}

function addCard(lo: number[], weli: number[], seat: number, c: number): void {
  if (c === WELI) weli[seat] = 1;
  else lo[seat] = (lo[seat]! | (1 << c)) >>> 0;
}

function removeCard(lo: number[], weli: number[], seat: number, c: number): void {
  if (c === WELI) weli[seat] = 0;
  else lo[seat] = (lo[seat]! & ~(1 << c)) >>> 0;
}

/**
 * Is the candidate world `w` consistent with the public course of the hand as `mine` saw it? Replays,
 * from the hands each seat held, the exchanges (each exchanger must have been the first seat able to;
 * a seat that could not decline — compulsory — cannot have been skipped) and every card play (each must
 * have been legal). Only events the observer saw are used.
 */
function consistent(w: HandState, mine: readonly number[]): boolean {
  const seats = w.table.seats;
  const lo = w.handLo.slice();
  const weli = w.handWeli.slice();
  // Undo the play: every played card back to its seat.
  for (const t of w.tricks) for (const p of t.plays) addCard(lo, weli, p.seat, p.card);
  const atPlay = { lo: lo.slice(), weli: weli.slice() };
  // The signs the observer's seats received (RULES §13): each partner's hand at the first lead gives them.
  if (w.perl !== null && w.startLo.length === seats) {
    for (const e of w.events) {
      if (e.type === 'play') break; // every sign is given before the first card
      if (e.type !== 'sign' || !mine.includes(e.to)) continue;
      const g = signsOfHand(w.perl, atPlay.lo[e.seat]!, atPlay.weli[e.seat]!);
      if (g.trumps !== e.trumps || g.perlaggen !== e.perlaggen || g.best !== e.best) return false;
    }
  }
  // Undo the exchanges (in reverse): the seat gave `gave` and took `took`.
  for (let i = w.exchanges.length - 1; i >= 0; i--) {
    const x = w.exchanges[i]!;
    removeCard(lo, weli, x.seat, x.took);
    addCard(lo, weli, x.seat, x.gave);
  }
  if (w.perl !== null && !exchangeConsistent(w, lo, weli)) return false;
  // Replay the tricks: every play must have been legal — unless revokes can happen at this table (then a
  // play proves nothing about the cards held) or did (a recorded game's infraction).
  if (w.revokesAllowed || w.revokes.length > 0) return true;
  const hands = { ...w, handLo: atPlay.lo, handWeli: atPlay.weli } as HandState;
  for (const t of w.tricks) {
    const partial: Trick = { leader: t.leader, plays: [], winner: -1 };
    const view = { ...hands, tricks: [partial] } as HandState;
    for (const p of t.plays) {
      if (explainPlay(view, p.seat, p.card, p.as) !== null) return false;
      removeCard(view.handLo, view.handWeli, p.seat, p.card);
      partial.plays.push(p);
    }
  }
  void seats;
  void mine; // every offer and decision of the exchange is public (exchangeConsistent)
  return true;
}

/** A partner whose signs the observer received, with what his hidden cards must hold to give them. */
interface SignedSeat {
  seat: number;
  /** Slot indices (into the pool's slots) of his hidden cards. */
  slots: number[];
  trumps: number;
  /** The best Perlagg, when it is among the hidden cards (else -1), and the Perlaggen below it still needed. */
  best: number;
  bestLevel: number;
  below: number;
  others: number;
}

function signedSeats(s: HandState, mine: readonly number[], known: Uint8Array, slots: readonly number[]): SignedSeat[] {
  const perl = s.perl;
  if (perl === null || s.startLo.length !== s.table.seats || s.ruleset.partnerInfo === 'none') return [];
  const trumpMask = (0xff << ('HSLE'.indexOf(perl.trump) * 8)) >>> 0;
  const out: SignedSeat[] = [];
  for (const e of s.events) {
    if (e.type === 'play') break;
    if (e.type !== 'sign' || !mine.includes(e.to) || mine.includes(e.seat) || out.some((x) => x.seat === e.seat)) continue;
    const mySlots: number[] = [];
    for (let i = 0; i < slots.length; i++) if (slots[i] === e.seat) mySlots.push(i);
    // his cards the observer knows: in hand and known, and those he played
    let kt = 0;
    let kp = 0;
    let bestKnown = false;
    let aboveKnown = false;
    const bestLevel = e.best >= 0 ? perl.level[e.best]! : 0;
    const count = (c: number) => {
      if (perl.level[c]! > 0) {
        kp++;
        if (c === e.best) bestKnown = true;
        else if (perl.level[c]! > bestLevel) aboveKnown = true;
      } else if (c !== WELI && ((trumpMask >>> c) & 1) === 1) kt++;
    };
    for (const c of cardsOf(s, e.seat)) if (known[c] === 1) count(c);
    for (const t of s.tricks) for (const p of t.plays) if (p.seat === e.seat) count(p.card);
    const needBest = e.best >= 0 && !bestKnown ? 1 : 0;
    const below = e.perlaggen - kp - needBest;
    const others = mySlots.length - (e.trumps - kt) - (e.perlaggen - kp);
    // signs that cannot be met give no world: the check in `consistent` rejects every one
    if (aboveKnown || below < 0 || e.trumps - kt < 0 || others < 0 || (e.best < 0 && e.perlaggen > 0)) return [{ seat: e.seat, slots: mySlots, trumps: -1, best: -1, bestLevel: 0, below: -1, others: -1 }];
    out.push({ seat: e.seat, slots: mySlots, trumps: e.trumps - kt, best: needBest === 1 ? e.best : -1, bestLevel, below, others });
  }
  return out;
}

/** The shuffled pool re-laid so that each signed partner's slots get cards of the signed kinds; null if impossible. */
function laySigned(s: HandState, cards: readonly number[], slots: readonly number[], signed: readonly SignedSeat[], rng: Rng): number[] | null {
  const perl = s.perl!;
  const trumpMask = (0xff << ('HSLE'.indexOf(perl.trump) * 8)) >>> 0;
  const out = new Array<number>(cards.length).fill(-1);
  const taken = new Uint8Array(cards.length);
  for (const g of signed) {
    if (g.trumps < 0) return null;
    let t = g.trumps;
    let b = g.best >= 0 ? 1 : 0;
    let below = g.below;
    let o = g.others;
    let k = 0;
    for (let i = 0; i < cards.length && t + b + below + o > 0; i++) {
      if (taken[i] === 1) continue;
      const c = cards[i]!;
      const level = perl.level[c]!;
      let take = false;
      if (level > 0) {
        if (c === g.best) take = b-- > 0;
        else if (level < g.bestLevel && below > 0) take = below-- > 0;
      } else if (c !== WELI && ((trumpMask >>> c) & 1) === 1) {
        if (t > 0) take = t-- > 0;
      } else if (o > 0) take = o-- > 0;
      if (take) {
        taken[i] = 1;
        out[g.slots[k++]!] = c;
      }
    }
    if (t + b + below + o > 0) return null;
  }
  // The rest in a fresh order: what is left of the shuffle after taking the first cards of some kinds is not
  // a uniform order any more (a kind's remaining cards drift to the back).
  const rest: number[] = [];
  for (let i = 0; i < cards.length; i++) if (taken[i] === 0) rest.push(cards[i]!);
  for (let i = rest.length - 1; i > 0; i--) {
    const k = rng.below(i + 1);
    const x = rest[i]!;
    rest[i] = rest[k]!;
    rest[k] = x;
  }
  let j = 0;
  for (const c of rest) {
    while (out[j] !== -1) j++;
    out[j] = c;
  }
  void slots;
  return out;
}

/** The world's hands at the first lead (what each seat holds now and has played), once play has begun. */
function withStart(s: HandState, w: HandState): HandState {
  if (s.startLo.length === s.table.seats) {
    w.startLo = w.handLo.slice();
    w.startWeli = w.handWeli.slice();
    for (const t of w.tricks) for (const p of t.plays) addCard(w.startLo, w.startWeli, p.seat, p.card);
  }
  return w;
}

/**
 * Replays the exchange chain (deal.ts seekExchanger) on the world's hands as they were before the exchange
 * and compares it with the public record: every offer to the same seat, for the same face-up card, with the
 * same duty; every exchange one the seat could make. An exchange left to the partner (an infraction) ends
 * the check: the hand ended there.
 */
function exchangeConsistent(w: HandState, lo: readonly number[], weli: readonly number[]): boolean {
  let faceUp = w.faceUp;
  const skipped = w.skipped.slice();
  for (let i = w.exchanges.length - 1; i >= 0; i--) {
    const x = w.exchanges[i]!;
    if (faceUp === x.gave) faceUp = x.took;
    else skipped[skipped.indexOf(x.gave)] = x.took;
  }
  const fake = { ...w, handLo: lo.slice(), handWeli: weli.slice(), faceUp, skipped, loc: w.loc.slice(), exchanges: [], exchangeAt: 0, exchangeTarget: -1 } as HandState;
  const offers: Array<Extract<HandEvent, { type: 'exchangeOffer' }>> = [];
  const decisions: Array<Extract<HandEvent, { type: 'exchange' | 'exchangeDeclined' }>> = [];
  for (const e of w.events) {
    if (e.type === 'exchangeOffer') offers.push(e);
    else if (e.type === 'exchange' || e.type === 'exchangeDeclined') decisions.push(e);
  }
  for (let i = 0; ; i++) {
    const has = seekExchanger(fake);
    const off = offers[i];
    if (!has) return off === undefined;
    if (off === undefined) return false;
    const seat = exchangerNow(fake);
    if (off.seat !== seat || off.faceUp !== exchangeTarget(fake) || off.must !== exchangeIsCompulsory(fake, seat)) return false;
    const d = decisions[i];
    if (d === undefined) return w.phase === 'exchange'; // the decision pending now
    if (d.type === 'exchangeDeclined') {
      fake.exchangeAt += 1;
      continue;
    }
    if (d.seat !== seat) return true; // left to the partner: the hand ended there
    if (!exchangeCards(fake, seat).includes(d.gave)) return false;
    exchangeCardsOver(fake, seat, d.gave);
  }
}

/**
 * A copy of the state in which every card `player` cannot see has been redealt at random among the places
 * he cannot see (other hands' unknown cards, the unshown stock), consistently with everything he has seen.
 * Rejection sampling (uniform over the consistent worlds); gives up after `maxTries`. The signs the player
 * received are met by construction (each signing partner is dealt hidden cards of the signed kinds). Table
 * talk binds nothing (it need not be true): a bot that believes some of it passes `accept`, a further test
 * of the candidate world (its hands at the first lead in startLo/startWeli), and gets worlds uniform over
 * those it accepts.
 */
export function resampleHidden(s: HandState, player: number, rng: Rng, maxTries = 10000, accept?: (world: HandState) => boolean): HandState {
  const mine = seatsOf(s, player);
  const known = new Uint8Array(33);
  for (const seat of mine) for (const c of cardsOf(s, seat)) known[c] = 1;
  for (const c of s.cutKept) known[c] = 1; // shown at the cut
  for (const x of s.exchanges) known[x.took] = 1; // taken from the table in view of all
  for (const x of s.shows) if (x !== null) for (const c of x.cards) known[c.card] = 1;
  for (const c of s.shownStock) known[c] = 1;
  if (mine.includes(s.cutter) && s.cutSeen >= 0) known[s.cutSeen] = 1;
  if (mine.includes(s.cutter) && s.phase === 'cutKeep') known[s.deck[s.cutVisible]!] = 1;
  const pool: number[] = [];
  const slots: number[] = []; // seat, or -1 for a stock position
  const stockPos: number[] = [];
  for (let c = 0; c < 33; c++) {
    const l = s.loc[c]!;
    if (l === LOC.absent || known[c] === 1) continue;
    if (l >= 0 && l < s.table.seats) {
      pool.push(c);
      slots.push(l);
    } else if (l === LOC.stock) {
      pool.push(c);
      slots.push(-1);
      stockPos.push(s.stock.indexOf(c));
    } else if (l === LOC.pack) {
      pool.push(c);
      slots.push(-2);
    }
  }
  stockPos.sort((a, b) => a - b);
  const signed = signedSeats(s, mine, known, slots);
  const w = cloneState(s);
  for (let tries = 0; tries < maxTries; tries++) {
    // Shuffle the pool (Fisher–Yates) and lay it into the same slots.
    let cards = pool.slice();
    for (let i = cards.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const t = cards[i]!;
      cards[i] = cards[j]!;
      cards[j] = t;
    }
    if (signed.length > 0) {
      // RULES §13: a partner who gave signs gets hidden cards of the kinds they say — the first of each
      // kind in the shuffled order (a uniform choice within each kind); the rest are shuffled afresh.
      const laid = laySigned(s, cards, slots, signed, rng);
      if (laid === null) continue;
      cards = laid;
    }
    w.handLo = s.handLo.slice();
    w.handWeli = s.handWeli.slice();
    for (const c of pool) {
      const l = s.loc[c]!;
      if (l >= 0 && l < s.table.seats) removeCard(w.handLo, w.handWeli, l, c);
    }
    const stock = s.stock.slice();
    let sp = 0;
    const packCards: number[] = [];
    for (let i = 0; i < cards.length; i++) {
      const c = cards[i]!;
      const slot = slots[i]!;
      if (slot >= 0) {
        addCard(w.handLo, w.handWeli, slot, c);
        w.loc[c] = slot;
      } else if (slot === -1) {
        stock[stockPos[sp++]!] = c;
        w.loc[c] = LOC.stock;
      } else {
        packCards.push(c);
        w.loc[c] = LOC.pack;
      }
    }
    w.stock = stock;
    if (consistent(w, mine) && (accept === undefined || accept(withStart(s, w)))) {
      withStart(s, w);
      if (packCards.length > 0 || s.phase === 'shuffle' || s.phase === 'cut' || s.phase === 'cutKeep') {
        // Before the deal nothing is known but the cut: the pack order is itself hidden.
        let k = 0;
        w.deck = s.deck.map((c) => (known[c] === 1 || s.loc[c] !== LOC.pack ? c : packCards[k++] ?? c));
      }
      return w;
    }
  }
  throw new ResampleError(`no consistent world found for player ${player} in ${maxTries} tries`);
}
