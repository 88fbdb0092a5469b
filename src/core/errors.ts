// How a run of perlagg can fail, in two kinds the CLI tells apart by class alone (src/cli/errors.ts):
// - UsageError: what the user asked for is wrong (a flag, a ruleset, a card, a folder, a file): exit 2, one
//   line naming the problem, nothing written. Every error of bad input extends it, wherever it is thrown.
// - RuntimeFault: the run started as asked but failed for a reason the message names (a policy that broke
//   its contract, a full disk, a lost lock): exit 1.
// Anything else that reaches the CLI is a bug of perlagg ("internal error").
// They live on the bottom floor so that every floor above may throw them without importing the CLI.

/** An error in what the user asked for (flags, names, cards, folders): exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A run that failed for a reason its message names (not a bug of perlagg): exit 1. */
export class RuntimeFault extends Error {
  override name = 'RuntimeFault';
}

/** A simulation asked for something impossible (a card held twice, a seat out of range): exit 2. */
export class SimSpecError extends UsageError {
  override name = 'SimSpecError';
}

/** A run that cannot start or continue as asked (a folder holding another run, changed settings): exit 2. */
export class RunError extends UsageError {
  override name = 'RunError';
}

/**
 * A run that failed while running (a full disk, a lost lock): exit 1. The message says what is safe and how
 * to go on.
 */
export class RunFailure extends RuntimeFault {
  override name = 'RunFailure';
}
