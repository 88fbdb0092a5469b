// The findings' verdicts over the whole family (issue 26): each claim's opponent fields judged after Holm's
// correction over every headline test of the family, combined into the claim's headline, and set against a
// replication on a second seed. Run.ts judges one experiment alone; the report calls this over all of them.
import { combine, holm } from './verdict.ts';
import type { ArmSummary, ExperimentSummary } from './summary.ts';
import type { Verdict } from './types.ts';

/** One opponent field of a claim, judged. */
export interface FieldJudgement {
  readonly table: string;
  readonly arm: ArmSummary;
  /** The verdict after Holm's correction. */
  readonly verdict: Verdict;
  readonly why: string;
  /** Holm-adjusted p. */
  readonly pHolm: number;
}

export interface ClaimJudgement {
  readonly id: string;
  readonly summary: ExperimentSummary;
  readonly fields: readonly FieldJudgement[];
  /** The headline of this run (fields combined). */
  readonly verdict: Verdict;
  /** The replication's headline (null: none given or not run). */
  readonly replicate: Verdict | null;
  /** What the findings print: the headline, inconclusive when the two seeds disagree. */
  readonly final: Verdict;
  /** At the edge: an interval end near 0 or ±δ, a verdict Holm changed, or seeds that disagree. */
  readonly edge: boolean;
  readonly notes: readonly string[];
}

const ALPHA = 0.05;

/** Judge every summary's fields with Holm's correction over all the headline tests. */
export function judgeFamily(summaries: readonly ExperimentSummary[]): Map<string, { fields: FieldJudgement[]; verdict: Verdict; holmChanged: boolean }> {
  const heads: Array<{ s: ExperimentSummary; table: string; arm: ArmSummary }> = [];
  for (const s of summaries) {
    for (const f of s.fields) {
      const arm = s.arms.find((a) => a.name === f.arm);
      if (arm !== undefined) heads.push({ s, table: f.table, arm });
    }
  }
  const tested = heads.filter((h) => h.arm.verdict !== 'untested' && h.s.untested === null);
  const adjusted = holm(tested.map((h) => h.arm.p));
  const pOf = new Map(tested.map((h, i) => [h, adjusted[i]!]));
  const out = new Map<string, { fields: FieldJudgement[]; verdict: Verdict; holmChanged: boolean }>();
  for (const s of summaries) {
    const fields: FieldJudgement[] = [];
    let changed = false;
    for (const h of heads.filter((x) => x.s === s)) {
      const p = pOf.get(h) ?? 1;
      let verdict = h.arm.verdict;
      let why = h.arm.verdictWhy;
      if ((verdict === 'supported' || verdict === 'refuted') && h.arm.sprt?.verdict !== 'H1' && p > ALPHA) {
        why = `${verdict} alone (p = ${h.arm.p.toPrecision(2)}), but not after Holm's correction over ${tested.length} tests (p = ${p.toPrecision(2)})`;
        verdict = 'inconclusive';
        changed = true;
      }
      fields.push({ table: h.table, arm: h.arm, verdict, why, pHolm: p });
    }
    const verdict: Verdict = s.untested !== null ? 'untested' : combine(fields.map((f) => f.verdict));
    out.set(s.id, { fields, verdict, holmChanged: changed });
  }
  return out;
}

/** The claims judged, with a replication (summaries of a second seed) when given. */
export function judgeClaims(summaries: readonly ExperimentSummary[], replicates: readonly ExperimentSummary[] = []): ClaimJudgement[] {
  const main = judgeFamily(summaries);
  const rep = replicates.length === 0 ? null : judgeFamily(replicates);
  return summaries.map((s) => {
    const j = main.get(s.id)!;
    const r = rep?.get(s.id)?.verdict ?? null;
    const notes: string[] = [];
    if (s.untested !== null) notes.push(`marked untested: ${s.untested}`);
    if (j.holmChanged) notes.push('a field significant alone is not after Holm\'s correction');
    let final = j.verdict;
    if (r !== null && r !== j.verdict) {
      notes.push(`the seeds disagree: ${j.verdict} at seed ${s.seed}, ${r} at seed ${replicates.find((x) => x.id === s.id)!.seed}`);
      if (final !== 'untested' && final !== 'not testable') final = 'inconclusive';
    }
    const edge = j.holmChanged || (r !== null && r !== j.verdict) || j.fields.some((f) => f.arm.edge && f.verdict !== 'untested');
    return { id: s.id, summary: s, fields: j.fields, verdict: j.verdict, replicate: r, final, edge, notes };
  });
}
