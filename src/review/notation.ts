// An action in the notation of a recording (docs/replay-format.md; what a user writes in `advise --moves`).
import { cardShort } from '../cards/notation.ts';
import type { PolicyAction } from '../engine/actions.ts';

/** The replay notation of an action (what a user writes in --moves). */
export function actionNotation(a: PolicyAction): string {
  switch (a.kind) {
    case 'play':
      return a.as === null ? `play ${cardShort(a.card)}` : `play ${cardShort(a.card)} as ${cardShort(a.as)}`;
    case 'bid':
      return `bid ${a.cumulative ? 'all' : a.figures.join(' ')}${a.unseen ? ' unseen' : ''}`;
    case 'raise':
      return `raise ${a.figure} ${a.to}`;
    case 'exchange':
      return `exchange ${cardShort(a.card)}`;
    case 'declineExchange':
      return 'decline';
    case 'show':
      return a.as.length === 0 ? 'show' : `show as ${a.as.map(cardShort).join(' ')}`;
    case 'ask':
      return `ask ${a.count} ${a.type}`;
    case 'keepCut':
      return a.keep ? 'keep' : 'leave';
    default:
      return a.kind;
  }
}

