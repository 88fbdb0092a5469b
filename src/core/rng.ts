// Keyed randomness (GUIDE guideline 8): every stream is a pure function of (root seed, deal index,
// stream kind, seat). Never `root + workerId`: the key words are hashed with a strong 32-bit finalizer
// (murmur3 fmix32 over a splitmix-style counter), so neighbouring keys give unrelated streams and the
// result does not depend on how deals are spread over workers or shards.
//
// The generator is sfc32 (Chris Doty-Humphrey's Small Fast Counting RNG, 128-bit state, passes
// PractRand/BigCrush). Its state lives in private (#) fields: a policy handed a stream cannot read
// the state by walking the object (GUIDE §2 "no seed in what a policy sees").

/** What a stream is for; part of its key. */
export const STREAM = Object.freeze({
  /** The deal's chance events: the shuffle and the cut. Keyed by (root, deal) only. */
  deal: 1,
  /** A player's policy choices. Keyed by (root, deal, seat). */
  policy: 2,
  /** Engine-side sampling for tests and bots (resampleHidden). */
  resample: 3,
});

function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Split a non-negative integer seed (up to 2^53) into two 32-bit words. */
function words53(x: number): [number, number] {
  if (!Number.isSafeInteger(x) || x < 0) throw new RangeError(`a seed or index must be a non-negative safe integer, got ${x}`);
  return [x >>> 0, Math.floor(x / 4294967296) >>> 0];
}

/** Hash a list of 32-bit key words into four state words (one pass per output word, different salts). */
export function keyWords(key: readonly number[]): [number, number, number, number] {
  const out: [number, number, number, number] = [0, 0, 0, 0];
  for (let w = 0; w < 4; w++) {
    let h = fmix32(0x9e3779b9 + Math.imul(w + 1, 0x7f4a7c15));
    for (const k of key) {
      h = fmix32((h ^ fmix32((k >>> 0) + Math.imul(w, 0x61c88647))) + 0x6a09e667);
      h = (Math.imul(h, 5) + 0xe6546b64) >>> 0;
    }
    out[w] = fmix32(h ^ (key.length * 0x27d4eb2f));
  }
  return out;
}

/** below(n)'s rejection threshold, 2^32 mod n: a draw whose low product word is below it is drawn again. */
export function rejectionThreshold(n: number): number {
  return (4294967296 - n) % n;
}

/** The largest n whose threshold below(n) reads from SMALL_THRESHOLDS (the shuffle's and most policies' n). */
export const SMALL_BELOW = 256;

/** rejectionThreshold(n) for n = 0..SMALL_BELOW, worked out once (entry 0 unused): the same numbers. */
const SMALL_THRESHOLDS: Float64Array = (() => {
  const t = new Float64Array(SMALL_BELOW + 1);
  for (let n = 1; n <= SMALL_BELOW; n++) t[n] = rejectionThreshold(n);
  return t;
})();

/** The table below(n) reads for small n (for the test comparing it with rejectionThreshold). */
export function smallThreshold(n: number): number {
  if (!(Number.isInteger(n) && n >= 1 && n <= SMALL_BELOW)) throw new RangeError(`smallThreshold(n) needs 1 <= n <= ${SMALL_BELOW}, got ${n}`);
  return SMALL_THRESHOLDS[n]!;
}

/** A uniform random source. The only RNG class used in the engine's loops (monomorphic call sites). */
export class Rng {
  #a: number;
  #b: number;
  #c: number;
  #d: number;
  /** The key words of a stream keyed at its first draw (keyedRngLater), null once keyed. */
  #key: readonly number[] | null = null;

  /** The stream from four state words; with `key` (keyedRngLater): from keyWords(key), at the first draw. */
  constructor(a: number, b: number, c: number, d: number, key: readonly number[] | null = null) {
    this.#a = a | 0;
    this.#b = b | 0;
    this.#c = c | 0;
    this.#d = d | 0;
    if (key !== null) this.#key = key;
    else for (let i = 0; i < 15; i++) this.nextUint32();
  }

  #unfold(key: readonly number[]): void {
    this.#key = null;
    const [a, b, c, d] = keyWords(key);
    this.#a = a | 0;
    this.#b = b | 0;
    this.#c = c | 0;
    this.#d = d | 0;
    for (let i = 0; i < 15; i++) this.nextUint32();
  }

  /** Next uniform 32-bit unsigned integer. */
  nextUint32(): number {
    if (this.#key !== null) this.#unfold(this.#key);
    const a = this.#a;
    const b = this.#b;
    const c = this.#c;
    const d = (this.#d + 1) | 0;
    const t = (((a + b) | 0) + d) | 0;
    this.#a = b ^ (b >>> 9);
    this.#b = (c + (c << 3)) | 0;
    this.#c = (((c << 21) | (c >>> 11)) + t) | 0;
    this.#d = d;
    return t >>> 0;
  }

  /** Uniform integer in [0, n), 1 <= n <= 2^21, exact (Lemire's multiply with rejection). */
  below(n: number): number {
    if (!(n >= 1 && n <= 2097152)) throw new RangeError(`below(n) needs 1 <= n <= 2^21, got ${n}`);
    if (n === 1) return 0;
    if ((n | 0) !== n) return this.#belowFraction(n);
    // A table read for small n. The product's low word is Math.imul's (x * n mod 2^32, exact for integers):
    // the double's `m % 2^32` is a call to fmod, per draw.
    const threshold = n <= SMALL_BELOW ? SMALL_THRESHOLDS[n]! : rejectionThreshold(n);
    for (;;) {
      const x = this.nextUint32();
      if (Math.imul(x, n) >>> 0 >= threshold) return Math.floor((x * n) / 4294967296); // x * n < 2^53: exact in a double
    }
  }

  /** below(n) for a fractional n: the formula, as it always was. */
  #belowFraction(n: number): number {
    const threshold = rejectionThreshold(n);
    for (;;) {
      const x = this.nextUint32();
      const m = x * n;
      const lo = m % 4294967296;
      if (lo >= threshold) return Math.floor(m / 4294967296);
    }
  }

  /** Uniform float in [0, 1) with 32 random bits. */
  nextFloat(): number {
    return this.nextUint32() / 4294967296;
  }
}

/** The stream for (root seed, deal index, kind, seat). seat = -1 for streams that belong to no seat. */
export function keyedRng(rootSeed: number, dealIndex: number, kind: number, seat = -1): Rng {
  const [a, b, c, d] = keyWords(dealKey(rootSeed, dealIndex, kind, seat));
  return new Rng(a, b, c, d);
}

/** The key words of keyedRng's stream (checked: a bad seed or index throws) — words53's words, without its pairs. */
function dealKey(rootSeed: number, dealIndex: number, kind: number, seat: number): number[] {
  checkWord53(rootSeed);
  checkWord53(dealIndex);
  return [rootSeed >>> 0, Math.floor(rootSeed / 4294967296) >>> 0, dealIndex >>> 0, Math.floor(dealIndex / 4294967296) >>> 0, kind >>> 0, (seat + 1) >>> 0];
}
/** words53's check. */
function checkWord53(x: number): void {
  if (!Number.isSafeInteger(x) || x < 0) throw new RangeError(`a seed or index must be a non-negative safe integer, got ${x}`);
}

/**
 * keyedRng's stream, keyed at its first draw: the same numbers, but a stream nobody draws from (the streams
 * of policies that never draw, like simple) costs no hashing and no warm-up. The key is checked at once.
 */
export function keyedRngLater(rootSeed: number, dealIndex: number, kind: number, seat = -1): Rng {
  return new Rng(0, 0, 0, 0, dealKey(rootSeed, dealIndex, kind, seat));
}

/**
 * The stream for one deal of a Partie: (root seed, Partie index, deal number within the Partie, kind, seat).
 * A Partie has as many deals as it takes, so its deals cannot be numbered globally in advance: they are keyed
 * by the Partie index and their number inside it (GUIDE guideline 8; never `root + something`). The key has
 * a different length and a tag word, so it never meets a keyedRng stream.
 */
export function keyedPartieRng(rootSeed: number, partieIndex: number, dealNo: number, kind: number, seat = -1): Rng {
  const [a, b, c, d] = keyWords(partieKey(rootSeed, partieIndex, dealNo, kind, seat));
  return new Rng(a, b, c, d);
}

/** The key words of keyedPartieRng's stream (checked). */
function partieKey(rootSeed: number, partieIndex: number, dealNo: number, kind: number, seat: number): number[] {
  const [r0, r1] = words53(rootSeed);
  const [p0, p1] = words53(partieIndex);
  const [d0, d1] = words53(dealNo);
  return [0x50617274, r0, r1, p0, p1, d0, d1, kind >>> 0, (seat + 1) >>> 0];
}

/** keyedPartieRng's stream, keyed at its first draw (as keyedRngLater). */
export function keyedPartieRngLater(rootSeed: number, partieIndex: number, dealNo: number, kind: number, seat = -1): Rng {
  return new Rng(0, 0, 0, 0, partieKey(rootSeed, partieIndex, dealNo, kind, seat));
}
/** A uniform random source handed to a policy (its state is private). */
export interface RandomSource {
  /** Uniform 32-bit unsigned integer. */
  nextUint32(): number;
  /** Uniform integer in [0, n), n <= 2^21. */
  below(n: number): number;
  /** Uniform in [0, 1). */
  nextFloat(): number;
}

/** A stream of its own from a stream handed out: four words of it hashed with the salt (keyed, reproducible). */
export function saltedRng(rng: Rng, salt: number): Rng {
  const [a, b, c, d] = keyWords([rng.nextUint32(), rng.nextUint32(), rng.nextUint32(), rng.nextUint32(), salt >>> 0, 0x53414c54]);
  return new Rng(a, b, c, d);
}
