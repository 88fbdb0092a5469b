// Advice on request (issue 30, item 3): the person's decision now priced by the advisor's search
// (playout/decision.ts, the code behind `perlagg advise`): every option's expected points (his party's minus
// the opponents') and, when the score makes the Partie the aim, P(win the Partie), each with its 95% interval
// over worlds sampled consistently with what his seat has seen — from his Observation only, so the search
// knows no hidden card. It runs in a worker thread (advice-worker.ts): the server answers other requests while
// it searches.
import type { PolicyAction } from '../engine/actions.ts';
import { STREAM, keyedRng } from '../core/rng.ts';
import { UsageError } from '../core/errors.ts';
import { perlaggenLabel } from '../games/perlaggen/prompt.ts';
import { searchDecision } from '../playout/decision.ts';
import { DEFAULT_SEARCH, type SearchConfig } from '../playout/search.ts';
import { WorldError } from '../playout/worlds.ts';
import { standing } from './run.ts';
import type { TableSpec } from './spec.ts';

export interface AdviceView {
  readonly options: ReadonlyArray<{
    readonly label: string;
    readonly best: boolean;
    readonly ev: number | null;
    readonly lo: number | null;
    readonly hi: number | null;
    readonly pwin: { readonly mean: number; readonly lo: number; readonly hi: number } | null;
    readonly note: string;
  }>;
  /** The assumptions: worlds, playouts, how they were played out, the aim. */
  readonly worlds: number;
  readonly rollouts: number;
  readonly continuation: string;
  readonly objective: 'points' | 'partie';
  readonly notes: readonly string[];
  /** Milliseconds the search took. */
  readonly ms: number;
}

export const ADVICE_WORLDS = 400;

/** The advice at the person's question after these answers (Perlaggen only). */
export async function adviceFor(spec: TableSpec, answers: readonly (readonly number[])[], worlds = ADVICE_WORLDS): Promise<AdviceView> {
  if (spec.game !== 'perlaggen') throw new UsageError('advice: the advisor knows Perlaggen only (Bieten has no advisor yet)');
  const st = await standing(spec, answers);
  if (st.question === null || st.question.game !== 'perlaggen') throw new UsageError('advice: the game is over: there is no decision to advise on');
  const obs = st.question.obs;
  const cfg: SearchConfig = { ...DEFAULT_SEARCH, worlds, continuation: 'simple', rolloutsPerWorld: 1, objective: spec.partie ? 'auto' : 'points', everyOption: true };
  const t0 = performance.now();
  let d;
  try {
    // keyed by the table's seed and the decision's number: asking twice gives the same figures
    d = searchDecision(obs, cfg, keyedRng(spec.seed, answers.length, STREAM.policy, obs.seat));
  } catch (e) {
    if (e instanceof WorldError) throw new UsageError(`advice: ${e.message}`);
    throw e;
  }
  const ms = performance.now() - t0;
  const label = (a: PolicyAction) => perlaggenLabel(a, obs);
  return {
    options: d.options.map((o, i) => ({
      label: label(o.action),
      best: i === d.best,
      ev: o.points?.mean ?? null,
      lo: o.points?.lo ?? null,
      hi: o.points?.hi ?? null,
      pwin: o.pwin === null ? null : { mean: o.pwin.mean, lo: o.pwin.lo, hi: o.pwin.hi },
      note: o.note,
    })),
    worlds: d.worlds,
    rollouts: d.rollouts,
    continuation: cfg.continuation,
    objective: d.objective,
    notes: d.notes,
    ms,
  };
}
