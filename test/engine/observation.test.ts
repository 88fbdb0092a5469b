// Observation integrity (GUIDE §2): redealing the cards a seat cannot see leaves its serialized
// observation byte-identical; a "spy" policy that walks everything it is handed (typed arrays' whole
// buffers included) finds no other seat's card and no seed in 10,000 hands.
import { describe, expect, it } from 'vitest';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { observe, resampleHidden } from '../../src/engine/observe.ts';
import { playDeal, type SeatPolicy } from '../../src/sim/play.ts';
import { STREAM, keyWords, keyedRng } from '../../src/sim/seeds.ts';
import { builtinPolicy } from '../../src/policy/registry.ts';
import type { Observation, Policy, PolicyContext } from '../../src/policy/api.ts';
import { checkPlaces } from './invariants.ts';
import { RULESETS, TABLES } from './tables.ts';

/** Everything reachable from x, as text: own properties (also non-enumerable and symbols), prototypes of
 *  class instances, Map/Set contents, and the whole underlying buffer of any typed array or DataView. */
export function deepDump(x: unknown, seen = new Set<unknown>()): string {
  if (x === null || x === undefined) return String(x);
  const t = typeof x;
  if (t === 'number' || t === 'boolean' || t === 'bigint') return String(x);
  if (t === 'string') return JSON.stringify(x);
  if (t === 'symbol') return (x as symbol).toString();
  if (seen.has(x)) return '<cycle>';
  seen.add(x);
  const parts: string[] = [];
  if (ArrayBuffer.isView(x)) {
    const v = x as ArrayBufferView;
    parts.push(`view(${v.byteOffset},${v.byteLength})buf[${Array.from(new Uint8Array(v.buffer)).join(',')}]`);
  } else if (x instanceof ArrayBuffer || (typeof SharedArrayBuffer !== 'undefined' && x instanceof SharedArrayBuffer)) {
    parts.push(`buf[${Array.from(new Uint8Array(x as ArrayBuffer)).join(',')}]`);
  } else if (x instanceof Map) {
    for (const [k, v] of x) parts.push(`${deepDump(k, seen)}=>${deepDump(v, seen)}`);
  } else if (x instanceof Set) {
    for (const v of x) parts.push(deepDump(v, seen));
  }
  for (const k of Reflect.ownKeys(x as object)) {
    const d = Object.getOwnPropertyDescriptor(x as object, k)!;
    const v = 'value' in d ? d.value : d.get !== undefined ? '<getter>' : undefined;
    parts.push(`${String(k)}:${t === 'function' && (k === 'prototype' || k === 'caller' || k === 'arguments') ? '' : deepDump(v, seen)}`);
  }
  const proto = Object.getPrototypeOf(x);
  if (proto !== null && proto !== Object.prototype && proto !== Array.prototype && proto !== Function.prototype) {
    parts.push(`proto:${deepDump(proto, seen)}`);
  }
  return `{${parts.join(';')}}`;
}

/** Visit every primitive reachable from x (own keys of all kinds, prototypes of class instances, buffers as 32-bit words). */
function scanNumbers(x: unknown, bad: ReadonlySet<number>, seen = new Set<unknown>()): void {
  if (typeof x === 'number') {
    if (bad.has(x)) throw new Error(`seed-derived number ${x} handed to a policy`);
    return;
  }
  if (typeof x === 'string') {
    if (/\d{4}/.test(x)) for (const m of x.matchAll(/\d+/g)) if (bad.has(Number(m[0]))) throw new Error(`seed-derived number in "${x}"`);
    return;
  }
  if (x === null || (typeof x !== 'object' && typeof x !== 'function') || seen.has(x)) return;
  seen.add(x);
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) scanNumbers(x[i], bad, seen);
    if (Object.getPrototypeOf(x) === Array.prototype && Reflect.ownKeys(x).length === x.length + 1) return; // indices + length only
  }
  if (ArrayBuffer.isView(x) || x instanceof ArrayBuffer) {
    const buf = ArrayBuffer.isView(x) ? x.buffer : x;
    const words = new Uint32Array(buf, 0, Math.floor(buf.byteLength / 4));
    for (const w of words) if (bad.has(w)) throw new Error(`seed-derived word ${w} in a buffer handed to a policy`);
  }
  const o = x as Record<string | symbol, unknown>;
  for (const k of Reflect.ownKeys(o)) {
    if (typeof x === 'function' && (k === 'caller' || k === 'arguments')) continue;
    scanNumbers(o[k], bad, seen); // getters are read too: a spy would
  }
  const proto = Object.getPrototypeOf(x);
  if (proto !== null && proto !== Object.prototype && proto !== Array.prototype && proto !== Function.prototype) scanNumbers(proto, bad, seen);
}

function assertNoTypedArrays(x: unknown, path = 'obs'): void {
  if (x === null || typeof x !== 'object') return;
  if (ArrayBuffer.isView(x) || x instanceof ArrayBuffer) throw new Error(`${path} is a typed array or buffer`);
  for (const [k, v] of Object.entries(x)) assertNoTypedArrays(v, `${path}.${k}`);
}

describe('observation integrity', () => {
  it('redealing the hidden cards leaves every observation byte-identical', () => {
    let checks = 0;
    for (const name of RULESETS) {
      for (const t of TABLES) {
        const r = resolveRuleset(t.override === '' ? name : `${name}{${t.override}}`);
        const seats = t.override === 'threePlayers=strohmann' ? 4 : t.players;
        const simple = builtinPolicy('simple').create({});
        const random = builtinPolicy('random').create({});
        for (let d = 0; d < 60; d++) {
          const rng = keyedRng(11, d, STREAM.resample);
          playDeal({
            ruleset: r,
            players: t.players,
            policies: Array.from({ length: t.players }, (_, p): SeatPolicy => ((p + d) % 2 === 0 ? { name: 'simple', policy: simple } : { name: 'random', policy: random })),
            rootSeed: 11,
            dealIndex: d,
            dealer: d % seats,
            onDecision: (s, p) => {
              for (const who of [p, (p + 1) % t.players]) {
                const before = JSON.stringify(observe(s, who));
                const w = resampleHidden(s, who, rng);
                checkPlaces(w);
                expect(JSON.stringify(observe(w, who))).toBe(before);
                checks++;
              }
            },
          });
        }
      }
    }
    expect(checks).toBeGreaterThan(10000);
  });

  it('with revokes switched on, redealing the hidden cards still leaves every observation byte-identical (a play proves no void)', () => {
    const random = builtinPolicy('random').create({});
    const revoker: Policy = {
      act(obs, ctx) {
        if (obs.revokes.length > 0 && ctx.rng.nextFloat() < 0.3) return obs.revokes[ctx.rng.below(obs.revokes.length)]!;
        return random.act(obs, ctx);
      },
    };
    let checks = 0;
    for (const name of RULESETS) {
      const r = resolveRuleset(name);
      for (let d = 0; d < 8; d++) {
        const rng = keyedRng(13, d, STREAM.resample);
        playDeal({
          ruleset: r, players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'revoker', policy: revoker })), rootSeed: 13, dealIndex: d, dealer: d % 4, revokes: true,
          onDecision: (s, p) => {
            const before = JSON.stringify(observe(s, p));
            const w = resampleHidden(s, p, rng);
            checkPlaces(w);
            expect(JSON.stringify(observe(w, p))).toBe(before);
            checks++;
          },
        });
      }
    }
    expect(checks).toBeGreaterThan(300);
  });

  it('a spy policy finds no other seat\'s card and no seed in 10,000 hands', { timeout: 120000 }, () => {
    const HANDS = Number(process.env['SPY_HANDS'] ?? 10000);
    const ROOT = 2718281828459; // a distinctive seed, well above 2^32
    const forbiddenNumbers = new Set<number>([ROOT, ROOT >>> 0, Math.floor(ROOT / 4294967296)]);
    let handed: { obs: Observation; ctx: PolicyContext } | null = null;
    const spy: Policy = {
      act(obs, ctx) {
        handed = { obs, ctx };
        assertNoTypedArrays(obs);
        return obs.legal[ctx.rng.below(obs.legal.length)]!;
      },
    };
    let hands = 0;
    let compared = 0;
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
      const r = rulesetFor(t.override === '' ? name : `${name}{${t.override}}`);
      const seats = t.override === 'threePlayers=strohmann' ? 4 : t.players;
      const bad = new Set<number>(forbiddenNumbers);
      for (const kind of [STREAM.deal, STREAM.policy]) {
        for (let seat = -1; seat < seats; seat++) {
          for (const w of keyWords([ROOT >>> 0, Math.floor(ROOT / 4294967296), d, 0, kind, seat + 1])) bad.add(w);
        }
      }
      const rng = keyedRng(ROOT, d, STREAM.resample);
      let decision = 0;
      const pick = d % 7;
      playDeal({
        ruleset: r,
        players: t.players,
        policies: Array.from({ length: t.players }, () => ({ name: 'spy', policy: spy })),
        rootSeed: ROOT,
        dealIndex: d,
        dealer: d % seats,
        onDecision: (s, p) => {
          const t1 = performance.now();
          scanNumbers(handed, bad);
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
      hands++;
    }
    if (process.env['PERLAGG_TIMING']) console.log(`spy: total ${(performance.now() - t0).toFixed(0)} ms, scan ${tScan.toFixed(0)}, dump ${tDump.toFixed(0)}`);
    expect(hands).toBe(HANDS);
    expect(compared).toBeGreaterThan(HANDS / 2);
  });
});
