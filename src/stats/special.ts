// The special functions behind the normal and Student t distributions (math.ts): erf and its inverse, the
// log-gamma function and the regularized incomplete beta function with its inverse. Ported from jstat 1.9.6
// (MIT licence, https://github.com/jstat/jstat, src/special.js) operation for operation, so every value is
// the same double jstat gives (test/stats/special.test.ts compares them on a grid); perlagg used jstat for
// these four functions alone and no longer ships its 1.2 MB.

/** erf(x): a Chebyshev expansion (Numerical Recipes 3rd ed., §6.2.2). */
export function erf(x: number): number {
  const cof = [-1.3026537197817094, 6.4196979235649026e-1, 1.9476473204185836e-2, -9.561514786808631e-3, -9.46595344482036e-4, 3.66839497852761e-4,
    4.2523324806907e-5, -2.0278578112534e-5, -1.624290004647e-6, 1.30365583558e-6, 1.5626441722e-8, -8.5238095915e-8, 6.529054439e-9,
    5.059343495e-9, -9.91364156e-10, -2.27365122e-10, 9.6467911e-11, 2.394038e-12, -6.886027e-12, 8.94487e-13, 3.13092e-13, -1.12708e-13,
    3.81e-16, 7.106e-15, -1.523e-15, -9.4e-17, 1.21e-16, -2.8e-17];
  let isneg = false;
  if (x < 0) {
    x = -x;
    isneg = true;
  }
  const t = 2 / (2 + x);
  const ty = 4 * t - 2;
  let d = 0;
  let dd = 0;
  for (let j = cof.length - 1; j > 0; j--) {
    const tmp = d;
    d = ty * d - dd + cof[j]!;
    dd = tmp;
  }
  const res = t * Math.exp(-x * x + 0.5 * (cof[0]! + ty * d) - dd);
  return isneg ? res - 1 : 1 - res;
}

/** erfc(x) = 1 - erf(x). */
export function erfc(x: number): number {
  return 1 - erf(x);
}

/** The inverse of erfc: a rational first guess refined by two Halley steps. */
export function erfcinv(p: number): number {
  if (p >= 2) return -100;
  if (p <= 0) return 100;
  const pp = p < 1 ? p : 2 - p;
  const t = Math.sqrt(-2 * Math.log(pp / 2));
  let x = -0.70711 * ((2.30753 + t * 0.27061) / (1 + t * (0.99229 + t * 0.04481)) - t);
  for (let j = 0; j < 2; j++) {
    const err = erfc(x) - pp;
    x += err / (1.12837916709551257 * Math.exp(-x * x) - x * err);
  }
  return p < 1 ? x : -x;
}

/** ln Γ(x) for x > 0 (Lanczos, Numerical Recipes §6.1). */
export function gammaln(x: number): number {
  const cof = [76.18009172947146, -86.50532032941677, 24.01409824083091, -1.231739572450155, 0.1208650973866179e-2, -0.5395239384953e-5];
  let ser = 1.000000000190015;
  let y = x;
  const xx = x;
  let tmp = x + 5.5;
  tmp -= (xx + 0.5) * Math.log(tmp);
  for (let j = 0; j < 6; j++) ser += cof[j]! / ++y;
  return Math.log((2.5066282746310005 * ser) / xx) - tmp;
}

/** The continued fraction of the incomplete beta function (modified Lentz, Numerical Recipes §6.4). */
function betacf(x: number, a: number, b: number): number {
  const fpmin = 1e-30;
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < fpmin) d = fpmin;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 100; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < fpmin) d = fpmin;
    c = 1 + aa / c;
    if (Math.abs(c) < fpmin) c = fpmin;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < fpmin) d = fpmin;
    c = 1 + aa / c;
    if (Math.abs(c) < fpmin) c = fpmin;
    d = 1 / d;
    const del = d * c;
    h *= del;
    if (Math.abs(del - 1.0) < 3e-7) break;
  }
  return h;
}

/** The regularized incomplete beta function I_x(a, b), x in [0, 1]. */
export function ibeta(x: number, a: number, b: number): number {
  const bt = x === 0 || x === 1 ? 0 : Math.exp(gammaln(a + b) - gammaln(a) - gammaln(b) + a * Math.log(x) + b * Math.log(1 - x));
  if (x < 0 || x > 1) return NaN;
  if (x < (a + 1) / (a + b + 2)) return (bt * betacf(x, a, b)) / a;
  return 1 - (bt * betacf(1 - x, b, a)) / b;
}

/** The inverse of I_x(a, b) in x (Numerical Recipes §6.14: a first guess, then Halley steps). */
export function ibetainv(p: number, a: number, b: number): number {
  const EPS = 1e-8;
  const a1 = a - 1;
  const b1 = b - 1;
  let x: number;
  let t: number;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  if (a >= 1 && b >= 1) {
    const pp = p < 0.5 ? p : 1 - p;
    t = Math.sqrt(-2 * Math.log(pp));
    x = (2.30753 + t * 0.27061) / (1 + t * (0.99229 + t * 0.04481)) - t;
    if (p < 0.5) x = -x;
    const al = (x * x - 3) / 6;
    const h = 2 / (1 / (2 * a - 1) + 1 / (2 * b - 1));
    const w = (x * Math.sqrt(al + h)) / h - (1 / (2 * b - 1) - 1 / (2 * a - 1)) * (al + 5 / 6 - 2 / (3 * h));
    x = a / (a + b * Math.exp(2 * w));
  } else {
    const lna = Math.log(a / (a + b));
    const lnb = Math.log(b / (a + b));
    t = Math.exp(a * lna) / a;
    const u = Math.exp(b * lnb) / b;
    const w = t + u;
    if (p < t / w) x = Math.pow(a * w * p, 1 / a);
    else x = 1 - Math.pow(b * w * (1 - p), 1 / b);
  }
  const afac = -gammaln(a) - gammaln(b) + gammaln(a + b);
  for (let j = 0; j < 10; j++) {
    if (x === 0 || x === 1) return x;
    const err = ibeta(x, a, b) - p;
    t = Math.exp(a1 * Math.log(x) + b1 * Math.log(1 - x) + afac);
    const u = err / t;
    x -= t = u / (1 - 0.5 * Math.min(1, u * (a1 / x - b1 / (1 - x))));
    if (x <= 0) x = 0.5 * (x + t);
    if (x >= 1) x = 0.5 * (x + t + 1);
    if (Math.abs(t) < EPS * x && j > 0) break;
  }
  return x;
}

/** Φ(x), the standard normal cdf, as jStat.normal.cdf(x, 0, 1). */
export function normalCdfErf(x: number): number {
  return 0.5 * (1 + erf(x / Math.sqrt(2)));
}

/** Φ⁻¹(p), as jStat.normal.inv(p, 0, 1). */
export function normalInv(p: number): number {
  return -1.41421356237309505 * erfcinv(2 * p);
}

/** The Student t quantile with `dof` degrees of freedom, as jStat.studentt.inv(p, dof). */
export function studentTInv(p: number, dof: number): number {
  const x = ibetainv(2 * Math.min(p, 1 - p), 0.5 * dof, 0.5);
  const q = Math.sqrt((dof * (1 - x)) / x);
  return p > 0.5 ? q : -q;
}
