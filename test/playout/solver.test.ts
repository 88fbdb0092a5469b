// The solver continuation (kernel-solver.ts) against its slow twin: plain minimax over every legal move the
// kernel offers (no transposition table, no merged christenings, no move ordering), on random deals played by
// simple down to a few cards; and its walk against the same walk made with the twin.
import { describe, expect, it } from 'vitest';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { Playout } from '../../src/playout/kernel.ts';
import { ROLLOUT, type KernelPosition } from '../../src/playout/kernel-state.ts';
import { SpielSolver } from '../../src/playout/kernel-solver.ts';
import { STREAM, keyedRng } from '../../src/core/rng.ts';

type Rng = ReturnType<typeof keyedRng>;

function deal(seats: number, rng: Rng): { lo: number[]; weli: number[] } {
  const cards = Array.from({ length: 33 }, (_, i) => i);
  for (let i = cards.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [cards[i], cards[j]] = [cards[j]!, cards[i]!];
  }
  const lo: number[] = [];
  const weli: number[] = [];
  for (let s = 0; s < seats; s++) {
    let l = 0;
    let w = 0;
    for (const c of cards.slice(s * 5, s * 5 + 5)) c === 32 ? (w = 1) : (l |= 1 << c);
    lo.push(l >>> 0);
    weli.push(w);
  }
  return { lo, weli };
}

/** A deal of `ruleset`, played by simple until a trick is led with `cards` cards in hand. */
function position(ruleset: string, seats: number, cards: number, i: number, rng: Rng, christenAll = false): Playout {
  const d = deal(seats, rng);
  const pos: KernelPosition = {
    ruleset: resolveRuleset(ruleset),
    trump: 'SHL'[i % 3] as 'S' | 'H' | 'L',
    seats,
    party: seats === 4 ? [0, 1, 0, 1] : [0, 1],
    handSize: 5,
    vorhand: i % seats,
    handLo: d.lo,
    handWeli: d.weli,
    tricks: [],
    christenAll,
  };
  const k = new Playout().load(pos);
  while (!k.over && (k.cardsInTrick !== 0 || handSize(k) > cards)) k.play(k.simpleMove(k.legalMoves()));
  return k;
}

const handSize = (k: Playout): number => {
  let n = k.handWeli(k.turn);
  for (let m = k.handLo(k.turn); m !== 0; m &= m - 1) n++;
  return n;
};

const spiel = (k: Playout): number => (k.spielParty === 0 ? 1 : k.spielParty === 1 ? -1 : 0);

/** The twin: the Spiel's value for party 0 by plain minimax over every legal move (a side stops at its best). */
function minimax(k: Playout): number {
  if (k.over) return spiel(k);
  const n = k.legalMoves();
  const moves = Array.from(k.moves.subarray(0, n));
  const max = k.party[k.turn] === 0;
  const saved = k.st.slice();
  let best = max ? -2 : 2;
  for (const m of moves) {
    k.st.set(saved);
    k.play(m);
    const v = minimax(k);
    best = max ? Math.max(best, v) : Math.min(best, v);
    if (best === (max ? 1 : -1)) break;
  }
  k.st.set(saved);
  return best;
}

/** The twin's walk: at each turn simple's move if it keeps the value, else the first legal move that does. */
function twinWalk(k: Playout): number[] {
  const target = minimax(k);
  const played: number[] = [];
  while (!k.over) {
    const n = k.legalMoves();
    const moves = Array.from(k.moves.subarray(0, n));
    const first = k.simpleMove(n);
    const saved = k.st.slice();
    for (const m of [first, ...moves.filter((x) => x !== first)]) {
      k.st.set(saved);
      k.play(m);
      if (minimax(k) === target) {
        played.push(m);
        break;
      }
    }
  }
  return played;
}

const CASES = [
  { ruleset: '1853', seats: 4, cards: 3, n: 40 },
  { ruleset: 'oberland', seats: 4, cards: 3, n: 24 },
  { ruleset: 'suedtirol', seats: 4, cards: 3, n: 12 },
  { ruleset: 'innsbruck', seats: 4, cards: 3, n: 12 },
  { ruleset: '1853', seats: 2, cards: 4, n: 20 },
  { ruleset: 'oberland', seats: 2, cards: 4, n: 30 },
] as const;

describe('the Spiel solver (kernel-solver.ts) against plain minimax', () => {
  for (const c of CASES) {
    it(`${c.ruleset}, ${c.seats} seats, from ${c.cards} cards: the same value, the same walk`, () => {
      const rng = keyedRng(40, c.seats * 10 + c.cards, STREAM.resample);
      const solver = new SpielSolver();
      let won = 0;
      let lost = 0;
      let detours = 0;
      for (let i = 0; i < c.n; i++) {
        const k = position(c.ruleset, c.seats, c.cards, i, rng, c.seats === 2 && i % 5 === 4); // every christening: two seats
        if (k.over) continue;
        const before = k.st.slice();
        const v = minimax(k);
        expect(solver.value(k)).toBe(v);
        expect(Array.from(k.st)).toEqual(Array.from(before)); // the state as it was
        // the walk: the solver's playout and the twin's lay the same cards, and make the solved Spiel
        const twin = twinWalk(k);
        k.st.set(before);
        const simple = (() => {
          const out: number[] = [];
          while (!k.over) {
            const m = k.simpleMove(k.legalMoves());
            out.push(m);
            k.play(m);
          }
          return out;
        })();
        k.st.set(before);
        for (const m of twin) k.play(m);
        expect(spiel(k)).toBe(v);
        if (twin.join() !== simple.join()) detours++;
        if (v === 1) won++;
        if (v === -1) lost++;
        // the solver's own walk from the same position lays the same cards: it ends in the twin's state
        const after = k.st.slice();
        k.st.set(before);
        solver.playOut(k, c.cards);
        expect(Array.from(k.st)).toEqual(Array.from(after));
      }
      // the cases are not trivial: both parties make the Spiel somewhere, and simple's play is not always best
      expect(won).toBeGreaterThan(0);
      expect(lost).toBeGreaterThan(0);
      expect(detours).toBeGreaterThan(0);
    });
  }

  it('the continuation plays simple until a trick is led with solverCards cards in hand', () => {
    const rng = keyedRng(41, 1, STREAM.resample);
    const solver = new SpielSolver();
    for (let i = 0; i < 20; i++) {
      const k = position('1853', 4, 5, i, rng);
      const before = k.st.slice();
      // simple's first two tricks
      const prefix: number[] = [];
      while (k.tricksDone < 2 && !k.over) {
        const m = k.simpleMove(k.legalMoves());
        prefix.push(m);
        k.play(m);
      }
      k.st.set(before);
      // every card the solver lays, the walk's and the search's: the first are the walk's
      const laid: number[] = [];
      const view = {
        st: k.st,
        moves: k.moves,
        parties: k.parties,
        party: k.party,
        rules: k.rules,
        christenAll: k.christenAll,
        legalMoves: () => k.legalMoves(),
        simpleMove: (n: number) => k.simpleMove(n),
        play: (m: number) => {
          laid.push(m);
          k.play(m);
        },
      };
      solver.playOut(view, 3);
      expect(laid.slice(0, prefix.length)).toEqual(prefix);
      expect(k.over).toBe(true);
    }
  });

  it('with three parties the continuation is simple\u2019s throughout', () => {
    const rng = keyedRng(41, 0, STREAM.resample);
    for (let i = 0; i < 20; i++) {
      const d = deal(3, rng);
      const pos: KernelPosition = { ruleset: resolveRuleset('oberland'), trump: 'H', seats: 3, party: [0, 1, 2], handSize: 5, vorhand: 1, handLo: d.lo, handWeli: d.weli, tricks: [] };
      const k = new Playout().load(pos);
      k.rollout(ROLLOUT.solver, keyedRng(1, i, STREAM.resample), 5);
      const a = [...Array.from(k.points), ...k.figureWinner, k.tricksWon(0), k.tricksWon(1), k.tricksWon(2)];
      k.load(pos).rollout(ROLLOUT.simple, keyedRng(1, i, STREAM.resample));
      expect([...Array.from(k.points), ...k.figureWinner, k.tricksWon(0), k.tricksWon(1), k.tricksWon(2)]).toEqual(a);
    }
  });
});
