// Runs the benches: all of them (`npm run bench`) or those named (`npm run bench -- evaluator`).
// Each bench module exports `run(): Promise<object>` (its JSON summary) and prints its own table. A summary's
// `targets` ({ name: { min, pass } }) are the speed targets: the run ends with their verdict and exits 1 when
// one failed (2 for an unknown bench name), so CI and scripts can rely on the exit code — unless the machine
// was busy (load average above its CPUs, or repeats of a loop far apart): then the missed targets say nothing
// about the install, the run says BUSY with the load and the spread, and exits 0.
import { busyReason, failedTargets, isMain, machineState, type MachineState } from './lib.ts';

export const BENCHES = ['evaluator', 'runner', 'hands', 'policies', 'playout'] as const;

export interface BenchModule {
  run(): Promise<object>;
}

/** Run the named benches (all when none are named) and return the exit code: 0 all targets met (or missed on a busy machine), 1 one missed, 2 an unknown name. */
export async function runBenches(asked: readonly string[], load: (name: string) => Promise<BenchModule> = (name) => import(`./${name}.ts`) as Promise<BenchModule>, log: (line: string) => void = (l) => console.log(l), machine: () => MachineState = machineState): Promise<number> {
  const unknown = asked.filter((a) => !(BENCHES as readonly string[]).includes(a));
  if (unknown.length > 0) {
    console.error(`unknown bench: ${unknown.join(', ')} (known: ${BENCHES.join(', ')})`);
    return 2;
  }
  const names = asked.length > 0 ? asked : [...BENCHES];
  const failed: string[] = [];
  let targets = 0;
  for (const [i, name] of names.entries()) {
    if (i > 0) log('');
    const summary = await (await load(name)).run();
    targets += Object.keys((summary as { targets?: object }).targets ?? {}).length;
    failed.push(...failedTargets(name, summary));
  }
  log('');
  const busy = busyReason(machine());
  if (failed.length > 0 && busy !== null) {
    log(`BUSY: the machine was busy (${busy}); ${failed.length} of ${targets} targets missed (${failed.join('; ')}) say nothing about this install — run again on a quiet machine for a verdict`);
    return 0;
  }
  if (failed.length > 0) {
    log(`FAIL: ${failed.length} of ${targets} targets missed: ${failed.join('; ')}`);
    return 1;
  }
  log(`PASS: all ${targets} targets met (${names.join(', ')})`);
  return 0;
}

if (isMain(import.meta.url)) process.exitCode = await runBenches(process.argv.slice(2));
