// RULES §8.5, §11.4.1: what a bound seat must still be able to show. A seat that bids, holds or raises a
// Gleich or Hanger "ist verbunden, es wirklich zu haben" and must spend an un-christened Perlagg on it
// [000 p.25–26]; in 1853 the asker and the rejecter of the Dritzige "sind schuldig das Dritzige zu haben, und
// dürfen im Verlaufe des Spieles nicht mehr davon abgehen" [000 p.30] rule 3. A seat's obligations are one
// number, its `need` (obligations.ts obligationsOf): bit 1 a Gleich, bit 2 a Hanger, and the asked figure as
// count << 4 | types << 8 (types: bit 0 a Gleich, bit 1 a Hanger of at least `count` cards will do).
//
// When the Dritzige and a figure the seat bid, held or raised cannot be shown together, the sources do not
// say which binds. perlagg's reading (`askObligation`, docs/rules.md A-30):
//   • 'dritzigeFirst' (default): rule 3 is the stronger word — "nicht mehr davon abgehen". A seat bound to
//     the Dritzige may not bid, hold or raise a Gleich or Hanger it cannot show together with it (mayTakeOn);
//     where its obligations collide anyway (a figure bound before the ask, under other switches), its
//     Perlaggen keep the Dritzige, then the Gleich, then the Hanger (the Gleich "für das Vorzüglichere
//     geachtet", [000 p.30] rule 2) as far as they can be shown together; a figure left over is false at the
//     end (RULES §12).
//   • 'bidsFirst': the Dritzige binds like any bid and gives way to the figures said: a bound seat may bid
//     anything (a bluff is judged at the end), and in a collision its Perlaggen keep the Gleich, then the
//     Hanger, then the Dritzige as far as it can be shown with them.
// No module of the engine is imported here (obligations.ts imports this file): the frontier is passed in.
import { codeCount, wordGleich, wordHanger } from '../eval/figures.ts';

/** The figure bits of a need (a Gleich, a Hanger bid, held or raised). */
export const NEED_FIGURES = 6;

/** Which obligation binds first when a bound seat cannot show them all (RulesVariant.askObligation). */
export type AskObligation = 'dritzigeFirst' | 'bidsFirst';

/** Does the figure word make everything in `need`? */
export function wordMeets(w: number, need: number): boolean {
  if ((need & 2) !== 0 && wordGleich(w) === 0) return false;
  if ((need & 4) !== 0 && wordHanger(w) === 0) return false;
  const count = (need >>> 4) & 15;
  if (count > 0) {
    const types = need >>> 8;
    const g = (types & 1) !== 0 && codeCount(wordGleich(w)) >= count;
    const h = (types & 2) !== 0 && codeCount(wordHanger(w)) >= count;
    if (!g && !h) return false;
  }
  return true;
}

/** Does some word of the frontier make everything in `need`? The scan (the twin of frontierMeets). */
export function frontierMeetsScan(frontier: readonly number[], need: number): boolean {
  for (let i = 0; i < frontier.length; i++) if (wordMeets(frontier[i]!, need)) return true;
  return false;
}

// Frontiers are shared frozen arrays (joint.ts): the answer per (frontier, need) is remembered. Bound seats
// ask it for every christening of every Perlagg they might lay, and long frontiers (wild Perlaggen) cost.
const meetsMemo = new WeakMap<readonly number[], Map<number, boolean>>();

/** frontierMeetsScan, remembered for long frozen frontiers. */
export function frontierMeets(frontier: readonly number[], need: number): boolean {
  if (frontier.length < 8 || !Object.isFrozen(frontier)) return frontierMeetsScan(frontier, need);
  let m = meetsMemo.get(frontier);
  if (m === undefined) meetsMemo.set(frontier, (m = new Map()));
  let r = m.get(need);
  if (r === undefined) m.set(need, (r = frontierMeetsScan(frontier, need)));
  return r;
}

/**
 * What binds a seat bound to the asked figure `ask` and to the figures `figs` (bits 1, 2) it bid, held or
 * raised, its frontier now `frontier` (what it can still show): all of them when it can show them together;
 * else, in the order of `rule`, each as far as it can be shown together with those before it. When it can
 * show none of them, all (the seat "cannot make it anyway": every play keeps them, RULES §8.5).
 */
export function boundNeed(rule: AskObligation, ask: number, figs: number, frontier: readonly number[]): number {
  const full = ask | figs;
  if (ask === 0 || figs === 0 || frontierMeets(frontier, full)) return full;
  const g = figs & 2;
  const h = figs & 4;
  const first = rule === 'dritzigeFirst' ? ask : g;
  const second = rule === 'dritzigeFirst' ? g : h;
  const third = rule === 'dritzigeFirst' ? h : ask;
  let need = 0;
  if (first !== 0 && frontierMeets(frontier, first)) need = first;
  if (second !== 0 && frontierMeets(frontier, need | second)) need |= second;
  if (third !== 0 && frontierMeets(frontier, need | third)) need |= third;
  return need === 0 ? full : need;
}

/**
 * [000 p.30] rule 3 under 'dritzigeFirst': may a seat bound to the asked figure `ask`, its obligations now
 * `need` (boundNeed's), take on the figures `figs` (bits 1, 2) — bid, hold or raise them? Only if it can show
 * them together with what binds it. A seat that cannot make the Dritzige at all is not held to it ("Alles beim
 * Alten bleibt, als wenn er nicht gefragt hätte" [000 p.32]) and may take on anything, as may every seat under
 * 'bidsFirst'.
 */
export function mayTakeOn(rule: AskObligation, ask: number, need: number, figs: number, frontier: readonly number[]): boolean {
  if (rule !== 'dritzigeFirst' || ask === 0 || (figs & NEED_FIGURES) === 0) return true;
  if (!frontierMeets(frontier, ask)) return true;
  return frontierMeets(frontier, need | figs);
}
