// The corrections of a deal's immediate writes (RULES §11.3, §12, [000 p.31-32], [003 §10], A-21, A-39): the
// judges of who has a figure, the amendment of the let-gut writes, the revokes found, the party over the
// target. scoring.ts applies them at the end of a hand, going-out.ts when a party goes out in the middle of it.
//
// ORDER OF THE CORRECTIONS (decided here, RULES §11.3, A-39). Points let gut are written at once (§11.3
// step 1), but a false figure let gut, an unproved one, or a let-gut unseen figure the party did not have
// is found out only when the deal is judged — at its end, or when a party claims to have gone out in the
// middle of the hand (it must then show what was let gut to it: [000 p.28] "der ist nur schuldig einen
// solchen ... zu weisen"). A correction is an amendment of those earlier writes, not a write in the order
// of writing: the false stroke "wird ... gelöscht, und der Gegenparthei aufgeschrieben" [000 p.31-32]. So
//   1. every correction of the deal's immediate writes is applied, all of them together — one that brings
//      a party to the target does not stop the others (an erasure is not a later write);
//   2. then the Partie is judged on the corrected immediate writes: a party at or over the target has gone
//      out (were both over — only possible with points written beyond the target — the first to reach it
//      with every corrected stroke standing where the original was written); the Double is judged on the
//      loser's corrected score;
//   3. only then come the figures decided at the end, in the priority order of §11.3 step 2 (Aus, the held
//      figures as first bid — the Vorgebotene first —, the unbid figures in the default order). A false
//      HELD figure is no amendment: its stake is decided at its own place in that order, and goes to the
//      opponents ([000 p.31-32] "die Gegenparthei zwei schreiben lassen"), like any held figure.
// Innsbruck (`falseFigurePenalty: 'dealPointsMinus2'`, [003 §10], A-21): the false party loses every point
// it wrote in this deal (an amendment of step 1, at once) and 2 more (a penalty, once), and writes nothing
// at the end; under `falseFigureScope: 'partie'` it loses its whole score with them.
import { wordGleich, wordHanger } from '../eval/figures.ts';
import { jointOf } from './hand-figures.ts';
import { freezeEvent } from './history.ts';
import { penalize } from './partie-score.ts';
import type { HandState } from './state.ts';

/** The figures' names by index (0 Spiel, 1 Gleich, 2 Hanger), as the events name them. */
export const FIG = ['Spiel', 'Gleich', 'Hanger'] as const;

/** Does a seat (a party) have figure f (1 Gleich, 2 Hanger)? Judged on the shown figures at the end, on what can still be shown in the middle of a hand. */
export interface FigureJudge {
  seatHas(seat: number, f: number): boolean;
  partyHas(party: number, f: number): boolean;
}

/** A judge's party verdict from its seat verdicts: a party has f when one of its seats has it. */
abstract class SeatJudge implements FigureJudge {
  constructor(protected readonly s: HandState) {}
  abstract seatHas(seat: number, f: number): boolean;
  partyHas(party: number, f: number): boolean {
    const t = this.s.table;
    for (let seat = 0; seat < t.seats; seat++) if (t.party[seat] === party && this.seatHas(seat, f)) return true;
    return false;
  }
}

/**
 * Judge by the shown words (the end of the deal). A class, not an object of closures: tsx compiles with keepNames,
 * so every closure created per call costs a defineProperty (`__name`), and scoreHand makes one judge per hand.
 */
export class ShownJudge extends SeatJudge {
  constructor(
    s: HandState,
    /** The shown words' Gleich and Hanger codes per seat. */
    private readonly gleich: readonly number[],
    private readonly hanger: readonly number[],
  ) {
    super(s);
  }
  seatHas(seat: number, f: number): boolean {
    return (f === 1 ? this.gleich[seat]! : this.hanger[seat]!) !== 0;
  }
}

/**
 * Judge by what the seat can still show (its joint frontier: played cards fixed, free Perlaggen christened
 * at will): in the middle of the hand, when a party goes out. A seat bound to both figures that can show
 * each but not both at once is given the benefit (it has not chosen yet). (A class, as ShownJudge.)
 */
export class FrontierJudge extends SeatJudge {
  private readonly frontiers: Array<readonly number[] | undefined> = [];
  private frontier(seat: number): readonly number[] {
    return (this.frontiers[seat] ??= jointOf(this.s, seat));
  }
  seatHas(seat: number, f: number): boolean {
    const fr = this.frontier(seat);
    for (let i = 0; i < fr.length; i++) if ((f === 1 ? wordGleich(fr[i]!) : wordHanger(fr[i]!)) !== 0) return true;
    return false;
  }
}

/** Parties (bit mask) that bid, held or raised figure f without having it (a Gleich/Hanger not had, the Spiel without the Spielfarbe), RULES §8.5. */
export function violationsOf(s: HandState, f: number, judge: FigureJudge): number {
  const fb = s.bid.figs[f]!;
  let viol = fb.violation;
  if (f > 0) {
    for (let p = 0; p < s.table.parties; p++) {
      const m = fb.obligated[p] ?? 0;
      if (m === 0) continue;
      for (let seat = 0; seat < s.table.seats; seat++) if (((m >>> seat) & 1) === 1 && !judge.seatHas(seat, f)) viol |= 1 << p;
    }
  }
  return viol;
}

/** One correction: the points written to `from` for the figure move to `to` (-1: erased). */
function correct(s: HandState, figure: number, from: number, to: number, points: number, reason: string): void {
  const b = s.bid;
  b.written[from]! -= points;
  if (to >= 0) b.written[to]! += points;
  s.events.push(freezeEvent({ type: 'correction', figure: figure < 0 ? null : FIG[figure]!, from, to, points, reason }));
}

/**
 * Step 1 of the order above: apply every correction of the deal's immediate writes (in bid.written), all
 * together. Figures already corrected are not corrected again. Returns the parties that forfeit the deal
 * (Innsbruck), bit mask.
 */
export function amendWrites(s: HandState, judge: FigureJudge): number {
  const b = s.bid;
  const r = s.ruleset;
  const parties = s.table.parties;
  let forfeit = 0;
  for (let f = 0; f < 3; f++) {
    const fb = b.figs[f]!;
    const viol = violationsOf(s, f, judge);
    if (r.falseFigurePenalty === 'dealPointsMinus2') forfeit |= viol;
    if (fb.status !== 'closed' || fb.corrected || fb.decided || fb.writtenParty < 0 || fb.writtenPoints <= 0) continue;
    const wp = fb.writtenParty;
    if (f > 0 && fb.unseen && r.unseenBids === 'scoreOnlyIfHad' && wp === fb.firstParty && !judge.partyHas(wp, f)) {
      correct(s, f, wp, -1, fb.writtenPoints, `the unseen ${FIG[f]} let gut is not there: not written (A-39)`);
      reassign(fb, -1);
      continue;
    }
    if (((viol >>> wp) & 1) === 0) continue;
    if (r.falseFigurePenalty === 'points1853' && parties === 2) {
      correct(s, f, wp, 1 - wp, fb.writtenPoints, `false ${FIG[f]}: the point is erased and written to the opponents ([000 p.31])`);
      reassign(fb, 1 - wp);
    } else if (r.falseFigurePenalty !== 'dealPointsMinus2') {
      correct(s, f, wp, -1, fb.writtenPoints, `the ${FIG[f]} is not proved: not written`);
      reassign(fb, -1);
    }
  }
  // Innsbruck [003 §17]: "Farbleugnen bedeutet Spiel-Verlust und zwei Punkte Strafe" — the Spiel goes
  // to the revoker's opponents (a let-gut Spiel written to the revoker's party is moved), and 2 minus points;
  // with three players each for himself too (the Spiel then to nobody, spielAfterRevokes).
  if (r.revokePenalty === 'spielPlus2') {
    findRevokesSpielPlus2(s);
    const sp = b.figs[0]!;
    const wp = sp.writtenParty;
    if (sp.status === 'closed' && !sp.corrected && !sp.decided && wp >= 0 && sp.writtenPoints > 0 && ((b.spielLost >>> wp) & 1) === 1) {
      const to = spielAfterRevokes(s, wp);
      correct(s, 0, wp, to, sp.writtenPoints, 'a revoke: the Spiel goes to the opponents ([003 §17], A-22)');
      reassign(sp, to);
    }
  }
  for (let p = 0; p < parties; p++) {
    if (((forfeit >>> p) & 1) === 0) continue;
    const gained = b.written[p]! + b.penalties[p]!; // what the party wrote in this deal (penalties aside)
    // A-21 alternative 'partie': every point the party has in the Partie — its score with this deal's
    // writes; when that is nothing or less (penalties still owed), nothing is taken and the debt stays
    const whole = r.falseFigureScope === 'partie';
    const lost = whole ? b.score[p]! + gained : gained;
    if (lost > 0) {
      correct(s, -1, p, -1, lost, whole ? 'false figure: the points of the whole Partie are lost (A-21)' : 'false figure: the points of this deal are lost (A-21)');
      for (const fb of b.figs) if (fb.status === 'closed' && fb.writtenParty === p) reassign(fb, -1);
    }
    if (((b.forfeited >>> p) & 1) === 0) {
      b.forfeited |= 1 << p;
      penalize(s, p, 2, 'false figure: 2 minus points ([003 §10])');
    }
  }
  return b.forfeited;
}

/**
 * Innsbruck [003 §17]: who makes the Spiel the tricks gave to `w` (-1 nobody) once the revokes are
 * found — "Spiel-Verlust" for the revoker's party. Two parties: the opponents make it, even when the revoker's
 * party took the tricks (nobody when both revoked). Three or more, each for himself: a revoker loses it and
 * nobody else has it (no other player took three tricks, [003 Intro 2]); another player who made it keeps it.
 */
export function spielAfterRevokes(s: HandState, w: number): number {
  const lost = s.bid.spielLost;
  if (lost === 0) return w;
  if (s.table.parties === 2) return lost === 3 ? -1 : lost === 1 ? 1 : 0;
  return w >= 0 && ((lost >>> w) & 1) === 1 ? -1 : w;
}

/** Innsbruck [003 §17]: the revokes not yet found are found now — the revoker's party loses the Spiel and pays 2. */
export function findRevokesSpielPlus2(s: HandState): void {
  for (const rv of s.revokes) {
    if (rv.found) continue;
    rv.found = true;
    const p = s.table.party[rv.seat]!;
    s.bid.spielLost |= 1 << p;
    s.events.push(freezeEvent({ type: 'revoke', seat: rv.seat, trick: rv.trick, card: rv.card, substitute: -1, penalty: 'spielPlus2' }));
    penalize(s, p, 2, 'a revoke: 2 minus points ([003 §17])');
  }
}

/** The party a held or unbid Spiel goes to instead of `w` (the tricks' verdict): a revoke (A-22), a false held Spiel (1853). */
export function spielRecipient(s: HandState, w: number, events: boolean): number {
  const b = s.bid;
  const r = s.ruleset;
  const fb = b.figs[0]!;
  w = spielAfterRevokes(s, w);
  // a false HELD Spiel (bid, held or raised without the Spielfarbe): its stake goes to the opponents ([000 p.31-32])
  if (r.falseFigurePenalty === 'points1853' && s.table.parties === 2 && fb.status === 'stake' && fb.violation !== 0) {
    const viol = fb.violation;
    w = viol === 3 ? -1 : viol === 1 ? 1 : 0;
    if (events) {
      for (let p = 0; p < 2; p++) {
        if (((viol >>> p) & 1) === 1) s.events.push(freezeEvent({ type: 'penalty', party: p, points: 0, reason: 'false Spiel: the stake goes to the opponents ([000 p.31])' }));
      }
    }
  }
  return w;
}

// A correction moves a written figure to another party (-1: nobody), so its record (and the runner's
// DealSummary) says who finally scored it.
function reassign(fb: HandState['bid']['figs'][number], party: number): void {
  fb.writtenParty = party;
  if (party < 0) fb.writtenPoints = 0;
  fb.corrected = true;
}

/**
 * Step 2: the party at or over the target with the corrected writes, -1. Were both over (only possible with
 * points written beyond the target), the first to reach it when each corrected stroke stands where the
 * original was written (the corrected order of writing).
 */
export function overTarget(s: HandState, points: readonly number[]): number {
  const b = s.bid;
  let w = -1;
  let n = 0;
  for (let p = 0; p < s.table.parties; p++) {
    if (b.score[p]! + points[p]! < s.ruleset.target) continue;
    w = p;
    n++;
  }
  return n > 1 ? firstOverCorrected(s) : w;
}

function firstOverCorrected(s: HandState): number {
  const moved = new Map<string, number>(); // figure -> the party its corrected write goes to (-1 erased)
  const lost = new Set<number>(); // parties whose writes of the deal are all lost (Innsbruck)
  for (const e of s.events) {
    if (e.type !== 'correction') continue;
    if (e.figure === null) lost.add(e.from);
    else moved.set(e.figure, e.to);
  }
  const v = s.bid.score.slice();
  // A-21 alternative: a party that lost the points of the whole Partie starts from nothing
  if (s.ruleset.falseFigureScope === 'partie') for (const p of lost) v[p] = Math.min(v[p]!, 0);
  for (const e of s.events) {
    if (e.type === 'penalty') v[e.party]! -= e.points;
    else if (e.type === 'write') {
      let p = e.figure !== null && moved.has(e.figure) ? moved.get(e.figure)! : e.party;
      if (lost.has(e.party)) p = -1;
      if (p >= 0) v[p]! += e.points;
    } else continue;
    for (let p = 0; p < v.length; p++) if (v[p]! >= s.ruleset.target) return p;
  }
  return -1;
}
