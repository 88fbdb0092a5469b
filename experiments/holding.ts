// H-24 … H-34: holding and declining [000 pp.41–44] (RULES §16.4). A is author1853 as he teaches; B the same
// with the one piece of advice switched off (or its threshold moved). Claims about a score state start the
// Partien there (simulate --score) with the side under test as party 0.
import type { Experiment } from '../src/experiments/types.ts';
import { AUTHOR, HANDS, PARTIEN, au, fromScore, h2h, vsSimple } from './common.ts';

/** Holds with less slack everywhere: a timid holder (H-25). */
export const TIMID = au({ naturaSlack: 0, severalSlack: 0, despairSlack: 0, bindPerlagg: false, masterTactic: false, trailingHoldSlack: 0, doubleLineSlack: 0, spielHold: 9 });

export const holding: Experiment[] = [
  {
    id: 'H-24',
    hypotheses: ['H-24'],
    claim: 'the best hold threshold is about the bid threshold: holding looser (holdSlack 3 or 6 steps below) earns less',
    a: AUTHOR,
    b: au({ holdSlack: 3 }),
    sizes: HANDS,
    arms: [
      h2h('points', { label: 'A (holdSlack 0) against B (holdSlack 3), duplicate deals, points a hand (a fixed n: an SPRT that stops at its first look says nothing)' }),
      h2h('points', { name: 'h2h-slack6', label: 'A against holdSlack 6, duplicate deals, points a hand', b: au({ holdSlack: 6 }) }),
      vsSimple('points'),
    ],
    note: 'holdSlack cannot go below 0 (a hold stricter than the bid threshold): the claim is tested on the loose side only',
  },
  {
    id: 'H-25',
    hypotheses: ['H-25'],
    claim: 'against an opponent who bluffs more when folds succeed (bluffer), a timid hold policy loses',
    a: AUTHOR,
    b: TIMID,
    sizes: HANDS,
    arms: [
      { name: 'vs-bluffer', label: 'A and timid B each against the bluffer, same deals, points a hand', design: 'side', mode: 'hands', metric: 'points', direction: 'greater', opponent: 'bluffer' },
      { name: 'partien-vs-bluffer', label: 'A and timid B each against the bluffer, whole Partien, won − lost', design: 'side', mode: 'partien', metric: 'partien', direction: 'greater', opponent: 'bluffer', sizes: PARTIEN },
      vsSimple('points', { label: 'A and timid B each against simple (who does not bluff), points a hand' }),
    ],
    note: 'the equilibrium fold frequency is not searched here (perlagg tune on bluffer and the holding slacks would do it)',
  },
  {
    id: 'H-26',
    hypotheses: ['H-26'],
    claim: 'hold at lower thresholds against a bid from despair (we near the end, he in the Double even if he wins)',
    a: AUTHOR,
    b: au({ despairSlack: 0 }),
    sizes: HANDS,
    arms: [fromScore('at-8-3', [8, 3], 'stake', 'greater'), fromScore('at-9-2', [9, 2], 'stake', 'greater'), fromScore('at-8-3-vs-simple', [8, 3], 'stake', 'greater', { opponent: 'simple' })],
  },
  {
    id: 'H-27',
    hypotheses: ['H-27'],
    claim: 'holds backed by a natural figure pay: a natural figure may be weaker (naturaSlack 2 against 0)',
    a: AUTHOR,
    b: au({ naturaSlack: 0 }),
    sizes: HANDS,
    arms: [h2h(), vsSimple()],
  },
  {
    id: 'H-28',
    hypotheses: ['H-28'],
    claim: 'holding pays more when the holder is strong in two or three figures (severalSlack 2 against 0)',
    a: AUTHOR,
    b: au({ severalSlack: 0 }),
    sizes: HANDS,
    arms: [h2h(), vsSimple()],
  },
  {
    id: 'H-29',
    hypotheses: ['H-29'],
    claim: 'binding the Perlagg: holding the bid figure to keep his Perlagg there, then bidding the other, beats declining',
    reading: 'the opponent can make the better Hanger („mein Gegner den Hanger besser weiß“) and bids the Gleich, his Perlagg able to make either: hold the Gleich even expecting to lose it, so that his Perlagg is bound there and he must leave us the Hanger, which we bid at once (he writes 2, we 1, instead of 2 : 0). Both arms bind only on that premise (bindPremise): the opponents can still beat our other figure on the cards seen',
    a: au({ bindPremise: true }),
    b: au({ bindPremise: true, bindPerlagg: false }),
    sizes: HANDS,
    arms: [h2h(), vsSimple()],
  },
  {
    id: 'H-30',
    hypotheses: ['H-30'],
    claim: 'at target − 2 with Spiel and Gleich likely, declining an uncertain hold raises P(win the Partie)',
    a: AUTHOR,
    b: au({ outAnyway: false }),
    untested: 'from 9:5 and 9:7 the situation — an uncertain Gleich or Hanger offered to the party at 9 while it can count on the other figures to take it out — changed no result in 300 quick Partien at either table (0 differing) and only 9 of 62,005 decisions (3 at the author\'s table, 6 against simple: shadows, seed 1853), and a deal filter for it found no deal in 10^6 tries in an earlier attempt: author1853\'s outAnyway rule almost never decides anything here',
    sizes: HANDS,
    arms: [fromScore('at-9-5', [9, 5], 'partien', 'greater'), fromScore('at-9-7', [9, 7], 'partien', 'greater'), fromScore('at-9-5-vs-simple', [9, 5], 'partien', 'greater', { opponent: 'simple' })],
  },
  {
    id: 'H-31',
    hypotheses: ['H-31'],
    claim: 'near the end against an opponent at 4, do not hold (vs4Steps 6 against 0): it cuts his escape from the Double',
    a: AUTHOR,
    b: au({ vs4Steps: 0 }),
    sizes: HANDS,
    arms: [fromScore('at-8-4', [8, 4], 'stake', 'greater'), fromScore('at-8-4-double', [8, 4], 'doubleWin', 'greater'), fromScore('at-9-4', [9, 4], 'stake', 'greater'), fromScore('at-8-4-vs-simple', [8, 4], 'stake', 'greater', { opponent: 'simple' })],
  },
  {
    id: 'H-32',
    hypotheses: ['H-32'],
    claim: 'holds that commit a Perlagg with a valuable other use lose (perlaggOtherUse on against off)',
    a: AUTHOR,
    b: au({ perlaggOtherUse: false }),
    sizes: HANDS,
    arms: [h2h(), vsSimple()],
  },
  {
    id: 'H-33',
    hypotheses: ['H-33'],
    claim: 'the best hold threshold rises steeply when the bidder is at target − 2 (vs9Steps 4 against 0)',
    a: AUTHOR,
    b: au({ vs9Steps: 0 }),
    sizes: HANDS,
    arms: [fromScore('at-5-9', [5, 9], 'partien', 'greater'), fromScore('at-7-9', [7, 9], 'partien', 'greater'), fromScore('at-5-9-vs-simple', [5, 9], 'partien', 'greater', { opponent: 'simple' })],
  },
];
