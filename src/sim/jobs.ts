// The jobs a simulation can run, by game and mode.
import { createHash } from 'node:crypto';
import { bietenGame } from '../games/bieten/game.ts';
import { canonicalJson, rulesetHash, resolveRuleset } from '../rules/registry.ts';
import { type Job, type SimSpec } from './job.ts';
import { createBietenJob } from './bieten.ts';
import { createFiguresJob } from './figures.ts';
import { createHandsJob } from './hands.ts';
import { createPartienJob } from './partien.ts';
import { SimSpecError } from '../core/errors.ts';

export async function createJob(spec: SimSpec): Promise<Job> {
  if (spec.game !== undefined && spec.game !== 'perlaggen') {
    if (spec.game === bietenGame.name) return createBietenJob(spec);
    throw new SimSpecError(`game ${String(spec.game)} cannot be simulated`);
  }
  switch (spec.mode) {
    case 'figures':
      return createFiguresJob(spec);
    case 'hands':
      return createHandsJob(spec);
    case 'partien':
      return createPartienJob(spec);
    default:
      throw new SimSpecError(`mode ${spec.mode} is not available yet`);
  }
}

/** The ruleset of a spec in its game: its hash and its parameters as canonical JSON (settings, manifest). */
export function specRuleset(spec: SimSpec): { readonly hash: string; readonly json: string } {
  if (spec.game === undefined || spec.game === 'perlaggen') {
    const r = resolveRuleset(spec.ruleset);
    return { hash: rulesetHash(r), json: canonicalJson(r) };
  }
  const json = bietenGame.rulesetJson(bietenGame.resolveRuleset(spec.ruleset));
  return { hash: createHash('sha256').update(json).digest('hex').slice(0, 16), json };
}
