// How the CLI ends: bad input exits 2 with one line naming the problem; a runtime failure exits 1.
import { CardNotationError } from '../cards/notation.ts';
import { PolicyError } from '../policy/registry.ts';
import { RulesetError } from '../rules/registry.ts';
import { OutputError } from '../results/manifest.ts';
import { ExactError } from '../exact/distribution.ts';
import { RunError, SimSpecError } from '../sim/job.ts';
import { TornFileError } from '../results/stream.ts';

/** An error in what the user asked for (flags, names, cards, folders): exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

export function isUsageError(e: unknown): boolean {
  return (
    e instanceof UsageError ||
    e instanceof PolicyError ||
    e instanceof RulesetError ||
    e instanceof CardNotationError ||
    e instanceof OutputError ||
    e instanceof ExactError ||
    e instanceof SimSpecError ||
    e instanceof RunError ||
    e instanceof TornFileError
  );
}

/** Print one line for the error and return the exit code. */
export function reportError(e: unknown): number {
  const msg = e instanceof Error ? e.message : String(e);
  const line = msg.split('\n')[0]!.trim();
  if (isUsageError(e)) {
    process.stderr.write(`perlagg: ${line}\n`);
    return 2;
  }
  process.stderr.write(`perlagg: internal error: ${line}\n`);
  if (process.env['PERLAGG_DEBUG'] && e instanceof Error && e.stack) process.stderr.write(e.stack + '\n');
  return 1;
}
