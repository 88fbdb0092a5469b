// The observation's shared snapshots (observe.ts) against their twins: the engine's frozen play and shown-card
// records handed out as they are (twin: a frozen copy), an empty open trick shared per (leader, winner), and
// short lists of small numbers (tricks won, points written, the Partie score) frozen once per value and shared
// by every hand (twin: a fresh frozen copy). Every snapshot deep-equals the one built fresh from the state,
// is frozen at every level, and never changes after it was handed out (checked again at the hand's end).
import { describe, expect, it } from 'vitest';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { copyPlay, copyShownCards, frozenSlice, observeWith, observedPlay, openTrick, openTrickChecked, sharedNumbers, shownCards } from '../../src/engine/observe.ts';
import { type Observation } from '../../src/engine/observation.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import type { HandState } from '../../src/engine/state.ts';
import { LEVELS, TABLES, specOf } from './tables.ts';

function deepFrozen(x: unknown): boolean {
  if (x === null || typeof x !== 'object') return true;
  if (!Object.isFrozen(x)) return false;
  for (const v of Object.values(x)) if (!deepFrozen(v)) return false;
  return true;
}

/** The snapshot fields as built fresh from the state (the literals the shared records stand for). */
function fresh(s: HandState, score: readonly number[]): Record<string, unknown> {
  const tricks = s.tricks.map((t) => ({ leader: t.leader, plays: t.plays.map((p) => ({ seat: p.seat, card: p.card, as: p.as })), winner: t.winner }));
  const shown = s.shows.flatMap((x) => (x === null || x === undefined ? [] : [{ seat: x.seat, cards: x.cards.map((c) => ({ card: c.card, as: c.as })) }]));
  return { tricks, tricksWon: s.tricksWon.slice(), written: s.bid.written.slice(), score: score.length === 0 ? new Array(s.table.parties).fill(0) : score.slice(), shown };
}

const SNAPSHOTS = ['tricks', 'tricksWon', 'written', 'score', 'shown'] as const;

describe('shared observation snapshots = their fresh twins', () => {
  const simple = builtinPolicy('simple').create({ information: 'ignore' });
  const random = builtinPolicy('random').create({});
  it('at every decision of seeded hands on every table: deep-equal, deeply frozen, never changed after', () => {
    let checks = 0;
    for (const t of TABLES) {
      for (const level of [LEVELS[0], LEVELS[2]]) {
        const r = resolveRuleset(specOf('oberland', t.override, level));
        for (let d = 0; d < 12; d++) {
          const policies = Array.from({ length: t.players }, (_, p): SeatPolicy => ((p + d) % 3 === 2 ? { name: 'random', policy: random } : { name: 'simple', policy: simple }));
          const handedOut: Array<{ o: Observation; json: string }> = [];
          const score = d % 2 === 0 ? [] : Array.from({ length: 3 }, (_, i) => (d * 7 + i * 5) % 40).slice(0, 2);
          playDeal({
            ruleset: r,
            players: t.players,
            policies,
            rootSeed: 41,
            dealIndex: d,
            dealer: d % (t.override.includes('strohmann') ? 4 : t.players),
            onDecision: (s, p) => {
              const o = observeWith(s, p, score, null);
              const f = fresh(s, o.score.length === score.length ? score : []);
              const shown = o.shown.map((x) => ({ seat: x.seat, cards: x.cards }));
              expect(JSON.stringify({ tricks: o.tricks, tricksWon: o.tricksWon, written: o.written, score: o.score, shown })).toBe(JSON.stringify(f));
              for (const k of SNAPSHOTS) expect(deepFrozen(o[k]), k).toBe(true);
              handedOut.push({ o, json: JSON.stringify(SNAPSHOTS.map((k) => o[k])) });
              checks++;
            },
          });
          for (const h of handedOut) expect(JSON.stringify(SNAPSHOTS.map((k) => h.o[k]))).toBe(h.json);
        }
      }
    }
    expect(checks).toBeGreaterThan(3000);
  });

  it('sharedNumbers = frozenSlice (shared only for up to 4 integers 0..63; -0, fractions, negatives and longer lists copied)', () => {
    const lists: number[][] = [[], [0], [0, 0], [0, 0, 0], [3, 5], [5, 3], [63, 0, 1, 2], [64], [-1, 2], [1.5], [-0], [0, -0], [1, 2, 3, 4, 5], [NaN], [2 ** 31]];
    for (const a of lists) {
      const x = sharedNumbers(a);
      const y = frozenSlice(a);
      expect(x, JSON.stringify(a)).toEqual(y);
      expect(x.map((v) => Object.is(v, -0))).toEqual(y.map((v) => Object.is(v, -0)));
      expect(Object.isFrozen(x)).toBe(true);
      expect(x).not.toBe(a);
    }
    expect(sharedNumbers([3, 5])).toBe(sharedNumbers([3, 5])); // shared
    expect(sharedNumbers([3, 5])).not.toBe(sharedNumbers([5, 3]));
    expect(sharedNumbers([0])).not.toBe(sharedNumbers([0, 0]));
    expect(sharedNumbers([1, 2, 3, 4, 5])).not.toBe(sharedNumbers([1, 2, 3, 4, 5])); // outside: a fresh copy
  });

  it('observedPlay, openTrick and shownCards = their copying twins; unfrozen engine records are copied', () => {
    for (const as of [null, 0, 7, 32]) {
      const frozen = Object.freeze({ seat: 2, card: 9, as });
      expect(observedPlay(frozen)).toBe(frozen);
      expect(observedPlay(frozen)).toEqual(copyPlay(frozen));
      const plain = { seat: 2, card: 9, as };
      expect(observedPlay(plain)).not.toBe(plain);
      expect(Object.isFrozen(observedPlay(plain))).toBe(true);
      expect(JSON.stringify(observedPlay(plain))).toBe(JSON.stringify(copyPlay(frozen)));
    }
    for (const [leader, winner] of [[0, -1], [3, -1], [5, 2], [15, 14], [16, -1], [1.5, -1]] as const) {
      const a = openTrick(leader, winner);
      expect(JSON.stringify(a)).toBe(JSON.stringify(openTrickChecked(leader, winner)));
      expect(deepFrozen(a)).toBe(true);
    }
    expect(openTrick(2, -1)).toBe(openTrick(2, -1));
    const cards = Object.freeze([Object.freeze({ card: 3, as: null }), Object.freeze({ card: 32, as: 5 })]);
    expect(shownCards(cards)).toBe(cards);
    expect(shownCards(cards)).toEqual(copyShownCards(cards));
    const loose = [Object.freeze({ card: 3, as: null }), { card: 32, as: 5 }];
    expect(shownCards(Object.freeze(loose))).not.toBe(loose);
    expect(deepFrozen(shownCards(Object.freeze(loose)))).toBe(true);
    expect(shownCards(Object.freeze(loose))).toEqual(copyShownCards(loose));
  });
});
