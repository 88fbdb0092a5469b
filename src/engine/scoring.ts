// RULES §8.1, §10, §11.3, §12: silent scoring and the end of a deal — the one place where a deal's points
// are computed (GUIDE guideline 2). The figures shown (show-options.ts) are judged, the deal's immediate
// writes corrected (corrections.ts), and the figures decided at the end written in their priority order.
//
// Silent scoring (§8.1): 1 point each to the party that made the Spiel, the strictly best Gleich and the
// strictly best Hanger (best per player, §7.4). A tie is "steht" (nobody scores) only between opposing
// parties (A-33, `tieBetween: 'opposingParties'`), or between any two players (`'anyPlayers'`).
import { wordGleich, wordHanger } from '../eval/figures.ts';
import { FIG, ShownJudge, amendWrites, findRevokesSpielPlus2, overTarget, spielAfterRevokes, spielRecipient, violationsOf } from './corrections.ts';
import { writeNow } from './going-out.ts';
import { freezeEvent } from './history.ts';
import { endPartie } from './partie-score.ts';
import type { HandState } from './state.ts';

/** Party that strictly has the best code, -1 if nobody has one or it steht. */
export function figureWinner(s: HandState, codes: readonly number[]): number {
  let best = 0;
  for (const c of codes) if (c > best) best = c;
  if (best === 0) return -1;
  const { party } = s.table;
  let winner = -1;
  let holders = 0;
  for (let seat = 0; seat < codes.length; seat++) {
    if (codes[seat] !== best) continue;
    holders++;
    if (winner === -1) winner = party[seat]!;
    else if (party[seat] !== winner) return -1; // opposing parties: steht
  }
  if (s.ruleset.tieBetween === 'anyPlayers' && holders > 1) return -1;
  return winner;
}

/** The party's best code among its seats. */
function partyBest(s: HandState, codes: readonly number[], party: number): number {
  let b = 0;
  for (let seat = 0; seat < codes.length; seat++) if (s.table.party[seat] === party && codes[seat]! > b) b = codes[seat]!;
  return b;
}

/** scoreHand's priority order of two stakes: at Aus first, then the one bid first. */
function stakeOrder(fx: { readonly aus: boolean; readonly seq: number }, fy: { readonly aus: boolean; readonly seq: number }): number {
  return (fx.aus ? 0 : 1) - (fy.aus ? 0 : 1) || fx.seq - fy.seq;
}

/** The Partie ended during the hand (an immediate write reached the target, or a Bummerl): nothing more is written. */
export function finishEarly(s: HandState): void {
  s.phase = 'done';
  s.points = s.bid.written.slice();
  s.figureWinners = null;
  s.events.push(Object.freeze({ type: 'end' as const, points: Object.freeze(s.points.slice()) })); // frozen directly, as freezeEvent would
}

/**
 * The key of a party's best asked figure (≥ 3-fold) at 17:17: count, then Gleich > Hanger, then rank
 * ('countTypeRank'), or count, rank, type ('countRankType'); 0 when it has none.
 */
function askedFigureKey(s: HandState, gleich: readonly number[], hanger: readonly number[], p: number, rankFirst: boolean): number {
  let k = 0;
  for (let seat = 0; seat < s.table.seats; seat++) {
    if (s.table.party[seat] !== p) continue;
    const g = gleich[seat]!;
    const h = hanger[seat]!;
    if (g >>> 4 >= 3) k = Math.max(k, figKey(g, true, rankFirst));
    if (h >>> 4 >= 3) k = Math.max(k, figKey(h, false, rankFirst));
  }
  return k;
}
function figKey(code: number, gleich: boolean, rankFirst: boolean): number {
  return (code >>> 4) * 1000 + (rankFirst ? (code & 15) * 2 + (gleich ? 1 : 0) : (gleich ? 500 : 0) + (code & 15));
}

/** scoreHand's write of `pts` to `party` (nothing once the Partie is over). */
function noteWrite(s: HandState, points: number[], party: number, pts: number, reason: string): void {
  const b = s.bid;
  if (b.partieWinner >= 0) return; // the Partie is over: nothing more is written
  points[party]! += pts;
  s.events.push(freezeEvent({ type: 'write', party, points: pts, reason, figure: null }));
  if (pts > 0 && b.partieWinner < 0 && b.score[party]! + points[party]! >= s.ruleset.target) endPartie(s, party, reason);
}

/**
 * A-43 alternative (`writeTiming: 'allImmediate'`): the Spiel, decided by the tricks, is written the moment it
 * is decided — held at its stake (Aus: what reaches the target), unbid 1 — instead of after the deal in the
 * priority order; a party reaching the target goes out at once, before the figures bid first (RULES §11.3).
 * Its winner is judged as at the end (a revoke found now, at the end of trick play; a false held Spiel);
 * a party that lost the deal's points (Innsbruck) writes nothing. Not at a deal starting 17:17 with the ask
 * contested: there the asked figures decide first and the Spiel only if they stand ([003 §25], A-23).
 */
export function writeSpielWhenDecided(s: HandState, party: number): void {
  const b = s.bid;
  const r = s.ruleset;
  const fb = b.figs[0]!;
  if (r.writeTiming !== 'allImmediate' || party < 0 || fb.status === 'closed' || b.partieWinner >= 0) return;
  if (b.start1717 && b.ask !== null && b.ask.answer === 'reject') return;
  if (r.revokePenalty === 'spielPlus2') findRevokesSpielPlus2(s);
  let w = spielRecipient(s, party, true);
  if (w >= 0 && ((b.forfeited >>> w) & 1) === 1) w = -1;
  const pts = w < 0 ? 0 : fb.status === 'stake' ? (fb.aus ? Math.max(fb.level, r.target - b.score[w]! - b.written[w]!) : fb.level) : 1;
  fb.status = 'closed';
  fb.decided = true;
  fb.writtenParty = w;
  fb.writtenPoints = pts;
  if (w >= 0) writeNow(s, w, pts, fb.outcome === 'aus' ? 'the Spiel at Aus is decided: written at once (A-43)' : 'the Spiel is decided: written at once (A-43)', 'Spiel');
}

/**
 * The end of a hand (RULES §8.1, §10, §11.3, §12): one place where a deal's points are computed.
 *  1. the immediate writes of the deal (declines, gut, asks, penalties; bid-*.ts), corrected all together
 *     (amendWrites, the order of the corrections above): false figures (§8.5/§12: a seat bound to a
 *     Gleich/Hanger that does not show one, a party that bid, held or raised the Spiel without the
 *     Spielfarbe) per `falseFigurePenalty` — 'points1853' a let-gut point goes to the opponents, 'none' an
 *     unproven gut point is erased, 'dealPointsMinus2' (Innsbruck) the party loses the deal's points and 2
 *     more —, and an unseen figure let gut that the party does not have is erased;
 *  2. the Partie judged on those corrected writes (a party over the target is out; a Viertig Bummerl);
 *  3. then, in priority order (§11.3 algorithm): stakes at Aus, the other stakes in the order first bid (the
 *     Vorgebotene first; a false held figure's stake goes to the opponents), then the unbid figures in the
 *     ruleset's default order; each writes to the party with the strictly better figure (steht: nobody);
 *     the first party to reach the target wins the Partie and nothing after is written;
 *  4. Innsbruck (§11.4.3, A-23): a deal starting 17:17 scores Gleich/Hanger only through an ask (≥ 3-fold);
 *     17:17 reached because the Spiel was let gut: only ≥ 3-fold unbid figures can go out.
 */
export function scoreHand(s: HandState): void {
  const b = s.bid;
  const { gleich, hanger, best } = shownCodes(s);
  const winners = [s.spielParty >= 0 ? s.spielParty : -1, figureWinner(s, gleich), figureWinner(s, hanger)];
  const judge = new ShownJudge(s, gleich, hanger);
  // 1. the corrections of the immediate writes, all together
  let anyBid = false;
  for (let f = 0; f < b.figs.length; f++) if (b.figs[f]!.status !== 'unbid') anyBid = true;
  const forfeitMask = b.active || s.revokes.length > 0 || anyBid ? amendWrites(s, judge) : 0;
  const points = b.written.slice();
  correctWinners(s, judge, winners);
  // 2. the Partie judged on the corrected immediate writes
  judgePartie(s, points);
  // 3. priority order; 4. Innsbruck's 17:17
  const order = priorityOrder(s);
  const minCount = minCountAt1717(s, points);
  contestedAskAt1717(s, gleich, hanger, points);
  writeInOrder(s, order, winners, best, forfeitMask, minCount, points);
  s.points = points;
  s.figureWinners = { Spiel: winners[0]!, Gleich: winners[1]!, Hanger: winners[2]! };
  s.events.push(Object.freeze({ type: 'end' as const, points: Object.freeze(points.slice()) })); // frozen directly, as freezeEvent would
}

/** scoreHand's codes of each seat's shown Gleich and Hanger, and the best of each (`best`: Spiel 0, Gleich, Hanger). */
function shownCodes(s: HandState): { gleich: number[]; hanger: number[]; best: number[] } {
  // (index loops: map with closures and Math.max over spread lists cost more than the lists)
  const n = s.shows.length;
  const gleich = new Array<number>(n);
  const hanger = new Array<number>(n);
  let bestG = 0;
  let bestH = 0;
  for (let seat = 0; seat < n; seat++) {
    const w = s.shows[seat]!.word;
    const g = (gleich[seat] = wordGleich(w));
    const h = (hanger[seat] = wordHanger(w));
    if (g > bestG) bestG = g;
    if (h > bestH) bestH = h;
  }
  return { gleich, hanger, best: [0, bestG, bestH] };
}

/**
 * scoreHand's corrections of each figure's winner (`winners`, changed in place): a revoke gives the Spiel to
 * the revoker's opponents; the revokes found only now are recorded; a false held figure's stake goes to the
 * opponents (1853).
 */
function correctWinners(s: HandState, judge: ShownJudge, winners: number[]): void {
  const b = s.bid;
  const r = s.ruleset;
  // a revoke: the Spiel, held or unbid, goes to the revoker's opponents (Innsbruck, A-22)
  if (b.spielLost !== 0 && b.figs[0]!.status !== 'closed') winners[0] = spielAfterRevokes(s, winners[0]!);
  // revokes found only now, where the Spiel was not decided by the tricks (let gut): nothing to correct
  for (const rv of s.revokes) {
    if (rv.found) continue;
    rv.found = true;
    s.events.push(freezeEvent({ type: 'revoke', seat: rv.seat, trick: rv.trick, card: rv.card, substitute: -1, penalty: r.revokePenalty }));
  }
  // a false HELD figure: its stake goes to the opponents at its place in the priority order ([000 p.31-32])
  if (r.falseFigurePenalty === 'points1853' && s.table.parties === 2) {
    for (let f = 0; f < 3; f++) {
      const fb = b.figs[f]!;
      if (fb.status !== 'stake') continue;
      const viol = violationsOf(s, f, judge);
      if (viol === 0) continue;
      winners[f] = viol === 3 ? -1 : viol === 1 ? 1 : 0;
      for (let p = 0; p < 2; p++) {
        if (((viol >>> p) & 1) === 1) s.events.push(freezeEvent({ type: 'penalty', party: p, points: 0, reason: `false ${FIG[f]}: the stake goes to the opponents ([000 p.31])` }));
      }
    }
  }
}

/** scoreHand's step 2: the Partie judged on the corrected immediate writes (a Bummerl, a party over the target). */
function judgePartie(s: HandState, points: readonly number[]): void {
  const b = s.bid;
  // A Viertig/tritzig (or a Fünftig raised) rejected and false: Bummerl at the end, for the first one said.
  if (b.bummerl >= 0 && b.partieWinner < 0) endPartie(s, 1 - b.bummerl, 'Bummerl: the announced figure does not exist (A-40)');
  if (b.partieWinner < 0) {
    const w = overTarget(s, points);
    if (w >= 0) endPartie(s, w, 'target reached with the corrected writes of the deal');
  }
}

/** scoreHand's priority order (§11.3): the stakes at Aus first, then in the order first bid, then the unbid figures in the ruleset's order. */
function priorityOrder(s: HandState): number[] {
  const b = s.bid;
  // the stakes: at Aus first, then in the order first bid (a stable insertion sort of at most three)
  const order: number[] = [];
  for (let f = 0; f < 3; f++) if (b.figs[f]!.status === 'stake') order.push(f);
  for (let i = 1; i < order.length; i++) {
    const x = order[i]!;
    let j = i - 1;
    while (j >= 0 && stakeOrder(b.figs[order[j]!]!, b.figs[x]!) > 0) {
      order[j + 1] = order[j]!;
      j--;
    }
    order[j + 1] = x;
  }
  for (const name of s.ruleset.defaultFigureOrder) {
    const f = name === 'Spiel' ? 0 : name === 'Gleich' ? 1 : 2;
    if (b.figs[f]!.status === 'unbid') order.push(f);
  }
  return order;
}

/** Innsbruck (A-23 case 3): 17:17 reached because the Spiel was let gut — only ≥ 3-fold unbid figures go out (3), else 0. */
function minCountAt1717(s: HandState, points: readonly number[]): number {
  const b = s.bid;
  const r = s.ruleset;
  if (r.askAtTargetMinus1 !== 'ibk1717' || s.table.parties !== 2) return 0;
  if (b.start1717 || b.figs[0]!.status !== 'closed' || b.figs[0]!.writtenParty < 0) return 0;
  return b.score[0]! + points[0]! === r.target - 1 && b.score[1]! + points[1]! === r.target - 1 ? 3 : 0;
}

/**
 * Innsbruck, a deal starting 17:17 with an ask contested: the higher figure (≥ 3-fold) goes out; equal: the
 * Spiel decides. The key: count, then Gleich > Hanger, then rank ('countTypeRank'), or count, rank,
 * type ('countRankType').
 */
function contestedAskAt1717(s: HandState, gleich: readonly number[], hanger: readonly number[], points: number[]): void {
  const b = s.bid;
  const r = s.ruleset;
  if (r.askAtTargetMinus1 !== 'ibk1717' || s.table.parties !== 2) return;
  if (!b.start1717 || b.ask === null || b.ask.answer !== 'reject') return;
  const rankFirst = r.dritzigeKey === 'countRankType';
  const k0 = askedFigureKey(s, gleich, hanger, 0, rankFirst);
  const k1 = askedFigureKey(s, gleich, hanger, 1, rankFirst);
  if (k0 !== k1 && b.partieWinner < 0) {
    const w = k0 > k1 ? 0 : 1;
    noteWrite(s, points, w, r.target - b.score[w]! - points[w]!, 'the higher asked figure goes out (17:17, [003 §25])');
    if (b.partieWinner < 0) endPartie(s, w, 'the higher asked figure goes out (17:17, [003 §25])');
  }
}

/**
 * scoreHand's step 3: each figure in priority order writes to the party with the strictly better figure (steht:
 * nobody; a forfeiting party: nobody; Innsbruck's 17:17 limits); the first party to reach the target wins the
 * Partie and nothing after is written. One `figure` event each.
 */
function writeInOrder(s: HandState, order: readonly number[], winners: readonly number[], best: readonly number[], forfeitMask: number, minCount: number, points: number[]): void {
  const b = s.bid;
  const r = s.ruleset;
  const ibk1717 = r.askAtTargetMinus1 === 'ibk1717' && s.table.parties === 2 && b.start1717;
  for (const f of order) {
    const fb = b.figs[f]!;
    let w = winners[f]!;
    let how = fb.status === 'stake' ? (fb.aus ? 'aus' : 'held') : 'silent';
    if (f > 0 && fb.status === 'unbid' && ibk1717) {
      w = -1;
      how = 'not asked (17:17)';
    } else if (f > 0 && fb.status === 'unbid' && minCount > 0 && best[f]! >>> 4 < minCount) {
      w = -1;
      how = 'two-fold does not go out (17:17, A-23)';
    }
    if (w >= 0 && ((forfeitMask >>> w) & 1) === 1) w = -1;
    let pts = 0;
    if (b.partieWinner >= 0) how = 'not written (the Partie is over)';
    else if (w >= 0) {
      pts = fb.status === 'stake' ? (fb.aus ? Math.max(fb.level, r.target - b.score[w]! - points[w]!) : fb.level) : 1;
      points[w]! += pts;
    }
    // a flat record: frozen directly, as freezeEvent would
    s.events.push(Object.freeze({ type: 'figure' as const, figure: FIG[f]!, party: b.partieWinner >= 0 ? -1 : w, points: pts, code: f === 0 ? 0 : best[f]!, how }));
    if (w >= 0 && pts > 0 && b.partieWinner < 0 && b.score[w]! + points[w]! >= r.target) {
      endPartie(s, w, fb.aus && fb.status === 'stake' ? 'Aus held and won' : `the ${FIG[f]} reaches the target`);
    }
  }
}
