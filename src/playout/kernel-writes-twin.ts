// The playout kernel's final writes against its twin, the engine (issue 27): from random states — a random
// Partie score (near the target half the time, 17:17 and its like now and then), random bids, holds and
// raises up to Aus before the first card and between the cards (false figures: a Gleich or Hanger not had,
// a raise in an open trick without the Spielfarbe), penalties of the bidding — the kernel is loaded with the
// engine's state, plays the hand out with its random continuation, the engine lays the same cards and
// shows what the kernel shows; then the points per party of the deal and the end of the Partie must be
// the engine's. The move-by-move check of the same states (legal moves, trick winners, `simple`) is the
// twin's (twin.ts, writes mode); this one only compares the end, so that a million states are cheap.
import { STREAM, keyedRng } from '../core/rng.ts';
import { actingSeat, applyAction } from '../engine/game.ts';
import { playOf } from '../engine/actions.ts';
import { allowedShows } from '../engine/showing.ts';
import { wordGleich, wordHanger } from '../eval/figures.ts';
import { Playout } from './kernel.ts';
import { moveAs, moveCard } from './kernel-state.ts';
import { PASS_OR_GUT, bidPhase, compareEnd, positionOfState, setUp, type TwinOptions, type TwinReport } from './twin.ts';

export interface WritesReport {
  /** States drawn, and those loaded into the kernel and compared. */
  states: number;
  compared: number;
  /** Compared states with a bid, a correction or penalty in the deal, the Partie ended in the deal, a false figure judged at the end. */
  withBids: number;
  corrected: number;
  partieOver: number;
  mismatches: string[];
}

export function newWritesReport(): WritesReport {
  return { states: 0, compared: 0, withBids: 0, corrected: 0, partieOver: 0, mismatches: [] };
}

/** Run `hands` states of one ruleset (tables of 2, 3, 4 and 6 players in turn) into `rep`. */
export function writesCheck(o: Omit<TwinOptions, 'simple'>, rep: WritesReport = newWritesReport()): WritesReport {
  const tables = o.players ?? [2, 3, 4, 6];
  const max = o.maxMismatches ?? 5;
  const k = new Playout();
  const first = o.firstDeal ?? 0;
  const twin: TwinReport = { hands: 0, steps: 0, tricks: 0, scored: 0, simpleChoices: 0, withBidding: 0, written: 0, scoringSkipped: 0, engineDeadEnds: 0, mismatches: [] };
  const opts: TwinOptions = { ...o, writes: true, simple: null as never };
  for (let d = first; d < first + o.hands && rep.mismatches.length < max; d++) {
    const players = tables[d % tables.length]!;
    const fail = (why: string): void => {
      rep.mismatches.push(`${o.ruleset.name} ${players} players, state ${d} (seed ${o.seed}): ${why}`);
    };
    rep.states++;
    try {
      const rng = keyedRng(o.seed, d, STREAM.policy);
      const s = setUp(opts, d, players, rng, twin);
      if (s === null) continue;
      k.load(positionOfState(s, false));
      // the kernel plays; the engine lays the same cards (the windows between them pass)
      while (!k.over) {
        if (s.phase !== 'play' || s.turn !== k.turn) {
          fail(`the engine is at ${s.phase} P${s.turn + 1}, the kernel plays P${k.turn + 1}`);
          break;
        }
        const m = k.randomMove(rng);
        k.play(m);
        applyAction(s, playOf(moveCard(m), moveAs(m)));
        while (bidPhase(s)) applyAction(s, PASS_OR_GUT(s));
      }
      if (rep.mismatches.length > 0 && rep.mismatches[rep.mismatches.length - 1]!.includes(`state ${d} `)) continue;
      k.finish();
      // the engine shows what the kernel showed (one of its allowed showings with the same codes)
      while (s.phase !== 'done') {
        if (s.phase !== 'show') {
          applyAction(s, PASS_OR_GUT(s));
          continue;
        }
        const seat = actingSeat(s);
        const opt = allowedShows(s, seat).find((x) => wordGleich(x.word) === k.gleich[seat] && wordHanger(x.word) === k.hanger[seat]);
        if (opt === undefined) {
          fail(`P${seat + 1} cannot show Gleich ${k.gleich[seat]} Hanger ${k.hanger[seat]} in the engine`);
          break;
        }
        applyAction(s, { kind: 'show', as: opt.as });
      }
      if (s.phase !== 'done') continue;
      const before = twin.mismatches.length;
      compareEnd(s, k, true, 0, twin, fail);
      if (twin.mismatches.length !== before) continue;
      rep.compared++;
      if (s.bid.figs.some((f) => f.status !== 'unbid')) rep.withBids++;
      if (s.events.some((e) => e.type === 'correction' || e.type === 'penalty')) rep.corrected++;
      if (s.bid.partieWinner >= 0) rep.partieOver++;
    } catch (e) {
      fail(`threw ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    }
  }
  return rep;
}
