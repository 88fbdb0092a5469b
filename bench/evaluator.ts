// Bench: the figure evaluator's fast path against a bare draw loop, its brute-force twin and the npm
// poker evaluator `phe`, all in one run (ratios are the figures; absolute speeds are machine noise).
//
// End to end (a random hand is drawn in the loop):
//   bare       draw a random 5-card hand of the 33-card deck (partial Fisher–Yates), build lo/weli
//   draw+fast  the same + figureWord5 (src/eval/evaluate.ts), Oberland, Herz trump
//   twin       the same + twinFiguresUncached (test/oracle/figures-twin.ts): every christening, no memo
// Evaluation alone, on 16,384 hands drawn beforehand (as GUIDE §3 measures evaluators):
//   fast       figureWord5 on each pre-drawn hand
//   phe        phe's 5-card evaluator on pre-drawn hands of the 52-card deck
//
//   npx tsx bench/evaluator.ts      or      npm run bench -- evaluator
import evaluate5cards from 'phe/lib/evaluator5.js';
import { figureContext, figureWord5 } from '../src/eval/evaluate.ts';
import { resolveRuleset } from '../src/rules/registry.ts';
import { twinCard, twinFiguresUncached, twinIsPerlagg, type Identity } from '../test/oracle/figures-twin.ts';
import { Sfc32, checksum, formatTable, isMain, measure, measurementTable, type Contender } from './lib.ts';

const TARGET_FAST_PHE = 10;
const TARGET_FAST_BARE = 0.3;
const RULESET = 'oberland';
const TRUMP = 'H';
const TWIN_BUDGET_MS = 1500; // total over all rounds

const SUIT_LETTERS = ['H', 'S', 'L', 'E'];
const RANK_NAMES = ['7', '8', '9', '10', 'U', 'O', 'K', 'A'];

function deckOf(n: number): Uint8Array {
  const d = new Uint8Array(n);
  for (let i = 0; i < n; i++) d[i] = i;
  return d;
}

export async function run(): Promise<object> {
  const ruleset = resolveRuleset(RULESET);
  const ctx = figureContext(ruleset, TRUMP); // builds the tables (once) outside every loop

  // bare: draw + the hand's two words. The draw is written out again in draw+fast (and twin) on purpose:
  // each contender is one flat loop, and bare is exactly draw+fast without the evaluation.
  const bareRng = new Sfc32(0x9e3779b9, 0x243f6a88, 0xb7e15162, 1);
  const bareDeck = deckOf(33);
  const bare = (n: number): number => {
    const rng = bareRng;
    const deck = bareDeck;
    let acc = 0;
    for (let it = 0; it < n; it++) {
      let lo = 0;
      let weli = 0;
      for (let i = 0; i < 5; i++) {
        const j = i + rng.below(33 - i);
        const c = deck[j]!;
        deck[j] = deck[i]!;
        deck[i] = c;
        weli |= c >>> 5; // id 32 = the Weli
        lo |= (1 << c) & ((c >>> 5) - 1); // suited cards only
      }
      acc = (Math.imul(acc, 31) + (lo ^ weli)) | 0;
    }
    return acc;
  };

  // draw+fast: the same + figureWord5.
  const fastRng = new Sfc32(0x9e3779b9, 0x243f6a88, 0xb7e15162, 2);
  const fastDeck = deckOf(33);
  const drawFast = (n: number): number => {
    const rng = fastRng;
    const deck = fastDeck;
    let acc = 0;
    for (let it = 0; it < n; it++) {
      let lo = 0;
      let weli = 0;
      for (let i = 0; i < 5; i++) {
        const j = i + rng.below(33 - i);
        const c = deck[j]!;
        deck[j] = deck[i]!;
        deck[i] = c;
        weli |= c >>> 5;
        lo |= (1 << c) & ((c >>> 5) - 1);
      }
      acc = (Math.imul(acc, 31) + figureWord5(ctx, lo, weli)) | 0;
    }
    return acc;
  };

  // twin: the same draw, each card converted once up front by the twin's own helpers.
  const twinIds: Array<Identity | 'Weli'> = [];
  const twinWild: boolean[] = [];
  for (let id = 0; id <= 32; id++) {
    const card = twinCard(id === 32 ? 'W' : SUIT_LETTERS[id >> 3]! + RANK_NAMES[id & 7]!);
    twinIds.push(card);
    twinWild.push(twinIsPerlagg(card, ruleset.perlaggen, 0 /* H */));
  }
  const identical = ruleset.gleichIdenticalIdentities; // true for Oberland
  const twinRng = new Sfc32(0x9e3779b9, 0x243f6a88, 0xb7e15162, 3);
  const twinDeck = deckOf(33);
  const naturals: Identity[] = []; // reused; the twin copies it
  const twin = (n: number): number => {
    const rng = twinRng;
    const deck = twinDeck;
    let acc = 0;
    for (let it = 0; it < n; it++) {
      naturals.length = 0;
      let k = 0;
      for (let i = 0; i < 5; i++) {
        const j = i + rng.below(33 - i);
        const c = deck[j]!;
        deck[j] = deck[i]!;
        deck[i] = c;
        const card = twinIds[c]!;
        if (twinWild[c]) k++;
        else if (card !== 'Weli') naturals.push(card);
      }
      const f = twinFiguresUncached(naturals, k, identical);
      acc = (Math.imul(acc, 31) + ((f.gleichCount << 12) ^ (f.gleichRank << 8) ^ (f.hangerLength << 4) ^ f.hangerTop)) | 0;
    }
    return acc;
  };

  // Pre-drawn hands for the evaluation-only contenders: the draw is paid once, outside the timed loops.
  const HANDS = 1 << 14;
  const preLo = new Int32Array(HANDS);
  const preWeli = new Uint8Array(HANDS);
  const prePhe = new Uint8Array(HANDS * 5);
  {
    const rng = new Sfc32(0x9e3779b9, 0x243f6a88, 0xb7e15162, 5);
    const d33 = deckOf(33);
    const d52 = deckOf(52);
    for (let h = 0; h < HANDS; h++) {
      let lo = 0;
      let weli = 0;
      for (let i = 0; i < 5; i++) {
        const j = i + rng.below(33 - i);
        const c = d33[j]!;
        d33[j] = d33[i]!;
        d33[i] = c;
        weli |= c >>> 5;
        lo |= (1 << c) & ((c >>> 5) - 1);
        const j2 = i + rng.below(52 - i);
        const c2 = d52[j2]!;
        d52[j2] = d52[i]!;
        d52[i] = c2;
        prePhe[h * 5 + i] = c2;
      }
      preLo[h] = lo;
      preWeli[h] = weli;
    }
  }
  // Plain passes over the buffer (each pass starts at hand 0), the same for both contenders.
  const fast = (n: number): number => {
    let acc = 0;
    for (let left = n; left > 0; left -= HANDS) {
      const m = left < HANDS ? left : HANDS;
      for (let h = 0; h < m; h++) acc = (acc + figureWord5(ctx, preLo[h]!, preWeli[h]!)) | 0;
    }
    return acc;
  };
  const phe = (n: number): number => {
    let acc = 0;
    for (let left = n; left > 0; left -= HANDS) {
      const m = left < HANDS ? left : HANDS;
      for (let h = 0; h < m; h++) {
        const o = h * 5;
        acc = (acc + evaluate5cards(prePhe[o]!, prePhe[o + 1]!, prePhe[o + 2]!, prePhe[o + 3]!, prePhe[o + 4]!)) | 0;
      }
    }
    return acc;
  };

  const rounds = 7;
  const contenders: Contender[] = [
    { name: 'bare', step: bare },
    { name: 'draw+fast', step: drawFast },
    { name: 'fast', step: fast },
    { name: 'twin', step: twin, roundMs: TWIN_BUDGET_MS / rounds, warmupMs: 200 },
    { name: 'phe', step: phe },
  ];
  const ms = measure(contenders, { rounds, roundMs: 250, warmupMs: 400 });
  const rate = (name: string): number => ms.find((m) => m.name === name)!.median;
  const fastPhe = rate('fast') / rate('phe');
  const fastBare = rate('draw+fast') / rate('bare');
  const fastTwin = rate('draw+fast') / rate('twin');
  const passPhe = fastPhe >= TARGET_FAST_PHE;
  const passBare = fastBare >= TARGET_FAST_BARE;

  console.log(`evaluator bench — ${RULESET}, trump ${TRUMP}, node ${process.version}, median of ${rounds} interleaved rounds`);
  console.log(measurementTable(ms));
  console.log();
  console.log(
    formatTable(
      ['ratio', 'value', 'target', 'verdict'],
      [
        ['fast/phe (evaluation alone, pre-drawn hands)', `${fastPhe.toFixed(2)}×`, `≥ ${TARGET_FAST_PHE}×`, passPhe ? 'PASS' : 'FAIL'],
        ['draw+fast/bare (end to end vs the bare draw)', `${fastBare.toFixed(3)}×`, `≥ ${TARGET_FAST_BARE}×`, passBare ? 'PASS' : 'FAIL'],
        ['draw+fast/twin', `${Math.round(fastTwin)}×`, '—', ''],
      ],
    ),
  );
  const summary = {
    bench: 'evaluator',
    node: process.version,
    ruleset: RULESET,
    trump: TRUMP,
    rounds,
    evalsPerSec: Object.fromEntries(ms.map((m) => [m.name, Math.round(m.median)])),
    ratios: {
      fastPhe: round3(fastPhe),
      fastBare: round3(fastBare),
      fastTwin: round3(fastTwin),
    },
    nsPerHand: { draw: round3(1e9 / rate('bare')), fastEval: round3(1e9 / rate('fast')), pheEval: round3(1e9 / rate('phe')) },
    targets: {
      fastPhe: { min: TARGET_FAST_PHE, pass: passPhe },
      fastBare: { min: TARGET_FAST_BARE, pass: passBare },
    },
    pass: passPhe && passBare,
    checksum: checksum(),
  };
  console.log(JSON.stringify(summary));
  return summary;
}

function round3(x: number): number {
  return Math.round(x * 1000) / 1000;
}

if (isMain(import.meta.url)) await run();
