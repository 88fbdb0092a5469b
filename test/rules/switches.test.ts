// The alternatives of RULES §15 that change how the engine plays or scores (A-19, A-20, A-21, A-30, A-43,
// for each, a constructed position played under the default and under the alternative, with the
// outcome each reading gives. Named after the ambiguity and its source (GUIDE guideline 13).
import { describe, expect, it } from 'vitest';
import { parseCard, parseCards } from '../../src/cards/notation.ts';
import { resolveRuleset, RulesetError } from '../../src/rules/registry.ts';
import { actingSeat, handFromLayout, legalActions } from '../../src/engine/game.ts';
import { applyChecked, explainIllegal } from '../../src/engine/checked.ts';
import type { FigureName, PolicyAction } from '../../src/engine/actions.ts';
import type { HandState } from '../../src/engine/state.ts';

const c = parseCard;

function setup(spec: string, turned: string, hands: readonly string[], score: number[] = [0, 0], silent = 0): HandState {
  return handFromLayout(resolveRuleset(spec), { players: 4, dealer: 3, score, silentSeats: silent, quietSeats: 0xf }, { hands: hands.map((h) => parseCards(h)), turned: c(turned) }); // nobody talks: these positions test the switches, not table talk (RULES §13)
}
/** Pass in the open window until `seat` is to act. */
function toSeat(s: HandState, seat: number): void {
  while (s.phase === 'window' && actingSeat(s) !== seat) applyChecked(s, { kind: 'pass' });
  if (s.phase !== 'window') throw new Error(`no window for P${seat + 1} (phase ${s.phase})`);
}
function toFirstCard(s: HandState): void {
  while (s.phase === 'window' && s.bid.point < 0) applyChecked(s, { kind: 'pass' });
}
/** The 1853 partner's veto is consented to. */
function consent(s: HandState): void {
  while (s.phase === 'veto') applyChecked(s, { kind: 'consent' });
}
function bid(s: HandState, seat: number, ...figures: FigureName[]): void {
  toSeat(s, seat);
  applyChecked(s, { kind: 'bid', figures, cumulative: false, unseen: false });
  consent(s);
}
function answer(s: HandState, a: 'gut' | 'hold' | 'allow' | 'reject'): void {
  applyChecked(s, { kind: a });
  consent(s);
}
/** Lay cards in turn, passing every bid window: "HK>HK" = the Herz König christened as Herz König. */
function play(s: HandState, ...moves: string[]): void {
  for (const m of moves) {
    while (s.phase === 'window') applyChecked(s, { kind: 'pass' });
    const [card, as] = m.split('>');
    applyChecked(s, { kind: 'play', card: c(card!), as: as === undefined ? null : c(as) });
  }
}
/** Play the hand out: pass/consent/allow in bidding, gut to offers, the first legal card, the first show. */
function finish(s: HandState): void {
  const is = (a: PolicyAction, k: string) => a.kind === k;
  for (let i = 0; i < 500 && s.phase !== 'done'; i++) {
    const legal = legalActions(s);
    applyChecked(s, legal.find((a) => is(a, 'pass') || is(a, 'consent') || is(a, 'allow') || is(a, 'gut')) ?? legal[0]!);
  }
}
const has = (s: HandState, kind: string) => legalActions(s).some((a) => a.kind === kind);

// 1853, trump Schell (S9 turned; the Perlaggen SK S7 SU SO lie in the stock): party A (P1, P3) has the best
// Gleich (P3: three 8s), party B (P2, P4) takes the first three tricks with its trumps (P2: SA S10 S8).
const SPIEL_B = ['HA HK HO HU H10', 'SA S10 S8 L9 E9', 'H8 L8 E8 L7 E7', 'H9 H7 LA LK E10'];
const TRICKS_TO_B = ['HA', 'SA', 'H8', 'H9', 'S10', 'L7', 'H7', 'HK', 'S8', 'E7', 'LA', 'HO'];

describe('RULES §15 alternatives the engine plays', () => {
  it('A-20 christening "as itself" [003 Intro 6, §18; 000 p.19]: no christening under the alternative, so the Perlagg loses its tie-break', () => {
    // Oberland, trump Laub: P1 lays the Martl (HK) as Herz König, P2 the Weli christened Herz König.
    const hands = ['HK H7 S8 S9 E8', 'W H8 S10 E9 EA', 'H9 SA SK E10 L8', 'H10 SO SU EK L10'];
    const trick = (spec: string) => {
      const s = setup(spec, 'L9', hands, [0, 0], 0b1111);
      play(s, 'HK>HK', 'W>HK', 'H9', 'H10');
      return s.tricks[0]!.winner;
    };
    expect(trick('oberland')).toBe(0); // the Martl keeps its rank above the Weli [002 §1.2]
    expect(trick('oberland{christenAsSelfIsChristening=false}')).toBe(1); // a plain Herz König: the Weli as HK beats it
    // 1853 (every Perlagg must be christened): the trump König named as itself still is a declaration, but
    // under the alternative it counts as the natural card, below the trump 7 christened trump König.
    const h1853 = ['SK H7 H8 L9 E8', 'S7 H9 L8 E9 EA', 'HA LA E10 L7 HK', 'HO LO EK L10 H10'];
    const t1853 = (spec: string) => {
      const s = setup(spec, 'S9', h1853, [0, 0], 0b1111);
      while (s.phase === 'exchange') applyChecked(s, legalActions(s)[0]!);
      play(s, 'SK>SK', 'S7>SK', 'HA', 'HO');
      return s.tricks[0]!.winner;
    };
    expect(t1853('1853')).toBe(0);
    expect(t1853('1853{christenAsSelfIsChristening=false}')).toBe(1);
  });

  it('A-21 Innsbruck §10 "verliert alle gemachten Punkte" [003 §10]: the points of the deal, or of the whole Partie', () => {
    // GC-65's position, the party at 10: P1 bids a Gleich he does not have, P2 lets it gut.
    const hands = ['HA EK L8 S9 H10', 'SK EA H9 L10 S8', 'HO EO S10 E9 H8', 'LK SU EU H7 E8'];
    const deal = (spec: string) => {
      const s = setup(spec, 'L9', hands, [10, 5]);
      toFirstCard(s);
      bid(s, 0, 'Gleich');
      answer(s, 'gut');
      finish(s);
      return s.points[0]!;
    };
    expect(deal('innsbruck')).toBe(-2); // the gut point lost, and 2 more: 10 → 8
    expect(deal('innsbruck{falseFigureScope=partie}')).toBe(-12); // all 11 points lost, and 2 more: 10 → −2
    expect(() => resolveRuleset('oberland{falseFigureScope=partie}')).toThrow(/falseFigureScope: partie applies only to the Innsbruck loss/);
  });

  it('A-30 comparing figures of different kind [000 p.30, 003 §25]: at 17:17 three 8s beat a Hanger A-K-O by type, lose to it by rank', () => {
    // Innsbruck, trump Laub, no Perlagg in any hand: P1 asks with three 8s, P2 rejects with Eichel A-K-O.
    const hands = ['H8 S8 E8 H9 S10', 'EA EK EO H10 S9', 'HO SK L9 E10 H7', 'HU SO L8 E9 SA'];
    const winner = (spec: string) => {
      const s = setup(spec, 'L10', hands, [17, 17]);
      toFirstCard(s);
      toSeat(s, 0);
      applyChecked(s, { kind: 'ask', count: 3, type: 'Gleich' });
      answer(s, 'reject');
      finish(s);
      return s.bid.partieWinner;
    };
    expect(winner('innsbruck')).toBe(0); // count 3 = 3, then Gleich > Hanger
    expect(winner('innsbruck{dritzigeKey=countRankType}')).toBe(1); // count, then rank: As-high beats the 8s
    expect(() => resolveRuleset('1853{dritzigeKey=countRankType}')).toThrow(/dritzigeKey: countRankType orders only the Innsbruck 17:17 contest/);
  });

  it('A-43 when points decided during play are written [000 p.28, 002 §1.6]: the Spiel won at trick 3 goes out before the Vorgebotene', () => {
    // 9:10. A bids the Gleich first, B (gestrichen) holds; B takes the Spiel with the third trick.
    const run = (spec: string) => {
      const s = setup(spec, 'S9', SPIEL_B, [9, 10]);
      toFirstCard(s);
      bid(s, 2, 'Gleich');
      answer(s, 'hold');
      play(s, ...TRICKS_TO_B);
      finish(s);
      return s;
    };
    const d = run('1853');
    expect(d.spielParty).toBe(1);
    expect(d.bid.partieWinner).toBe(0); // after the deal: the held Gleich first (A's three 8s, 9 + 2), the Spiel not written
    const a = run('1853{writeTiming=allImmediate}');
    expect(a.bid.partieWinner).toBe(1); // the Spiel written at trick 3: B 10 + 1, out in the middle of the hand
    expect(a.events.some((e) => e.type === 'write' && e.figure === 'Spiel' && e.party === 1)).toBe(true);
    expect(a.shows.every((x) => x === null)).toBe(true); // nobody showed: the Partie was over
  });

  it('A-45 holding when gestrichen [003 §21, 000 p.24, p.43-44]: under the alternative a gestrichen party must let the bid gut', () => {
    const start = (spec: string) => {
      const s = setup(spec, 'S9', SPIEL_B, [9, 10]);
      toFirstCard(s);
      bid(s, 2, 'Gleich');
      return s;
    };
    // default: B at 10 may hold; A's three 8s win the stake after the deal: A 11
    const d = start('1853');
    expect(has(d, 'hold')).toBe(true);
    answer(d, 'hold');
    play(d, ...TRICKS_TO_B);
    finish(d);
    expect(d.bid.partieWinner).toBe(0);
    // alternative: B may not hold; A writes 1 at once (10), then the unbid Spiel (B's) is written first: B 11
    const a = start('1853{holdWhenGestrichen=false}');
    expect(has(a, 'hold')).toBe(false);
    expect(has(a, 'gut')).toBe(true);
    expect(explainIllegal(a, { kind: 'hold' })).toMatch(/gestrichen and may not hold/);
    answer(a, 'gut');
    expect(a.bid.written).toEqual([1, 0]);
    play(a, ...TRICKS_TO_B);
    finish(a);
    expect(a.bid.partieWinner).toBe(1);
    // a Drei said instead is a bid at 10: void and halved, and it stands as the gut it must give
    const r = start('1853{holdWhenGestrichen=false}');
    applyChecked(r, { kind: 'raise', figure: 'Gleich', to: 3 });
    consent(r);
    expect(r.bid.figs[1]!.status).toBe('closed');
    expect(r.bid.written).toEqual([1, -5]);
  });

  it('A-19 who may raise a held figure again [003 §11 against §13]: under the alternative the offering party may raise the stake too', () => {
    const hands = ['HA EA L8 S9 H10', 'SK EK H9 L10 S8', 'HO EO S10 E9 H8', 'LK SU EU H7 E8'];
    const run = (spec: string) => {
      const s = setup(spec, 'L9', hands);
      toFirstCard(s);
      bid(s, 0, 'Gleich');
      answer(s, 'hold'); // P2 holds: the raise right is B's
      play(s, 'HA', 'H9', 'H8', 'H7');
      toSeat(s, 0);
      return s;
    };
    const d = run('innsbruck');
    expect(legalActions(d).some((a) => a.kind === 'raise')).toBe(false);
    const a = run('innsbruck{raiseRight=eitherParty}');
    applyChecked(a, { kind: 'raise', figure: 'Gleich', to: 3 });
    answer(a, 'gut'); // "zwei gut": A writes 2 at once
    expect(a.bid.written).toEqual([2, 0]);
  });

  it('switches that could change nothing are refused with the field named', () => {
    expect(() => resolveRuleset('oberland{dritzigeKey=countRankType}')).toThrow(RulesetError);
    expect(() => resolveRuleset('innsbruck{falseFigurePenalty=none,falseFigureScope=partie}')).toThrow(/falseFigureScope/);
  });
});
