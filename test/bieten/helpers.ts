// Test helpers: a Bieten recording (docs/replay-format.md) replayed through the engine's checked path.
import { parseRecording } from '../../src/games/replay/common.ts';
import { replayBieten, type BietenReplay } from '../../src/games/replay/bieten.ts';
import { statements } from '../../src/games/replay/format.ts';

/** Replay a recording given as text (leading spaces of each line are ignored). */
export function replay(text: string): BietenReplay {
  const all = statements(text);
  return replayBieten(all, parseRecording(all).header, 'test');
}

/** Points of the last deal by player name. */
export function lastPoints(r: BietenReplay): Record<string, number> {
  const p = r.dealPoints.at(-1)!;
  return Object.fromEntries(r.names.map((n, i) => [n, p[i]!]));
}
export function totals(r: BietenReplay): Record<string, number> {
  const p = r.sheet.at(-1)!;
  return Object.fromEntries(r.names.map((n, i) => [n, p[i]!]));
}
export const byName = (r: BietenReplay, seats: readonly number[]): string[] => seats.map((s) => r.names[s]!);
