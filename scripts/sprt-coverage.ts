// The coverage of the interval printed at an SPRT's stop (MeanSprt.corrected: simulate --sprt, the
// confirmation of tune), on synthetic streams with a known mean: true effects 0 … 15 × H1, H1 from 0.02 to
// 0.15 sd, normal and points-like noise (issue 26, item 8: 93-97% at each). Beside it the old interval
// (the linear LLR model) and the plain t-interval at the stop, on the same stops.
//   npx tsx scripts/sprt-coverage.ts [runs=2000] [h1s=0.02,0.06,0.1,0.15] [noise=normal,points]
// Exit 1 when a cell lies outside 93-97% by more than 2 SE of its runs.
import { coverageAt, type Noise } from '../test/stats/coverage-at-stop.ts';

const runs = Number(process.argv[2] ?? 2000);
const h1s = (process.argv[3] ?? '0.02,0.06,0.1,0.15').split(',').map(Number);
const noises = (process.argv[4] ?? 'normal,points').split(',') as Noise[];
const TIMES = [0, 0.5, 1, 2, 3, 5, 7, 10, 12, 15];
const se = Math.sqrt((0.95 * 0.05) / runs);
let bad = 0;
console.log(`coverage of a stated 95% at the SPRT's stop (m0 = 0, alpha = beta = 0.05, ${runs} stops a cell); old = the linear-model interval, plain = the t-interval at the stop`);
for (const noise of noises) {
  for (const h1 of h1s) {
    for (const times of TIMES) {
      const r = coverageAt(noise, h1, times, runs, Math.round(31 * h1 * 1000 + times * 10) + (noise === 'points' ? 7 : 0));
      const out = r.cover < 0.93 - 2 * se || r.cover > 0.97 + 2 * se;
      if (out) bad++;
      console.log(`${noise.padEnd(6)} H1 ${h1.toFixed(2)} sd  ${String(times).padStart(4)} × H1: cover ${(100 * r.cover).toFixed(1)}% (misses below ${r.below}, above ${r.above}; plain t given in ${(100 * r.plainShare).toFixed(0)}%)  old ${(100 * r.linearCover).toFixed(1)}%  plain ${(100 * r.plainCover).toFixed(1)}%  mean n ${Math.round(r.meanN)}${out ? '  OUTSIDE 93-97%' : ''}`);
    }
  }
}
console.log(bad === 0 ? 'every cell within 93-97% (2 SE)' : `${bad} cells outside 93-97%`);
process.exit(bad === 0 ? 0 : 1);
