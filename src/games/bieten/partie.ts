// RULES §17.1 rules 3, 17, 22-23 [001 p.6, p.16-23]: a whole game of Bieten — deals until one player is left,
// who has lost and gets the Noggerl. Whoever reaches the target goes out (has won) and plays no more; the
// others play on. The deal passes to the left, skipping players who are out ("Da C aus ist, gibt A die
// Karten aus" [001 p.22]). The first dealer of a first game is found by cutting: the lowest card deals, the
// Asses count lowest, and the first As cut deals at once (rule 3); in a following game the player right of
// the loser deals, so that the loser has the lead (rule 23).
//
// This file holds those rules of the game's course; play/bieten-game.ts plays a game by policies, a pure
// function of (rules, players, policies, root seed, game index, first dealer): deal n of game k draws its
// cards from keyedPartieRng(root, k, n, deal) and each player's choices from keyedPartieRng(root, k, n, policy,
// seat) (GUIDE guideline 8) — the same keys as a Perlaggen Partie; the cut for the first dealer draws from
// keyedPartieRng(root, k, 0, CUT_STREAM).
import { STREAM, type Rng } from '../../core/rng.ts';
import { nextActive, prevActive } from './engine.ts';
import type { BietenState } from './state.ts';
/** The keyed stream kind of the cut for the first dealer (distinct from STREAM's kinds). */
export const CUT_STREAM = 7;

/** Cutting order value: As lowest ("Die Asse gelten beim Abheben und Geben als die niederste Karte"), then 7 … K. */
export function cutValue(card: number): number {
  const r = card & 7; // 0 = 7 … 7 = As
  return r === 7 ? 0 : r + 1;
}

export interface DealerCut {
  /** Each cut in order: who cut which card. */
  readonly cuts: ReadonlyArray<{ readonly seat: number; readonly card: number }>;
  readonly dealer: number;
}

/**
 * Cutting for the first deal (rule 3): each player in turn from seat 0 cuts and shows a card; the first As
 * deals at once; otherwise the lowest deals, players tied for lowest cut again among themselves.
 */
export function cutForDealer(seats: number, rng: Rng): DealerCut {
  const pack = Array.from({ length: 32 }, (_, i) => i);
  const cuts: Array<{ seat: number; card: number }> = [];
  let round = Array.from({ length: seats }, (_, i) => i);
  for (;;) {
    let low = Infinity;
    let lowest: number[] = [];
    for (const seat of round) {
      const card = pack.splice(rng.below(pack.length), 1)[0]!;
      cuts.push({ seat, card });
      const v = cutValue(card);
      if (v === 0) return { cuts, dealer: seat };
      if (v < low) {
        low = v;
        lowest = [seat];
      } else if (v === low) lowest.push(seat);
    }
    if (lowest.length === 1) return { cuts, dealer: lowest[0]! };
    round = lowest;
  }
}

/** Who deals the next game: the player right of the loser, so that the loser has the lead (rule 23). */
export function nextGameDealer(seats: number, loser: number): number {
  return (loser - 1 + seats) % seats;
}

export interface BietenGameResult {
  readonly players: number;
  readonly target: number;
  readonly cut: DealerCut | null;
  readonly firstDealer: number;
  /** Score per seat after each deal. */
  readonly sheet: ReadonlyArray<readonly number[]>;
  /** Points per seat in each deal (0 for seats already out). */
  readonly dealPoints: ReadonlyArray<readonly number[]>;
  readonly dealers: readonly number[];
  /** Seats in the order they went out (each has won); the loser is not among them. */
  readonly outOrder: readonly number[];
  /** The deal (0-based) in which each seat went out, -1 for the loser. */
  readonly outAt: readonly number[];
  /** The last one left: he has lost (the Noggerl). */
  readonly loser: number;
  /** Who deals the next game (right of the loser). */
  readonly nextDealer: number;
  readonly finalScore: readonly number[];
  readonly penalties: readonly number[];
  readonly decisions: number;
  readonly states: readonly BietenState[];
}

/** The table that is left after a deal: who went out, who lost (the last one left), who deals next. */
export function afterDeal(s: BietenState, out: readonly number[]): { out: number[]; active: number[]; loser: number; nextDealer: number } {
  const nowOut = [...out, ...s.outOrder];
  const active = s.active.filter((seat) => !nowOut.includes(seat));
  if (active.length === 1) return { out: nowOut, active, loser: active[0]!, nextDealer: -1 };
  if (active.length === 0) {
    // everybody reached the target in this deal: the last to reach it is the last one left (rule 17)
    const loser = nowOut.pop()!;
    return { out: nowOut, active: [loser], loser, nextDealer: -1 };
  }
  return { out: nowOut, active, loser: -1, nextDealer: nextActive(active, s.seats, s.dealer) };
}

export { prevActive };
