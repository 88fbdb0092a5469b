// Experiment charts keep their arm labels readable (issue 29, item 8): a long label was cut at 57 characters
// with "…"; now it is wrapped onto lines of its own (the interval panel draws a label of several lines), and
// every word of it stays.
import { describe, expect, it } from 'vitest';
import { wrapLabel } from '../../src/experiments/chart.ts';

describe('wrapLabel', () => {
  it('wraps at spaces into lines of at most 48 characters, never cuts or drops a word', () => {
    const label = 'simple{holdSlack=2,spielTricks=2} against author1853 at the table of the author, hands with bidding and talk';
    const lines = wrapLabel(label);
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(48);
    expect(lines.join(' ')).toBe(label);
    expect(lines.join('')).not.toContain('…');
    expect(wrapLabel('short')).toEqual(['short']);
    expect(wrapLabel('')).toEqual(['']);
    const long = 'x'.repeat(60);
    expect(wrapLabel(`a ${long} b`)).toEqual(['a', long, 'b']);
  });
});
