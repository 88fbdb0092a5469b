// H-01 … H-19 and H-20, H-21: the general advice, trick play and bidding [000 pp.35–41] (RULES §16.1–16.3).
import { fileURLToPath } from 'node:url';
import type { Experiment } from '../src/experiments/types.ts';
import { AUTHOR, HANDS, PARTIEN_FROM, au, h2h, vsSimple } from './common.ts';

/** A predicate module beside this file (.ts here, .js in the built package). */
const where = (file: string): string => fileURLToPath(new URL(`./where/${file}${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url));

/** A plain ablation at a level score: A = the author, B = the author with these options; duplicate and vs simple. */
function ablation(id: string, claim: string, b: Readonly<Record<string, number | boolean | string>>, metric: 'points' | 'spiele'): Experiment {
  return { id, hypotheses: [id], claim, a: AUTHOR, b: au(b), sizes: HANDS, arms: [h2h(metric), vsSimple(metric)] };
}

/** The author with holding fixed at his own threshold, whatever the bid threshold (H-21 moves bidding alone). */
const HOLD_FIXED = au({ holdAtBid: false });

export const general: Experiment[] = [
  {
    id: 'H-01',
    hypotheses: ['H-01'],
    claim: 'with skilled bidding and holding the party with the weaker cards (fewer Perlaggen) outscores the stronger in a non-trivial share (> 10%) of deals',
    a: AUTHOR,
    b: AUTHOR,
    sizes: HANDS,
    arms: [
      { name: 'author', label: 'author1853 at all four seats: share of hands (unequal Perlaggen) the weaker party outscores', design: 'describe', mode: 'hands', metric: 'weakerOutscores', direction: 'greater', reference: 0.1 },
      { name: 'simple', label: 'simple at all four seats (no bluff), the same share', design: 'describe', mode: 'hands', metric: 'weakerOutscores', direction: 'greater', reference: 0.1, a: 'simple', opponent: 'simple' },
    ],
  },
  {
    id: 'H-02',
    hypotheses: ['H-02'],
    claim: '(a) Ratschen loses against value bidding at level scores; (b) far behind (opponent at 9) it raises P(win the Partie)',
    a: AUTHOR,
    b: au({ ratschen: 0.5 }),
    sizes: HANDS,
    arms: [
      h2h('points', { label: '(a) A (no Ratschen) against B (Ratschen at rate 0.5), duplicate deals, points a hand' }),
      vsSimple('points', { label: '(a) A and B each against simple, points a hand' }),
      { name: 'far-behind', label: '(b) Partien from 2:9, the side at 2 with rescue Ratschen (A) or without (B), won − lost', design: 'side', mode: 'partien', metric: 'partien', direction: 'greater', score: [2, 9], a: AUTHOR, b: au({ rescueRatschen: 0 }), sizes: PARTIEN_FROM },
      { name: 'far-behind-double', label: '(b) the same: share of Partien lost double (lower is better)', design: 'side', mode: 'partien', metric: 'doubleLoss', direction: 'less', score: [2, 9], a: AUTHOR, b: au({ rescueRatschen: 0 }), sizes: PARTIEN_FROM },
    ],
  },
  ablation('H-03', 'counting the shown bottom card, the face-up card and the exchanges wins more Spiele (useExchange on against off)', { useExchange: false }, 'spiele'),
  {
    id: 'H-06',
    hypotheses: ['H-06'],
    claim: 'partnership holdings {≥ 2 Perlaggen + ≥ 2 plain trumps}, {1 Perlagg + ≥ 3 plain trumps}, {1 Perlagg + 2 plain trumps + A and K of a side suit} make the Spiel with P > 1/2',
    a: AUTHOR,
    b: AUTHOR,
    sizes: HANDS,
    arms: [
      { name: 'two-two', label: 'party 0 holds ≥ 2 Perlaggen and ≥ 2 plain trumps: share of hands it makes the Spiel', design: 'describe', mode: 'hands', metric: 'spielMade', direction: 'greater', reference: 0.5, where: where('h06-two-two') },
      { name: 'one-three', label: 'party 0 holds 1 Perlagg and ≥ 3 plain trumps', design: 'describe', mode: 'hands', metric: 'spielMade', direction: 'greater', reference: 0.5, where: where('h06-one-three') },
      { name: 'one-two-ak', label: 'party 0 holds 1 Perlagg, 2 plain trumps, A and K of a side suit', design: 'describe', mode: 'hands', metric: 'spielMade', direction: 'greater', reference: 0.5, where: where('h06-one-two-ak') },
      { name: 'two-two-simple', label: 'simple at all four seats: party 0 holds ≥ 2 Perlaggen and ≥ 2 plain trumps, share it makes the Spiel', design: 'describe', mode: 'hands', metric: 'spielMade', direction: 'greater', reference: 0.5, where: where('h06-two-two'), a: 'simple', opponent: 'simple' },
    ],
  },
  {
    id: 'H-07a',
    hypotheses: ['H-07'],
    claim: '(a) when the partner answers „Trumpf!“ (he has no trump), leading the trump As or Zehner raises P(Spiel) against leading a side suit',
    reading: 'when the partner answers „Trumpf!“ (he has no trump), lead the trump As or Zehner "um die kleineren Trümpfe der Gegenparthei abzuholen"; A does (on his answer, else his signs or what the play showed), B never leads a trump for a trumpless partner (trumpLead=never) and leads as it would otherwise',
    a: AUTHOR,
    b: au({ trumpLead: 'never' }),
    sizes: HANDS,
    arms: [
      h2h('spiele', { label: '(a) A (the trump As or Zehner for a trumpless partner) against B (never), duplicate, Spiele won − lost' }),
      vsSimple('spiele', { label: '(a) A and B each against simple, Spiele' }),
    ],
  },
  {
    id: 'H-07b',
    hypotheses: ['H-07'],
    claim: '(b) with only a trump Neuner or Achter, leading it in answer to the partner\'s „Trumpf!“ does not help: keeping it to trump in the Hinterhand wins more Spiele',
    reading: '"Mit Neuner oder Achter kann das Trumpfschlagen nichts nützen; mit diesen muß man nur schauen in der Hinterhand einen Stich zu machen": when the partner answers „Trumpf!“ and one\'s best plain trump is a Neuner or Achter, lead something else and keep it. A keeps it (the author); B leads it exactly then (lowTrumpAnswer=true) and plays as A everywhere else',
    a: AUTHOR,
    b: au({ lowTrumpAnswer: true }),
    note: 'the other half of the sentence, no low trump lead while another card can be led (lowTrumpLead), is no arm: as B it changed no decision in 1,000 deal pairs at seed 1853 (0 of 165,936), where lowTrumpAnswer changed 346',
    sizes: HANDS,
    arms: [
      h2h('spiele', { label: '(b) A (keeps the low trump) against B (leads it in answer to „Trumpf!“), duplicate, Spiele won − lost' }),
      vsSimple('spiele', { label: '(b) A and B each against simple, Spiele' }),
    ],
  },
  ablation('H-11', '"trump whenever it wins" beats "save trumps" in P(Spiel) (trumpToWin on against off)', { trumpToWin: false }, 'spiele'),
  ablation('H-12', 'spending Perlaggen on tricks only at no cost to the figures yields more in total than spending them freely', { perlaggTricks: 'free' }, 'points'),
  ablation('H-13', 'letting a Perlagg take a decisive trick only when the Spiel is in prospect gains (askDecisive on against off)', { askDecisive: false }, 'points'),
  ablation('H-14', 'a Bock after winning a trick raises P(Spiel) (bockLead on against off)', { bockLead: false }, 'spiele'),
  ablation('H-15', 'bidding the Spiel with two of the first three tricks and a good card gains (spielTricks 2 against never)', { spielTricks: 4 }, 'points'),
  ablation('H-16', 'with overwhelming cards an immediate Spiel bid earns more than silent play (spielAtOnce 8 against never)', { spielAtOnce: 16 }, 'points'),
  ablation('H-17', 'a hopeless defence that concedes the Spiel early scores more (concedeHopeless on against off)', { concedeHopeless: false }, 'points'),
  ablation('H-18', 'a moderate Spiel bid ("bei einiger Aussicht") raises the bidder\'s total (spielProspect 6 against never)', { spielProspect: 20 }, 'points'),
  ablation('H-19', 'early figure bids with natural figures raise the bidder\'s P(Spiel) (earlyFigureBids on against off)', { earlyFigureBids: false }, 'spiele'),
  ablation('H-20', 'bidding a weak figure late by counting the cards seen gains (lateCount on against off)', { lateCount: false }, 'points'),
  {
    id: 'H-21',
    hypotheses: ['H-21'],
    claim: 'an early Gleich bid pays from three Ober, a Hanger bid from Unter-Ober-König: looser or stricter thresholds earn less',
    reading: 'a bid „auf Geradewohl“ (at the first card) needs at least three Ober in the Gleich or Unter-Ober-König in the Hanger; only the bid threshold moves — both arms hold from the author\'s own threshold (holdAtBid=false), so holding does not move with it',
    a: HOLD_FIXED,
    b: au({ holdAtBid: false, gleichRank: 5 }),
    sizes: HANDS,
    arms: [
      h2h('points', { name: 'gleich-three-unter', label: 'A (three Ober) against B (three Unter), duplicate, points a hand' }),
      vsSimple('points', { name: 'gleich-three-unter-vs-simple', label: 'A (three Ober) and B (three Unter) each against simple, points a hand' }),
      h2h('points', { name: 'gleich-two-ober', label: 'A against B (two Ober)', b: au({ holdAtBid: false, gleichCount: 2 }) }),
      h2h('points', { name: 'gleich-three-asse', label: 'A against B (three Asse: stricter)', b: au({ holdAtBid: false, gleichRank: 8 }) }),
      h2h('points', { name: 'hanger-to-ober', label: 'A (Hanger to the König) against B (to the Ober: looser)', b: au({ holdAtBid: false, hangerTop: 6 }) }),
      h2h('points', { name: 'hanger-to-as', label: 'A against B (Hanger to the As: stricter)', b: au({ holdAtBid: false, hangerTop: 8 }) }),
    ],
  },
];
