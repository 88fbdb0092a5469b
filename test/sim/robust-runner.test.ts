// Issue 9: what an adversarial trial of the runner broke, in-process (items 2, 3, 6, 7, 8, 9).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { io } from '../../src/results/io.ts';
import { readRunManifest, writeRunManifest } from '../../src/results/run-manifest.ts';
import { LOCK_FILE } from '../../src/results/run-folder.ts';
import { type SimSpec } from '../../src/sim/job.ts';
import { runSimulation, type RunOptions } from '../../src/runner/runner.ts';
import { RunFailure } from '../../src/core/errors.ts';
import { scratchDir } from '../scratch.js';

const tmp = () => scratchDir('robust');
const SPEC: SimSpec = { mode: 'figures', ruleset: 'oberland', players: 4, policies: [], seed: 7, constraints: { hands: {}, trump: null, predicate: null } };
const base = (over: Partial<RunOptions>): RunOptions => ({ spec: SPEC, deals: 6000, batchSize: 1000, workers: 0, out: null, resume: false, shard: null, untilCi: null, timeBudgetMs: null, ...over });

/** A run stopped (as by Ctrl-C) after `batches` committed batches. */
async function interrupted(out: string, batches: number, over: Partial<RunOptions> = {}): Promise<void> {
  const abort = new AbortController();
  let n = 0;
  const r = await runSimulation(base({ out, signal: abort.signal, onProgress: () => { if (++n === batches) abort.abort(); }, ...over }));
  expect(r.stoppedBy).toBe('interrupted');
}

let whole: Buffer | null = null;
async function uninterrupted(): Promise<Buffer> {
  if (whole === null) {
    const out = join(tmp(), 'whole');
    await runSimulation(base({ out }));
    whole = readFileSync(join(out, 'deals.arrow'));
  }
  return whole;
}

const realWrite = io.writeSync;
afterEach(() => {
  io.writeSync = realWrite;
});

describe('item 2: --resume after a code change', () => {
  it('is refused naming the field; --allow-code-change continues and records it', async () => {
    const out = join(tmp(), 'run');
    await interrupted(out, 2);
    const m = readRunManifest(out)!;
    writeRunManifest(out, { ...m, code: { ...m.code, sources: 'another-version' } });
    await expect(runSimulation(base({ out, resume: true }))).rejects.toThrow(/was made by other code \(code\.sources: another-version, now [0-9a-f]{16}\).*--allow-code-change/);
    const r = await runSimulation(base({ out, resume: true, allowCodeChange: true }));
    expect(r.dealsDone).toBe(6000);
    const done = readRunManifest(out)!;
    const changes = done['codeChanges'] as Array<{ atBatch: number; from: { sources: string } }>;
    expect(changes).toHaveLength(1);
    expect(changes[0]!.atBatch).toBe(2);
    expect(changes[0]!.from.sources).toBe('another-version');
    expect(done.code.sources).not.toBe('another-version');
  });
});

describe('item 3: committed data is checked, not trusted', () => {
  it('a flipped byte in a committed batch is refused on resume', async () => {
    const out = join(tmp(), 'run');
    await interrupted(out, 3);
    const m = readRunManifest(out)!;
    const stream = join(out, 'deals.arrows');
    const bytes = readFileSync(stream);
    const at = Math.floor(m.tables['deals']!.committed.bytes * 0.6); // inside batch 2's data
    bytes[at] = bytes[at]! ^ 0x10;
    writeFileSync(stream, bytes);
    await expect(runSimulation(base({ out, resume: true }))).rejects.toThrow(/committed batch 2 of 3 .* does not match its checksum/);
  });

  it('a refused resume touches nothing: the other table\'s stream stays', async () => {
    const out = join(tmp(), 'run');
    const spec: SimSpec = { ...SPEC, mode: 'partien', policies: ['simple', 'passive'] };
    await interrupted(out, 2, { spec, deals: 12, batchSize: 2 });
    const hands = join(out, 'hands.arrows');
    const bytes = readFileSync(hands);
    bytes[bytes.length - 40] = bytes[bytes.length - 40]! ^ 0x01;
    writeFileSync(hands, bytes);
    const before = readdirSync(out).sort();
    await expect(runSimulation(base({ out, spec, deals: 12, batchSize: 2, resume: true }))).rejects.toThrow(/hands\.arrows: committed batch 2 of 2 .* does not match its checksum/);
    expect(readdirSync(out).sort()).toEqual(before);
    expect(readFileSync(join(out, 'partien.arrows')).length).toBeGreaterThan(0);
  });

  it('an edited batchesDone, dealsDone or metrics is refused; so is a manifest without its seal', async () => {
    const out = join(tmp(), 'run');
    await interrupted(out, 3);
    const path = join(out, 'manifest.json');
    const text = readFileSync(path, 'utf8');
    for (const [from, to] of [['"batchesDone": 3', '"batchesDone": 2'], ['"dealsDone": 3000', '"dealsDone": 6000'], ['"rejected": 0', '"rejected": 5']] as const) {
      expect(text).toContain(from);
      writeFileSync(path, text.replace(from, to));
      await expect(runSimulation(base({ out, resume: true }))).rejects.toThrow(/does not match its seal/);
    }
    const { seal: _, ...unsealed } = JSON.parse(text) as Record<string, unknown>;
    writeFileSync(path, JSON.stringify(unsealed));
    await expect(runSimulation(base({ out, resume: true }))).rejects.toThrow(/has no seal/);
    // resealed by hand, the numbers still have to agree with each other
    const m = JSON.parse(text) as Parameters<typeof writeRunManifest>[1];
    writeRunManifest(out, { ...m, progress: { ...m.progress, dealsDone: 2500 } });
    await expect(runSimulation(base({ out, resume: true }))).rejects.toThrow(/dealsDone 2500 does not follow from 3 batches/);
    writeRunManifest(out, { ...m, progress: { ...m.progress, batchesDone: 2, dealsDone: 2000 } });
    await expect(runSimulation(base({ out, resume: true }))).rejects.toThrow(/table deals has 3 committed batches but batchesDone is 2/);
    writeRunManifest(out, m);
    await runSimulation(base({ out, resume: true }));
    expect(readFileSync(join(out, 'deals.arrow')).equals(await uninterrupted())).toBe(true);
  });
});

describe('item 6: killed before the first commit', () => {
  it('a folder with a stream and no manifest is cleared by a new run and by --resume', async () => {
    for (const resume of [false, true]) {
      const out = join(tmp(), 'run');
      await interrupted(out, 1);
      const m = readRunManifest(out)!;
      writeFileSync(join(out, 'manifest.json'), ''); // as if the first manifest write never happened
      const { rmSync } = await import('node:fs');
      rmSync(join(out, 'manifest.json'));
      void m;
      const notes: string[] = [];
      const r = await runSimulation(base({ out, resume, onNote: (l) => notes.push(l) }));
      expect(r.dealsDone).toBe(6000);
      expect(notes.join('\n')).toMatch(/stopped before its first commit; cleared it \(deals\.arrows\)/);
      expect(readFileSync(join(out, 'deals.arrow')).equals(await uninterrupted())).toBe(true);
    }
  });

  it('other files in the folder are never cleared', async () => {
    const out = join(tmp(), 'run');
    mkdirSync(out);
    writeFileSync(join(out, 'deals.arrows'), 'x');
    writeFileSync(join(out, 'notes.txt'), 'mine');
    await expect(runSimulation(base({ out }))).rejects.toThrow(/is not empty/);
    expect(readdirSync(out).sort()).toEqual(['deals.arrows', 'notes.txt']);
  });
});

describe('item 7: one writer at a time', () => {
  it('a live owner\'s lock refuses at once; a dead owner\'s lock is replaced', async () => {
    const out = join(tmp(), 'run');
    await interrupted(out, 2);
    const lock = join(out, LOCK_FILE);
    const stat = readFileSync(`/proc/${process.pid}/stat`, 'utf8');
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), start, since: 'now' }));
    await expect(runSimulation(base({ out, resume: true }))).rejects.toThrow(new RegExp(`is in use by process ${process.pid}`));
    writeFileSync(lock, JSON.stringify({ pid: process.pid, host: hostname(), start: 'long ago', since: 'then' })); // a reused pid
    const r = await runSimulation(base({ out, resume: true }));
    expect(r.dealsDone).toBe(6000);
    expect(existsSync(lock)).toBe(false);
  });
});

describe('item 8: temp files of crashed writers', () => {
  it('are removed on resume', async () => {
    const out = join(tmp(), 'run');
    await interrupted(out, 2);
    writeFileSync(join(out, '.deals.arrow.tmp-4242'), Buffer.alloc(100_000));
    writeFileSync(join(out, '.manifest.json.tmp-4243'), '{');
    const notes: string[] = [];
    await runSimulation(base({ out, resume: true, onNote: (l) => notes.push(l) }));
    expect(readdirSync(out).sort()).toEqual(['deals.arrow', 'manifest.json']);
    expect(notes.join('\n')).toMatch(/removed 2 temp file/);
  });
});

describe('item 9: a full disk', () => {
  const failAfter = (n: number, pathHint?: RegExp) => {
    let calls = 0;
    io.writeSync = (fd, buf, off, len, pos) => {
      if (++calls > n) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      return realWrite(fd, buf, off, len, pos);
    };
    void pathHint;
  };

  it('mid-run: one line naming the path, committed batches safe, --resume completes byte-identical', async () => {
    for (const n of [4, 5, 9]) {
      const out = join(tmp(), 'run');
      failAfter(n);
      const err = await runSimulation(base({ out })).catch((e: unknown) => e);
      io.writeSync = realWrite;
      expect(err).toBeInstanceOf(RunFailure);
      expect((err as Error).message).toMatch(new RegExp(`^cannot write ${out}/(deals\\.arrows|manifest\\.json): no space left on the device \\(ENOSPC\\); the \\d+ batches committed before are safe in ${out}; .*--resume$`));
      expect(readdirSync(out).filter((f) => f.includes('.tmp-'))).toEqual([]);
      await runSimulation(base({ out, resume: true }));
      expect(readFileSync(join(out, 'deals.arrow')).equals(await uninterrupted())).toBe(true);
    }
  });

  it('before the first commit: nothing is left; in the final conversion: every batch safe, --resume finishes', async () => {
    const first = join(tmp(), 'run');
    failAfter(1); // the schema is written, the first manifest is not
    await expect(runSimulation(base({ out: first }))).rejects.toThrow(/manifest\.json: no space left on the device \(ENOSPC\); nothing was committed/);
    io.writeSync = realWrite;
    expect(existsSync(first)).toBe(false);

    const out = join(tmp(), 'run');
    let calls = 0;
    io.writeSync = (fd, buf, off, len, pos) => {
      // fail in the temp file of the final conversion
      if (readlinkSync(`/proc/self/fd/${fd}`).includes('.deals.arrow.tmp-') && ++calls > 2) throw Object.assign(new Error('ENOSPC'), { code: 'ENOSPC' });
      return realWrite(fd, buf, off, len, pos);
    };
    await expect(runSimulation(base({ out }))).rejects.toThrow(/cannot write .*deals\.arrow: no space left on the device \(ENOSPC\); every batch is committed in deals\.arrows and safe; .*--resume to finish/);
    io.writeSync = realWrite;
    const m = readRunManifest(out)!;
    expect(m.complete).toBe(false);
    expect(m['finishing']).toBe('deals');
    await runSimulation(base({ out, resume: true }));
    expect(readFileSync(join(out, 'deals.arrow')).equals(await uninterrupted())).toBe(true);
    expect(readdirSync(out).sort()).toEqual(['deals.arrow', 'manifest.json']);
  });
});
