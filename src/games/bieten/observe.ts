// GUIDE guideline 3 for Bieten: the only bridge from a deal's state to a policy. A BietenObservation is
// built from fresh plain objects and arrays (and the engine's deeply frozen event records, which nobody can
// change) and holds only what the player may know: his own hand, the cards on the table, every bid, answer
// and write said aloud, the scores and the legal actions. Never another player's cards, never the stock,
// never a seed.
//
// resampleBietenHidden(state, player, rng) redeals the cards the player cannot see — the other hands' cards
// not yet on the table and the undealt rest — consistently with everything he has seen (the deal replayed on
// the new cards must say and show exactly what it said and showed), so his observation stays byte-identical.
import type { RandomSource } from '../../policy/api.ts';
import { actingSeat, applyAction, currentPlayer, dealWithHands, explainIllegal, legalActions } from './engine.ts';
import { bietenRulesName } from './rules.ts';
import { BIETEN_FIGURES, type BietenFigure } from './rules.ts';
import { BLOC, bietenEventSeenBy, type BietenAction, type BietenEvent, type BietenState, type FigureResult } from './state.ts';

export interface BietenObservedFigure {
  figure: BietenFigure;
  status: 'unbid' | 'offer' | 'held' | 'closed';
  /** 2 held, 3 a Groschen held, else 0. */
  stake: number;
  bidder: number;
  holder: number;
  groschenBy: number;
  /** 0 = the first figure bid in this deal (the Vorgebotene), 1 the next …; -1 unbid. */
  order: number;
  /** Written at once when let gut: to whom, how many (-1 / 0). */
  writtenTo: number;
  writtenPoints: number;
}

export interface BietenObservation {
  game: 'bieten';
  /** Canonical ruleset name ("bieten{target=9}"). */
  ruleset: string;
  target: number;
  /** Seats at the table; the observing player sits at `seat` (= player). */
  seats: number;
  player: number;
  seat: number;
  names: string[];
  /** Seats still in the game, ascending. */
  active: number[];
  dealer: number;
  vorhand: number;
  cutter: number;
  phase: string;
  /** The seat to decide (this player when he is to act), -1 when he is not. */
  acting: number;
  /** Own cards not yet played, ascending. */
  hand: number[];
  tricks: Array<{ leader: number; plays: Array<{ seat: number; card: number; revoke: boolean }>; winner: number }>;
  /** The five figures' wagers, in the order Herz, Laub, Gleich, Hanger, Spiel. */
  figures: BietenObservedFigure[];
  /** The bid or Groschen being answered: its figure, who made it, 1 plain / 2 Groschen, who answers in order. */
  offer: { figure: BietenFigure; by: number; level: number; queue: number[] } | null;
  /** Score per seat before this deal, and this deal's points so far (writes − penalties). */
  score: number[];
  points: number[];
  penalties: number[];
  /** Seats that went out in this deal so far (in order). */
  outThisDeal: number[];
  /** The figures at the end of the deal (null before). */
  results: FigureResult[] | null;
  /** The events this player has seen, in order. */
  history: BietenEvent[];
  /** Legal actions when the player is to act (else empty). */
  legal: BietenAction[];
}

function cardsOf(mask: number): number[] {
  const out: number[] = [];
  let m = mask >>> 0;
  while (m !== 0) {
    out.push(31 - Math.clz32(m & -m));
    m = (m & (m - 1)) >>> 0;
  }
  return out;
}

const names = new WeakMap<object, string>();
function rulesName(s: BietenState): string {
  let n = names.get(s.rules);
  if (n === undefined) names.set(s.rules, (n = bietenRulesName(s.rules)));
  return n;
}

/** Per deal and player: the events seen so far, as a frozen snapshot rebuilt only when a seen event was added. */
const histories = new WeakMap<BietenState, Array<{ len: number; seen: BietenEvent[]; snap: readonly BietenEvent[] } | undefined>>();
function historyOf(s: BietenState, player: number): BietenEvent[] {
  let per = histories.get(s);
  if (per === undefined) histories.set(s, (per = []));
  let h = per[player];
  if (h === undefined) per[player] = h = { len: 0, seen: [], snap: Object.freeze([]) };
  if (h.len !== s.events.length) {
    const before = h.seen.length;
    for (let i = h.len; i < s.events.length; i++) {
      const e = s.events[i]!;
      const by = bietenEventSeenBy(e);
      if (by === null || by === player) h.seen.push(e); // events are frozen records: sharing them gives nothing away
    }
    h.len = s.events.length;
    if (h.seen.length !== before) h.snap = Object.freeze(h.seen.slice());
  }
  return h.snap as BietenEvent[];
}

export function observeBieten(s: BietenState, player: number): BietenObservation {
  const toAct = currentPlayer(s) === player;
  const rank = s.figs.map((f) => f.seq);
  return {
    game: 'bieten',
    ruleset: rulesName(s),
    target: s.rules.target,
    seats: s.seats,
    player,
    seat: player,
    names: s.names.slice(),
    active: s.active.slice(),
    dealer: s.dealer,
    vorhand: s.vorhand,
    cutter: s.cutter,
    phase: s.phase,
    acting: toAct ? actingSeat(s) : -1,
    hand: cardsOf(s.hand[player] ?? 0),
    tricks: s.tricks.map((t) => ({ leader: t.leader, plays: t.plays.map((p) => ({ seat: p.seat, card: p.card, revoke: p.revoke })), winner: t.winner })),
    figures: s.figs.map((f, i) => ({
      figure: BIETEN_FIGURES[i]!,
      status: f.status,
      stake: f.stake,
      bidder: f.bidder,
      holder: f.holder,
      groschenBy: f.groschenBy,
      order: f.seq === Infinity ? -1 : rank.filter((x) => x < f.seq).length,
      writtenTo: f.writtenTo,
      writtenPoints: f.writtenPoints,
    })),
    offer: s.offer === null ? null : { figure: BIETEN_FIGURES[s.offer.figure]!, by: s.offer.by, level: s.offer.level, queue: s.offer.queue.slice() },
    score: s.score.slice(),
    points: s.points.slice(),
    penalties: s.penalties.slice(),
    outThisDeal: s.outOrder.slice(),
    results: s.results === null ? null : s.results.map((r) => ({ ...r })),
    history: historyOf(s, player),
    legal: toAct ? legalActions(s) : [],
  };
}

export class BietenResampleError extends Error {
  override name = 'BietenResampleError';
}

/** Public events (and the player's own) as text: two worlds look the same to him iff these agree. */
function seenText(s: BietenState, player: number): string {
  return JSON.stringify(s.events.filter((e) => (bietenEventSeenBy(e) ?? player) === player));
}

/**
 * A copy of the deal in which every card `player` cannot see is redealt at random, consistently with what he
 * has seen: rejection sampling, uniform over the consistent worlds. Each candidate is dealt through the real
 * chance path and the deal's actions are replayed on it; it is kept when every action is legal there and it
 * produces the same events the player saw. Gives up after `maxTries`.
 */
export function resampleBietenHidden(s: BietenState, player: number, rng: RandomSource, maxTries = 2000): BietenState {
  if (s.phase === 'shuffle' || s.phase === 'cut') return s; // nothing dealt, nothing known
  const played: number[][] = Array.from({ length: s.seats }, () => []);
  for (const t of s.tricks) for (const p of t.plays) played[p.seat]!.push(p.card);
  const pool: number[] = [];
  for (let c = 0; c < 32; c++) {
    const l = s.loc[c]!;
    if (l === BLOC.stock || (l >= 0 && l < s.seats && l !== player)) pool.push(c);
  }
  const target = seenText(s, player);
  const moves = s.actions.filter((a) => a.kind !== 'chance');
  const opts = {
    players: s.seats,
    dealer: s.dealer,
    score: s.score,
    out: Array.from({ length: s.seats }, (_, i) => i).filter((i) => !s.active.includes(i)),
    names: s.names,
    revokes: s.revokes,
  };
  const dealtEvent = s.events.find((e) => e.type === 'dealt' && e.seat === player);
  const own = dealtEvent !== undefined && dealtEvent.type === 'dealt' ? dealtEvent.cards.slice() : [];
  for (let tries = 0; tries < maxTries; tries++) {
    const cards = pool.slice();
    for (let i = cards.length - 1; i > 0; i--) {
      const j = rng.below(i + 1);
      const t = cards[i]!;
      cards[i] = cards[j]!;
      cards[j] = t;
    }
    let k = 0;
    const hands = Array.from({ length: s.seats }, (_, seat): number[] => {
      if (!s.active.includes(seat)) return [];
      if (seat === player) return own;
      const h = played[seat]!.slice();
      while (h.length < 3) h.push(cards[k++]!);
      return h;
    });
    const w = dealWithHands(s.rules, opts, hands, s.cutAt);
    let ok = true;
    for (const a of moves) {
      if (explainIllegal(w, a) !== null) {
        ok = false;
        break;
      }
      applyAction(w, a);
    }
    if (ok && seenText(w, player) === target) return w;
  }
  throw new BietenResampleError(`no consistent world found for seat ${player} in ${maxTries} tries`);
}
