// A plain, sensible player: follows low, wins cheaply, christens Perlaggen to complete its best figure,
// and spends a Perlagg on a trick only when that trick decides the Spiel (cf. RULES H-12 [000 p.38]).
//
// Its bidding sense (option bidding = 'plain'; 'none' = never bids, the engine then skips it):
//  - never bluffs: it bids or holds a Gleich/Hanger only when its own hand makes one at least as good as the
//    thresholds (H-21: "at least three Ober in the Gleich, or Unter-Ober-König in the Hanger" are the
//    defaults), and the Spiel only between tricks (no Spielfarbe question) when its party has
//    `spielTricks` tricks and holds a trump or a Perlagg (H-15);
//  - holds with the same hand it would bid with, less `holdSlack` ranks (H-24);
//  - raises ("Drei") only with a four-fold figure or better (or, after the showing, when its shown figure
//    beats everything the opponents showed);
//  - respects the score rules: never bids when gestrichen or over the limit, asks for the Dritzige /
//    Viertig only with the figure in hand, rejects an ask whenever it may, never vetoes.
import {
  gestrichen,
  headroom,
  offerToAnswer,
  type FigureName,
  currentTrick,
  definePolicy,
  perlaggLevel,
  rankValue,
  showingFigures,
  showingPlan,
  suitIndex,
  suitOfLetter,
  winningIndex,
  cardOf,
  type Observation,
  type ObservedPlay,
  type PolicyAction,
} from '../src/policy/api.ts';

type Play = Extract<PolicyAction, { kind: 'play' }>;


/** Cheapness of a plain card: side cards by rank, trumps above all side cards. */
function cost(obs: Observation, card: number): number {
  const trump = suitOfLetter(obs.trump ?? 'H');
  return (suitIndex(card) === trump ? 16 : 0) + rankValue(card);
}

// Hot path: no closures are created per decision (helpers are module functions), and the showing plan is
// computed only when a Perlagg may be laid. The choices are exactly those of version 2.0.0.

/** The cheapest of xs (the first among equals). */
function cheapest(obs: Observation, xs: readonly Play[]): Play {
  let best = xs[0]!;
  let bestCost = cost(obs, best.card);
  for (let i = 1; i < xs.length; i++) {
    const c = cost(obs, xs[i]!.card);
    if (c < bestCost) {
      best = xs[i]!;
      bestCost = c;
    }
  }
  return best;
}

/** Would (card, as) take the open trick `trick`? */
function wins(obs: Observation, trick: readonly ObservedPlay[], card: number, as: number | null): boolean {
  const plays: Array<{ card: number; as: number | null }> = trick.slice();
  plays.push({ card, as });
  return winningIndex(obs, plays) === trick.length;
}

function findPlay(plays: readonly Play[], card: number, as: number | null): Play | null {
  for (const a of plays) if (a.card === card && a.as === as) return a;
  return null;
}

function hasCard(plays: readonly Play[], card: number): boolean {
  for (const a of plays) if (a.card === card) return true;
  return false;
}

/** A Perlagg to lay: the lowest first, christened for the figure if that also wins, else as trump As. */
function perlaggPlay(obs: Observation, plays: readonly Play[], trick: readonly ObservedPlay[], plan: { free: number[]; as: number[] }, trumpAs: number, winNeeded: boolean): PolicyAction | null {
  const free: number[] = [];
  for (const c of plan.free) if (hasCard(plays, c)) free.push(c);
  if (free.length === 0) return null;
  const sorted = free.length === 1 ? free : free.slice().sort((a, b) => perlaggLevel(obs, a) - perlaggLevel(obs, b));
  for (const c of sorted) {
    const id = plan.as[plan.free.indexOf(c)] ?? c;
    if (!winNeeded || wins(obs, trick, c, id)) return findPlay(plays, c, id);
    if (wins(obs, trick, c, trumpAs)) return findPlay(plays, c, trumpAs);
  }
  return null;
}

function playAction(obs: Observation): PolicyAction {
  const seat = obs.acting;
  const myParty = obs.party[seat]!;
  const plays: Play[] = [];
  const plain: Play[] = [];
  for (const a of obs.legal) {
    if (a.kind !== 'play') continue;
    plays.push(a);
    if (a.as === null && perlaggLevel(obs, a.card) === 0) plain.push(a);
  }
  const trick = currentTrick(obs);
  const trumpSuit = suitOfLetter(obs.trump ?? 'H');
  const trumpAs = cardOf(trumpSuit, 8);
  // Does this trick decide the Spiel? (a party on need-1 tricks)
  const need = 3;
  let decisive = false;
  for (const t of obs.tricksWon) if (t === need - 1) decisive = true;
  let plan: { free: number[]; as: number[] } | null = null;
  if (trick.length === 0) {
    // Lead: a side-suit As, else the cheapest plain card.
    for (const a of plain) if (rankValue(a.card) === 8 && suitIndex(a.card) !== trumpSuit) return a;
    if (plain.length > 0) return cheapest(obs, plain);
    return perlaggPlay(obs, plays, trick, (plan ??= showingPlan(obs, seat)), trumpAs, decisive) ?? perlaggPlay(obs, plays, trick, (plan ??= showingPlan(obs, seat)), trumpAs, false) ?? plays[0]!;
  }
  const w = trick[winningIndex(obs, trick)]!;
  const partnerWinning = obs.party[w.seat] === myParty;
  if (partnerWinning && plain.length > 0) return cheapest(obs, plain);
  const winners: Play[] = [];
  for (const a of plain) if (wins(obs, trick, a.card, null)) winners.push(a);
  if (winners.length > 0) return cheapest(obs, winners);
  if (decisive && !partnerWinning) {
    const p = perlaggPlay(obs, plays, trick, (plan ??= showingPlan(obs, seat)), trumpAs, true);
    if (p !== null) return p;
  }
  if (plain.length > 0) return cheapest(obs, plain);
  return perlaggPlay(obs, plays, trick, (plan ??= showingPlan(obs, seat)), trumpAs, false) ?? plays[0]!;
}

function exchangeKey(obs: Observation, c: number): number {
  return perlaggLevel(obs, c) > 0 ? 100 + perlaggLevel(obs, c) : rankValue(c);
}

function exchangeAction(obs: Observation): PolicyAction {
  const ex = obs.legal.filter((a): a is Extract<PolicyAction, { kind: 'exchange' }> => a.kind === 'exchange');
  if (ex.length === 0) return obs.legal[0]!;
  // Give the cheapest card: a plain card by rank, else the lowest Perlagg.
  return ex.reduce((a, b) => (exchangeKey(obs, b.card) < exchangeKey(obs, a.card) ? b : a));
}

function showScore(c: { gleich: number; hanger: number }, og: number, oh: number): number {
  return (c.gleich > og ? 1000 : 0) + (c.hanger > oh ? 1000 : 0) + c.gleich + c.hanger;
}

function showAction(obs: Observation): PolicyAction {
  const og = oppShown(obs, 'gleich');
  const oh = oppShown(obs, 'hanger');
  let best = obs.showChoices[0]!;
  for (const c of obs.showChoices) if (showScore(c, og, oh) > showScore(best, og, oh)) best = c;
  return best.action;
}

interface BidSense {
  gleichCode: number;
  hangerCode: number;
  holdSlack: number;
  spielTricks: number;
  raiseCount: number;
}

/** The seat's best Gleich and Hanger codes if it showed now (own hand and played cards only). */
function strength(obs: Observation): { gleich: number; hanger: number } {
  if (obs.hand.length === 0 && obs.tricks.every((t) => t.plays.every((p) => p.seat !== obs.acting))) return { gleich: 0, hanger: 0 };
  const shown = obs.shown.find((x) => x.seat === obs.acting);
  if (shown !== undefined) return { gleich: shown.gleich, hanger: shown.hanger };
  return showingFigures(obs, obs.acting); // showingPlan's figures, without the christening
}

/** Best code of a figure the opponents have shown (0 if none shown). */
function oppShown(obs: Observation, f: 'gleich' | 'hanger'): number {
  const me = obs.party[obs.acting]!;
  let b = 0;
  for (const x of obs.shown) if (obs.party[x.seat] !== me) b = Math.max(b, x[f]);
  return b;
}

function spielStrong(obs: Observation, sense: BidSense): boolean {
  const me = obs.party[obs.acting]!;
  const mine = obs.tricksWon[me] ?? 0;
  const theirs = obs.tricksWon[1 - me] ?? 0;
  if (mine < sense.spielTricks || mine <= theirs) return false;
  const trump = suitOfLetter(obs.trump ?? 'H');
  return obs.hand.some((c) => perlaggLevel(obs, c) > 0 || (suitIndex(c) === trump && rankValue(c) >= 7));
}

function figureGood(code: number, threshold: number): boolean {
  return code > 0 && code >= threshold;
}

function bidOf(obs: Observation, f: FigureName): PolicyAction | undefined {
  for (const a of obs.legal) if (a.kind === 'bid' && a.figures.length === 1 && a.figures[0] === f) return a;
  return undefined;
}

function findKind(obs: Observation, k: PolicyAction['kind']): PolicyAction | undefined {
  for (const a of obs.legal) if (a.kind === k) return a;
  return undefined;
}

function windowAction(obs: Observation, sense: BidSense): PolicyAction {
  const pass = obs.legal[0]!;
  const me = obs.party[obs.acting]!;
  if (obs.point < 0) return pass; // never bids blind
  let st: { gleich: number; hanger: number } | null = null;
  let pick: Extract<PolicyAction, { kind: 'ask' }> | undefined;
  for (const a of obs.legal) {
    if (a.kind !== 'ask') continue;
    st ??= strength(obs);
    // the highest count the hand makes (the first of equals)
    if ((a.type === 'Gleich' ? st.gleich >>> 4 : st.hanger >>> 4) >= a.count && (pick === undefined || a.count > pick.count)) pick = a;
  }
  if (pick !== undefined) return pick;
  if (gestrichen(obs, me)) return pass;
  const room = headroom(obs, me);
  const trickOpen = currentTrick(obs).length > 0;
  // the Spiel (H-15): between tricks, with the tricks and a good card
  if (room >= 1 && !trickOpen) {
    const spiel = bidOf(obs, 'Spiel');
    if (spiel !== undefined && spielStrong(obs, sense)) return spiel;
  }
  // Gleich and Hanger: before the first card, or after the showing when ours beats what the opponents showed
  const first = obs.point === 0 && obs.tricks.length === 1 && obs.tricks[0]!.plays.length === 0;
  if (room >= 1 && (first || obs.point === 5)) {
    st ??= strength(obs);
    const gOk = obs.point === 5 ? st.gleich > oppShown(obs, 'gleich') && figureGood(st.gleich, 1) && obs.shown.some((x) => obs.party[x.seat] !== me) : figureGood(st.gleich, sense.gleichCode);
    const hOk = obs.point === 5 ? st.hanger > oppShown(obs, 'hanger') && figureGood(st.hanger, 1) && obs.shown.some((x) => obs.party[x.seat] !== me) : figureGood(st.hanger, sense.hangerCode);
    const gleich = gOk ? bidOf(obs, 'Gleich') : undefined;
    if (gleich !== undefined) return gleich;
    const hanger = hOk ? bidOf(obs, 'Hanger') : undefined;
    if (hanger !== undefined) return hanger;
  }
  return pass;
}

function answerAction(obs: Observation, sense: BidSense): PolicyAction {
  if (findKind(obs, 'allow') !== undefined) return findKind(obs, 'reject') ?? findKind(obs, 'allow')!;
  const gut = findKind(obs, 'gut')!;
  const offer = offerToAnswer(obs);
  if (offer === null) return gut;
  const me = obs.party[obs.acting]!;
  const raise = findKind(obs, 'raise');
  const canRaise = raise !== undefined && !gestrichen(obs, me) && headroom(obs, me) >= offer.level;
  if (offer.figure === 'Spiel') {
    if (currentTrick(obs).length > 0 || !spielStrong(obs, { ...sense, spielTricks: Math.max(1, sense.spielTricks - 1) })) return gut;
    return findKind(obs, 'hold') ?? gut;
  }
  const st = strength(obs);
  const code = offer.figure === 'Gleich' ? st.gleich : st.hanger;
  const threshold = (offer.figure === 'Gleich' ? sense.gleichCode : sense.hangerCode) - sense.holdSlack;
  const opp = oppShown(obs, offer.figure === 'Gleich' ? 'gleich' : 'hanger');
  if (opp > 0 && code <= opp) return gut;
  if (canRaise && (code >>> 4 >= sense.raiseCount || (opp > 0 && code > opp && obs.point === 5))) return raise!;
  if (figureGood(code, threshold) || (opp > 0 && code > opp)) return findKind(obs, 'hold') ?? gut;
  return gut;
}

const PASSES = Object.freeze({ unseen: true, trickOpen: true });

export default definePolicy({
  name: 'simple',
  version: '2.0.0',
  description: 'follows low, wins cheaply, keeps Perlaggen for its figures unless the trick decides the Spiel; bids and holds only what it has',
  options: {
    bidding: { type: 'enum', values: ['plain', 'none'], default: 'plain', description: "'plain': the bidding sense above; 'none': never bids (lets every offer gut)" },
    gleichCount: { type: 'integer', min: 2, max: 5, default: 3, description: 'bid a Gleich with at least this many cards … (H-21)' },
    gleichRank: { type: 'integer', min: 1, max: 8, default: 6, description: '… of at least this rank (1 = Siebener … 6 = Ober … 8 = As)' },
    hangerCount: { type: 'integer', min: 2, max: 5, default: 3, description: 'bid a Hanger of at least this length … (H-21)' },
    hangerTop: { type: 'integer', min: 2, max: 8, default: 7, description: '… topped by at least this rank (7 = König: U-O-K)' },
    holdSlack: { type: 'integer', min: 0, max: 16, default: 0, description: 'hold with a figure this many rank steps below the bid threshold (H-24: 0)' },
    spielTricks: { type: 'integer', min: 1, max: 3, default: 2, description: 'bid the Spiel when the party has this many tricks, more than the opponents, and a trump or Perlagg (H-15)' },
    raiseCount: { type: 'integer', min: 3, max: 6, default: 4, description: 'say "Drei" with a figure of at least this many cards (6 = never)' },
  },
  create(o) {
    const sense: BidSense = {
      gleichCode: ((o['gleichCount'] as number) << 4) | (o['gleichRank'] as number),
      hangerCode: ((o['hangerCount'] as number) << 4) | (o['hangerTop'] as number),
      holdSlack: o['holdSlack'] as number,
      spielTricks: o['spielTricks'] as number,
      raiseCount: o['raiseCount'] as number,
    };
    const never = o['bidding'] === 'none';
    return {
      bidding: never ? 'never' : 'full',
      // windowAction passes blind (point < 0) and, with no ask legal, while a trick is open before the
      // showing: the Spiel only between tricks, Gleich and Hanger only before the first card or after the Spiel
      passes: PASSES,
      act(obs) {
        switch (obs.phase) {
          case 'window':
            return windowAction(obs, sense);
          case 'answer':
            return answerAction(obs, sense);
          case 'veto':
            return obs.legal.find((a) => a.kind === 'consent') ?? obs.legal[0]!;
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
