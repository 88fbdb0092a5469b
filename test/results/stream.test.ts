// Crash-safe streaming output: round trip, readers in other languages, byte-identical resume, and torn files
// cut at every byte of their last batches (GUIDE §2 "Crash and resume", "Torn files").
import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { RecordBatchStreamReader, tableFromIPC, type RecordBatch } from 'apache-arrow';
import { arrowType } from '../../src/results/schema.ts';
import { BatchStreamWriter, TornFileError, encodeDictionary, readStreamBatches, type ColumnData, type Committed } from '../../src/results/stream.ts';
import { streamToFile } from '../../src/results/ipc-file.ts';
import type { ColumnSpec } from '../../src/core/columns.ts';
import { scratchDir } from '../scratch.js';

const COLUMNS: readonly ColumnSpec[] = [
  { name: 'policy', type: 'utf8', doc: 'policy name' },
  { name: 'seat', type: 'uint8', doc: '' },
  { name: 'delta', type: 'int8', doc: '' },
  { name: 'tricks', type: 'uint16', doc: '' },
  { name: 'score', type: 'int16', doc: '' },
  { name: 'deal', type: 'uint32', doc: '' },
  { name: 'margin', type: 'int32', doc: '' },
  { name: 'p', type: 'float64', doc: '' },
  { name: 'ruleset', type: 'utf8', doc: 'ruleset name' },
];
const POLICIES = ['random', 'greedy', 'mcts{n=100}', 'ä-umlaut', ''];

/** Batch k: deterministic, its dictionaries differ from batch to batch (new strings, other orders). */
function batch(k: number, rows = 3 + (k % 4)): Record<string, ColumnData> {
  const idx = Array.from({ length: rows }, (_, r) => r);
  return {
    policy: idx.map((r) => POLICIES[(k * 3 + r * (k + 1)) % POLICIES.length]!),
    seat: Uint8Array.from(idx, (r) => (k + r) % 4),
    delta: Int8Array.from(idx, (r) => ((k * 7 + r * 13) % 256) - 128),
    tricks: Uint16Array.from(idx, (r) => k * 1000 + r),
    score: Int16Array.from(idx, (r) => (r % 2 === 0 ? -1 : 1) * (k * 100 + r)),
    deal: Uint32Array.from(idx, (r) => 4_000_000_000 + k * 10 + r),
    margin: Int32Array.from(idx, (r) => -(k * 1_000_000) - r),
    p: Float64Array.from(idx, (r) => (k + r) / 7),
    ruleset: idx.map((r) => (k % 3 === 2 ? `variant-${k}-${r % 2}` : 'oberland')),
  };
}

/** Rows of a batch as plain values, to compare with what readers return. */
function rowsOf(cols: Record<string, ColumnData>): Record<string, string | number>[] {
  const n = (cols.seat as ArrayLike<number>).length;
  return Array.from({ length: n }, (_, r) => Object.fromEntries(COLUMNS.map((c) => [c.name, (cols[c.name] as ArrayLike<string | number>)[r]!])));
}

function plain(batches: Iterable<RecordBatch>): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  for (const b of batches) for (const row of b.toArray()) out.push({ ...row.toJSON() });
  return out;
}

const dirs: string[] = [];
function tmp(): string {
  const d = scratchDir('stream');
  dirs.push(d);
  return d;
}
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Write batches 0..n-1 in one go; the positions after create and after each append. */
function writeAll(path: string, n: number, finish: boolean): Committed[] {
  const w = BatchStreamWriter.create(path, COLUMNS, { command: 'test' });
  const pos = [w.committed];
  for (let k = 0; k < n; k++) pos.push(w.append(batch(k)));
  if (finish) pos.push(w.finish());
  w.close();
  return pos;
}

const expected = (n: number) => Array.from({ length: n }, (_, k) => rowsOf(batch(k))).flat();

describe('BatchStreamWriter round trip', () => {
  const dir = tmp();
  const stream = join(dir, 'hands.arrows');
  const file = join(dir, 'hands.arrow');
  const pos = writeAll(stream, 6, true);
  const converted = streamToFile(stream, file);

  it('reports committed positions that match the file', () => {
    expect(pos.map((p) => p.batches)).toEqual([0, 1, 2, 3, 4, 5, 6, 6]);
    expect(pos.at(-1)!.rows).toBe(expected(6).length);
    expect(pos.at(-1)!.bytes).toBe(statSync(stream).size);
    expect(converted).toEqual({ rows: expected(6).length, bytes: statSync(file).size });
  });

  it('reads back batch by batch, with apache-arrow readers, and as a file after streamToFile', () => {
    const want = expected(6);
    expect(plain(readStreamBatches(stream))).toEqual(want);
    expect(plain(readStreamBatches(stream, { ...pos.at(-1)!, complete: true }))).toEqual(want);
    expect(plain(RecordBatchStreamReader.from(readFileSync(stream)))).toEqual(want);
    const t = tableFromIPC(readFileSync(file));
    expect(plain(t.batches)).toEqual(want);
    expect(t.batches.length).toBe(6);
    expect(t.schema.fields.map((f) => [f.name, String(f.type), f.nullable])).toEqual(COLUMNS.map((c) => [c.name, String(arrowType(c.type)), false]));
    expect(t.schema.metadata.get('command')).toBe('test');
  });

  it('refuses an existing path, missing or foreign columns, wrong types, ragged or empty batches', () => {
    expect(() => BatchStreamWriter.create(stream, COLUMNS)).toThrow(/EEXIST/);
    const w = BatchStreamWriter.create(join(dir, 'bad.arrows'), COLUMNS);
    const { seat: _seat, ...noSeat } = batch(0);
    expect(() => w.append(noSeat)).toThrow(/seat missing/);
    expect(() => w.append({ ...batch(0), extra: Uint8Array.of(1, 2, 3) })).toThrow(/extra is not in/);
    expect(() => w.append({ ...batch(0), score: Int32Array.of(1, 2, 3) })).toThrow(/score \(int16\) must be a Int16Array/);
    expect(() => w.append({ ...batch(0), seat: Uint8Array.of(1) })).toThrow(/seat has 1 rows/);
    expect(() => w.append(batch(0, 0))).toThrow(/at least one row/);
    expect(w.committed.batches).toBe(0);
    w.close();
  });
});

const python = spawnSync('python3', ['-c', 'import pyarrow, polars'], { stdio: 'ignore' }).status === 0;

describe('other readers', () => {
  it.skipIf(!python)('pyarrow open_stream/open_file and polars read_ipc_stream/read_ipc agree', () => {
    const dir = tmp();
    const stream = join(dir, 'hands.arrows');
    const file = join(dir, 'hands.arrow');
    writeAll(stream, 5, true);
    streamToFile(stream, file);
    const script = [
      'import sys, json, pyarrow.ipc as ipc, polars as pl',
      's, f = sys.argv[1], sys.argv[2]',
      'a = ipc.open_stream(s).read_all()',
      'b = ipc.open_file(f).read_all()',
      'c = pl.read_ipc_stream(s)',
      'd = pl.read_ipc(f)',
      'print(json.dumps({"stream": a.to_pylist(), "file": b.to_pylist(), "pl_stream": c.to_dicts(), "pl_file": d.to_dicts(),',
      '  "types": [str(t) for t in b.schema.types], "nullable": [x.nullable for x in b.schema], "batches": ipc.open_file(f).num_record_batches}))',
    ].join('\n');
    const out = JSON.parse(execFileSync('python3', ['-c', script, stream, file], { encoding: 'utf8' })) as Record<string, unknown>;
    const want = expected(5);
    expect(out.stream).toEqual(want);
    expect(out.file).toEqual(want);
    expect(out.pl_stream).toEqual(want);
    expect(out.pl_file).toEqual(want);
    expect(out.batches).toBe(5);
    expect(out.nullable).toEqual(COLUMNS.map(() => false));
    expect(out.types).toEqual(['dictionary<values=string, indices=int32, ordered=0>', 'uint8', 'int8', 'uint16', 'int16', 'uint32', 'int32', 'double', 'dictionary<values=string, indices=int32, ordered=0>']);
  });
});

describe('resume gives the bytes of an uninterrupted run', () => {
  const dir = tmp();
  const ref = join(dir, 'ref.arrows');
  const refPos = writeAll(ref, 7, true);
  const refBytes = readFileSync(ref);
  const refFile = join(dir, 'ref.arrow');
  streamToFile(ref, refFile);

  for (const stop of [0, 1, 3, 6]) {
    it(`crash after ${stop} batches, torn tail, resume`, () => {
      const path = join(dir, `crash-${stop}.arrows`);
      // extra Dictionary types made before must not change any byte (ids are fixed per column)
      for (let i = 0; i < 3; i++) arrowType('utf8');
      const w = BatchStreamWriter.create(path, COLUMNS, { command: 'test' });
      let committed = w.committed;
      for (let k = 0; k < stop; k++) committed = w.append(batch(k));
      w.close(); // killed: no finish
      // the in-flight batch was half written
      const half = refBytes.subarray(committed.bytes, Math.floor((committed.bytes + refPos[stop + 1]!.bytes) / 2));
      appendFileSync(path, half);
      const r = BatchStreamWriter.resume(path, COLUMNS, committed);
      expect(statSync(path).size).toBe(committed.bytes);
      for (let k = stop; k < 7; k++) r.append(batch(k));
      expect(r.finish()).toEqual(refPos.at(-1));
      r.close();
      expect(readFileSync(path).equals(refBytes)).toBe(true);
      const file = join(dir, `crash-${stop}.arrow`);
      streamToFile(path, file);
      expect(readFileSync(file).equals(readFileSync(refFile))).toBe(true);
    });
  }

  it('refuses to resume with other columns or beyond the file', () => {
    const path = join(dir, 'other.arrows');
    const pos = writeAll(path, 2, false);
    const other = COLUMNS.map((c) => (c.name === 'score' ? { ...c, type: 'int32' as const } : c));
    expect(() => BatchStreamWriter.resume(path, other, pos[2]!)).toThrow(/schema differs/);
    expect(() => BatchStreamWriter.resume(path, COLUMNS.slice(1), pos[2]!)).toThrow(TornFileError);
    expect(() => BatchStreamWriter.resume(path, COLUMNS, { ...pos[2]!, bytes: pos[2]!.bytes + 8 })).toThrow(/has \d+ bytes but \d+ are committed/);
    expect(() => BatchStreamWriter.resume(path, COLUMNS, { ...pos[2]!, rows: pos[2]!.rows + 1 })).toThrow(/the manifest says 2 batches/);
  });
});

describe('torn files: cut at every byte of the last batches', () => {
  const dir = tmp();
  const full = join(dir, 'full.arrows');
  const pos = writeAll(full, 4, false); // a run in progress: schema + 4 committed batches, no end marker
  const bytes = readFileSync(full);
  const last = pos[4]!;
  const prev = pos[3]!;
  const from = pos[2]!.bytes; // start of the second-to-last batch
  const ref = join(dir, 'ref.arrows');
  writeAll(ref, 5, true);
  const refBytes = readFileSync(ref);
  const path = join(dir, 'cut.arrows');

  it(`every cut from byte ${from} to ${last.bytes}: recovered exactly or refused`, () => {
    let recovered = 0;
    let refused = 0;
    for (let cut = from; cut <= last.bytes; cut++) {
      writeFileSync(path, bytes.subarray(0, cut));
      // reading with the manifest's expectation never gives a short table
      if (cut < last.bytes) {
        expect(() => readStreamBatches(path, { ...last, complete: false }), `cut ${cut}`).toThrow(TornFileError);
      } else {
        expect(plain(readStreamBatches(path, { ...last, complete: false })).length).toBe(last.rows);
      }
      // nor without one (the stream has no end marker)
      expect(() => readStreamBatches(path), `cut ${cut}`).toThrow(TornFileError);
      // a manifest one batch behind (crash between the write and the manifest update)
      if (cut >= prev.bytes) {
        const r = BatchStreamWriter.resume(path, COLUMNS, prev);
        expect(statSync(path).size).toBe(prev.bytes);
        r.close();
        writeFileSync(path, bytes.subarray(0, cut));
      } else {
        expect(() => BatchStreamWriter.resume(path, COLUMNS, prev), `cut ${cut}`).toThrow(TornFileError);
      }
      // resume at the last committed position
      if (cut < last.bytes) {
        expect(() => BatchStreamWriter.resume(path, COLUMNS, last), `cut ${cut}`).toThrow(TornFileError);
        expect(statSync(path).size, 'a refused resume changes nothing').toBe(cut);
        refused++;
      } else {
        const r = BatchStreamWriter.resume(path, COLUMNS, last);
        r.append(batch(4));
        r.finish();
        r.close();
        expect(readFileSync(path).equals(refBytes)).toBe(true);
        recovered++;
      }
    }
    expect(refused).toBe(last.bytes - from);
    expect(recovered).toBe(1);
  });

  it('garbage, a whole uncommitted batch or a stray end marker after the committed position is cut off', () => {
    const tails = [
      Uint8Array.of(0xff),
      Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0x40, 0, 0, 0, 1, 2, 3),
      new Uint8Array(100).fill(0xab),
      Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0),
      refBytes.subarray(last.bytes, refBytes.length - 8), // batch 4, complete but never committed
    ];
    for (const tail of tails) {
      writeFileSync(path, bytes);
      appendFileSync(path, tail);
      expect(plain(readStreamBatches(path, { ...last, complete: false })).length).toBe(last.rows);
      expect(() => readStreamBatches(path, { ...last, complete: true })).toThrow(TornFileError);
      const r = BatchStreamWriter.resume(path, COLUMNS, last);
      r.append(batch(4));
      r.finish();
      r.close();
      expect(readFileSync(path).equals(refBytes)).toBe(true);
    }
  });

  it('a finished stream cut anywhere in its last two batches or end marker is refused', () => {
    const finished = join(dir, 'finished.arrows');
    const fpos = writeAll(finished, 4, true);
    const fbytes = readFileSync(finished);
    const end = fpos.at(-1)!;
    for (let cut = fpos[2]!.bytes; cut < end.bytes; cut++) {
      writeFileSync(path, fbytes.subarray(0, cut));
      expect(() => readStreamBatches(path, { ...end, complete: true }), `cut ${cut}`).toThrow(TornFileError);
      expect(() => readStreamBatches(path), `cut ${cut}`).toThrow(TornFileError);
      expect(() => streamToFile(path, join(dir, 'never.arrow')), `cut ${cut}`).toThrow(TornFileError);
    }
    copyFileSync(finished, path);
    expect(plain(readStreamBatches(path, { ...end, complete: true })).length).toBe(end.rows);
    expect(() => readStreamBatches(path, { ...end, complete: false })).toThrow(/not complete/);
    expect(() => statSync(join(dir, 'never.arrow'))).toThrow(/ENOENT/);
  });

  it('the error names the file and the problem on one line', () => {
    writeFileSync(path, bytes.subarray(0, last.bytes - 5));
    let message = '';
    try {
      readStreamBatches(path, { ...last, complete: false });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain(path);
    expect(message).toMatch(/has \d+ bytes but \d+ are committed/);
    expect(message).not.toContain('\n');
  });
});


describe('dictionary-encoded string columns', () => {
  it('a batch given as a DictColumn is the same bytes as the plain strings', () => {
    const dir = scratchDir('dict');
    const strings = ['S', 'H', 'S', 'E', 'H', 'L'];
    const cols = (trump: ColumnData) => ({ seat: new Uint8Array([0, 1, 2, 3, 0, 1]), trump, points: new Int16Array([1, 2, -2, 0, 3, 1]) });
    const specs = [
      { name: 'seat', type: 'uint8' as const, doc: '' },
      { name: 'trump', type: 'utf8' as const, doc: '' },
      { name: 'points', type: 'int16' as const, doc: '' },
    ];
    const a = BatchStreamWriter.create(join(dir, 'a.arrows'), specs);
    a.append(cols(strings));
    a.finish();
    a.close();
    const b = BatchStreamWriter.create(join(dir, 'b.arrows'), specs);
    const enc = encodeDictionary(strings);
    expect([...enc.values]).toEqual(['S', 'H', 'E', 'L']);
    expect([...enc.indices]).toEqual([0, 1, 0, 2, 1, 3]);
    b.append(cols(enc));
    b.finish();
    b.close();
    expect(readFileSync(join(dir, 'b.arrows')).equals(readFileSync(join(dir, 'a.arrows')))).toBe(true);
    const bad = BatchStreamWriter.create(join(dir, 'c.arrows'), specs);
    expect(() => bad.append(cols({ kind: 'dict', indices: new Int32Array([0, 1, 0, 2, 1, 9]), values: ['S', 'H', 'E', 'L'] }))).toThrow(/outside its dictionary/);
    bad.close();
  });
});
