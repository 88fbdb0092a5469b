// H-06 [000 p.37]: what party 0 (seats 0 and 2) holds, from a deal as dealt (1853: the Perlaggen are the trump
// König, 7, Ober and Unter; the plain trumps its As, 10, 9 and 8; the Weli is neither).
import type { DealView } from '../../src/play/constrained.ts';

export interface Holding {
  readonly perlaggen: number;
  readonly plainTrumps: number;
  /** A side suit (not trump) in which the party holds both the As and the König. */
  readonly sideAK: boolean;
}

export function partyHolding(deal: DealView, seats: readonly number[] = [0, 2]): Holding {
  const t = deal.trump;
  const cards = seats.flatMap((s) => deal.hands[s] ?? []);
  let perlaggen = 0;
  let plainTrumps = 0;
  for (const c of cards) {
    if (c === 'Weli' || c[0] !== t) continue;
    const rank = c.slice(1);
    if (rank === 'K' || rank === '7' || rank === 'O' || rank === 'U') perlaggen++;
    else plainTrumps++;
  }
  const sideAK = ['H', 'S', 'L', 'E'].some((s) => s !== t && cards.includes(`${s}A`) && cards.includes(`${s}K`));
  return { perlaggen, plainTrumps, sideAK };
}
