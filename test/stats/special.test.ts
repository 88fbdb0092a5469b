// src/stats/special.ts is jstat's code ported operation for operation: on a grid through the range the
// statistics use (and the tails), every value must be the very double jstat 1.9.6 gives. jstat stays a dev
// dependency for this comparison only; the package does not ship it.
import jStat from 'jstat';
import { describe, expect, it } from 'vitest';
import { normalCdf, normalQuantile, tFor, zFor } from '../../src/stats/math.ts';
import { normalCdfErf, normalInv, studentTInv } from '../../src/stats/special.ts';

describe('special functions: the doubles jstat gives', () => {
  it('Φ(x) on [-5, 8] in steps of 1/64', () => {
    for (let x = -5; x <= 8; x += 1 / 64) expect([x, normalCdfErf(x)]).toEqual([x, jStat.normal.cdf(x, 0, 1)]);
    expect(normalCdf(1.959963984540054)).toBe(jStat.normal.cdf(1.959963984540054, 0, 1));
  });

  it('Φ⁻¹(p) for p from 1e-12 to 1 - 1e-12', () => {
    const ps = [1e-12, 1e-9, 1e-6, 1e-4, 0.001, 0.01, 0.025, 0.05, 0.1, 0.3, 0.5, 0.7, 0.9, 0.95, 0.975, 0.99, 0.999, 1 - 1e-6, 1 - 1e-12];
    for (let k = 1; k < 1000; k++) ps.push(k / 1000);
    for (const p of ps) expect([p, normalInv(p)]).toEqual([p, jStat.normal.inv(p, 0, 1)]);
    expect(zFor(0.95)).toBe(jStat.normal.inv(0.975, 0, 1));
    expect(normalQuantile(0.975)).toBeCloseTo(1.959964, 6);
  });

  it('Student t quantiles for 1 to 400 degrees of freedom (and half-integers) at the levels used', () => {
    for (let dof = 1; dof <= 400; dof += dof < 40 ? 0.5 : 7) {
      for (const p of [0.5, 0.6, 0.8, 0.9, 0.95, 0.975, 0.99, 0.995, 0.9995, 0.025, 0.1]) {
        expect([dof, p, studentTInv(p, dof)]).toEqual([dof, p, jStat.studentt.inv(p, dof)]);
      }
    }
    expect(tFor(0.95, 9)).toBeCloseTo(2.262157, 5);
  });
});
