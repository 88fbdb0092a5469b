// Firing (issue 26, deliverable 2): an experiment whose B changes no decision is no test of its claim. A claim
// whose every opponent field came out with no decision where A and B act differently (shadow.ts; in a summary
// written before decisions were counted: no differing pair) must be marked untested with its reason
// (Experiment.untested); a single field without firing is shown as untested there (verdict.ts) and listed.
import type { ExperimentSummary } from './summary.ts';

export interface FiringCheck {
  /** Claims no field of which fired, not marked untested: the check fails. */
  readonly failures: readonly string[];
  /** Fields without firing (shown as untested in the findings), and claims marked untested. */
  readonly notes: readonly string[];
}

export function checkFiring(summaries: readonly ExperimentSummary[]): FiringCheck {
  const failures: string[] = [];
  const notes: string[] = [];
  for (const s of summaries) {
    const heads = s.fields.map((f) => ({ f, arm: s.arms.find((a) => a.name === f.arm)! }));
    const compared = heads.filter((h) => h.arm.differing !== null);
    if (compared.length === 0) continue; // a claim about a share: nothing is compared
    const fired = (a: (typeof compared)[number]['arm']): number => (a.decisions != null ? a.decisions.differing : a.differing!);
    const dead = compared.filter((h) => fired(h.arm) === 0);
    if (s.untested !== null) {
      notes.push(`${s.id}: marked untested: ${s.untested}`);
      continue;
    }
    const what = (a: (typeof compared)[number]['arm']): string => (a.decisions != null ? `0 of ${a.decisions.made} decisions` : `0 of ${a.n}`);
    if (dead.length === compared.length) failures.push(`${s.id}: B changed no ${compared.every((h) => h.arm.decisions != null) ? 'decision' : 'result'} in any field (${compared.map((h) => `${h.f.table}: ${what(h.arm)}`).join('; ')}): mark the claim untested with its reason, or fix its experiment`);
    else for (const h of dead) notes.push(`${s.id} against ${h.f.table}: ${h.arm.decisions != null ? `no decision differs in ${h.arm.decisions.made}` : `no result differs in ${h.arm.n} pairs`} (shown as untested there)`);
  }
  return { failures, notes };
}
