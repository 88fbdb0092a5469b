// The shape of a result column, shared by whoever declares a table (each game declares its own: src/games/…)
// and whoever writes it (src/results/, the runner). Plain types and one pure helper: nothing of Arrow here.
export type ColumnType = 'uint8' | 'int8' | 'uint16' | 'int16' | 'uint32' | 'int32' | 'float64' | 'utf8';

export interface ColumnSpec {
  readonly name: string;
  readonly type: ColumnType;
  readonly doc: string;
}

export const FIGURE_KEYS = ['spiel', 'gleich', 'hanger'] as const;

/**
 * A table's columns for a number of seats and parties: `s{i}_` templates repeated per seat, `p{j}_` per
 * party, `{f}_` per figure (spiel, gleich, hanger), in that order after the fixed columns.
 */
export function expandSeats(columns: readonly ColumnSpec[], seats: number, parties = 0): ColumnSpec[] {
  const templated = (c: ColumnSpec) => /\{[ijf]\}/.test(c.name);
  const out = columns.filter((c) => !templated(c));
  const each = (key: string, values: readonly string[]) => {
    for (const v of values) for (const c of columns) if (c.name.includes(key)) out.push({ ...c, name: c.name.replace(key, v) });
  };
  each('{i}', Array.from({ length: seats }, (_, s) => String(s)));
  each('{j}', Array.from({ length: parties }, (_, p) => String(p)));
  each('{f}', FIGURE_KEYS);
  return out;
}

/** A column's values for one batch of rows, as filled in a worker. */
export type ColumnArray = Uint8Array | Uint16Array | Uint32Array | Int8Array | Int16Array | Int32Array | Float64Array | string[];
