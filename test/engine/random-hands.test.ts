// Seeded random hands across every ruleset and table (2, 3, 3 with the Strohmann, 4, 6 players), with
// bidding and with table talk on (every ruleset's default partnerInfo is 'table', RULES §13), invariants
// checked on every step (GUIDE §2); Partien ending exactly by the priority rules, every deal accounted apart;
// and global RNG isolation. 2,000 hands and 200 Partien a ruleset in the suite; 10,000 hands and 1,000 Partien
// a ruleset with PERLAGG_DEEP=1 (test/deep.ts, scripts/deep-check-suite.ts).
import { describe, expect, it } from 'vitest';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { PartieSeries } from '../../src/play/partie.ts';
import { accountDeal, accountPartie } from './accounting.ts';
import { legalActions } from '../../src/engine/game.ts';
import { explainIllegal } from '../../src/engine/checked.ts';
import { sameAction } from '../../src/engine/actions.ts';
import type { Policy } from '../../src/policy/api.ts';
import type { HandState } from '../../src/engine/state.ts';
import { checkPlaces, checkScoring, checkTalk, checkTricks } from './invariants.ts';
import { checkBidding } from './bid-invariants.ts';
import { RULESETS, TABLES } from './tables.ts';
import { sized } from '../deep.ts';

/** Test-only: the random policy, revoking a quarter of the time it may (HandOptions.revokes). */
const randomPolicy = builtinPolicy('random').create({ bidRate: 0.08 });
const revokingRandom: Policy = {
  act(obs, ctx) {
    if (obs.revokes.length > 0 && ctx.rng.nextFloat() < 0.25) return obs.revokes[ctx.rng.below(obs.revokes.length)]!;
    return randomPolicy.act(obs, ctx);
  },
};

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

// 4 rulesets x 5 tables x 100 = 2,000 hands in the suite, x 500 = 10,000 with PERLAGG_DEEP=1 (test/deep.ts)
const PER_COMBO = sized(null, 100, 500);

describe('random hands with invariants on every step', () => {
  for (const name of RULESETS) {
    for (const t of TABLES) {
      it(`${name}, ${t.label}: ${PER_COMBO} hands`, () => {
        // at a table that talks (signs and talk; only 1853 talks by default, RULES §13)
        const r = resolveRuleset(`${name}{${[t.override, 'partnerInfo=table'].filter((x) => x !== '').join(',')}}`);
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

describe('Partien: an independent accounting of every deal, the score sheet, the winner and the Double', () => {
  // 200 Partien per ruleset in the suite, 1,000 with PERLAGG_DEEP=1, in series (the losers deal the next Partie), three mixes of policies (random
  // ones bid, hold, raise, ask and veto a lot); every deal is recomputed by accounting.ts (never scoring.ts)
  // from its record.
  const PARTIEN = sized(null, 200, 1000);
  for (const name of RULESETS) {
    it(`${name}: ${PARTIEN} Partien, every deal accounted apart`, () => {
      const r = resolveRuleset(name);
      const random = { name: 'random', policy: builtinPolicy('random').create({ bidRate: 0.08 }) };
      const simple = { name: 'simple', policy: builtinPolicy('simple').create({ bidding: 'none' }) };
      const silent = { name: 'random', policy: builtinPolicy('random').create({ bidRate: 0, holdRate: 0, raiseRate: 0, askRate: 0, rejectRate: 0, vetoRate: 0 }) };
      // both parties bid; one bids and the other lets everything gut (false figures, Doubles); a silent simple party against random
      const mixes = [[random, random, random, random], [random, silent, random, silent], [simple, random, simple, random]].map((policies) => new PartieSeries({ ruleset: r, players: 4, policies, rootSeed: 77, checked: false })); // legality is checked on the hands above
      let corrected = 0;
      let midHand = 0;
      let doubles = 0;
      for (let k = 0; k < PARTIEN; k++) {
        const res = mixes[k % 3]!.play(k, { keepStates: true });
        const { summary, sheet, states } = res;
        expect(summary.deals).toBe(sheet.length);
        for (const [i, st] of states.entries()) {
          const a = accountDeal(st);
          if (a.points.some((x, p) => x !== st.points[p])) throw new Error(`${name} Partie ${k} deal ${i}: the accounting writes ${a.points.join(':')}, the engine ${st.points.join(':')}`);
          if (a.winner !== st.bid.partieWinner) throw new Error(`${name} Partie ${k} deal ${i}: the accounting's winner ${a.winner}, the engine's ${st.bid.partieWinner}`);
          if (st.events.some((e) => e.type === 'correction')) corrected++;
          if (k % 20 === 0) checkBidding(st);
        }
        const acc = accountPartie(r, states);
        expect(acc.sheet).toEqual(sheet);
        expect(acc.winner).toBe(summary.winnerParty);
        expect(acc.double).toBe(summary.double);
        if (summary.endedMidHand) midHand++;
        if (summary.double) doubles++;
      }
      // the suite meets the rules it checks
      expect(corrected).toBeGreaterThan(10);
      expect(midHand).toBeGreaterThan(10);
      if (r.double) expect(doubles).toBeGreaterThan(10);
    });
  }
  it('with revokes switched on (1853 substitution, Innsbruck Spiel and 2): 80 Partien per ruleset accounted apart', () => {
    for (const name of RULESETS) {
      const r = resolveRuleset(name);
      const series = new PartieSeries({ ruleset: r, players: 4, policies: policiesFor(1, 4).map((p, i) => (i % 2 === 0 ? { name: 'revoker', policy: revokingRandom } : p)), rootSeed: 78, revokes: true });
      let revokes = 0;
      for (let k = 0; k < 80; k++) {
        const res = series.play(k, { keepStates: true });
        for (const st of res.states) {
          revokes += st.revokes.length;
          const a = accountDeal(st);
          expect(a.points).toEqual(st.points);
          expect(a.winner).toBe(st.bid.partieWinner);
        }
        const acc = accountPartie(r, res.states);
        expect(acc.sheet).toEqual(res.sheet);
        expect(acc.winner).toBe(res.summary.winnerParty);
      }
      expect(revokes).toBeGreaterThan(10);
    }
  });
});

describe('the alternatives of RULES §15: every deal accounted apart and checked under the switch', () => {
  // The accounting and the invariant suites follow the switches: the
  // Partien of each alternative, with policies that bid, hold, raise and ask a lot, recomputed deal by deal.
  const SPECS = [
    '1853{writeTiming=allImmediate}',
    'innsbruck{writeTiming=allImmediate}',
    '1853{holdWhenGestrichen=false}',
    'oberland{holdWhenGestrichen=false}',
    'innsbruck{falseFigureScope=partie}',
    'innsbruck{dritzigeKey=countRankType}',
    'innsbruck{raiseRight=eitherParty}',
    'oberland{christenAsSelfIsChristening=false}',
    '1853{christenAsSelfIsChristening=false}',
  ];
  /** Deals in which the alternative did something (for the ones that come up often in random play). */
  const MET: Record<string, (st: HandState) => boolean> = {
    writeTiming: (st) => st.events.some((e) => e.type === 'write' && e.reason.includes('(A-43)')),
    falseFigureScope: (st) => st.events.some((e) => e.type === 'correction' && e.reason.includes('whole Partie')),
    holdWhenGestrichen: (st) => st.events.some((e) => e.type === 'answer' && e.answer === 'gut' && st.bid.score[e.party]! >= st.ruleset.target - 1),
  };
  for (const spec of SPECS) {
    it(`${spec}: 60 Partien`, () => {
      const r = resolveRuleset(spec);
      const random = { name: 'random', policy: builtinPolicy('random').create({ bidRate: 0.1, holdRate: 0.6 }) };
      const silent = { name: 'random', policy: builtinPolicy('random').create({ bidRate: 0, holdRate: 0, raiseRate: 0, askRate: 0, rejectRate: 0, vetoRate: 0 }) };
      const mixes = [[random, random, random, random], [random, silent, random, silent], policiesFor(2, 4)].map((policies) => new PartieSeries({ ruleset: r, players: 4, policies, rootSeed: 79, checked: false }));
      const met = MET[spec.slice(spec.indexOf('{') + 1, spec.indexOf('='))];
      let seen = 0;
      for (let k = 0; k < 60; k++) {
        const res = mixes[k % 3]!.play(k, { keepStates: true });
        for (const [i, st] of res.states.entries()) {
          if (met?.(st) === true) seen++;
          const a = accountDeal(st);
          if (a.points.some((x, p) => x !== st.points[p])) throw new Error(`${spec} Partie ${k} deal ${i}: the accounting writes ${a.points.join(':')}, the engine ${st.points.join(':')}`);
          if (a.winner !== st.bid.partieWinner) throw new Error(`${spec} Partie ${k} deal ${i}: the accounting's winner ${a.winner}, the engine's ${st.bid.partieWinner}`);
          checkTricks(st);
          checkBidding(st);
        }
        const acc = accountPartie(r, res.states);
        expect(acc.sheet).toEqual(res.sheet);
        expect(acc.winner).toBe(res.summary.winnerParty);
        expect(acc.double).toBe(res.summary.double);
      }
      if (met !== undefined) expect(seen).toBeGreaterThan(5);
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

describe('the revoke switch (RULES §6.4, §12)', () => {
  /** Test-only: revokes whenever it may, half the time; else uniform over the legal card plays; never bids or concedes. */
  const revoker: Policy = {
    act(obs, ctx) {
      if (obs.revokes.length > 0 && ctx.rng.nextFloat() < 0.5) return obs.revokes[ctx.rng.below(obs.revokes.length)]!;
      const plays = obs.legal.filter((a) => a.kind === 'play');
      return plays.length > 0 ? plays[ctx.rng.below(plays.length)]! : obs.legal[0]!; // silent in the bidding
    },
  };
  it('RULES §12 [000 p.31] [003 §17]: with revokes switched on policies may revoke; every revoke is found and corrected by the ruleset; off, none is offered', () => {
    for (const name of RULESETS) {
      const r = resolveRuleset(name);
      let revokes = 0;
      for (let d = 0; d < 100; d++) {
        const res = playDeal({ ruleset: r, players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'revoker', policy: revoker })), rootSeed: 612, dealIndex: d, dealer: d % 4, revokes: true });
        const s = res.state;
        checkPlaces(s);
        checkTricks(s);
        checkBidding(s);
        revokes += s.revokes.length;
        expect(s.revokes.every((x) => x.found)).toBe(true);
        // (a second revoke on a suit of one card is none once the first is corrected, [000 p.31]: no event)
        expect(s.events.filter((e) => e.type === 'revoke')).toHaveLength(s.revokes.filter((x) => !x.cleared).length);
        if (r.revokePenalty === 'spielPlus2') {
          const parties = new Set(s.revokes.map((x) => s.table.party[x.seat]!));
          for (const p of parties) expect(s.bid.penalties[p]).toBeGreaterThanOrEqual(2);
          if (parties.size === 1 && s.figureWinners !== null) expect(s.figureWinners.Spiel).toBe(1 - [...parties][0]!);
        }
        if (s.bid.partieWinner < 0) expect(s.spielParty).toBeGreaterThanOrEqual(0);
      }
      expect(revokes).toBeGreaterThan(40);
      // switched off (the default): nothing to revoke, never a revoke
      const off = playDeal({ ruleset: r, players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'revoker', policy: revoker })), rootSeed: 612, dealIndex: 0, dealer: 0, onDecision: (_s, _p, obs) => expect(obs.revokes).toEqual([]) });
      expect(off.state.revokes).toEqual([]);
    }
  });
});

describe('three players each for himself, bidding by answering in turn (A-41 switch)', () => {
  it('individualBidding=answerInTurn: random hands keep every invariant; offers are answered by all in turn', () => {
    for (const name of RULESETS) {
      const r = resolveRuleset(`${name}{threePlayers=individual,individualBidding=answerInTurn}`);
      let gutsInTurn = 0;
      for (let d = 0; d < 60; d++) {
        const res = playDeal({ ruleset: r, players: 3, policies: policiesFor(d, 3), rootSeed: 41, dealIndex: d, dealer: d % 3, score: [d % r.target, (d * 7) % r.target, (d * 3) % r.target] });
        const s = res.state;
        checkPlaces(s);
        checkTricks(s);
        checkBidding(s);
        const ev = s.events;
        for (let i = 0; i + 1 < ev.length; i++) if (ev[i]!.type === 'answer' && ev[i + 1]!.type === 'answer') gutsInTurn++;
      }
      expect(gutsInTurn).toBeGreaterThan(0);
    }
  });
});
