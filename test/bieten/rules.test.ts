// The Bieten ruleset as frozen data (RULES §17.1, A-28, A-29): names, overrides, the readings' switches.
import { describe, expect, it } from 'vitest';
import { answerQueue, dealWithHands, newDeal, applyChecked } from '../../src/games/bieten/engine.ts';
import { BIETEN_READINGS, bietenFields, bietenRulesJson, bietenRulesName, goingOutRank, resolveBietenRules } from '../../src/games/bieten/rules.ts';
import { parseCards } from '../../src/cards/notation.ts';
describe('Bieten rulesets', () => {
  it('the base ruleset: target 7, one then two cards, Herz first, the readings of §15 as defaults', () => {
    const r = resolveBietenRules('bieten');
    expect(r).toMatchObject({ target: 7, dealPattern: [1, 2], goingOutOrder: 'herzFirst', answerOrder: 'leftOfBidder', penalties: { revoke: 2, overbid: 2, bidAtTargetMinus1: 2, spielWithoutSuit: 2 } });
    expect(Object.isFrozen(r) && Object.isFrozen(r.penalties)).toBe(true);
    expect(bietenRulesName(r)).toBe('bieten');
    expect(goingOutRank(r)).toEqual(['Herz', 'Laub', 'Gleich', 'Hanger', 'Spiel']);
  });

  it('overrides, canonical names and the old custom "Laubbieten"', () => {
    const r = resolveBietenRules('bieten{target=9,penalties.revoke=3}');
    expect(r.target).toBe(9);
    expect(r.penalties.revoke).toBe(3);
    expect(bietenRulesName(r)).toBe('bieten{penalties.revoke=3,target=9}');
    expect(resolveBietenRules(bietenRulesName(r))).toBe(resolveBietenRules('bieten{target=9,penalties.revoke=3}'));
    const laub = resolveBietenRules('laubbieten');
    expect(goingOutRank(laub)).toEqual(['Laub', 'Herz', 'Gleich', 'Hanger', 'Spiel']);
    expect(bietenRulesName(laub)).toBe('bieten{goingOutOrder=laubFirst}');
    expect(JSON.parse(bietenRulesJson(laub)).goingOutOrder).toBe('laubFirst');
  });

  it('bad specs are one-line errors naming the problem', () => {
    expect(() => resolveBietenRules('oberland')).toThrow(/unknown ruleset "oberland" for the game bieten/);
    expect(() => resolveBietenRules('bieten{trump=H}')).toThrow(/unknown ruleset field "trump"/);
    expect(() => resolveBietenRules('bieten{target=1}')).toThrow(/target/);
    expect(() => resolveBietenRules('bieten{goingOutOrder=spielFirst}')).toThrow(/goingOutOrder/);
    expect(() => resolveBietenRules('bieten{dealPattern=2/2}')).toThrow(/three cards a hand/);
  });

  it('every reading resolves with each of its alternatives, and each field exists', () => {
    for (const x of BIETEN_READINGS) {
      if (x.alternatives.length === 0) continue;
      expect(bietenFields()).toContain(x.field);
      for (const v of x.alternatives) expect(bietenRulesName(resolveBietenRules(`bieten{${x.field}=${v}}`))).toBe(`bieten{${x.field}=${v}}`);
    }
  });

  it('A-29: a bid is answered from the left of the bidder (default) or of the trick\'s leader', () => {
    const hands = [parseCards('LK SK HU'), parseCards('EK E9 E8'), parseCards('LA HO S10')];
    for (const [spec, queue] of [['bieten', [1, 2]], ['bieten{answerOrder=leftOfLeader}', [2, 1]]] as const) {
      const s = dealWithHands(resolveBietenRules(spec), { players: 3, dealer: 0 }, hands);
      applyChecked(s, { kind: 'play', card: parseCards('EK')[0]! }); // B (seat 1) leads
      applyChecked(s, { kind: 'pass' });
      applyChecked(s, { kind: 'play', card: parseCards('S10')[0]! });
      applyChecked(s, { kind: 'bid', figure: 'Laub' }); // A (seat 0) bids
      expect(s.offer!.queue).toEqual(queue);
      expect(answerQueue(s, 0, true)).toEqual([1, 2]); // a Groschen always from the left of its giver
    }
  });

  it('a deal checks its table: 2 to 10 players, a dealer still in, scores below the target', () => {
    const r = resolveBietenRules('bieten');
    expect(() => newDeal(r, { players: 1 })).toThrow(/2 to 10 players/);
    expect(() => newDeal(r, { players: 11 })).toThrow(/2 to 10 players/);
    expect(() => newDeal(r, { players: 3, out: [0, 1] })).toThrow(/at least two players/);
    expect(() => newDeal(r, { players: 3, dealer: 2, out: [2] })).toThrow(/dealer must be a seat still in the game/);
    expect(() => newDeal(r, { players: 3, score: [7, 0, 0] })).toThrow(/he is out/);
    expect(newDeal(r, { players: 10 }).active).toHaveLength(10);
  });
});
