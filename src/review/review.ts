// The review of a recorded game (issue 27 item 4; as gnubg and lichess review a game): every decision of
// every seat, replayed from the recording (docs/replay-format.md) through the engine, is searched as
// `perlagg advise` searches it — worlds sampled from what that seat had seen (playout/worlds.ts), each legal
// action played out (playout/search.ts) — and the action taken is compared with the best one: the value lost
// (expected points of the deal, his party's minus the opponents'; and P(win the Partie) where the score
// makes winning the Partie the aim), classed as gnubg classes its errors.
//
// Classes (the thresholds, documented in docs/commands.md#perlagg-review): by points lost, ≥ 0.25 doubtful,
// ≥ 0.5 bad, ≥ 1 very bad (a deal is worth a few points: 1 point is a third of a raised Gleich); where the
// Partie is the aim, by P(win the Partie) lost, ≥ 2, ≥ 4, ≥ 8 percentage points (gnubg's 0.04 / 0.08 /
// 0.16 of equity, halved to a probability). Below the first threshold a decision is fine. The estimates share
// their worlds and playouts (common random numbers), so the loss of one option against another is sharper
// than either interval; with few worlds a small loss is noise: the thresholds sit above the typical noise at
// the default 200 worlds.
//
// What is reviewed: every decision with more than one legal action except table talk (RULES §13: not
// searched), decisions taken by rule in the search (asks, answers to asks, the veto, the cut) are listed
// with no loss. Everything here is plain data (the web page of issue 30 calls reviewGame too).
import { applyAction, currentPlayer, legalActions, newHand } from '../engine/game.ts';
import { applyChecked } from '../engine/checked.ts';
import { observe } from '../engine/observe.ts';
import type { Action, PolicyAction } from '../engine/actions.ts';
import type { HandState } from '../engine/state.ts';
import { actionNotation } from './notation.ts';
import { statements, ReplayError } from '../games/replay/format.ts';
import { parseRecording } from '../games/replay/common.ts';
import { replayPerlaggen } from '../games/replay/perlaggen.ts';
import { ADVICE_ANSWERS, DEFAULT_SEARCH, type SearchConfig } from '../playout/search-config.ts';
import { searchDecision } from '../playout/decision.ts';
import { WorldError } from '../playout/worlds.ts';
import { STREAM, keyedRng } from '../core/rng.ts';
import { UsageError } from '../core/errors.ts';

export type ReviewClass = 'best' | 'fine' | 'doubtful' | 'bad' | 'very bad' | 'by rule';

/** The thresholds of the classes (see the top): value lost at or above each. */
export const THRESHOLDS = Object.freeze({
  points: Object.freeze({ doubtful: 0.25, bad: 0.5, veryBad: 1 }),
  pwin: Object.freeze({ doubtful: 0.02, bad: 0.04, veryBad: 0.08 }),
});

export interface ReviewOptions {
  /** Worlds sampled per decision (default 200). */
  readonly worlds?: number;
  readonly seed?: number;
  readonly continuation?: 'simple' | 'random';
  readonly readBids?: SearchConfig['readBids'];
  /** How the other seats answer a bid or raise in the search (search.ts `answers`); default ADVICE_ANSWERS. */
  readonly answers?: SearchConfig['answers'];
  /** Review only these deals (1-based; default every deal). */
  readonly deals?: readonly number[];
  /** Review only these seats' decisions (0-based; default every seat). */
  readonly seats?: readonly number[];
  /** Called after each decision reviewed (done, of about how many). */
  readonly progress?: (done: number) => void;
}

export interface ReviewedDecision {
  /** Deal number (1-based) and the decision's index within the deal's decisions. */
  readonly deal: number;
  readonly index: number;
  /** Seat (0-based) and its name P1..; its party. */
  readonly seat: number;
  readonly party: number;
  readonly phase: string;
  /** Tricks completed before the decision. */
  readonly trick: number;
  /** The action taken and the best one, in the replay notation. */
  readonly taken: string;
  readonly best: string;
  /** Legal actions at the decision. */
  readonly options: number;
  /** 'points' or 'partie' (P(win the Partie) decided). */
  readonly objective: 'points' | 'partie';
  /** Expected points of the action taken and of the best (null: decided by rule). */
  readonly takenPoints: number | null;
  readonly bestPoints: number | null;
  /** Points lost (best − taken, ≥ 0), and P(win the Partie) lost where the objective is the Partie. */
  readonly lostPoints: number | null;
  readonly lostPwin: number | null;
  readonly class: ReviewClass;
  readonly worlds: number;
}

export interface SeatSummary {
  readonly seat: number;
  readonly decisions: number;
  readonly lostPoints: number;
  readonly meanLostPoints: number;
  readonly doubtful: number;
  readonly bad: number;
  readonly veryBad: number;
}

export interface GameReview {
  readonly ruleset: string;
  readonly seats: number;
  readonly deals: number;
  readonly decisions: readonly ReviewedDecision[];
  readonly summary: readonly SeatSummary[];
  readonly worlds: number;
  readonly seed: number;
  readonly continuation: 'simple' | 'random';
  readonly readBids: NonNullable<SearchConfig['readBids']>;
  readonly answers: SearchConfig['answers'];
  readonly thresholds: typeof THRESHOLDS;
}

const canon = (a: Action | PolicyAction): string => JSON.stringify(a, Object.keys(a).sort());

export function classOf(lostPoints: number | null, lostPwin: number | null, objective: 'points' | 'partie'): ReviewClass {
  if (lostPoints === null) return 'by rule';
  const [x, t] = objective === 'partie' && lostPwin !== null ? [lostPwin, THRESHOLDS.pwin] : [lostPoints, THRESHOLDS.points];
  if (x >= t.veryBad) return 'very bad';
  if (x >= t.bad) return 'bad';
  if (x >= t.doubtful) return 'doubtful';
  return x <= 0 ? 'best' : 'fine';
}

/** The state a deal started from: a new hand with the options the replay dealt it with. */
function startOf(s: HandState): HandState {
  const talk = s.talk;
  return newHand(s.ruleset, { players: s.table.players, dealer: s.dealer, score: s.bid.score.slice(), quietSeats: talk === null ? 0x3f : talk.quiet, silentSeats: s.bid.silent });
}

/** Review one deal's decisions (its final state from the replay). */
function reviewDeal(final: HandState, deal: number, o: Required<Omit<ReviewOptions, 'progress' | 'seats' | 'deals'>> & { seats: readonly number[] | null }, out: ReviewedDecision[], progress?: (n: number) => void): void {
  const s = startOf(final);
  const infr = new Set(final.infractions);
  const cfg: SearchConfig = { ...DEFAULT_SEARCH, worlds: o.worlds, continuation: o.continuation, readBids: o.readBids, answers: o.answers, everyOption: true, objective: 'auto' };
  let index = 0;
  final.actions.forEach((a, i) => {
    const player = currentPlayer(s);
    if (a.kind !== 'chance' && player >= 0 && s.phase !== 'talk' && !infr.has(i)) {
      const legal = legalActions(s);
      if (legal.length > 1) {
        const obs = observe(s, player);
        const seat = obs.seat;
        if (o.seats !== null && !o.seats.includes(seat)) {
          index++;
        } else try {
          const d = searchDecision(obs, cfg, keyedRng(o.seed, deal, STREAM.policy, seat * 1000 + index));
          const k = canon(a);
          const t = d.options.find((x) => canon(x.action) === k);
          const b = d.options[d.best]!;
          const partie = d.objective === 'partie';
          const lostPoints = t === undefined || !t.evaluated || !b.evaluated ? null : Math.max(0, b.points!.mean - t.points!.mean);
          const lostPwin = lostPoints === null || !partie || t!.pwin === null || b.pwin === null ? null : Math.max(0, b.pwin.mean - t!.pwin.mean);
          const same = t !== undefined && t === b;
          out.push({
            deal,
            index,
            seat,
            party: obs.party[seat]!,
            phase: obs.phase,
            trick: obs.tricks.filter((x) => x.winner >= 0).length,
            taken: actionNotation(a as PolicyAction),
            best: actionNotation(b.action),
            options: legal.length,
            objective: d.objective,
            takenPoints: t?.points?.mean ?? null,
            bestPoints: b.points?.mean ?? null,
            lostPoints: same ? 0 : lostPoints,
            lostPwin: same && partie ? 0 : lostPwin,
            class: same && lostPoints !== null ? 'best' : classOf(lostPoints, lostPwin, d.objective),
            worlds: d.worlds,
          });
          index++;
          progress?.(out.length);
        } catch (e) {
          if (!(e instanceof WorldError)) throw e;
          index++;
        }
      }
    }
    if (infr.has(i)) applyChecked(s, a, { infraction: true });
    else applyAction(s, a);
  });
  if (s.phase !== final.phase || s.points.join() !== final.points.join()) throw new Error(`internal: deal ${deal} replayed to another end (${s.points.join()} ≠ ${final.points.join()})`);
}

/** The summary per seat. */
export function summarize(decisions: readonly ReviewedDecision[], seats: number): SeatSummary[] {
  return Array.from({ length: seats }, (_, seat) => {
    const mine = decisions.filter((d) => d.seat === seat);
    const lost = mine.reduce((x, d) => x + (d.lostPoints ?? 0), 0);
    return {
      seat,
      decisions: mine.length,
      lostPoints: lost,
      meanLostPoints: mine.length === 0 ? 0 : lost / mine.length,
      doubtful: mine.filter((d) => d.class === 'doubtful').length,
      bad: mine.filter((d) => d.class === 'bad').length,
      veryBad: mine.filter((d) => d.class === 'very bad').length,
    };
  });
}

/**
 * Review a recorded Perlaggen game (the text of a recording, docs/replay-format.md). Throws a ReplayError
 * (with its line) when the recording breaks a rule or is no Perlaggen recording.
 */
export function reviewGame(text: string, options: ReviewOptions = {}, file = 'game'): GameReview {
  const o = { worlds: options.worlds ?? 200, seed: options.seed ?? 1, continuation: options.continuation ?? 'simple', readBids: options.readBids ?? 'strong', answers: options.answers ?? ADVICE_ANSWERS, seats: options.seats ?? null } as const;
  const all = statements(text);
  if (all.length === 0) throw new ReplayError(1, 'the file is empty (a recording starts with "game perlaggen")');
  const { header } = parseRecording(all);
  if (header.game !== 'perlaggen') throw new ReplayError(all[0]!.line, `review reads Perlaggen recordings ("game perlaggen"), not "${header.game}"`);
  const rep = replayPerlaggen(all, header, file);
  const seatCount = rep.states[0]?.table.seats ?? 0;
  if (o.seats !== null && o.seats.some((x) => x >= seatCount)) throw new UsageError(`--seat: the recorded table has seats P1..P${seatCount}`);
  const decisions: ReviewedDecision[] = [];
  if (options.deals?.some((k) => !(k >= 1 && k <= rep.states.length))) throw new UsageError(`the recording has ${rep.states.length} deal${rep.states.length === 1 ? '' : 's'}`);
  rep.states.forEach((s, k) => (options.deals !== undefined && !options.deals.includes(k + 1)) || reviewDeal(s, k + 1, o, decisions, options.progress));
  const seats = rep.states[0]?.table.seats ?? 0;
  return { ruleset: rep.ruleset.name, seats, deals: rep.states.length, decisions, summary: summarize(decisions, seats), worlds: o.worlds, seed: o.seed, continuation: o.continuation, readBids: o.readBids, answers: o.answers, thresholds: THRESHOLDS };
}
