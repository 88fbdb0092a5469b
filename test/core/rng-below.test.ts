// below(n)'s rejection threshold comes from a table for small n (worked out once instead of per draw):
// the table must equal 2^32 mod n for every n it covers, and the draws must be the very numbers the formula
// gave (keyed randomness: the same seed, the same shuffle, the same signature) — the rejection test on the
// product's low word by Math.imul included, the twin of the double's `m % 2^32`.
import { describe, expect, it } from 'vitest';
import { keyedRng, rejectionThreshold, Rng, SMALL_BELOW, smallThreshold, STREAM } from '../../src/core/rng.ts';

/** below(n) as it was: the threshold from the formula at every call (the twin of the table read). */
function belowByFormula(rng: Rng, n: number): number {
  if (n === 1) return 0;
  const threshold = (4294967296 - n) % n;
  for (;;) {
    const m = rng.nextUint32() * n;
    if (m % 4294967296 >= threshold) return Math.floor(m / 4294967296);
  }
}

describe('Rng.below threshold table', () => {
  it('equals 2^32 mod n for every n the table covers (exact BigInt check)', () => {
    for (let n = 1; n <= SMALL_BELOW; n++) {
      const exact = Number((1n << 32n) % BigInt(n));
      expect(smallThreshold(n)).toBe(exact);
      expect(rejectionThreshold(n)).toBe(exact);
    }
    expect(smallThreshold(3)).toBe(1);
    expect(smallThreshold(7)).toBe(4);
    expect(() => smallThreshold(SMALL_BELOW + 1)).toThrow(RangeError);
  });

  it('gives the same sequence of draws as the formula, for every n of the table and beyond it', () => {
    const ns: number[] = [];
    for (let n = 1; n <= SMALL_BELOW + 4; n++) ns.push(n);
    ns.push(1000, 65537, 1048577, 2097151, 2097152); // large n: the formula path, with real rejections
    ns.push(1.5, 7.25, 300.5, 2097151.5); // fractional n: the formula itself
    for (let deal = 0; deal < 8; deal++) {
      const a = keyedRng(7, deal, STREAM.deal);
      const b = keyedRng(7, deal, STREAM.deal);
      for (let round = 0; round < 20; round++) {
        for (const n of ns) expect(a.below(n)).toBe(belowByFormula(b, n));
      }
      expect(a.nextUint32()).toBe(b.nextUint32()); // both streams consumed the same number of words
    }
  });

  it('a shuffle-like sequence of draws (n = 32 down to 2) is unchanged, pinned', () => {
    const rng = keyedRng(1, 0, STREAM.deal);
    const twin = keyedRng(1, 0, STREAM.deal);
    const got: number[] = [];
    const want: number[] = [];
    for (let n = 33; n >= 2; n--) {
      got.push(rng.below(n));
      want.push(belowByFormula(twin, n));
    }
    expect(got).toEqual(want);
    // The numbers the formula gave before the table (computed on the tree without it).
    expect(got).toEqual([13, 11, 23, 26, 14, 13, 12, 18, 19, 4, 2, 8, 0, 11, 16, 0, 0, 6, 0, 7, 9, 5, 10, 6, 7, 5, 1, 0, 4, 2, 1, 0]);
  });
});
