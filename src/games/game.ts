// One engine contract for every game of perlagg (GUIDE guideline 2; §7 "a second game is a rules module
// behind the same contract"). A Game is the contract of src/engine/game.ts — currentPlayer / actingSeat /
// chanceOutcomes / legalActions / applyAction / explainIllegal / applyChecked / returns — plus what code
// above the engine needs to run any game without knowing which: ruleset resolution, a new deal, the
// observation handed to policies, a transcript printer and the columns the runner writes.
//
// Perlaggen implements it by thin adapters over src/engine (games/perlaggen/game.ts: no behaviour of its own);
// Bieten natively (games/bieten/). Code that drives a game (the deal loop of play/deal.ts, `perlagg play`,
// `perlagg replay`, the runner) is written once against this interface; the contract knows nothing of
// policies.
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
