// GUIDE guideline 8: Math.random is banned in src/, strategies/ and experiments/ — randomness is keyed by
// (seed, deal, seat) so results reproduce. This test reads the sources.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sources(p) : /\.(ts|mjs|js)$/.test(name) ? [p] : [];
  });
}

describe('randomness', () => {
  it('Math.random appears nowhere in src/, strategies/ or experiments/', () => {
    const files = ['src', 'strategies', 'experiments'].flatMap((d) => sources(join(ROOT, d)));
    expect(files.length).toBeGreaterThan(40);
    const hits = files.filter((f) => /Math\s*\.\s*random/.test(readFileSync(f, 'utf8')));
    expect(hits).toEqual([]);
  });
});
