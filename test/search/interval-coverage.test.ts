// Issue 27 item 3: the search's 95% intervals cover the mean of a 10× longer run at the rate they promise
// (scripts/interval-coverage.ts: decisions of seeded hands played by simple, 1853 and Oberland, every option
// priced with 40 worlds and again with 400 from an independent seed). A faithful interval covers the long
// run's mean with probability P(|Z| < t(39)/√1.1) ≈ 94.5%; the full script (1,500 decisions) holds it to
// 93–97%. This short version (120 decisions, about 900 intervals, seeded: deterministic) asserts 91–98%,
// wide enough for its fewer, correlated intervals and narrow enough to catch an interval too narrow by a
// quarter (coverage ≈ 85%) or too wide by a half (≈ 99.5%).
import { describe, expect, it } from 'vitest';
import { intervalCoverage } from '../../scripts/interval-coverage.ts';

describe('the coverage of the search intervals against a 10× longer run', () => {
  it('uniform worlds: 91–98% of about 900 intervals hold the long run’s mean', () => {
    const c = intervalCoverage({ decisions: 120, worlds: 40, weights: 'uniform', seed: 7 });
    expect(c.intervals).toBeGreaterThan(500);
    const share = c.covered / c.intervals;
    expect(share).toBeGreaterThanOrEqual(0.91);
    expect(share).toBeLessThanOrEqual(0.98);
  });
});
