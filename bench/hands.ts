// Bench: whole hands per second with the `random` and the `simple` policies (4 players, Oberland),
// beside the bare deal + evaluate loop of the same run (shuffle the 33 cards, deal four hands of five,
// figure word of each). Ratios are the figures (GUIDE §3); absolute speeds are machine noise.
//
//   npx tsx bench/hands.ts      or      npm run bench -- hands
import { figureContext, figureWord } from '../src/eval/evaluate.ts';
import { resolveRuleset } from '../src/rules/registry.ts';
import { builtinPolicy } from '../src/policy/registry.ts';
import { playDeal } from '../src/sim/play.ts';
import { Sfc32, checksum, formatTable, isMain, measure, measurementTable, type Contender } from './lib.ts';

export async function run(): Promise<object> {
  const r = resolveRuleset('oberland');
  const ctx = figureContext(r, 'H');
  const rng = new Sfc32(1, 2, 3, 4);
  const deck = new Int32Array(33);
  for (let i = 0; i < 33; i++) deck[i] = i;
  const bare: Contender = {
    name: 'deal+evaluate (bare)',
    step(n) {
      let acc = 0;
      for (let k = 0; k < n; k++) {
        for (let i = 32; i > 0; i--) {
          const j = rng.below(i + 1);
          const t = deck[i]!;
          deck[i] = deck[j]!;
          deck[j] = t;
        }
        for (let h = 0; h < 4; h++) {
          let lo = 0;
          let weli = 0;
          for (let c = 0; c < 5; c++) {
            const id = deck[h * 5 + c]!;
            if (id === 32) weli = 1;
            else lo |= 1 << id;
          }
          acc += figureWord(ctx, lo >>> 0, weli);
        }
      }
      return acc;
    },
  };
  let deal = 0;
  const hands = (name: string, checked: boolean): Contender => {
    const f = builtinPolicy(name);
    const policies = [0, 1, 2, 3].map(() => ({ name, policy: f.create({}) }));
    return {
      name: `hand: ${name}${checked ? ' (checked)' : ''}`,
      step(n) {
        let acc = 0;
        for (let k = 0; k < n; k++) {
          const res = playDeal({ ruleset: r, players: 4, policies, rootSeed: 1, dealIndex: deal, dealer: deal & 3, checked });
          deal++;
          acc += res.points[0]! + res.decisions;
        }
        return acc;
      },
    };
  };
  const ms = measure([bare, hands('random', false), hands('simple', false), hands('simple', true)], { rounds: 5, roundMs: 400, warmupMs: 600 });
  console.log('bench hands: 4 players, Oberland; hands per second');
  console.log(measurementTable(ms).replace('evals/s', 'hands/s'));
  const base = ms[0]!.median;
  console.log();
  console.log(formatTable(['loop', 'ratio to bare deal+evaluate'], ms.map((m) => [m.name, (m.median / base).toExponential(2)])));
  console.log(`(checksum ${checksum()})`);
  return Object.fromEntries(ms.map((m) => [m.name, m.median]));
}

if (isMain(import.meta.url)) await run();
