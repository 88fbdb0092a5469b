// The shared numerical pieces of src/stats, in one place: the normal distribution (with a log-cdf that stays
// accurate far in the tails, which 1 - erf does not), Student t quantiles, a bracketing root finder,
// and the few random draws the statistics need (from a keyed Rng, as GUIDE guideline 8 asks).
import { normalCdfErf, normalInv, studentTInv } from './special.ts';
import type { Rng } from '../core/rng.ts';

const LOG_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);

/** Standard normal density. */
export function normalPdf(x: number): number {
  return Math.exp(-0.5 * x * x - LOG_SQRT_2PI);
}

/**
 * log Φ(x), accurate for every finite x. For x >= -5 the erf-based cdf (special.ts) (absolute error ~1e-16, so relative
 * error below 1e-9 where Φ >= 3e-7); below, Laplace's continued fraction for Mills' ratio,
 * Φ(-z) = φ(z) / (z + 1/(z + 2/(z + 3/(z + ...)))), evaluated from the tail (modified Lentz).
 */
export function logNormalCdf(x: number): number {
  if (x >= -5) {
    const p = normalCdfErf(x);
    return Math.log(p);
  }
  const z = -x;
  // continued fraction K = z + 1/(z + 2/(z + 3/(...))) by Lentz's method
  const tiny = 1e-300;
  let f = z;
  let c = z;
  let d = 0;
  for (let k = 1; k < 500; k++) {
    d = z + k * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = z + k / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return -0.5 * z * z - LOG_SQRT_2PI - Math.log(f);
}

/** Φ(x), the standard normal cdf (accurate relative to its value also deep in the lower tail). */
export function normalCdf(x: number): number {
  if (x >= -5) return normalCdfErf(x);
  return Math.exp(logNormalCdf(x));
}

/** The standard normal quantile Φ⁻¹(p). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`a probability strictly between 0 and 1 is needed, got ${p}`);
  return normalInv(p);
}

/** Two-sided normal quantile for a confidence level (0.95 -> 1.959964). */
export function zFor(level: number): number {
  return normalQuantile(1 - (1 - level) / 2);
}

/** Two-sided Student t quantile with `dof` degrees of freedom for a confidence level. */
export function tFor(level: number, dof: number): number {
  if (!(dof >= 1)) throw new RangeError(`Student t needs at least 1 degree of freedom, got ${dof}`);
  return studentTInv(1 - (1 - level) / 2, dof);
}

/**
 * A root of f in [lo, hi], where f(lo) and f(hi) have opposite signs (or one is 0): Brent's method
 * (inverse quadratic interpolation and secant steps, falling back to bisection; R. P. Brent, Algorithms for
 * Minimization without Derivatives, 1973, ch. 4). Returns x with |x - root| <= tol (absolute).
 */
export function findRoot(f: (x: number) => number, lo: number, hi: number, tol = 1e-12, maxIter = 200): number {
  let a = lo;
  let b = hi;
  let fa = f(a);
  let fb = f(b);
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (!(Number.isFinite(fa) && Number.isFinite(fb)) || fa * fb > 0) {
    throw new RangeError(`findRoot: f(${lo}) = ${fa} and f(${hi}) = ${fb} do not bracket a root`);
  }
  let c = a;
  let fc = fa;
  let d = b - a;
  let e = d;
  for (let i = 0; i < maxIter; i++) {
    if (fb * fc > 0) {
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol1 = 2 * Number.EPSILON * Math.abs(b) + 0.5 * tol;
    const m = 0.5 * (c - b);
    if (Math.abs(m) <= tol1 || fb === 0) return b;
    if (Math.abs(e) >= tol1 && Math.abs(fa) > Math.abs(fb)) {
      let p: number;
      let q: number;
      const s = fb / fa;
      if (a === c) {
        p = 2 * m * s;
        q = 1 - s;
      } else {
        const qq = fa / fc;
        const r = fb / fc;
        p = s * (2 * m * qq * (qq - r) - (b - a) * (r - 1));
        q = (qq - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      else p = -p;
      if (2 * p < Math.min(3 * m * q - Math.abs(tol1 * q), Math.abs(e * q))) {
        e = d;
        d = p / q;
      } else {
        d = m;
        e = m;
      }
    } else {
      d = m;
      e = m;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol1 ? d : m > 0 ? tol1 : -tol1;
    fb = f(b);
  }
  return b;
}

/**
 * Widen [centre - step, centre + step] (doubling the step) until f changes sign across it, then find the
 * root. f must be monotone. Returns null if no sign change appears within `maxDoublings`.
 */
export function findRootAround(f: (x: number) => number, centre: number, step: number, tol = 1e-12, maxDoublings = 60): number | null {
  let s = step;
  for (let i = 0; i < maxDoublings; i++) {
    const lo = centre - s;
    const hi = centre + s;
    const flo = f(lo);
    const fhi = f(hi);
    if (flo === 0) return lo;
    if (fhi === 0) return hi;
    if (flo * fhi < 0) return findRoot(f, lo, hi, tol);
    s *= 2;
  }
  return null;
}

/** A uniform draw in (0, 1): never exactly 0, so its logarithm is finite. */
export function uniformOpen(rng: Rng): number {
  return (rng.nextUint32() + 0.5) / 4294967296;
}

const POISSON1_CDF: Float64Array = (() => {
  const c = new Float64Array(20);
  let p = Math.exp(-1);
  let s = 0;
  for (let k = 0; k < 20; k++) {
    s += p;
    c[k] = s;
    p /= k + 1;
  }
  return c;
})();

/** A Poisson(1) draw by inversion (the weights of the Poisson bootstrap). */
export function poisson1(rng: Rng): number {
  const u = uniformOpen(rng);
  let k = 0;
  while (k < 19 && u > POISSON1_CDF[k]!) k++;
  return k;
}

/** A Rademacher draw: -1 or +1 with probability 1/2 each (the SPSA perturbation). */
export function rademacher(rng: Rng): -1 | 1 {
  return (rng.nextUint32() & 1) === 0 ? -1 : 1;
}

/** The q-quantile of sorted values, linear between order statistics (type 7, as R's and numpy's default). */
export function quantileSorted(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return NaN;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  const hi = Math.min(n - 1, lo + 1);
  return sorted[lo]! + (h - lo) * (sorted[hi]! - sorted[lo]!);
}
