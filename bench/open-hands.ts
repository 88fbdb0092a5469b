// Open hands (issue 28; docs/solved.md "How far 90% is"): a bot that sees every seat's cards — an upper bound
// for a measurement, never a bot. Bridge measures its players against double-dummy play the same way. The
// policy contract forbids it (a policy gets an Observation, never the state), so it lives here, in the bench,
// and works only on a table whose policies array carries its deal hook (src/play/hand.ts withDealHook): the
// hook keeps a reference to each hand's state as the engine deals it (the engine's own shuffle and cut, so
// the deals are those of the same seed without it), and each wrapped policy is handed its Observation with
// the other seats' hands added to `seenHands` — a searching bot (pimc) then samples only worlds with those
// hands (the stock stays unseen).
import type { HandState } from '../src/engine/state.ts';
import { withDealHook, type SeatPolicy } from '../src/play/hand.ts';
import type { Observation, Policy } from '../src/policy/api.ts';
import { BID_PHASES } from '../strategies/solved-layer.ts';

/** The cards at `seat` in the state now, ascending. */
function cardsAt(s: HandState, seat: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < s.loc.length; c++) if (s.loc[c] === seat) out.push(c);
  return out;
}

/**
 * Where the hands are open: at every decision; in the bidding war's (BID_PHASES: bid windows, answers, vetoes)
 * only; there only once the seat has looked at its own cards (not in the unseen window, where nobody at the
 * table has seen a card); or everywhere else (the exchange, the cards, the talk).
 */
export type OpenAt = 'all' | 'bids' | 'seenBids' | 'cards';

function opensAt(at: OpenAt, obs: Observation): boolean {
  if (at === 'all') return true;
  if (at === 'cards') return !BID_PHASES.has(obs.phase);
  return BID_PHASES.has(obs.phase) && (at === 'bids' || obs.hand.length > 0);
}

/** A table where the seats `open` marks see every hand where `at` says: the policies array to play with. */
export function openHandsTable(policies: readonly SeatPolicy[], open: (seat: number) => boolean, at: OpenAt = 'all'): SeatPolicy[] {
  let state: HandState | null = null;
  const wrap = (p: Policy): Policy => ({
    ...(p.bidding === undefined ? {} : { bidding: p.bidding }),
    ...(p.talk === undefined ? {} : { talk: p.talk }),
    act(obs: Observation, ctx) {
      const s = state;
      if (s === null || obs.legal.length <= 1 || !opensAt(at, obs)) return p.act(obs, ctx);
      if (obs.hand.length > 0 && cardsAt(s, obs.seat).join() !== obs.hand.join()) throw new Error(`open hands: P${obs.seat + 1}'s observation is not of the hand being played`);
      const seenHands = [];
      for (let seat = 0; seat < obs.seats; seat++) if (seat !== obs.seat) seenHands.push({ seat, cards: cardsAt(s, seat) });
      return p.act({ ...obs, seenHands }, ctx);
    },
  });
  const wrapped = policies.map((sp, seat) => (open(seat) ? { ...sp, policy: wrap(sp.policy) } : sp));
  return withDealHook(wrapped, {
    deal: (s) => {
      state = s;
      return false; // the engine deals as it would without the hook
    },
    accept: () => true,
  });
}
