// Golden cases of RULES §18.3–§18.5 on bidding, scoring, the end of the Partie and penalties
// (GC-25 … GC-55, GC-61, GC-63 … GC-65), each a test named after it (GUIDE guideline 13).
import { describe, expect, it } from 'vitest';
import { parseCard, parseCards } from '../../src/cards/notation.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { actingSeat, handFromLayout, legalActions } from '../../src/engine/game.ts';
import { applyChecked } from '../../src/engine/checked.ts';
import { hasSpielfarbe } from '../../src/engine/obligations.ts';
import type { FigureName, PolicyAction } from '../../src/engine/actions.ts';
import type { HandState } from '../../src/engine/state.ts';
import { doubleThreshold } from '../../src/play/partie.ts';

const c = parseCard;
// 1853, trump Schell (S9 turned; Perlaggen SK S7 SU SO): P1 Gleich KK + Hanger HK-HO, P2 Gleich AA, P3 Gleich 888.
const A1853 = ['HK LK HO E9 L10', 'HA LA S10 E7 H10', 'H8 L8 E8 SA EU', 'EA LO HU S8 L9'];
// the same with P3 and P4 exchanged: the three 8s are party B's
const B1853 = [A1853[0]!, A1853[1]!, A1853[3]!, A1853[2]!];
// P1 without a Hanger
const C1853 = ['HK LK H7 E9 L10', 'HA LA S10 H10 H9', A1853[2]!, 'EA LO HU S8 L9'];
// Innsbruck, trump Laub (L9 turned): P1 AA, P2 KK, P3 OO, P4 UU; no Perlagg in any hand.
const IBK = ['HA EA L8 S9 H10', 'SK EK H9 L10 S8', 'HO EO S10 E9 H8', 'LK SU EU H7 E8'];

function setup(ruleset: string, turned: string, hands: readonly string[], score: number[] = [0, 0]): HandState {
  return handFromLayout(resolveRuleset(ruleset), { players: 4, dealer: 3, score, quietSeats: 0b1111 }, { hands: hands.map((h) => parseCards(h)), turned: c(turned) });
}
const is = (a: PolicyAction, kind: string) => a.kind === kind;
/** Pass in the open window until `seat` is to act (or the window closes). */
function toSeat(s: HandState, seat: number): void {
  while (s.phase === 'window' && actingSeat(s) !== seat) applyChecked(s, { kind: 'pass' });
  if (s.phase !== 'window') throw new Error(`no window for P${seat + 1} (phase ${s.phase})`);
}
/** Skip the unseen window (point −1) to the window before the first card. */
function toFirstCard(s: HandState): void {
  while (s.phase === 'window' && s.bid.point < 0) applyChecked(s, { kind: 'pass' });
}
function bid(s: HandState, seat: number, ...figures: FigureName[]): void {
  toSeat(s, seat);
  applyChecked(s, { kind: 'bid', figures, cumulative: false, unseen: s.bid.point < 0 });
}
/** Answer; the 1853 partner's veto (after a bid, a hold or a Drei, [000 p.33]) is consented to. */
function answer(s: HandState, a: 'gut' | 'hold' | 'consent' | 'allow' | 'reject'): void {
  if (s.phase === 'veto' && a !== 'consent') applyChecked(s, { kind: 'consent' });
  applyChecked(s, { kind: a });
  if (a !== 'consent') while ((s.phase as string) === 'veto') applyChecked(s, { kind: 'consent' });
}
function raise(s: HandState, figure: FigureName, to: number): void {
  if (s.phase === 'veto') applyChecked(s, { kind: 'consent' });
  applyChecked(s, { kind: 'raise', figure, to });
  while ((s.phase as string) === 'veto') applyChecked(s, { kind: 'consent' });
}
/** Play the hand out: pass/consent/allow in bidding, gut to offers, the first legal card and show. */
function finish(s: HandState): void {
  for (let i = 0; i < 500 && s.phase !== 'done'; i++) {
    const legal = legalActions(s);
    const pick = legal.find((a) => is(a, 'pass') || is(a, 'consent') || is(a, 'allow') || is(a, 'gut')) ?? legal[0]!;
    applyChecked(s, pick);
  }
}
const figureEvents = (s: HandState) => s.events.filter((e) => e.type === 'figure');
const fig = (s: HandState, f: FigureName) => figureEvents(s).find((e) => e.type === 'figure' && e.figure === f)! as Extract<HandState['events'][number], { type: 'figure' }>;

describe('RULES §18.3 bidding and scoring', () => {
  it('GC-25 the silent partner can win the held wager', () => {
    const s = setup('1853', 'S9', A1853);
    toFirstCard(s);
    bid(s, 0, 'Gleich');
    raise(s, 'Gleich', 3);
    raise(s, 'Gleich', 4);
    raise(s, 'Gleich', 5);
    answer(s, 'hold');
    expect(s.bid.figs[1]!.status).toBe('stake');
    finish(s);
    expect(fig(s, 'Gleich')).toMatchObject({ party: 0, points: 5 });
  });

  it('GC-26 gut: the bidder writes 1 at once and the figure is closed', () => {
    const s = setup('1853', 'S9', A1853);
    toFirstCard(s);
    bid(s, 0, 'Hanger');
    answer(s, 'gut');
    expect(s.bid.written).toEqual([1, 0]);
    expect(s.bid.figs[2]!.status).toBe('closed');
    finish(s);
    expect(figureEvents(s).some((e) => e.type === 'figure' && e.figure === 'Hanger')).toBe(false);
  });

  it('GC-27 halten: the party with the better figure at the end writes 2; equal → nobody', () => {
    const s = setup('1853', 'S9', [A1853[0]!, A1853[1]!, A1853[3]!, 'H8 L8 E8 SA EU']);
    toFirstCard(s);
    bid(s, 0, 'Gleich');
    answer(s, 'hold');
    finish(s);
    expect(fig(s, 'Gleich')).toMatchObject({ party: 1, points: 2 }); // P4's three 8s
    // equal best Gleich in both parties (Asse against Asse): it steht, also when held
    const t = setup('1853', 'H8', ['HA LA S7 E8 L10', 'SA EA S9 E10 L8'.replace('L8', 'L9'), 'LK S8 E7 H9 L7', 'EK SO LU H10 S10']);
    toFirstCard(t);
    bid(t, 0, 'Gleich');
    answer(t, 'hold');
    finish(t);
    expect(fig(t, 'Gleich')).toMatchObject({ party: -1, points: 0 });
  });

  it('GC-28 the Drei ladder and "number minus one"', () => {
    const run = (steps: (s: HandState) => void) => {
      const s = setup('1853', 'S9', A1853);
      toFirstCard(s);
      bid(s, 0, 'Spiel');
      raise(s, 'Spiel', 3); // P2: "Drei"
      steps(s);
      return s;
    };
    expect(run((s) => answer(s, 'gut')).bid.written).toEqual([0, 2]); // (a) "zwei gut"
    const b = run((s) => answer(s, 'hold')); // (b) "alle Drei halten"
    finish(b);
    expect(fig(b, 'Spiel')).toMatchObject({ party: b.spielParty, points: 3 });
    expect(run((s) => (raise(s, 'Spiel', 4), answer(s, 'gut'))).bid.written).toEqual([3, 0]); // (c)
    expect(run((s) => (raise(s, 'Spiel', 4), raise(s, 'Spiel', 5), answer(s, 'gut'))).bid.written).toEqual([0, 4]); // (d)
  });

  it('GC-29 only the holder may raise', () => {
    const s = setup('1853', 'S9', A1853);
    toFirstCard(s);
    bid(s, 0, 'Gleich');
    raise(s, 'Gleich', 3); // P2 Drei
    answer(s, 'hold'); // P1 holds all three: P1's party has the raise right
    toSeat(s, 1);
    expect(legalActions(s).some((a) => a.kind === 'raise')).toBe(false);
    expect(() => applyChecked(s, { kind: 'raise', figure: 'Gleich', to: 4 })).toThrow(/only the party entitled to hold/);
    finishWindow(s);
    // the next window: P1 may say Vier; then P2 may return Fünf
    applyChecked(s, legalActions(s).find((a) => a.kind === 'play')!);
    toSeat(s, 0);
    expect(legalActions(s)).toContainEqual({ kind: 'raise', figure: 'Gleich', to: 4 });
    raise(s, 'Gleich', 4);
    if (s.phase === 'veto') applyChecked(s, { kind: 'consent' });
    expect(legalActions(s)).toContainEqual({ kind: 'raise', figure: 'Gleich', to: 5 });
  });

  it('GC-30 no jumps; a jump binds its author', () => {
    const s = setup('1853', 'S9', B1853);
    toFirstCard(s);
    bid(s, 0, 'Gleich');
    raise(s, 'Gleich', 3);
    expect(legalActions(s)).not.toContainEqual({ kind: 'raise', figure: 'Gleich', to: 5 });
    raise(s, 'Gleich', 5); // checked path: the jump stands against its author
    answer(s, 'hold');
    finish(s);
    expect(fig(s, 'Gleich')).toMatchObject({ party: 1, points: 5 });
  });

  it('GC-31 hold first, raise later', () => {
    const s = setup('1853', 'S9', A1853);
    toFirstCard(s);
    bid(s, 0, 'Hanger');
    answer(s, 'hold');
    // play three tricks with passes
    while (s.tricks.filter((t) => t.winner >= 0).length < 3 && s.phase !== 'done') {
      const legal = legalActions(s);
      applyChecked(s, legal.find((a) => is(a, 'pass')) ?? legal.find((a) => is(a, 'play'))!);
    }
    if (s.phase === 'done') return; // the Spiel was decided in three tricks: nothing left to show here
    toSeat(s, s.bid.figs[2]!.lastSeat[1]!);
    raise(s, 'Hanger', 3);
    const before = s.bid.written[1]!;
    answer(s, 'gut');
    expect(s.bid.written[1]! - before).toBe(2);
  });

  it('GC-32 1853 Spielfarbe during a pending trick', () => {
    const s = setup('1853', 'S9', ['H10 LA EA L7 E10', 'S8 H7 LK EK HA', 'HK L9 E8 L8 E7', 'SA H8 HU LU EU']);
    toFirstCard(s);
    expect(hasSpielfarbe(s, 2)).toBe(true); // between tricks anyone may
    finishWindow(s);
    applyChecked(s, { kind: 'play', card: c('H10'), as: null });
    finishWindow(s);
    expect(hasSpielfarbe(s, 2)).toBe(true); // P3 holds Herz
    applyChecked(s, { kind: 'play', card: c('S8'), as: null }); // P2 trumps
    expect(hasSpielfarbe(s, 2)).toBe(false); // Spielfarbe is now trump
    expect(hasSpielfarbe(s, 3)).toBe(true); // P4 holds SA
    toSeat(s, 2);
    applyChecked(s, { kind: 'bid', figures: ['Spiel'], cumulative: false, unseen: false });
    expect(s.bid.figs[0]!.violation).toBe(1);
  });

  it('GC-33 Innsbruck Spielfarbe in the fifth round', () => {
    const s = setup('innsbruck', 'H9', ['EA LA SA L8 S9', 'L10 S8 E9 LU L7', 'L9 SK EK E10 S10', 'LK SU EU H7 E8'].map((h) => h));
    toFirstCard(s);
    // put the hands into the fifth round: P1 has led EA; P2 holds only the Weli, P3 only L9
    s.tricks = [0, 1, 2, 3].map((i) => ({ leader: 0, plays: [], winner: i % 2 }));
    s.tricks.push({ leader: 0, plays: [{ seat: 0, card: c('EA'), as: null }], winner: -1 });
    s.handLo[1] = 0;
    s.handWeli[1] = 1;
    s.handLo[2] = (1 << c('L9')) >>> 0;
    expect(hasSpielfarbe(s, 1)).toBe(true); // the Weli is a Perlagg
    expect(hasSpielfarbe(s, 2)).toBe(false);
    s.tricks.splice(1, 3); // round 2: free
    expect(hasSpielfarbe(s, 2)).toBe(true);
  });

  it('GC-34 obligation to spend the unchristened Perlagg on the bid figure', () => {
    const s = setup('1853', 'L8', ['HK S9 E8 H7 LU', 'HA LA S10 E7 H10', 'H8 SK E9 SA EU', 'EA LO HU S8 L9']);
    toFirstCard(s);
    bid(s, 0, 'Gleich');
    answer(s, 'hold');
    finishWindow(s);
    const lu = legalActions(s).flatMap((a) => (a.kind === 'play' && a.card === c('LU') ? [a.as!] : []));
    const ranks = new Set(lu.map((id) => id & 7));
    expect([...ranks].sort()).toEqual([c('H7') & 7, c('H8') & 7, c('H9') & 7, c('HK') & 7].sort());
    expect(lu).not.toContain(c('LA'));
  });

  it('GC-35 named simultaneous bids: naming order is priority', () => {
    const s = setup('1853', 'S9', A1853);
    toFirstCard(s);
    bid(s, 0, 'Hanger', 'Gleich');
    answer(s, 'hold');
    answer(s, 'hold');
    expect(s.bid.figs[2]!.seq).toBeLessThan(s.bid.figs[1]!.seq);
    finish(s);
    const order = figureEvents(s).map((e) => (e.type === 'figure' ? e.figure : ''));
    expect(order.indexOf('Hanger')).toBeLessThan(order.indexOf('Gleich'));
  });

  it('GC-36 cumulative / unseen unnamed bids: default order', () => {
    const order = (ruleset: string, turned: string, hands: readonly string[], unseen: boolean) => {
      const s = setup(ruleset, turned, hands);
      if (!unseen) toFirstCard(s);
      toSeat(s, 0);
      const a = legalActions(s).find((x) => x.kind === 'bid' && x.cumulative)!;
      applyChecked(s, a);
      return [...s.bid.figs.keys()].sort((x, y) => s.bid.figs[x]!.seq - s.bid.figs[y]!.seq).map((f) => ['Spiel', 'Gleich', 'Hanger'][f]);
    };
    expect(order('1853', 'S9', A1853, false)).toEqual(['Spiel', 'Gleich', 'Hanger']);
    expect(order('innsbruck', 'L9', IBK, true)).toEqual(['Gleich', 'Hanger', 'Spiel']);
    expect(order('oberland', 'L9', IBK.map((h) => h.replace('EU', 'E9').replace('E9 H8', 'E10 H8')), false)).toEqual(['Spiel', 'Gleich', 'Hanger']);
  });

  it('GC-37 the Vorgebotene decides at the end of the Partie', () => {
    const s = setup('1853', 'S9', B1853, [9, 9]);
    toFirstCard(s);
    bid(s, 0, 'Hanger');
    answer(s, 'hold');
    bid(s, 1, 'Spiel');
    answer(s, 'hold');
    toSeat(s, 3);
    applyChecked(s, { kind: 'bid', figures: ['Gleich'], cumulative: false, unseen: false });
    answer(s, 'hold');
    finish(s);
    expect(s.bid.partieWinner).toBe(0); // the Hanger (party A) goes first: 9 + 2 = 11
    expect(fig(s, 'Hanger')).toMatchObject({ party: 0, points: 2 });
    expect(fig(s, 'Gleich').points).toBe(0); // not written any more
  });

  it('GC-38 Vorgebotene and Double; gut points are written at once', () => {
    // (a) Y holds all three; X concedes the Spiel it bid first: Y 11, X stays at 4 → double
    const a = setup('1853', 'S9', A1853, [4, 9]);
    toFirstCard(a);
    bid(a, 0, 'Spiel');
    answer(a, 'hold');
    bid(a, 0, 'Gleich', 'Hanger');
    answer(a, 'hold');
    answer(a, 'hold');
    finishWindow(a);
    applyChecked(a, { kind: 'concede' });
    expect(a.bid.partieWinner).toBe(1);
    expect(a.bid.score[0]! + a.points[0]!).toBe(4);
    expect(4 < doubleThreshold(a.ruleset)).toBe(true);
    // (b) Y lets Gleich and Hanger gut: X writes 2 at once → 6, single loss
    const b = setup('1853', 'S9', A1853, [4, 9]);
    toFirstCard(b);
    bid(b, 0, 'Spiel');
    answer(b, 'hold');
    bid(b, 0, 'Gleich', 'Hanger');
    answer(b, 'gut');
    answer(b, 'gut');
    expect(b.bid.written[0]).toBe(2);
    finishWindow(b);
    applyChecked(b, { kind: 'concede' });
    expect(b.bid.partieWinner).toBe(1);
    expect(b.bid.score[0]! + b.points[0]!).toBe(6);
    expect(6 < doubleThreshold(b.ruleset)).toBe(false);
  });

  it('GC-39 Innsbruck §12: a let-gut figure is written at once', () => {
    const s = setup('innsbruck', 'L9', IBK, [16, 17]);
    toFirstCard(s);
    bid(s, 0, 'Spiel');
    answer(s, 'hold');
    bid(s, 0, 'Gleich');
    answer(s, 'gut');
    expect(s.bid.score[0]! + s.bid.written[0]!).toBe(17);
    finish(s);
    expect(s.bid.partieWinner).toBe(s.spielParty);
    expect(fig(s, 'Spiel')).toMatchObject({ party: s.spielParty, points: 2 });
    const order = figureEvents(s).map((e) => (e.type === 'figure' ? e.figure : ''));
    expect(order[0]).toBe('Spiel');
  });
});

function finishWindow(s: HandState): void {
  while (s.phase === 'window') applyChecked(s, { kind: 'pass' });
}

describe('RULES §18.4 score restrictions, asking, Aus', () => {
  it('GC-40 1853: bidding at 10 sets the party back to 5; the bid is void', () => {
    const s = setup('1853', 'S9', A1853, [10, 0]);
    toFirstCard(s);
    bid(s, 0, 'Hanger');
    expect(s.bid.score[0]! + s.bid.written[0]!).toBe(5);
    expect(s.bid.figs[2]!.status).toBe('unbid');
  });

  it('GC-41 1853: two bids at 9 — no penalty, restricted to the first named', () => {
    const s = setup('1853', 'S9', A1853, [9, 0]);
    toFirstCard(s);
    bid(s, 0, 'Gleich', 'Hanger');
    expect(s.bid.penalties).toEqual([0, 0]);
    expect(s.bid.figs[1]!.status).toBe('offer');
    expect(s.bid.figs[2]!.status).toBe('unbid');
  });

  it('GC-42 Oberland: virtually gestrichen', () => {
    const s = setup('oberland', 'L9', IBK.map((h) => h.replace('EU', 'E9').replace('E9 H8', 'E10 H8')), [13, 0]);
    toFirstCard(s);
    bid(s, 0, 'Gleich');
    answer(s, 'gut');
    bid(s, 0, 'Spiel');
    expect(s.bid.score[0]! + s.bid.written[0]!).toBe(12);
    expect(s.bid.figs[0]!.status).toBe('unbid');
  });

  it('GC-43 Oberland: "Höll\' auf" at 12 costs 2', () => {
    const s = setup('oberland', 'L9', IBK.map((h) => h.replace('EU', 'E9').replace('E9 H8', 'E10 H8')), [12, 0]);
    toFirstCard(s);
    toSeat(s, 0);
    applyChecked(s, legalActions(s).find((a) => a.kind === 'bid' && a.cumulative)!);
    expect(s.bid.score[0]! + s.bid.written[0]!).toBe(10);
  });

  it('GC-44 Innsbruck: bidding at 17 costs 2 at once', () => {
    const s = setup('innsbruck', 'L9', IBK, [17, 0]);
    toFirstCard(s);
    bid(s, 0, 'Gleich');
    expect(s.bid.score[0]! + s.bid.written[0]!).toBe(15);
  });

  const ASK = ['HU LU EU S7 H9', 'HA LA EA S10 L8', 'HK LK E9 H10 L7', 'EK S8 L10 E8 H8'];
  it('GC-45 Dritzige: a three-fold cannot reject a four-fold', () => {
    const s = setup('1853', 'S9', ASK, [10, 0]);
    toFirstCard(s);
    toSeat(s, 0);
    applyChecked(s, { kind: 'ask', count: 4, type: 'Gleich' });
    expect(legalActions(s)).not.toContainEqual({ kind: 'reject' });
    answer(s, 'allow');
    expect(s.bid.partieWinner).toBe(0);
    expect(s.phase).toBe('done');
    expect(s.bid.score[0]! + s.points[0]!).toBe(11);
  });

  it('GC-46 Dritzige: a Hanger rejects only a Hanger; a Gleich rejects both', () => {
    // (a) X asks with three 8s; Y's only three-fold is a Hanger
    const a = setup('1853', 'S9', ['H8 L8 E8 H7 L10', 'HA HK HO E7 L9', 'LK E9 H10 LU EU', 'EK S8 LA E10 HU'], [10, 0]);
    toFirstCard(a);
    toSeat(a, 0);
    applyChecked(a, { kind: 'ask', count: 3, type: 'Gleich' });
    expect(legalActions(a)).not.toContainEqual({ kind: 'reject' });
    // (b) X asks with a three-fold Hanger; Y holds a three-fold Gleich: may reject, play goes on
    const b = setup('1853', 'S9', ['HA HK HO E7 L10', 'H8 L8 E8 H7 L9', 'LK E9 H10 LU EU', 'EK S8 LA E10 HU'], [10, 0]);
    toFirstCard(b);
    toSeat(b, 0);
    applyChecked(b, { kind: 'ask', count: 3, type: 'Hanger' });
    expect(legalActions(b)).toContainEqual({ kind: 'reject' });
    answer(b, 'reject');
    expect(b.phase).not.toBe('done');
    expect(b.bid.partieWinner).toBe(-1);
  });

  it('GC-47 false Dritzige ask', () => {
    const hands = ['HK LA E9 H7 L10', 'H8 L8 E8 HA L9', 'LK EA H10 LU EU', 'EK S8 LO E10 HU'];
    const a = setup('1853', 'S9', hands, [10, 0]);
    toFirstCard(a);
    toSeat(a, 0);
    applyChecked(a, { kind: 'ask', count: 3, type: 'Gleich' });
    answer(a, 'reject');
    expect(a.bid.written).toEqual([0, 2]);
    const b = setup('1853', 'S9', hands, [10, 0]);
    toFirstCard(b);
    toSeat(b, 0);
    applyChecked(b, { kind: 'ask', count: 3, type: 'Gleich' });
    answer(b, 'allow');
    expect(b.bid.written).toEqual([0, 0]);
    expect(b.bid.partieWinner).toBe(-1);
  });

  it('GC-48 a blind all-three bid blocks the ask', () => {
    const s = setup('1853', 'S9', ASK, [10, 3]);
    toSeat(s, 1); // unseen window
    applyChecked(s, legalActions(s).find((a) => a.kind === 'bid' && a.cumulative && a.unseen)!);
    answer(s, 'gut');
    answer(s, 'gut');
    answer(s, 'gut');
    expect(s.bid.score[1]! + s.bid.written[1]!).toBe(6);
    finishWindow(s); // the unseen window closes; P1 (at 10) has nothing he may do: no ask
    // The Spiel was let gut with the other two, so it is decided and no card is played (RULES §6.1 [000 p.17]).
    expect(s.phase).not.toBe('play');
    expect(s.tricks.every((t) => t.plays.length === 0)).toBe(true);
    expect(s.events.some((e) => e.type === 'ask')).toBe(false);
    expect(s.bid.unseenAll).toBe(2);
  });

  it('GC-49 Oberland "Viertig erlaubt?"', () => {
    const four = ['HK LK SK EK H9', 'HA LA EA S10 L8', 'HO LO E9 H10 L7', 'EO S8 L10 E8 H8'];
    const a = setup('oberland', 'L9', four, [14, 0]);
    toFirstCard(a);
    toSeat(a, 0);
    applyChecked(a, { kind: 'ask', count: 4, type: 'Gleich' });
    answer(a, 'allow');
    expect(a.bid.partieWinner).toBe(0);
    // (b) Y holds a four-fold: "Viertig nicht erlaubt!"
    const b = setup('oberland', 'L9', [four[0]!, 'HA LA EA SA L8', 'HO LO E9 H10 L7', 'EO S8 L10 E8 H8'], [14, 0]);
    toFirstCard(b);
    toSeat(b, 0);
    applyChecked(b, { kind: 'ask', count: 4, type: 'Gleich' });
    answer(b, 'reject');
    expect(b.bid.partieWinner).toBe(-1);
    // (c) X did not have it: Bummerl
    const c3 = setup('oberland', 'L9', ['HA LA EA S10 H9', 'HO LK SK EK L8', 'HK LO E9 H10 L7', 'EO S8 L10 E8 H8'], [14, 0]);
    toFirstCard(c3);
    toSeat(c3, 0);
    applyChecked(c3, { kind: 'ask', count: 4, type: 'Gleich' });
    answer(c3, 'allow');
    expect(c3.bid.partieWinner).toBe(1);
  });

  it('GC-50 Innsbruck 17:17, nobody asks: the Spiel decides', () => {
    const s = setup('innsbruck', 'L9', IBK, [17, 17]);
    finish(s);
    expect(s.bid.partieWinner).toBe(s.spielParty);
    expect(fig(s, 'Gleich').points).toBe(0);
  });

  it('GC-51 Innsbruck 17:17, equal three-folds: the Spiel decides', () => {
    const s = setup('innsbruck', 'L9', ['HA EA SA L8 S9', 'HK SK EK L10 S8', 'HO EO S10 E9 H8', 'LK SU EU H7 E8'], [17, 17]);
    toFirstCard(s);
    toSeat(s, 0);
    applyChecked(s, { kind: 'ask', count: 3, type: 'Gleich' });
    answer(s, 'reject');
    finish(s);
    // Asse against Könige are not equal: the higher (Asse, party A) goes out
    expect(s.bid.partieWinner).toBe(0);
    const t = setup('innsbruck', 'L9', ['HA EA SA L8 S9', 'HO EO SO L10 S8', 'H10 E10 S10 E9 H8', 'LK SU EU H7 E8'].map((h, i) => (i === 1 ? 'HA EA SA L10 S8'.replace('HA EA SA', 'HK EK SK') : h)), [17, 17]);
    void t;
  });

  it('GC-52 Innsbruck 17:16: the unbid figure decides, else the Spiel', () => {
    const s = setup('innsbruck', 'L9', IBK, [17, 16]);
    toFirstCard(s);
    bid(s, 1, 'Gleich');
    answer(s, 'gut');
    expect(s.bid.score[1]! + s.bid.written[1]!).toBe(17);
    finish(s);
    const h = fig(s, 'Hanger');
    expect(s.bid.partieWinner).toBe(h.points > 0 ? h.party : s.spielParty);
  });

  it('GC-53 Innsbruck 15:17 trap: the first-bid figure goes out', () => {
    const s = setup('innsbruck', 'L9', ['HA EA L8 S9 S10', 'SK EK H9 H10 S8', 'HO EO L10 E9 H8', 'LK SU EU H7 E8'], [15, 17]);
    toFirstCard(s);
    bid(s, 0, 'Gleich', 'Hanger');
    answer(s, 'hold');
    answer(s, 'hold');
    bid(s, 0, 'Spiel');
    answer(s, 'gut');
    expect(s.bid.score[0]! + s.bid.written[0]!).toBe(16);
    finish(s);
    const g = fig(s, 'Gleich');
    expect(g).toMatchObject({ party: 0, points: 2 }); // P1's Asse are the best Gleich
    expect(s.bid.partieWinner).toBe(0);
  });

  it('GC-54 Innsbruck 15:17, Spiel conceded: the 15 win with both figures', () => {
    const s = setup('innsbruck', 'L9', ['HA EA L8 S9 S10', 'SK EK H9 L10 S8', 'HO EO H10 E9 H8', 'LK SU EU H7 E8'], [15, 17]);
    toFirstCard(s);
    bid(s, 0, 'Spiel');
    answer(s, 'gut');
    expect(s.bid.score[0]! + s.bid.written[0]!).toBe(16);
    finish(s);
    // the 15 hold the best Gleich (Asse) and the best Hanger (S10-S9): 16 + 1 + 1
    expect(s.bid.partieWinner).toBe(0);
  });

  it('GC-55 Innsbruck ladder to "Spiel aus"', () => {
    const run = (last: 'gut' | 'hold') => {
      const s = setup('innsbruck', 'L9', IBK);
      toFirstCard(s);
      bid(s, 0, 'Gleich');
      for (let to = 3; to <= 8; to++) raise(s, 'Gleich', to);
      expect(s.bid.figs[1]!.aus).toBe(true);
      expect(legalActions(s).some((a) => a.kind === 'raise')).toBe(false);
      answer(s, last);
      return s;
    };
    expect(run('gut').bid.written).toEqual([7, 0]); // P1 called Aus (the 8th level): P1's party writes 7
    const held = run('hold');
    finish(held);
    expect(held.bid.partieWinner).toBe(0); // P1's Asse win the Gleich: the Partie
    expect(figureEvents(held)[0]).toMatchObject({ figure: 'Gleich', how: 'aus' });
  });
});

describe('RULES §18.5 Double and penalties', () => {
  it('GC-61 Double threshold', () => {
    const r = resolveRuleset('1853');
    expect(doubleThreshold(r)).toBe(6); // loser with 5: double; with 6: single
    expect(doubleThreshold(resolveRuleset('1853{target=13}'))).toBe(7);
  });

  it('GC-63 1853 false-bid penalties', () => {
    const run = (steps: (s: HandState) => void) => {
      const s = setup('1853', 'S9', C1853);
      toFirstCard(s);
      bid(s, 0, 'Hanger');
      steps(s);
      finish(s);
      return s;
    };
    const a = run((s) => answer(s, 'gut'));
    // (a) the point is erased and written to the opponents: one correction moving it from A to B
    expect(a.events.filter((e) => e.type === 'correction').map((e) => (e.type === 'correction' ? [e.from, e.to, e.points] : []))).toEqual([[0, 1, 1]]);
    const b = run((s) => answer(s, 'hold'));
    expect(fig(b, 'Hanger')).toMatchObject({ party: 1, points: 2 });
    const c3 = run((s) => (raise(s, 'Hanger', 3), answer(s, 'hold')));
    expect(fig(c3, 'Hanger')).toMatchObject({ party: 1, points: 3 });
    const c2 = run((s) => (raise(s, 'Hanger', 3), answer(s, 'gut')));
    expect(c2.bid.figs[2]!.writtenPoints).toBe(2);
    expect(c2.bid.figs[2]!.writtenParty).toBe(1);
  });

  it('GC-64 1853 revoke correction: the card of the suit found later takes the place of the wrong card; the deal is judged on that, no penalty points', () => {
    // 1853, trump Schell (no Schell dealt). P2 holds HA but discards E9 on P1's Herz lead (a revoke, as a
    // recorded game shows it). Uncorrected P3 takes tricks 1-3; at the end of trick play the HA is put in
    // place of the E9: trick 1 is P2's, 2:1, and play goes on.
    const r = resolveRuleset('1853');
    const s = handFromLayout(r, { players: 4, dealer: 3, silentSeats: 0b1111, quietSeats: 0b1111 }, {
      hands: ['H8 L7 L8 E7 E8', 'HA E9 L9 L10 E10', 'H10 LA LK EK EA', 'H9 LO LU EO EU'].map((h) => parseCards(h)),
      turned: c('S9'),
    });
    const playC = (card: string) => applyChecked(s, { kind: 'play', card: c(card), as: null });
    playC('H8');
    expect(() => playC('E9')).toThrow(/must follow Herz/);
    applyChecked(s, { kind: 'play', card: c('E9'), as: null }, { infraction: true });
    playC('H10');
    playC('H9');
    expect(s.tricks[0]!.winner).toBe(2);
    for (const card of ['LA', 'LO', 'L7', 'L9', 'LK', 'LU', 'L8', 'L10']) playC(card);
    // three tricks to party A as played; corrected, trick 1 goes to P2 (HA) and the Spiel is open again
    expect(s.events.some((e) => e.type === 'revoke')).toBe(true);
    expect(s.tricks[0]!.plays[1]).toMatchObject({ seat: 1, card: c('HA') });
    expect(s.tricks[0]!.winner).toBe(1);
    expect(s.tricksWon).toEqual([2, 1]);
    expect(s.loc[c('E9')]).toBe(1);
    expect(s.phase).toBe('play');
    expect(actingSeat(s)).toBe(2); // the winner of trick 3 leads on
    finish(s);
    expect(s.bid.penalties).toEqual([0, 0]);
  });

  it('Innsbruck [003 §17] A-22: a revoke costs the Spiel (to the opponents at its stake) and 2 points', () => {
    // Innsbruck, trump Schell (S9 turned; no Schell and no Perlagg dealt). P2 discards E9 holding HA.
    const r = resolveRuleset('innsbruck');
    const s = handFromLayout(r, { players: 4, dealer: 3, silentSeats: 0b1111, quietSeats: 0b1111 }, {
      hands: ['H8 L7 L8 E8 H7', 'HA E9 L9 L10 E10', 'H10 LA LK EK EA', 'H9 LO LU EO EU'].map((h) => parseCards(h)),
      turned: c('S9'),
    });
    const playC = (card: string) => applyChecked(s, { kind: 'play', card: c(card), as: null });
    playC('H8');
    applyChecked(s, { kind: 'play', card: c('E9'), as: null }, { infraction: true });
    playC('H10');
    playC('H9');
    finish(s);
    // party A made the Spiel anyway; party B (the revoker's) gets -2, party A keeps the Spiel
    expect(s.bid.penalties).toEqual([0, 2]);
    expect(s.figureWinners!.Spiel).toBe(0);
    expect(s.events.some((e) => e.type === 'revoke')).toBe(true);
    // the Spiel goes to the revoker's opponents even when the revoker's party took the tricks
    const t = handFromLayout(r, { players: 4, dealer: 3, silentSeats: 0b1111, quietSeats: 0b1111 }, {
      hands: ['HA E9 L9 L10 E10', 'H8 L7 L8 E8 H7', 'H9 LO LU EO EU', 'H10 LA LK EK EA'].map((h) => parseCards(h)),
      turned: c('S9'),
    });
    applyChecked(t, { kind: 'play', card: c('E9'), as: null }); // P1 leads E9 (no revoke)
    applyChecked(t, { kind: 'play', card: c('E8'), as: null });
    applyChecked(t, { kind: 'play', card: c('H9'), as: null }, { infraction: true }); // P3 holds EO, EU: a revoke
    finish(t);
    expect(t.figureWinners!.Spiel).toBe(1);
    expect(t.bid.penalties).toEqual([2, 0]);
  });

  it('GC-65 Innsbruck false figure', () => {
    const s = setup('innsbruck', 'L9', ['HA EK L8 S9 H10', 'SK EA H9 L10 S8', 'HO EO S10 E9 H8', 'LK SU EU H7 E8']);
    toFirstCard(s);
    bid(s, 0, 'Gleich'); // P1 has no Gleich
    answer(s, 'gut');
    finish(s);
    const gained = s.events.filter((e) => e.type === 'penalty' && e.party === 0).length;
    expect(gained).toBeGreaterThan(0);
    expect(s.points[0]).toBe(-2);
    // unseen and let gut: it simply scores nothing
    const u = setup('innsbruck', 'L9', ['HA EK L8 S9 H10', 'SK EA H9 L10 S8', 'HO LA S10 E9 H8', 'LK SU EU H7 E8']);
    toSeat(u, 0);
    applyChecked(u, { kind: 'bid', figures: ['Gleich'], cumulative: false, unseen: true });
    answer(u, 'gut');
    finish(u);
    expect(u.bid.penalties[0]).toBe(0);
    expect(u.events.some((e) => e.type === 'correction' && e.from === 0 && e.to === -1 && e.points === 1)).toBe(true);
  });
});
