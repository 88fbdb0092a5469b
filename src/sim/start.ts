// Hands and Partien from a given state (issue 11, deliverable 2): a Partie score per party and the dealer's
// seat, as `perlagg simulate --score 9:4 --dealer 1` gives them. The engine reads the score for everything
// that depends on it (gestrichen, the limits at target − 1 and − 2, asks for the Dritzige, the end of the
// Partie: RULES §11) and the Double line (1853, RULES §11.5, A-26) follows from it: a party below the
// threshold at the end of the Partie loses double. Checked here once, for the CLI and for the jobs.
import type { RulesVariant } from '../rules/variant.ts';
import { probeTable } from '../engine/game.ts';
import { doubleThreshold } from '../play/partie.ts';
import { type StartState } from './job.ts';
import { SimSpecError } from '../core/errors.ts';

/** "9:4" -> [9, 4]: one whole number per party, each below the target. */
export function parseScore(text: string, r: RulesVariant, players: number): number[] {
  const parties = probeTable(r, { players }).parties;
  const t = text.trim();
  if (!/^\d{1,4}(\s*:\s*\d{1,4})*$/.test(t)) throw new SimSpecError(`--score ${JSON.stringify(text)}: write one whole number per party separated by ":", e.g. 9:4`);
  const score = t.split(':').map((x) => Number(x.trim()));
  if (score.length !== parties) throw new SimSpecError(`--score ${text}: ${players} players in ${r.name} make ${parties} parties; give ${parties} numbers, e.g. ${Array.from({ length: parties }, (_, i) => 9 - 5 * i).join(":")}`);
  const over = score.findIndex((x) => x >= r.target);
  if (over >= 0) throw new SimSpecError(`--score ${text}: party ${over} at ${score[over]} has reached the target ${r.target} (the Partie is over); every score must be below ${r.target}`);
  return score;
}

/** --dealer N: a seat of the table. */
export function parseDealer(text: string, r: RulesVariant, players: number): number {
  const seats = probeTable(r, { players }).seats;
  const t = text.trim();
  if (!/^\d{1,3}$/.test(t) || Number(t) >= seats) throw new SimSpecError(`--dealer ${JSON.stringify(text)}: the dealer's seat must be 0 to ${seats - 1}`);
  return Number(t);
}

/** A start state checked against the ruleset and table (for specs that come from elsewhere than the CLI). */
export function checkStart(start: StartState, r: RulesVariant, players: number): void {
  if (start.score !== null) parseScore(start.score.join(':'), r, players);
  if (start.dealer !== null) parseDealer(String(start.dealer), r, players);
}

/** The start in words: "party 0 at 9 (gestrichen), party 1 at 4 (in the Double: below 6), dealt by seat 1". */
export function startText(start: StartState | undefined, r: RulesVariant): string {
  if (start === undefined) return 'from 0:0, the dealer rotating';
  const parts: string[] = [];
  if (start.score !== null) {
    const line = r.double ? doubleThreshold(r) : null;
    start.score.forEach((x, p) => {
      const notes: string[] = [];
      if (x === r.target - 1) notes.push('gestrichen');
      if (x === r.target - 2) notes.push('at target − 2');
      if (line !== null && start.score!.length === 2 && x < line) notes.push(`in the Double: below ${line}`);
      parts.push(`party ${p} at ${x}${notes.length > 0 ? ` (${notes.join(', ')})` : ''}`);
    });
  } else parts.push('from 0:0');
  parts.push(start.dealer === null ? 'the dealer rotating' : `dealt by seat ${start.dealer}`);
  return parts.join(', ');
}
