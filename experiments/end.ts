// H-35, H-36 (raising), H-37 … H-41 (the end of the Partie) and H-42 (showing after the Spiel)
// [000 pp.44–46, pp.26–29] (RULES §16.5–16.7).
import type { Experiment } from '../src/experiments/types.ts';
import { AUTHOR, HANDS, au, fromScore, h2h, vsSimple } from './common.ts';

export const end: Experiment[] = [
  {
    id: 'H-35',
    hypotheses: ['H-35'],
    claim: 'hold first and raise later (Drei only when certain) earns more than an immediate Drei',
    a: AUTHOR,
    b: au({ drei: 'atOnce' }),
    sizes: HANDS,
    arms: [h2h(), vsSimple()],
  },
  {
    id: 'H-36',
    hypotheses: ['H-36'],
    claim: 'the master\'s tactic (hold a weak Hanger until his Perlaggen are fixed, then Drei) beats figure-by-figure play',
    a: AUTHOR,
    b: au({ masterTactic: false }),
    sizes: HANDS,
    arms: [h2h(), vsSimple()],
  },
  {
    id: 'H-37',
    hypotheses: ['H-37'],
    claim: 'far behind (opponent at 9), bidding the best figure first lowers the Double rate and raises P(win) against silence',
    a: AUTHOR,
    b: au({ trailingBest: false }),
    sizes: HANDS,
    arms: [fromScore('at-2-9', [2, 9], 'doubleLoss', 'less'), fromScore('at-2-9-wins', [2, 9], 'partien', 'greater'), fromScore('at-3-8', [3, 8], 'doubleLoss', 'less'), fromScore('at-2-9-vs-simple', [2, 9], 'doubleLoss', 'less', { opponent: 'simple' })],
  },
  {
    id: 'H-38',
    hypotheses: ['H-38'],
    claim: 'with nothing, far behind, a blind all-three bid lowers the Double rate against passive play',
    a: au({ blindAllThree: true }),
    b: AUTHOR,
    sizes: HANDS,
    arms: [fromScore('at-1-9', [1, 9], 'doubleLoss', 'less'), fromScore('at-1-9-wins', [1, 9], 'partien', 'greater'), fromScore('at-1-9-vs-simple', [1, 9], 'doubleLoss', 'less', { opponent: 'simple' })],
  },
  {
    id: 'H-39',
    hypotheses: ['H-39'],
    claim: 'a Double-aware concession policy of the stronger party earns a higher expected stake than a greedy one',
    a: AUTHOR,
    b: au({ doubleAware: false }),
    sizes: HANDS,
    arms: [fromScore('at-9-4', [9, 4], 'stake', 'greater'), fromScore('at-8-5', [8, 5], 'stake', 'greater'), fromScore('at-9-4-vs-simple', [9, 4], 'stake', 'greater', { opponent: 'simple' })],
  },
  {
    id: 'H-40',
    hypotheses: ['H-40'],
    claim: 'a party at 9 with a very strong figure (a four-fold Hanger höchst) wins the Partie with P ≈ 1 (above 0.95)',
    a: AUTHOR,
    b: AUTHOR,
    sizes: HANDS,
    arms: [
      { name: 'hanger-at-9-5', label: 'Partien from 9:5, seat 0 holds Eichel A K O U in every deal: share the party wins', design: 'describe', mode: 'partien', metric: 'wins', direction: 'greater', reference: 0.95, score: [9, 5], hands: { '0': ['EA', 'EK', 'EO', 'EU'] }, sizes: { full: 4000, quick: 300, smoke: 4 } },
      { name: 'hanger-at-8-5', label: 'the same from 8:5', design: 'describe', mode: 'partien', metric: 'wins', direction: 'greater', reference: 0.95, score: [8, 5], hands: { '0': ['EA', 'EK', 'EO', 'EU'] }, sizes: { full: 4000, quick: 300, smoke: 4 } },
    ],
    note: 'the laying down of the cards (RULES §11.6) is not modelled as a choice; the sanity check is the win share itself',
  },
  {
    id: 'H-41',
    hypotheses: ['H-41'],
    claim: 'the leader holding (rather than conceding) when a gut would lift the opponent out of the Double raises the Double rate strongly',
    a: AUTHOR,
    b: au({ doubleLineSlack: 0 }),
    sizes: HANDS,
    arms: [fromScore('at-8-5', [8, 5], 'doubleWin', 'greater'), fromScore('at-8-5-stake', [8, 5], 'stake', 'greater'), fromScore('at-9-5', [9, 5], 'doubleWin', 'greater')],
  },
  {
    id: 'H-42',
    hypotheses: ['H-42'],
    claim: 'as Spiel winner, showing both figures (weisen) instead of bidding them has the lower variance and only a slightly lower mean',
    a: AUTHOR,
    b: au({ spielWinner: 'bid' }),
    sizes: HANDS,
    arms: [
      { name: 'spread', label: 'A (shows) and B (bids as Spiel winner) each against author1853, same deals: variance of the points a hand', design: 'side', mode: 'hands', metric: 'points', direction: 'less', compare: 'variance' },
      { name: 'mean', label: 'the same deals: mean points a hand (the claim: showing slightly lower)', design: 'side', mode: 'hands', metric: 'points', direction: 'less' },
      { name: 'spread-vs-simple', label: 'A and B each against simple, same deals: variance of the points a hand', design: 'side', mode: 'hands', metric: 'points', direction: 'less', compare: 'variance', opponent: 'simple' },
    ],
    note: 'the variance is that of the side\'s points a hand (its own minus the opponents\'); "only slightly lower" is a size, read from the mean arm\'s interval',
  },
];
