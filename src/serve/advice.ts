// Advice on request (issue 30, item 3): the person's decision now priced by the advisor's search
// (playout/decision.ts, the code behind `perlagg advise`): every option's expected points (his party's minus
// the opponents') and, when the score makes the Partie the aim, P(win the Partie), each with its 95% interval
// over worlds sampled consistently with what his seat has seen — from his Observation only, so the search
// knows no hidden card. It runs in the server's search thread (search-worker.ts): the server answers other requests while
// it searches.
import type { PolicyAction } from '../engine/actions.ts';
import { STREAM, keyedRng } from '../core/rng.ts';
import { UsageError } from '../core/errors.ts';
import { perlaggenLabel } from '../games/perlaggen/prompt.ts';
import { searchDecision } from '../playout/decision.ts';
import { ADVICE_ANSWERS, DEFAULT_SEARCH, type SearchConfig, type SearchRandom } from '../playout/search-config.ts';
import type { Observation } from '../engine/observation.ts';
import { WorldError } from '../playout/worlds.ts';
import { standing } from './run.ts';
import type { TableSpec } from './spec.ts';
import type { AdviceView, DecisionAdvice } from './advice-view.ts';
import { bietenAdvice } from './bieten-advice.ts';

export type { AdviceView, DecisionAdvice } from './advice-view.ts';

export const ADVICE_WORLDS = 400;

/** The advice at the person's question after these answers (Perlaggen by the search, Bieten by bieten-advice.ts). */
export async function adviceFor(spec: TableSpec, answers: readonly (readonly number[])[], worlds = ADVICE_WORLDS): Promise<AdviceView> {
  const st = await standing(spec, answers);
  if (st.question === null) throw new UsageError('advice: the game is over: there is no decision to advise on');
  const q = st.question;
  if (q.game === 'bieten') {
    if (st.bietenLive === undefined) throw new UsageError('advice: the deal has not begun: there is no decision to advise on');
    const t0 = performance.now();
    const d = bietenAdvice(st.bietenLive, q.obs, q.prompt, worlds, spec.seed, answers.length);
    return { decisions: [d], ms: performance.now() - t0 };
  }
  const cfg: SearchConfig = { ...DEFAULT_SEARCH, worlds, continuation: 'simple', answers: ADVICE_ANSWERS, rolloutsPerWorld: 1, objective: spec.partie ? 'auto' : 'points', everyOption: true };
  const t0 = performance.now();
  const steps = [q.obs, ...q.ahead];
  const last = steps.length - 1;
  const decisions = steps.flatMap((obs, k) => {
    // the steps between (a talk turn passed) are only said nothing to: the decision now and the last are priced
    if (k !== 0 && k !== last) return [];
    const title = k === 0 ? (steps.length > 1 ? 'jetzt' : '') : 'danach, wenn alle still bleiben';
    return [decisionAdvice(obs, cfg, keyedRng(spec.seed, answers.length * 8 + k, STREAM.policy, obs.seat), title)];
  });
  return { decisions, ms: performance.now() - t0 };
}

function decisionAdvice(obs: Observation, cfg: SearchConfig, rng: SearchRandom, title: string): DecisionAdvice {
  let d;
  try {
    // keyed by the table's seed and the decision's number: asking twice gives the same figures
    d = searchDecision(obs, cfg, rng);
  } catch (e) {
    if (e instanceof WorldError) throw new UsageError(`advice: ${e.message}`);
    throw e;
  }
  const label = (a: PolicyAction) => perlaggenLabel(a, obs);
  return {
    title,
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
    answers: cfg.answers,
    objective: d.objective,
    notes: d.notes,
  };
}
