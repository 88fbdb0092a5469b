// GUIDE guideline 3 for Bieten: the only bridge from a deal's state to a policy. A BietenObservation is
// built from fresh plain objects and arrays (and the engine's deeply frozen event records, which nobody can
// change) and holds only what the player may know: his own hand, the cards on the table, every bid, answer
// and write said aloud, the scores and the legal actions. Never another player's cards, never the stock,
// never a seed.
//
// resampleBietenHidden(state, player, rng) redeals the cards the player cannot see — the other hands' cards
// not yet on the table and the undealt rest — consistently with everything he has seen (the deal replayed on
// the new cards must say and show exactly what it said and showed), so his observation stays byte-identical.
import { actingSeat, applyAction, currentPlayer, dealOptionsOf, dealWithHands, explainIllegal, legalActions } from './engine.ts';
import { bietenRulesName, BIETEN_FIGURES, type BietenFigure } from './rules.ts';
import { BLOC, bietenEventSeenBy, type BietenAction, type BietenEvent, type BietenState, type FigureResult } from './state.ts';
import type { RandomSource } from '../../core/rng.ts';

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

type ObsTrick = BietenObservation['tricks'][number];

/** Per deal: deeply frozen snapshots of the public parts, rebuilt only when they changed (shared by all players). */
interface PublicCache {
  names: readonly string[];
  active: readonly number[];
  done: ObsTrick[];
  tricksKey: number;
  tricks: readonly ObsTrick[];
  figures: readonly BietenObservedFigure[];
  points: readonly number[];
  penalties: readonly number[];
  out: readonly number[];
  results: readonly FigureResult[] | null;
}
const publicCaches = new WeakMap<BietenState, PublicCache>();

function sameOrFrozen(prev: readonly number[], now: readonly number[]): readonly number[] {
  if (prev.length === now.length) {
    let same = true;
    for (let i = 0; i < now.length; i++) {
      if (prev[i] !== now[i]) {
        same = false;
        break;
      }
    }
    if (same) return prev;
  }
  return Object.freeze(now.slice());
}

function figureChanged(o: BietenObservedFigure | undefined, f: BietenState['figs'][number]): boolean {
  return (
    o === undefined ||
    o.status !== f.status ||
    o.stake !== f.stake ||
    o.bidder !== f.bidder ||
    o.holder !== f.holder ||
    o.groschenBy !== f.groschenBy ||
    o.writtenTo !== f.writtenTo ||
    o.writtenPoints !== f.writtenPoints
  );
}

function publicOf(s: BietenState): PublicCache {
  let c = publicCaches.get(s);
  if (c === undefined) {
    c = {
      names: Object.isFrozen(s.names) ? s.names : Object.freeze(s.names.slice()),
      active: Object.isFrozen(s.active) ? s.active : Object.freeze(s.active.slice()),
      done: [],
      tricksKey: -1,
      tricks: Object.freeze([]),
      figures: Object.freeze([]),
      points: Object.freeze([]),
      penalties: Object.freeze([]),
      out: Object.freeze([]),
      results: null,
    };
    publicCaches.set(s, c);
  }
  const n = s.tricks.length;
  const last = s.tricks[n - 1];
  const key = n === 0 ? 0 : n * 64 + last!.plays.length * 2 + (last!.winner >= 0 ? 1 : 0) + 1;
  if (key !== c.tricksKey) {
    const out: ObsTrick[] = [];
    for (let i = 0; i < n; i++) {
      const t = s.tricks[i]!;
      let o = c.done[i];
      if (o === undefined) {
        o = Object.freeze({ leader: t.leader, plays: Object.freeze(t.plays.map((p) => Object.freeze({ seat: p.seat, card: p.card, revoke: p.revoke }))), winner: t.winner }) as ObsTrick;
        if (t.winner >= 0) c.done[i] = o;
      }
      out.push(o);
    }
    c.tricks = Object.freeze(out);
    c.tricksKey = key;
  }
  let changed = c.figures.length !== 5;
  for (let i = 0; i < 5 && !changed; i++) changed = figureChanged(c.figures[i], s.figs[i]!);
  if (changed) {
    const out: BietenObservedFigure[] = [];
    for (let i = 0; i < 5; i++) {
      const f = s.figs[i]!;
      let order = -1;
      if (f.seq !== Infinity) {
        order = 0;
        for (const g of s.figs) if (g.seq < f.seq) order++;
      }
      out.push(
        Object.freeze({
          figure: BIETEN_FIGURES[i]!,
          status: f.status,
          stake: f.stake,
          bidder: f.bidder,
          holder: f.holder,
          groschenBy: f.groschenBy,
          order,
          writtenTo: f.writtenTo,
          writtenPoints: f.writtenPoints,
        }),
      );
    }
    c.figures = Object.freeze(out);
  }
  c.points = sameOrFrozen(c.points, s.points);
  c.penalties = sameOrFrozen(c.penalties, s.penalties);
  c.out = sameOrFrozen(c.out, s.outOrder);
  if (s.results !== null && c.results === null) c.results = Object.freeze(s.results.map((r) => Object.freeze({ ...r })));
  return c;
}

/**
 * What `player` may know now: fresh plain data, or deeply frozen snapshots shared across this deal's
 * decisions and players (the tricks, the wagers, the history) that nobody can change.
 */
export function observeBieten(s: BietenState, player: number): BietenObservation {
  const toAct = currentPlayer(s) === player;
  const c = publicOf(s);
  return {
    game: 'bieten',
    ruleset: rulesName(s),
    target: s.rules.target,
    seats: s.seats,
    player,
    seat: player,
    names: c.names as string[],
    active: c.active as number[],
    dealer: s.dealer,
    vorhand: s.vorhand,
    cutter: s.cutter,
    phase: s.phase,
    acting: toAct ? actingSeat(s) : -1,
    hand: cardsOf(s.hand[player] ?? 0),
    tricks: c.tricks as ObsTrick[],
    figures: c.figures as BietenObservedFigure[],
    offer: s.offer === null ? null : { figure: BIETEN_FIGURES[s.offer.figure]!, by: s.offer.by, level: s.offer.level, queue: s.offer.queue.slice() },
    score: s.score as number[],
    points: c.points as number[],
    penalties: c.penalties as number[],
    outThisDeal: c.out as number[],
    results: c.results as FigureResult[] | null,
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
  const opts = dealOptionsOf(s);
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
