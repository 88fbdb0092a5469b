// H-04, H-08 … H-10, H-22, H-23: the advice that rests on partners' signs and table talk [000 pp.32–41]
// (RULES §13, §16). 1853's tables talk (`partnerInfo=table`): A is the author as he teaches, B the author
// with that one use of the signs or the talk switched off. What the signs are worth against seeing the
// partner's whole hand (`partnerInfo=open`) is the information table of docs/engine.md (simple against
// simple{information=ignore} at each level).
import type { Experiment } from '../src/experiments/types.ts';
import { AUTHOR, HANDS, au, h2h, vsSimple } from './common.ts';

function talkAblation(id: string, claim: string, b: Readonly<Record<string, boolean>>, metric: 'points' | 'spiele'): Experiment {
  return {
    id,
    hypotheses: [id],
    claim,
    a: AUTHOR,
    b: au(b),
    sizes: HANDS,
    arms: [h2h(metric), vsSimple(metric)],
    note: 'at a table that talks (1853: partnerInfo=table); B differs from A only in the piece named',
  };
}

export const talk: Experiment[] = [
  talkAblation('H-04', 'counting the partner\'s signs (his trumps and Perlaggen) in the party\'s Stechkraft gains over ignoring them (signs on against off)', { signs: false }, 'points'),
  talkAblation('H-08', 'the lead request („Welche Farbe?“ answered „Trumpf!“, a suit or „Gut drüben!“) beats the fixed lead rule (leadRequest on against off)', { leadRequest: false }, 'spiele'),
  talkAblation('H-09', 'not leading the suits the opponents asked their partner for raises the party\'s Spiele (avoidAskedSuit on against off)', { avoidAskedSuit: false }, 'spiele'),
  {
    ...talkAblation('H-10', 'the last hand\'s „Ich kann nicht.“ (and trumping for a partner who says it) raises the party\'s Spiele (cannotWinSignal on against off)', { trumpToWin: false, cannotWinSignal: false }, 'spiele'),
    a: au({ trumpToWin: false }),
    reading: 'the last hand says „Ich kann nicht.“ when he cannot win the trick, so that his partner trumps it. Both arms save their trumps otherwise (trumpToWin off): with it on, the partner trumps anyway and the signal changes no card',
  },
  talkAblation('H-22', 'the Kunstgriff: a figure that needs our Perlagg is left to the partner who has it in natura („Hast du … in natura?“, „Biet …!“), on against off', { kunstgriffFigures: false }, 'points'),
  {
    ...talkAblation('H-23', 'the Kunstgriff for the Spiel: the partner with the Spielfarbe bids the Spiel, on against off (the Kunstgriff for the figures on in both)', { kunstgriffSpiel: false }, 'points'),
    untested: 'author1853 uses the Kunstgriff for the Spiel only with a hand of Stechkraft ≥ 8 (its spielAtOnce) and no plain trump whose partner holds the Spielfarbe in natura; switching it off changed no result in 500 quick deals at either table, and 77 of 130,638 decisions (48 at the author\'s table, 29 against simple: shadows, seed 1853) — too rare a situation to judge with this bot',
  },
];
