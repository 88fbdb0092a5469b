// The bidding war as a CfrGame (cfr.ts) over the abstraction of strategies/solved-layer.ts: a deal of four
// seats (two parties) from a sampled Partie score and dealer; the learning seats' bid decisions are the
// abstract decisions, everything else they do (the exchange, the cards, the showing) is their card-play
// bot's; the other seats, if any, play a whole bot (the one whose best response is sought). Table talk is
// off while learning (every seat quiet: the talk's phrases are no part of the abstraction).
import { CHANCE, TERMINAL, applyAction, chanceOutcomes, currentPlayer, newHand } from '../engine/game.ts';
import { observe } from '../engine/observe.ts';
import { cloneState, type HandState } from '../engine/state.ts';
import type { Policy } from '../policy/api.ts';
import type { RulesVariant } from '../rules/variant.ts';
import type { Rng } from '../core/rng.ts';
import { abstractDecision, type AbstractDecision } from '../../strategies/solved-layer.ts';
import type { CfrGame } from './cfr.ts';

export interface BidwarState {
  readonly s: HandState;
  dec: AbstractDecision | null;
  /** In a deal against the population: the bot of the traverser's opponents, and their party; else null, -1. */
  readonly opp: Policy | null;
  readonly oppParty: number;
}

/** Where the Partie score of a training deal comes from. */
export type ScoreSampler = (rng: Rng) => readonly number[];

/** Half the deals at 0:0, half at a uniform score below the target for each party. */
export function mixedScores(target: number): ScoreSampler {
  return (rng) => (rng.nextFloat() < 0.5 ? [0, 0] : [rng.below(target), rng.below(target)]);
}

export interface BidwarOptions {
  readonly ruleset: RulesVariant;
  /** The learners' bot for every decision outside the abstraction. */
  readonly cards: Policy;
  /** Seats learning (default all four). */
  readonly learners?: readonly number[];
  /** The whole bot of every other seat. */
  readonly others?: Policy;
  readonly scores?: ScoreSampler;
  /**
   * Restricted Nash response (Johanson, Zinkevich & Bowling 2007) against a population: in a share of the
   * deals the traverser's opponents are not the learning table but one of these bots (drawn alike), so the
   * table learns to answer them too — fixed exploiters the self-play alone seldom meets.
   */
  readonly population?: { readonly bots: readonly Policy[]; readonly share: number };
  /**
   * Points a party's utility gains (the other loses) when the deal ends the Partie in its favour — a held Aus
   * figure won, a party written out (default 0: the deal's points only, which value an Aus won at 9:9 as two).
   */
  readonly partieBonus?: number;
}

const PLAYERS = 4;
const ALL_QUIET = (1 << PLAYERS) - 1;

export function bidwarGame(o: BidwarOptions): CfrGame<BidwarState> {
  const learners = o.learners ?? [0, 1, 2, 3];
  const learning = [0, 1, 2, 3].map((p) => learners.includes(p));
  const scores = o.scores ?? mixedScores(o.ruleset.target);
  return {
    players: PLAYERS,
    deal(rng, _iteration, traverser) {
      const s = newHand(o.ruleset, { players: PLAYERS, dealer: rng.below(PLAYERS), score: scores(rng), quietSeats: ALL_QUIET });
      const pop = o.population;
      if (pop !== undefined && pop.bots.length > 0 && rng.nextFloat() < pop.share) {
        return { s, dec: null, opp: pop.bots[rng.below(pop.bots.length)]!, oppParty: 1 - s.table.party[traverser]! };
      }
      return { s, dec: null, opp: null, oppParty: -1 };
    },
    clone: (st) => ({ s: cloneState(st.s), dec: st.dec, opp: st.opp, oppParty: st.oppParty }),
    advance(st, rng) {
      const s = st.s;
      for (let step = 0; step < 2000; step++) {
        const p = currentPlayer(s);
        if (p === TERMINAL) return -1;
        if (p === CHANCE) {
          applyAction(s, { kind: 'chance', outcome: rng.below(chanceOutcomes(s)) });
          continue;
        }
        const obs = observe(s, p);
        if (st.opp !== null && s.table.party[p] === st.oppParty) {
          applyAction(s, st.opp.act(obs, { rng }));
        } else if (learning[p]) {
          const dec = abstractDecision(obs);
          if (dec !== null && dec.actions.length === 1) {
            applyAction(s, dec.actions[0]!); // no choice
            continue;
          }
          if (dec !== null) {
            st.dec = dec;
            return p;
          }
          applyAction(s, o.cards.act(obs, { rng }));
        } else {
          applyAction(s, o.others!.act(obs, { rng }));
        }
      }
      throw new Error('internal: a deal of the bidding war did not end within 2000 steps');
    },
    decision: (st) => ({ key: st.dec!.key, n: st.dec!.actions.length }),
    apply(st, a) {
      applyAction(st.s, st.dec!.actions[a]!);
      st.dec = null;
    },
    utility(st, p) {
      const party = st.s.table.party[p]!;
      const w = st.s.bid.partieWinner;
      const bonus = w < 0 || o.partieBonus === undefined ? 0 : w === party ? o.partieBonus : -o.partieBonus;
      return st.s.points[party]! - st.s.points[1 - party]! + bonus;
    },
  };
}
