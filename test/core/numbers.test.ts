// One minus sign throughout (issue 29, item 8): what people read writes a negative number with U+2212 (−),
// what machines read (--json, the tables, the manifest) keeps JSON's ASCII '-'. The helpers, then the
// outputs of a run whose A − B is negative for certain (random against simple): the summary and the
// fastchess line, the charts' text, and --json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MINUS, fixed, int, plain, signed } from '../../src/core/numbers.ts';
import { formatInterval } from '../../src/stats/intervals.ts';
import { formatPaired, pairAccOf, pairedEstimate } from '../../src/stats/paired.ts';
import { formatPairReport, pairReport } from '../../src/stats/report.ts';
import { perlaggStreams } from '../in-process.ts';
import { scratchDir } from '../scratch.ts';

/** A negative number written with ASCII '-' (as a sign: not inside a word, a range or a date). */
const ASCII_NEGATIVE = /(^|[\s[(=,:;/±])-[\d.∞]/m;

describe('the helpers', () => {
  it('write negatives with U+2212 and keep everything else as toFixed / toLocaleString would', () => {
    expect(MINUS).toBe('\u2212');
    expect(fixed(-0.25, 2)).toBe('−0.25');
    expect(fixed(0.25, 3)).toBe('0.250');
    expect(fixed(-Infinity, 2)).toBe('−∞');
    expect(fixed(Infinity, 2)).toBe('∞');
    expect(fixed(Number.NaN, 2)).toBe('NaN');
    expect(signed(1.5, 1)).toBe('+1.5');
    expect(signed(-1.5, 1)).toBe('−1.5');
    expect(signed(0, 2)).toBe('+0.00');
    expect(signed(-3, 0)).toBe('−3');
    expect(int(-12345.4)).toBe('−12,345');
    expect(int(12345)).toBe('12,345');
    expect(plain(-0.5)).toBe('−0.5');
    expect(plain(1e-7)).toBe('1e-7');
  });

  it('the statistics formatters print for people', () => {
    expect(formatInterval({ estimate: -0.5, low: -0.75, high: -0.25, halfWidth: 0.25, n: 10, se: 0.1 } as never, 2)).toBe('−0.50 [−0.75, −0.25]');
    const e = pairedEstimate(pairAccOf([-1, -2, -3, 0]), { kind: 'difference' });
    expect(formatPaired(e, { digits: 2 })).toBe('−1.50 [−3.55, 0.55]');
    expect(formatPaired(pairedEstimate(pairAccOf([-0.5, -0.5]), { kind: 'difference' }))).toBe('constant (difference −0.5 in all 2 pairs)');
    const lines = formatPairReport(pairReport({ margins: pairAccOf([-1, -2, -3, 0]) }));
    expect(lines[0]).toMatch(/^Points: −1\.50+ ± /);
    expect(lines.join('\n')).not.toMatch(ASCII_NEGATIVE);
  });
});

describe('a run people read and a run machines read', () => {
  const dir = scratchDir('minus');
  const perlagg = (...args: string[]) => perlaggStreams(args, { env: { PERLAGG_DEBUG: '' } });

  it('simulate: the summary, the A − B line and the charts use U+2212; --json keeps numbers', async () => {
    const out = join(dir, 'run');
    const args = ['simulate', '--mode', 'hands', '-n', '40', '--policies', 'random,simple', '--duplicate', '-w', '0', '-q'];
    const text = await perlagg(...args, '--out', out);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^Points: −\d+\.\d{4} ± .* a deal \[−/m); // random loses to simple by points a deal
    expect(text.stdout).toContain(MINUS);
    expect(text.stdout).not.toMatch(ASCII_NEGATIVE);
    for (const chart of ['metrics', 'duplicate']) {
      const svg = readFileSync(join(out, 'charts', `${chart}.svg`), 'utf8');
      const words = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g), ...svg.matchAll(/aria-label="([^"]*)"/g)].map((m) => m[1]).join('\n');
      expect(words, chart).toContain(MINUS);
      expect(words, chart).not.toMatch(ASCII_NEGATIVE);
    }
    const json = await perlagg(...args, '--json');
    expect(json.code, json.stderr).toBe(0);
    expect(json.stdout).not.toContain(MINUS);
    const summary = JSON.parse(json.stdout) as { metrics: Record<string, { estimate: number }> };
    expect(summary.metrics['a_minus_b']!.estimate).toBeLessThan(0);
    expect(readFileSync(join(out, 'manifest.json'), 'utf8')).not.toContain(MINUS + '0'); // JSON numbers, not text
  });
});
