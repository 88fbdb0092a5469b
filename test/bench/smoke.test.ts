// Every in-process bench runs to its end and reports its summary (PERLAGG_BENCH_SMOKE=1: a few milliseconds a
// contender, so the figures mean nothing and no speed is asserted — GUIDE: targets are met in bench/, never in
// tests). It catches a bench that no longer runs (bench/hands.ts once looked up a contender by a name that had
// changed and crashed after printing its table). The runner bench is left out: it starts worker pools and
// runs real jobs for minutes; `npm run bench -- runner` runs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BenchModule, BENCHES } from '../../bench/run.ts';
const IN_PROCESS = BENCHES.filter((b) => b !== 'runner');

describe('benches run to their end (smoke)', () => {
  let before: string | undefined;
  let log: typeof console.log;
  beforeAll(() => {
    before = process.env['PERLAGG_BENCH_SMOKE'];
    process.env['PERLAGG_BENCH_SMOKE'] = '1';
    log = console.log;
    console.log = () => {};
  });
  afterAll(() => {
    console.log = log;
    if (before === undefined) delete process.env['PERLAGG_BENCH_SMOKE'];
    else process.env['PERLAGG_BENCH_SMOKE'] = before;
  });
  it.each(IN_PROCESS)('%s returns its summary with well-formed targets', async (name) => {
    const mod = (await import(`../../bench/${name}.ts`)) as BenchModule;
    const summary = (await mod.run()) as { targets?: Record<string, { min?: unknown; pass?: unknown }> };
    expect(typeof summary).toBe('object');
    for (const [t, v] of Object.entries(summary.targets ?? {})) {
      expect(typeof v.min, `${name}.${t}.min`).toBe('number');
      expect(typeof v.pass, `${name}.${t}.pass`).toBe('boolean');
    }
    if (name === 'hands' || name === 'playout' || name === 'evaluator') expect(Object.keys(summary.targets ?? {}).length).toBeGreaterThan(0);
  });
});
