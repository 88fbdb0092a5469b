// Bench (issue 27): a searching bot against another at the table, in duplicate Partien (Partie i played twice,
// a's party 0 then 1, the same cards), with what the playout kernel's completeness is for:
//   won          a's share of Partien won (a per-pair proportion, its clustered Wilson interval: bench/pair-runs.ts);
//   one deal     the share of a's Partien that it lost in a single deal (the Partie's only deal: an Aus, a
//                false figure corrected to the opponents — the catastrophes the bidding can cause);
//   false        the share of a's seen Gleich/Hanger bids, holds and raises made by a seat that showed no such
//                figure at the end of the deal (Wilson interval; deals that ended before the showing skipped).
//
//   npx tsx bench/playout-partien.ts --ruleset 1853 --a pimc --b author1853 --partien 150 [--seed 7]
//
// One line of JSON at the end; progress on stderr. Long: run it with nice and alone (docs/bots.md).
//
// Measured 2026-12-06 (seed 7, 150 pairs each, pimc defaults, 1853 with its table talk; nice 10, load 10-17),
// before the search passed the bidding to the kernel (c5265a6) and after (5755b2a):
//   1853      won 74.7% [69.7, 79.7] -> 75.7% [70.9, 80.4]; lost in one deal 4.3% -> 4.0% of 300;
//             false figures 73 of 506 bid (14.4% [11.6, 17.8], 5.8 a hundred deals) -> 24 of 129
//             (18.6% [12.8, 26.2], 1.9 a hundred deals); 389 s -> 508 s
//   Oberland  won 75.3% [70.9, 79.8] -> 77.7% [73.2, 82.1]; lost in one deal 4.0% -> 3.7% of 300;
//             false figures 61 of 551 (11.1% [8.7, 14.0], 4.3 a hundred deals) -> 67 of 523 (12.8% [10.2, 15.9],
//             4.8 a hundred deals); 470 s -> 884 s
// No difference in Partien won shown at this n; in 1853 pimc bids a quarter as many Gleich/Hanger and a third
// as many without the figure.
import { resolveRuleset } from '../src/rules/registry.ts';
import { resolvePolicy } from '../src/registry/policies.ts';
import type { Policy } from '../src/policy/api.ts';
import { playPartie } from '../src/play/partie.ts';
import type { SeatPolicy } from '../src/play/hand.ts';
import type { HandState } from '../src/engine/state.ts';
import { wilson } from '../src/stats/intervals.ts';
import { emptyPairAcc, pushPair } from '../src/stats/paired.ts';
import { shareInterval } from './pair-runs.ts';

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1]! : dflt;
}
const rulesetName = arg('ruleset', '1853');
const ruleset = resolveRuleset(rulesetName);
const seed = Number(arg('seed', '7'));
const aSpec = arg('a', 'pimc');
const bSpec = arg('b', 'author1853');
const n = Number(arg('partien', '150'));
const t0 = Date.now();
const secs = (): number => Math.round((Date.now() - t0) / 1000);

async function maker(spec: string): Promise<() => Policy> {
  const r = await resolvePolicy(spec);
  return () => r.factory.create(r.options);
}

/** a's seen Gleich/Hanger bids, holds and raises in a deal, and those by a seat that showed no such figure. */
function falseFigures(s: HandState, mine: number): { made: number; without: number } {
  const shown = new Map<number, { gleich: number; hanger: number }>();
  for (const e of s.events) if (e.type === 'show') shown.set(e.seat, { gleich: e.gleich, hanger: e.hanger });
  let made = 0;
  let without = 0;
  for (const e of s.events) {
    let figs: ReadonlyArray<string> = [];
    if (e.type === 'bid' && !e.unseen) figs = e.figures.slice(0, e.kept);
    else if ((e.type === 'raise' && e.valid) || (e.type === 'answer' && e.answer === 'hold')) figs = [e.figure];
    else continue;
    if (e.party !== mine) continue;
    const sh = shown.get(e.seat);
    if (sh === undefined) continue;
    for (const f of figs) {
      if (f === 'Spiel') continue;
      made++;
      if ((f === 'Gleich' ? sh.gleich : sh.hanger) === 0) without++;
    }
  }
  return { made, without };
}

const a = await maker(aSpec);
const b = await maker(bSpec);
const won = emptyPairAcc();
let partien = 0;
let oneDeal = 0;
let made = 0;
let without = 0;
let deals = 0;
for (let i = 0; i < n; i++) {
  let v = 0;
  for (const swap of [false, true]) {
    const mine = swap ? 1 : 0;
    const policies = [0, 1, 2, 3].map((s): SeatPolicy => (s % 2 === mine ? { name: 'a', policy: a() } : { name: 'b', policy: b() }));
    const r = playPartie({
      ruleset, players: 4, policies, rootSeed: seed, partieIndex: i, firstDealer: i % 4,
      onDeal: (_d, _n, res) => {
        deals++;
        const x = falseFigures(res.state, mine);
        made += x.made;
        without += x.without;
      },
    });
    partien++;
    if (r.summary.winnerParty === mine) v += 0.5;
    else if (r.summary.deals === 1) oneDeal++;
  }
  pushPair(won, v);
  if ((i + 1) % 10 === 0 && i + 1 < n) console.error(`  ${i + 1} pairs: won ${(100 * won.sum / won.n).toFixed(1)}%, lost in one deal ${oneDeal}, false ${without}/${made} (${secs()} s)`);
}
const m = shareInterval(won);
const f = wilson(without, made);
const od = wilson(oneDeal, partien);
console.log(JSON.stringify({ ruleset: rulesetName, a: aSpec, b: bSpec, seed, pairs: won.n, won: m.estimate, low: m.low, high: m.high, partien, lostInOneDeal: oneDeal, oneDealLow: od.low, oneDealHigh: od.high, deals, figuresBid: made, falseFigures: without, falseLow: f.low, falseHigh: f.high, secs: secs() }));
const pct = (x: number): string => (100 * x).toFixed(1);
console.error(`${rulesetName} ${aSpec} vs ${bSpec}: won ${pct(m.estimate)}% [${pct(m.low)}, ${pct(m.high)}] of Partien (n ${won.n} pairs); lost in one deal ${pct(oneDeal / partien)}% [${pct(od.low)}, ${pct(od.high)}] of ${partien}; false figures ${pct(without / Math.max(1, made))}% [${pct(f.low)}, ${pct(f.high)}] of ${made} bid (${deals} deals, ${secs()} s)`);
