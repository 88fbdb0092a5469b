// Every column perlagg writes, declared once (GUIDE guideline 10). The README's schema tables list the
// same columns; test/results/schema.test.ts checks that they agree.
import { Dictionary, Float64, Int32, Uint8, Uint32, Utf8, type DataType } from 'apache-arrow';

export type ColumnType = 'uint8' | 'uint32' | 'int32' | 'float64' | 'utf8';

export interface ColumnSpec {
  readonly name: string;
  readonly type: ColumnType;
  readonly doc: string;
}

export function arrowType(t: ColumnType): DataType {
  switch (t) {
    case 'uint8': return new Uint8();
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

/** Every table perlagg writes, by file stem. */
export const TABLES: Readonly<Record<string, readonly ColumnSpec[]>> = {
  exact: EXACT_COLUMNS,
};
