// Every experiment of RULES §16 (H-01 … H-42), and the hypotheses declared not testable. One file per
// family sharing a design: general.ts (H-01 … H-21), holding.ts (H-24 … H-34), end.ts (H-35 … H-41), talk.ts (the advice on signs and table talk).
import type { Experiment, NotTestable } from '../src/experiments/types.ts';
import { general } from './general.ts';
import { holding } from './holding.ts';
import { end } from './end.ts';
import { talk } from './talk.ts';
import { notTestable } from './not-testable.ts';

const byId = (a: { id: string }, b: { id: string }): number => a.id.localeCompare(b.id, 'en', { numeric: true });

export const EXPERIMENTS: readonly Experiment[] = [...general, ...holding, ...end, ...talk].sort(byId);
export const NOT_TESTABLE: readonly NotTestable[] = [...notTestable].sort(byId);
