// simulate(): the Monte Carlo runner (src/runner/runner.ts) as a function, the options of `perlagg simulate`
// as one object (simulate-options.ts), and its summary as data. Policies may be names, file paths or policy
// objects (policies.ts). simulateStream (stream.ts) runs the same run and hands over its batches as they are
// committed.
import { runSimulation } from '../runner/runner.ts';
import { simulationRun } from './run.ts';
import type { SimulateOptions, SimulationSummary } from './simulate-options.ts';

export type { SimulateOptions, SimulationSummary, MetricEstimate } from './simulate-options.ts';

/** Run a simulation (what `perlagg simulate` runs) and return its summary. Bad options throw a one-line UsageError. */
export async function simulate(o: SimulateOptions = {}): Promise<SimulationSummary> {
  const { run, summary } = simulationRun(o);
  return summary(await runSimulation(run));
}
