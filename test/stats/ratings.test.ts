// Ratings recover known spreads on synthetic leagues, and their bootstrap intervals cover about 95%; the
// fastchess-style report of one comparison.
import { describe, expect, it } from 'vitest';
import { pairAccOf } from '../../src/stats/paired.ts';
import { bootstrapRatings, checkLeague, crosstable, fitRatings, type League, type LeagueMatch } from '../../src/stats/ratings.ts';
import { formatPairReport, pairReport } from '../../src/stats/report.ts';
import { scoreFromElo } from '../../src/stats/elo.ts';
import { figure, normal, rngFor } from './synth.ts';

const PLAYERS = ['a', 'b', 'c', 'd'];

/**
 * A league on shared deals: player i's margin over j on deal k is r_i - r_j + e_ik - e_jk + noise, where
 * e_ik (how well i's style suits deal k) is the same in all of i's matches: results on a deal are
 * correlated across matches, which a bootstrap over deals must keep.
 */
function pointsLeague(truth: readonly number[], deals: number, seed: number, rep: number): League {
  const rng = rngFor(seed, rep);
  const e = truth.map(() => Float64Array.from({ length: deals }, () => normal(rng)));
  const matches: LeagueMatch[] = [];
  for (let a = 0; a < truth.length; a++) {
    for (let b = a + 1; b < truth.length; b++) {
      const margins = Float64Array.from({ length: deals }, (_, k) => truth[a]! - truth[b]! + e[a]![k]! - e[b]![k]! + 0.7 * normal(rng));
      matches.push({ a, b, margins });
    }
  }
  return { players: PLAYERS.slice(0, truth.length), matches };
}

/** A league of Partie pairs from a Bradley–Terry truth (Elo): each pair is two games, A's score = wins / 2. */
function partieLeague(elo: readonly number[], pairs: number, seed: number, rep: number): League {
  const rng = rngFor(seed, rep);
  const matches: LeagueMatch[] = [];
  for (let a = 0; a < elo.length; a++) {
    for (let b = a + 1; b < elo.length; b++) {
      const s = scoreFromElo(elo[a]! - elo[b]!);
      const scores = Float64Array.from({ length: pairs }, () => ((rng.nextFloat() < s ? 1 : 0) + (rng.nextFloat() < s ? 1 : 0)) / 2);
      matches.push({ a, b, margins: scores.map((x) => 2 * x - 1), scores });
    }
  }
  return { players: PLAYERS.slice(0, elo.length), matches };
}

describe('ratings', () => {
  const truth = [0.3, 0.1, 0, -0.4]; // points a deal, centred

  it('Massey recovers a known spread of points a deal', () => {
    const r = fitRatings(pointsLeague(truth, 4000, 501, 0), 'massey');
    // each match's mean margin has SE sqrt(2.49/4000) = 0.025; the fit pools three matches per player
    r.forEach((x, i) => expect(Math.abs(x - truth[i]!)).toBeLessThan(0.05));
    expect(r.reduce((s, x) => s + x, 0)).toBeCloseTo(0, 12);
    // two players: each rating is half the mean margin
    const two = fitRatings({ players: ['x', 'y'], matches: [{ a: 0, b: 1, margins: [1, 2, 3, 6] }] }, 'massey');
    expect(two[0]).toBeCloseTo(1.5, 12);
    expect(two[1]).toBeCloseTo(-1.5, 12);
  });

  it('Bradley–Terry recovers a known Elo spread from Partie pairs', () => {
    const elo = [100, 30, 0, -130];
    const r = fitRatings(partieLeague(elo, 4000, 502, 0), 'bradley-terry');
    figure('BT fit on 4000 Partie pairs per match (truth 100, 30, 0, -130)', r);
    r.forEach((x, i) => expect(Math.abs(x - elo[i]!)).toBeLessThan(12));
  });

  it('the bootstrap over deal pairs covers about 95% (100 leagues x 4 players, 200 replicates each, 300 deals)', () => {
    const leagues = 100;
    let massey = 0;
    let bt = 0;
    const elo = [100, 30, 0, -130];
    for (let l = 0; l < leagues; l++) {
      const m = bootstrapRatings(pointsLeague(truth, 300, 503, l), 'massey', { replicates: 200, seed: l });
      m.ratings.forEach((x, i) => (massey += x.low <= truth[i]! && truth[i]! <= x.high ? 1 : 0));
      const b = bootstrapRatings(partieLeague(elo, 300, 504, l), 'bradley-terry', { replicates: 200, seed: l });
      b.ratings.forEach((x, i) => (bt += x.low <= elo[i]! && elo[i]! <= x.high ? 1 : 0));
    }
    const n = leagues * 4;
    figure(`bootstrap coverage (n = ${n} intervals): massey, bradley-terry`, [massey / n, bt / n]);
    // 400 intervals per fit (dependent within a league; SE of a 95% rate ~0.011): accept [0.915, 0.985]
    // (the deep check, test/stats/deep-check.ts, runs 1,000 leagues)
    for (const c of [massey / n, bt / n]) {
      expect(c).toBeGreaterThan(0.915);
      expect(c).toBeLessThan(0.985);
    }
  });

  it('the bootstrap is a deterministic function of the data and the seed', () => {
    const league = pointsLeague(truth, 200, 505, 0);
    const a = bootstrapRatings(league, 'massey', { replicates: 50, seed: 9 });
    const b = bootstrapRatings(league, 'massey', { replicates: 50, seed: 9 });
    const c = bootstrapRatings(league, 'massey', { replicates: 50, seed: 10 });
    expect(a.draws).toEqual(b.draws);
    expect(a.draws).not.toEqual(c.draws);
    expect(a.method).toContain('Poisson bootstrap over 200 deal pairs');
    expect(a.ratings[0]!.rating).toBe(fitRatings(league, 'massey')[0]);
  });

  it('refuses leagues it cannot rate, naming the problem', () => {
    const m = (a: number, b: number): LeagueMatch => ({ a, b, margins: [1, 0, -1] });
    expect(() => checkLeague({ players: ['a', 'b', 'c', 'd'], matches: [m(0, 1), m(2, 3)] })).toThrow(/not connected: c, d never meet a/);
    expect(() => checkLeague({ players: ['a', 'b'], matches: [m(0, 0)] })).toThrow(/cannot play itself/);
    expect(() => checkLeague({ players: ['a', 'b'], matches: [m(0, 2)] })).toThrow(/not in the league/);
    expect(() => checkLeague({ players: ['a'], matches: [] })).toThrow(/at least 2/);
  });

  it('Bradley–Terry stays finite when one policy wins every pair (the prior draws)', () => {
    const league: League = { players: ['x', 'y'], matches: [{ a: 0, b: 1, margins: new Array(100).fill(1) }] };
    const r = fitRatings(league, 'bradley-terry');
    expect(Number.isFinite(r[0]!)).toBe(true);
    // 100.5 : 0.5 in 101 pairs: Elo difference 400 log10(201)
    expect(r[0]! - r[1]!).toBeCloseTo(400 * Math.log10(201), 6);
  });

  it('the crosstable gives every ordered pair its paired margin', () => {
    const league = pointsLeague(truth, 500, 506, 0);
    const cells = crosstable(league);
    expect(cells).toHaveLength(12);
    const ab = cells.find((c) => c.a === 0 && c.b === 1)!.margin;
    const ba = cells.find((c) => c.a === 1 && c.b === 0)!.margin;
    if (ab.kind !== 'interval' || ba.kind !== 'interval') throw new Error('intervals expected');
    expect(ab.estimate).toBeCloseTo(-ba.estimate, 12);
    expect(ab.low).toBeCloseTo(-ba.high, 12);
  });
});

describe('pair report (fastchess style)', () => {
  it('points a deal ± interval with LOS, and Elo ± interval with nElo, LOS and the pentanomial', () => {
    const r = pairReport({ margins: pairAccOf([0.5, 0, 1, 0.5, -0.5, 1, 0.5, 0]), pentanomial: [10, 0, 50, 0, 40], unit: 'Partie pairs' });
    const lines = formatPairReport(r);
    expect(lines[0]).toMatch(/^Points: \+0\.3750 ± 0\.\d{4} a deal \[[−+]0\.\d{4}, \+0\.\d{4}\], LOS \d+\.\d%, n = 8 Partie pairs$/);
    expect(lines[1]).toMatch(/^Elo: \+\d+\.\d\d ± \d+\.\d\d, nElo: \+\d+\.\d\d ± \d+\.\d\d, LOS \d+\.\d%, n = 100 Partie pairs$/);
    expect(lines[2]).toBe('Ptnml(0-2): [10, 0, 50, 0, 40]');
    // score 0.65 -> Elo 400 log10(0.65/0.35)
    expect(r.elo!.elo).toBeCloseTo(400 * Math.log10(0.65 / 0.35), 9);
    const aa = formatPairReport(pairReport({ margins: pairAccOf(new Array(300).fill(0)) }));
    expect(aa).toEqual(['Points: identical (difference 0 in all 300 deal pairs)']);
    expect(formatPairReport(pairReport({ pentanomial: [0, 0, 0, 0, 5] }))[0]).toMatch(/not finite/);
  });
});
