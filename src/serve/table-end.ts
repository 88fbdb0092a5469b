// The score sheet's columns and the end of a table in words: the parties (Perlaggen) or the players
// (Bieten), the points, and who won the Partie (Perlaggen) or is left with the Noggerl (Bieten).
import { partyName } from '../games/perlaggen/transcript.ts';
import { fixed } from '../core/numbers.ts';
import type { Standing } from './run.ts';
import type { TableSpec } from './spec.ts';

export function partieOver(spec: TableSpec, st: Standing): { parties: string[]; result: string } {
  if (spec.game === 'bieten') {
    const last = st.bieten.at(-1);
    if (last === undefined) return { parties: [], result: '' };
    const parties = last.names.slice();
    const totals = last.score.map((x, p) => x + (last.points[p] ?? 0));
    const left = last.active.filter((seat) => !last.outOrder.includes(seat));
    const end = spec.partie && left.length === 1 ? ` — ${parties[left[0]!]} ist als Letzter übrig und bekommt das Noggerl.` : '';
    return { parties, result: `Stand: ${parties.map((n, p) => `${n} ${fixed(totals[p]!, 0)}`).join(', ')}${end}` };
  }
  const last = st.perlaggen.at(-1);
  if (last === undefined) return { parties: [], result: '' };
  const parties = Array.from({ length: last.table.parties }, (_, p) => partyName(last, p));
  const totals = parties.map((_, p) => st.perlaggen.reduce((a, s) => a + (s.points[p] ?? 0), 0));
  const over = last.events.find((e) => e.type === 'partieOver');
  const end = spec.partie && over !== undefined && over.type === 'partieOver' && over.winner >= 0 ? ` — die Partie gewinnt ${parties[over.winner]}.` : '';
  return { parties, result: `Punkte: ${parties.map((n, p) => `${n} ${fixed(totals[p]!, 0)}`).join(', ')}${end}` };
}
