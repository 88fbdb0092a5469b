// Worlds consistent with what a seat knows (issue 13; GUIDE §6 "Sampling worlds"): a deal of the cards a
// seat cannot see, drawn uniformly over every deal that agrees with its Observation — and nothing else
// (the Observation is all a policy is given: GUIDE guideline 3).
//
// What a seat knows, and where it comes from in the rules:
//   - the cards it holds and sees (the dummy's for its holder, RULES §3), every card laid with its
//     christening (§6.1 the cards lie open), the turned card and skipped turn-up cards (§4.4, A-32), the stock
//     cards shown (§4.5, A-09), the Perlaggen the cutter kept (§4.2, A-31) and, for the cutter, the card he
//     saw at the bottom of his packet, the exchanges (§4.6), the cards shown at the end (§7.4);
//   - what the exchange reveals (§4.6, A-10): the engine offers the face-up Perlagg to the first seat of the
//     exchange order that can give a card for it, so the seats passed over could not; the offer says whether
//     the exchange is compulsory (1853: he holds a plain trump) — so a dealer who did not exchange holds none;
//   - what following reveals (§6.2 with every `follow` switch, A-04, A-05): a card that did not follow when
//     the rules say it must have, shows that the seat held none of the cards that would have obliged it (a
//     Perlagg is exempt where the ruleset says so); must-overtake shows it held no card that would have won;
//   - what the bidding reveals (§8.5, GC-34; §11.4): a seat bound to a figure lays a Perlagg only so that it
//     can still make the figure; an ask is judged truthful or false in public; a rejection needs a figure.
//
// Constraints. Everything above becomes a WorldConstraint, derived from the Observation by the sources in
// CONSTRAINT_SOURCES. A 'count' constraint bounds how many cards of a set a seat's five cards hold (its
// hand now plus the cards it has laid: the cards it held at the first lead); a 'predicate' constraint is
// any test of a whole world. More knowledge — the partner signs (issue 10: at the first
// lead a seat learns its partner's number of trumps, of Perlaggen and his best Perlagg: signsSource) — is
// more constraints: a new source in CONSTRAINT_SOURCES, or `constraints` passed to the sampler; the sampler
// does not change. Spoken table talk is not a source: it need not be true (RULES §13).
//
// Sampling, exactly uniform over the consistent deals (the hidden cards' places: each other hand, the
// observer's own hand when he has not looked at it, the unseen stock):
//   'exact' (default): the hidden cards are grouped into classes of cards that every count constraint treats
//     alike; the number of deals is counted exactly by a dynamic programme over the classes (state: the
//     room left in each place and the constrained counts so far), then a deal is drawn class by class with
//     probability proportional to its number of completions, and the cards inside a class are shuffled into
//     the places drawn. Counts are doubles (exact to 2^-52 relative, far below any test's resolution).
//     Predicate constraints are then checked by rejection on top (still uniform: rejection from a uniform
//     superset).
//   'rejection': every hidden card shuffled into the places, the whole deal rejected until it satisfies every
//     constraint. Exact, simple, and slow where the constraints are tight: the twin of 'exact' in the tests.
import { WELI } from '../cards/card.ts';
import { popcount32 } from '../cards/mask.ts';
import { resolveRuleset } from '../rules/registry.ts';
import { perlaggenOf } from '../rules/perlaggen.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { figureContext } from '../eval/evaluate.ts';
import { codeCount, wordGleich, wordHanger } from '../eval/figures.ts';
import { jointFrontier } from '../engine/joint.ts';
import { boundNeed, frontierMeetsScan, mayTakeOn } from '../engine/bound-seat.ts';
import type { HandEvent } from '../engine/history.ts';
import type { Observation } from '../engine/observation.ts';
import { NO_AS, SUIT_MASK, kernelRules, type KernelRules } from './rules.ts';

/** A uniform random source (the policy API's RandomSource). */
export interface WorldRandom {
  nextUint32(): number;
}

/** A deal of every card: what the observer knows plus what was sampled. In the form the playout kernel takes (Playout.setHands). */
export interface World {
  readonly seats: number;
  /** Each seat's cards now: suited bits (card.ts layout) and the Weli flag. */
  readonly handLo: Int32Array;
  readonly handWeli: Uint8Array;
  /** The unseen stock's cards (with the shown ones). */
  stockLo: number;
  stockWeli: number;
}

/**
 * Something the world must satisfy.
 * - 'count': the seat's five cards (its hand now and the cards it has laid) hold between min and max cards
 *   of the set (lo: suited cards, card.ts layout; weli: 1 = the Weli belongs to the set).
 * - 'predicate': any test of a whole world (checked by rejection: keep such constraints loose).
 */
export type WorldConstraint =
  | { readonly kind: 'count'; readonly seat: number; readonly lo: number; readonly weli: 0 | 1; readonly min: number; readonly max: number; readonly why: string }
  | { readonly kind: 'predicate'; readonly test: (w: World) => boolean; readonly why: string };

/** An observation that no deal agrees with, or a sampler that gave up. */
export class WorldError extends Error {
  override name = 'WorldError';
}

export interface WorldOptions {
  /** More constraints (beyond those derived from the observation). */
  readonly constraints?: readonly WorldConstraint[];
  /** 'exact' (default) or 'rejection'. */
  readonly method?: 'exact' | 'rejection';
  /** Draws before giving up (rejection, and predicate constraints): default 100,000. */
  readonly maxTries?: number;
}

// ---- what the observation says, as facts about places ----

const STOCK = -1;

/** The public facts of a deal as the observer knows them (built once per observation). */
export interface Knowledge {
  readonly ruleset: RulesVariant;
  readonly rules: KernelRules;
  readonly seats: number;
  readonly handSize: number;
  /** Cards known to be in each seat's hand now. */
  readonly knownLo: Int32Array;
  readonly knownWeli: Uint8Array;
  /** Cards each seat has laid in tricks. */
  readonly laidLo: Int32Array;
  readonly laidWeli: Uint8Array;
  /** Known stock cards. */
  readonly stockKnownLo: number;
  readonly stockKnownWeli: number;
  /** Hidden cards per seat, and in the stock. */
  readonly hiddenPerSeat: Int32Array;
  readonly hiddenStock: number;
  /** The cards nobody told the observer about. */
  readonly hidden: readonly number[];
}

const rulesetCache = new Map<string, RulesVariant>();

export function rulesetOf(obs: Observation): RulesVariant {
  let r = rulesetCache.get(obs.ruleset);
  if (r === undefined) rulesetCache.set(obs.ruleset, (r = resolveRuleset(obs.ruleset)));
  return r;
}

export const has = (lo: number, weli: number, c: number): boolean => (c === WELI ? weli === 1 : ((lo >>> c) & 1) === 1);

const suitOfCard = (c: number): number => (c === WELI ? 1 : c >>> 3);

/** Work out where every card the observer knows is, and how many cards each place hides. */
export function knowledgeOf(obs: Observation): Knowledge {
  if (obs.trump === null) throw new WorldError('no world before the deal: trump is not turned up yet');
  const r = rulesetOf(obs);
  const rules = kernelRules(r, obs.trump as 'H');
  const seats = obs.seats;
  const deckSize = r.deckHasWeli ? 33 : 32;
  const where = new Int8Array(33).fill(-9); // -9 unknown, -8 out (laid, face up, skipped), -1 stock, seat
  const OUT = -8;
  const knownLo = new Int32Array(seats);
  const knownWeli = new Uint8Array(seats);
  const laidLo = new Int32Array(seats);
  const laidWeli = new Uint8Array(seats);
  const put = (c: number, w: number, what: string): void => {
    if (!(c >= 0 && c < deckSize)) throw new WorldError(`${what}: ${c} is not a card of this deck`);
    if (where[c] !== -9 && where[c] !== w) throw new WorldError(`${what}: card ${c} is known to be in two places`);
    where[c] = w;
  };
  for (const t of obs.tricks) {
    for (const p of t.plays) {
      put(p.card, OUT, 'a laid card');
      if (p.card === WELI) laidWeli[p.seat] = 1;
      else laidLo[p.seat]! |= 1 << p.card;
    }
  }
  const laid = (seat: number, c: number): boolean => has(laidLo[seat]!, laidWeli[seat]!, c);
  if (obs.faceUp >= 0) put(obs.faceUp, OUT, 'the face-up card');
  for (const c of obs.skipped) put(c, OUT, 'a skipped card');
  const inHand = (seat: number, c: number, what: string): void => {
    put(c, seat, what);
    if (c === WELI) knownWeli[seat] = 1;
    else knownLo[seat]! |= 1 << c;
  };
  // the cutter's kept Perlaggen, then the exchanges in order: a taken card goes into the exchanger's hand, a
  // given one lies face up (and may be taken on)
  const holder = new Map<number, number>();
  for (const c of obs.cutKept) holder.set(c, obs.cutter);
  for (const x of obs.exchanges) {
    holder.set(x.gave, -1);
    holder.set(x.took, x.seat);
  }
  for (const [c, seat] of holder) if (seat >= 0 && !laid(seat, c)) inHand(seat, c, 'a card kept at the cut or taken in an exchange');
  const once = (cards: readonly number[], what: string): readonly number[] => {
    if (new Set(cards).size !== cards.length) throw new WorldError(`${what} names a card twice`);
    return cards;
  };
  for (const c of once(obs.hand, 'the own hand')) inHand(obs.seat, c, 'an own card');
  for (const h of obs.seenHands) for (const c of once(h.cards, `the hand of P${h.seat + 1}`)) inHand(h.seat, c, 'a card of a seen hand');
  for (const x of obs.shown) for (const c of x.cards) inHand(x.seat, c.card, 'a shown card');
  let stockKnownLo = 0;
  let stockKnownWeli = 0;
  const inStock = (c: number, what: string): void => {
    put(c, STOCK, what);
    if (c === WELI) stockKnownWeli = 1;
    else stockKnownLo |= 1 << c;
  };
  for (const c of obs.stockShown) inStock(c, 'a shown stock card');
  if (obs.cutSeen >= 0 && where[obs.cutSeen] === -9) inStock(obs.cutSeen, 'the card seen at the cut'); // the bottom of the pack
  const hiddenPerSeat = new Int32Array(seats);
  let total = 0;
  for (let s = 0; s < seats; s++) {
    const n = obs.handSize - (popcount32(laidLo[s]!) + laidWeli[s]!) - (popcount32(knownLo[s]!) + knownWeli[s]!);
    if (n < 0) throw new WorldError(`P${s + 1} would hold more than ${obs.handSize} cards`);
    hiddenPerSeat[s] = n;
    total += n;
  }
  const stockSize = deckSize - seats * obs.handSize - obs.skipped.length - 1;
  const hiddenStock = stockSize - (popcount32(stockKnownLo) + stockKnownWeli);
  if (hiddenStock < 0) throw new WorldError('more stock cards known than the stock holds');
  const hidden: number[] = [];
  for (let c = 0; c < deckSize; c++) if (where[c] === -9) hidden.push(c);
  if (hidden.length !== total + hiddenStock) {
    throw new WorldError(`the observation does not add up: ${hidden.length} unseen cards for ${total + hiddenStock} unseen places`);
  }
  return { ruleset: r, rules, seats, handSize: obs.handSize, knownLo, knownWeli, laidLo, laidWeli, stockKnownLo, stockKnownWeli, hiddenPerSeat, hiddenStock, hidden };
}

// ---- the sources of constraints ----

/** A source of constraints: what one kind of public knowledge says about the hidden cards. */
export type ConstraintSource = (obs: Observation, k: Knowledge) => WorldConstraint[];

/** A set of cards as (lo, weli). */
export interface Cards {
  lo: number;
  weli: 0 | 1;
}

const cardsOf = (lo: number, weli: number): Cards => ({ lo: lo >>> 0, weli: weli ? 1 : 0 });

const countIn = (lo: number, weli: number, set: Cards): number => popcount32(lo & set.lo) + (weli & set.weli);

/**
 * RULES §6.2: every card laid while the seat had to follow. The seat's hand then was its five cards less
 * those it had laid before; a card the rules allow only when the seat holds no card of a set shows that
 * it held none of them.
 */
export const followSource: ConstraintSource = (obs, k) => {
  const R = k.rules;
  if (!R.mustFollow) return [];
  const out: WorldConstraint[] = [];
  const laidBeforeLo = new Int32Array(k.seats);
  const laidBeforeW = new Uint8Array(k.seats);
  const plainOfSuit = (s: number): number => SUIT_MASK[s]! & ~R.perlLo;
  for (let t = 0; t < obs.tricks.length; t++) {
    const plays = obs.tricks[t]!.plays;
    let bestS = -1;
    let bestP = -1;
    let led = -1;
    for (let i = 0; i < plays.length; i++) {
      const p = plays[i]!;
      const idx = p.card * 33 + (p.as === null ? NO_AS : p.as);
      const es = R.effSuit[idx]!;
      const pw = R.power[idx]!;
      if (i > 0 && (!R.watten || led === R.trump)) {
        // the cards whose holding obliges: plain cards of the suit led (and every Perlagg, A-04 strict)
        const holdSet = cardsOf(plainOfSuit(led) | (R.perlaggHoldsSuit ? R.perlLo : 0), R.perlaggHoldsSuit ? R.weliPerl : 0);
        let avoid: Cards | null = null;
        let why = '';
        const isPerlagg = R.level[p.card]! > 0;
        const wouldWin = (c: number): boolean => {
          const j = c * 33 + NO_AS;
          const s = R.effSuit[j]!;
          return s === bestS ? R.power[j]! > bestP : s === R.trump;
        };
        if (isPerlagg) {
          if (!R.perlaggOffSuit && es !== led && es !== R.trump) {
            avoid = holdSet;
            why = 'a Perlagg christened off suit: holds nothing of the suit led (A-04)';
          }
        } else {
          const cs = suitOfCard(p.card);
          if (cs === led) {
            if (R.mustOvertake) {
              let w = 0;
              let m = plainOfSuit(led) >>> 0;
              while (m !== 0) {
                const c = 31 - Math.clz32(m & -m);
                m &= m - 1;
                if (wouldWin(c)) w |= 1 << c;
              }
              if (((w >>> p.card) & 1) === 0 && w !== 0) {
                avoid = cardsOf(w, 0);
                why = 'followed without overtaking: holds no card that would have won (mustOvertake)';
              }
            }
          } else if (cs === R.trump && R.mayTrump) {
            if (R.trumpOnlyIfWinning && !wouldWin(p.card)) {
              avoid = holdSet;
              why = 'a trump that does not win instead of the suit led: holds none of it (A-05)';
            }
          } else {
            avoid = holdSet;
            why = 'did not follow: holds none of the suit led (RULES §6.2)';
          }
        }
        if (avoid !== null) {
          // in hand then = the five cards less those laid before (the card laid now is not in the set)
          const lo = (avoid.lo & ~laidBeforeLo[p.seat]! & ~(p.card === WELI ? 0 : 1 << p.card)) >>> 0;
          const weli: 0 | 1 = avoid.weli === 1 && laidBeforeW[p.seat] === 0 && p.card !== WELI ? 1 : 0;
          if (lo !== 0 || weli !== 0) out.push({ kind: 'count', seat: p.seat, lo, weli, min: 0, max: 0, why: `trick ${t + 1}, P${p.seat + 1}: ${why}` });
        }
      }
      if (i === 0) {
        led = es;
        bestS = es;
        bestP = pw;
      } else if (es === bestS) {
        if (pw > bestP) bestP = pw;
      } else if (es === R.trump) {
        bestS = es;
        bestP = pw;
      }
      if (p.card === WELI) laidBeforeW[p.seat] = 1;
      else laidBeforeLo[p.seat]! |= 1 << p.card;
    }
  }
  return out;
};

/** The exchange events, and the face-up Perlaggen in turn: the turned card, then each card laid aside at the turn-up where they may be taken. */
function exchangeTargets(obs: Observation, r: RulesVariant): { events: Array<Extract<HandEvent, { type: 'exchangeOffer' | 'exchange' | 'exchangeDeclined' }>>; targets: number[] } {
  const events = obs.history.filter((e): e is Extract<HandEvent, { type: 'exchangeOffer' | 'exchange' | 'exchangeDeclined' }> => e.type === 'exchangeOffer' || e.type === 'exchange' || e.type === 'exchangeDeclined');
  const targets = [obs.turned];
  if (r.skippedTurnCards === 'perlaggenExchangeable') for (const h of obs.history) if (h.type === 'skipped') targets.push(h.card);
  return { events, targets };
}

/** The exchange order (RULES §4.6): the dealer, his partners, then (where the rules say so) the opponents. */
function exchangeOrder(obs: Observation, seats: number, opponentsToo: boolean): number[] {
  const party = obs.party;
  const order = [obs.dealer];
  for (let i = 1; i < seats; i++) {
    const seat = (obs.dealer + i) % seats;
    if (party[seat] === party[obs.dealer]) order.push(seat);
  }
  if (opponentsToo) {
    for (let i = 1; i < seats; i++) {
      const seat = (obs.dealer + i) % seats;
      if (party[seat] !== party[obs.dealer]) order.push(seat);
    }
  }
  return order;
}

/** The cards that may be given for the face-up f (engine/deal.ts exchangeCards), and the plain ones among them. */
function giveableFor(k: Knowledge, obs: Observation, f: number): { all: Cards; plain: Cards } {
  const r = k.ruleset;
  const R = k.rules;
  const ex = r.exchange;
  const perm = perlaggenOf(r, obs.trump as 'H').permanent;
  const deckTop = r.deckHasWeli ? WELI : 31;
  const lvlF = R.level[f]!;
  const fs = f === WELI ? 'HSLE'.indexOf(r.turnedWeliTrump) : suitOfCard(f);
  const all = { lo: 0, weli: 0 as 0 | 1 };
  const plain = { lo: 0, weli: 0 as 0 | 1 };
  for (let c = 0; c <= deckTop; c++) {
    const l = R.level[c]!;
    const cs = suitOfCard(c);
    let ok = false;
    let isPlain = false;
    if (l === 0) {
      ok = cs === fs;
      isPlain = ok;
    } else if (l < lvlF && fs === R.trump) {
      if (ex.lowerPerlaggMay && cs === fs) ok = true;
      else if (ex.eichelImprove && cs === 3 && perm.includes(c)) ok = true;
    }
    if (!ok) continue;
    if (c === WELI) all.weli = 1;
    else all.lo = (all.lo | (1 << c)) >>> 0;
    if (isPlain) {
      if (c === WELI) plain.weli = 1;
      else plain.lo = (plain.lo | (1 << c)) >>> 0;
    }
  }
  return { all, plain };
}

/** The cards of the face-up f's suit ("einen Trumpf" [000 p.19], [003 §7]; the Weli is a Schell card by nature, A-11). */
function suitSetOf(r: RulesVariant, f: number): Cards {
  const fs = f === WELI ? 'HSLE'.indexOf(r.turnedWeliTrump) : suitOfCard(f);
  return { lo: ((0xff << (fs * 8)) >>> 0) as number, weli: (fs === 1 && r.deckHasWeli ? 1 : 0) as 0 | 1 };
}

/** A seat's hand at a step of the exchange, in a world (its five cards less later takes, plus later gives). */
function handAtExchange(w: World, k: Knowledge, seat: number, take: readonly number[], give: readonly number[]): { lo: number; weli: number } {
  let lo = (w.handLo[seat]! | k.laidLo[seat]!) >>> 0;
  let weli = w.handWeli[seat]! | k.laidWeli[seat]!;
  for (const c of take) if (c === WELI) weli = 0;
  else lo = (lo & ~(1 << c)) >>> 0;
  for (const c of give) if (c === WELI) weli = 1;
  else lo = (lo | (1 << c)) >>> 0;
  return { lo, weli };
}

const meetsSet = (h: { lo: number; weli: number }, set: Cards): boolean => (h.lo & set.lo) !== 0 || (h.weli === 1 && set.weli === 1);

/** What an offer of the face-up Perlagg to `seat` shows: he could give a card for it; the dealer's partner: the dealer held none of its suit; the duty to exchange. */
function offeredConstraints(k: Knowledge, obs: Observation, seat: number, suit: Cards, g: { all: Cards; plain: Cards }, must: boolean, handCount: (seat: number, set: Cards, min: number, max: number, why: string) => void): void {
  const ex = k.ruleset.exchange;
  const dealer = obs.dealer;
  handCount(seat, g.all, 1, k.handSize, `P${seat + 1} was offered the face-up Perlagg: he could give a card for it`);
  if (seat !== dealer && obs.party[seat] === obs.party[dealer] && ex.partnerOnlyIfDealerHasNoTrump) {
    handCount(dealer, suit, 0, 0, `P${seat + 1}, the dealer's partner, was offered the face-up Perlagg: the dealer held no card of its suit (A-10)`);
  }
  if (ex.duty === 'plainTrumpCompulsory') {
    if (must) handCount(seat, g.plain, 1, k.handSize, `P${seat + 1} had to exchange: he held a plain card of its suit (A-10)`);
    else handCount(seat, g.plain, 0, 0, `P${seat + 1} did not have to exchange: he held no plain card of its suit (A-10)`);
  }
}

/**
 * RULES §4.6, A-10: the exchange of a turned-up Perlagg, replayed from the public events. The face-up
 * Perlagg is offered to the first seat of the exchange order able to give a card for it: those passed
 * over could not; the offer says whether the exchange is compulsory (a plain card of its suit, 1853).
 */
export const exchangeSource: ConstraintSource = (obs, k) => {
  const r = k.ruleset;
  const R = k.rules;
  if (obs.turned < 0) return [];
  const ex = r.exchange;
  const party = obs.party;
  const order = exchangeOrder(obs, k.seats, ex.who === 'dealerPartnerThenOpponents');
  const giveable = (f: number): { all: Cards; plain: Cards } => giveableFor(k, obs, f);
  const seats = k.seats;
  // the seat's hand at each step = its five cards - cards it takes later + cards it gives later
  const takeLater: number[][] = Array.from({ length: seats }, () => []);
  const giveLater: number[][] = Array.from({ length: seats }, () => []);
  for (const x of obs.exchanges) {
    takeLater[x.seat]!.push(x.took);
    giveLater[x.seat]!.push(x.gave);
  }
  const out: WorldConstraint[] = [];
  /** count(hand now-at-this-step ∩ set) in [min, max], as a constraint on the five cards. */
  const handCount = (seat: number, set: Cards, min: number, max: number, why: string): void => {
    let shift = 0;
    for (const c of takeLater[seat]!) if (has(set.lo, set.weli, c)) shift -= 1;
    for (const c of giveLater[seat]!) if (has(set.lo, set.weli, c)) shift += 1;
    out.push({ kind: 'count', seat, lo: set.lo, weli: set.weli, min: min - shift, max: max - shift, why });
  };
  // The engine's chain (engine/deal.ts seekExchanger), replayed over the face-up Perlaggen in turn: the
  // turned card, then (`skippedTurnCards: 'perlaggenExchangeable'`, A-32) each card laid aside at the turn-up.
  const { events, targets } = exchangeTargets(obs, r);
  const dealer = obs.dealer;
  const suitSet = (f: number): Cards => suitSetOf(r, f);
  const handNow = (w: World, seat: number, take: readonly number[], give: readonly number[]): { lo: number; weli: number } => handAtExchange(w, k, seat, take, give);
  const passedOver = (seat: number, f: number, g: { all: Cards }, dealerAble: boolean | null): void => {
    const partner = seat !== dealer && party[seat] === party[dealer];
    const why = `P${seat + 1} was passed over for the face-up Perlagg: he could give nothing for it (RULES §4.6)`;
    if (!partner) return handCount(seat, g.all, 0, 0, why);
    if (!ex.partnerOnlyIfDealerHasNoTrump) {
      // Oberland: the partner comes only when the dealer cannot take it [002 §1.3]
      if (dealerAble === true) return;
      return handCount(seat, g.all, 0, 0, why);
    }
    // 1853, Innsbruck: the partner comes only if the dealer holds no card of its suit
    if (dealerAble === true && !ex.eichelImprove) return; // the dealer could give a card of its suit
    const take = [takeLater[dealer]!.slice(), takeLater[seat]!.slice()];
    const give = [giveLater[dealer]!.slice(), giveLater[seat]!.slice()];
    const suit = suitSet(f);
    out.push({
      kind: 'predicate',
      why: `P${seat + 1} was passed over for the face-up Perlagg: the dealer held a card of its suit, or he could give nothing (RULES §4.6, A-10)`,
      test: (w) => meetsSet(handNow(w, dealer, take[0]!, give[0]!), suit) || !meetsSet(handNow(w, seat, take[1]!, give[1]!), g.all),
    });
  };
  let t = 0;
  let faceUp = targets[0]!;
  let at = 0;
  let dealerAble: boolean | null = null; // was the dealer offered this card in this round
  let e = 0;
  for (;;) {
    if (R.level[faceUp] === 0 || at >= order.length) {
      if (++t >= targets.length) break;
      faceUp = targets[t]!;
      at = 0;
      dealerAble = null;
      continue;
    }
    const g = giveable(faceUp);
    const offer = events[e];
    if (offer !== undefined && offer.type !== 'exchangeOffer') throw new WorldError(`the exchange events are out of order (${offer.type})`);
    const idx = offer !== undefined && offer.faceUp === faceUp ? order.indexOf(offer.seat, at) : -1;
    if (offer !== undefined && offer.faceUp === faceUp && idx < 0) throw new WorldError('an exchange offer the rules do not make');
    const until = idx < 0 ? order.length : idx;
    for (let i = at; i < until; i++) {
      const seat = order[i]!;
      passedOver(seat, faceUp, g, dealerAble);
      if (seat === dealer) dealerAble = false;
    }
    if (idx < 0) {
      // nobody (more) could or might take this one: the next face-up Perlagg
      at = order.length;
      continue;
    }
    const seat = offer!.seat;
    offeredConstraints(k, obs, seat, suitSet(faceUp), g, offer!.must, handCount);
    if (seat === dealer) dealerAble = true;
    e++;
    const answer = events[e];
    if (answer === undefined) break; // his decision is pending now
    e++;
    if (answer.type === 'exchange') {
      if (answer.seat !== seat) break; // left to the partner (an infraction): the hand ended there
      takeLater[answer.seat]!.shift();
      giveLater[answer.seat]!.shift();
      faceUp = answer.gave;
      at = 0;
      dealerAble = null;
    } else if (answer.type === 'exchangeDeclined') {
      at = idx + 1;
    } else throw new WorldError('an exchange offer answered by another offer');
  }
  return out;
};

/** The seat's cards at a point of the hand: its five less those laid before, with the laid ones' identities. */
function handAt(w: World, k: Knowledge, obs: Observation, seat: number, playsBefore: number): { lo: number; weli: number; played: Array<{ card: number; as: number | null }> } {
  let lo = w.handLo[seat]! | k.laidLo[seat]!;
  let weli = w.handWeli[seat]! | k.laidWeli[seat]!;
  const played: Array<{ card: number; as: number | null }> = [];
  let n = 0;
  for (const t of obs.tricks) {
    for (const p of t.plays) {
      if (n++ >= playsBefore) return { lo: lo >>> 0, weli, played };
      if (p.seat !== seat) continue;
      played.push({ card: p.card, as: p.as });
      if (p.card === WELI) weli = 0;
      else lo &= ~(1 << p.card);
    }
  }
  return { lo: lo >>> 0, weli, played };
}

/**
 * RULES §8.5 / GC-34 and §11.4: what the bidding reveals. The obligations are replayed
 * from the public bids, holds, raises, vetoes and declines (engine/obligations.ts bind): a bound seat lays a
 * Perlagg only so that its figures can still be made, if they could. An ask is judged in public (truthful
 * or not), and a rejection needs a figure of the answering seat.
 */
/** What an ask answered shows (RULES §11.4, A-30): the ask truthful or false; a rejecter holds a figure as multiple, and is bound to it. */
function askAnswerConstraints(
  obs: Observation,
  k: Knowledge,
  ctx: ReturnType<typeof figureContext>,
  a: { seat: number; count: number; kind: 'Gleich' | 'Hanger'; plays: number },
  e: Extract<HandEvent, { type: 'askAnswer' }>,
  askNeed: number[],
  out: WorldConstraint[],
): void {
  const rule = k.ruleset.askAtTargetMinus1;
  const counts = (w: World, seat: number): [number, number] => {
    const h = handAt(w, k, obs, seat, a.plays);
    let g = 0;
    let hh = 0;
    for (const word of jointFrontier(ctx, h.lo, h.weli, h.played)) {
      g = Math.max(g, codeCount(wordGleich(word)));
      hh = Math.max(hh, codeCount(wordHanger(word)));
    }
    return [g, hh];
  };
  const truthfulOf = (w: World): boolean => {
    const [g, h] = counts(w, a.seat);
    return rule === 'dritzig' ? (a.kind === 'Gleich' ? g >= a.count : h >= a.count) : Math.max(g, h) >= a.count;
  };
  let truthful: boolean | null = null;
  if (e.allow) truthful = e.truthful;
  else if (rule === 'dritzig') truthful = e.truthful === false ? false : true;
  if (truthful !== null) {
    const want = truthful;
    out.push({ kind: 'predicate', why: `the ask of P${a.seat + 1} was ${want ? 'truthful' : 'false'} (RULES §11.4)`, test: (w) => truthfulOf(w) === want });
  }
  if (!e.allow && e.seat >= 0) {
    const seat = e.seat;
    // the rejecter is bound to an equally multiple figure (A-30, engine/bid-ask.ts resolveAsk)
    if (k.ruleset.askBinds) askNeed[seat] = (a.count << 4) | ((rule === 'dritzig' && a.kind === 'Gleich' ? 1 : 3) << 8);
    out.push({
      kind: 'predicate',
      why: `P${seat + 1} rejected the ask: he has a figure as multiple (A-30)`,
      test: (w) => {
        const [g, h] = counts(w, seat);
        if (rule === 'dritzig') return a.kind === 'Gleich' ? g >= a.count : Math.max(g, h) >= a.count;
        if (rule === 'ibk1717') return Math.max(g, h) >= (k.ruleset.ibkTwofoldAt1717 ? 2 : 3);
        return Math.max(g, h) >= a.count;
      },
    });
  }
}

export const biddingSource: ConstraintSource = (obs, k) => {
  const out: WorldConstraint[] = [];
  const ctx = figureContext(k.ruleset, obs.trump as 'H');
  const figIdx = (f: string): number => (f === 'Gleich' ? 1 : f === 'Hanger' ? 2 : 0);
  // obligations: per seat, the figure bits (2 Gleich, 4 Hanger) at each play
  const bound = new Array<number>(k.seats).fill(0);
  /** Per seat: the asked figure it is bound to (count << 4 | types << 8, as engine/bid-state.ts askNeed). */
  const askNeed = new Array<number>(k.seats).fill(0);
  let undo: number[] | null = null;
  let plays = 0;
  const rule = k.ruleset.askAtTargetMinus1;
  let ask: { seat: number; count: number; kind: 'Gleich' | 'Hanger'; plays: number } | null = null;
  const checks: Array<{ seat: number; figs: number; ask: number; plays: number; card: number; as: number | null }> = [];
  const partyOf = obs.party;
  // [000 p.30] rule 3 (engine/bound-seat.ts mayTakeOn): a seat bound to the Dritzige bid, held or raised a
  // Gleich or Hanger only if it could show it together with what binds it
  const taken: Array<{ seat: number; figs: number; ask: number; take: number; plays: number }> = [];
  const takes = (seat: number, figures: readonly string[]): void => {
    if (askNeed[seat] === 0 || k.ruleset.askObligation !== 'dritzigeFirst') return;
    let take = 0;
    for (const f of figures) if (figIdx(f) > 0) take |= 1 << figIdx(f);
    if (take !== 0) taken.push({ seat, figs: bound[seat]!, ask: askNeed[seat]!, take, plays });
  };
  for (const e of obs.history) {
    switch (e.type) {
      case 'bid': {
        undo = bound.slice();
        takes(e.seat, e.figures);
        if (!e.unseen) for (let i = 0; i < e.kept; i++) { const f = figIdx(e.figures[i]!); if (f > 0) bound[e.seat]! |= 1 << f; }
        break;
      }
      case 'raise':
        undo = bound.slice(); // a Drei said in answer may be vetoed too (1853 [000 p.33])
        takes(e.seat, [e.figure]);
        if (e.valid && figIdx(e.figure) > 0) bound[e.seat]! |= 1 << figIdx(e.figure);
        break;
      case 'answer':
        if (e.answer === 'hold') undo = bound.slice(); // a hold may be vetoed (1853 [000 p.33])
        if (e.answer === 'hold') takes(e.seat, [e.figure]);
        if (e.answer === 'hold' && figIdx(e.figure) > 0) bound[e.seat]! |= 1 << figIdx(e.figure);
        if (e.answer === 'gut' && !k.ruleset.obligationSurvivesDecline && figIdx(e.figure) > 0) {
          for (let s = 0; s < k.seats; s++) if (partyOf[s] === e.party) bound[s]! &= ~(1 << figIdx(e.figure));
        }
        break;
      case 'veto':
        if (e.veto && undo !== null) for (let s = 0; s < k.seats; s++) bound[s] = undo[s]!;
        break;
      case 'play':
        if ((bound[e.seat]! | askNeed[e.seat]!) !== 0 && k.rules.level[e.card]! > 0) checks.push({ seat: e.seat, figs: bound[e.seat]!, ask: askNeed[e.seat]!, plays, card: e.card, as: e.as });
        plays++;
        break;
      case 'ask':
        ask = { seat: e.seat, count: e.count, kind: e.kind, plays };
        // the asker is bound to what he asked with ([000 p.30] rule 3, engine/bid-ask.ts applyAsk)
        if (k.ruleset.askBinds) askNeed[e.seat] = (e.count << 4) | ((rule === 'dritzig' ? (e.kind === 'Gleich' ? 1 : 2) : 3) << 8);
        break;
      case 'askAnswer':
        if (ask !== null) askAnswerConstraints(obs, k, ctx, ask, e, askNeed, out);
        break;
      default:
        break;
    }
  }
  for (const c of taken) {
    out.push({
      kind: 'predicate',
      why: `P${c.seat + 1}, bound to the Dritzige, bid or held a figure he can show with it ([000 p.30] rule 3)`,
      test: (w) => {
        const h = handAt(w, k, obs, c.seat, c.plays);
        const frontier = jointFrontier(ctx, h.lo, h.weli, h.played);
        return mayTakeOn(k.ruleset.askObligation, c.ask, boundNeed(k.ruleset.askObligation, c.ask, c.figs, frontier), c.take, frontier);
      },
    });
  }
  for (const c of checks) {
    out.push({
      kind: 'predicate',
      why: `P${c.seat + 1} was bound to his figure when he laid a Perlagg (RULES §8.5, GC-34)`,
      test: (w) => {
        const h = handAt(w, k, obs, c.seat, c.plays);
        const frontier = jointFrontier(ctx, h.lo, h.weli, h.played);
        // what binds when the Dritzige and the figures said collide ([000 p.30] rule 3, engine/bound-seat.ts)
        const need = boundNeed(k.ruleset.askObligation, c.ask, c.figs, frontier);
        if (!frontierMeetsScan(frontier, need)) return true; // he could not make it anyway
        const lo = c.card === WELI ? h.lo : (h.lo & ~(1 << c.card)) >>> 0;
        const weli = c.card === WELI ? 0 : h.weli;
        return frontierMeetsScan(jointFrontier(ctx, lo, weli, [...h.played, { card: c.card, as: c.as }]), need);
      },
    });
  }
  return out;
};

/**
 * RULES §7.4, §9: in the showing, a seat with a single way to show is shown at once; so the seat whose turn
 * it is to show (the first of the showing order not yet shown) has at least two: its joint frontier (the
 * entries making its bound figures, when any does, §8.5) has two entries or more.
 */
export const showingSource: ConstraintSource = (obs, k) => {
  if (obs.phase !== 'show') return [];
  const seats = k.seats;
  const spiel = obs.spielParty;
  const order: number[] = [];
  for (let i = 0; i < seats; i++) {
    const s = (obs.vorhand + i) % seats;
    if (spiel >= 0 && obs.party[s] === spiel) order.push(s);
  }
  for (let i = 0; i < seats; i++) {
    const s = (obs.vorhand + i) % seats;
    if (!order.includes(s)) order.push(s);
  }
  const done = new Set(obs.shown.map((x) => x.seat));
  const seat = order.find((s) => !done.has(s));
  if (seat === undefined || k.hiddenPerSeat[seat] === 0) return [];
  const ctx = figureContext(k.ruleset, obs.trump as 'H');
  const need = obligationsNow(obs)[seat]!;
  const played: Array<{ card: number; as: number | null }> = [];
  for (const t of obs.tricks) for (const p of t.plays) if (p.seat === seat) played.push({ card: p.card, as: p.as });
  const makes = (w: number): boolean => !((need & 2) !== 0 && wordGleich(w) === 0) && !((need & 4) !== 0 && wordHanger(w) === 0);
  return [
    {
      kind: 'predicate',
      why: `P${seat + 1} is to show: he has more than one way to (RULES §7.4)`,
      test: (w) => {
        const fr = jointFrontier(ctx, w.handLo[seat]! >>> 0, w.handWeli[seat]!, played);
        if (fr.length < 2) return false;
        if (need === 0) return true;
        let ok = 0;
        for (const x of fr) if (makes(x)) ok++;
        return ok === 0 || ok >= 2;
      },
    },
  ];
};

/**
 * RULES §13 (partnerInfo 'signs' and above; engine/talk.ts): at the first lead each seat learns, of each
 * partner, his number of plain trumps (trump-suit cards that are not Perlaggen), of Perlaggen, and his best
 * Perlagg, from his hand at that moment — his five cards, the hand now and the cards laid since, which is what
 * a 'count' constraint counts. The signs are exact (pre-agreed and given by the engine from the cards), so
 * each signing partner gets: plain trumps = t, Perlaggen = p, and with a best Perlagg b: b held and no
 * Perlagg above it. Spoken table talk binds nothing: what a partner says need not be true (the rules make no
 * answer binding, and the opponents hear it too), so no constraint is derived from obs.talk; a bot that
 * believes a phrase passes its own constraints (WorldOptions.constraints).
 */
export const signsSource: ConstraintSource = (obs, k) => {
  if (obs.signs.length === 0) return [];
  const R = k.rules;
  const perl: Cards = cardsOf(R.perlLo, R.weliPerl);
  const plainTrumps: Cards = cardsOf(SUIT_MASK[R.trump]! & ~R.perlLo, 0);
  const out: WorldConstraint[] = [];
  for (const g of obs.signs) {
    const who = `P${g.seat + 1} signed`;
    out.push({ kind: 'count', seat: g.seat, lo: plainTrumps.lo, weli: 0, min: g.trumps, max: g.trumps, why: `${who} ${g.trumps} plain trumps (RULES §13)` });
    out.push({ kind: 'count', seat: g.seat, lo: perl.lo, weli: perl.weli, min: g.perlaggen, max: g.perlaggen, why: `${who} ${g.perlaggen} Perlaggen (RULES §13)` });
    if (g.best >= 0) {
      const level = R.level[g.best]!;
      let aboveLo = 0;
      let aboveWeli: 0 | 1 = 0;
      for (let c = 0; c <= WELI; c++) {
        if (R.level[c]! <= level) continue;
        if (c === WELI) aboveWeli = 1;
        else aboveLo |= 1 << c;
      }
      const best = g.best === WELI ? cardsOf(0, 1) : cardsOf(1 << g.best, 0);
      out.push({ kind: 'count', seat: g.seat, lo: best.lo, weli: best.weli, min: 1, max: 1, why: `${who} his best Perlagg (RULES §13)` });
      if ((aboveLo | aboveWeli) !== 0) out.push({ kind: 'count', seat: g.seat, lo: aboveLo >>> 0, weli: aboveWeli, min: 0, max: 0, why: `${who} no Perlagg above his best (RULES §13)` });
    }
  }
  return out;
};

/** The sources the sampler consults, in order (more knowledge is one more source here). */
export const CONSTRAINT_SOURCES: readonly ConstraintSource[] = Object.freeze([followSource, exchangeSource, biddingSource, showingSource, signsSource]);

/** Every constraint the observation implies (CONSTRAINT_SOURCES). */
export function worldConstraints(obs: Observation, k: Knowledge = knowledgeOf(obs)): WorldConstraint[] {
  const out: WorldConstraint[] = [];
  for (const src of CONSTRAINT_SOURCES) out.push(...src(obs, k));
  return out;
}

// ---- what binds each seat now (position.ts builds the kernel's position from it) ----

/** RULES §8.5 obligations per seat now (bit 1 Gleich, bit 2 Hanger), replayed from the public bidding. */
export function obligationsNow(obs: Observation): number[] {
  const bound = new Array<number>(obs.seats).fill(0);
  let undo: number[] | null = null;
  const figIdx = (f: string): number => (f === 'Gleich' ? 1 : f === 'Hanger' ? 2 : 0);
  const r = rulesetOf(obs);
  for (const e of obs.history) {
    if (e.type === 'bid') {
      undo = bound.slice();
      if (!e.unseen) for (let i = 0; i < e.kept; i++) { const f = figIdx(e.figures[i]!); if (f > 0) bound[e.seat]! |= 1 << f; }
    } else if (e.type === 'raise') {
      if (!e.answer) undo = bound.slice();
      if (e.valid && figIdx(e.figure) > 0) bound[e.seat]! |= 1 << figIdx(e.figure);
    } else if (e.type === 'answer') {
      if (e.answer === 'hold' && figIdx(e.figure) > 0) bound[e.seat]! |= 1 << figIdx(e.figure);
      if (e.answer === 'gut' && !r.obligationSurvivesDecline && figIdx(e.figure) > 0) {
        for (let s = 0; s < obs.seats; s++) if (obs.party[s] === e.party) bound[s]! &= ~(1 << figIdx(e.figure));
      }
    } else if (e.type === 'veto' && e.veto && undo !== null) {
      for (let s = 0; s < obs.seats; s++) bound[s] = undo[s]!;
    }
  }
  return bound;
}
