// The checked path: an action tried by a person or a recording, applied only if it is legal, and otherwise
// refused with the rule it breaks (explainIllegal); the revokes a seat may commit where the revoke switch
// lets them (RULES §6.4).

import { actionText, sameAction, type Action, type PolicyAction } from './actions.ts';
import { chanceOutcomes, exchangeCards, exchangeIsCompulsory, exchangerNow, exchangeTarget, applyLeftToPartner, explainLeftToPartner } from './deal.ts';
import { explainPlay, isRevoke, legalPlaysChecked, revokePlays } from './legality.ts';
import { freePerlaggen, showOptions } from './show-options.ts';
import { mayRaiseStake } from './bid-rights.ts';
import { filterBy, obligationFilterChecked } from './obligation-filter.ts';
import { obligationsOf, playKeepsObligations, takeOnRefusal } from './obligations.ts';
import { seatingOf, type HandState } from './state.ts';
import { explainTalk } from './talk.ts';
import { cardShort } from '../cards/notation.ts';
import { IllegalActionError, actingSeat, applyAction, applyPlay, legalActions, mayConcede } from './game.ts';

/**
 * Does the obligation of the seat to play yield to the follow rules (RULES §8.5, perlagg's reading)? Only
 * when none of the plays the follow rules allow keeps its bound figures makeable — possible only under strict
 * follow switches (A-04: a Perlagg counts as holding the led suit and must be christened to it or trump).
 * Then every card the follow rules allow may be laid: a seat must always have a card to lay.
 */
export function obligationYields(s: HandState): boolean {
  if (s.phase !== 'play' || !s.bid.active || obligationsOf(s, s.turn) === 0) return false;
  const out: PolicyAction[] = [];
  legalPlaysChecked(s, s.turn, out);
  filterBy(out, 0, obligationFilterChecked(s, s.turn));
  return out.length === 0;
}

/**
 * The revokes the seat to play may make now (RULES §6.4, §12): plays that break only the follow rules,
 * keeping the seat's obligations. Offered to policies (Observation.revokes) only under the simulation
 * switch (HandOptions.revokes); a recorded game's revoke is applied with applyChecked's `infraction`.
 */
export function revokeActions(s: HandState, out: PolicyAction[] = []): PolicyAction[] {
  if (s.phase !== 'play') return out;
  const start = out.length;
  revokePlays(s, s.turn, out);
  if (s.bid.active && obligationsOf(s, s.turn) !== 0) {
    let k = start;
    for (let i = start; i < out.length; i++) {
      const a = out[i]!;
      if (a.kind !== 'play' || playKeepsObligations(s, s.turn, a.card, a.as)) out[k++] = a;
    }
    out.length = k;
  }
  return out;
}

/** May a policy take `a` as a revoke now (the simulation switch is on and it is one)? */
export function isAllowedRevoke(s: HandState, a: Action): boolean {
  return s.revokesAllowed && a.kind === 'play' && explainInfraction(s, a) === null;
}

/** Why `action` is illegal now, in words; null when it is legal. */
export function explainIllegal(s: HandState, action: Action): string | null {
  if (action === null || typeof action !== 'object' || typeof (action as { kind?: unknown }).kind !== 'string') {
    return 'not an action';
  }
  switch (action.kind) {
    case 'chance': {
      const n = chanceOutcomes(s);
      if (n === 0) return wrongPhase(s, action);
      return Number.isInteger(action.outcome) && action.outcome >= 0 && action.outcome < n ? null : `chance outcome must be 0..${n - 1}`;
    }
    case 'keepCut':
      return s.phase === 'cutKeep' ? (typeof action.keep === 'boolean' ? null : 'keep must be true or false') : wrongPhase(s, action);
    case 'exchange':
    case 'declineExchange':
      return explainExchange(s, action);
    case 'play':
      return explainPlayAction(s, action);
    case 'raise':
      return explainRaise(s, action);
    case 'pass':
    case 'bid':
    case 'gut':
    case 'hold':
    case 'veto':
    case 'consent':
    case 'ask':
    case 'allow':
    case 'reject':
      return explainBidWord(s, action);
    case 'say':
    case 'quiet':
      return s.phase === 'talk' ? explainTalk(s, action) : wrongPhase(s, action);
    case 'concede':
      if (s.phase !== 'play') return wrongPhase(s, action);
      return mayConcede(s) ? null : 'the Spiel can be conceded only between two parties';
    case 'show':
      return explainShow(s, action);
    default:
      return `unknown action kind "${String((action as { kind: unknown }).kind)}"`;
  }
}

/** explainIllegal's answer to an action of another phase: what the hand waits for now. */
function wrongPhase(s: HandState, action: Action): string {
  const phaseWord: Record<string, string> = {
    shuffle: 'the cards are being shuffled (a chance node)',
    cut: 'the cards are being cut (a chance node)',
    cutKeep: `P${s.cutter + 1} must say whether he keeps the Perlagg shown at the cut`,
    exchange: 'the turned-up Perlagg may be exchanged now',
    play: `P${s.turn + 1} is to lay a card`,
    show: 'the players are showing their figures',
    window: 'a seat may bid now',
    answer: 'an offer or an ask must be answered',
    veto: "the bidder's partner may protest",
    talk: 'partners may talk now (RULES §13)',
    done: 'the hand is over',
  };
  return `cannot ${actionText(action)} now: ${phaseWord[s.phase]}`;
}

/** explainIllegal for the exchange of the turned-up Perlagg and its refusal (RULES §4.6, A-10). */
function explainExchange(s: HandState, action: Extract<Action, { kind: 'exchange' | 'declineExchange' }>): string | null {
  if (s.phase !== 'exchange') return wrongPhase(s, action);
  const seat = exchangerNow(s);
  if (action.kind === 'declineExchange') {
    return exchangeIsCompulsory(s, seat)
      ? `P${seat + 1} holds a plain trump and must exchange the turned-up Perlagg ${cardShort(exchangeTarget(s))} (RULES §4.6, [000 p.19])`
      : null;
  }
  if (exchangeCards(s, seat).includes(action.card)) return null;
  return `P${seat + 1} cannot give ${typeof action.card === 'number' && action.card >= 0 && action.card <= 32 ? cardShort(action.card) : String(action.card)} for ${cardShort(exchangeTarget(s))}: only ${exchangeCards(s, seat).map(cardShort).join(' ') || 'nothing'} (RULES §4.6, A-10)`;
}

/** explainIllegal for a card laid: the follow rules, then the seat's obligations (RULES §8.5). */
function explainPlayAction(s: HandState, action: Extract<Action, { kind: 'play' }>): string | null {
  if (s.phase !== 'play') return wrongPhase(s, action);
  if (!(Number.isInteger(action.card) && action.card >= 0 && action.card <= 32)) return `not a card: ${String(action.card)}`;
  const why = explainPlay(s, s.turn, action.card, action.as);
  if (why !== null) return why;
  if (!playKeepsObligations(s, s.turn, action.card, action.as) && !obligationYields(s)) {
    return `P${s.turn + 1} is bound to the figure he bid or held and must spend this Perlagg on it (RULES §8.5, GC-34)`;
  }
  return null;
}

/** explainIllegal for a raise: only the party entitled to hold may raise, and above the level (RULES §8.3). */
function explainRaise(s: HandState, action: Extract<Action, { kind: 'raise' }>): string | null {
  // A jump ("Fünf" before "Vier") is no legal action for a policy, but on the checked path it binds its author (GC-30, [000 p.31]).
  if (s.phase !== 'answer' && s.phase !== 'window') return wrongPhase(s, action);
  const f = ['Spiel', 'Gleich', 'Hanger'].indexOf(action.figure as string);
  if (f < 0) return `not a figure: ${String(action.figure)}`;
  const fb = s.bid.figs[f]!;
  const mine = s.phase === 'answer' ? !(s.bid.ask !== null && s.bid.ask.answer === 'pending') && s.bid.queue[0] === f : fb.status === 'stake' && mayRaiseStake(s, fb, seatingOf(s.table).party[actingSeat(s)]!);
  if (!mine || fb.aus) return `P${actingSeat(s) + 1} may not raise the ${action.figure} now: only the party entitled to hold may raise (RULES §8.3)`;
  if (!(Number.isInteger(action.to) && action.to > fb.level)) return `a raise goes above the level ${fb.level}`;
  return f > 0 ? takeOnRefusal(s, actingSeat(s), 1 << f) : null;
}

/** explainIllegal for a word of the bidding war (pass, bid, gut, hold, veto, consent, ask, allow, reject; RULES §8, §11.4). */
function explainBidWord(s: HandState, action: Extract<Action, { kind: 'pass' | 'bid' | 'gut' | 'hold' | 'veto' | 'consent' | 'ask' | 'allow' | 'reject' }>): string | null {
  const bidPhases: Record<string, string> = { pass: 'window', bid: 'window', ask: 'window', gut: 'answer', hold: 'answer', allow: 'answer', reject: 'answer', veto: 'veto', consent: 'veto' };
  if (s.phase !== bidPhases[action.kind]) return wrongPhase(s, action);
  if (legalActions(s).some((a) => sameAction(a, action))) return null;
  // a seat bound to the Dritzige: the figures it cannot show with it ([000 p.30] rule 3)
  if (action.kind === 'bid' && Array.isArray(action.figures)) {
    const why = takeOnRefusal(s, actingSeat(s), (action.figures.includes('Gleich') ? 2 : 0) | (action.figures.includes('Hanger') ? 4 : 0));
    if (why !== null) return why;
  }
  if (action.kind === 'hold' && s.bid.queue.length > 0 && s.bid.queue[0]! > 0 && !(s.bid.ask !== null && s.bid.ask.answer === 'pending')) {
    const why = takeOnRefusal(s, actingSeat(s), 1 << s.bid.queue[0]!);
    if (why !== null) return why;
  }
  if (action.kind === 'reject') return 'only a party holding a figure as multiple may reject (RULES §11.4, A-30)';
  if (action.kind === 'hold' && !(s.bid.ask !== null && s.bid.ask.answer === 'pending')) {
    return `P${actingSeat(s) + 1} is gestrichen and may not hold: it must let the bid gut (holdWhenGestrichen = false, A-45)`;
  }
  if (action.kind === 'gut' || action.kind === 'hold') return 'an ask is answered with allow or reject';
  return `P${actingSeat(s) + 1} cannot ${actionText(action)} now (RULES §8)`;
}

/** explainIllegal for the figures shown: one identity for each free Perlagg, one of the best pairs (RULES §7.4). */
function explainShow(s: HandState, action: Extract<Action, { kind: 'show' }>): string | null {
  if (s.phase !== 'show') return wrongPhase(s, action);
  const seat = actingSeat(s);
  const k = freePerlaggen(s, seat).length;
  if (!Array.isArray(action.as) || action.as.length !== k) return `P${seat + 1} has ${k} free Perlaggen to christen, one identity each`;
  if (legalActions(s).some((a) => sameAction(a, action))) return null;
  return `P${seat + 1} shows one of the best figure pairs his hand can make (RULES §7.4): ${showOptions(s, seat).map((o) => `[${o.as.map(cardShort).join(' ')}]`).join(', ')}`;
}

/** Options of the checked path. */
export interface CheckedOptions {
  /**
   * The action is an infraction a recorded game shows (RULES §12, §4.6) — a card played against the follow
   * rules (a revoke), or an exchange made by the dealer's partner while the dealer, able to take the
   * Perlagg himself, left it to him. It is applied with the ruleset's penalty and correction instead of
   * being refused, if it is such an infraction (explainInfraction says why not).
   */
  readonly infraction?: boolean;
}

/** Why `action` is not an infraction the ruleset knows a penalty and correction for (null: it is one). */
export function explainInfraction(s: HandState, action: Action): string | null {
  if (action.kind === 'exchange') return explainLeftToPartner(s, action.card);
  if (action.kind === 'play') {
    if (s.phase !== 'play') return `cannot ${actionText(action)} now: nobody is to lay a card`;
    if (!isRevoke(s, s.turn, action.card, action.as)) return `${actionText(action)} by P${s.turn + 1} is no revoke: ${explainPlay(s, s.turn, action.card, action.as) ?? 'it follows the rules'}`;
    if (!playKeepsObligations(s, s.turn, action.card, action.as)) return `P${s.turn + 1} is bound to the figure he bid or held and must spend this Perlagg on it (RULES §8.5, GC-34)`;
    return null;
  }
  return `${actionText(action)} is no infraction with a penalty (a revoke is a card play, a wrong exchange an exchange)`;
}

export function applyChecked(s: HandState, a: Action, opts: CheckedOptions = {}): void {
  if (opts.infraction === true) {
    const why = explainInfraction(s, a);
    if (why !== null) throw new IllegalActionError(why);
    s.infractions.push(s.actions.length);
    s.actions.push(a);
    if (a.kind === 'exchange') applyLeftToPartner(s, a.card);
    else if (a.kind === 'play') applyPlay(s, a.card, a.as, true);
    return;
  }
  const why = explainIllegal(s, a);
  if (why !== null) throw new IllegalActionError(why);
  applyAction(s, a);
}
