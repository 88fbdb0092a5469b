// The figure evaluator's slow twin (GUIDE guideline 6). Written apart from src/eval and kept plain:
// it reads which cards are Perlaggen straight from the ruleset's slot list, then tries EVERY christening
// of the hand's Perlaggen as one of the 32 suited cards (RULES §2.2, A-11) and looks at the figures of
// each resulting set of five identities by definition (RULES §7.2-§7.4).
//
// Two shortcuts, both obviously safe: (1) the figures of a christening depend only on the multiset of
// identities, so the Perlaggen's identities are tried as non-decreasing sequences (each multiset once);
// (2) the answer is a pure function of (natural identities, number of Perlaggen), so it is memoised.

export interface Identity {
  suit: number; // 0..3 = H S L E
  rank: number; // 1..8 = 7 8 9 10 U O K A (RULES §2.3 rank values); 0 = a natural Weli, Schell 6 (A-11 alternative)
}
export interface TwinFigures {
  gleichCount: number; // 0 when none
  gleichRank: number;
  hangerLength: number; // 0 when none
  hangerTop: number;
  hangerSuit: number; // lowest suit among equal best Hangers; 0 when none
  /** Pareto frontier of [gleichCount, gleichRank, hangerLength, hangerTop, hangerSuit], best Gleich first. */
  joint: number[][];
}

const SUIT_LETTERS = ['H', 'S', 'L', 'E'];
const RANK_NAMES = ['7', '8', '9', '10', 'U', 'O', 'K', 'A'];

/** A card by short name, plainly: "HA" -> {suit 0, rank 8}; "W" is the Weli. */
export function twinCard(name: string): Identity | 'Weli' {
  if (name === 'W' || name === 'Weli') return 'Weli';
  return { suit: SUIT_LETTERS.indexOf(name[0]!), rank: RANK_NAMES.indexOf(name.slice(1)) + 1 };
}

/** Is this card a Perlagg under the ruleset's slot list and this trump? (RULES §2.1) */
export function twinIsPerlagg(card: Identity | 'Weli', perlaggSlots: readonly string[], trumpSuit: number): boolean {
  for (const slot of perlaggSlots) {
    if (slot === 'W') {
      if (card === 'Weli') return true;
      continue;
    }
    if (card === 'Weli') continue;
    if (slot[0] === 'T') {
      if (card.suit === trumpSuit && card.rank === RANK_NAMES.indexOf(slot.slice(1)) + 1) return true;
    } else {
      const c = twinCard(slot) as Identity;
      if (c.suit === card.suit && c.rank === card.rank) return true;
    }
  }
  return false;
}

function better(a: number[], b: number[]): boolean {
  // lexicographic on [count, rank]
  return a[0]! > b[0]! || (a[0] === b[0] && a[1]! > b[1]!);
}

/** Best Gleich of a set of identities: [count, rank], [0, 0] when none. */
export function twinGleich(ids: Identity[], identicalAllowed: boolean): number[] {
  let best = [0, 0];
  for (let rank = 1; rank <= 8; rank++) {
    const same = ids.filter((c) => c.rank === rank);
    const count = identicalAllowed ? same.length : new Set(same.map((c) => c.suit)).size;
    if (count >= 2 && better([count, rank], best)) best = [count, rank];
  }
  return best;
}

/** Best Hanger: [length, top, suit], [0, 0, 0] when none; suit = the lowest of equal best Hangers. */
export function twinHanger(ids: Identity[]): number[] {
  const has: boolean[] = new Array(4 * 9).fill(false); // has[suit * 9 + rank], rank 0 = Schell 6
  for (const c of ids) has[c.suit * 9 + c.rank] = true;
  let best = [0, 0, 0];
  for (let suit = 0; suit < 4; suit++) {
    for (let top = 1; top <= 8; top++) {
      for (let length = 2; length <= top + 1; length++) {
        let all = true;
        for (let r = top - length + 1; r <= top; r++) {
          if (!has[suit * 9 + r]) all = false;
        }
        if (all && better([length, top], best)) best = [length, top, suit];
      }
    }
  }
  return best;
}

const ALL_IDENTITIES: Identity[] = [];
for (let suit = 0; suit < 4; suit++) for (let rank = 1; rank <= 8; rank++) ALL_IDENTITIES.push({ suit, rank });

const memo = new Map<string, TwinFigures>();

/** Figures of fixed identities plus k Perlaggen, trying every christening (memoised). */
export function twinFigures(naturals: Identity[], k: number, identicalAllowed: boolean): TwinFigures {
  const key = `${identicalAllowed}|${k}|${naturals.map((c) => `${c.suit}.${c.rank}`).sort().join(',')}`;
  let hit = memo.get(key);
  if (hit === undefined) memo.set(key, (hit = twinFiguresUncached(naturals, k, identicalAllowed)));
  return hit;
}

/** The same without the memo: every call tries every christening (the bench measures this). */
export function twinFiguresUncached(naturals: Identity[], k: number, identicalAllowed: boolean): TwinFigures {
  let bestG = [0, 0];
  let bestH = [0, 0, 0];
  const pairs = new Map<string, number[]>(); // "g,gr,h,ht" -> entry with the lowest suit
  const chosen: Identity[] = [];
  const visit = (from: number): void => {
    if (chosen.length === k) {
      const ids = [...naturals, ...chosen];
      const g = twinGleich(ids, identicalAllowed);
      const h = twinHanger(ids);
      if (better(g, bestG)) bestG = g;
      if (better(h, bestH) || (h[0] === bestH[0] && h[1] === bestH[1] && h[2]! < bestH[2]!)) bestH = h;
      const pairKey = `${g[0]},${g[1]},${h[0]},${h[1]}`;
      const old = pairs.get(pairKey);
      if (old === undefined || h[2]! < old[4]!) pairs.set(pairKey, [g[0]!, g[1]!, h[0]!, h[1]!, h[2]!]);
      return;
    }
    for (let i = from; i < ALL_IDENTITIES.length; i++) {
      chosen.push(ALL_IDENTITIES[i]!);
      visit(i);
      chosen.pop();
    }
  };
  visit(0);

  // Pareto frontier: keep a pair unless another is at least as good in both figures and better in one.
  const all = [...pairs.values()];
  const dominated = (a: number[], b: number[]) => {
    const gNotWorse = !better([a[0]!, a[1]!], [b[0]!, b[1]!]);
    const hNotWorse = !better([a[2]!, a[3]!], [b[2]!, b[3]!]);
    const gEqual = a[0] === b[0] && a[1] === b[1];
    const hEqual = a[2] === b[2] && a[3] === b[3];
    return gNotWorse && hNotWorse && !(gEqual && hEqual);
  };
  const joint = all
    .filter((a) => !all.some((b) => dominated(a, b)))
    .sort((a, b) => b[0]! - a[0]! || b[1]! - a[1]!);

  return {
    gleichCount: bestG[0]!,
    gleichRank: bestG[1]!,
    hangerLength: bestH[0]!,
    hangerTop: bestH[1]!,
    hangerSuit: bestH[2]!,
    joint,
  };
}

/** The twin's answer for a hand given by card short names under a ruleset's Perlagg slots and trump. */
export function twinHand(cards: string[], perlaggSlots: readonly string[], trumpSuit: number, identicalAllowed: boolean): TwinFigures {
  const naturals: Identity[] = [];
  let k = 0;
  for (const name of cards) {
    const c = twinCard(name);
    if (twinIsPerlagg(c, perlaggSlots, trumpSuit)) k++;
    else if (c !== 'Weli') naturals.push(c);
  }
  return twinFigures(naturals, k, identicalAllowed);
}
