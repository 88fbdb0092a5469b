// A finished table written in the replay format (issue 30, item 4), so that `perlagg replay` accepts the
// download: a Bieten game by the recorder of games/replay/record.ts as it is; a Perlaggen Partie as one file
// of its hands (the recorder writes one hand a file: its header once, then each hand's block renumbered).
// Every hand can be written, one in which the cutter kept Perlaggen at the cut with its `kept` line.
import type { HandState } from '../engine/state.ts';
import type { BietenState } from '../games/bieten/state.ts';
import { recordBieten, recordPerlaggen } from '../games/replay/record.ts';

export function recordTable(perlaggen: readonly HandState[], bieten: readonly BietenState[], title: string): string {
  if (bieten.length > 0) return recordBieten(bieten, title);
  const out: string[] = [];
  for (const [k, s] of perlaggen.entries()) {
    const text = recordPerlaggen(s, title);
    const lines = text.trimEnd().split('\n');
    const at = lines.indexOf('deal 1');
    if (k === 0) out.push(...lines.slice(0, at));
    out.push(`deal ${k + 1}`, ...lines.slice(at + 1), '');
  }
  return out.join('\n');
}
