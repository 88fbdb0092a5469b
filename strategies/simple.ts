// A plain, sensible player: follows low, wins cheaply, christens Perlaggen to complete its best figure,
// and spends a Perlagg on a trick only when that trick decides the Spiel (cf. RULES H-12 [000 p.38]).
import {
  currentTrick,
  definePolicy,
  perlaggLevel,
  rankValue,
  showingPlan,
  suitIndex,
  suitOfLetter,
  winningIndex,
  cardOf,
  type Observation,
  type PolicyAction,
} from '../src/policy/api.ts';

type Play = Extract<PolicyAction, { kind: 'play' }>;


/** Cheapness of a plain card: side cards by rank, trumps above all side cards. */
function cost(obs: Observation, card: number): number {
  const trump = suitOfLetter(obs.trump ?? 'H');
  return (suitIndex(card) === trump ? 16 : 0) + rankValue(card);
}

function playAction(obs: Observation): PolicyAction {
  const seat = obs.acting;
  const myParty = obs.party[seat]!;
  const plays = obs.legal.filter((a): a is Play => a.kind === 'play');
  const plain = plays.filter((a) => a.as === null && perlaggLevel(obs, a.card) === 0);
  const trick = currentTrick(obs);
  const trumpSuit = suitOfLetter(obs.trump ?? 'H');
  const trumpAs = cardOf(trumpSuit, 8);
  const wins = (card: number, as: number | null) => winningIndex(obs, [...trick, { card, as }]) === trick.length;
  const cheapest = (xs: Play[]) => xs.reduce((a, b) => (cost(obs, b.card) < cost(obs, a.card) ? b : a));
  // Does this trick decide the Spiel? (a party on need-1 tricks)
  const need = 3;
  const decisive = obs.tricksWon.some((t) => t === need - 1);
  const plan = showingPlan(obs, seat);
  const planned = (card: number): number => plan.as[plan.free.indexOf(card)] ?? card;
  const perlaggPlay = (winNeeded: boolean): PolicyAction | null => {
    const free = plan.free.filter((c) => plays.some((a) => a.card === c));
    if (free.length === 0) return null;
    // The lowest Perlagg first; christened for the figure if that also wins, else as trump As.
    const sorted = [...free].sort((a, b) => perlaggLevel(obs, a) - perlaggLevel(obs, b));
    for (const c of sorted) {
      const id = planned(c);
      if (!winNeeded || wins(c, id)) return plays.find((a) => a.card === c && a.as === id) ?? null;
      if (wins(c, trumpAs)) return plays.find((a) => a.card === c && a.as === trumpAs) ?? null;
    }
    return null;
  };
  if (trick.length === 0) {
    // Lead: a side-suit As, else the cheapest plain card.
    const aces = plain.filter((a) => rankValue(a.card) === 8 && suitIndex(a.card) !== trumpSuit);
    if (aces.length > 0) return aces[0]!;
    if (plain.length > 0) return cheapest(plain);
    return perlaggPlay(decisive) ?? perlaggPlay(false) ?? plays[0]!;
  }
  const w = trick[winningIndex(obs, trick)]!;
  const partnerWinning = obs.party[w.seat] === myParty;
  if (partnerWinning && plain.length > 0) return cheapest(plain);
  const winners = plain.filter((a) => wins(a.card, null));
  if (winners.length > 0) return cheapest(winners);
  if (decisive && !partnerWinning) {
    const p = perlaggPlay(true);
    if (p !== null) return p;
  }
  if (plain.length > 0) return cheapest(plain);
  return perlaggPlay(false) ?? plays[0]!;
}

function exchangeAction(obs: Observation): PolicyAction {
  const ex = obs.legal.filter((a): a is Extract<PolicyAction, { kind: 'exchange' }> => a.kind === 'exchange');
  if (ex.length === 0) return obs.legal[0]!;
  // Give the cheapest card: a plain card by rank, else the lowest Perlagg.
  const key = (c: number) => (perlaggLevel(obs, c) > 0 ? 100 + perlaggLevel(obs, c) : rankValue(c));
  return ex.reduce((a, b) => (key(b.card) < key(a.card) ? b : a));
}

function showAction(obs: Observation): PolicyAction {
  const me = obs.party[obs.acting]!;
  const oppBest = (f: 'gleich' | 'hanger') => Math.max(0, ...obs.shown.filter((x) => obs.party[x.seat] !== me).map((x) => x[f]));
  const og = oppBest('gleich');
  const oh = oppBest('hanger');
  let best = obs.showChoices[0]!;
  const score = (c: (typeof obs.showChoices)[number]) => (c.gleich > og ? 1000 : 0) + (c.hanger > oh ? 1000 : 0) + c.gleich + c.hanger;
  for (const c of obs.showChoices) if (score(c) > score(best)) best = c;
  return best.action;
}

export default definePolicy({
  name: 'simple',
  version: '1.0.0',
  description: 'follows low, wins cheaply, keeps Perlaggen for its figures unless the trick decides the Spiel',
  options: {},
  create() {
    return {
      act(obs) {
        switch (obs.phase) {
          case 'cutKeep':
            return obs.legal.find((a) => a.kind === 'keepCut' && a.keep) ?? obs.legal[0]!;
          case 'exchange':
            return exchangeAction(obs);
          case 'show':
            return showAction(obs);
          case 'play':
            return playAction(obs);
          default:
            return obs.legal[0]!;
        }
      },
    };
  },
});
