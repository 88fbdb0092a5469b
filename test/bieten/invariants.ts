// Invariants of a Bieten deal, each recomputed independently of the engine (GUIDE §2 "random full games
// with invariants"): every card in exactly one place, trick winners by a naive rule, every figure's maker by
// brute force, the points and the order of going out explained by the history.

/** Plain assertions (no test-framework objects per call: these run on every deal of 10,000 games). */
function same(got: unknown, want: unknown, what: string): void {
  const a = JSON.stringify(got);
  const b = JSON.stringify(want);
  if (a !== b) throw new Error(`${what}: got ${a}, want ${b}`);
}
function ok(cond: boolean, what: string): void {
  if (!cond) throw new Error(what);
}
import { BLOC, type BietenState } from '../../src/games/bieten/state.ts';
import { BIETEN_FIGURES, goingOutRank } from '../../src/games/bieten/rules.ts';

const suit = (c: number) => Math.floor(c / 8);
const rank = (c: number) => c % 8;
function cardsOf(m: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < 32; c++) if ((m >>> c) & 1) out.push(c);
  return out;
}

/** Every card in exactly one place; hands the right size; out seats empty. */
export function checkPlaces(s: BietenState): void {
  if (s.phase === 'shuffle' || s.phase === 'cut') return;
  const where = new Map<number, string>();
  const put = (c: number, w: string) => {
    if (where.has(c)) throw new Error(`card ${c} both ${where.get(c)} and ${w}`);
    where.set(c, w);
  };
  for (let seat = 0; seat < s.seats; seat++) {
    for (const c of cardsOf(s.hand[seat]!)) {
      put(c, `seat ${seat}`);
      if (s.loc[c] !== seat) throw new Error(`card ${c} in seat ${seat}'s hand but loc ${s.loc[c]}`);
    }
    const played = s.tricks.reduce((n, t) => n + t.plays.filter((p) => p.seat === seat).length, 0);
    const size = cardsOf(s.hand[seat]!).length + played;
    if (s.active.includes(seat) ? size !== 3 : size !== 0) throw new Error(`seat ${seat} has ${size} cards in hand and on the table`);
  }
  for (const t of s.tricks) for (const p of t.plays) {
    put(p.card, 'table');
    if (s.loc[p.card] !== BLOC.table) throw new Error(`played card ${p.card} has loc ${s.loc[p.card]}`);
  }
  for (let c = 0; c < 32; c++) {
    if (s.loc[c] === BLOC.stock) put(c, 'stock');
  }
  if (where.size !== 32) throw new Error(`${32 - where.size} cards are nowhere`);
  const stock = [...where.values()].filter((w) => w === 'stock').length;
  if (stock !== 32 - 3 * s.active.length) throw new Error(`stock of ${stock} cards`);
}

/** Each finished trick: the highest card of the led suit, by a naive rule. */
export function checkTricks(s: BietenState): void {
  for (const t of s.tricks) {
    if (t.winner < 0) continue;
    const led = suit(t.plays[0]!.card);
    const best = t.plays.filter((p) => suit(p.card) === led).sort((a, b) => rank(b.card) - rank(a.card))[0]!;
    same(t.winner, best.seat, 'trick winner');
    same(t.plays.length, s.active.length, 'cards in a trick');
    if (!s.revokes) {
      // everyone followed suit when he could: replay the hands
      for (const p of t.plays.slice(1)) {
        if (suit(p.card) === led) continue;
        const later = s.tricks.slice(s.tricks.indexOf(t) + 1).flatMap((u) => u.plays.filter((q) => q.seat === p.seat).map((q) => q.card));
        const heldThen = [...later, ...cardsOf(s.hand[p.seat]!)];
        ok(!heldThen.some((c) => suit(c) === led), `seat ${p.seat} did not follow suit although able`);
      }
    }
  }
}

/** Brute-force figure code of a three-card hand (no bit tricks): higher is better, 0 none. */
export function naiveCode(figure: string, cards: readonly number[]): number {
  if (figure === 'Herz' || figure === 'Laub') {
    const s0 = figure === 'Herz' ? 0 : 2;
    const xs = cards.filter((c) => suit(c) === s0).map(rank);
    return xs.length === 0 ? 0 : Math.max(...xs) + 1;
  }
  let best = 0;
  const subsets: number[][] = [];
  for (let i = 0; i < cards.length; i++) for (let j = i + 1; j < cards.length; j++) {
    subsets.push([cards[i]!, cards[j]!]);
    for (let k = j + 1; k < cards.length; k++) subsets.push([cards[i]!, cards[j]!, cards[k]!]);
  }
  for (const sub of subsets) {
    const ranks = sub.map(rank).sort((a, b) => a - b);
    const suits = sub.map(suit);
    if (figure === 'Gleich' && ranks.every((r) => r === ranks[0]) && new Set(suits).size === sub.length) best = Math.max(best, sub.length * 16 + ranks[0]! + 1);
    if (figure === 'Hanger' && suits.every((x) => x === suits[0]) && ranks.every((r, i) => i === 0 || r === ranks[i - 1]! + 1)) best = Math.max(best, sub.length * 16 + ranks.at(-1)! + 1);
  }
  return best;
}

/**
 * At the end of a deal: the figures' makers by brute force; the points of this deal and the order of going
 * out recomputed from the history (writes, erasures, penalties) and from the rules (held figures first in
 * the order bid, then the unbid ones by rank).
 */
export function checkScoring(s: BietenState): void {
  same(s.phase, 'done', 'phase');
  const dealt = (seat: number) => cardsOf(s.dealt[seat]!);
  const r = s.rules;
  // makers
  const makers: number[] = [];
  for (const f of BIETEN_FIGURES) {
    if (f === 'Spiel') {
      makers.push(s.tricks[2]!.winner);
      continue;
    }
    const codes = s.active.map((seat) => ({ seat, code: naiveCode(f, dealt(seat)) }));
    const top = Math.max(...codes.map((c) => c.code));
    const at = codes.filter((c) => c.code === top);
    let m = top === 0 ? -1 : at.length > 1 ? -2 : at[0]!.seat;
    if ((f === 'Herz' || f === 'Laub') && r.unfollowedLead === 'leaderWrites') {
      const st = f === 'Herz' ? 0 : 2;
      const t = s.tricks.find((u) => suit(u.plays[0]!.card) === st && u.plays.slice(1).every((p) => suit(p.card) !== st));
      if (t !== undefined) m = t.leader;
    }
    makers.push(m);
  }
  // the points from the history
  const fromHistory = new Array<number>(s.seats).fill(0);
  const running = s.score.slice();
  const out: number[] = [];
  for (const e of s.events) {
    const d = e.type === 'write' ? e.points : e.type === 'erase' || e.type === 'penalty' ? -e.points : 0;
    if (d === 0 || !('seat' in e)) continue;
    fromHistory[e.seat]! += d;
    running[e.seat]! += d;
    if (d > 0 && running[e.seat]! >= r.target && !out.includes(e.seat)) out.push(e.seat);
  }
  same(s.points, fromHistory, 'points against the history');
  same(s.outOrder, out, 'order of going out against the history');
  // the rules: immediate writes (gut) and penalties are in the history; the end writes follow from the makers
  const expected = new Array<number>(s.seats).fill(0);
  for (const e of s.events) {
    if (e.type === 'penalty') expected[e.seat]! -= e.points;
    if (e.type === 'write' && (e.how === 'gut' || e.how === 'groschenGut')) expected[e.seat]! += e.points;
  }
  const order: number[] = [];
  const held = [0, 1, 2, 3, 4].filter((f) => s.figs[f]!.status === 'held' && (r.vorgebotene === 'heldFigures' || makers[f] === s.figs[f]!.bidder));
  held.sort((a, b) => s.figs[a]!.seq - s.figs[b]!.seq);
  order.push(...held);
  for (const name of goingOutRank(r)) {
    const f = BIETEN_FIGURES.indexOf(name);
    if (!order.includes(f)) order.push(f);
  }
  for (let f = 0; f < 5; f++) {
    const fig = s.figs[f]!;
    ok(fig.status !== 'offer', 'an offer left unanswered');
    if (fig.status === 'closed' && r.fleeCancelsGut && makers[f] === -2) expected[fig.writtenTo]! -= fig.writtenPoints; // it flees (rule 9)
  }
  for (const f of order) {
    const fig = s.figs[f]!;
    if (fig.status === 'closed' || makers[f]! < 0) continue;
    const pts = fig.status === 'held' ? fig.stake : 1;
    expected[makers[f]!]! += pts;
  }
  same(s.points, expected, 'points against the rules');
  const res = s.results!;
  for (let f = 0; f < 5; f++) {
    const fig = s.figs[f]!;
    if (fig.status !== 'closed') same(res[f]!.maker, makers[f], `maker of ${BIETEN_FIGURES[f]}`);
    ok(fig.stake === 0 || fig.stake === 2 || fig.stake === 3, 'a stake above Drei'); // Drei is the most (rule 12)
  }
  for (const seat of s.active) ok(s.penalties[seat]! >= 0, 'a negative penalty');
}
