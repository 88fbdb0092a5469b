// tune says when a tuned parameter ends at an end of its range (issue 26, item 8: 3 of 4 did for simple),
// and how to widen the range when it can be widened.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { boundHitLine, boundsHit, tuneParams } from '../../src/tune/params.ts';
import { resolvePolicy } from '../../src/registry/policies.ts';
import { perlaggStreams } from '../in-process.ts';

const BLUNDER = join(import.meta.dirname, 'fixtures', 'blunder.ts');

describe('a tuned parameter at a bound', () => {
  it('whole numbers rounded onto an end, reals within c_end of one; inside the range: no note', async () => {
    const { factory, options } = await resolvePolicy('simple{holdSlack=2}');
    const params = tuneParams(factory, options, 'holdSlack:0:8,spielTricks,gleichRank');
    const hits = boundsHit(factory, params, [0.4, 2.6, 4]);
    expect(hits.map((h) => [h.name, h.side, h.value, h.declaredLimit])).toEqual([
      ['holdSlack', 'min', 0, true],
      ['spielTricks', 'max', 3, true],
    ]);
    // holdSlack at the top of a narrowed range [0, 8] of the declared [0, 16]: the note says how to widen it
    const top = boundsHit(factory, params, [7.6, 2, 4]);
    expect(top).toHaveLength(1);
    expect(top[0]!.declaredLimit).toBe(false);
    const line = boundHitLine(top[0]!, factory.name, params);
    expect(line).toMatch(/^holdSlack ended at the upper end of its range \(8, range \[0, 8\]\)/);
    expect(line).toContain('--params holdSlack:0:16,spielTricks:1:3,gleichRank:1:8');
    // at the policy's own limit it says that no wider range exists
    expect(boundHitLine(hits[1]!, factory.name, params)).toContain("simple's declared limit for spielTricks ([1, 3])");
    const b = await resolvePolicy(BLUNDER);
    const bp = tuneParams(b.factory, b.options, 'blunder:0:1:0.1:0.1');
    expect(boundsHit(b.factory, bp, [0.09])).toHaveLength(1);
    expect(boundsHit(b.factory, bp, [0.11])).toHaveLength(0);
  });

  it('perlagg tune prints the note and --json lists it (the blunder rate, best at 0, in a range starting at 0.2)', async () => {
    const r = await perlaggStreams(['tune', '--policy', BLUNDER, '--params', 'blunder:0.2:1:0.1:0.1', '-n', '120', '--confirm', 'none', '-w', '0', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const j = JSON.parse(r.stdout) as { values: { blunder: number }; atBound: Array<{ name: string; side: string; bound: number; declaredLimit: boolean }> };
    expect(j.values.blunder).toBeLessThan(0.3);
    expect(j.atBound).toEqual([expect.objectContaining({ name: 'blunder', side: 'min', bound: 0.2, declaredLimit: false })]);
    const t = await perlaggStreams(['tune', '--policy', BLUNDER, '--params', 'blunder:0.2:1:0.1:0.1', '-n', '120', '--confirm', 'none', '-w', '0', '-q']);
    expect(t.stdout).toMatch(/note: blunder ended at the lower end of its range \(0\.2, range \[0\.2, 1\]\): the best value may lie beyond; widen it \(up to the declared \[0, 1\]\): --params blunder:0:1\./);
  });
});
