// Golden playthroughs of Bieten (GUIDE guideline 13): readable seeded transcripts regenerated and diffed in CI
// like the Perlaggen ones. UPDATE_PLAYTHROUGHS=1 rewrites them.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bietenGameTranscript, bietenPlayTranscript } from '../../src/play/bieten.ts';
import { replayFile } from '../../src/cli/replay.ts';
import { perlaggStreams } from '../in-process.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const DIR = join(ROOT, 'test', 'playthroughs');

function golden(name: string, text: string): void {
  const file = join(DIR, name);
  if (process.env['UPDATE_PLAYTHROUGHS'] === '1' || !existsSync(file)) writeFileSync(file, text);
  expect(text).toBe(readFileSync(file, 'utf8'));
}

describe('Bieten playthroughs', () => {
  it('bieten.txt: perlagg play --game bieten --players 4 --seed 17', async () => {
    golden('bieten.txt', await bietenPlayTranscript({ ruleset: 'bieten', seed: 17, players: 4, deal: 0 }));
  });

  it('bieten-partie.txt: perlagg play --game bieten --players 3 --seed 1926 --partie --policies plain,random,plain', async () => {
    const text = await bietenGameTranscript({ ruleset: 'bieten', seed: 1926, players: 3, deal: 0, partie: 0, policies: ['plain', 'random', 'plain'] });
    golden('bieten-partie.txt', text);
    expect(text).toMatch(/hat verloren: ein Noggerl/);
  });

  it('bieten-worked-game.txt: perlagg replay examples/bieten-worked-game.txt', () => {
    golden('bieten-worked-game.txt', replayFile('examples/bieten-worked-game.txt'));
  });

  it('the command prints the same transcript; bad Bieten input exits 2 with one line', async () => {
    // the command line in this process (test/in-process.ts): what it prints and its exit code
    const ok = await perlaggStreams(['play', '--game', 'bieten', '--players', '4', '--seed', '17'], { cwd: ROOT });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe(readFileSync(join(DIR, 'bieten.txt'), 'utf8'));
    const bad = await perlaggStreams(['play', '--game', 'bieten', '--ruleset', 'bieten{target=x}'], { cwd: ROOT });
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/invalid ruleset override target=x: expected a whole number/);
  });
});
