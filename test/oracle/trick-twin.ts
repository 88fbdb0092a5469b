// The slow twin of the trick winner (GUIDE guideline 6), written from RULES §2.3 directly and kept
// apart from src/engine/tricks.ts: every played card gets an effective identity (suit letter, rank value)
// and a Perlagg level; trumps beat the led suit; within a suit (rank, level) compares lexicographically.
import type { RulesVariant } from '../../src/rules/variant.ts';

const LETTERS = ['H', 'S', 'L', 'E'];

interface Effective {
  index: number;
  suit: string;
  rank: number;
  level: number;
}

export function naiveTrickWinner(
  r: RulesVariant,
  trump: string,
  perlaggenHighestFirst: readonly number[],
  plays: ReadonlyArray<{ card: number; as: number | null }>,
): number {
  const levelOf = (card: number) => {
    const i = perlaggenHighestFirst.indexOf(card);
    return i < 0 ? 0 : perlaggenHighestFirst.length - i;
  };
  const eff: Effective[] = plays.map((p, index) => {
    const level = levelOf(p.card);
    let suit: string;
    let rank: number;
    let lvl = 0;
    // A-20 alternative: a Perlagg laid as its own card is no christening (it counts as laid un-christened)
    const christened = p.as !== null && !(p.as === p.card && !r.christenAsSelfIsChristening);
    if (christened && p.as !== null) {
      suit = LETTERS[Math.floor(p.as / 8)]!;
      rank = (p.as % 8) + 1;
      lvl = level;
      if (r.trumpOrderModel === 'M2' && suit === trump && levelOf(p.as) > 0) rank = 8 + levelOf(p.as);
    } else if (level > 0 && r.unchristenedPerlagg === 'natIdentityKeepsPower') {
      suit = trump; // a trump above all plain trumps, ranked by Perlagg order: like a trump As with its level
      rank = 8;
      lvl = level;
    } else if (p.card === 32) {
      suit = 'S'; // the natural Weli is Schell 6
      rank = 0;
    } else {
      suit = LETTERS[Math.floor(p.card / 8)]!;
      rank = (p.card % 8) + 1;
      if (r.trumpOrderModel === 'M2' && suit === trump && level > 0) rank = 8 + level;
    }
    return { index, suit, rank, level: lvl };
  });
  const trumps = eff.filter((e) => e.suit === trump);
  const pool = trumps.length > 0 ? trumps : eff.filter((e) => e.suit === eff[0]!.suit);
  const sorted = [...pool].sort((a, b) => b.rank - a.rank || b.level - a.level);
  if (sorted.length > 1 && sorted[0]!.rank === sorted[1]!.rank && sorted[0]!.level === sorted[1]!.level) {
    throw new Error('tie in a trick: impossible by RULES §2.3');
  }
  return sorted[0]!.index;
}
