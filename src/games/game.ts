// One engine contract for every game of perlagg (GUIDE guideline 2; §7 "a second game is a rules module
// behind the same contract"). A Game is the contract of src/engine/game.ts — currentPlayer / actingSeat /
// chanceOutcomes / legalActions / applyAction / explainIllegal / applyChecked / returns — plus what code
// above the engine needs to run any game without knowing which: ruleset resolution, a new deal, the
// observation handed to policies, a transcript printer and the columns the runner writes.
//
// Perlaggen implements it by thin adapters over src/engine (games/perlaggen.ts: no behaviour of its own);
// Bieten natively (games/bieten/). Code that drives a game (the deal loop below, `perlagg play`, `perlagg
// replay`, the runner) is written once against this interface.
import type { Policy, PolicyContext } from '../policy/api.ts';
import type { Rng } from '../core/rng.ts';
import { type ColumnSpec, type ColumnArray } from '../core/columns.ts';
export type GameName = 'perlaggen' | 'bieten';
export const GAME_NAMES: readonly GameName[] = ['perlaggen', 'bieten'];

export const CHANCE = -1;
export const TERMINAL = -2;

export interface ChanceAction {
  readonly kind: 'chance';
  readonly outcome: number;
}

/** A table declared by a game for the runner: its columns for a table size, and how one row is filled. */
export interface TableDecl<R, X> {
  /** The columns for a ruleset and table size, templates expanded (GUIDE guideline 10: declared once). */
  columns(r: R, players: number): ColumnSpec[];
  /** Fill row `i` of a batch's columns from one finished record. */
  fill(col: Record<string, ColumnArray>, i: number, ids: RowIds, x: X): void;
}

/** The keys every row carries: which game (Partie) and which deal of it; the duplicate seating. */
export interface RowIds {
  readonly partie: number;
  readonly deal: number;
  readonly seating: number;
}

export interface Game<R, S, O, A extends { readonly kind: string }, DealOpts, GameResult = unknown> {
  readonly name: GameName;
  readonly title: string;
  /** The ruleset a command uses when none is named. */
  readonly defaultRuleset: string;
  /** Table sizes the game is played with. */
  readonly playerCounts: readonly number[];

  /** The ruleset of a spec ("oberland{target=18}", "bieten{target=9}"); a RulesetError names a bad one. */
  resolveRuleset(spec: string): R;
  /** Its canonical name (the shortest spec that resolves to it). */
  rulesetName(r: R): string;
  /** Every parameter as JSON with sorted keys (for manifests). */
  rulesetJson(r: R): string;

  /** The state before the shuffle. */
  newState(r: R, opts: DealOpts): S;
  currentPlayer(s: S): number;
  actingSeat(s: S): number;
  chanceOutcomes(s: S): number;
  legalActions(s: S): A[];
  applyAction(s: S, a: A | ChanceAction): void;
  explainIllegal(s: S, a: A | ChanceAction): string | null;
  applyChecked(s: S, a: A | ChanceAction): void;
  sameAction(a: A | ChanceAction, b: A | ChanceAction): boolean;
  actionText(a: A | ChanceAction): string;
  /** Points per player at the end of the deal. */
  returns(s: S): number[];
  /** What `player` may know now (GUIDE guideline 3). */
  observe(s: S, player: number): O;
  /** The seat a player sits at (for messages). */
  seatOfPlayer(s: S, player: number): number;

  /** A finished deal as a readable transcript in the game's own words. */
  transcript(s: S, header: TranscriptHeader): string;

  /** The runner's tables: one row per deal, one per Partie (game). */
  readonly tables: { readonly deals: TableDecl<R, { state: S; decisions: number }>; readonly parties: TableDecl<R, GameResult> };
}

export interface TranscriptHeader {
  readonly seed: number;
  readonly deal: number;
  readonly policies: readonly string[];
}

/** Any game, for code that only passes it on. */
export type AnyGame = Game<any, any, any, any, any, any>;

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
}

function who<R, S, O, A extends { readonly kind: string }, D>(game: Game<R, S, O, A, D>, s: S, name: string, p: number, where: string): string {
  return `policy ${name} (player ${p}, seat P${game.seatOfPlayer(s, p) + 1}), ${where}`;
}
function isLegal<R, S, O, A extends { readonly kind: string }, D>(game: Game<R, S, O, A, D>, s: S, a: A): boolean {
  const legal = game.legalActions(s);
  for (let i = 0; i < legal.length; i++) if (game.sameAction(legal[i]!, a)) return true;
  return false;
}

const CHANCE_ACTIONS: ChanceAction[] = Array.from({ length: 64 }, (_, outcome) => Object.freeze({ kind: 'chance' as const, outcome }));

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
    const obs = game.observe(s, p);
    let a: A;
    try {
      if (sp.onTurn !== undefined) sp.onTurn((x) => game.explainIllegal(s, x));
      a = sp.policy.act(obs, streams.policy[p]!);
    } catch (e) {
      throw new GamePolicyFault(`${who(game, s, sp.name, p, streams.where)}: threw ${e instanceof Error ? e.message : String(e)}`, { cause: e });
    }
    if (checked) {
      const why = a === null || typeof a !== 'object' ? 'not an action' : game.explainIllegal(s, a);
      if (why !== null) throw new GamePolicyFault(`${who(game, s, sp.name, p, streams.where)}: illegal action ${a !== null && typeof a === 'object' ? game.actionText(a) : String(a)}: ${why}`);
      if (!isLegal(game, s, a)) throw new GamePolicyFault(`${who(game, s, sp.name, p, streams.where)}: action ${game.actionText(a)} is not among the legal actions`);
    }
    o.onDecision?.(s, p, obs, a);
    game.applyAction(s, a);
    decisions++;
  }
  return decisions;
}
