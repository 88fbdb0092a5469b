// The Arrow files perlagg writes are Arrow IPC files with ZSTD buffer compression (issue 29 item 3), checked
// against the format itself: the magic at both ends, the footer's blocks, every record and dictionary batch
// message declaring ZSTD / BUFFER, and every body buffer an int64 of its uncompressed length followed by one
// zstd frame (or -1 and the raw bytes) — decompressed by the zstd command (another implementation of the
// codec) where it is installed, and equal to what arrow-js decodes. Files written uncompressed (by perlagg
// before this) are still read.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Message, MessageHeader, tableFromIPC, tableToIPC } from 'apache-arrow';
import { Footer } from 'apache-arrow/ipc/metadata/file';
import { describe, expect, it } from 'vitest';
import { zstd } from '../../src/results/codec.ts';
import { arrowFileSource } from '../../src/results/ipc-file.ts';
import { runSimulation } from '../../src/runner/runner.ts';
import { scratchDir } from '../scratch.ts';

const zstdCli = spawnSync('zstd', ['--version'], { stdio: 'ignore' }).status === 0;

interface Checked { messages: number; buffers: number; compressed: number; viaCli: number }

/** Walk an Arrow IPC file by the spec and check the compression of every batch body. */
function checkFile(path: string, dir: string): Checked {
  const b = readFileSync(path);
  expect(b.subarray(0, 6).toString('latin1')).toBe('ARROW1');
  expect(b.subarray(b.length - 6).toString('latin1')).toBe('ARROW1');
  const footerLength = b.readInt32LE(b.length - 10);
  const footer = Footer.decode(new Uint8Array(b.buffer, b.byteOffset + b.length - 10 - footerLength, footerLength));
  const out: Checked = { messages: 0, buffers: 0, compressed: 0, viaCli: 0 };
  for (const block of [...footer.dictionaryBatches(), ...footer.recordBatches()]) {
    const at = Number(block.offset);
    expect(b.readInt32LE(at)).toBe(-1); // continuation marker
    const len = b.readInt32LE(at + 4);
    const message = Message.decode(new Uint8Array(b.buffer, b.byteOffset + at + 8, len));
    const header = message.header() as { compression?: { type: number; method: number } | null; buffers?: Array<{ offset: number; length: number }>; data?: { compression?: { type: number; method: number } | null; buffers: Array<{ offset: number; length: number }> } };
    const rb = message.headerType === MessageHeader.DictionaryBatch ? header.data! : header;
    expect(rb.compression, 'every batch declares its compression').toBeTruthy();
    expect([rb.compression!.type, rb.compression!.method]).toEqual([1, 0]); // CompressionType.ZSTD, BodyCompressionMethod.BUFFER
    const body = at + 8 + len;
    for (const buf of rb.buffers!) {
      if (Number(buf.length) === 0) continue;
      const start = body + Number(buf.offset);
      const raw = Number(b.readBigInt64LE(start));
      const bytes = b.subarray(start + 8, start + Number(buf.length));
      out.buffers += 1;
      if (raw === -1) continue; // stored uncompressed: compression did not pay
      expect(bytes.readUInt32LE(0)).toBe(0xfd2fb528); // a zstd frame
      out.compressed += 1;
      expect(zstd().decompress(new Uint8Array(bytes)).length).toBe(raw); // the prefix is the uncompressed length
      if (zstdCli && out.viaCli < 5) {
        const f = join(dir, `buf-${out.messages}-${out.buffers}.zst`);
        writeFileSync(f, bytes);
        const d = spawnSync('zstd', ['-d', '-c', f]);
        expect(d.status).toBe(0);
        expect(d.stdout.length).toBe(raw);
        out.viaCli += 1;
      }
    }
    out.messages += 1;
  }
  return out;
}

describe('compressed tables', () => {
  it('deals.arrow: every batch ZSTD-compressed by the spec, decoded the same by arrow-js and the zstd command', async () => {
    const dir = scratchDir('zstd');
    const out = join(dir, 'run');
    await runSimulation({ spec: { mode: 'figures', ruleset: 'oberland', players: 4, policies: [], seed: 2, constraints: { hands: {}, trump: null, predicate: null } }, deals: 3000, batchSize: 1000, workers: 0, out, resume: false, shard: null, untilCi: null, timeBudgetMs: null });
    const file = join(out, 'deals.arrow');
    const c = checkFile(file, dir);
    expect(c.messages).toBeGreaterThanOrEqual(3); // three record batches (and the dictionaries)
    expect(c.compressed).toBeGreaterThan(c.buffers / 2);
    if (zstdCli) expect(c.viaCli).toBe(5);
    const t = tableFromIPC(readFileSync(file));
    expect(t.numRows).toBe(3000);
    // the same values as an uncompressed copy of the same table, and that copy is read too (older files)
    const plain = join(dir, 'plain.arrow');
    writeFileSync(plain, tableToIPC(t, 'file'));
    const src = arrowFileSource(plain);
    expect(src.rows).toBe(3000);
    const a = [...arrowFileSource(file).read()].flatMap((x) => x.toArray().map((r) => JSON.stringify(r)));
    const p = [...src.read()].flatMap((x) => x.toArray().map((r) => JSON.stringify(r)));
    expect(a).toEqual(p);
    expect(readFileSync(file).length * 2).toBeLessThan(readFileSync(plain).length);
  });
});
