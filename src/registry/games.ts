// The games of perlagg by name (GUIDE §7): each is one rules module behind the contract of game.ts.
import { bietenGame } from '../games/bieten/game.ts';
import type { AnyGame, GameName } from '../games/game.ts';
import { perlaggenGame } from '../games/perlaggen/game.ts';
import { UsageError } from '../core/errors.ts';

export const GAMES: Readonly<Record<GameName, AnyGame>> = { perlaggen: perlaggenGame, bieten: bietenGame };

/** The game of a --game value (exit 2 on an unknown one). */
export function gameByName(name: string): AnyGame {
  const g = (GAMES as Record<string, AnyGame | undefined>)[name.trim().toLowerCase()];
  if (g === undefined) throw new UsageError(`unknown game "${name}" (known: ${Object.keys(GAMES).join(', ')})`);
  return g;
}
