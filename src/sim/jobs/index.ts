// The jobs a simulation can run, by mode.
import { SimSpecError, type Job, type SimSpec } from '../job.ts';
import { createFiguresJob } from './figures.ts';
import { createHandsJob } from './hands.ts';
import { createPartienJob } from './partien.ts';

export async function createJob(spec: SimSpec): Promise<Job> {
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
