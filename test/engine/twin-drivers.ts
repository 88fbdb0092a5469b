// Drivers shared by the engine's twin tests (legal-twins, window-twins): random hands on every table, and the
// check that a comparison can fail (the bidding changed behind the remembered window facts).
import { expect } from 'vitest';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { CHANCE, applyAction, currentPlayer, legalActions, newHand } from '../../src/engine/game.ts';
import type { HandState } from '../../src/engine/state.ts';

/**
 * `hands` hands of `random` (bidRate 0.2, from `seats`) on every ruleset × table, every other hand at a score
 * just below the target (asks, gestrichen).
 */
export function randomOnEveryTable(
  tables: ReadonlyArray<{ players: number; override: string }>,
  hands: number,
  rootSeed: number,
  seats: (n: number) => SeatPolicy[],
): void {
  for (const name of RULESET_NAMES) {
    for (const tb of tables) {
      const r = resolveRuleset(tb.override === '' ? name : `${name}{${tb.override}}`);
      const probe = newHand(r, { players: tb.players });
      const n = probe.table.players;
      for (let d = 0; d < hands; d++) {
        const score = new Array<number>(probe.table.parties).fill(0).map((_, p) => (d % 2 === 0 ? 0 : r.target - 1 - ((d + p) % 3)));
        playDeal({ ruleset: r, players: tb.players, policies: seats(n), rootSeed, dealIndex: d, dealer: d % n, score });
      }
    }
  }
}

/**
 * Plays an Oberland hand to its first bid window, has legalActions remember that window's facts, changes the
 * bidding behind their back and asks again: the twin check (switched on by the caller) must throw a message
 * matching `fault`. Returns whether it did.
 */
export function tamperedWindowFaults(fault: RegExp): boolean {
  return faultsAtFirstWindow(
    fault,
    (s) => {
      legalActions(s); // the facts of this window are remembered now
      s.bid.figs[1]!.status = s.bid.figs[1]!.status === 'unbid' ? 'closed' : 'unbid'; // behind their back
      return () => legalActions(s);
    },
  );
}

/**
 * Plays an Oberland hand to its first bid window (the unseen one), changes the bidding behind the window's
 * seat masks (bid-windows.ts windowSeats: every figure closed) and passes: the seat masks still say the next
 * seat can act, and the twin check (switched on by the caller) must throw a message matching `fault`.
 * Returns whether it did.
 */
export function tamperedSeatMaskFaults(fault: RegExp): boolean {
  return faultsAtFirstWindow(fault, (s) => {
    const pass = legalActions(s)[0]!;
    for (const f of s.bid.figs) f.status = 'closed'; // behind the masks' back
    return () => applyAction(s, pass); // on to the next seat of the window
  });
}

/**
 * Plays an Oberland hand (first legal action, chance outcome 0) to its first bid window, tampers there
 * (`tamper`, which returns the step to take next) and takes that step: true when it throws a message
 * matching `fault`, false when it does not (or no window came).
 */
function faultsAtFirstWindow(fault: RegExp, tamper: (s: HandState) => () => unknown): boolean {
  const s = newHand(resolveRuleset('oberland'), { players: 4, dealer: 0 });
  for (let step = 0; step < 400 && s.phase !== 'done'; step++) {
    if (s.phase === 'window') {
      const next = tamper(s);
      try {
        next();
      } catch (e) {
        expect(String(e)).toMatch(fault);
        return true;
      }
      return false;
    }
    applyAction(s, currentPlayer(s) === CHANCE ? { kind: 'chance', outcome: 0 } : legalActions(s)[0]!);
  }
  return false;
}
