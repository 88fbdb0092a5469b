// Issue 13: the searching bot (strategies/pimc.ts) plays legal hands through the runner and takes the obvious
// answers; `perlagg advise` prices a bid answer the way a player would (an unbeatable figure: halten and the
// raise beat gut; no figure at all: gut beats halten), and refuses an impossible position with one line, exit 2.
import { describe, expect, it } from 'vitest';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { playDeal } from '../../src/play/hand.ts';
import { keyedRng } from '../../src/core/rng.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { advise, buildPosition, type PositionSpec } from '../../src/cli/advise.ts';
import { perlagg } from '../in-process.ts';
import { UsageError } from '../../src/core/errors.ts';

const pimc = builtinPolicy('pimc');
// P1 Vorhand passes, P2 bids the Gleich, P3 (of P1's party) answers it; 1853 shows the stock's bottom card
const gleichBid = (hand: string): PositionSpec => ({ ruleset: '1853', players: 4, seat: 2, hand, turned: 'S9', stockShown: 'L7', dealer: 3, moves: 'P1 pass; P2 bid Gleich', seed: 1 });
const STRONG = 'HA SA LA EA HK'; // vierziges As-Gleich: nothing beats it
const NOTHING = 'H7 L8 E10 HU LO'; // no Gleich, no Hanger, no Perlagg

describe('pimc', () => {
  it('plays whole hands through the runner, every action legal (1853, Oberland, two players)', () => {
    const p = pimc.create({ worlds: 6 });
    const simple = builtinPolicy('simple').create({});
    for (const [name, players, deals] of [['1853', 4, 3], ['oberland', 4, 2], ['oberland', 2, 1]] as const) {
      const r = resolveRuleset(name);
      for (let d = 0; d < deals; d++) {
        const policies = Array.from({ length: players }, (_, i) => (i % 2 === 0 ? { name: 'pimc', policy: p } : { name: 'simple', policy: simple }));
        const res = playDeal({ ruleset: r, players, policies, rootSeed: 7, dealIndex: d, dealer: d % players, checked: true });
        expect(res.state.phase).toBe('done');
        expect(res.decisions).toBeGreaterThan(4);
      }
    }
  });

  it('holds or raises the bid Gleich with an unbeatable one, lets it gut with nothing', () => {
    const p = pimc.create({ worlds: 48 });
    const strong = buildPosition(gleichBid(STRONG)).obs;
    const none = buildPosition(gleichBid(NOTHING)).obs;
    expect(['hold', 'raise']).toContain(p.act(strong, { rng: keyedRng(3, 0, 2, 2) }).kind);
    expect(p.act(none, { rng: keyedRng(3, 0, 2, 2) }).kind).toBe('gut');
  });
});

describe('perlagg advise', () => {
  const opts = { worlds: 120, continuation: 'simple' as const, rolloutsPerWorld: 1, seed: 1, objective: 'points' as const };
  const ev = (spec: PositionSpec) => {
    const { decision } = advise(spec, opts);
    const by = (k: string) => decision.options.find((o) => o.action.kind === k)!.points!;
    return { gut: by('gut'), hold: by('hold'), raise: by('raise'), best: decision.options[decision.best]!.action.kind };
  };

  it('an unbeatable figure: halten and the raise beat gut, beyond their intervals', () => {
    const x = ev(gleichBid(STRONG));
    expect(x.hold.lo).toBeGreaterThan(x.gut.hi);
    expect(x.raise.lo).toBeGreaterThan(x.gut.hi);
    expect(['hold', 'raise']).toContain(x.best);
  });

  it('no figure at all: gut beats halten (and the raise)', () => {
    const x = ev(gleichBid(NOTHING));
    expect(x.gut.lo).toBeGreaterThan(x.hold.hi);
    expect(x.gut.mean).toBeGreaterThan(x.raise.mean);
    expect(x.best).toBe('gut');
  });

  it('given a score near the end: P(win the Partie) with intervals, and the choice by it (H-30: at 9, an uncertain Hanger)', () => {
    const spec: PositionSpec = { ...gleichBid('HA SA L7 L8 L9'), turned: 'E9', stockShown: 'S8', moves: 'P1 pass; P2 bid Hanger', score: [9, 5] };
    const { decision } = advise(spec, { ...opts, objective: 'auto' });
    expect(decision.objective).toBe('partie');
    for (const o of decision.options) {
      expect(o.pwin!.lo).toBeLessThanOrEqual(o.pwin!.mean);
      expect(o.pwin!.hi).toBeGreaterThanOrEqual(o.pwin!.mean);
      expect(o.pwin!.mean).toBeGreaterThan(0.5); // at 9 against 5
      expect(o.pwin!.mean).toBeLessThanOrEqual(1);
    }
    const best = decision.options[decision.best]!;
    expect(Math.max(...decision.options.map((o) => o.pwin!.mean))).toBe(best.pwin!.mean);
  });

  it('an impossible position is a UsageError naming the problem', () => {
    expect(() => buildPosition({ ...gleichBid(STRONG), moves: 'P1 play HA' })).toThrow(/HA twice/);
    expect(() => buildPosition({ ...gleichBid('HA SA LA EA HK H7') })).toThrow(/dealt 5 cards/);
    expect(() => buildPosition({ ...gleichBid(STRONG), turned: 'HA' })).toThrow(UsageError);
    expect(() => buildPosition({ ...gleichBid(STRONG), moves: 'P1 play S7; P2 play S8; P3 play SA; P4 play S10; P3 play LA; P4 play L9; P1 play L10; P2 play LU; P1 play S7' })).toThrow(/impossible position/);
  });

  it('the command: --json options and best; a card twice exits 2 with one line', async () => {
    const first = await perlagg('advise', '-r', '1853', '--seat', 'P3', '--hand', STRONG, '--turned', 'S9', '--stock-shown', 'L7', '--moves', 'P1 pass; P2 bid Gleich', '--worlds', '40', '--json');
    const second = await perlagg('advise', '-r', '1853', '--seat', 'P3', '--hand', STRONG, '--turned', 'SA', '--stock-shown', 'L7');
    const [ok, bad, out, err] = [first.code, second.code, first.out + second.out, first.err + second.err];
    expect(ok).toBe(0);
    const j = JSON.parse(out) as { options: Array<{ action: string; ev: number; lo: number; hi: number }>; best: string };
    expect(j.options.map((o) => o.action).sort()).toEqual(['gut', 'hold', 'raise Gleich 3']);
    for (const o of j.options) expect(o.lo).toBeLessThanOrEqual(o.ev), expect(o.hi).toBeGreaterThanOrEqual(o.ev);
    expect(j.best).not.toBe('gut');
    expect(bad).toBe(2);
    expect(err.trim().split('\n')).toHaveLength(1);
    expect(err).toMatch(/SA twice/);
  });
});
