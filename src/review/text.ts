// The review as a player reads it on screen: the assumptions (worlds, seed, what the value is, the classes'
// thresholds), each deal's mistakes (every decision with --all), and the summary per seat — as gnubg lists
// a game's errors.
import type { GameReview, ReviewedDecision } from './review.ts';
import { fixed } from '../core/numbers.ts';

const seatName = (seat: number): string => `P${seat + 1}`;
const pp = (x: number): string => `${fixed(100 * x, 1)} pp`;
const MISTAKES = new Set(['doubtful', 'bad', 'very bad']);

function row(cells: readonly string[], widths: readonly number[]): string {
  return cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ').trimEnd();
}

function lostText(d: ReviewedDecision): string {
  if (d.lostPoints === null) return '—';
  return d.lostPwin === null ? fixed(d.lostPoints, 2) : `${fixed(d.lostPoints, 2)} (${pp(d.lostPwin)})`;
}

function decisionTable(ds: readonly ReviewedDecision[]): string[] {
  const head = ['#', 'seat', 'trick', 'taken', 'best', 'lost', 'class'];
  const rows = ds.map((d) => [String(d.index + 1), seatName(d.seat), d.phase === 'show' ? 'end' : String(d.trick + 1), d.taken, d.best, lostText(d), d.class]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [row(head, widths), ...rows.map((r) => row(r, widths))].map((l) => `  ${l}`);
}

/** The review in text; `all` lists every decision, else only the mistakes (doubtful and worse). */
export function reviewText(r: GameReview, file: string, all = false): string {
  const t = r.thresholds;
  const partie = r.decisions.some((d) => d.objective === 'partie');
  const out = [
    `perlagg review ${file}: ${r.ruleset}, ${r.seats} seats, ${r.deals} deal${r.deals === 1 ? '' : 's'}, ${r.decisions.length} decisions reviewed`,
    `${r.worlds} worlds a decision (consistent with what the deciding seat had seen), played out by ${r.continuation}; bids read as ${r.readBids}; bids and raises answered ${r.answers === 'perfect' ? 'perfectly (whichever of gut and hold is better for the answering party in the world)' : 'as simple answers them'}; seed ${r.seed}.`,
    `Value lost = the best action's expected points of the deal (his party minus the opponents') minus the action taken's${partie ? '; P(win the Partie) lost in pp where the score makes the Partie the aim' : ''}.`,
    `Classes by points lost: doubtful ≥ ${t.points.doubtful}, bad ≥ ${t.points.bad}, very bad ≥ ${t.points.veryBad}` +
      ` (by P(win the Partie) lost where it is the aim: ${pp(t.pwin.doubtful)}, ${pp(t.pwin.bad)}, ${pp(t.pwin.veryBad)}).`,
  ];
  for (let deal = 1; deal <= r.deals; deal++) {
    const ds = r.decisions.filter((d) => d.deal === deal);
    const shown = all ? ds : ds.filter((d) => MISTAKES.has(d.class));
    out.push('', `Deal ${deal}: ${ds.length} decisions, ${ds.filter((d) => MISTAKES.has(d.class)).length} marked${all ? '' : ' (perlagg review --all lists every decision)'}`);
    if (shown.length > 0) out.push(...decisionTable(shown));
  }
  out.push('', 'Summary per seat (points lost, summed over its decisions):');
  const head = ['seat', 'decisions', 'lost', 'a decision', 'doubtful', 'bad', 'very bad'];
  const rows = r.summary.map((s) => [seatName(s.seat), String(s.decisions), fixed(s.lostPoints, 2), fixed(s.meanLostPoints, 2), String(s.doubtful), String(s.bad), String(s.veryBad)]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((x) => x[i]!.length)));
  out.push(...[row(head, widths), ...rows.map((x) => row(x, widths))].map((l) => `  ${l}`));
  return out.join('\n') + '\n';
}
