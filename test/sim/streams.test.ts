// The hand's keyed streams made lazily (LazyStream) against the streams made at once.
import { describe, expect, it } from 'vitest';
import { LazyStream, STREAM, keyedPartieRng, keyedRng } from '../../src/sim/seeds.ts';

describe('LazyStream = the keyed stream made at once', () => {
  it('the same draws for deal and Partie keys, the same object on every read', () => {
    for (const seat of [0, 1, 3]) {
      const eager = keyedRng(5, 17, STREAM.policy, seat);
      const lazy = new LazyStream(() => keyedRng(5, 17, STREAM.policy, seat));
      expect(lazy.rng).toBe(lazy.rng);
      for (let i = 0; i < 50; i++) expect(lazy.rng.nextUint32()).toBe(eager.nextUint32());
      const p = keyedPartieRng(5, 2, 9, STREAM.policy, seat);
      const lp = new LazyStream(() => keyedPartieRng(5, 2, 9, STREAM.policy, seat));
      for (let i = 0; i < 50; i++) expect(lp.rng.below(7)).toBe(p.below(7));
    }
  });
  it('is not made until read', () => {
    let made = 0;
    const lazy = new LazyStream(() => (made++, keyedRng(1, 2, STREAM.policy, 0)));
    expect(made).toBe(0);
    void lazy.rng;
    void lazy.rng;
    expect(made).toBe(1);
  });
});
