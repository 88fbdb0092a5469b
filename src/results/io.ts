// The one write function every output file goes through, so a test can inject a full disk (ENOSPC) at any
// byte without filling a real one (issue 9, item 9).
import { fsyncSync, writeSync } from 'node:fs';

export const io = {
  writeSync: writeSync as (fd: number, buffer: Uint8Array, offset: number, length: number, position: number | null) => number,
  fsyncSync: fsyncSync as (fd: number) => void,
};

/** Errors that mean the device is full or will not take the write (the message then says so). */
export function isDiskFull(e: unknown): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'EFBIG';
}

/** "no space left on the device (ENOSPC)", "EIO: i/o error", … for a write error. */
export function writeErrorText(e: unknown): string {
  const code = (e as { code?: unknown } | null)?.code;
  if (code === 'ENOSPC') return 'no space left on the device (ENOSPC)';
  if (code === 'EDQUOT') return 'the disk quota is exhausted (EDQUOT)';
  if (code === 'EFBIG') return 'the file is too large for the file system (EFBIG)';
  return e instanceof Error ? e.message.split('\n')[0]! : String(e);
}
