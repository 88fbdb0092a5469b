// What every table perlagg writes says about itself, in its own Arrow schema metadata (docs/schemas.md "What a
// file says about itself"): a file copied away from its folder and manifest still names the command, seed,
// ruleset, settings and version that made it.
//
// The metadata must not depend on which shard wrote the file: the shards of a run and the run made in one go
// write byte-identical tables (merge.ts), so `shard` is recorded as null, as an unsharded run has it.
import { codeVersion, type CodeVersion } from './manifest.ts';

/** The schema metadata of table `table` written by `perlagg <command>` with these settings. */
export function tableMetadata(table: string, command: string, settings: Readonly<Record<string, unknown>>, code: CodeVersion = codeVersion()): Record<string, string> {
  const neutral = 'shard' in settings ? { ...settings, shard: null } : settings;
  const m: Record<string, string> = {
    'perlagg.table': table,
    'perlagg.command': command,
  };
  if (settings['seed'] !== undefined) m['perlagg.seed'] = String(settings['seed'] as number | string);
  if (typeof settings['ruleset'] === 'string') m['perlagg.ruleset'] = settings['ruleset'];
  m['perlagg.settings'] = JSON.stringify(neutral);
  m['perlagg.version'] = `perlagg ${code.package} (commit ${code.commit})`;
  return m;
}
