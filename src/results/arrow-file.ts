// Writing a finished table as an Arrow IPC file, atomically (atomic-file.ts: temp file, fsync, rename). A
// reader sees the old file or the new one, never a torn one. (Streaming output for long runs is the runner's business.)
import { Field, RecordBatch, Schema, Struct, Table, makeData, makeVector, vectorFromArray, type Data } from 'apache-arrow';
import { arrowType } from './schema.ts';
import { compressedFileBytes } from './codec.ts';
import type { ColumnSpec } from '../core/columns.ts';
import { writeFileAtomic } from './atomic-file.ts';

export type ColumnData = Uint8Array | Uint32Array | Int32Array | Float64Array | readonly string[];

/** Build an Arrow table whose columns follow the specs exactly (names, order, types, not nullable). */
export function buildTable(specs: readonly ColumnSpec[], data: Readonly<Record<string, ColumnData>>, metadata: Record<string, string> = {}): Table {
  const fields: Field[] = [];
  const children: Data[] = [];
  let rows = -1;
  for (const spec of specs) {
    const col = data[spec.name];
    if (col === undefined) throw new Error(`internal: column ${spec.name} missing`);
    if (rows === -1) rows = col.length;
    if (col.length !== rows) throw new Error(`internal: column ${spec.name} has ${col.length} rows, expected ${rows}`);
    const type = arrowType(spec.type);
    const vector = spec.type === 'utf8' ? vectorFromArray(col as string[], type) : makeVector(col as Uint8Array);
    if (vector.data.length !== 1) throw new Error(`internal: column ${spec.name} built in ${vector.data.length} chunks`);
    fields.push(new Field(spec.name, type, false));
    children.push(vector.data[0]!);
  }
  const schema = new Schema(fields, new Map(Object.entries(metadata)));
  const struct = makeData({ type: new Struct(fields), length: Math.max(rows, 0), nullCount: 0, children });
  return new Table(schema, [new RecordBatch(schema, struct)]);
}

/** Write an Arrow IPC file (random-access format, zstd-compressed buffers; readable by pyarrow, polars, arrow-js). */
export function writeArrowFile(path: string, table: Table): Uint8Array {
  const bytes = compressedFileBytes(table);
  writeFileAtomic(path, bytes);
  return bytes;
}
