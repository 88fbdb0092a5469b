// npm run bench on a busy machine (issue 29, item 4): missed targets there said "FAIL … exit 1", telling a
// user his install was broken when his machine was only busy. A busy machine — load average above its CPUs,
// or repeats of one loop far apart — gets BUSY with the figures that show it, and exit 0; a quiet one keeps
// the verdict.
import { describe, expect, it } from 'vitest';
import { runBenches } from '../../bench/run.ts';
import { busyReason } from '../../bench/lib.ts';

const missing = async () => ({ run: async () => ({ targets: { speed: { min: 1e6, pass: false } } }) });
const meeting = async () => ({ run: async () => ({ targets: { speed: { min: 1e6, pass: true } } }) });

describe('bench verdict on a busy machine', () => {
  it('busyReason names the load and the spread, null when quiet', () => {
    expect(busyReason({ load: 0.5, cpus: 2, spread: 0.1 })).toBeNull();
    expect(busyReason({ load: 38.2, cpus: 2, spread: 0.1 })).toBe('load average 38.2 on 2 CPUs');
    expect(busyReason({ load: 0.5, cpus: 2, spread: 0.62 })).toBe('repeats of one loop 62% apart');
    expect(busyReason({ load: 3, cpus: 1, spread: null })).toBe('load average 3.0 on 1 CPU');
  });

  it('targets missed on a busy machine: BUSY, exit 0; on a quiet one: FAIL, exit 1; met: PASS', async () => {
    const lines: string[] = [];
    const log = (l: string) => lines.push(l);
    expect(await runBenches(['evaluator'], missing, log, () => ({ load: 40, cpus: 2, spread: 0.8 }))).toBe(0);
    expect(lines.at(-1)).toMatch(/^BUSY: the machine was busy \(load average 40\.0 on 2 CPUs, repeats of one loop 80% apart\); 1 of 1 targets missed \(evaluator\.speed/);
    expect(await runBenches(['evaluator'], missing, log, () => ({ load: 0.2, cpus: 2, spread: 0.05 }))).toBe(1);
    expect(lines.at(-1)).toMatch(/^FAIL: 1 of 1 targets missed/);
    expect(await runBenches(['evaluator'], meeting, log, () => ({ load: 40, cpus: 2, spread: 0.8 }))).toBe(0);
    expect(lines.at(-1)).toMatch(/^PASS/);
  });
});
