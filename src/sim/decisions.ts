// The decisions table (simulate --decisions; issue 11 deliverable 2): one row per bidding decision that is
// not a pass (a bid — one row per figure named —, an answer, a raise, an ask and its answer, a veto or
// consent), with the seat's score, its best figures and Perlaggen at that moment, and, once the hand is
// over, the points the figure finally brought its party. Columns: DECISIONS_COLUMNS (results/schema.ts).
import type { PolicyAction, FigureName } from '../engine/actions.ts';
import type { Observation } from '../engine/observation.ts';
import { offerToAnswer } from '../policy/api.ts';
import { bestOf, figureFrontier } from '../policy/figures.ts';
import { perlaggLevel } from '../policy/seen.ts';
import { allocColumns } from './job.ts';
import type { ColumnArray } from '../core/columns.ts';
import type { DealSummary } from '../engine/summary.ts';
import { DECISIONS_COLUMNS } from '../games/perlaggen/columns.ts';

interface Row {
  partie: number;
  deal: number;
  seating: number;
  step: number;
  trick: number;
  seat: number;
  party: number;
  score: number;
  oppScore: number;
  action: string;
  figure: FigureName | '';
  level: number;
  bestGleich: number;
  bestHanger: number;
  perlaggen: number;
  points: number;
}

const FIGURE_INDEX: Readonly<Record<string, number>> = { Spiel: 0, Gleich: 1, Hanger: 2 };
const clampU8 = (x: number): number => Math.max(0, Math.min(255, x));

/** Collects the rows of a batch: `decide` at every decision of a hand, `endHand` when its summary is known. */
export class DecisionRecorder {
  readonly #rows: Row[] = [];
  #handStart = 0;
  #step = 0;

  /** A new hand begins (its rows get `partie`, `deal`, `seating`). */
  beginHand(): void {
    this.#handStart = this.#rows.length;
    this.#step = 0;
  }

  decide(partie: number, deal: number, seating: number, obs: Observation, action: PolicyAction): void {
    const step = this.#step++;
    const k = action.kind;
    if (!(k === 'bid' || k === 'gut' || k === 'hold' || k === 'raise' || k === 'veto' || k === 'consent' || k === 'ask' || k === 'allow' || k === 'reject')) return;
    const seat = obs.acting;
    const party = obs.party[seat]!;
    const virtual = (p: number) => (obs.score[p] ?? 0) + (obs.written[p] ?? 0);
    let opp = 0;
    for (let p = 0; p < obs.score.length; p++) if (p !== party) opp = Math.max(opp, virtual(p));
    const best = bestOf(figureFrontier(obs, seat));
    let perlaggen = 0;
    for (const c of obs.hand) if (perlaggLevel(obs, c) > 0) perlaggen++;
    const base = { partie, deal, seating, step, trick: obs.tricksWon.reduce((a, b) => a + b, 0), seat, party, score: clampU8(virtual(party)), oppScore: clampU8(opp), action: k, bestGleich: best.gleich, bestHanger: best.hanger, perlaggen, points: 0 };
    const push = (figure: FigureName | '', level: number) => this.#rows.push({ ...base, figure, level: clampU8(level) });
    switch (action.kind) {
      case 'bid': {
        const figures: readonly FigureName[] = action.cumulative && action.figures.length === 0 ? ['Spiel', 'Gleich', 'Hanger'] : action.figures;
        for (const f of figures) push(f, 2);
        return;
      }
      case 'raise':
        push(action.figure, action.to);
        return;
      case 'ask':
        push(action.type, action.count);
        return;
      case 'allow':
      case 'reject':
        push(obs.ask?.type ?? '', obs.ask?.count ?? 0);
        return;
      case 'veto':
      case 'consent': {
        // the partner's bid just made: an offer of our own party
        const own = obs.bidding.find((b) => b.status === 'offer' && b.offerParty === party);
        push(own?.figure ?? '', own?.level ?? 0);
        return;
      }
      default: {
        const offer = offerToAnswer(obs);
        push(offer?.figure ?? '', offer?.level ?? 0);
      }
    }
  }

  /** The hand is over: what each figure finally brought, to the rows of this hand. */
  endHand(sum: DealSummary): void {
    for (let i = this.#handStart; i < this.#rows.length; i++) {
      const r = this.#rows[i]!;
      if (r.figure === '') continue;
      const f = sum.figures[FIGURE_INDEX[r.figure]!]!;
      r.points = f.winnerParty === r.party ? f.points : f.winnerParty >= 0 ? -f.points : 0;
    }
  }

  get rows(): number {
    return this.#rows.length;
  }

  /** The batch's columns. */
  columns(): Record<string, ColumnArray> {
    const n = this.#rows.length;
    const col = allocColumns(DECISIONS_COLUMNS, n);
    const num = (name: string) => col[name] as Uint8Array | Uint16Array | Uint32Array | Int8Array;
    this.#rows.forEach((r, i) => {
      num('partie')[i] = r.partie;
      num('deal')[i] = r.deal;
      num('seating')[i] = r.seating;
      num('step')[i] = r.step;
      num('trick')[i] = r.trick;
      num('seat')[i] = r.seat;
      num('party')[i] = r.party;
      num('score')[i] = r.score;
      num('opp_score')[i] = r.oppScore;
      (col['action'] as string[])[i] = r.action;
      (col['figure'] as string[])[i] = r.figure;
      num('level')[i] = r.level;
      num('best_gleich')[i] = r.bestGleich;
      num('best_hanger')[i] = r.bestHanger;
      num('perlaggen')[i] = r.perlaggen;
      num('figure_points')[i] = r.points;
    });
    return col;
  }
}

