// One deal of any game played by policies (GUIDE guideline 3): chance from the deal's keyed stream, each
// decision from the player's policy, given only its observation and its own keyed stream, each answer checked
// against the game's rules. Written once against the Game contract (src/games/game.ts); Perlaggen's tuned twin
// of this loop is play/hand.ts runHand.
import type { Rng } from '../core/rng.ts';
import { ExitCalled } from '../core/exit-guard.ts';
import { errorExcerpt, excerpt, isThenable } from '../core/text.ts';
import type { Policy, PolicyContext } from '../policy/api.ts';
import { CHANCE, TERMINAL, type ChanceAction, type Game } from '../games/game.ts';

/** A policy seated for a player, with its name for messages. */
export interface SeatedPolicy<O, A> {
  readonly name: string;
  readonly policy: Policy<O, A>;
  /** Called before each decision with the game's explainIllegal for it (a person at the keyboard: src/cli/human.ts). */
  readonly onTurn?: (explain: (a: A) => string | null) => void;
}

/** A policy fault: an illegal action or an exception, named so the deal can be replayed. */
export class GamePolicyFault extends Error {
  override name = 'GamePolicyFault';
}

export interface DealStreams {
  readonly chance: Rng;
  readonly policy: ReadonlyArray<PolicyContext>;
  /** For messages: how to replay ("game 3 deal 2, seed 7"). */
  readonly where: string;
}

export interface RunOptions<S, O, A> {
  /** Verify each policy action with explainIllegal and legalActions (default true). */
  readonly checked?: boolean;
  /** Upper bound on steps (default 2000). */
  readonly maxSteps?: number;
  /** Called at every decision with the state before the action. */
  readonly onDecision?: (s: S, player: number, obs: O, action: A) => void;
  /**
   * Called before a seat is asked, with the state it decides in (the driver's, never the policy's: a server
   * keeps it to advise the person without replaying the deal).
   */
  readonly beforeDecision?: (s: S, player: number) => void;
}

export function who<R, S, O, A extends { readonly kind: string }, D>(game: Game<R, S, O, A, D>, s: S, name: string, p: number, where: string): string {
  return `policy ${name} (player ${p}, seat P${game.seatOfPlayer(s, p) + 1}), ${where}`;
}

export function isLegal<R, S, O, A extends { readonly kind: string }, D>(game: Game<R, S, O, A, D>, s: S, a: A): boolean {
  const legal = game.legalActions(s);
  for (let i = 0; i < legal.length; i++) if (game.sameAction(legal[i]!, a)) return true;
  return false;
}

export const CHANCE_ACTIONS: ChanceAction[] = Array.from({ length: 64 }, (_, outcome) => Object.freeze({ kind: 'chance' as const, outcome }));

/**
 * Drive a deal to its end: chance from its keyed stream, each decision from the player's policy given only
 * its observation and its own keyed stream. Returns the number of policy decisions. The same loop for every
 * game (src/play/hand.ts's runHand is Perlaggen's tuned twin of it).
 */
export function runDeal<R, S, O, A extends { readonly kind: string }, D>(
  game: Game<R, S, O, A, D>,
  s: S,
  policies: ReadonlyArray<SeatedPolicy<O, A>>,
  streams: DealStreams,
  o: RunOptions<S, O, A> = {},
): number {
  const checked = o.checked ?? true;
  const maxSteps = o.maxSteps ?? 2000;
  let decisions = 0;
  for (let step = 0; ; step++) {
    if (step > maxSteps) throw new Error(`${streams.where} did not end within ${maxSteps} steps`);
    const p = game.currentPlayer(s);
    if (p === TERMINAL) break;
    if (p === CHANCE) {
      const n = game.chanceOutcomes(s);
      const k = streams.chance.below(n);
      game.applyAction(s, CHANCE_ACTIONS[k] ?? { kind: 'chance', outcome: k });
      continue;
    }
    const sp = policies[p]!;
    o.beforeDecision?.(s, p);
    const obs = game.observe(s, p);
    let a: A;
    try {
      if (sp.onTurn !== undefined) sp.onTurn((x) => game.explainIllegal(s, x));
      a = sp.policy.act(obs, streams.policy[p]!);
    } catch (e) {
      throw new GamePolicyFault(`${who(game, s, sp.name, p, streams.where)}: ${e instanceof ExitCalled ? e.message : `threw ${errorExcerpt(e)}`}`, { cause: e });
    }
    if (isThenable(a)) throw new GamePolicyFault(`${who(game, s, sp.name, p, streams.where)}: returned a Promise (an async act?); act must return its action at once`);
    if (checked) {
      const why = a === null || typeof a !== 'object' ? 'not an action' : game.explainIllegal(s, a);
      if (why !== null) throw new GamePolicyFault(`${who(game, s, sp.name, p, streams.where)}: illegal action ${a !== null && typeof a === 'object' ? game.actionText(a) : excerpt(String(a))}: ${why}`);
      if (!isLegal(game, s, a)) throw new GamePolicyFault(`${who(game, s, sp.name, p, streams.where)}: action ${game.actionText(a)} is not among the legal actions`);
    }
    o.onDecision?.(s, p, obs, a);
    game.applyAction(s, a);
    decisions++;
  }
  return decisions;
}
