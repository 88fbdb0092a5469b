// game.ts legalActions (its fast paths: a Perlagg's christenings copied from the shared records' plain array,
// the bound seat's obligation filter card by card — obligation-filter.ts filterObligations —, window lists remembered
// per ruleset and copied) against legalActionsChecked (the lists built as before: legalPlaysChecked,
// obligationFilter's closure per play, windowActionsChecked from the state), record by record at every call
// the runner makes — simple (talk on and off) and random hands on every ruleset, scores near the target
// (asks), the Weli natural in figures, and random hands on every table.
import { afterEach, describe, expect, it } from 'vitest';
import { RULESET_NAMES, resolveRuleset } from '../../src/rules/registry.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { obligationsOf } from '../../src/engine/obligations.ts';
import { CHANCE, applyAction, checkLegalTwins, currentPlayer, legalActions, newHand } from '../../src/engine/game.ts';
import { playOf, type PolicyAction } from '../../src/engine/actions.ts';
import { Rng } from '../../src/core/rng.ts';
import { CHRISTENING_ALTERNATIVES, FOLLOW_SWITCHES } from '../variants.ts';
import { legalPlays, legalPlaysAt, legalPlaysChecked } from '../../src/engine/legality.ts';
import type { OptionValues } from '../../src/policy/api.ts';
import { TABLES } from './tables.ts';
import { randomOnEveryTable, tamperedWindowFaults } from './twin-drivers.ts';

const seats = (name: string, n: number, o: OptionValues = {}): SeatPolicy[] => {
  const f = builtinPolicy(name);
  return Array.from({ length: n }, (_, i) => ({ name, policy: f.create(name === 'random' ? { seed: i, ...o } : o) }));
};

afterEach(() => {
  checkLegalTwins(false);
});

describe('legalActions = legalActionsChecked, record by record, at every call', () => {
  const cases: Array<[string, Record<string, boolean>]> = [...RULESET_NAMES.map((n): [string, Record<string, boolean>] => [n, {}]), ['oberland', { weliNaturalInFigures: true }]];
  for (const [name, overrides] of cases) {
    it(`${name} ${JSON.stringify(overrides)}: simple (talk on, off) and random, 4 players, scores 0 and near the target`, () => {
      const r = resolveRuleset(name, { ...overrides, partnerInfo: 'table' }); // a talking table (signs only by default but in 1853, RULES §13)
      const pols = [seats('simple', 4), seats('simple', 4, { information: 'ignore' }), seats('random', 4), seats('random', 4, { bidRate: 0.3, vetoRate: 0.3, raiseRate: 0.5 })];
      let bound = 0;
      let dropped = 0;
      checkLegalTwins(true);
      for (let d = 0; d < 200; d++) {
        const t = r.target;
        const score = d % 3 === 0 ? [0, 0] : [t - 1 - (d % 2), t - 1 - ((d >> 1) % 3)];
        playDeal({
          ruleset: r,
          players: 4,
          policies: pols[d % 4]!,
          rootSeed: 73,
          dealIndex: d,
          dealer: d % 4,
          score,
          // a quarter of the hands through onDecision (the observation path), counting the bound seats' lists
          ...(d % 8 < 2
            ? {
                onDecision(s: Parameters<NonNullable<Parameters<typeof playDeal>[0]['onDecision']>>[0]) {
                  if (s.phase !== 'play' || !s.bid.active || obligationsOf(s, s.turn) === 0) return;
                  bound++;
                  const all: PolicyAction[] = [];
                  legalPlaysChecked(s, s.turn, all);
                  if (legalActions(s).filter((a) => a.kind === 'play').length < all.length) dropped++;
                },
              }
            : {}),
        });
      }
      expect(checkLegalTwins(false)).toBeGreaterThan(5000);
      expect(bound).toBeGreaterThan(0);
      if (name === 'oberland') expect(dropped).toBeGreaterThan(0);
    });
  }
  // legalPlays reads the follow rules from the hand's bits and copies a Perlagg's block where it is always
  // legal: every follow switch (RULES §6.2, A-04, A-05) and the christening alternatives, flipped one by one
  it('the follow switches and christening alternatives: random and simple hands', () => {
    const specs = [...FOLLOW_SWITCHES, ...CHRISTENING_ALTERNATIVES];
    for (const spec of specs) {
      const r = resolveRuleset(spec);
      const pols = [seats('simple', 4, { information: 'ignore' }), seats('random', 4, { bidRate: 0.3 })];
      checkLegalTwins(true);
      for (let d = 0; d < 40; d++) playDeal({ ruleset: r, players: 4, policies: pols[d % 2]!, rootSeed: 75, dealIndex: d, dealer: d % 4 });
      expect(checkLegalTwins(false), spec).toBeGreaterThan(600);
    }
  });
  it('every table (2, 3, 3 with the Strohmann, 6 players): random hands', () => {
    checkLegalTwins(true);
    randomOnEveryTable(TABLES, 10, 74, (n) => seats('random', n, { bidRate: 0.2 }));
    expect(checkLegalTwins(false)).toBeGreaterThan(1000);
  });
  // legalActions writes the plays into a scratch list by index (legality.ts legalPlaysAt) and copies them out:
  // written over a longer list's stale records, at any offset, the plays are legalPlaysChecked's, and nothing
  // before the offset or after the end is touched; legalPlays (from out.length) appends
  it('legalPlaysAt over a stale scratch list = legalPlaysChecked; legalPlays appends', () => {
    const rng = new Rng(5, 6, 7, 8);
    const stale = (n: number): PolicyAction[] => Array.from({ length: n }, (_, i) => playOf(i % 33, null));
    let checked = 0;
    for (const spec of ['oberland', ...FOLLOW_SWITCHES, ...CHRISTENING_ALTERNATIVES]) {
      for (let d = 0; d < 4; d++) {
        const s = newHand(resolveRuleset(spec), { players: 4, dealer: d % 4 });
        for (let step = 0; step < 600 && s.phase !== 'done'; step++) {
          if (currentPlayer(s) === CHANCE) {
            applyAction(s, { kind: 'chance', outcome: 0 });
            continue;
          }
          if (s.phase === 'play') {
            const twin: PolicyAction[] = [];
            legalPlaysChecked(s, s.turn, twin);
            for (const [offset, size] of [[0, 0], [0, 300], [3, 7], [5, 300]] as const) {
              const out = stale(size);
              const before = out.slice();
              const end = legalPlaysAt(s, s.turn, out, offset);
              expect(end - offset).toBe(twin.length);
              expect(out.slice(offset, end)).toEqual(twin);
              for (let i = 0; i < offset; i++) expect(out[i]).toBe(before[i]);
              for (let i = end; i < size; i++) expect(out[i]).toBe(before[i]);
              expect(out.length).toBe(Math.max(size, end));
            }
            const app = stale(4);
            legalPlays(s, s.turn, app);
            expect(app.slice(4)).toEqual(twin);
            checked++;
          }
          // a random play (no concession), else the first action (a pass: the hands are played out)
          const all = legalActions(s);
          const legal = s.phase === 'play' ? all.filter((a) => a.kind !== 'concede') : all.slice(0, 1);
          applyAction(s, legal[rng.below(legal.length)]!);
        }
      }
    }
    expect(checked).toBeGreaterThan(600);
  });
  it('the comparison can fail: an unfrozen legal record outside a showing is a fault', () => {
    const s = newHand(resolveRuleset('oberland'), { players: 4, dealer: 0 });
    for (let step = 0; step < 100 && s.phase !== 'cutKeep' && s.phase !== 'window' && s.phase !== 'play'; step++) {
      applyAction(s, currentPlayer(s) === CHANCE ? { kind: 'chance', outcome: 0 } : legalActions(s)[0]!);
    }
    const frozen = Object.isFrozen;
    checkLegalTwins(true);
    try {
      // the twin check asks Object.isFrozen of every record: have it answer as for an unfrozen one
      Object.isFrozen = () => false;
      expect(() => legalActions(s)).toThrow(/an unfrozen record/);
    } finally {
      Object.isFrozen = frozen;
    }
  });
  it('the comparison can fail: a bidding changed behind the remembered window facts is a fault', () => {
    checkLegalTwins(true);
    expect(tamperedWindowFaults(/legalActions twin differs in phase window/)).toBe(true);
  });
});
