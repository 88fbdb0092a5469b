// RULES §8.5, §11.4, A-16, A-38, GC-34, [000 p.30] rule 3: what a bid binds its author to — a Gleich or a
// Hanger bid, held or raised must be had (and shown), the Spiel needs the Spielfarbe, an ask binds the asker
// and the rejecter to the asked figure — and what that forbids: bids a seat bound to the Dritzige cannot
// show with it, Perlaggen it must spend on its figures. The plays' filter card by card: obligation-filter.ts.
import type { PolicyAction } from './actions.ts';
import { F_SPIEL, type FigureBid } from './bid-state.ts';
import { NEED_FIGURES, boundNeed, frontierMeets, mayTakeOn, wordMeets } from './bound-seat.ts';
import { jointOf } from './hand-figures.ts';
import { openTrick, tctx } from './legality.ts';
import type { HandState } from './state.ts';
import { effectiveSuit } from './tricks.ts';

/** May `seat` bid, hold or raise the Spiel now without breaking the Spielfarbe rule? */
export function hasSpielfarbe(s: HandState, seat: number): boolean {
  const r = s.ruleset;
  if (r.spielfarbeRule === 'none') return true;
  const t = openTrick(s);
  if (t === null || t.plays.length === 0) return true;
  if (r.spielfarbeRule === 'lastTrickWithPerlagg' && s.tricks.length < s.table.handSize) return true;
  const ctx = tctx(s);
  const perl = s.perl!;
  let suit = effectiveSuit(ctx, t.plays[0]!.card, t.plays[0]!.as);
  if (r.spielfarbeRule === 'anyPendingTrick') {
    for (const p of t.plays) if (effectiveSuit(ctx, p.card, p.as) === ctx.trump) suit = ctx.trump;
  }
  const lo = s.handLo[seat]!;
  if (r.spielfarbePerlaggInHandCounts && ((lo & perl.lo) !== 0 || (s.handWeli[seat] === 1 && perl.weli === 1))) return true;
  const plain = (lo & ~perl.lo) >>> 0;
  const suitMask = (0xff << (suit * 8)) >>> 0;
  const trumpMask = (0xff << (ctx.trump * 8)) >>> 0;
  if ((plain & suitMask) !== 0) return true;
  if (r.spielfarbeRule === 'anyPendingTrick') return (plain & trumpMask) !== 0; // trump is always Spielfarbe
  return (plain & trumpMask) !== 0; // VIBK: "that suit, a trump or a Perlagg"
}

/** Obligations (§8.5): Gleich/Hanger bind the seat to have it; the Spiel binds it to the Spielfarbe. */
export function bind(s: HandState, fb: FigureBid, f: number, seat: number, party: number, unseen: boolean): void {
  if (unseen) return; // no obligation for unseen bids
  if (f === F_SPIEL) {
    if (!hasSpielfarbe(s, seat)) fb.violation |= 1 << party;
  } else fb.obligated[party]! |= 1 << seat;
}

/**
 * What the seat is bound to have (RULES §8.5, §11.4): bit 1 a Gleich, bit 2 a Hanger (it bid, held or
 * raised them), and the asked figure (askNeed: count << 4 | types << 8) when it asked or rejected an ask.
 * When the asked figure and the others cannot be shown together, what binds (bound-seat.ts boundNeed,
 * `askObligation`): [000 p.30] rule 3 "dürfen im Verlaufe des Spieles nicht mehr davon abgehen".
 */
export function obligationsOf(s: HandState, seat: number): number {
  const party = s.table.party[seat]!;
  const ask = s.bid.askNeed[seat]!;
  let figs = 0;
  for (let f = 1; f < 3; f++) if (((s.bid.figs[f]!.obligated[party]! >>> seat) & 1) === 1) figs |= 1 << f;
  if (ask === 0 || figs === 0) return ask | figs;
  return boundNeed(s.ruleset.askObligation, ask, figs, jointOf(s, seat));
}

/**
 * [000 p.30] rule 3 (`askObligation: 'dritzigeFirst'`): may the seat bid, hold or raise the figures `figs`
 * (bit 1 a Gleich, bit 2 a Hanger)? A seat bound to the Dritzige only those it can show together with it
 * (bound-seat.ts mayTakeOn); every other seat anything.
 */
export function mayTakeOnFigures(s: HandState, seat: number, figs: number): boolean {
  const ask = s.bid.askNeed[seat]!;
  if (ask === 0 || (figs & NEED_FIGURES) === 0 || s.ruleset.askObligation !== 'dritzigeFirst') return true;
  return mayTakeOn(s.ruleset.askObligation, ask, obligationsOf(s, seat), figs, jointOf(s, seat));
}

/** Why the seat may not bid, hold or raise the figures `figs` now (mayTakeOnFigures), null when it may. */
export function takeOnRefusal(s: HandState, seat: number, figs: number): string | null {
  if (mayTakeOnFigures(s, seat, figs)) return null;
  const what = (figs & 6) === 6 ? 'the Gleich and the Hanger' : (figs & 2) !== 0 ? 'the Gleich' : 'the Hanger';
  return `P${seat + 1} is bound to the Dritzige he asked or rejected and cannot show ${what} together with it ([000 p.30] rule 3, askObligation=dritzigeFirst)`;
}

/** The figure bits (bit 1 a Gleich, bit 2 a Hanger) a bid or raise `a` takes on; 0 for other actions and the Spiel. */
export function takesOn(a: PolicyAction): number {
  if (a.kind === 'raise') return a.figure === 'Gleich' ? 2 : a.figure === 'Hanger' ? 4 : 0;
  if (a.kind !== 'bid') return 0;
  let m = 0;
  for (let i = 0; i < a.figures.length; i++) m |= a.figures[i] === 'Gleich' ? 2 : a.figures[i] === 'Hanger' ? 4 : 0;
  return m;
}

/**
 * Drops in place, from out[start..], the bids and raises a seat bound to the Dritzige may not make
 * (mayTakeOnFigures). Seats not bound to an asked figure keep every action (no frontier is worked out).
 */
export function dropUntakeable(s: HandState, seat: number, out: PolicyAction[], start: number): void {
  if (s.bid.askNeed[seat] === 0 || s.ruleset.askObligation !== 'dritzigeFirst') return;
  let k = start;
  for (let i = start; i < out.length; i++) {
    const a = out[i]!;
    const figs = takesOn(a);
    if (figs === 0 || mayTakeOnFigures(s, seat, figs)) out[k++] = a;
  }
  if (k !== out.length) out.length = k;
}

/**
 * RULES §8.5 / GC-34: a seat bound to a figure must spend its un-christened Perlaggen on it: a Perlagg may
 * be laid (as `as`) only if the bound figures can still be made afterwards — when they could be made before.
 */
export function playKeepsObligations(s: HandState, seat: number, card: number, as: number | null): boolean {
  if (!s.bid.active) return true;
  const need = obligationsOf(s, seat);
  if (need === 0) return true;
  if (s.perl!.level[card] === 0) return true;
  if (!frontierMeets(jointOf(s, seat), need)) return true; // he cannot make it anyway
  return frontierMeets(jointOf(s, seat, { card, as }), need);
}

/** The showing words allowed to a bound seat: those making the bound figures, when any does. */
export function showMeetsObligations(s: HandState, seat: number, word: number): boolean {
  const need = obligationsOf(s, seat);
  return need === 0 || wordMeets(word, need);
}
