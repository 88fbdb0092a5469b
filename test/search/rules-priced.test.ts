// Issue 27, item 1's last step: the search prices every rule that moves points, because each option is applied in
// the engine's own state and played out by the kernel with the deal's bidding (src/playout/lines.ts). Four
// hand-built positions whose answer is checked by playing the decision out in the real engine (the position's
// own deal of the unseen cards, `simple` at every seat afterwards):
//   (a) a bid naming a figure the hand cannot make is a loss (1853: the let-gut point goes to the opponents);
//   (b) a raise by a gestrichen party is priced as the engine halves its score (1853, A-14);
//   (c) a raise of the Spiel to Aus without the Spielfarbe loses the Partie (1853, RULES §8.5, A-16);
//   (d) "Alle Aus halten" on a Gleich of two Könige is not advised (Oberland at 0:0, the whole Partie on it).
// Before this step the search priced (a) as a gain over passing, (b) like the hold (P(win) 1), (c) as the best
// option (P(win) 0.65).
import { describe, expect, it } from 'vitest';
import { advise, buildPosition, type PositionSpec } from '../../src/cli/advise.ts';
import { applyAction, currentPlayer, legalActions } from '../../src/engine/game.ts';
import { observe } from '../../src/engine/observe.ts';
import { cloneState, type HandState } from '../../src/engine/state.ts';
import type { PolicyAction } from '../../src/engine/actions.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { keyedRng } from '../../src/core/rng.ts';

const simple = builtinPolicy('simple').create({});
const base = { ruleset: '1853', players: 4, seat: 2, turned: 'S9', stockShown: 'L7', dealer: 3, seed: 1 } as const;
// the unseen window and the seen window up to P3 (Vorhand P1): everybody passed
const WINDOWS = 'P1 pass; P2 pass; P3 pass; P4 pass; P1 pass; P2 pass';

/** Apply `first` at the position's decision, then: the opponents answer `answer`, windows pass, vetoes consent, cards and showings by simple. */
function playOut(state: HandState, first: (legal: PolicyAction[]) => PolicyAction, answer: 'gut' | 'hold'): HandState {
  const s = cloneState(state);
  applyAction(s, first(legalActions(s)));
  for (let guard = 0; guard < 400 && s.phase !== 'done'; guard++) {
    const legal = legalActions(s);
    const pick = (k: string): PolicyAction | undefined => legal.find((a) => a.kind === k);
    let a: PolicyAction | undefined;
    if (s.phase === 'window') a = pick('pass');
    else if (s.phase === 'veto') a = pick('consent');
    else if (s.phase === 'answer') a = pick(answer) ?? pick('gut');
    else if (s.phase === 'talk') a = pick('quiet');
    a ??= simple.act(observe(s, currentPlayer(s)), { rng: keyedRng(1, guard, 2, 2) });
    applyAction(s, a);
  }
  expect(s.phase).toBe('done');
  return s;
}

const kindIs = (k: string) => (legal: PolicyAction[]) => legal.find((a) => a.kind === k)!;
const optionOf = (d: ReturnType<typeof advise>['decision'], test: (a: PolicyAction) => boolean) => d.options.find((o) => test(o.action))!;
const opts = { worlds: 160, continuation: 'simple' as const, rolloutsPerWorld: 1, seed: 1, objective: 'points' as const };

describe('the search prices the rules that move points (issue 27)', () => {
  it('(a) a bid of a Gleich the hand cannot make is a loss: worse than passing, as the engine corrects it', () => {
    const spec: PositionSpec = { ...base, hand: 'H7 L8 E10 HU LO', moves: WINDOWS }; // no Gleich, no Hanger, no Perlagg
    const { decision, position } = advise(spec, opts);
    const bid = optionOf(decision, (a) => a.kind === 'bid' && a.figures.length === 1 && a.figures[0] === 'Gleich').points!;
    const pass = optionOf(decision, (a) => a.kind === 'pass').points!;
    expect(bid.hi).toBeLessThan(pass.lo);
    // the engine: the bid let gut writes the point, and the end of the deal moves it to the opponents ([000 p.31-32])
    const bidGleich = (legal: PolicyAction[]) => legal.find((a) => a.kind === 'bid' && a.figures.length === 1 && a.figures[0] === 'Gleich')!;
    const s = playOut(position.state, bidGleich, 'gut');
    expect(s.events.some((e) => e.type === 'correction' && e.figure === 'Gleich' && e.from === 0 && e.to === 1)).toBe(true);
    const p = playOut(position.state, kindIs('pass'), 'gut');
    expect(s.points[0]! - s.points[1]!).toBeLessThan(p.points[0]! - p.points[1]!);
  });

  it('(b) a raise by a gestrichen party is priced as the engine halves its score (1853, A-14)', () => {
    // at 10 of 11 (gestrichen) P3 answers P2's Gleich with four Asses: the hold wins the Partie, a raise is void and halves 10
    const spec: PositionSpec = { ...base, hand: 'HA SA LA EA HK', moves: 'P1 pass; P2 pass; P3 pass; P4 pass; P1 pass; P2 bid Gleich', score: [10, 6] };
    const { decision, position } = advise(spec, { ...opts, objective: 'auto' });
    const hold = optionOf(decision, (a) => a.kind === 'hold');
    const raise = optionOf(decision, (a) => a.kind === 'raise');
    expect(decision.objective).toBe('partie');
    expect(hold.pwin!.mean).toBeGreaterThan(0.99);
    expect(raise.pwin!.hi).toBeLessThan(hold.pwin!.lo);
    expect(raise.points!.hi).toBeLessThan(hold.points!.lo - 3); // the 5 points of the halving, less what is won back
    expect(decision.options[decision.best]!.action.kind).toBe('hold');
    // the engine: the raise is void and writes the penalty of half the score
    const s = cloneState(position.state);
    applyAction(s, kindIs('raise')(legalActions(s)));
    expect(s.events.some((e) => e.type === 'penalty' && e.party === 0 && e.points === 5)).toBe(true);
  });

  it('(c) a raise of the Spiel to Aus without the Spielfarbe loses the Partie (1853, RULES §8.5)', () => {
    // at 8:8 P1 led E7, P2 bids the Spiel; P3 holds no Eichel, no trump, no Perlagg: a raise to 3 is Aus, and false
    const spec: PositionSpec = { ...base, hand: 'H7 HU L8 L10 LO', moves: 'P1 pass; P2 pass; P3 pass; P4 pass; P1 play E7; P2 bid Spiel', score: [8, 8] };
    const { decision, position } = advise(spec, { ...opts, objective: 'partie' });
    const raise = optionOf(decision, (a) => a.kind === 'raise');
    const gut = optionOf(decision, (a) => a.kind === 'gut');
    expect(raise.pwin!.mean).toBeLessThan(0.05);
    expect(raise.pwin!.hi).toBeLessThan(gut.pwin!.lo);
    expect(decision.options[decision.best]!.action.kind).toBe('gut');
    // the engine: the raise is Aus, flagged without the Spielfarbe, and held: the Spiel goes to the opponents at Aus
    const s = playOut(position.state, kindIs('raise'), 'hold');
    expect(s.events.some((e) => e.type === 'raise' && e.aus && e.party === 0)).toBe(true);
    expect(s.bid.partieWinner).toBe(1);
  });

  it('(d) "Alle Aus halten" on a Gleich of two Könige is not advised (Oberland, 0:0: the Partie at stake)', () => {
    const spec: PositionSpec = {
      ruleset: 'oberland', players: 4, seat: 2, turned: 'S9', dealer: 3, seed: 1, hand: 'HK LK H8 E8 L9', score: [0, 0],
      moves: 'P1 pass; P2 pass; P3 pass; P4 pass; P1 pass; P2 bid Gleich; P3 raise Gleich 3; P2 raise Gleich 4; P3 raise Gleich 5; P2 raise Gleich 6; P3 raise Gleich 7; P2 raise Gleich 8',
    };
    const { decision, position } = advise(spec, { ...opts, objective: 'partie' });
    expect(decision.options[decision.best]!.action.kind).toBe('gut');
    const hold = optionOf(decision, (a) => a.kind === 'hold');
    const gut = optionOf(decision, (a) => a.kind === 'gut');
    expect(hold.points!.hi).toBeLessThan(gut.points!.lo); // Aus is worth the 15 of the Partie, gut 7
    // the engine: the hold is "Alle Aus halten" and ends the Partie in this deal; gut leaves it open at 0:7
    const h = playOut(position.state, kindIs('hold'), 'hold');
    expect(h.events.some((e) => e.type === 'answer' && e.answer === 'hold' && e.aus && e.party === 0)).toBe(true);
    expect(h.bid.partieWinner).toBeGreaterThanOrEqual(0);
    const g = playOut(position.state, kindIs('gut'), 'gut');
    expect(g.events.some((e) => e.type === 'write' && e.party === 1 && e.points === 7)).toBe(true);
  });
});
