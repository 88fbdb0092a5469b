// strategies/author1853.ts under the policy contract: declared options with ranges and defaults; legal
// actions in random hands and Partien of every ruleset and table; determinism given (observation, rng) with
// no state between decisions; and the policy-API helpers it reads (src/policy/api.ts) against the engine.
import { describe, expect, it } from 'vitest';
import author from '../../strategies/author1853.ts';
import { opponentsCeiling, knowOfForTests } from '../../strategies/author1853.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { builtinPolicy, resolvePolicy } from '../../src/registry/policies.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { doubleThreshold, playPartie } from '../../src/play/partie.ts';
import { keyedRng } from '../../src/core/rng.ts';
import { hasSpielfarbe as engineSpielfarbe } from '../../src/engine/obligations.ts';
import { jointFrontier } from '../../src/engine/joint.ts';
import { wordGleich, wordHanger } from '../../src/eval/figures.ts';
import { hasSpielfarbe, rulesFacts, type Observation, type Policy, type PolicyAction } from '../../src/policy/api.ts';
import { bestOf, figureFrontier, naturalFigures } from '../../src/policy/figures.ts';
import { sameAction } from '../../src/engine/actions.ts';
import { RULESETS, TABLES } from '../engine/tables.ts';
import { figCtx } from '../../src/engine/hand-figures.ts';

const TALK = ['signs', 'leadRequest', 'avoidAskedSuit', 'cannotWinSignal', 'kunstgriff', 'askDecisive', 'talk'] as const;

describe('author1853: declared options', () => {
  it('every option has a type, a range or values, a default inside it, and a meaning line citing the advice', () => {
    const opts = Object.entries(author.options);
    expect(opts.length).toBeGreaterThanOrEqual(40);
    for (const [name, o] of opts) {
      expect(o.description.length, name).toBeGreaterThan(20);
      expect(/H-\d\d|\[000 p\./.test(o.description), `${name} cites an H-nn or a page`).toBe(true);
      if (o.type === 'number' || o.type === 'integer') {
        expect(o.min, name).toBeLessThan(o.max);
        expect(o.default, name).toBeGreaterThanOrEqual(o.min);
        expect(o.default, name).toBeLessThanOrEqual(o.max);
        if (o.type === 'integer') expect(Number.isInteger(o.default) && Number.isInteger(o.min) && Number.isInteger(o.max), name).toBe(true);
      } else if (o.type === 'enum') {
        expect(o.values, name).toContain(o.default);
      } else expect(typeof o.default, name).toBe('boolean');
    }
  });

  it('is a built-in policy; options are parsed and checked against their ranges', async () => {
    const r = await resolvePolicy('author1853{holdSlack=2,drei=atOnce,outAnyway=false,ratschen=0.25}');
    expect(r.factory).toBe(author);
    expect(r.options).toMatchObject({ holdSlack: 2, drei: 'atOnce', outAnyway: false, ratschen: 0.25, vs9Steps: 4 });
    await expect(resolvePolicy('author1853{holdSlack=17}')).rejects.toThrow(/holdSlack.*\[0, 16\]/);
    await expect(resolvePolicy('author1853{drei=later}')).rejects.toThrow(/drei/);
    expect(builtinPolicy('author1853').create({}).bidding).toBe('full');
  });
});

/** A policy that checks every action it is handed back is among obs.legal, and counts decisions. */
function counting(p: Policy, tally: Map<string, number>): Policy {
  return {
    bidding: p.bidding ?? 'full',
    act(obs, ctx) {
      const a = p.act(obs, ctx);
      if (!obs.legal.some((x) => sameAction(x, a))) throw new Error(`not legal: ${JSON.stringify(a)} in phase ${obs.phase}`);
      tally.set(a.kind, (tally.get(a.kind) ?? 0) + 1);
      return a;
    },
  };
}

// Options at their far ends, so that every rule fires somewhere.
const EXTREME = { ratschen: 1, rescueRatschen: 1, blindAllThree: true, perlaggTricks: 'free', drei: 'atOnce', dreiIdx: 9, holdSlack: 8, spielProspect: 2, trumpLead: 'always', lowTrumpLead: true };

describe('author1853: legal actions in random hands and Partien of every ruleset', () => {
  const PER = 40; // 4 rulesets × 5 tables × 40 × 2 option sets = 1,600 hands
  for (const name of RULESETS) {
    it(`${name}: ${PER * TABLES.length * 2} hands on every table, mixed with random and simple, at spread scores`, () => {
      const tally = new Map<string, number>();
      for (const [set, options] of [['defaults', {}], ['extremes', EXTREME]] as const) {
        const mine = counting(author.create(options), tally);
        const random = builtinPolicy('random').create({ bidRate: 0.1 });
        const simple = builtinPolicy('simple').create({});
        for (const t of TABLES) {
          const r = resolveRuleset(t.override === '' ? name : `${name}{${t.override}}`);
          const seats = t.override === 'threePlayers=strohmann' ? 4 : t.players;
          for (let d = 0; d < PER; d++) {
            const policies: SeatPolicy[] = Array.from({ length: t.players }, (_, p) =>
              (p + d) % 3 === 0 ? { name: 'random', policy: random } : (p + d) % 3 === 1 && d % 2 === 0 ? { name: 'simple', policy: simple } : { name: `author1853 ${set}`, policy: mine },
            );
            const score = [(d * 3) % r.target, (d * 7 + 2) % r.target];
            playDeal({ ruleset: r, players: t.players, policies, rootSeed: 9100, dealIndex: d, dealer: d % seats, dummySeat: d % 4, ...(seats === 4 || seats === 6 || seats === 2 ? { score } : {}), checked: true });
          }
        }
      }
      // it bid, held, let gut, played and showed somewhere
      for (const k of ['bid', 'hold', 'gut', 'play', 'show', 'pass']) expect(tally.get(k) ?? 0, k).toBeGreaterThan(0);
    });

    it(`${name}: Partien against simple end, every action legal`, () => {
      const r = resolveRuleset(name);
      const a = author.create({});
      const s = builtinPolicy('simple').create({});
      for (let i = 0; i < 6; i++) {
        const res = playPartie({ ruleset: r, players: 4, policies: [0, 1, 2, 3].map((p) => ((p + i) % 2 === 0 ? { name: 'author1853', policy: a } : { name: 'simple', policy: s })), rootSeed: 77, partieIndex: i, checked: true });
        expect(res.summary.winnerParty).toBeGreaterThanOrEqual(0);
      }
    });
  }
});

describe('author1853: deterministic given (observation, rng), no state between decisions', () => {
  it('replays every recorded decision of some deals to the same action, out of order and on a fresh instance', () => {
    const recorded: Array<{ obs: Observation; key: number; action: PolicyAction }> = [];
    let key = 0;
    const live = author.create({ ratschen: 0.5, rescueRatschen: 0.5 });
    const recorder: Policy = {
      act(obs) {
        const k = key++;
        const action = live.act(obs, { rng: keyedRng(5, k, 3) });
        recorded.push({ obs, key: k, action });
        return action;
      },
    };
    for (let d = 0; d < 12; d++) {
      playDeal({ ruleset: resolveRuleset('1853'), players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'rec', policy: recorder })), rootSeed: 31, dealIndex: d, dealer: d % 4, score: [d % 11, (d * 5) % 11] });
    }
    expect(recorded.length).toBeGreaterThan(300);
    const fresh = author.create({ ratschen: 0.5, rescueRatschen: 0.5 });
    for (let i = recorded.length - 1; i >= 0; i--) {
      const r = recorded[(i * 7919) % recorded.length]!; // a scrambled order
      expect(sameAction(fresh.act(r.obs, { rng: keyedRng(5, r.key, 3) }), r.action)).toBe(true);
      expect(sameAction(live.act(r.obs, { rng: keyedRng(5, r.key, 3) }), r.action)).toBe(true);
    }
  });

  it('at a silent table the talk options change nothing; at the 1853 default (table) it talks, truthfully, and the options matter', () => {
    const off = Object.fromEntries(TALK.map((k) => [k, false]));
    const run = (ruleset: string, options: Record<string, boolean>) => {
      const p = author.create(options);
      const out: number[] = [];
      let said = 0;
      for (let d = 0; d < 20; d++) {
        const res = playDeal({ ruleset: resolveRuleset(ruleset), players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'a', policy: p })), rootSeed: 8, dealIndex: d, dealer: d % 4 });
        out.push(...res.points, res.state.actions.length);
        for (const e of res.state.events) if (e.type === 'say') said++;
      }
      return { out, said };
    };
    expect(run('1853{partnerInfo=none}', off).out).toEqual(run('1853{partnerInfo=none}', {}).out);
    const talking = run('1853', {});
    expect(talking.said).toBeGreaterThan(40);
    expect(run('1853', { talk: false }).said).toBe(0);
    expect(run('1853', off).out).not.toEqual(talking.out);
  });
});

describe('policy-API helpers against the engine', () => {
  it('hasSpielfarbe reads the same rule as the engine, for every seat at every decision of random hands', () => {
    let checked = 0;
    for (const name of RULESETS) {
      const r = resolveRuleset(name);
      const simple = builtinPolicy('simple').create({});
      for (let d = 0; d < 30; d++) {
        playDeal({
          ruleset: r, players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'simple', policy: simple })), rootSeed: 4, dealIndex: d, dealer: d % 4,
          onDecision: (s, _p, obs) => {
            if (obs.phase !== 'play' && obs.phase !== 'window' && obs.phase !== 'answer') return;
            if (obs.hand.length === 0) return;
            expect(hasSpielfarbe(obs, obs.seat)).toBe(engineSpielfarbe(s, obs.seat));
            checked++;
          },
        });
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it('rulesFacts: the Double line is the Partie loop\'s, and the deck is the ruleset\'s', () => {
    for (const name of RULESETS) {
      const r = resolveRuleset(name);
      const res = playDeal({ ruleset: r, players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'simple', policy: builtinPolicy('simple').create({}) })), rootSeed: 1, dealIndex: 0, dealer: 0, onDecision: (_s, _p, obs) => {
        const f = rulesFacts(obs);
        expect(f.doubleThreshold).toBe(r.double ? doubleThreshold(r) : 0);
        expect(f.deck.length).toBe(r.deckHasWeli ? 33 : 32);
        expect(f.target).toBe(r.target);
      } });
      expect(res.decisions).toBeGreaterThan(0);
    }
  });

  it('natural figures never exceed the figures with the Perlaggen wild, and equal them without a Perlagg', () => {
    let withPerlagg = 0;
    playDeal({ ruleset: resolveRuleset('1853'), players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'simple', policy: builtinPolicy('simple').create({}) })), rootSeed: 2, dealIndex: 0, dealer: 0 });
    for (let d = 0; d < 60; d++) {
      playDeal({ ruleset: resolveRuleset(d % 2 === 0 ? '1853' : 'oberland'), players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'simple', policy: builtinPolicy('simple').create({}) })), rootSeed: 2, dealIndex: d, dealer: d % 4, onDecision: (_s, _p, obs) => {
        if (obs.phase !== 'play') return;
        const nat = naturalFigures(obs, obs.seat);
        const all = bestOf(figureFrontier(obs, obs.seat));
        expect(nat.gleich).toBeLessThanOrEqual(all.gleich);
        expect(nat.hanger).toBeLessThanOrEqual(all.hanger);
        const hasPerlagg = obs.hand.some((c) => obs.perlaggen.includes(c));
        if (hasPerlagg) withPerlagg++;
        else expect(nat).toEqual(all);
      } });
    }
    expect(withPerlagg).toBeGreaterThan(50);
  });
});

describe('author1853: the opponents\' ceiling (H-20) is an upper bound', () => {
  it('no opponent can ever make more than the ceiling computed from what the seat has seen', () => {
    let checks = 0;
    for (const name of ['1853', 'oberland', 'innsbruck']) {
      const r = resolveRuleset(name);
      const simple = builtinPolicy('simple').create({});
      for (let d = 0; d < 25; d++) {
        playDeal({ ruleset: r, players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'simple', policy: simple })), rootSeed: 12, dealIndex: d, dealer: d % 4, onDecision: (s, _p, obs) => {
          if (obs.phase !== 'play' || obs.acting !== obs.seat) return;
          const ceil = opponentsCeiling(obs, knowOfForTests(obs));
          for (let seat = 0; seat < 4; seat++) {
            if (seat % 2 === obs.seat % 2) continue;
            const played: Array<{ card: number; as: number | null }> = [];
            for (const t of s.tricks) for (const p of t.plays) if (p.seat === seat) played.push({ card: p.card, as: p.as });
            for (const w of jointFrontier(figCtx(s), s.handLo[seat]!, s.handWeli[seat]!, played)) {
              expect(wordGleich(w)).toBeLessThanOrEqual(ceil.gleich);
              expect(wordHanger(w)).toBeLessThanOrEqual(ceil.hanger);
              checks++;
            }
          }
        } });
      }
    }
    expect(checks).toBeGreaterThan(2000);
  });
});
