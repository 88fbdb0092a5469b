// The runner's tables for Bieten (GUIDE guideline 10: every column declared once). `s{i}_` columns repeat for
// every seat i = 0 .. players - 1 (clockwise), `{f}_` for the five figures herz, laub, gleich, hanger, spiel.
import type { RowIds, TableDecl } from '../game.ts';
import { gleichCode, hangerCode, suitTop } from './figures.ts';
import { BIETEN_FIGURES } from './rules.ts';
import type { BietenGameResult } from './partie.ts';
import type { BietenState } from './state.ts';
import { type ColumnSpec, type ColumnArray } from '../../core/columns.ts';
export const BIETEN_FIGURE_KEYS = ['herz', 'laub', 'gleich', 'hanger', 'spiel'] as const;

/** `perlagg simulate --game bieten`: one row per deal. */
export const BIETEN_DEALS_COLUMNS: readonly ColumnSpec[] = [
  { name: 'partie', type: 'uint32', doc: 'game index (a game runs until one player is left)' },
  { name: 'deal', type: 'uint32', doc: 'the deal\'s number within its game, from 0' },
  { name: 'seating', type: 'uint8', doc: 'with duplicate play: the rotation of the policies round the table; else 0' },
  { name: 'dealer', type: 'uint8', doc: 'dealing seat' },
  { name: 'vorhand', type: 'uint8', doc: 'the seat that led (left of the dealer among the players still in)' },
  { name: 'players_in', type: 'uint8', doc: 'players still in the game in this deal' },
  { name: 'decisions', type: 'uint16', doc: 'policy decisions taken in the deal' },
  { name: 'bids', type: 'uint8', doc: 'figures bid (valid bids)' },
  { name: 'void_acts', type: 'uint8', doc: 'bids, Groschen or holds that were void and penalised (at target - 1, over the limit, Spiel without suit)' },
  { name: 'revokes', type: 'uint8', doc: 'cards laid not following suit although able (recorded games only)' },
  { name: 's{i}_in', type: 'uint8', doc: '1 when seat i still plays in this deal, 0 when it is already out' },
  { name: 's{i}_score', type: 'int16', doc: 'seat i\'s score before the deal' },
  { name: 's{i}_points', type: 'int16', doc: 'points seat i wrote in this deal, penalties included (net)' },
  { name: 's{i}_penalties', type: 'int16', doc: 'penalty points seat i lost in this deal' },
  { name: 's{i}_out', type: 'int8', doc: 'place in which seat i went out in this deal (0 = first), -1 did not' },
  { name: 's{i}_herz', type: 'uint8', doc: 'rank of seat i\'s highest Herz card: 8 As ... 1 Siebener, 0 none' },
  { name: 's{i}_laub', type: 'uint8', doc: 'rank of its highest Laub card (same scale)' },
  { name: 's{i}_gleich', type: 'uint8', doc: 'cards in its Gleich (0, 2 or 3)' },
  { name: 's{i}_gleich_rank', type: 'uint8', doc: 'rank of that Gleich (same scale, 0 none)' },
  { name: 's{i}_hanger', type: 'uint8', doc: 'cards in its Hanger (0, 2 or 3)' },
  { name: 's{i}_hanger_top', type: 'uint8', doc: 'rank of the Hanger\'s highest card (same scale, 0 none)' },
  { name: '{f}_maker', type: 'int8', doc: 'seat that scored figure f (herz, laub, gleich, hanger, spiel): -1 nobody had it, -2 it fled (a tie)' },
  { name: '{f}_points', type: 'uint8', doc: 'points figure f brought its maker' },
  { name: '{f}_how', type: 'utf8', doc: 'silent, gut, held, groschenGut or groschenHeld' },
  { name: '{f}_bid_seat', type: 'int8', doc: 'seat that bid figure f (-1 unbid)' },
  { name: '{f}_bid_trick', type: 'int8', doc: 'trick (0-2) before whose card it was bid (-1 unbid)' },
  { name: '{f}_holder', type: 'int8', doc: 'seat that held it (-1 none)' },
  { name: '{f}_groschen_seat', type: 'int8', doc: 'seat that gave a Groschen on it (-1 none)' },
];

/** One row per game. */
export const BIETEN_GAMES_COLUMNS: readonly ColumnSpec[] = [
  { name: 'partie', type: 'uint32', doc: 'game index (its deals and choices are functions of the root seed, this index, the deal number and the seat)' },
  { name: 'seating', type: 'uint8', doc: 'with duplicate play: the rotation of the policies; else 0' },
  { name: 'first_dealer', type: 'uint8', doc: 'dealer of the first deal (cut for: the lowest card deals, Asses lowest)' },
  { name: 'deals', type: 'uint16', doc: 'deals played' },
  { name: 'loser', type: 'uint8', doc: 'the last one left, who gets the Noggerl' },
  { name: 'next_dealer', type: 'uint8', doc: 'who deals the next game: right of the loser' },
  { name: 'decisions', type: 'uint32', doc: 'policy decisions in the whole game' },
  { name: 's{i}_score', type: 'int16', doc: 'seat i\'s final score' },
  { name: 's{i}_place', type: 'uint8', doc: 'order of going out: 1 = first out (the winner) ... players = the loser' },
  { name: 's{i}_out_at', type: 'int16', doc: 'deal (from 0) in which seat i went out, -1 for the loser' },
  { name: 's{i}_penalties', type: 'int16', doc: 'penalty points seat i lost over the game' },
];

/** The columns for a table of `players` seats: fixed ones, then `s{i}_` per seat, then `{f}_` per figure. */
export function expandBieten(columns: readonly ColumnSpec[], players: number): ColumnSpec[] {
  const out = columns.filter((c) => !/\{[if]\}/.test(c.name));
  for (let i = 0; i < players; i++) for (const c of columns) if (c.name.includes('{i}')) out.push({ ...c, name: c.name.replace('{i}', String(i)) });
  for (const f of BIETEN_FIGURE_KEYS) for (const c of columns) if (c.name.includes('{f}')) out.push({ ...c, name: c.name.replace('{f}', f) });
  return out;
}

type Num = Uint8Array | Int8Array | Int16Array | Uint16Array | Uint32Array;

export function fillBietenDealRow(col: Record<string, ColumnArray>, i: number, ids: RowIds, x: { state: BietenState; decisions: number }): void {
  const s = x.state;
  const num = (name: string) => col[name] as Num;
  num('partie')[i] = ids.partie;
  num('deal')[i] = ids.deal;
  num('seating')[i] = ids.seating;
  num('dealer')[i] = s.dealer;
  num('vorhand')[i] = s.vorhand;
  num('players_in')[i] = s.active.length;
  num('decisions')[i] = x.decisions;
  let bids = 0;
  let voids = 0;
  let revokes = 0;
  for (const e of s.events) {
    if (e.type === 'bid' && e.void === null) bids++;
    if ((e.type === 'bid' || e.type === 'groschen' || e.type === 'answer') && e.void !== null) voids++;
    if (e.type === 'play' && e.revoke) revokes++;
  }
  num('bids')[i] = bids;
  num('void_acts')[i] = voids;
  num('revokes')[i] = revokes;
  for (let seat = 0; seat < s.seats; seat++) {
    const m = s.dealt[seat]!;
    const g = gleichCode(m);
    const h = hangerCode(m);
    num(`s${seat}_in`)[i] = s.active.includes(seat) ? 1 : 0;
    num(`s${seat}_score`)[i] = s.score[seat]!;
    num(`s${seat}_points`)[i] = s.points[seat]!;
    num(`s${seat}_penalties`)[i] = s.penalties[seat]!;
    num(`s${seat}_out`)[i] = s.outOrder.indexOf(seat);
    num(`s${seat}_herz`)[i] = suitTop(m, 0);
    num(`s${seat}_laub`)[i] = suitTop(m, 2);
    num(`s${seat}_gleich`)[i] = g >>> 4;
    num(`s${seat}_gleich_rank`)[i] = g & 15;
    num(`s${seat}_hanger`)[i] = h >>> 4;
    num(`s${seat}_hanger_top`)[i] = h & 15;
  }
  BIETEN_FIGURE_KEYS.forEach((f, k) => {
    const fig = s.figs[k]!;
    const r = s.results?.find((x) => x.figure === BIETEN_FIGURES[k]);
    num(`${f}_maker`)[i] = r?.maker ?? -1;
    num(`${f}_points`)[i] = r?.points ?? 0;
    (col[`${f}_how`] as string[])[i] = fig.outcome;
    num(`${f}_bid_seat`)[i] = fig.bidder;
    num(`${f}_bid_trick`)[i] = fig.bidTrick;
    num(`${f}_holder`)[i] = fig.holder;
    num(`${f}_groschen_seat`)[i] = fig.groschenBy;
  });
}

export function fillBietenGameRow(col: Record<string, ColumnArray>, i: number, ids: RowIds, g: BietenGameResult): void {
  const num = (name: string) => col[name] as Num;
  num('partie')[i] = ids.partie;
  num('seating')[i] = ids.seating;
  num('first_dealer')[i] = g.firstDealer;
  num('deals')[i] = g.sheet.length;
  num('loser')[i] = g.loser;
  num('next_dealer')[i] = g.nextDealer;
  num('decisions')[i] = g.decisions;
  for (let seat = 0; seat < g.players; seat++) {
    num(`s${seat}_score`)[i] = g.finalScore[seat]!;
    num(`s${seat}_place`)[i] = seat === g.loser ? g.players : g.outOrder.indexOf(seat) + 1;
    num(`s${seat}_out_at`)[i] = g.outAt[seat]!;
    num(`s${seat}_penalties`)[i] = g.penalties[seat]!;
  }
}

export const BIETEN_TABLES: { readonly deals: TableDecl<unknown, { state: BietenState; decisions: number }>; readonly parties: TableDecl<unknown, BietenGameResult> } = {
  deals: { columns: (_r, players) => expandBieten(BIETEN_DEALS_COLUMNS, players), fill: fillBietenDealRow },
  parties: { columns: (_r, players) => expandBieten(BIETEN_GAMES_COLUMNS, players), fill: fillBietenGameRow },
};
