// GUIDE §2: 10,000 seeded random Bieten games (2-6 players, every reading of the rules, revokes admitted in a
// part of them) played to their end — one player left — with the invariants of invariants.ts on every deal
// and the places of the cards and the legality of the chosen action on every step.
import { describe, expect, it } from 'vitest';
import { explainIllegal, legalActions, sameBietenAction } from '../../src/games/bieten/engine.ts';
import type { BietenObservation } from '../../src/games/bieten/observe.ts';
import { resolveBietenRules } from '../../src/games/bieten/rules.ts';
import type { BietenAction } from '../../src/games/bieten/state.ts';
import type { Policy, PolicyFactory } from '../../src/policy/api.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { checkPlaces, checkScoring, checkTricks } from './invariants.ts';
import type { SeatedPolicy } from '../../src/play/deal.ts';
import { playBietenGame } from '../../src/play/bieten-game.ts';

type P = Policy<BietenObservation, BietenAction>;
const factory = (name: string) => builtinPolicy(name, 'bieten') as unknown as PolicyFactory<BietenObservation, BietenAction>;

/** Test-only: anything legal, bids and Groschen often, penalties and revokes included. */
const wild: P = {
  act(obs, ctx) {
    const bids = obs.legal.filter((a) => a.kind === 'bid' || a.kind === 'groschen');
    if (bids.length > 0 && ctx.rng.nextFloat() < 0.3) return bids[ctx.rng.below(bids.length)]!;
    return obs.legal[ctx.rng.below(obs.legal.length)]!;
  },
};

export const READINGS = [
  'bieten',
  'laubbieten',
  'bieten{answerOrder=leftOfLeader}',
  'bieten{bidLimit=openGutValues}',
  'bieten{groschenOnHeld=anyPlayer}',
  'bieten{vorgebotene=bidderOnly}',
  'bieten{fleeCancelsGut=false}',
  'bieten{unfollowedLead=highestCard}',
  'bieten{target=5}',
  'bieten{target=9,penalties.overbid=1}',
];

const GAMES = Number(process.env['BIETEN_GAMES'] ?? 10000);

describe('random Bieten games with invariants on every step', () => {
  it(`${GAMES} games, 2-6 players, every reading`, () => {
    const random = factory('random').create({ avoidPenalties: false, bidRate: 0.15, revokeRate: 0.2 });
    const careful = factory('random').create({});
    const plain = factory('plain').create({ bluffRate: 0.3 });
    const kinds: P[] = [random, careful, plain, wild];
    let deals = 0;
    let steps = 0;
    let voids = 0;
    let revokes = 0;
    let groschen = 0;
    let flees = 0;
    let longest = 0;
    for (let g = 0; g < GAMES; g++) {
      const n = 2 + (g % 5);
      const rules = resolveBietenRules(READINGS[Math.floor(g / 5) % READINGS.length]!);
      const policies: Array<SeatedPolicy<BietenObservation, BietenAction>> = Array.from({ length: n }, (_, p) => ({ name: `k${(g + p) % 4}`, policy: kinds[(g + p) % 4]! }));
      const res = playBietenGame({
        rules,
        players: n,
        policies,
        rootSeed: 20260415,
        gameIndex: g,
        revokes: g % 3 === 0,
        checked: false,
        onDecision: (s, _p, _obs, a) => {
          steps++;
          if (g % 10 === 0) checkPlaces(s);
          // the game's own checked path is off (checked: false): the chosen action is checked here, once
          const why = explainIllegal(s, a);
          if (why !== null) throw new Error(`game ${g}: illegal ${JSON.stringify(a)}: ${why}`);
          if (!legalActions(s).some((x) => sameBietenAction(x, a))) throw new Error(`game ${g}: ${JSON.stringify(a)} is not among the legal actions`);
        },
        onDeal: (s, _d, decisions) => {
          deals++;
          checkPlaces(s);
          checkTricks(s);
          checkScoring(s);
          // bounded: three cards each, Vorhand's window, a bid and a Groschen per figure each answered by all,
          // and at most one void act per seat, figure and kind
          const bound = 3 * s.active.length + 1 + 5 * 2 * s.active.length + 15 * s.active.length;
          if (decisions > bound) throw new Error(`deal with ${decisions} decisions > ${bound}`);
          longest = Math.max(longest, decisions);
          for (const e of s.events) {
            if ((e.type === 'bid' || e.type === 'groschen' || e.type === 'answer') && e.void !== null) voids++;
            if (e.type === 'play' && e.revoke) revokes++;
            if (e.type === 'groschen' && e.void === null) groschen++;
            if (e.type === 'erase' || (e.type === 'figure' && e.maker === -2)) flees++;
          }
        },
      });
      // the game: the final score is the sum of the deals; everybody out reached the target; one loser
      expect(res.finalScore).toEqual(res.dealPoints.reduce((acc, d) => acc.map((x, i) => x + d[i]!), new Array<number>(n).fill(0)));
      expect(res.outOrder.length).toBe(n - 1);
      expect(new Set([...res.outOrder, res.loser]).size).toBe(n);
      for (const seat of res.outOrder) expect(res.sheet[res.outAt[seat]!]![seat]!).toBeGreaterThanOrEqual(rules.target);
      expect(res.sheet.length).toBeLessThan(400);
    }
    // the suite reached what it is meant to check
    expect(deals).toBeGreaterThan(GAMES * 3);
    expect(voids).toBeGreaterThan(100);
    expect(revokes).toBeGreaterThan(100);
    expect(groschen).toBeGreaterThan(100);
    expect(flees).toBeGreaterThan(10);
    expect(steps).toBeGreaterThan(deals * 6);
    expect(longest).toBeGreaterThan(10);
  });
});
