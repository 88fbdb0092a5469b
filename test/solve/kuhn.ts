// Kuhn poker (three cards, one bet) as a CfrGame, and its exact exploitability by enumerating each player's
// 64 pure strategies: the fixture on which src/solve/cfr.ts is validated (game value −1/18 for the first player).
import type { Rng } from '../../src/core/rng.ts';
import type { CfrGame } from '../../src/solve/cfr.ts';

export interface KuhnState {
  cards: [number, number];
  h: string;
}

function terminalUtility(s: KuhnState, player: number): number | null {
  const h = s.h;
  const win0 = s.cards[0] > s.cards[1];
  let u0: number | null = null;
  if (h === 'pp') u0 = win0 ? 1 : -1;
  else if (h === 'pbp') u0 = -1;
  else if (h === 'pbb' || h === 'bb') u0 = win0 ? 2 : -2;
  else if (h === 'bp') u0 = 1;
  if (u0 === null) return null;
  return player === 0 ? u0 : -u0;
}

const DEALS: ReadonlyArray<[number, number]> = [[0, 1], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1]];

export const kuhn: CfrGame<KuhnState> = {
  players: 2,
  deal: (rng: Rng) => ({ cards: [...DEALS[rng.below(6)]!] as [number, number], h: '' }),
  clone: (s) => ({ cards: s.cards, h: s.h }),
  advance: (s) => (terminalUtility(s, 0) !== null ? -1 : s.h.length % 2),
  decision: (s) => ({ key: `${s.cards[s.h.length % 2]}${s.h}`, n: 2 }),
  apply: (s, a) => {
    s.h += a === 0 ? 'p' : 'b';
  },
  utility: (s, p) => terminalUtility(s, p)!,
};

type Strategy = (key: string) => number; // probability of b

/** Expected utility for player 0 when both play the given strategies. */
export function value(s0: Strategy, s1: Strategy): number {
  let total = 0;
  for (const cards of DEALS) {
    const walk = (h: string, reach: number): void => {
      const s = { cards, h };
      const u = terminalUtility(s, 0);
      if (u !== null) {
        total += (reach * u) / DEALS.length;
        return;
      }
      const p = h.length % 2;
      const pb = (p === 0 ? s0 : s1)(`${cards[p]}${h}`);
      walk(h + 'p', reach * (1 - pb));
      walk(h + 'b', reach * pb);
    };
    walk('', 1);
  }
  return total;
}

const KEYS = [['0', '1', '2', '0pb', '1pb', '2pb'], ['0p', '1p', '2p', '0b', '1b', '2b']] as const;

/** The best response's value for `player` against the other's strategy (pure strategies enumerated). */
export function bestResponse(player: 0 | 1, other: Strategy): number {
  let best = -Infinity;
  for (let m = 0; m < 64; m++) {
    const pure: Strategy = (k) => ((m >> KEYS[player].indexOf(k as never)) & 1);
    const v = player === 0 ? value(pure, other) : -value(other, pure);
    if (v > best) best = v;
  }
  return best;
}

/** Exploitability: the mean of the two best responses' values (0 at an equilibrium). */
export function exploitability(s0: Strategy, s1: Strategy): number {
  return (bestResponse(0, s1) + bestResponse(1, s0)) / 2;
}
