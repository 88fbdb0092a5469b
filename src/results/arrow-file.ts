// Writing a finished table as an Arrow IPC file, atomically: temp file, fsync, rename. A reader sees the
// old file or the new one, never a torn one. (Streaming output for long runs is the runner's business.)
import { closeSync, openSync, renameSync, unlinkSync } from 'node:fs';
import { io } from './io.ts';
import { basename, dirname, join } from 'node:path';
import { Field, RecordBatch, Schema, Struct, Table, makeData, makeVector, vectorFromArray, type Data } from 'apache-arrow';
import { arrowType } from './schema.ts';
import { compressedFileBytes } from './codec.ts';
import type { ColumnSpec } from '../core/columns.ts';

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

/**
 * Create `path` atomically: `fill` writes the content to a temp file in the same folder, which is fsynced
 * and renamed over `path` (then the folder is fsynced). A reader sees the old file or the new one.
 */
export function writeAtomically(path: string, fill: (fd: number) => void): void {
  const tmp = join(dirname(path), `.${basename(path)}.tmp-${process.pid}`);
  const fd = openSync(tmp, 'w');
  try {
    fill(fd);
    io.fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    try {
      unlinkSync(tmp); // a failed write (a full disk) leaves no temp file behind
    } catch {
      // already gone
    }
    throw e;
  }
  closeSync(fd);
  renameSync(tmp, path);
  try {
    const dfd = openSync(dirname(path), 'r');
    io.fsyncSync(dfd);
    closeSync(dfd);
  } catch {
    // fsync of a directory is not supported everywhere; the rename itself is atomic.
  }
}

/** Write all of `bytes` at the fd's position. */
export function writeAll(fd: number, bytes: Uint8Array): void {
  let off = 0;
  while (off < bytes.length) off += io.writeSync(fd, bytes, off, bytes.length - off, null);
}

/** Write bytes to path atomically (temp file in the same folder, fsync, rename). */
export function writeFileAtomic(path: string, bytes: Uint8Array | string): void {
  writeAtomically(path, (fd) => writeAll(fd, typeof bytes === 'string' ? Buffer.from(bytes) : bytes));
}

/** Write an Arrow IPC file (random-access format, zstd-compressed buffers; readable by pyarrow, polars, arrow-js). */
export function writeArrowFile(path: string, table: Table): Uint8Array {
  const bytes = compressedFileBytes(table);
  writeFileAtomic(path, bytes);
  return bytes;
}
