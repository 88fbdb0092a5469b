// The data of one batch's columns as the runner hands them to a table writer (stream.ts): typed arrays, and
// strings dictionary-encoded. Kept apart from the Arrow writer so that the job contract (src/sim/job.ts) and
// the public types name no type of apache-arrow.

/**
 * A string column already dictionary-encoded: `values` in order of first appearance, `indices` into them
 * (what encodeDictionary makes). Workers send string columns this way: a transferable Int32Array instead of
 * thousands of strings to copy; the batch's bytes are the same as for the plain strings.
 */
export interface DictColumn {
  readonly kind: 'dict';
  readonly indices: Int32Array;
  readonly values: readonly string[];
}

export type ColumnData = Uint8Array | Int8Array | Uint16Array | Int16Array | Uint32Array | Int32Array | Float64Array | readonly string[] | DictColumn;

export function isDictColumn(c: unknown): c is DictColumn {
  return typeof c === 'object' && c !== null && (c as { kind?: unknown }).kind === 'dict';
}

/** Dictionary-encode strings: the values in order of first appearance and each row's index into them. */
export function encodeDictionary(strings: readonly unknown[], column = 'column'): DictColumn {
  const index = new Map<string, number>();
  const values: string[] = [];
  const indices = new Int32Array(strings.length);
  for (let r = 0; r < strings.length; r++) {
    const s = strings[r];
    if (typeof s !== 'string') throw new Error(`internal: column ${column} row ${r} is not a string`);
    let k = index.get(s);
    if (k === undefined) {
      k = values.length;
      index.set(s, k);
      values.push(s);
    }
    indices[r] = k;
  }
  return { kind: 'dict', indices, values };
}
