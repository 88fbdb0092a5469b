// The tune progress bar's ETA (issue 29, item 4): it was "0s" from 2% — the bar started at the first
// iteration's report with no pace yet. Now runTune reports where it starts, before the first iteration, and
// the ETA comes from this session's own pace: '…' until one is known, never 0s before the end.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { etaText } from '../../src/cli/tune.ts';
import { runTune } from '../../src/tune/tune.ts';
import type { TuneProgress } from '../../src/tune/options.ts';

describe('tune progress', () => {
  it('etaText: the pace so far, never 0s with pairs left', () => {
    expect(etaText(0, 0, 400)).toBe('…');
    expect(etaText(8, 0, 392)).toBe('…');
    expect(etaText(8, 1000, 392)).toBe('49s');
    expect(etaText(8, 1000, 8 * 200)).toBe('3m20s');
    expect(etaText(1, 1000, 7500)).toBe('2h05m');
    expect(etaText(8, 1, 1)).toBe('1s');
    expect(etaText(400, 5000, 0)).toBe('0s');
  });

  it('runTune reports its start before the first iteration, then every iteration', async () => {
    const seen: TuneProgress[] = [];
    await runTune({
      policy: join(import.meta.dirname, 'fixtures', 'blunder.ts'), params: 'blunder:0:1:0.1:0.1', against: null, mode: 'hands', ruleset: 'oberland', players: 4, seed: 2,
      pairs: 12, block: 4, commitEvery: 3, confirm: null, workers: 0, out: null, resume: false, onProgress: (p) => seen.push(p),
    });
    expect(seen.map((p) => [p.pairsDone, p.iteration])).toEqual([[0, 0], [4, 1], [8, 2], [12, 3]]);
  });
});
