// H-06: party 0 holds exactly one Perlagg, exactly two plain trumps, and the As and König of a side suit.
import type { DealView } from '../../src/play/constrained.ts';
import { partyHolding } from './holding.ts';

export default (deal: DealView): boolean => {
  const h = partyHolding(deal);
  return h.perlaggen === 1 && h.plainTrumps === 2 && h.sideAK;
};
