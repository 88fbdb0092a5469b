// The abstraction of the bidding war (strategies/solved-layer.ts, docs/solved.md) on hand-built hands: the
// figure buckets, the headroom buckets, the position and the key's actions; and the solved tables (strategies/
// solved.ts) on played deals: every action they give is legal, and most bid decisions find their key.
import { describe, expect, it } from 'vitest';
import { abstractDecision, answerKeyOf, strengths } from '../../strategies/solved-layer.ts';
import { offerToAnswer } from '../../src/policy/api.ts';
import { solvedBidAction, solvedTable } from '../../strategies/solved.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import type { Policy } from '../../src/policy/api.ts';
import { Rng } from '../../src/core/rng.ts';
import { observeActing, setup, toFirstCard } from '../strategies/positions.ts';

const DECK = ['S', 'L', 'E', 'H'].flatMap((suit) => ['7', '8', '9', '10', 'U', 'O', 'K', 'A'].map((r) => suit + r));

/** P1's observation in the first open window (point 0) of a deal: trump Herz (turned H9), dealer P4. */
function firstWindow(hand: string, score: readonly number[] = [0, 0]): ReturnType<typeof observeActing> {
  const mine = hand.split(' ');
  const rest = DECK.filter((c) => !mine.includes(c) && c !== 'H9');
  const s = setup([hand, rest.slice(0, 5).join(' '), rest.slice(5, 10).join(' '), rest.slice(10, 15).join(' ')], 'H9', score);
  toFirstCard(s);
  const obs = observeActing(s);
  expect(obs.phase).toBe('window');
  expect(obs.acting).toBe(0);
  return obs;
}

describe('the abstraction: buckets of hand-built hands', () => {
  it('Gleich: three Ober is the top bucket, a pair of Sieben the lowest pair, none is 0', () => {
    expect(strengths(firstWindow('SO LO EO S7 L8'))).toMatchObject({ g: 3 });
    expect(strengths(firstWindow('S7 L7 E8 S8 LU')).g).toBeGreaterThanOrEqual(1);
    expect(strengths(firstWindow('S7 L7 EA LU S8')).g).toBe(1);
    expect(strengths(firstWindow('SA LA E8 LU S8')).g).toBe(2); // a pair of As: a high pair
  });

  it('Hanger: four in a row of one suit is the top bucket; Spiel: two Perlaggen and two trumps is the top bucket', () => {
    expect(strengths(firstWindow('S7 S9 SK LU E8')).h).toBe(0);
    expect(strengths(firstWindow('SO SK L7 LU E8')).h).toBe(2); // Ober-König: a short high Hanger
    expect(strengths(firstWindow('L8 L9 L10 LU EA')).h).toBe(3);
    expect(strengths(firstWindow('HK H7 HA H10 SA')).s).toBe(3); // Perlaggen HK, H7 (trump Herz) and HA, H10
    expect(strengths(firstWindow('S7 L8 EA LU S8')).s).toBe(0);
  });

  it('the key: window, buckets, headroom gestrichen / 1–3 / 4+, Vorhand, point 0, three figures unbid, the actions', () => {
    const d = abstractDecision(firstWindow('SO LO EO S7 L8'))!;
    expect(d.key).toMatch(/^W\|30[0-3]\|bb\|v\|0\|3\|p[bak]+$/);
    expect(d.letters[0]).toBe('p');
    expect(d.actions).toHaveLength(d.letters.length);
    expect(abstractDecision(firstWindow('SO LO EO S7 L8', [8, 0]))!.key).toContain('|ab|');
    expect(abstractDecision(firstWindow('SO LO EO S7 L8', [0, 9]))!.key).toContain('|ba|');
    expect(abstractDecision(firstWindow('SO LO EO S7 L8', [10, 0]))!.key).toContain('|gb|');
  });

  it('the unseen window knows no cards: its key names the seat from the dealer', () => {
    const s = setup(['SO LO EO S7 L8', 'S9 SU LA EU E10', 'SA EA L9 E7 E9', 'S10 L10 EK L7 SK'], 'H9');
    const obs = observeActing(s);
    expect(obs.point).toBe(-1);
    const d = abstractDecision(obs)!;
    expect(d.key).toMatch(/^W\|---\|bb\|1\|u\|3\|/);
  });
});

describe('the solved tables', () => {
  for (const name of ['1853', 'oberland']) {
    it(`${name}: loaded; every action it gives in played deals is legal; most bid decisions find their key`, () => {
      expect(Object.keys(solvedTable(name)!.keys).length).toBeGreaterThan(1000);
      const ruleset = resolveRuleset(name);
      let asked = 0;
      let answered = 0;
      let answers = 0;
      let same = 0;
      const rng = new Rng(9, 9, 9, 9);
      const spy: Policy = {
        bidding: 'full',
        act(obs, ctx) {
          const dec = abstractDecision(obs);
          if (dec !== null && dec.actions.length > 1) {
            asked++;
            const offer = dec.key[0] === 'A' ? offerToAnswer(obs) : null;
            if (offer !== null && (dec.letters === 'gh' || dec.letters === 'ghr')) {
              // the model of the other seats (pimc answers=solved) builds the same key from the figure's bucket
              answers++;
              const f = ['Spiel', 'Gleich', 'Hanger'].indexOf(offer.figure);
              const st = strengths(obs);
              const bucket = f === 0 ? st.s : f === 1 ? st.g : st.h;
              if (answerKeyOf(obs, obs.acting, f, offer.level, offer.aus, bucket, dec.letters === 'ghr') === dec.key) same++;
            }
            const a = solvedBidAction(obs, rng);
            if (a !== null) {
              answered++;
              expect(obs.legal).toContainEqual(a);
            }
          }
          return solved.act(obs, ctx);
        },
      };
      const solved = builtinPolicy('solved').create({});
      const seats: SeatPolicy[] = [0, 1, 2, 3].map((i) => ({ name: `s${i}`, policy: spy }));
      for (let d = 0; d < 60; d++) playDeal({ ruleset, players: 4, policies: seats, rootSeed: 28, dealIndex: d, dealer: d % 4, score: [d % 11, (3 * d) % 11] });
      expect(asked).toBeGreaterThan(200);
      expect(answered / asked).toBeGreaterThan(0.8);
      expect(answers).toBeGreaterThan(20);
      expect(same / answers).toBeGreaterThan(0.95);
    });
  }
});
