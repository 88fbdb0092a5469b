// The report of a comparison of two policies, as fastchess prints one (GUIDE §6: "+0.21 ± 0.05 points a
// deal, LOS 99.9%, n = 20,000 pairs"): points a deal with the paired interval and LOS; for won/lost games
// (Partien) the Elo with its interval, nElo, LOS and the pentanomial counts. Pure data in, data and lines out.
import { pentanomialElo, type EloEstimate, type Pentanomial } from './elo.ts';
import { formatPaired, pairedEstimate, type PairAcc, type PairedEstimate } from './paired.ts';
import { fixed, signed } from '../core/numbers.ts';

export interface PairReportInput {
  /** A's paired margin over B, accumulated per pair (points a deal). */
  readonly margins?: PairAcc;
  /** Pentanomial counts of the pairs' game results (Partien: slots 0, 2, 4). */
  readonly pentanomial?: Pentanomial;
  readonly level?: number;
  /** What a pair is, for the counts: 'deal pairs' (default) or 'Partie pairs'. */
  readonly unit?: string;
}

export interface PairReport {
  readonly points: PairedEstimate | null;
  readonly elo: EloEstimate | null;
  readonly pentanomial: Pentanomial | null;
  readonly level: number;
  readonly unit: string;
}

export function pairReport(input: PairReportInput): PairReport {
  const level = input.level ?? 0.95;
  return {
    points: input.margins === undefined ? null : pairedEstimate(input.margins, { kind: 'difference' }, level),
    elo: input.pentanomial === undefined ? null : pentanomialElo(input.pentanomial, level),
    pentanomial: input.pentanomial ?? null,
    level,
    unit: input.unit ?? 'deal pairs',
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/**
 * The report as lines, e.g.
 *   Points: +0.2100 ± 0.0500 a deal [+0.1600, +0.2600], LOS 99.9%, n = 20,000 deal pairs
 *   Elo: +12.30 ± 4.50, nElo: +18.20 ± 6.60, LOS 99.9%, n = 2,000 Partie pairs
 *   Ptnml(0-2): [100, 0, 1200, 0, 700]
 */
export function formatPairReport(r: PairReport, digits = 4): string[] {
  const lines: string[] = [];
  const p = r.points;
  if (p !== null) {
    if (p.kind === 'interval') lines.push(`Points: ${signed(p.estimate, digits)} ± ${p.halfWidth.toFixed(digits)} a deal [${signed(p.low, digits)}, ${signed(p.high, digits)}], LOS ${pct(p.los ?? 0.5)}, n = ${p.n.toLocaleString('en-US')} ${r.unit}`);
    else lines.push(`Points: ${formatPaired(p, { digits, unit: r.unit })}`);
  }
  const e = r.elo;
  if (e !== null && r.pentanomial !== null) {
    const finite = Number.isFinite(e.elo) && Number.isFinite(e.halfWidth);
    lines.push(
      finite ? `Elo: ${signed(e.elo, 2)} ± ${e.halfWidth.toFixed(2)}, nElo: ${Number.isFinite(e.nElo) ? `${signed(e.nElo, 2)} ± ${e.nEloHalfWidth.toFixed(2)}` : 'n/a'}, LOS ${pct(e.los)}, n = ${e.pairs.toLocaleString('en-US')} ${r.unit}`
      : `Elo: not finite (score ${fixed(e.score, 4)} in ${e.pairs.toLocaleString('en-US')} ${r.unit}: one side won or lost every game)`,
    );
    lines.push(`Ptnml(0-2): [${r.pentanomial.join(', ')}]`);
  }
  return lines;
}
