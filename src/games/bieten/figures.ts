// RULES §17.1 "The five figures" and rules 7-9 [001 p.7-8, p.14]: Herz (the highest Herz card), Laub (the
// highest Laub card), Gleich (two or three cards of one rank, different suits), Hanger (two or three
// consecutive cards of one suit, natural order: U and 10 adjacent), Spiel (the last trick). No trump, no
// Perlaggen: every card is what its picture shows, so the evaluator reads the 32-bit card mask of
// src/cards/card.ts directly (suit-major, one byte a suit, bit = rank index, 7 = As).
//
// A figure's code orders figures of one kind: higher is better, 0 = none.
//   Herz / Laub:  rank index of the highest card + 1 (1 = 7 … 8 = As)
//   Gleich:       count << 4 | (rank index + 1)   — three 7s (49) beat two Asses (40) [001 p.8]
//   Hanger:       length << 4 | (rank index of its top card + 1)
// Equal codes of two players are a tie: the Gleich or Hanger "flieht" (rule 9). Herz and Laub cannot tie.
import { popcount32 } from '../../cards/mask.ts';
import { BIETEN_FIGURES, type BietenFigure } from './rules.ts';

export const HERZ_SUIT = 0;
export const LAUB_SUIT = 2;

/** Highest card of a suit as rank index + 1 (0 = none). */
export function suitTop(mask: number, suit: number): number {
  const byte = (mask >>> (suit * 8)) & 0xff;
  return byte === 0 ? 0 : 32 - Math.clz32(byte);
}

export function gleichCode(mask: number): number {
  let best = 0;
  for (let r = 0; r < 8; r++) {
    const n = popcount32((mask >>> r) & 0x01010101);
    if (n >= 2) best = Math.max(best, (n << 4) | (r + 1));
  }
  return best;
}

export function hangerCode(mask: number): number {
  let best = 0;
  for (let suit = 0; suit < 4; suit++) {
    const byte = (mask >>> (suit * 8)) & 0xff;
    let run = 0;
    for (let r = 0; r < 8; r++) {
      run = (byte >>> r) & 1 ? run + 1 : 0;
      if (run >= 2) best = Math.max(best, (run << 4) | (r + 1));
    }
  }
  return best;
}

/** The code of figure f (not the Spiel) in a hand. */
export function figureCode(f: BietenFigure, mask: number): number {
  switch (f) {
    case 'Herz':
      return suitTop(mask, HERZ_SUIT);
    case 'Laub':
      return suitTop(mask, LAUB_SUIT);
    case 'Gleich':
      return gleichCode(mask);
    case 'Hanger':
      return hangerCode(mask);
    case 'Spiel':
      return 0;
  }
}

/**
 * Who makes figure f (not the Spiel) among the given hands: the seat with the strictly best code; -1 when
 * nobody has it; -2 when the best is held by two or more ("flieht", rule 9).
 */
export function figureMaker(f: BietenFigure, seats: readonly number[], masks: readonly number[]): number {
  let best = 0;
  let who = -1;
  for (const seat of seats) {
    const c = figureCode(f, masks[seat]!);
    if (c > best) {
      best = c;
      who = seat;
    } else if (c === best && c > 0) who = -2;
  }
  return who;
}

const RANK_WORDS = ['Siebener', 'Achter', 'Neuner', 'Zehner', 'Unter', 'Ober', 'König', 'As'];
const RANK_PLURAL = ['Siebener', 'Achter', 'Neuner', 'Zehner', 'Unter', 'Ober', 'Könige', 'Asse'];
const SUIT_WORDS = ['Herz', 'Schell', 'Laub', 'Eichel'];

/** The figure in words: "Herz As", "dritziges Gleich (drei Neuner)", "Hanger Eichel 9-8". */
export function figureWords(f: BietenFigure, mask: number): string {
  const code = figureCode(f, mask);
  if (f === 'Spiel' || code === 0) return `kein ${f}`;
  if (f === 'Herz' || f === 'Laub') return `${f} ${RANK_WORDS[code - 1]}`;
  const n = code >>> 4;
  const r = (code & 15) - 1;
  if (f === 'Gleich') return `${n === 3 ? 'dritziges ' : ''}Gleich (${n === 3 ? 'drei' : 'zwei'} ${RANK_PLURAL[r]})`;
  let suit = 0;
  for (let s = 0; s < 4; s++) {
    const byte = (mask >>> (s * 8)) & 0xff;
    let ok = true;
    for (let k = 0; k < n; k++) if (((byte >>> (r - k)) & 1) === 0) ok = false;
    if (ok) suit = s;
  }
  const short = ['7', '8', '9', '10', 'U', 'O', 'K', 'A'];
  return `${n === 3 ? 'dritziger ' : ''}Hanger ${SUIT_WORDS[suit]} ${Array.from({ length: n }, (_, k) => short[r - k]).join('-')}`;
}

export { BIETEN_FIGURES };
