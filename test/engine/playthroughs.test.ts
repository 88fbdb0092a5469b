// Golden playthroughs (GUIDE guideline 13): one readable seeded transcript per ruleset (4 players, simple
// policies), regenerated and diffed. UPDATE_PLAYTHROUGHS=1 rewrites them.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { partieTranscript, playTranscript } from '../../src/cli/play.ts';
import { perlaggStreams } from '../in-process.ts';

const DIR = join(import.meta.dirname, '..', 'playthroughs');
const CASES = [
  { ruleset: '1853', seed: 1853, deal: 0 },
  { ruleset: 'oberland', seed: 15, deal: 0 },
  { ruleset: 'suedtirol', seed: 18, deal: 0 },
  { ruleset: 'innsbruck', seed: 1924, deal: 0 },
];

describe('playthroughs', () => {
  for (const c of CASES) {
    it(`${c.ruleset}: perlagg play --ruleset ${c.ruleset} --seed ${c.seed}`, async () => {
      const text = await playTranscript({ ruleset: c.ruleset, seed: c.seed, players: 4, deal: c.deal });
      const file = join(DIR, `${c.ruleset}.txt`);
      if (process.env['UPDATE_PLAYTHROUGHS'] === '1' || !existsSync(file)) writeFileSync(file, text);
      expect(text).toBe(readFileSync(file, 'utf8'));
    });
  }

  for (const c of CASES) {
    it(`${c.ruleset}: perlagg play --ruleset ${c.ruleset} --seed ${c.seed} --partie (a whole Partie and its score sheet)`, async () => {
      const text = await partieTranscript({ ruleset: c.ruleset, seed: c.seed, players: 4, deal: 0, partie: 0 });
      const file = join(DIR, `${c.ruleset}-partie.txt`);
      if (process.env['UPDATE_PLAYTHROUGHS'] === '1' || !existsSync(file)) writeFileSync(file, text);
      expect(text).toBe(readFileSync(file, 'utf8'));
      expect(text).toMatch(/Schreibtafel/);
    });
  }

  it('the command prints the same transcript; an unknown ruleset or policy exits 2 with one line', async () => {
    // the command line in this process (test/in-process.ts): what it prints and its exit code
    const ok = await perlaggStreams(['play', '--ruleset', 'innsbruck', '--seed', '1924']);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe(readFileSync(join(DIR, 'innsbruck.txt'), 'utf8'));
    const bad = await perlaggStreams(['play', '--ruleset', 'nowhere']);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/unknown ruleset "nowhere"/);
    const badPolicy = await perlaggStreams(['play', '--policies', 'simple,clever,simple,simple']);
    expect(badPolicy.code).toBe(2);
    expect(badPolicy.stderr).toMatch(/unknown policy "clever"/);
  });
});
