// The search replays every sampled world through the engine to the decision (src/playout/inference.ts
// replayWorld; lines.ts prices each option on that state, the weighted worlds weigh it). Some events of the
// history are answers the engine writes itself, not actions a seat chose: a void raise stands as the hold
// (a Drei while gestrichen, A-14; a Drei over the limit, A-13), and a partner's veto of a hold brings the gut
// (RULES §8.6). Before, the replay looked for such an answer among the legal actions, found none, and the
// whole decision fell back to the plain stakes (2–18 of ~1,800 decisions of near-target positions, 1853 and
// Oberland); now the replay passes over the answer its own engine wrote. One hand-built position per case.
import { describe, expect, it } from 'vitest';
import { advise, buildPosition, type PositionSpec } from '../../src/cli/advise.ts';
import { actingSeat } from '../../src/engine/game.ts';
import { keyedRng } from '../../src/core/rng.ts';
import { replayWorld } from '../../src/playout/inference.ts';
import { worldSampler } from '../../src/playout/api.ts';

const WINDOWS_1853 = 'P1 pass; P2 pass; P3 pass; P4 pass; P1 pass';
const cases: ReadonlyArray<{ name: string; spec: PositionSpec; answer: { seat: number; answer: 'gut' | 'hold' } }> = [
  {
    // P3's party at 10 of 11 (gestrichen): its Drei is void, half its score written off, and stands as the hold; P1 may veto it
    name: 'a Drei while gestrichen stands as the hold (1853, A-14)',
    spec: { ruleset: '1853', players: 4, seat: 0, hand: 'H7 L8 E10 HU LO', turned: 'S9', stockShown: 'L7', dealer: 3, seed: 1, score: [10, 6], moves: `${WINDOWS_1853}; P2 bid Gleich; P3 raise Gleich 3` },
    answer: { seat: 2, answer: 'hold' },
  },
  {
    // at 13:13 of 15 a Drei on the Spiel goes over the limit: 2 minus points, and it stands as the hold
    name: 'a Drei over the limit stands as the hold (Oberland, two players, A-13)',
    spec: { ruleset: 'oberland', players: 2, seat: 0, hand: 'H7 L8 E10 HU LO', turned: 'S9', dealer: 1, seed: 1, score: [13, 13], moves: 'P1 pass; P2 pass; P1 pass; P2 bid Spiel; P1 raise Spiel 3' },
    answer: { seat: 0, answer: 'hold' },
  },
  {
    // P3 holds P2's Gleich, his partner P1 protests: the less dangerous answer, gut, is written for P3
    name: "a partner's veto of a hold writes the gut (1853, RULES §8.6)",
    spec: { ruleset: '1853', players: 4, seat: 1, hand: 'H7 L8 E10 HU LO', turned: 'S9', stockShown: 'L7', dealer: 3, seed: 1, moves: `${WINDOWS_1853}; P2 bid Gleich; P3 hold; P1 veto` },
    answer: { seat: 2, answer: 'gut' },
  },
];

const opts = { worlds: 24, continuation: 'simple' as const, rolloutsPerWorld: 1, seed: 1, objective: 'points' as const };

describe('the replay passes over the answers the engine writes itself (issue 27)', () => {
  for (const c of cases) {
    it(c.name, () => {
      const { obs } = buildPosition(c.spec);
      // the position: the engine's own answer is in the history, written without an action of that seat
      const last = obs.history.filter((e) => e.type === 'answer').at(-1)!;
      expect(last).toMatchObject({ type: 'answer', seat: c.answer.seat, answer: c.answer.answer });
      // every sampled world is replayed to the decision
      const sampler = worldSampler(obs);
      const rng = keyedRng(27, 0, 2, 2);
      for (let i = 0; i < 16; i++) {
        const s = replayWorld(obs, sampler.sample(rng));
        expect(s.phase).toBe(obs.phase);
        expect(actingSeat(s)).toBe(obs.acting);
        expect(s.events.filter((e) => e.type === 'answer')).toHaveLength(obs.history.filter((e) => e.type === 'answer').length);
      }
      // and the search prices it in the engine (no plain-stakes fallback), uniform and weighted alike
      for (const weights of ['uniform', 'weighted'] as const) {
        const { decision } = advise(c.spec, { ...opts, weights });
        expect(decision.notes.filter((n) => /could not be (replayed|weighted)/.test(n))).toEqual([]);
        expect(decision.weights).toBe(weights);
        expect(decision.options.filter((o) => o.evaluated).length).toBeGreaterThan(1);
      }
    });
  }
});
