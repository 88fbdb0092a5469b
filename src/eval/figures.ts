// The figures Gleich and Hanger as small integer codes, and their names (RULES §7).
//
//   Gleich code  = count << 4 | rank value      (0 = no Gleich; rank value A = 8 ... 7 = 1, RULES §2.3)
//   Hanger code  = length << 4 | top rank value (0 = no Hanger; the Weli's natural 6 has value 0)
//
// Comparing two codes of the same figure as numbers is the rule of RULES §7.2-§7.3: more cards first,
// then the higher rank ("three Siebener beat two Asse"); equal codes "stehen". A Hanger's suit is kept
// apart (2 bits): suits have no precedence (RULES §1.1, §7.3).
//
// A figure word packs the best Gleich and best Hanger of a hand into 16 bits:
//   bits 0-6 Gleich code | bits 7-13 Hanger code | bits 14-15 Hanger suit index (H S L E)
import { RANKS, SUITS, type Rank, type Suit } from '../cards/card.ts';

export interface Gleich {
  /** Number of cards, 2..5 (0 when there is none). */
  readonly count: number;
  /** Rank of the cards. */
  readonly rank: Rank | null;
  readonly code: number;
}
export interface Hanger {
  /** Number of consecutive cards, 2..5 (0 when there is none). */
  readonly length: number;
  readonly suit: Suit | null;
  /** Highest card of the run; '6' only for the natural Weli under weliNaturalInFigures. */
  readonly top: Rank | '6' | null;
  readonly code: number;
}

export const gleichCode = (count: number, rankValue: number): number => (count << 4) | rankValue;
export const hangerCode = (length: number, topValue: number): number => (length << 4) | topValue;
export const codeCount = (code: number): number => code >>> 4;
export const codeRankValue = (code: number): number => code & 15;

export const packFigures = (gleich: number, hanger: number, hangerSuit: number): number =>
  gleich | (hanger << 7) | (hangerSuit << 14);
export const wordGleich = (w: number): number => w & 0x7f;
export const wordHanger = (w: number): number => (w >>> 7) & 0x7f;
export const wordHangerSuit = (w: number): number => (w >>> 14) & 3;

function rankFromValue(v: number): Rank | '6' {
  return v === 0 ? '6' : RANKS[v - 1]!;
}

export function gleichFromCode(code: number): Gleich {
  if (code === 0) return { count: 0, rank: null, code };
  return { count: codeCount(code), rank: rankFromValue(codeRankValue(code)) as Rank, code };
}
export function hangerFromCode(code: number, suitIndex: number): Hanger {
  if (code === 0) return { length: 0, suit: null, top: null, code };
  return { length: codeCount(code), suit: SUITS[suitIndex]!, top: rankFromValue(codeRankValue(code)), code };
}

/** -1, 0 or 1: which Gleich is better; 0 = it steht (RULES §7.2, §7.4). */
export function compareGleich(a: number, b: number): -1 | 0 | 1 {
  return a === b ? 0 : a > b ? 1 : -1;
}
/** -1, 0 or 1 on Hanger codes: length, then top rank; the suit never decides (RULES §7.3). */
export function compareHanger(a: number, b: number): -1 | 0 | 1 {
  return a === b ? 0 : a > b ? 1 : -1;
}

const MULTIPLE = ['', '', 'einfaches', 'dritziges', 'viertiges', 'fünftiges'];
const RANK_PLURAL: Readonly<Record<string, string>> = {
  A: 'Asse', K: 'Könige', O: 'Ober', U: 'Unter', '10': 'Zehner', '9': 'Neuner', '8': 'Achter', '7': 'Siebener',
};

/** "dritziges Gleich (Asse), höchst" style name of a Gleich code; "kein Gleich" for 0. */
export function gleichName(code: number): string {
  if (code === 0) return 'kein Gleich';
  const g = gleichFromCode(code);
  return `${MULTIPLE[g.count]} Gleich ${RANK_PLURAL[g.rank!]}${g.rank === 'A' ? ' (höchst)' : ''}`;
}
/** "dritziger Hanger Herz As-hoch (höchst)"; "kein Hanger" for 0. */
export function hangerName(code: number, suitIndex: number): string {
  if (code === 0) return 'kein Hanger';
  const h = hangerFromCode(code, suitIndex);
  const mult = ['', '', 'einfacher', 'dritziger', 'viertiger', 'fünftiger'][h.length];
  return `${mult} Hanger ${h.suit}${h.top === 'A' ? 'A (höchst)' : `${h.top}-hoch`}`;
}
