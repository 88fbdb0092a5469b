// The bench signature (GUIDE guideline 11, Stockfish's `bench`): a hash of the outcomes of a fixed,
// seeded set of work — exact counts, dealt figures, played hands — computed in this thread, so it is the
// same on every machine and for every worker count. A commit that changes results quotes the new
// signature ("Results: changed (signature ...)"); a refactor leaves it unchanged.
import { createHash } from 'node:crypto';
import { exactDistribution, exactSummary } from '../exact/distribution.ts';
import { builtinPolicy } from '../registry/policies.ts';
import { RULESET_NAMES, resolveRuleset } from '../rules/registry.ts';
import { createJob } from '../sim/jobs.ts';
import { playDeal } from '../play/hand.ts';

export const SIGNATURE_SEED = 20261130;

export interface SignaturePart {
  readonly name: string;
  /** Units of work done (hands, deals, games). */
  readonly count: number;
  readonly unit: string;
  readonly ms: number;
  /** sha256 of this part's outcomes (first 16 hex digits). */
  readonly hash: string;
}

export interface Signature {
  /** sha256 over the parts' hashes (first 16 hex digits). */
  readonly signature: string;
  readonly parts: readonly SignaturePart[];
}

function part(name: string, unit: string, count: number, fn: (h: ReturnType<typeof createHash>) => void): SignaturePart {
  const h = createHash('sha256');
  const t = performance.now();
  fn(h);
  return { name, unit, count, ms: performance.now() - t, hash: h.digest('hex').slice(0, 16) };
}

/** Run the fixed set. `scale` multiplies the sizes (1 = the standard set; the signature depends on it). */
export async function benchSignature(scale = 1): Promise<Signature> {
  const parts: SignaturePart[] = [];
  // 1. exact: every ruleset, every trump
  parts.push(
    part('exact', 'hand tables', 15, (h) => {
      for (const name of RULESET_NAMES) {
        const r = resolveRuleset(name);
        for (const t of r.trumpSuitsAllowed) {
          h.update(JSON.stringify([name, t, exactSummary(exactDistribution(r, t))]));
        }
      }
    }),
  );
  // 2. figures of dealt hands: the job's columns and metrics
  const deals = 5000 * scale;
  for (const name of RULESET_NAMES) {
    const job = await createJob({ mode: 'figures', ruleset: name, players: 4, policies: [], seed: SIGNATURE_SEED, constraints: { hands: {}, trump: null, predicate: null } });
    parts.push(
      part(`figures ${name}`, 'deals', deals, (h) => {
        const res = job.runBatch(0, deals);
        for (const cols of Object.values(res.tables)) {
          for (const [k, c] of Object.entries(cols)) {
            h.update(k);
            h.update(Array.isArray(c) ? c.join(',') : new Uint8Array(c.buffer, c.byteOffset, c.byteLength));
          }
        }
        h.update(JSON.stringify(res.metrics));
      }),
    );
  }
  // 3. played hands with the built-in policies
  const hands = 300 * scale;
  for (const policy of ['random', 'simple']) {
    for (const name of RULESET_NAMES) {
      const r = resolveRuleset(name);
      const f = builtinPolicy(policy);
      const policies = [0, 1, 2, 3].map(() => ({ name: policy, policy: f.create({}) }));
      parts.push(
        part(`hands ${policy} ${name}`, 'hands', hands, (h) => {
          for (let d = 0; d < hands; d++) {
            const res = playDeal({ ruleset: r, players: 4, policies, rootSeed: SIGNATURE_SEED, dealIndex: d, dealer: d % 4, checked: true });
            h.update(`${res.points.join(',')};${res.decisions};${res.state.events.length}|`);
          }
        }),
      );
    }
  }
  const all = createHash('sha256');
  for (const p of parts) all.update(`${p.name}:${p.hash};`);
  return { signature: all.digest('hex').slice(0, 16), parts };
}
