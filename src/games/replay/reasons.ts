// Why a recorded Perlaggen line cannot stand where it is written, in the rules' words (GUIDE 14: the
// engine's verdict, worded for the one who wrote the line). The engine's explainIllegal says why an action
// is illegal for the seat to act; a recording adds what only a written game has: a line of another seat (a
// card out of turn), a card the writer does not hold, a decision another seat must write first (a showing
// with a choice, an answer), and the two infractions a recording may show (RULES §12: a revoke; the exchange
// left to the partner, written under the partner who made it).
//
// The replay tries a line at each decision until it fits (silence is a pass, docs/replay-format.md); the
// reason it reports comes from the decision where the line's kind of action is decided — a card from the
// seat's turn to lay one, not from a bid window before it (where "a seat may bid now" would hide the rule).
import { cardShort } from '../../cards/notation.ts';
import { actionText, type Action } from '../../engine/actions.ts';
import { actingSeat } from '../../engine/game.ts';
import { explainIllegal, explainInfraction } from '../../engine/checked.ts';
import { allowedShows } from '../../engine/showing.ts';
import { exchangerNow, exchangeTarget } from '../../engine/deal.ts';
import { openTrick } from '../../engine/legality.ts';
import { freePerlaggen } from '../../engine/show-options.ts';
import type { Phase } from '../../engine/phase.ts';
import { LOC, type HandState } from '../../engine/state.ts';

/** The phases at which an action of each kind is decided (RULES §4.2, §4.6, §6, §7.4, §8, §11.4, §13). */
const DECIDED_AT: Readonly<Record<Action['kind'], readonly Phase[]>> = {
  chance: ['shuffle', 'cut'],
  keepCut: ['cutKeep'],
  exchange: ['exchange'],
  declineExchange: ['exchange'],
  play: ['play'],
  concede: ['play'],
  show: ['show'],
  pass: ['window'],
  bid: ['window'],
  ask: ['window'],
  raise: ['window', 'answer'],
  gut: ['answer'],
  hold: ['answer'],
  allow: ['answer'],
  reject: ['answer'],
  veto: ['veto'],
  consent: ['veto'],
  say: ['talk'],
  quiet: ['talk'],
};

/** Is `a` of a kind decided at the decision now (a card at a seat's turn to lay one, a bid in a window …)? */
export function decidedHere(s: HandState, a: Action): boolean {
  return DECIDED_AT[a.kind].includes(s.phase);
}

const P = (seat: number) => `P${seat + 1}`;
const FIGURES = ['Spiel', 'Gleich', 'Hanger'];

/** Where a card is, when it is not in `seat`'s hand: " (P4 holds it)", " (it is already on the table)". */
function whereIs(s: HandState, card: number): string {
  const at = s.loc[card];
  if (at === undefined) return '';
  if (at >= 0 && at < s.table.seats) return ` (${P(at)} holds it)`;
  if (at === LOC.table) return ' (it is already on the table)';
  if (at === LOC.faceUp || at === LOC.skipped) return ' (it lies face up on the table)';
  if (at === LOC.stock) return ' (it is in the stock)';
  if (at === LOC.absent) return ' (it is not in this ruleset\'s pack)';
  return '';
}

/** Null when `seat` holds `card`, else the rule in words: a player lays the cards of his own hand. */
export function unheld(s: HandState, seat: number, card: number): string | null {
  if (!(Number.isInteger(card) && card >= 0 && card < s.loc.length)) return null; // the engine names a non-card
  if (s.loc[card] === seat) return null;
  return `${P(seat)} does not hold ${cardShort(card)}${whereIs(s, card)}`;
}

/** Who lays the next card and why him (RULES §6.1). */
function nextCard(s: HandState): string {
  const who = P(s.turn);
  const t = openTrick(s);
  if (t !== null && t.plays.length > 0) return `${who} is next in the trick (play goes clockwise, RULES §6.1)`;
  const done = s.tricks.filter((x) => x.winner >= 0).length;
  if (done === 0) return `${who} leads the first trick (Vorhand, left of the dealer, RULES §6.1)`;
  return `${who} leads: he took the last trick (RULES §6.1)`;
}

/** The decision the table waits for now, with its rule: the line that must come first. */
export function awaited(s: HandState): string {
  const seat = actingSeat(s);
  switch (s.phase) {
    case 'cutKeep':
      return `${P(seat)} must say whether he keeps the Perlagg shown at the cut (RULES §4.2)`;
    case 'exchange':
      return `${P(seat)} is to exchange the turned-up Perlagg ${cardShort(exchangeTarget(s))} or leave it (RULES §4.6): "${P(seat)} exchange CARD" or "${P(seat)} decline"`;
    case 'play':
      return nextCard(s);
    case 'show': {
      const free = freePerlaggen(s, seat);
      const opts = allowedShows(s, seat).map((o) => `"${P(seat)} show ${o.as.map(cardShort).join(' ')}"`);
      const list = opts.length > 4 ? `${opts.slice(0, 4).join(', ')} …` : `${opts.slice(0, -1).join(', ')}${opts.length > 1 ? ' or ' : ''}${opts.at(-1) ?? ''}`;
      return `${P(seat)} is to christen his free Perlagg${free.length === 1 ? '' : 'en'} ${free.map(cardShort).join(' ')} for the showing (RULES §5.1, §7.4); a showing with a choice is written: ${list}`;
    }
    case 'answer': {
      const ask = s.bid.ask;
      if (ask !== null && ask.answer === 'pending') return `${P(seat)} must first answer ${P(ask.seat)}'s ask (${ask.count} ${ask.type}): allow or reject (RULES §11.4)`;
      const f = s.bid.queue[0];
      const fig = f === undefined ? undefined : s.bid.figs[f];
      const what = fig === undefined ? 'the offer' : `${P(fig.offerSeat)}'s ${fig.level <= 2 ? 'bid' : `raise to ${fig.level}`} on the ${FIGURES[f!]}`;
      return `${P(seat)} must first answer ${what}: gut, hold or raise (RULES §8.2)`;
    }
    case 'veto':
      return `${P(seat)} may protest his partner's bid now (RULES §8.6)`;
    case 'window':
      return `${P(seat)} may bid now (RULES §8.4)`;
    case 'talk':
      return `${P(seat)} may talk to his partner now (RULES §13)`;
    case 'done':
      return 'the hand is over';
    default:
      return `the cards are being dealt (${s.phase})`;
  }
}

/** Why an action of this kind is not to be decided now, by the rule of its decision (null: say only what is awaited). */
function notUnderWay(s: HandState, a: Action): string | null {
  switch (a.kind) {
    case 'exchange':
    case 'declineExchange':
      return 'no exchange is under way (the turned-up Perlagg is exchanged before the first card, RULES §4.6)';
    case 'keepCut':
      return 'no Perlagg shown at the cut is to be kept now (RULES §4.2)';
    case 'gut':
    case 'hold':
      return 'no bid is open to answer (RULES §8.2)';
    case 'allow':
    case 'reject':
      return 'no ask is open to answer (RULES §11.4)';
    case 'veto':
    case 'consent':
      return s.ruleset.partnerVeto ? 'no bid of the partner is open to protest (RULES §8.6)' : `${s.ruleset.name} knows no veto of the partner's bid (RULES §8.6, A-34)`;
    case 'show':
      return 'the free Perlaggen are christened for the showing after the trick play (RULES §5.1, §7.4)';
    default:
      return null;
  }
}

/** Why `seat`'s recorded action cannot be taken now, in the rules' words; null when it can. */
export function explainLine(s: HandState, seat: number, a: Action): string | null {
  const actor = actingSeat(s);
  const askOpen = s.phase === 'answer' && s.bid.ask !== null && s.bid.ask.answer === 'pending';
  if (!decidedHere(s, a) || ((a.kind === 'allow' || a.kind === 'reject') && !askOpen)) {
    const why = notUnderWay(s, a);
    if (why !== null) return `${why}: ${awaited(s)}`;
  }
  if (actor !== seat) {
    if ((a.kind === 'play' || a.kind === 'concede') && s.phase === 'play') return `${P(seat)} ${a.kind === 'play' ? 'plays' : 'concedes'} out of turn: ${nextCard(s)}`;
    return `it is not ${P(seat)}'s turn: ${awaited(s)}`;
  }
  if (!decidedHere(s, a)) return `cannot ${actionText(a)} now: ${awaited(s)}`;
  if (a.kind === 'play') {
    const no = unheld(s, seat, a.card);
    if (no !== null) return no;
  }
  if (a.kind === 'show') {
    const free = freePerlaggen(s, seat);
    if (a.as.length !== free.length) return `${P(seat)} has ${free.length} free Perlagg${free.length === 1 ? '' : 'en'} (${free.map(cardShort).join(' ')}) to christen for the showing, one identity each (RULES §5.1, §7.4)`;
  }
  const why = explainIllegal(s, a);
  if (why === null) return null;
  // a card against the follow rules that is a revoke the rules can judge: say how one is written
  if (a.kind === 'play' && explainInfraction(s, a) === null) return `${why}; a revoke is written "${P(seat)} play ${cardShort(a.card)}${a.as === null ? '' : ` as ${cardShort(a.as)}`} revoke" (RULES §6.4, §12)`;
  return why;
}

/**
 * Why `seat`'s recorded infraction is none the rules judge here, in their words; null when it stands. A
 * revoke is the card of the seat to lay one, against the follow rules (RULES §6.2, §6.4, §12); the exchange
 * left to the partner is written under the partner who gave the card, while the dealer could have taken the
 * Perlagg himself (RULES §4.6, §12; [002 §1.3], [003 §7]).
 */
export function explainInfractionLine(s: HandState, seat: number, a: Action): string | null {
  if (a.kind === 'exchange') {
    if (s.phase !== 'exchange') return `no exchange is under way (the turned-up Perlagg is exchanged before the first card, RULES §4.6)`;
    const dealer = s.dealer;
    const no = unheld(s, seat, a.card);
    const holder = s.loc[a.card]!;
    if (no !== null) {
      const partner = holder >= 0 && holder < s.table.seats && holder !== dealer && s.table.party[holder] === s.table.party[dealer];
      return `${no}${partner && seat === dealer ? `: the exchange left to the partner is written under the partner who made it, "${P(holder)} exchange ${cardShort(a.card)} left" (RULES §4.6, §12)` : ''}`;
    }
    if (seat === dealer) return `${P(seat)} is the dealer: his own exchange is no infraction, write "${P(seat)} exchange ${cardShort(a.card)}" (RULES §4.6)`;
    if (s.table.party[seat] !== s.table.party[dealer]) return `${P(seat)} is not the dealer's partner: only the dealer's partner can be left the exchange (RULES §4.6, §12)`;
    if (exchangerNow(s) === seat) return `${P(seat)} may exchange now (the right passed to him, RULES §4.6): no infraction, write "${P(seat)} exchange ${cardShort(a.card)}"`;
    return explainInfraction(s, a);
  }
  if (a.kind === 'play') {
    const actor = actingSeat(s);
    if (s.phase !== 'play') return `cannot ${actionText(a)} now: ${awaited(s)}`;
    if (actor !== seat) return `${P(seat)} plays out of turn: ${nextCard(s)}`;
    const no = unheld(s, seat, a.card);
    if (no !== null) return no;
    const why = explainInfraction(s, a);
    if (why === null) return null;
    if (explainIllegal(s, a) === null) return `${actionText(a)} by ${P(seat)} is no revoke: the follow rules allow that card here (RULES §6.2), write "${P(seat)} play ${cardShort(a.card)}${a.as === null ? '' : ` as ${cardShort(a.as)}`}"`;
    return why;
  }
  return explainInfraction(s, a);
}
