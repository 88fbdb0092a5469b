// Bit helpers for 32-bit card masks (layout drawn in card.ts). No BigInt, no allocation.

/** Number of set bits of a 32-bit word. */
export function popcount32(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/** Index of the lowest set bit (x must be non-zero). */
export function lsbIndex(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** The set bits of a 32-bit word as indices, lowest first. */
export function bitIndices(x: number): number[] {
  const out: number[] = [];
  let m = x >>> 0;
  while (m !== 0) {
    out.push(lsbIndex(m));
    m = (m & (m - 1)) >>> 0;
  }
  return out;
}

/** Binomial coefficients C(n, k) for n <= 33, k <= 33, as a flat table: BINOM[n * 34 + k]. */
export const BINOM: Int32Array = (() => {
  const t = new Int32Array(34 * 34);
  for (let n = 0; n <= 33; n++) {
    t[n * 34] = 1;
    for (let k = 1; k <= n; k++) t[n * 34 + k] = t[(n - 1) * 34 + k - 1]! + (k <= n - 1 ? t[(n - 1) * 34 + k]! : 0);
  }
  return t;
})();
export function binom(n: number, k: number): number {
  return k < 0 || k > n ? 0 : BINOM[n * 34 + k]!;
}

/**
 * Colexicographic rank of a set of bits among all sets of the same size:
 * sum over the i-th lowest set bit c_i (i from 1) of C(c_i, i). A perfect index for k-subsets of 32.
 */
export function colex32(m: number): number {
  let idx = 0;
  let i = 1;
  m >>>= 0;
  while (m !== 0) {
    const c = 31 - Math.clz32(m & -m);
    idx += BINOM[c * 34 + i]!;
    m = (m & (m - 1)) >>> 0;
    i++;
  }
  return idx;
}
