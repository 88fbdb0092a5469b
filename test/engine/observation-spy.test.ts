// Observation integrity (GUIDE §2): a "spy" policy that walks everything it is handed (typed arrays' whole
// buffers included) finds no other seat's card and no seed in 10,000 hands, at every level of what partners
// share (RULES §13: none, signs, table, open); at one decision of each hand, redealing what the spy cannot
// see leaves everything it was handed the same. 2,000 hands a level in the suite, 10,000 with PERLAGG_DEEP=1
// (test/deep.ts); SPY_HANDS=n sets the number.
import { describe, expect, it } from 'vitest';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { observe } from '../../src/engine/observe.ts';
import { resampleHidden } from '../../src/engine/resample.ts';
import { playDeal } from '../../src/play/hand.ts';
import { STREAM, keyWords, keyedRng } from '../../src/core/rng.ts';
import type { Observation, Policy, PolicyContext } from '../../src/policy/api.ts';
import { deepDump, scanNumbers } from './spy.ts';
import { LEVELS, RULESETS, TABLES, specOf } from './tables.ts';
import { sized } from '../deep.ts';

const HANDS = sized('SPY_HANDS', 2000, 10000);

describe('the spy policy', () => {
  for (const level of LEVELS) {
    it(`finds no other seat's card and no seed in ${HANDS.toLocaleString('en-US')} hands (partnerInfo=${level})`, () => spyRun(level));
  }
});

function spyRun(level: string): void {
  const ROOT = 2718281828459; // a distinctive seed, well above 2^32
  const forbiddenNumbers = new Set<number>([ROOT, ROOT >>> 0, Math.floor(ROOT / 4294967296)]);
  let handed: { obs: Observation; ctx: PolicyContext } | null = null;
  const spy: Policy = {
    act(obs, ctx) {
      handed = { obs, ctx };
      // it talks too, now and then (asked, it always answers): every phrase is handed over in observations
      if (obs.phase === 'talk' && obs.question === null && ctx.rng.nextFloat() < 0.7) return obs.legal[0]!;
      return obs.legal[ctx.rng.below(obs.legal.length)]!;
    },
  };
  let hands = 0;
  let compared = 0;
  let talked = 0;
  let signed = 0;
  const rulesets = new Map<string, ReturnType<typeof resolveRuleset>>();
  const rulesetFor = (spec: string) => {
    let r = rulesets.get(spec);
    if (r === undefined) rulesets.set(spec, (r = resolveRuleset(spec)));
    return r;
  };
  const t0 = performance.now();
  let tScan = 0;
  let tDump = 0;
  for (let d = 0; d < HANDS; d++) {
    const name = RULESETS[d % 4]!;
    const t = TABLES[Math.floor(d / 4) % TABLES.length]!;
    const r = rulesetFor(specOf(name, t.override, level));
    const seats = t.override === 'threePlayers=strohmann' ? 4 : t.players;
    const bad = new Set<number>(forbiddenNumbers);
    for (const kind of [STREAM.deal, STREAM.policy]) {
      for (let seat = -1; seat < seats; seat++) {
        for (const w of keyWords([ROOT >>> 0, Math.floor(ROOT / 4294967296), d, 0, kind, seat + 1])) bad.add(w);
      }
    }
    const clean = new WeakSet<object>();
    const rng = keyedRng(ROOT, d, STREAM.resample);
    let decision = 0;
    const pick = d % 7;
    const res = playDeal({
      ruleset: r,
      players: t.players,
      policies: Array.from({ length: t.players }, () => ({ name: 'spy', policy: spy })),
      rootSeed: ROOT,
      dealIndex: d,
      dealer: d % seats,
      onDecision: (s, p) => {
        const t1 = performance.now();
        scanNumbers(handed!.obs, bad, clean, true); // no seed-derived number, and no typed array at all
        scanNumbers(handed!.ctx, bad, clean);
        tScan += performance.now() - t1;
        if (decision++ === pick) {
          const t2 = performance.now();
          const dump = deepDump(handed);
          // Redeal what the player cannot see: everything the spy was handed stays the same.
          const w = resampleHidden(s, p, rng);
          const again = deepDump({ obs: observe(w, p), ctx: handed!.ctx });
          expect(again).toBe(dump);
          compared++;
          tDump += performance.now() - t2;
        }
      },
    });
    if (res.state.events.some((e) => e.type === 'say')) talked++;
    if (res.state.events.some((e) => e.type === 'sign')) signed++;
    hands++;
  }
  if (process.env['PERLAGG_TIMING']) console.log(`spy ${level}: total ${(performance.now() - t0).toFixed(0)} ms, scan ${tScan.toFixed(0)}, dump ${tDump.toFixed(0)}`);
  expect(hands).toBe(HANDS);
  expect(compared).toBeGreaterThan(HANDS / 2);
  // the level was really in force: signs from 'signs' on, spoken talk from 'table' on
  if (level === 'none') expect(signed + talked).toBe(0);
  else expect(signed).toBeGreaterThan(HANDS / 4);
  if (level === 'table' || level === 'open') expect(talked).toBeGreaterThan(HANDS / 4);
  else expect(talked).toBe(0);
}
