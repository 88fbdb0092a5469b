// Issue 9, item 1: the engine applies its own legal action, never the policy's object; a card not in the
// hand is a PolicyFault naming the policy, seat, deal and seed.
import { describe, expect, it } from 'vitest';
import type { Policy } from '../../src/policy/api.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { PolicyFault, playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import simple from '../../strategies/simple.ts';

const r = resolveRuleset('oberland');
const honest = (): SeatPolicy => ({ name: 'simple', policy: simple.create({}) });

describe('runHand: what is applied is what was checked', () => {
  it('a card getter is read once; the engine plays the frozen legal record of that first answer', () => {
    let reads = 0;
    const played: number[] = [];
    const meant: number[] = [];
    const sly: Policy = {
      act(obs) {
        const plays = obs.legal.filter((a) => a.kind === 'play');
        if (plays.length < 2) return obs.legal[0]!;
        const [first, other] = plays as Array<{ kind: 'play'; card: number; as: number | null }>;
        let n = 0;
        meant.push(first!.card);
        return {
          kind: 'play',
          get card() {
            reads++;
            return n++ === 0 ? first!.card : other!.card; // the check sees one card, the engine would see another
          },
          as: first!.as,
        } as never;
      },
    };
    const res = playDeal({
      ruleset: r, players: 4, rootSeed: 5, dealIndex: 3, dealer: 0,
      policies: [{ name: 'sly', policy: sly }, honest(), honest(), honest()],
      onDecision: (_s, p, _o, a) => {
        if (p === 0 && a.kind === 'play' && meant.length > played.length) {
          played.push(a.card);
          expect(Object.isFrozen(a)).toBe(true);
        }
      },
    });
    expect(meant.length).toBeGreaterThan(0);
    expect(reads).toBe(meant.length); // one read per answer
    expect(played).toEqual(meant);
    const mine = res.state.actions.filter((a) => a.kind === 'play' && Object.isFrozen(a));
    expect(mine.length).toBe(res.state.actions.filter((a) => a.kind === 'play').length);
  });

  it('a card not in the hand: a PolicyFault naming policy, seat, deal and seed', () => {
    const cheat: Policy = {
      act(obs) {
        const play = obs.legal.find((a) => a.kind === 'play');
        if (play === undefined) return obs.legal[0]!;
        const held = new Set(obs.hand);
        const foreign = [...Array(32).keys()].find((c) => !held.has(c))!;
        return { kind: 'play', card: foreign, as: null };
      },
    };
    const go = () => playDeal({ ruleset: r, players: 4, rootSeed: 9, dealIndex: 17, dealer: 0, policies: [honest(), { name: 'cheat', policy: cheat }, honest(), honest()] });
    expect(go).toThrow(PolicyFault);
    expect(go).toThrow(/^policy cheat \(player 1, seat P2\), deal 17, seed 9: illegal action play \S+: /);
  });

  it('an answer that is no action, or whose getter throws, is a PolicyFault', () => {
    const junk: Policy = { act: () => 'play' as never };
    const boom: Policy = { act: () => ({ get kind(): string { throw new Error('gotcha'); } }) as never };
    for (const [name, policy, msg] of [['junk', junk, /not an action/], ['boom', boom, /threw gotcha/]] as const) {
      expect(() => playDeal({ ruleset: r, players: 4, rootSeed: 1, dealIndex: 2, dealer: 0, policies: [{ name, policy }, honest(), honest(), honest()] })).toThrow(msg);
    }
  });
});

describe('item 4: every seat and seating has its own policy instance', () => {
  it('duplicate play: no policy object is shared between seats or seatings; fresh() makes new ones', async () => {
    const { playSetup } = await import('../../src/sim/hands.ts');
    const setup = await playSetup({ mode: 'hands', ruleset: 'innsbruck', players: 4, policies: ['simple', 'random'], seed: 1, duplicate: true, constraints: { hands: {}, trump: null, predicate: null } });
    const all = setup.seatings.flat().map((s) => s.policy);
    expect(all).toHaveLength(8);
    expect(new Set(all).size).toBe(8);
    expect(setup.seatings[0]!.map((s) => s.name)).toEqual(['simple', 'random', 'simple', 'random']);
    expect(setup.seatings[1]!.map((s) => s.name)).toEqual(['random', 'simple', 'random', 'simple']);
    const fresh = setup.fresh[0]!(0).map((s) => s.policy);
    expect(fresh.some((p) => all.includes(p))).toBe(false);
  });
});
