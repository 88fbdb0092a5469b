// Crash-safe streaming output for long runs (GUIDE §2 "Crash and resume", "Torn files").
//
// While a run is going, each table is an Arrow IPC *stream* file, appended one record batch at a time with
// plain positional writes and an fsync per batch. The caller commits a batch by recording the returned
// `Committed` position in its manifest (written atomically); after a crash, `resume` cuts off whatever lies
// beyond the committed position and checks the committed prefix batch by batch.
//
// Byte layout of a stream written here (all messages 8-byte aligned, "encapsulated" IPC format):
//   schema message                      (fields exactly as the ColumnSpecs; utf8 → Dictionary<Utf8, Int32>
//                                        with dictionary id = the column's index in the specs)
//   per batch: one DictionaryBatch message per utf8 column (isDelta = false), then the RecordBatch message
//   end-of-stream marker (0xFFFFFFFF 00000000), written by finish()
// Every batch carries its own dictionaries, holding the batch's distinct strings in order of first
// appearance, so its bytes depend on its own content only: a resumed run, an uninterrupted run and shards
// concatenated in order produce the same bytes. (A dictionary after the first is a *replacement*, which the
// stream format allows and pyarrow, polars and arrow-js read.) The file format forbids replacements, so
// `streamToFile` re-encodes every dictionary column against one dictionary per column: the union of the
// stream's dictionaries in order of first appearance, written once before the first batch.
import { closeSync, fstatSync, ftruncateSync, openSync, readSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { io } from './io.ts';
import { dirname } from 'node:path';
import { DataType, Dictionary, Field, Message, MessageHeader, RecordBatch, RecordBatchReader, RecordBatchStreamWriter, Schema, Struct, Utf8, makeData, vectorFromArray, type Data } from 'apache-arrow';
import { toUint8Array, type ArrayBufferViewInput } from 'apache-arrow/util/buffer';
import { arrowType } from './schema.ts';
import { UsageError } from '../core/errors.ts';
import { encodeDictionary, isDictColumn, type ColumnData } from './column-data.ts';
import type { Committed } from './committed.ts';
import type { ColumnType, ColumnSpec } from '../core/columns.ts';

export { encodeDictionary, isDictColumn, type ColumnData, type DictColumn } from './column-data.ts';

export type { Committed } from './committed.ts';

/** A stream file that is cut, has a torn tail where none may be, or disagrees with its manifest. */
export class TornFileError extends UsageError {
  override name = 'TornFileError';
}

export const EOS = Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0);

const TYPED: Record<Exclude<ColumnType, 'utf8'>, { readonly name: string; readonly is: (x: unknown) => boolean }> = {
  uint8: { name: 'Uint8Array', is: (x) => x instanceof Uint8Array },
  int8: { name: 'Int8Array', is: (x) => x instanceof Int8Array },
  uint16: { name: 'Uint16Array', is: (x) => x instanceof Uint16Array },
  int16: { name: 'Int16Array', is: (x) => x instanceof Int16Array },
  uint32: { name: 'Uint32Array', is: (x) => x instanceof Uint32Array },
  int32: { name: 'Int32Array', is: (x) => x instanceof Int32Array },
  float64: { name: 'Float64Array', is: (x) => x instanceof Float64Array },
};

/** The Arrow schema of a stream: as the specs, not nullable; dictionary ids fixed (the column index) so the
 *  schema bytes never depend on how many Dictionary types the process created before. */
function streamSchema(specs: readonly ColumnSpec[], metadata: ReadonlyMap<string, string>): Schema {
  const names = new Set<string>();
  const fields = specs.map((spec, i) => {
    if (names.has(spec.name)) throw new Error(`internal: column ${spec.name} declared twice`);
    names.add(spec.name);
    const t = arrowType(spec.type);
    const type = DataType.isDictionary(t) ? new Dictionary(t.dictionary, t.indices, i, false) : t;
    return new Field(spec.name, type, false);
  });
  return new Schema(fields, new Map(metadata));
}

/** Serializes messages into memory through arrow-js's own writer, one unit at a time. */
export class MessageEncoder extends RecordBatchStreamWriter {
  private chunks: Uint8Array[] = [];

  protected override _write(chunk: ArrayBufferViewInput): this {
    const b = toUint8Array(chunk);
    if (b.byteLength > 0) {
      this.chunks.push(b);
      this._position += b.byteLength;
    }
    return this;
  }

  private take(): Uint8Array {
    const out = concat(this.chunks);
    this.chunks = [];
    return out;
  }

  schemaMessage(schema: Schema): Uint8Array {
    this.chunks = [];
    this._started = true;
    this._writeSchema(schema);
    return this.take();
  }

  /** The batch's dictionary messages (each a fresh, non-delta dictionary) and its record batch message. */
  batchMessages(batch: RecordBatch): Uint8Array {
    this.chunks = [];
    this._started = true;
    this._seenDictionaries = new Map();
    this._dictionaryDeltaOffsets = new Map();
    this._writeRecordBatch(batch);
    return this.take();
  }
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const c of chunks) n += c.byteLength;
  const out = new Uint8Array(n);
  let off = 0;
  for (const c of chunks) {
    out.set(c, off);
    off += c.byteLength;
  }
  return out;
}

export function writeFully(fd: number, bytes: Uint8Array, position: number | null): void {
  let off = 0;
  while (off < bytes.byteLength) {
    off += io.writeSync(fd, bytes, off, bytes.byteLength - off, position === null ? null : position + off);
  }
}

/** The checksum of one committed batch (its dictionary and record batch messages), kept in the manifest. */
export function batchDigest(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 32);
}

export function readFully(fd: number, length: number, position: number): Uint8Array {
  const buf = new Uint8Array(length);
  let off = 0;
  while (off < length) {
    const n = readSync(fd, buf, off, length - off, position + off);
    if (n === 0) throw new TornFileError(`internal: file shrank while being read at byte ${position + off}`);
    off += n;
  }
  return buf;
}

export function fsyncDir(dir: string): void {
  try {
    const dfd = openSync(dir, 'r');
    try {
      io.fsyncSync(dfd);
    } finally {
      closeSync(dfd);
    }
  } catch {
    // fsync of a directory is not supported everywhere
  }
}

/** Build one record batch from typed-array / string columns, checked against the specs. */
function makeBatch(schema: Schema, specs: readonly ColumnSpec[], columns: Readonly<Record<string, ColumnData>>): RecordBatch {
  for (const name of Object.keys(columns)) {
    if (!specs.some((s) => s.name === name)) throw new Error(`internal: column ${name} is not in the table's schema`);
  }
  let rows = -1;
  const children: Data[] = [];
  specs.forEach((spec, i) => {
    const col = columns[spec.name];
    if (col === undefined) throw new Error(`internal: column ${spec.name} missing`);
    const length = isDictColumn(col) ? col.indices.length : col.length;
    if (rows === -1) rows = length;
    if (length !== rows) throw new Error(`internal: column ${spec.name} has ${length} rows, expected ${rows}`);
    const type = schema.fields[i]!.type as DataType;
    if (spec.type === 'utf8') {
      if (!Array.isArray(col) && !isDictColumn(col)) throw new Error(`internal: column ${spec.name} (utf8) must be strings or a DictColumn`);
      const { indices, values } = isDictColumn(col) ? col : encodeDictionary(col as readonly unknown[], spec.name);
      for (let r = 0; r < indices.length; r++) {
        if (!(indices[r]! >= 0 && indices[r]! < values.length)) throw new Error(`internal: column ${spec.name} row ${r}: index outside its dictionary`);
      }
      const dictionary = vectorFromArray(values as string[], new Utf8());
      children.push(makeData({ type: type as Dictionary<Utf8>, length: indices.length, nullCount: 0, data: indices, dictionary }));
    } else {
      const t = TYPED[spec.type];
      if (!t.is(col)) throw new Error(`internal: column ${spec.name} (${spec.type}) must be a ${t.name}`);
      const arr = col as Uint8Array;
      children.push(makeData({ type: type as never, length: arr.length, nullCount: 0, data: arr }) as Data);
    }
  });
  if (rows <= 0) throw new Error('internal: a batch needs at least one row');
  const struct = makeData({ type: new Struct(schema.fields), length: rows, nullCount: 0, children });
  return new RecordBatch(schema, struct);
}

// ---------------------------------------------------------------------------------------------------------
// Reading the framing: message by message, bounds-checked, without trusting anything past the limit.

export interface Scanned {
  /** The schema message's bytes (prefix included). */
  readonly schemaBytes: Uint8Array;
  readonly schema: Schema;
  /** Offset just after the last complete record batch (and its dictionaries). */
  readonly batchesEnd: number;
  readonly batches: number;
  readonly rows: number;
  /** Offset just after the end-of-stream marker, or -1 when there is none. */
  readonly eosEnd: number;
  /** Offset where scanning stopped cleanly (a message boundary). */
  readonly end: number;
  /** Offset of the first batch's first message (just after the schema). */
  readonly schemaEnd: number;
  /** Offset just after each record batch, in order. */
  readonly batchEnds: readonly number[];
}

/**
 * Walk the messages in [0, limit). A message crossing `limit` is a torn message: an error when `allowTornTail`
 * is false, else the scan stops before it. Dictionary messages after the last record batch count as torn too
 * (a batch was cut between its dictionaries and its record batch).
 */
function scanMessages(fd: number, path: string, limit: number, allowTornTail: boolean): Scanned {
  const torn = (what: string): never => {
    throw new TornFileError(`${path}: ${what}`);
  };
  let pos = 0;
  let schemaBytes: Uint8Array | null = null;
  let schema: Schema | null = null;
  let batches = 0;
  let rows = 0;
  let batchesEnd = -1;
  let eosEnd = -1;
  let schemaEnd = -1;
  const batchEnds: number[] = [];
  while (pos < limit) {
    if (eosEnd !== -1) torn(`${limit - pos} bytes after the end-of-stream marker at byte ${pos}`);
    if (pos + 8 > limit) {
      if (allowTornTail) break;
      torn(`cut inside a message header at byte ${pos} (file ends at ${limit})`);
    }
    const head = readFully(fd, 8, pos);
    const dv = new DataView(head.buffer);
    const marker = dv.getInt32(0, true);
    const len = dv.getInt32(4, true);
    if (marker !== -1) torn(`no IPC continuation marker at byte ${pos}: not an Arrow stream written by perlagg, or corrupt`);
    if (len === 0) {
      if (schema === null) torn('end-of-stream marker before the schema');
      eosEnd = pos + 8;
      pos = eosEnd;
      continue;
    }
    if (len < 0 || len % 8 !== 0) torn(`bad message length ${len} at byte ${pos}`);
    if (pos + 8 + len > limit) {
      if (allowTornTail) break;
      torn(`cut inside the metadata of the message at byte ${pos} (file ends at ${limit})`);
    }
    const metaBytes = readFully(fd, len, pos + 8);
    let message: Message;
    let bodyLength: number;
    try {
      message = Message.decode(metaBytes);
      bodyLength = Number(message.bodyLength);
    } catch {
      return torn(`unreadable message metadata at byte ${pos}`);
    }
    if (!Number.isSafeInteger(bodyLength) || bodyLength < 0 || bodyLength % 8 !== 0) torn(`bad body length at byte ${pos}`);
    const next = pos + 8 + len + bodyLength;
    if (next > limit) {
      if (allowTornTail) break;
      torn(`cut inside the body of the message at byte ${pos} (needs ${next} bytes, file ends at ${limit})`);
    }
    switch (message.headerType) {
      case MessageHeader.Schema:
        if (schema !== null) torn(`a second schema message at byte ${pos}`);
        schema = message.header() as Schema;
        schemaBytes = concat([head, metaBytes]);
        batchesEnd = next;
        schemaEnd = next;
        break;
      case MessageHeader.DictionaryBatch:
        if (schema === null) torn(`a dictionary message before the schema at byte ${pos}`);
        break;
      case MessageHeader.RecordBatch: {
        if (schema === null) torn(`a record batch before the schema at byte ${pos}`);
        const n = Number((message.header() as { length: bigint | number }).length);
        if (!Number.isSafeInteger(n) || n < 0) torn(`bad row count in the record batch at byte ${pos}`);
        batches += 1;
        rows += n;
        batchesEnd = next;
        batchEnds.push(next);
        break;
      }
      default:
        torn(`unexpected message type ${message.headerType} at byte ${pos}`);
    }
    pos = next;
  }
  if (schema === null || schemaBytes === null) {
    return torn(limit < 8 ? `only ${limit} bytes, no schema` : 'cut inside the schema message');
  }
  if (eosEnd === -1 && pos !== batchesEnd) {
    // dictionaries of a batch whose record batch message is missing
    if (!allowTornTail) torn(`cut after the dictionaries of a batch at byte ${batchesEnd} (record batch missing)`);
    pos = batchesEnd;
  }
  return { schemaBytes, schema, batchesEnd, batches, rows, eosEnd, end: pos, schemaEnd, batchEnds };
}

/** Check a stream file against an expectation (or, without one, that it is complete); returns the scan. */
export function checkStream(path: string, expect: (Committed & { complete: boolean }) | undefined): Scanned {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    if (expect === undefined) {
      const s = scanMessages(fd, path, size, false);
      if (s.eosEnd === -1) throw new TornFileError(`${path}: no end-of-stream marker (the run did not finish, or the file was cut at byte ${size})`);
      return s;
    }
    if (size < expect.bytes) {
      throw new TornFileError(`${path}: has ${size} bytes but ${expect.bytes} are committed (the file was cut)`);
    }
    if (expect.complete && size > expect.bytes) {
      throw new TornFileError(`${path}: ${size - expect.bytes} bytes after the committed end at byte ${expect.bytes}`);
    }
    const s = scanMessages(fd, path, expect.bytes, false);
    if (expect.complete && s.eosEnd === -1) throw new TornFileError(`${path}: no end-of-stream marker within the ${expect.bytes} committed bytes`);
    if (!expect.complete && s.eosEnd !== -1) throw new TornFileError(`${path}: ends with an end-of-stream marker but the manifest says the run is not complete`);
    if (s.batches !== expect.batches || s.rows !== expect.rows) {
      throw new TornFileError(`${path}: holds ${s.batches} batches with ${s.rows} rows in its committed ${expect.bytes} bytes, the manifest says ${expect.batches} batches with ${expect.rows} rows`);
    }
    return s;
  } finally {
    closeSync(fd);
  }
}

/**
 * Check every committed batch of a scanned stream against its checksum in the manifest (batchDigest of its
 * bytes): flipped bits in committed data are refused, never resumed or merged (issue 9, item 3).
 */
function verifyDigests(path: string, scan: Scanned, digests: readonly string[]): void {
  if (digests.length !== scan.batches) {
    throw new TornFileError(`${path}: the manifest has checksums for ${digests.length} batches but ${scan.batches} are committed`);
  }
  const fd = openSync(path, 'r');
  try {
    let from = scan.schemaEnd;
    scan.batchEnds.forEach((end, i) => {
      if (batchDigest(readFully(fd, end - from, from)) !== digests[i]) {
        throw new TornFileError(`${path}: committed batch ${i + 1} of ${scan.batches} (bytes ${from}-${end}) does not match its checksum in the manifest: the file was changed or damaged`);
      }
      from = end;
    });
  } finally {
    closeSync(fd);
  }
}

/** Check the committed batches of a stream file against their checksums (see BatchStreamWriter.resume). */
export function verifyStreamDigests(path: string, committed: Committed & { complete: boolean }, digests: readonly string[]): void {
  verifyDigests(path, checkStream(path, committed), digests);
}

/** The messages in [0, end) one buffer each, then an end-of-stream marker: a clean stream for arrow-js. */
function* messageChunks(path: string, end: number): Generator<Uint8Array> {
  const fd = openSync(path, 'r');
  try {
    let pos = 0;
    while (pos < end) {
      const head = readFully(fd, 8, pos);
      const len = new DataView(head.buffer).getInt32(4, true);
      const meta = readFully(fd, len, pos + 8);
      const bodyLength = Number(Message.decode(meta).bodyLength);
      yield concat([head, meta, readFully(fd, bodyLength, pos + 8 + len)]);
      pos += 8 + len + bodyLength;
    }
    yield EOS;
  } finally {
    closeSync(fd);
  }
}

export function decodeBatches(path: string, scan: Scanned): Generator<RecordBatch> {
  // arrow-js would yield an empty placeholder batch for a schema-only stream
  if (scan.batches === 0) return (function* (): Generator<RecordBatch> {})();
  return decodeFrom(path, messageChunks(path, scan.batchesEnd), scan);
}

export function* decodeFrom(path: string, chunks: Generator<Uint8Array>, scan: Pick<Scanned, 'batches' | 'rows'>): Generator<RecordBatch> {
  const reader = RecordBatchReader.from(chunks);
  let batches = 0;
  let rows = 0;
  for (const batch of reader) {
    batches += 1;
    rows += batch.numRows;
    yield batch;
  }
  if (batches !== scan.batches || rows !== scan.rows) {
    throw new TornFileError(`${path}: decoded ${batches} batches with ${rows} rows, the framing says ${scan.batches} with ${scan.rows}`);
  }
}

/**
 * Read a stream file batch by batch (synchronous Generator; memory holds one batch at a time).
 *
 * The file's framing is checked *before* the first batch is returned (the call itself throws), so a caller
 * never gets a short table: without `expect` the file must be complete (end-of-stream marker, nothing torn);
 * with `expect` the first `expect.bytes` bytes must hold exactly `expect.batches` batches and `expect.rows`
 * rows ending exactly at that position, with the end-of-stream marker iff `expect.complete`. Bytes beyond
 * `expect.bytes` are an uncommitted tail: ignored when not complete, an error when complete.
 */
export function readStreamBatches(path: string, expect?: Committed & { complete: boolean }): Generator<RecordBatch> {
  return decodeBatches(path, checkStream(path, expect));
}

/** The schema of a stream file (checked as readStreamBatches does without expectation but allowing a torn tail). */
export function readStreamSchema(path: string): Schema {
  const fd = openSync(path, 'r');
  try {
    return scanMessages(fd, path, fstatSync(fd).size, true).schema;
  } finally {
    closeSync(fd);
  }
}

// ---------------------------------------------------------------------------------------------------------

export class BatchStreamWriter {
  private fd: number | null;
  private pos: Committed;
  private finished = false;
  private broken = false;
  private readonly encoder = new MessageEncoder();
  /** The checksum of every committed batch (batchDigest), in order: what the manifest records. */
  readonly digests: string[] = [];

  private constructor(
    readonly path: string,
    private readonly specs: readonly ColumnSpec[],
    private readonly schema: Schema,
    fd: number,
    pos: Committed,
  ) {
    this.fd = fd;
    this.pos = pos;
  }

  /** Start a new stream at `path` (which must not exist): the schema message, fsynced (file and folder). */
  static create(path: string, columns: readonly ColumnSpec[], metadata: Record<string, string> = {}): BatchStreamWriter {
    const schema = streamSchema(columns, new Map(Object.entries(metadata)));
    const bytes = new MessageEncoder().schemaMessage(schema);
    const fd = openSync(path, 'wx');
    try {
      writeFully(fd, bytes, 0);
      io.fsyncSync(fd);
    } catch (e) {
      closeSync(fd);
      throw e;
    }
    fsyncDir(dirname(path));
    return new BatchStreamWriter(path, columns, schema, fd, { bytes: bytes.byteLength, batches: 0, rows: 0 });
  }

  /**
   * Reopen after a crash. The file must hold at least `committed.bytes`; what lies beyond is an uncommitted
   * (possibly torn) tail and is cut off (truncate + fsync). The committed prefix is re-read batch by batch:
   * it must have exactly the schema `columns` give (with the file's own metadata), exactly committed.batches
   * batches and committed.rows rows, and no end-of-stream marker, and (with `digests`) every batch must match
   * its checksum; else TornFileError.
   */
  static resume(path: string, columns: readonly ColumnSpec[], committed: Committed, digests: readonly string[] | null = null): BatchStreamWriter {
    const scan = checkStream(path, { ...committed, complete: false });
    if (digests !== null) verifyDigests(path, scan, digests);
    const schema = streamSchema(columns, scan.schema.metadata);
    const expected = new MessageEncoder().schemaMessage(schema);
    if (!bytesEqual(expected, scan.schemaBytes)) {
      throw new TornFileError(`${path}: its schema differs from the expected columns (${columns.map((c) => `${c.name}:${c.type}`).join(', ')})`);
    }
    for (const _batch of decodeBatches(path, scan)) {
      // decoding checks each committed batch's buffers; the counts are compared at the end
    }
    const fd = openSync(path, 'r+');
    try {
      if (fstatSync(fd).size > committed.bytes) {
        ftruncateSync(fd, committed.bytes);
        io.fsyncSync(fd);
      }
    } catch (e) {
      closeSync(fd);
      throw e;
    }
    const w = new BatchStreamWriter(path, columns, schema, fd, { bytes: committed.bytes, batches: committed.batches, rows: committed.rows });
    if (digests !== null) w.digests.push(...digests);
    return w;
  }

  /** The durable position: what to record in the manifest. */
  get committed(): Committed {
    return this.pos;
  }

  /** The same as `committed`. */
  get position(): Committed {
    return this.pos;
  }

  private usable(): number {
    if (this.fd === null) throw new Error(`internal: ${this.path} is closed`);
    if (this.broken) throw new Error(`internal: a write to ${this.path} failed; resume from the manifest`);
    if (this.finished) throw new Error(`internal: ${this.path} is finished`);
    return this.fd;
  }

  /** Append one record batch (its dictionaries, then the batch), fsync, and return the new committed position. */
  append(columns: Readonly<Record<string, ColumnData>>): Committed {
    const fd = this.usable();
    const batch = makeBatch(this.schema, this.specs, columns);
    const bytes = this.encoder.batchMessages(batch);
    try {
      writeFully(fd, bytes, this.pos.bytes);
      io.fsyncSync(fd);
    } catch (e) {
      this.broken = true;
      throw e;
    }
    this.pos = { bytes: this.pos.bytes + bytes.byteLength, batches: this.pos.batches + 1, rows: this.pos.rows + batch.numRows };
    this.digests.push(batchDigest(bytes));
    return this.pos;
  }

  /** Write the end-of-stream marker, fsync, and return the final position (marker included). */
  finish(): Committed {
    const fd = this.usable();
    try {
      writeFully(fd, EOS, this.pos.bytes);
      io.fsyncSync(fd);
    } catch (e) {
      this.broken = true;
      throw e;
    }
    this.finished = true;
    this.pos = { ...this.pos, bytes: this.pos.bytes + EOS.byteLength };
    return this.pos;
  }

  close(): void {
    if (this.fd !== null) {
      closeSync(this.fd);
      this.fd = null;
    }
  }
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}
