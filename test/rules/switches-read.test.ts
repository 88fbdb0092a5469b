// Every switch of RULES §15 is read: each alternative listed in src/rules/ambiguities.ts changes what the
// engine does on some seeded input. A switch the engine accepted but never read would play the default —
// a wrong answer with exit 0 — and this test would name it.
//
// The input is the same for the default and the alternative: seeded hands at every table (4, 3, 6 and 2
// players), at a spread of Partie scores (gestrichen, target − 2, 17:17 …), with policies that bid, hold,
// raise, ask and veto a lot (and revoke, with the revoke switch on in every other hand), one of them laying
// its Perlaggen early, christened as the highest Perlagg's own card (so that "as itself" meets another
// Perlagg of that identity in a trick, A-20), one laying them un-christened; then, if the hands show
// nothing, Partien in series (who deals the next Partie, the Double). What is compared: every event of every
// hand, and at every decision the number of legal actions and the hands the player sees.
import { describe, expect, it } from 'vitest';
import { AMBIGUITIES } from '../../src/rules/ambiguities.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import type { RulesVariant } from '../../src/rules/variant.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { definePolicy, type PolicyAction } from '../../src/policy/api.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { PartieSeries } from '../../src/play/partie.ts';
import { probeTable } from '../../src/engine/game.ts';

const HANDS = 400;
const PARTIEN = 8;
const PLAYERS = [4, 3, 6, 2, 4, 4];

const random = builtinPolicy('random').create({ bidRate: 0.12, holdRate: 0.5, raiseRate: 0.3, askRate: 0.9, rejectRate: 0.9, vetoRate: 0.2 });
/**
 * Test-only policies around `random`: each plays uniformly over its cards (then their christenings), seldom
 * conceding; bids the Spiel in the last trick once it is led, when it may (the Spielfarbe, A-16); revokes now
 * and then when the revoke switch is on (A-22). 'christener' lays a Perlagg whenever it may, christened as
 * the highest Perlagg's own card (A-20); 'natural' lays its Perlaggen un-christened where allowed (A-03, A-11).
 */
function testPolicy(kind: 'random' | 'christener' | 'natural'): SeatPolicy {
  const policy = definePolicy({
    name: kind,
    version: '1.0.0',
    description: 'test only',
    options: {},
    create: () => ({
      act(obs, ctx) {
        if (obs.revokes.length > 0 && ctx.rng.nextFloat() < 0.3) return obs.revokes[ctx.rng.below(obs.revokes.length)]!;
        if (obs.phase === 'window' && obs.tricks.length === obs.handSize && obs.tricks[obs.handSize - 1]!.plays.length > 0 && ctx.rng.nextFloat() < 0.5) {
          const spiel = obs.legal.find((a) => a.kind === 'bid' && a.figures.length === 1 && a.figures[0] === 'Spiel');
          if (spiel !== undefined) return spiel;
        }
        if (obs.phase === 'play' && kind !== 'random') {
          const top = obs.perlaggen.find((c) => c !== 32);
          const want = (a: PolicyAction) => a.kind === 'play' && obs.perlaggen.includes(a.card) && (kind === 'christener' ? a.as !== null && a.as === top : a.as === null);
          const pick = obs.legal.find(want);
          if (pick !== undefined) return pick;
        }
        if (obs.phase === 'play') {
          // uniform over the cards, then over their christenings; seldom conceding (so that play often goes on to the last trick)
          const plays = obs.legal.filter((a) => a.kind === 'play');
          if (plays.length === 0 || ctx.rng.nextFloat() < 0.02) return obs.legal[obs.legal.length - 1]!;
          const cards = [...new Set(plays.map((a) => (a.kind === 'play' ? a.card : -1)))];
          const card = cards[ctx.rng.below(cards.length)]!;
          const options = plays.filter((a) => a.kind === 'play' && a.card === card);
          return options[ctx.rng.below(options.length)]!;
        }
        return random.act(obs, ctx);
      },
    }),
  }).create({});
  return { name: kind, policy };
}
const KINDS = [testPolicy('random'), testPolicy('christener'), testPolicy('natural')];
const seatPolicies = (n: number, i: number): SeatPolicy[] => Array.from({ length: n }, (_, p) => KINDS[(p + i) % 3]!);

/** What the engine did in trial i of the hands: every event, and per decision how many legal actions and the hands seen. */
function handTrial(r: RulesVariant, i: number): string {
  const players = PLAYERS[i % PLAYERS.length]!;
  const table = probeTable(r, { players });
  const t = r.target;
  // Partie scores for two parties: 0:0, target − 1 on one or both sides, target − 2, and a spread
  const scores = [[0, 0], [t - 1, t - 1], [t - 1, (i * 5) % t], [(i * 3) % t, t - 2], [t - 2, t - 1], [i % t, (i * 7) % t]];
  const score = table.parties === 2 ? scores[Math.floor(i / PLAYERS.length) % scores.length]! : undefined;
  const seen: string[] = [];
  const res = playDeal({
    ruleset: r,
    players,
    policies: seatPolicies(players, i),
    rootSeed: 8080,
    dealIndex: i,
    dealer: i % table.seats,
    dummySeat: i % 4,
    ...(score === undefined ? {} : { score }),
    ...(i % 2 === 1 ? { revokes: true } : {}),
    onDecision: (_s, p, obs) => seen.push(`${p}${obs.phase}${obs.legal.length}${obs.seenHands.length === 0 ? '' : JSON.stringify(obs.seenHands)}`),
  });
  return JSON.stringify(res.state.events) + seen.join('|');
}

/** Trial k of the Partien: two Partien of a series (the second dealt by the first's losers), their sheets, dealers and Doubles. */
function partieTrial(r: RulesVariant, k: number): string {
  const series = new PartieSeries({ ruleset: r, players: 4, policies: seatPolicies(4, k), rootSeed: 9090 + k, checked: false });
  const out: unknown[] = [];
  for (const p of [0, 1]) {
    const res = series.play(p);
    out.push(res.summary.finalScore, res.summary.double, res.dealers, res.sheet);
  }
  return JSON.stringify(out);
}

const cache = new Map<string, string[]>();
function trials(r: RulesVariant, key: string, kind: 'hand' | 'partie', i: number): string {
  const k = `${key}|${kind}`;
  let list = cache.get(k);
  if (list === undefined) cache.set(k, (list = []));
  list[i] ??= kind === 'hand' ? handTrial(r, i) : partieTrial(r, i);
  return list[i]!;
}

/** The first trial in which the alternative does something else than the default, or null. */
function firstDifference(base: string, spec: string): string | null {
  const d = resolveRuleset(base);
  const a = resolveRuleset(spec);
  // blocks of hands with a pair of Partien after each, so that a switch of the Partie shows early
  const block = HANDS / PARTIEN;
  for (let k = 0; k < PARTIEN; k++) {
    for (let i = k * block; i < (k + 1) * block; i++) if (trials(d, base, 'hand', i) !== trials(a, spec, 'hand', i)) return `hand ${i}`;
    if (trials(d, base, 'partie', k) !== trials(a, spec, 'partie', k)) return `Partien ${k}`;
  }
  return null;
}

const valueText = (v: unknown): string => (Array.isArray(v) ? v.join('/') : String(v));
function fieldOf(r: RulesVariant, path: string): unknown {
  let cur: unknown = r;
  for (const p of path.split('.')) cur = (cur as Record<string, unknown>)[p];
  return cur;
}

/**
 * Alternatives that can only matter together with another parameter, and that parameter: the Double
 * threshold differs between floor(t/2) + 1 and the half only for an even target (11 → 6 either way).
 */
const CONTEXT: Readonly<Record<string, string>> = { doubleThreshold: 'target=12' };

describe('RULES §15: every switch alternative changes what the engine does', () => {
  const cases: Array<{ base: string; spec: string }> = [];
  for (const amb of AMBIGUITIES) {
    for (const sw of amb.switches) {
      for (const name of sw.rulesets) {
        const cur = valueText(fieldOf(resolveRuleset(name), sw.field));
        const ctx = CONTEXT[sw.field];
        const base = ctx === undefined ? name : `${name}{${ctx}}`;
        for (const alt of sw.alternatives) {
          if (alt === cur) continue;
          cases.push({ base, spec: `${name}{${ctx === undefined ? '' : `${ctx},`}${sw.field}=${alt}}` });
        }
      }
    }
  }
  it(`${cases.length} alternatives, each against its default on the same seeded hands and Partien`, () => {
    const unread: string[] = [];
    for (const c of cases) if (firstDifference(c.base, c.spec) === null) unread.push(c.spec);
    expect(unread, 'alternatives that changed nothing').toEqual([]);
    expect(cases.length).toBeGreaterThan(100);
  });
});
