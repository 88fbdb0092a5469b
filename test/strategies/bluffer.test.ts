// strategies/bluffer.ts: the Ratscher opponent of H-25 — its bluff rate rises with the folds it saw in
// this deal and with its party's lead in the Partie, and it plays legal actions everywhere.
import { describe, expect, it } from 'vitest';
import bluffer, { bluffRate, foldsSeen } from '../../strategies/bluffer.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { playDeal as play } from '../../src/play/hand.ts';
import { playPartie } from '../../src/play/partie.ts';
import { apply, bid, decide, observeActing, setup, toFirstCard, toSeat } from './positions.ts';

const RATES = { baseRate: 0.3, perFold: 0.15, perLeadPoint: 0.04, maxRate: 0.9 };
const HANDS = ['S7 L7 E8 S10 LU', 'S8 SU SO L9 E9', 'H8 L8 E7 EA SA', 'S9 L10 LO E10 EU'];

describe('bluffer', () => {
  it('its rate rises with the folds of this deal and with the Partie lead', () => {
    const s = setup(HANDS, 'H9', [0, 0]);
    toFirstCard(s);
    toSeat(s, 0);
    expect(bluffRate(observeActing(s), RATES)).toBeCloseTo(0.3);
    bid(s, 0, 'Hanger');
    apply(s, { kind: 'gut' }); // P2 folds
    toSeat(s, 2);
    expect(foldsSeen(observeActing(s))).toBe(1);
    expect(bluffRate(observeActing(s), RATES)).toBeCloseTo(0.5); // 0.3 + one fold 0.15 + the gut point's lead 0.04, in steps of 0.05
    const ahead = setup(HANDS, 'H9', [6, 1]);
    toFirstCard(ahead);
    expect(bluffRate(observeActing(ahead), RATES)).toBeCloseTo(0.5);
    const behind = setup(HANDS, 'H9', [1, 9]);
    toFirstCard(behind);
    expect(bluffRate(observeActing(behind), RATES)).toBe(0);
    expect(bluffRate(observeActing(ahead), { ...RATES, maxRate: 0.4 })).toBeCloseTo(0.4);
  });

  it('bids a weak real figure at its rate where author1853 passes', () => {
    const s = setup(HANDS, 'H9', [0, 0]);
    toFirstCard(s);
    expect(decide(builtinPolicy('author1853'), s).kind).toBe('pass');
    expect(decide(bluffer, s, {}, 0.2).kind).toBe('bid'); // the draw 0.2 is below the rate 0.3
    expect(decide(bluffer, s, {}, 0.35).kind).toBe('pass');
    expect(decide(bluffer, s, { baseRate: 0 }, 0).kind).toBe('pass');
  });

  it('plays legal actions in hands and Partien of 1853 and Oberland, and bids more than author1853', () => {
    const count = (name: string) => {
      let bids = 0;
      const p = builtinPolicy(name).create({});
      const a = builtinPolicy('author1853').create({});
      for (const r of ['1853', 'oberland']) {
        for (let d = 0; d < 60; d++) {
          play({
            ruleset: resolveRuleset(r), players: 4, policies: [0, 1, 2, 3].map((x) => (x % 2 === 0 ? { name, policy: p } : { name: 'author1853', policy: a })), rootSeed: 3, dealIndex: d, dealer: d % 4, checked: true,
            onDecision: (_s, pl, _o, act) => { if (pl % 2 === 0 && act.kind === 'bid') bids++; },
          });
        }
      }
      return bids;
    };
    expect(count('bluffer')).toBeGreaterThan(count('author1853'));
    const res = playPartie({ ruleset: resolveRuleset('1853'), players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'bluffer', policy: bluffer.create({}) })), rootSeed: 2, partieIndex: 0, checked: true });
    expect(res.summary.winnerParty).toBeGreaterThanOrEqual(0);
  });
});
