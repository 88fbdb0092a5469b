// The bid window passes a policy declared (Policy.passes), taken by the engine itself (bid-windows.ts
// seekWindowSeat / takeDeclaredPasses, armed by runHand) against the checked path, where act is called for
// each of them: the whole final state is the same (actions, events, the table talk's own state, the bidding),
// but for the engine's count of the passes it took.
import { describe, expect, it } from 'vitest';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import type { HandState } from '../../src/engine/state.ts';
import type { Observation, OptionValues, Policy, WindowPasses } from '../../src/policy/api.ts';

const simple = (o: OptionValues = {}): SeatPolicy[] => {
  const f = builtinPolicy('simple');
  return [0, 1, 2, 3].map(() => ({ name: 'simple', policy: f.create(o) }));
};
const comparable = (s: HandState) => ({ ...s, bid: { ...s.bid, declaredPasses: 0 }, obsCache: null, showCache: null });

describe('declared window passes taken by the engine = act called for each', () => {
  for (const name of RULESET_NAMES) {
    it(`${name}: the same final states, talk on and off`, () => {
      const r = resolveRuleset(`${name}{partnerInfo=table}`); // a talking table (signs only by default but in 1853, RULES §13)
      for (const opts of [{}, { information: 'ignore' }, { information: 'ignore', spielTricks: 1 }] as OptionValues[]) {
        const fast = simple(opts);
        const slow = simple(opts);
        let taken = 0;
        for (let d = 0; d < 40; d++) {
          const base = { ruleset: r, players: 4, rootSeed: 29, dealIndex: d, dealer: d % 4 };
          const a = playDeal({ ...base, policies: fast });
          const b = playDeal({ ...base, policies: slow, checked: true });
          expect(b.state.bid.declaredPasses).toBe(0);
          taken += a.state.bid.declaredPasses;
          expect(a.decisions).toBe(b.decisions);
          expect(comparable(a.state)).toEqual(comparable(b.state));
        }
        expect(taken).toBeGreaterThan(40); // the engine did take them
      }
    });
  }
});

/** simple's seats with their declaration of window passes rewritten by `passes` (the new kinds left out, say). */
const withPasses = (o: OptionValues, passes: (d: WindowPasses) => WindowPasses): SeatPolicy[] =>
  simple(o).map((sp) => ({ ...sp, policy: { ...sp.policy, passes: passes(sp.policy.passes!) } }));
const oldKinds = (d: WindowPasses): WindowPasses => {
  const { spielTricks: _n, afterSpiel: _a, ...rest } = d;
  return rest;
};

describe('the later-lead Spiel and after-Spiel windows (Policy.passes.spielTricks, .afterSpiel)', () => {
  it('simple declares afterSpiel always and spielTricks only when it ignores the talk', () => {
    const f = builtinPolicy('simple');
    expect(f.create({}).passes!.afterSpiel).toBe(true);
    expect(f.create({}).passes!.spielTricks).toBeUndefined();
    expect(f.create({ information: 'ignore' }).passes!.spielTricks).toBe(2);
    expect(f.create({ information: 'ignore', spielTricks: 3, truthful: false }).passes!.spielTricks).toBe(3);
  });
  it('the engine takes more passes with them, the hands the same as without them', () => {
    for (const name of RULESET_NAMES) {
      const r = resolveRuleset(name);
      for (const opts of [{}, { information: 'ignore' }] as OptionValues[]) {
        const all = simple(opts);
        const old = withPasses(opts, oldKinds);
        let more = 0;
        for (let d = 0; d < 30; d++) {
          const base = { ruleset: r, players: 4, rootSeed: 31, dealIndex: d, dealer: d % 4 };
          const a = playDeal({ ...base, policies: all });
          const b = playDeal({ ...base, policies: old });
          more += a.state.bid.declaredPasses - b.state.bid.declaredPasses;
          expect(a.decisions).toBe(b.decisions);
          expect(comparable(a.state)).toEqual(comparable(b.state));
        }
        expect(more, `${name} ${JSON.stringify(opts)}`).toBeGreaterThan(0);
      }
    }
  });
  it('declared alone (no unseen, trickOpen, laterLead), the engine takes them too, the hands as act gives them', () => {
    const onlyNew = (d: WindowPasses): WindowPasses => (d.spielTricks === undefined ? { afterSpiel: true } : { afterSpiel: true, spielTricks: d.spielTricks });
    for (const name of RULESET_NAMES) {
      const r = resolveRuleset(name);
      for (const opts of [{}, { information: 'ignore' }] as OptionValues[]) {
        const fast = withPasses(opts, onlyNew);
        const slow = withPasses(opts, onlyNew);
        let taken = 0;
        for (let d = 0; d < 30; d++) {
          const base = { ruleset: r, players: 4, rootSeed: 41, dealIndex: d, dealer: d % 4 };
          const a = playDeal({ ...base, policies: fast });
          const b = playDeal({ ...base, policies: slow, checked: true });
          taken += a.state.bid.declaredPasses;
          expect(a.decisions).toBe(b.decisions);
          expect(comparable(a.state)).toEqual(comparable(b.state));
        }
        expect(taken, `${name} ${JSON.stringify(opts)}`).toBeGreaterThan(0);
      }
    }
  });
  // a liar: simple ignoring the talk, declaring a window kind and bidding there whenever it may
  const liar = (passes: WindowPasses, bidsWhen: (obs: Observation) => boolean): SeatPolicy[] =>
    simple({ information: 'ignore' }).map((sp) => {
      const honest = sp.policy;
      const policy: Policy = {
        ...honest,
        passes: { ...honest.passes!, ...passes },
        act(obs, ctx) {
          const bid = obs.phase === 'window' && bidsWhen(obs) ? obs.legal.find((a) => a.kind === 'bid') : undefined;
          return bid ?? honest.act(obs, ctx);
        },
      };
      return { ...sp, name: 'liar', policy };
    });
  const leadOpen = (obs: Observation) => obs.point >= 1 && obs.point <= 4 && obs.tricks[obs.tricks.length - 1]!.plays.length === 0;
  const cases: Array<[string, WindowPasses, (obs: Observation) => boolean, RegExp]> = [
    ['spielTricks', { spielTricks: 5 }, leadOpen, /declared it passes in this bid window \(Policy\.passes\.spielTricks\) but answered bid/],
    ['afterSpiel', { afterSpiel: true }, (obs) => obs.point === 5, /declared it passes in this bid window \(Policy\.passes\.afterSpiel\) but answered bid/],
  ];
  for (const [what, passes, when, message] of cases) {
    it(`a policy that declares ${what} and bids there anyway is a fault on the checked path`, () => {
      const r = resolveRuleset('oberland');
      const policies = liar(passes, when);
      let faulted = 0;
      for (let d = 0; d < 60; d++) {
        const base = { ruleset: r, players: 4, rootSeed: 37, dealIndex: d, dealer: d % 4 };
        try {
          playDeal({ ...base, policies, checked: true });
        } catch (e) {
          expect(String(e)).toMatch(message);
          faulted++;
        }
        playDeal({ ...base, policies }); // unchecked: taken at its word, never a fault
      }
      expect(faulted).toBeGreaterThan(0);
    });
  }
});
