// H-06: party 0 holds at least two Perlaggen and at least two plain trumps.
import type { DealView } from '../../src/play/constrained.ts';
import { partyHolding } from './holding.ts';

export default (deal: DealView): boolean => {
  const h = partyHolding(deal);
  return h.perlaggen >= 2 && h.plainTrumps >= 2;
};
