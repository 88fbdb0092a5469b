// keyedRng's key words (dealKey: the seed's and the deal index's two 32-bit words each, without words53's pairs)
// against the key written out — the stream keyWords makes of it — for seeds and indices on both sides of 2^32,
// and its checks.
import { describe, expect, it } from 'vitest';
import { Rng, STREAM, keyWords, keyedRng, keyedRngLater } from '../../src/core/rng.ts';

const words = (x: number): [number, number] => [x % 4294967296, Math.floor(x / 4294967296)];

describe('keyedRng = the stream of its key written out', () => {
  it('seeds and deal indices below and beyond 2^32, every kind and seat', () => {
    const xs = [0, 1, 7, 4294967295, 4294967296, 4294967297, 2 ** 40 + 12345, Number.MAX_SAFE_INTEGER];
    for (const root of xs) {
      for (const deal of xs) {
        for (const kind of [STREAM.deal, STREAM.policy, STREAM.resample]) {
          for (const seat of [-1, 0, 3, 5]) {
            const key = [...words(root), ...words(deal), kind, seat + 1];
            const [a, b, c, d] = keyWords(key);
            const want = new Rng(a, b, c, d);
            const got = keyedRng(root, deal, kind, seat);
            const later = keyedRngLater(root, deal, kind, seat);
            for (let i = 0; i < 4; i++) {
              const w = want.nextUint32();
              expect(got.nextUint32()).toBe(w);
              expect(later.nextUint32()).toBe(w);
            }
          }
        }
      }
    }
  });
  it('checks the seed and the index', () => {
    for (const bad of [-1, 0.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN, Infinity]) {
      expect(() => keyedRng(bad, 0, STREAM.deal)).toThrow(RangeError);
      expect(() => keyedRng(0, bad, STREAM.deal)).toThrow(RangeError);
      expect(() => keyedRngLater(bad, 0, STREAM.deal)).toThrow(RangeError);
    }
  });
});
