// A table of `perlagg serve`: the game played from its start to the person's next question (issue 30, item 2).
//
// The page's answers are kept as a list (the path of buttons clicked for each); the game is played again from
// its seed with the same bots each time an answer comes — the deal and every bot draw from streams keyed by
// the seed (core/rng.ts), so the same answers give the same game. The person's seat is a Policy like the
// terminal's (cli/human.ts) built from the same modules (the desk, the prompt, the screen): at the first
// decision without an answer it stops the game (Pause) with the question and the seat's Observation. The
// server keeps no game running between requests, no thread waits for a click, and any request can be
// answered from the list alone. What reaches the page is built from the seat's Observation only (view.ts).
import type { PolicyAction } from '../engine/actions.ts';
import type { Observation } from '../engine/observation.ts';
import { observe } from '../engine/observe.ts';
import type { HandState } from '../engine/state.ts';
import { bietenGame } from '../games/bieten/game.ts';
import { sameBietenAction } from '../games/bieten/engine.ts';
import type { BietenObservation } from '../games/bieten/observe.ts';
import { bietenPrompt } from '../games/bieten/prompt.ts';
import { resolveBietenRules } from '../games/bieten/rules.ts';
import type { BietenAction, BietenState } from '../games/bieten/state.ts';
import { PerlaggenDesk } from '../games/perlaggen/desk.ts';
import type { Option, Prompt } from '../games/prompt.ts';
import { playBietenDeal, type BietenPolicy } from '../play/bieten.ts';
import { playBietenGame } from '../play/bieten-game.ts';
import { playDeal, type SeatPolicy } from '../play/hand.ts';
import { playPartie } from '../play/partie.ts';
import type { Policy, PolicyFactory } from '../policy/api.ts';
import { resolvePolicy } from '../registry/policies.ts';
import { resolveRuleset } from '../rules/registry.ts';
import { UsageError } from '../core/errors.ts';
import type { TableSpec } from './spec.ts';

/** The person's question now: what his seat sees and what he is asked. */
export type Question =
  | { readonly game: 'perlaggen'; readonly obs: Observation; readonly prompt: Prompt<PolicyAction>; readonly ahead: readonly Observation[] }
  | { readonly game: 'bieten'; readonly obs: BietenObservation; readonly prompt: Prompt<BietenAction> };

/** Where the game stands: at the person's question, or over. `hands`: the finished hands, in order. */
export interface Standing {
  readonly question: Question | null;
  readonly perlaggen: readonly HandState[];
  readonly bieten: readonly BietenState[];
  /** Answers taken so far (the whole list once the game is over). */
  readonly answered: number;
  /**
   * Bieten, at the person's question: the deal's state he decides in — kept on the server for the advisor
   * (bieten-advice.ts redeals what his seat cannot see), never sent to the page.
   */
  readonly bietenLive?: BietenState;
}

/** Thrown by the person's seat at the first decision without an answer: carries the question out of the loop. */
class Pause extends Error {
  constructor(readonly question: Question) {
    super('the person is asked');
  }
}

/** The buttons of a question: its options, and what Enter means at the terminal (say nothing, pass) when that is not one of them. */
export function choices<A>(p: Prompt<A>): readonly Option<A>[] {
  return p.empty === undefined || p.options.includes(p.empty) ? p.options : [...p.options, p.empty];
}

/** The option a path of clicks names, or why it cannot be taken now. */
export function pick<A>(p: Prompt<A>, path: readonly number[]): { option: Option<A> } | { error: string } {
  const all = choices(p);
  const top = all[path[0]!];
  if (top === undefined) return { error: `answer: no choice ${path[0]} (there are ${all.length})` };
  let o = top;
  if (top.group !== undefined) {
    if (path.length < 2) return { error: `answer: "${top.label}" opens a choice; name one of its ${top.group.options.length}` };
    const inner = top.group.options[path[1]!];
    if (inner === undefined) return { error: `answer: no choice ${path[1]} in "${top.label}" (there are ${top.group.options.length})` };
    o = inner;
  } else if (path.length > 1) return { error: `answer: "${top.label}" opens no choice` };
  const why = p.check(o);
  return why === null ? { option: o } : { error: `jetzt nicht möglich: ${why}` };
}

/** The person at a Perlaggen seat, answering from the list. */
class PerlaggenSeat implements Policy<Observation, PolicyAction> {
  readonly bidding = 'full' as const;
  readonly desk = new PerlaggenDesk();
  readonly onTurn = this.desk.onTurn;
  used = 0;

  constructor(private readonly answers: readonly (readonly number[])[]) {}

  act(obs: Observation): PolicyAction {
    const turn = this.desk.open(obs);
    if ('auto' in turn) return turn.auto;
    const path = this.answers[this.used];
    // the question's later steps (the card after a quiet bid window) go with it, for the advisor
    if (path === undefined) throw new Pause({ game: 'perlaggen', obs, prompt: turn.prompt, ahead: turn.ahead.map((x) => x.obs) });
    const r = pick(turn.prompt, path);
    // the list was checked answer by answer as it grew: a bad entry now is a changed game, not the user's input
    if ('error' in r) throw new Error(`answer ${this.used + 1} no longer fits the game: ${r.error}`);
    this.used++;
    return this.desk.take(obs, r.option);
  }
}

/** The person at a Bieten seat, answering from the list. */
class BietenSeat implements Policy<BietenObservation, BietenAction> {
  private explainNow: ((a: BietenAction) => string | null) | null = null;
  used = 0;

  constructor(private readonly answers: readonly (readonly number[])[]) {}

  readonly onTurn = (explain: (a: BietenAction) => string | null): void => {
    this.explainNow = explain;
  };

  act(obs: BietenObservation): BietenAction {
    const explain = this.explainNow ?? (() => null);
    this.explainNow = null;
    const prompt = bietenPrompt(obs, explain);
    const path = this.answers[this.used];
    if (path === undefined) throw new Pause({ game: 'bieten', obs, prompt });
    const r = pick(prompt, path);
    if ('error' in r) throw new Error(`answer ${this.used + 1} no longer fits the game: ${r.error}`);
    this.used++;
    const a = r.option.actions[0]!;
    return obs.legal.find((x) => sameBietenAction(x, a)) ?? a;
  }
}

/** The Pause behind a policy fault (the deal loops wrap what a policy throws), if it was one. */
function pauseOf(e: unknown): Pause | null {
  for (let x: unknown = e; x instanceof Error; x = x.cause) if (x instanceof Pause) return x;
  return null;
}

async function perlaggenPolicies(spec: TableSpec, person: PerlaggenSeat): Promise<SeatPolicy[]> {
  const out: SeatPolicy[] = [];
  for (const name of spec.policies) {
    if (name === 'human') out.push({ name: 'human', policy: person, onTurn: person.onTurn });
    else {
      const r = await resolvePolicy(name);
      out.push({ name: r.spec, policy: r.factory.create(r.options) });
    }
  }
  return out;
}

async function bietenPolicies(spec: TableSpec, person: BietenSeat): Promise<BietenPolicy[]> {
  const out: BietenPolicy[] = [];
  for (const name of spec.policies) {
    if (name === 'human') out.push({ name: 'human', policy: person, onTurn: person.onTurn });
    else {
      const r = await resolvePolicy(name, { game: 'bieten' });
      const f = r.factory as unknown as PolicyFactory<BietenObservation, BietenAction>;
      out.push({ name: r.spec, policy: f.create(r.options) });
    }
  }
  return out;
}

/** Play the table from its start with these answers, to the person's next question or the end. */
export async function standing(spec: TableSpec, answers: readonly (readonly number[])[]): Promise<Standing> {
  const perlaggen: HandState[] = [];
  const bieten: BietenState[] = [];
  if (spec.game === 'perlaggen') {
    const person = new PerlaggenSeat(answers);
    const policies = await perlaggenPolicies(spec, person);
    const ruleset = resolveRuleset(spec.ruleset);
    try {
      if (spec.partie) {
        playPartie({ ruleset, players: spec.players, policies, rootSeed: spec.seed, partieIndex: spec.deal, firstDealer: 0, onDeal: (_s, _n, d) => void perlaggen.push(d.state) });
      } else {
        const seats = spec.players === 3 && ruleset.threePlayers === 'strohmann' ? 4 : spec.players;
        const res = playDeal({ ruleset, players: spec.players, policies, rootSeed: spec.seed, dealIndex: spec.deal, dealer: spec.deal % seats });
        perlaggen.push(res.state);
      }
    } catch (e) {
      const p = pauseOf(e);
      if (p === null) throw e;
      return { question: p.question, perlaggen, bieten, answered: person.used };
    }
    return { question: null, perlaggen, bieten, answered: person.used };
  }
  const person = new BietenSeat(answers);
  const policies = await bietenPolicies(spec, person);
  const rules = resolveBietenRules(spec.ruleset);
  let live: BietenState | undefined;
  const beforeDecision = (s: BietenState): void => {
    live = s;
  };
  try {
    if (spec.partie) {
      playBietenGame({ rules, players: spec.players, policies, rootSeed: spec.seed, gameIndex: spec.deal, firstDealer: 'cut', beforeDecision, onDeal: (s) => void bieten.push(s) });
    } else {
      const { state } = playBietenDeal({ rules, players: spec.players, policies, rootSeed: spec.seed, dealIndex: spec.deal, dealer: spec.deal % spec.players, beforeDecision });
      bieten.push(state);
    }
  } catch (e) {
    const p = pauseOf(e);
    if (p === null) throw e;
    return { question: p.question, perlaggen, bieten, answered: person.used, ...(live === undefined ? {} : { bietenLive: live }) };
  }
  return { question: null, perlaggen, bieten, answered: person.used };
}

/** A finished hand as the person's seat sees it at its end (what the rules have shown by then). */
export function finalObservation(spec: TableSpec, s: HandState): Observation {
  return observe(s, spec.seat);
}

export function finalBietenObservation(spec: TableSpec, s: BietenState): BietenObservation {
  return bietenGame.observe(s, spec.seat);
}

/** Check one more answer against the question now; returns the longer list, or throws a UsageError naming the problem. */
export async function answer(spec: TableSpec, answers: readonly (readonly number[])[], path: readonly number[]): Promise<(readonly number[])[]> {
  const st = await standing(spec, answers);
  if (st.question === null) throw new UsageError('the game is over: there is nothing to answer');
  const r = pick(st.question.prompt as Prompt<unknown>, path);
  if ('error' in r) throw new UsageError(r.error);
  return [...answers, path];
}
