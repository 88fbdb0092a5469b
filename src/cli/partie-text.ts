// A played Partie as text (`perlagg play --partie`, with or without people at the table): every hand's
// transcript, then the score sheet as players keep it (the Schreibtafel).
import { seatName } from '../engine/state.ts';
import { partyName, transcript } from '../games/perlaggen/transcript.ts';
import { canonicalName } from '../rules/registry.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { doubleThreshold, type PartieResult } from '../play/partie.ts';
import { fixed, signed } from '../core/numbers.ts';

/** A played Partie (with its states kept) as text: every hand's transcript, then the score sheet. */
export function partieText(res: PartieResult, h: { ruleset: RulesVariant; seed: number; partie: number; policies: readonly string[] }): string {
  const ruleset = h.ruleset;
  const specs = h.policies;
  const out: string[] = [];
  res.states.forEach((s, i) => {
    out.push(`=== Spiel ${i + 1} der Partie ===`);
    out.push(transcript(s, { ruleset, seed: h.seed, deal: i, policies: specs }).trimEnd());
    out.push('');
  });
  const s0 = res.states[0]!;
  const names = Array.from({ length: s0.table.parties }, (_, p) => partyName(s0, p));
  // every cell first: a column is as wide as its widest cell or name, and the gestrichen marker has a field
  // of its own in every cell of a column that has one, so the numbers stay in line (minus sign U+2212)
  const marked = (v: number) => v >= ruleset.target - 1 && v < ruleset.target;
  const anyMark = names.map((_, p) => res.sheet.some((row) => marked(row[p]!)));
  const texts = res.sheet.map((row, i) => row.map((v, p) => {
    const d = res.dealPoints[i]![p]!;
    return `${signed(d, 0)} = ${fixed(v, 0)}${anyMark[p] ? (marked(v) ? ' (gestrichen)' : '             ') : ''}`;
  }));
  const width = Math.max(...names.map((n) => n.length), ...texts.flat().map((t) => t.length), 8);
  const pad = (x: string) => x.padStart(width);
  const lines: string[] = [];
  lines.push(`Schreibtafel — Partie ${h.partie}, Regeln ${canonicalName(ruleset)}, Ziel ${ruleset.target}${ruleset.double ? ` (Double unter ${doubleThreshold(ruleset)})` : ''}`);
  lines.push(`${'Spiel'.padEnd(8)} ${'Geber'.padEnd(6)} ${names.map(pad).join(' | ')}`);
  res.sheet.forEach((_, i) => {
    lines.push(`${String(i + 1).padEnd(8)} ${seatName(res.dealers[i]!).padEnd(6)} ${texts[i]!.map(pad).join(' | ')}`.trimEnd());
  });
  const sm = res.summary;
  lines.push(`Sieger: ${names[sm.winnerParty]} mit ${sm.finalScore[sm.winnerParty]} (Ziel ${ruleset.target})${sm.endedMidHand ? ', mitten im Spiel' : ''}.`);
  if (ruleset.double) lines.push(sm.double ? `Double: ${names[1 - sm.winnerParty]} hat nur ${sm.finalScore[1 - sm.winnerParty]} und verliert doppelt.` : 'Kein Double: der Verlierer hat die Hälfte überschritten.');
  out.push(lines.join('\n'));
  return out.join('\n') + '\n';
}
