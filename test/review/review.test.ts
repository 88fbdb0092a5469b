// perlagg review (issue 27 item 4): a planted blunder is marked, the classes follow the documented thresholds,
// a bad file is one line and exit 2, and --out writes review.arrow with the documented columns.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { THRESHOLDS, classOf, reviewGame, summarize } from '../../src/review/index.ts';
import { REVIEW_COLUMNS } from '../../src/results/schema.ts';
import { readArrowFileBatches } from '../../src/results/ipc-file.ts';
import { perlagg } from '../in-process.ts';
import { scratchDir } from '../scratch.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const BLUNDER = join(ROOT, 'examples', 'perlaggen-oberland-blunder.txt');
const HAND = join(ROOT, 'examples', 'perlaggen-oberland-hand.txt');

describe('a recorded game with a planted blunder', () => {
  it('marks P1 throwing E8 where SA wins the trick: best SA, bad or very bad', () => {
    const r = reviewGame(readFileSync(BLUNDER, 'utf8'), { worlds: 100, seed: 3, seats: [0] }, BLUNDER);
    expect(r.decisions.every((d) => d.seat === 0)).toBe(true);
    const d = r.decisions.find((x) => x.taken === 'play E8');
    expect(d).toBeDefined();
    expect(d!.trick).toBe(1);
    expect(d!.best).toBe('play SA');
    expect(d!.lostPoints!).toBeGreaterThanOrEqual(THRESHOLDS.points.bad);
    expect(['bad', 'very bad']).toContain(d!.class);
    // the summary counts it
    const p1 = r.summary[0]!;
    expect(p1.decisions).toBe(r.decisions.length);
    expect(p1.bad + p1.veryBad).toBeGreaterThanOrEqual(1);
    expect(p1.lostPoints).toBeGreaterThanOrEqual(d!.lostPoints!);
  });

  it("prices bids against sound answers by default; --answers simple counts simple's holes as P1's gain", () => {
    const text = readFileSync(BLUNDER, 'utf8');
    const sound = reviewGame(text, { worlds: 60, seed: 3, seats: [0] }, BLUNDER);
    const asSimple = reviewGame(text, { worlds: 60, seed: 3, seats: [0], answers: 'simple' }, BLUNDER);
    expect(sound.answers).toBe('perfect');
    expect(asSimple.answers).toBe('simple');
    // P1's first pass (before looking at his cards): against simple's answers a bid of all three wins what
    // simple lets gut, so the pass is very bad; answered soundly it costs far less
    const first = (r: typeof sound) => r.decisions.find((x) => x.index === 0)!;
    expect(first(asSimple).taken).toBe('pass');
    expect(first(asSimple).class).toBe('very bad');
    expect(first(sound).lostPoints!).toBeLessThan(first(asSimple).lostPoints! - 0.5);
    // the cards' rows are the same either way
    const e8 = (r: typeof sound) => r.decisions.find((x) => x.taken === 'play E8')!.lostPoints;
    expect(e8(sound)).toBeCloseTo(e8(asSimple)!, 9);
  });
});

describe('the classes', () => {
  it('follow the documented thresholds: points 0.25 / 0.5 / 1, P(win) 2 / 4 / 8 pp', () => {
    expect(THRESHOLDS.points).toEqual({ doubtful: 0.25, bad: 0.5, veryBad: 1 });
    expect(THRESHOLDS.pwin).toEqual({ doubtful: 0.02, bad: 0.04, veryBad: 0.08 });
    expect(classOf(0, null, 'points')).toBe('best');
    expect(classOf(0.24, null, 'points')).toBe('fine');
    expect(classOf(0.25, null, 'points')).toBe('doubtful');
    expect(classOf(0.49, null, 'points')).toBe('doubtful');
    expect(classOf(0.5, null, 'points')).toBe('bad');
    expect(classOf(1, null, 'points')).toBe('very bad');
    expect(classOf(null, null, 'points')).toBe('by rule');
    // where the Partie is the aim, P(win) decides, not the points
    expect(classOf(3, 0.01, 'partie')).toBe('fine');
    expect(classOf(0, 0.02, 'partie')).toBe('doubtful');
    expect(classOf(0, 0.05, 'partie')).toBe('bad');
    expect(classOf(0, 0.08, 'partie')).toBe('very bad');
  });

  it('are counted per seat by summarize', () => {
    const base = { deal: 1, index: 0, party: 0, phase: 'play', trick: 0, taken: 'a', best: 'b', options: 2, objective: 'points' as const, takenPoints: 0, bestPoints: 0, lostPwin: null, worlds: 10 };
    const s = summarize([
      { ...base, seat: 1, lostPoints: 0.3, class: 'doubtful' },
      { ...base, seat: 1, lostPoints: 2, class: 'very bad' },
      { ...base, seat: 0, lostPoints: 0, class: 'best' },
    ], 2);
    expect(s[1]).toMatchObject({ decisions: 2, doubtful: 1, bad: 0, veryBad: 1 });
    expect(s[1]!.lostPoints).toBeCloseTo(2.3);
    expect(s[0]).toMatchObject({ decisions: 1, lostPoints: 0, veryBad: 0 });
  });
});

describe('bad input', () => {
  const dir = scratchDir('review-bad');
  const file = (name: string, text: string) => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  const cases: Array<[string, string[], RegExp]> = [
    ['a missing file', [join(dir, 'nothing.txt')], /cannot read .*nothing\.txt: ENOENT/],
    ['an empty file', [file('empty.txt', '')], /empty\.txt line 1: the file is empty/],
    ['a Bieten recording', [join(ROOT, 'examples', 'bieten-worked-game.txt')], /line \d+: review reads Perlaggen recordings/],
    ['a card the player does not hold', [file('wrong.txt', readFileSync(HAND, 'utf8').replace('P1 play HA', 'P1 play E10'))], /wrong\.txt line \d+: .*P1 does not hold E10/],
    ['--worlds 0', [HAND, '--worlds', '0'], /--worlds "0": must be a whole number/],
    ['--seat P9', [HAND, '--seat', 'P9'], /--seat "P9": name seats as P1/],
    ['--seat P5 at a table of four', [HAND, '--seat', 'P5', '--worlds', '2'], /--seat: the recorded table has seats P1\.\.P4/],
  ];
  for (const [what, args, message] of cases) {
    it(`${what}: one line, exit 2`, async () => {
      const r = await perlagg('review', ...args);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      expect(r.err.trim().split('\n')).toHaveLength(1);
      expect(r.err).toMatch(message);
    });
  }
});

describe('--out', () => {
  it('writes review.arrow with the documented columns, a manifest and the chart; another result is refused', async () => {
    const out = join(scratchDir('review-out'), 'r');
    const r = await perlagg('review', HAND, '--worlds', '4', '--seat', 'P3', '--out', out, '--json');
    expect(r.code).toBe(0);
    const review = JSON.parse(r.out) as { decisions: Array<{ seat: number; taken: string; class: string }> };
    expect(review.decisions.length).toBeGreaterThan(3);
    const batches = [...readArrowFileBatches(join(out, 'review.arrow'))];
    expect(batches[0]!.schema.fields.map((f) => f.name)).toEqual(REVIEW_COLUMNS.map((c) => c.name));
    expect(batches.reduce((n, b) => n + b.numRows, 0)).toBe(review.decisions.length);
    const taken = batches.flatMap((b) => Array.from({ length: b.numRows }, (_, i) => String(b.getChild('taken')!.get(i))));
    expect(taken).toEqual(review.decisions.map((d) => d.taken));
    expect(batches.every((b) => Array.from({ length: b.numRows }, (_, i) => b.getChild('seat')!.get(i)).every((s) => s === 2))).toBe(true);
    const m = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as { command: string; parameters: { worlds: number }; summary: unknown[] };
    expect(m.command).toBe('review');
    expect(m.parameters.worlds).toBe(4);
    expect(m.summary).toHaveLength(4);
    expect(existsSync(join(out, 'charts', 'review.svg'))).toBe(true);
    // a different review into the same folder: refused, the first kept
    const again = await perlagg('review', HAND, '--worlds', '5', '--seat', 'P3', '--out', out);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/already holds a result with a different worlds/);
    expect(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')).parameters.worlds).toBe(4);
  });
});
