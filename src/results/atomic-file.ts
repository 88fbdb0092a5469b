// Writing a file atomically: temp file in the same folder, fsync, rename. A reader sees the old file or the new
// one, never a torn one. Apart from the Arrow writer (arrow-file.ts) so that what writes manifests, charts and
// small files does not load apache-arrow.
import { closeSync, openSync, renameSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { io } from './io.ts';

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
