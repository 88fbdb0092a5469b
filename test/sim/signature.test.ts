// The bench signature is pinned: a change of results must be deliberate and announced in its commit
// ("Results: changed (signature ...)"). UPDATE_SIGNATURE=1 npx vitest run test/sim/signature.test.ts rewrites it.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchSignature } from '../../src/runner/signature.ts';

const PINNED = join(import.meta.dirname, 'bench-signature.json');

describe('perlagg bench signature', () => {
  it('is deterministic and equals the pinned one', async () => {
    const a = await benchSignature();
    const b = await benchSignature();
    expect(b.signature).toBe(a.signature);
    const parts = Object.fromEntries(a.parts.map((p) => [p.name, p.hash]));
    if (process.env['UPDATE_SIGNATURE'] === '1' || !existsSync(PINNED)) {
      if (process.env['CI']) throw new Error('bench-signature.json is missing');
      writeFileSync(PINNED, JSON.stringify({ signature: a.signature, parts }, null, 1) + '\n');
    }
    const pinned = JSON.parse(readFileSync(PINNED, 'utf8')) as { signature: string; parts: Record<string, string> };
    expect(parts).toEqual(pinned.parts);
    expect(a.signature).toBe(pinned.signature);
  });
});
