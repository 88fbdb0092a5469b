// ≥ 10,000 seeded random hands across every ruleset and table (2, 3, 3 with the Strohmann, 4, 6 players),
// with bidding and with table talk on (every ruleset's default partnerInfo is 'table', RULES §13),
// invariants checked on every step (GUIDE §2); ≥ 1,000 Partien ending exactly by the
// priority rules; and global RNG isolation.
import { describe, expect, it } from 'vitest';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { builtinPolicy } from '../../src/policy/registry.ts';
import { playDeal, type SeatPolicy } from '../../src/sim/play.ts';
import { doubleThreshold, playPartie } from '../../src/sim/partie.ts';
import { explainIllegal, legalActions } from '../../src/engine/game.ts';
import { sameAction } from '../../src/engine/actions.ts';
import type { Policy } from '../../src/policy/api.ts';
import { checkPlaces, checkScoring, checkTalk, checkTricks } from './invariants.ts';
import { checkBidding } from './bid-invariants.ts';
import { RULESETS, TABLES } from './tables.ts';

/** Test-only: uniform over the cards first, then over the christenings; never concedes; bids a lot. */
const randomPlay: Policy = {
  act(obs, ctx) {
    const plays = obs.legal.filter((a) => a.kind === 'play');
    if (obs.phase === 'window') return ctx.rng.nextFloat() < 0.15 ? obs.legal[ctx.rng.below(obs.legal.length)]! : obs.legal[0]!;
    // table talk (RULES §13): asked, any answer; else a phrase now and then (legal[0] is quiet)
    if (obs.phase === 'talk') return obs.question !== null || ctx.rng.nextFloat() < 0.25 ? obs.legal[ctx.rng.below(obs.legal.length)]! : obs.legal[0]!;
    if (plays.length === 0) return obs.legal[ctx.rng.below(obs.legal.length)]!;
    const cards = [...new Set(plays.map((a) => (a.kind === 'play' ? a.card : -1)))];
    const card = cards[ctx.rng.below(cards.length)]!;
    const options = plays.filter((a) => a.kind === 'play' && a.card === card);
    return options[ctx.rng.below(options.length)]!;
  },
};

function policiesFor(kind: number, n: number): SeatPolicy[] {
  const random = builtinPolicy('random').create({ bidRate: 0.08 });
  const simple = builtinPolicy('simple').create({});
  return Array.from({ length: n }, (_, p) => {
    const k = (kind + p) % 3;
    return k === 0 ? { name: 'random', policy: random } : k === 1 ? { name: 'simple', policy: simple } : { name: 'randomPlay', policy: randomPlay };
  });
}

const PER_COMBO = 500; // 4 rulesets x 5 tables x 500 = 10,000 hands

describe('random hands with invariants on every step', () => {
  for (const name of RULESETS) {
    for (const t of TABLES) {
      it(`${name}, ${t.label}: ${PER_COMBO} hands`, () => {
        const r = resolveRuleset(t.override === '' ? name : `${name}{${t.override}}`);
        const seats = t.override === 'threePlayers=strohmann' ? 4 : t.players;
        let maxSteps = 0;
        let said = 0;
        for (let d = 0; d < PER_COMBO; d++) {
          // a spread of Partie scores so that gestrichen, limits and asks come up
          const score = [d % r.target, (d * 7) % r.target];
          const res = playDeal({
            ruleset: r,
            players: t.players,
            policies: policiesFor(d, t.players),
            rootSeed: 20240601,
            dealIndex: d,
            dealer: d % seats,
            dummySeat: d % 4,
            ...(seats === 4 || seats === 6 || seats === 2 ? { score } : {}),
            onDecision: (s, _p, _obs, a) => {
              if (d % 5 === 0) checkPlaces(s);
              expect(explainIllegal(s, a)).toBeNull();
              expect(legalActions(s).some((x) => sameAction(x, a))).toBe(true);
            },
          });
          const s = res.state;
          checkPlaces(s);
          checkTricks(s);
          checkBidding(s);
          checkTalk(s);
          for (const e of s.events) if (e.type === 'say') said++;
          if (s.figureWinners !== null && !s.bid.active) checkScoring(s);
          maxSteps = Math.max(maxSteps, s.actions.length);
          if (s.table.parties === 2 && s.table.handSize === 5 && s.bid.partieWinner < 0) expect(s.spielParty).toBeGreaterThanOrEqual(0);
        }
        expect(maxSteps).toBeGreaterThan(33);
        // partners who talk: four and six players, and the two players beside the Strohmann
        if (seats > 2 && t.override !== 'threePlayers=individual') expect(said).toBeGreaterThan(PER_COMBO);
        else expect(said).toBe(0);
      });
    }
  }
});

describe('Partien end exactly when a party reaches the target', () => {
  for (const name of RULESETS) {
    it(`${name}: 260 Partien with bidding`, () => {
      const r = resolveRuleset(name);
      for (let k = 0; k < 260; k++) {
        const res = playPartie({ ruleset: r, players: 4, policies: policiesFor(k, 4), rootSeed: 77, partieIndex: k, firstDealer: k % 4, keepStates: true });
        const { summary, sheet, states } = res;
        expect(summary.deals).toBe(sheet.length);
        // before the last deal nobody had reached the target and nobody had won
        for (let i = 0; i < sheet.length - 1; i++) {
          expect(Math.max(...sheet[i]!)).toBeLessThan(r.target);
          expect(states[i]!.bid.partieWinner).toBe(-1);
        }
        const last = states[states.length - 1]!;
        checkBidding(last);
        expect(last.bid.partieWinner).toBe(summary.winnerParty);
        const fin = summary.finalScore;
        if (!last.bid.partieReason.startsWith('Bummerl')) {
          expect(fin[summary.winnerParty]!).toBeGreaterThanOrEqual(r.target);
          // the winner is the first party over the target in the order of writing
          const firstOver = (() => {
            const v = last.bid.score.slice();
            for (const e of last.events) {
              if (e.type === 'write' || (e.type === 'figure' && e.points > 0)) v[e.party]! += e.points;
              if (e.type === 'penalty') v[e.party]! -= e.points;
              const p = v.findIndex((x) => x >= r.target);
              if (p >= 0) return p;
            }
            return -1;
          })();
          expect(firstOver).toBe(summary.winnerParty);
        }
        if (r.double) expect(summary.double).toBe(fin[1 - summary.winnerParty]! < doubleThreshold(r));
        else expect(summary.double).toBe(false);
        for (const st of states) checkBidding(st);
      }
    });
  }
});

describe('global RNG isolation', () => {
  it('calling Math.random between steps changes nothing', () => {
    for (const name of RULESETS) {
      const r = resolveRuleset(name);
      for (let d = 0; d < 40; d++) {
        const base = { ruleset: r, players: 4, rootSeed: 99, dealIndex: d, dealer: d % 4 };
        const a = playDeal({ ...base, policies: policiesFor(d, 4) });
        const b = playDeal({
          ...base,
          policies: policiesFor(d, 4),
          onDecision: () => {
            for (let i = 0; i < 7; i++) Math.random();
          },
        });
        expect(JSON.stringify(b.state.actions)).toBe(JSON.stringify(a.state.actions));
        expect(b.points).toEqual(a.points);
      }
    }
  });
});
