// The Arrow IPC *file* format (what users open in pandas, polars or DuckDB): reading one batch by batch,
// and writing one from any sequence of batches — the committed streams of stream.ts, merged shards, a
// finished run's tables.

import { closeSync, fstatSync, openSync, readSync, renameSync, unlinkSync } from 'node:fs';
import { io } from './io.ts';
import { basename, dirname, join } from 'node:path';
import { DataType, Dictionary, Message, MessageHeader, RecordBatch, Schema, Struct, Utf8, makeData, vectorFromArray, type Data, type Vector } from 'apache-arrow';
import { Footer } from 'apache-arrow/ipc/metadata/file';
import { toUint8Array, type ArrayBufferViewInput } from 'apache-arrow/util/buffer';
import { CompressedFileWriter, zstd } from './codec.ts';
import { type Committed, EOS, MessageEncoder, type Scanned, TornFileError, bytesEqual, checkStream, decodeBatches, decodeFrom, fsyncDir, readFully, writeFully } from './stream.ts';

// ---------------------------------------------------------------------------------------------------------
// Arrow *file* format: reading batch by batch, and writing from any sequence of batches.

const MAGIC = 'ARROW1';

/** What a data file starts with: an IPC stream (continuation marker), an IPC file (magic) or neither. */
export function ipcKind(path: string): 'stream' | 'file' | 'unknown' {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(6);
    const n = readSync(fd, head, 0, 6, 0);
    if (n >= 4 && head.readInt32LE(0) === -1) return 'stream';
    if (n === 6 && head.toString('latin1') === MAGIC) return 'file';
    return 'unknown';
  } finally {
    closeSync(fd);
  }
}

/** A checked sequence of record batches that can be read (more than once), one batch in memory at a time. */
export interface BatchSource {
  readonly path: string;
  readonly schema: Schema;
  readonly batches: number;
  readonly rows: number;
  read(): Generator<RecordBatch>;
}

/** A complete stream file (or its committed prefix, with `expect`) as a BatchSource. */
export function streamSource(path: string, expect?: Committed & { complete: boolean }): BatchSource {
  const scan = checkStream(path, expect);
  return { path, schema: scan.schema, batches: scan.batches, rows: scan.rows, read: () => decodeBatches(path, scan) };
}

/**
 * An Arrow IPC file as a BatchSource: magic at both ends and the footer are checked on the call (a cut file
 * has no footer: TornFileError); every block the footer lists must lie inside the file.
 */
export function arrowFileSource(path: string): BatchSource {
  zstd(); // a compressed file's batches are decoded through it
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const torn = (what: string): never => {
      throw new TornFileError(`${path}: ${what}`);
    };
    if (size < 6 + 2 + 4 + 6) torn(`only ${size} bytes, not an Arrow file`);
    if (Buffer.from(readFully(fd, 6, 0)).toString('latin1') !== MAGIC) torn('no Arrow file magic at the start');
    if (Buffer.from(readFully(fd, 6, size - 6)).toString('latin1') !== MAGIC) torn('no Arrow file magic at the end (cut, or still being written)');
    const footerLength = Buffer.from(readFully(fd, 4, size - 10)).readInt32LE(0);
    if (footerLength <= 0 || footerLength > size - 18) torn(`bad footer length ${footerLength}`);
    let footer: InstanceType<typeof Footer>;
    try {
      footer = Footer.decode(readFully(fd, footerLength, size - 10 - footerLength));
    } catch {
      return torn('unreadable footer');
    }
    const blocks = (it: Iterable<{ offset: number; metaDataLength: number; bodyLength: number }>) =>
      [...it].map((b) => {
        const offset = Number(b.offset);
        const end = offset + b.metaDataLength + Number(b.bodyLength);
        if (!(offset >= 8 && end <= size - 10 - footerLength)) torn(`a block at byte ${offset} lies outside the file`);
        return { offset, length: end - offset };
      });
    const dictionaries = blocks(footer.dictionaryBatches());
    const records = blocks(footer.recordBatches());
    const schema = footer.schema;
    // rows: from each record batch's metadata
    let rows = 0;
    for (const b of records) {
      const head = readFully(fd, 8, b.offset);
      const len = new DataView(head.buffer).getInt32(4, true);
      if (new DataView(head.buffer).getInt32(0, true) !== -1 || len <= 0 || 8 + len > b.length) torn(`bad record batch message at byte ${b.offset}`);
      const message = Message.decode(readFully(fd, len, b.offset + 8));
      if (message.headerType !== MessageHeader.RecordBatch) torn(`the block at byte ${b.offset} is not a record batch`);
      rows += Number((message.header() as { length: bigint | number }).length);
    }
    const schemaBytes = new MessageEncoder().schemaMessage(schema);
    function* chunks(): Generator<Uint8Array> {
      yield schemaBytes;
      const rfd = openSync(path, 'r');
      try {
        for (const b of [...dictionaries, ...records]) yield readFully(rfd, b.length, b.offset);
      } finally {
        closeSync(rfd);
      }
      yield EOS;
    }
    const scan = { batches: records.length, rows } as Scanned;
    return {
      path, schema, batches: records.length, rows,
      read: () => (records.length === 0 ? (function* (): Generator<RecordBatch> {})() : decodeFrom(path, chunks(), scan)),
    };
  } finally {
    closeSync(fd);
  }
}

/** Read an Arrow IPC file batch by batch (synchronous Generator; the footer is checked on the call). */
export function readArrowFileBatches(path: string): Generator<RecordBatch> {
  return arrowFileSource(path).read();
}

/**
 * The stream bytes the batch would have as written by BatchStreamWriter: its dictionaries re-encoded per
 * batch (distinct strings in order of first appearance in the rows), then the record batch message.
 */
export function streamBatchBytes(batch: RecordBatch): Uint8Array {
  const children = batch.data.children.map((child) => {
    if (!DataType.isDictionary(child.type)) return child;
    const dict = child.dictionary as Vector<Utf8>;
    const old = child.values as Int32Array;
    const local = new Int32Array(dict.length).fill(-1);
    const values: string[] = [];
    const indices = new Int32Array(child.length);
    for (let r = 0; r < child.length; r++) {
      const j = old[child.offset + r]!;
      if (local[j] === -1) {
        local[j] = values.length;
        values.push(dict.get(j)!);
      }
      indices[r] = local[j]!;
    }
    return makeData({ type: child.type as Dictionary<Utf8>, length: child.length, nullCount: 0, data: indices, dictionary: vectorFromArray(values, new Utf8()) }) as Data;
  });
  const fresh = new RecordBatch(batch.schema, makeData({ type: new Struct(batch.schema.fields), length: batch.numRows, nullCount: 0, children }));
  return new MessageEncoder().batchMessages(fresh);
}

/** The schema message bytes BatchStreamWriter writes for this schema. */
export function streamSchemaBytes(schema: Schema): Uint8Array {
  return new MessageEncoder().schemaMessage(schema);
}

/** arrow-js's file writer, writing straight to a file descriptor (flat memory, synchronous), zstd-compressed (codec.ts). */
class FdFileWriter extends CompressedFileWriter {
  constructor(private readonly fd: number) {
    super();
  }

  protected override _write(chunk: ArrayBufferViewInput): this {
    if (this._started) {
      const b = toUint8Array(chunk);
      if (b.byteLength > 0) {
        writeFully(this.fd, b, null);
        this._position += b.byteLength;
      }
    }
    return this;
  }
}

/**
 * Write the batches of the sources, in order (same schema required), as one Arrow *file* at dst, atomically
 * (temp file, fsync, rename). Two passes, one batch in memory at a time: the first collects each dictionary
 * column's strings in order of first appearance in the rows, the second re-encodes every batch against that
 * one dictionary (written once, before the first batch; the file format forbids replacements). The bytes
 * depend only on the schema and the sequence of batches' values: not on how a source encoded dictionaries.
 */
export function batchesToFile(sources: readonly BatchSource[], dst: string): { rows: number; bytes: number } {
  if (sources.length === 0) throw new Error('internal: batchesToFile needs at least one source');
  const first = sources[0]!;
  const schemaBytes = streamSchemaBytes(first.schema);
  for (const s of sources.slice(1)) {
    if (!bytesEqual(streamSchemaBytes(s.schema), schemaBytes)) throw new Error(`${s.path} has a different schema than ${first.path}`);
  }
  const schema = first.schema;
  const dictColumns = schema.fields.flatMap((f, i) => (DataType.isDictionary(f.type) ? [i] : []));

  // pass 1: the union dictionaries
  const unions = new Map<number, { index: Map<string, number>; values: string[] }>(dictColumns.map((i) => [i, { index: new Map(), values: [] }]));
  for (const src of sources) {
    for (const batch of src.read()) {
      for (const i of dictColumns) {
        const u = unions.get(i)!;
        const child = batch.data.children[i]!;
        const dict = child.dictionary as Vector<Utf8>;
        const old = child.values as Int32Array;
        const seen = new Uint8Array(dict.length);
        for (let r = 0; r < child.length; r++) {
          const j = old[child.offset + r]!;
          if (seen[j] === 1) continue;
          seen[j] = 1;
          const s = dict.get(j);
          if (s === null) throw new Error(`${src.path}: null in the dictionary of ${schema.fields[i]!.name}`);
          if (!u.index.has(s)) {
            u.index.set(s, u.values.length);
            u.values.push(s);
          }
        }
      }
    }
  }
  const unionVectors = new Map(dictColumns.map((i) => [i, vectorFromArray(unions.get(i)!.values, new Utf8())]));
  const structType = new Struct(schema.fields);

  // pass 2: write
  const tmp = join(dirname(dst), `.${basename(dst)}.tmp-${process.pid}`);
  const fd = openSync(tmp, 'w');
  let rows = 0;
  let bytes = 0;
  try {
    const writer = new FdFileWriter(fd);
    writer.reset(undefined, schema);
    for (const src of sources) {
      for (const batch of src.read()) {
        const children = batch.data.children.map((child, i) => {
          const u = unions.get(i);
          if (u === undefined) return child;
          const dict = child.dictionary as Vector<Utf8>;
          const map = new Int32Array(dict.length).fill(-1);
          const old = child.values as Int32Array;
          const indices = new Int32Array(child.length);
          for (let r = 0; r < child.length; r++) {
            const j = old[child.offset + r]!;
            if (map[j] === -1) map[j] = u.index.get(dict.get(j)!)!;
            indices[r] = map[j]!;
          }
          return makeData({ type: child.type as Dictionary<Utf8>, length: child.length, nullCount: 0, data: indices, dictionary: unionVectors.get(i)! }) as Data;
        });
        writer.write(new RecordBatch(schema, makeData({ type: structType, length: batch.numRows, nullCount: 0, children })));
        rows += batch.numRows;
      }
    }
    writer.close();
    io.fsyncSync(fd);
    bytes = fstatSync(fd).size;
  } catch (e) {
    closeSync(fd);
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
    throw e;
  }
  closeSync(fd);
  renameSync(tmp, dst);
  fsyncDir(dirname(dst));
  return { rows, bytes };
}

/** Convert complete stream files, concatenated in order, to one Arrow file at dst (see batchesToFile). */
export function streamsToFile(srcs: readonly string[], dst: string): { rows: number; bytes: number } {
  return batchesToFile(srcs.map((src) => streamSource(src)), dst);
}

/** Convert a complete stream file to the Arrow file format at dst, batch by batch, atomically. */
export function streamToFile(src: string, dst: string): { rows: number; bytes: number } {
  return streamsToFile([src], dst);
}
