// Observation integrity for Bieten (GUIDE §2): redealing the cards a player cannot see leaves his serialized
// observation byte-identical; a spy policy that walks everything it is handed (own and inherited keys,
// prototypes, buffers) sees the same bytes in every world consistent with what it saw, and no seed.
import { describe, expect, it } from 'vitest';
import { BLOC, type BietenAction, type BietenState } from '../../src/games/bieten/state.ts';
import { observeBieten, resampleBietenHidden, type BietenObservation } from '../../src/games/bieten/observe.ts';
import { playBietenDeal } from '../../src/play/bieten.ts';
import { resolveBietenRules } from '../../src/games/bieten/rules.ts';
import type { Policy, PolicyContext, PolicyFactory } from '../../src/policy/api.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { STREAM, keyWords, keyedRng } from '../../src/core/rng.ts';
import { checkPlaces } from './invariants.ts';

type P = Policy<BietenObservation, BietenAction>;
const factory = (name: string) => builtinPolicy(name, 'bieten') as unknown as PolicyFactory<BietenObservation, BietenAction>;

/** Everything reachable from x as text: own keys of every kind, class prototypes, Map/Set contents, whole buffers. */
function deepDump(x: unknown, seen = new Set<unknown>()): string {
  if (x === null || x === undefined) return String(x);
  const t = typeof x;
  if (t === 'number' || t === 'boolean' || t === 'bigint') return String(x);
  if (t === 'string') return JSON.stringify(x);
  if (t === 'symbol') return (x as symbol).toString();
  if (seen.has(x)) return '<cycle>';
  seen.add(x);
  const parts: string[] = [];
  if (ArrayBuffer.isView(x)) parts.push(`buf[${Array.from(new Uint8Array((x as ArrayBufferView).buffer)).join(',')}]`);
  else if (x instanceof Map) for (const [k, v] of x) parts.push(`${deepDump(k, seen)}=>${deepDump(v, seen)}`);
  else if (x instanceof Set) for (const v of x) parts.push(deepDump(v, seen));
  for (const k of Reflect.ownKeys(x as object)) {
    const d = Object.getOwnPropertyDescriptor(x as object, k)!;
    const v = 'value' in d ? d.value : '<getter>';
    parts.push(`${String(k)}:${t === 'function' && (k === 'prototype' || k === 'caller' || k === 'arguments') ? '' : deepDump(v, seen)}`);
  }
  const proto = Object.getPrototypeOf(x);
  if (proto !== null && proto !== Object.prototype && proto !== Array.prototype && proto !== Function.prototype) parts.push(`proto:${deepDump(proto, seen)}`);
  return `{${parts.join(';')}}`;
}

/** Hidden from `player`: the other players' cards not on the table, and the undealt rest. */
function hiddenCards(s: BietenState, player: number): number[] {
  const out: number[] = [];
  for (let c = 0; c < 32; c++) {
    const l = s.loc[c]!;
    if (l === BLOC.stock || (l >= 0 && l < s.seats && l !== player)) out.push(c);
  }
  return out;
}

describe('Bieten observation integrity', () => {
  it('redealing the hidden cards leaves every observation byte-identical', () => {
    const rules = [resolveBietenRules('bieten'), resolveBietenRules('bieten{answerOrder=leftOfLeader,groschenOnHeld=anyPlayer}')];
    const policies = [factory('plain').create({ bluffRate: 0.3 }), factory('random').create({ bidRate: 0.3, avoidPenalties: false })];
    let checks = 0;
    let moved = 0;
    for (let d = 0; d < 300; d++) {
      const n = 2 + (d % 5);
      const rng = keyedRng(11, d, STREAM.resample);
      playBietenDeal({
        rules: rules[d % 2]!,
        players: n,
        policies: Array.from({ length: n }, (_, p) => ({ name: 'x', policy: policies[(p + d) % 2]! })),
        rootSeed: 11,
        dealIndex: d,
        dealer: d % n,
        score: Array.from({ length: n }, (_, i) => (d * (i + 3)) % 7),
        onDecision: (s, p) => {
          for (const who of [p, (p + 1) % n]) {
            const before = JSON.stringify(observeBieten(s, who));
            const w = resampleBietenHidden(s, who, rng);
            checkPlaces(w);
            expect(JSON.stringify(observeBieten(w, who))).toBe(before);
            if (hiddenCards(s, who).some((c) => w.loc[c] !== s.loc[c])) moved++;
            checks++;
          }
        },
      });
    }
    expect(checks).toBeGreaterThan(3000);
    expect(moved).toBeGreaterThan(checks / 2); // the worlds really differ: the test can fail
  });

  it('a spy policy sees the same bytes in every consistent world, and no seed, in 3,000 deals', () => {
    const ROOT = 2718281828459; // a distinctive seed, well above 2^32
    let handed: { obs: BietenObservation; ctx: PolicyContext } | null = null;
    const spy: P = {
      act(obs, ctx) {
        handed = { obs, ctx };
        return obs.legal[ctx.rng.below(obs.legal.length)]!;
      },
    };
    const rules = resolveBietenRules('bieten');
    let compared = 0;
    for (let d = 0; d < 3000; d++) {
      const n = 2 + (d % 5);
      const bad = new Set<number>([ROOT, ROOT >>> 0, Math.floor(ROOT / 4294967296)]);
      for (const kind of [STREAM.deal, STREAM.policy]) for (let seat = -1; seat < n; seat++) for (const w of keyWords([ROOT >>> 0, Math.floor(ROOT / 4294967296), d, 0, kind, seat + 1])) bad.add(w);
      const rng = keyedRng(ROOT, d, STREAM.resample);
      let decision = 0;
      const pick = d % 5;
      playBietenDeal({
        rules,
        players: n,
        policies: Array.from({ length: n }, () => ({ name: 'spy', policy: spy })),
        rootSeed: ROOT,
        dealIndex: d,
        dealer: d % n,
        onDecision: (s, p) => {
          if (decision++ !== pick && d >= 300) return; // every decision of the first 300 deals, one of each later deal
          const dump = deepDump(handed);
          for (const m of dump.matchAll(/\d+/g)) if (bad.has(Number(m[0]))) throw new Error(`seed-derived number ${m[0]} handed to a policy`);
          if (decision - 1 !== pick) return;
          const w = resampleBietenHidden(s, p, rng);
          expect(deepDump({ obs: observeBieten(w, p), ctx: handed!.ctx })).toBe(dump);
          compared++;
        },
      });
    }
    expect(compared).toBeGreaterThan(2500);
  });

  it('a seat\'s observation never holds a card another seat still has in hand (every decision, 800 deals, 2-6 players)', () => {
    const rules = resolveBietenRules('bieten');
    const policies = [factory('plain').create({ bluffRate: 0.3 }), factory('random').create({ bidRate: 0.3 })];
    /** Every card number the observation names: values under the keys card, cards and hand, anywhere in it. */
    const cardsIn = (x: unknown, out: Set<number>, key = ''): Set<number> => {
      if (typeof x === 'number' && (key === 'card' || key === 'cards' || key === 'hand')) out.add(x);
      else if (Array.isArray(x)) for (const v of x) cardsIn(v, out, key);
      else if (x !== null && typeof x === 'object') for (const [k, v] of Object.entries(x)) cardsIn(v, out, k);
      return out;
    };
    let checks = 0;
    let ownSeen = 0;
    for (let d = 0; d < 800; d++) {
      const n = 2 + (d % 5);
      playBietenDeal({
        rules,
        players: n,
        policies: Array.from({ length: n }, (_, p) => ({ name: 'x', policy: policies[(p + d) % 2]! })),
        rootSeed: 29,
        dealIndex: d,
        dealer: d % n,
        onDecision: (s) => {
          for (let who = 0; who < n; who++) {
            const named = cardsIn(observeBieten(s, who), new Set());
            for (let c = 0; c < 32; c++) {
              const at = s.loc[c]!;
              if (at >= 0 && at < s.seats && at !== who && named.has(c)) throw new Error(`deal ${d}: seat ${who}'s observation names card ${c}, still in seat ${at}'s hand`);
              if (at === who && named.has(c)) ownSeen++;
            }
            checks++;
          }
        },
      });
    }
    expect(checks).toBeGreaterThan(20_000);
    expect(ownSeen).toBeGreaterThan(checks); // the walk finds the cards it should: the test can fail
  });
});
