// Every column perlagg writes, declared once (GUIDE guideline 10). The README's schema tables list the
// same columns; test/results/schema.test.ts checks that they agree.
import { Dictionary, Float64, Int8, Int16, Int32, Uint8, Uint16, Uint32, Utf8, type DataType } from 'apache-arrow';

export type ColumnType = 'uint8' | 'int8' | 'uint16' | 'int16' | 'uint32' | 'int32' | 'float64' | 'utf8';

export interface ColumnSpec {
  readonly name: string;
  readonly type: ColumnType;
  readonly doc: string;
}

export function arrowType(t: ColumnType): DataType {
  switch (t) {
    case 'uint8': return new Uint8();
    case 'int8': return new Int8();
    case 'uint16': return new Uint16();
    case 'int16': return new Int16();
    case 'uint32': return new Uint32();
    case 'int32': return new Int32();
    case 'float64': return new Float64();
    case 'utf8': return new Dictionary(new Utf8(), new Int32());
  }
}

/** `perlagg exact --out`: one row per (trump, Perlaggen in hand, figure sizes) with its exact hand count. */
export const EXACT_COLUMNS: readonly ColumnSpec[] = [
  { name: 'ruleset', type: 'utf8', doc: 'canonical ruleset name, e.g. oberland or oberland{target=18}' },
  { name: 'trump', type: 'utf8', doc: 'trump suit: H, S, L or E' },
  { name: 'perlaggen', type: 'uint8', doc: 'number of Perlaggen in the hand (0-5)' },
  { name: 'gleich', type: 'uint8', doc: 'cards in the best Gleich with Perlaggen christened freely (0 = none, else 2-5)' },
  { name: 'hanger', type: 'uint8', doc: 'cards in the best Hanger with Perlaggen christened freely (0 = none, else 2-5)' },
  { name: 'gleich_natural', type: 'uint8', doc: 'the same with no christening: every card as its picture shows' },
  { name: 'hanger_natural', type: 'uint8', doc: 'the same with no christening' },
  { name: 'hands', type: 'uint32', doc: 'exact number of 5-card hands in this cell' },
  { name: 'probability', type: 'float64', doc: 'hands / all hands of this trump (the probability of the cell)' },
];

/**
 * `perlagg simulate --mode figures`: one row per deal. Columns named `s{i}_...` repeat for every seat
 * i = 0 .. players - 1 (seats clockwise; with 4 players seats 0 and 2 are partners against 1 and 3).
 */
export const DEALS_COLUMNS: readonly ColumnSpec[] = [
  { name: 'deal', type: 'uint32', doc: 'deal index (its cards are a function of the root seed and this index)' },
  { name: 'dealer', type: 'uint8', doc: 'dealing seat (the deal passes to the left each deal: deal mod players)' },
  { name: 'trump', type: 'utf8', doc: 'trump suit H, S, L or E' },
  { name: 'turned', type: 'utf8', doc: 'the turned-up card that made trump, e.g. HA or Weli' },
  { name: 'redeals', type: 'uint32', doc: 'deals drawn and rejected by the constraints before this one' },
  { name: 's{i}_perlaggen', type: 'uint8', doc: 'Perlaggen in seat i\'s hand' },
  { name: 's{i}_gleich', type: 'uint8', doc: 'cards in its best Gleich, Perlaggen christened freely (0 = none, else 2-5)' },
  { name: 's{i}_gleich_rank', type: 'uint8', doc: 'rank of that Gleich: 8 As, 7 König, 6 Ober, 5 Unter, 4 Zehner, 3 Neuner, 2 Achter, 1 Siebener (0 none)' },
  { name: 's{i}_hanger', type: 'uint8', doc: 'cards in its best Hanger, Perlaggen christened freely (0 = none, else 2-5)' },
  { name: 's{i}_hanger_top', type: 'uint8', doc: 'rank of the Hanger\'s highest card, same scale (0 none)' },
  { name: 's{i}_gleich_natural', type: 'uint8', doc: 'cards in the best Gleich with no christening' },
  { name: 's{i}_hanger_natural', type: 'uint8', doc: 'cards in the best Hanger with no christening' },
];

/**
 * `perlagg simulate --mode hands`: one row per played hand. `s{i}_…` columns repeat per seat, `p{j}_…`
 * per party (with 4 players party 0 = seats 0 and 2, party 1 = seats 1 and 3; 2 or 3 players: one party
 * per seat).
 */
export const HANDS_COLUMNS: readonly ColumnSpec[] = [
  { name: 'deal', type: 'uint32', doc: 'deal index (cards and every policy\'s randomness are functions of the root seed, this index and the seat)' },
  { name: 'dealer', type: 'uint8', doc: 'dealing seat (deal mod seats)' },
  { name: 'trump', type: 'utf8', doc: 'trump suit H, S, L or E' },
  { name: 'turned', type: 'utf8', doc: 'the turned-up card' },
  { name: 'spiel_party', type: 'int8', doc: 'party that made the Spiel; -1 when it lapsed (nobody reached the tricks)' },
  { name: 'decisions', type: 'uint16', doc: 'policy decisions taken in the hand' },
  { name: 's{i}_perlaggen', type: 'uint8', doc: 'Perlaggen in seat i\'s hand as dealt (after the cut, before any exchange)' },
  { name: 's{i}_gleich', type: 'uint8', doc: 'cards in its best Gleich as dealt, Perlaggen christened freely (0 = none)' },
  { name: 's{i}_hanger', type: 'uint8', doc: 'cards in its best Hanger as dealt (0 = none)' },
  { name: 'p{j}_tricks', type: 'uint8', doc: 'tricks party j took' },
  { name: 'p{j}_spiel', type: 'int16', doc: 'points party j wrote for the Spiel in this hand' },
  { name: 'p{j}_gleich', type: 'int16', doc: 'points party j wrote for the Gleich' },
  { name: 'p{j}_hanger', type: 'int16', doc: 'points party j wrote for the Hanger' },
  { name: 'p{j}_points', type: 'int16', doc: 'all points party j wrote in this hand (penalties included)' },
];

/** A table's columns for a number of seats and parties: `s{i}_` / `p{j}_` templates repeated in order. */
export function expandSeats(columns: readonly ColumnSpec[], seats: number, parties = 0): ColumnSpec[] {
  const out = columns.filter((c) => !c.name.includes('{i}') && !c.name.includes('{j}'));
  for (let s = 0; s < seats; s++) for (const c of columns) if (c.name.includes('{i}')) out.push({ ...c, name: c.name.replace('{i}', String(s)) });
  for (let p = 0; p < parties; p++) for (const c of columns) if (c.name.includes('{j}')) out.push({ ...c, name: c.name.replace('{j}', String(p)) });
  return out;
}

/** Every table perlagg writes, by file stem (seat templates unexpanded). */
export const TABLES: Readonly<Record<string, readonly ColumnSpec[]>> = {
  exact: EXACT_COLUMNS,
  deals: DEALS_COLUMNS,
  hands: HANDS_COLUMNS,
};
