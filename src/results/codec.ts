// The compression of the Arrow files perlagg writes: Arrow IPC buffer compression with ZSTD (the body of every
// record and dictionary batch, buffer by buffer: an int64 of the uncompressed length, then one zstd frame), which
// pyarrow, polars, pandas (read_feather) and arrow-js read. Chosen by measurement (docs/schemas.md
// "Compression"): about 3.5 times smaller than uncompressed for a few seconds per million deals.
//
// zstd is the reference C library compiled to WebAssembly (@bokuweb/zstd-wasm; Node 20 has no zstd of its own).
// The package starts itself asynchronously; perlagg writes and reads its files synchronously, so the module is
// instantiated here synchronously instead (emscripten's `instantiateWasm` hook), once, on first use. The same
// bytes on every machine: a given input and level always give the same frame.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CompressionType, RecordBatchFileWriter, compressionRegistry, type Table } from 'apache-arrow';
import { BufferRegion } from 'apache-arrow/ipc/metadata/message';
import { toUint8Array } from 'apache-arrow/util/buffer';

/** zstd's level: 1 compressed deals.arrow as well as 3 (3.57x, 3.50x) and not slower. */
export const ZSTD_LEVEL = 1;

/** The two constructors of WebAssembly used here (this project's lib has no DOM types). */
const WA = (globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => object; Instance: new (m: object, imports: object) => unknown } }).WebAssembly;

type Codec = { compress(d: Uint8Array, level: number): Uint8Array; decompress(d: Uint8Array): Uint8Array };
let codec: Codec | null = null;

/** The zstd codec, started on first use and registered with apache-arrow (for writing and reading). */
export function zstd(): Codec {
  if (codec !== null) return codec;
  const require = createRequire(import.meta.url);
  const entry = require.resolve('@bokuweb/zstd-wasm'); // …/dist/common/index.node.js
  const dir = dirname(entry);
  // the package's own module object (the same instance its compress and decompress use)
  const { Module } = require(join(dir, 'module.js')) as { Module: Record<string, unknown> & { init(): void; calledRun?: boolean } };
  if (Module.calledRun !== true) {
    const wasm = new WA.Module(readFileSync(join(dir, 'zstd.wasm')));
    Module['instantiateWasm'] = (imports: object, receive: (i: unknown) => unknown) => receive(new WA.Instance(wasm, imports));
    Module.init();
    if (!(Module as { calledRun?: boolean }).calledRun) throw new Error('internal: zstd (WebAssembly) did not start');
  }
  const lib = require(entry) as Codec;
  codec = { compress: (d, level) => lib.compress(d, level), decompress: (d) => lib.decompress(d) };
  compressionRegistry.set(CompressionType.ZSTD, { encode: (d: Uint8Array) => codec!.compress(d, ZSTD_LEVEL), decode: (d: Uint8Array) => codec!.decompress(d) });
  return codec;
}

/** The buffer compression of every Arrow file perlagg writes (zstd made ready). */
export function fileCompression(): CompressionType {
  zstd();
  return CompressionType.ZSTD;
}

/**
 * The body buffers of a batch compressed as the Arrow format says (Message.fbs, BodyCompression): each buffer
 * is an int64 (little-endian) of its *uncompressed* length, then the compressed bytes — or -1 and the bytes as
 * they are where compression would not make them shorter; each buffer 8-byte aligned. apache-arrow 21.2.0's
 * writer puts the compressed length in that prefix (its own reader ignores it, pyarrow checks it and fails);
 * our writers use this instead. The region layout is the library's own (its reader and _writeBodyBuffers).
 */
export function compressBodyBuffers(buffers: readonly ArrayBufferView[]): { byteLength: number; bufferRegions: BufferRegion[]; buffers: ArrayBufferView[] } {
  const z = zstd();
  let offset = 0;
  const out: ArrayBufferView[] = [];
  const bufferRegions: BufferRegion[] = [];
  for (const buffer of buffers) {
    const raw = toUint8Array(buffer);
    if (raw.length === 0) {
      out.push(new Uint8Array(0), new Uint8Array(0));
      bufferRegions.push(new BufferRegion(offset, 0));
      continue;
    }
    const packed = z.compress(raw, ZSTD_LEVEL);
    const pays = packed.length < raw.length;
    const body = pays ? packed : raw;
    const prefix = new Uint8Array(8);
    new DataView(prefix.buffer).setBigInt64(0, BigInt(pays ? raw.length : -1), true);
    out.push(prefix, body);
    offset = (offset + 7) & ~7;
    bufferRegions.push(new BufferRegion(offset, 8 + body.length));
    offset += 8 + body.length;
  }
  return { byteLength: (offset + 7) & ~7, bufferRegions, buffers: out };
}

/** apache-arrow's file writer with ZSTD buffer compression written by the format (compressBodyBuffers). */
export class CompressedFileWriter extends RecordBatchFileWriter {
  constructor() {
    super({ compressionType: fileCompression() });
  }

  protected override _compressBodyBuffers(buffers: ArrayBufferView[]): { byteLength: number; bufferRegions: BufferRegion[]; buffers: ArrayBufferView[] } {
    return compressBodyBuffers(buffers);
  }
}

/** A whole table as the bytes of a compressed Arrow IPC file. */
export function compressedFileBytes(table: Table): Uint8Array {
  return new CompressedFileWriter().writeAll(table).toUint8Array(true);
}
