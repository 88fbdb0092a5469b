// What `perlagg simulate` prints for a comparison (issue 12, deliverable 1): the SPRT's stop with the plain
// mean labelled biased and the corrected estimate beside it, the counts named (deals, hands, pairs), an A/A
// run reported identical; and the new options' bad input (one line, exit 2).
import { describe, expect, it } from 'vitest';
import { perlaggStreams } from '../in-process.ts';

const perlagg = perlaggStreams;

describe('perlagg simulate: a comparison in words', () => {
  it('an SPRT: where it decided, the plain mean labelled biased, the corrected estimate; deals and hands counted apart', async () => {
    const r = await perlagg(['simulate', '-r', '1853', '-s', '5', '--mode', 'hands', '--policies', 'simple,random', '--duplicate', '--sprt', '0,0.4', '-w', '0', '-q']);
    expect(r.code, r.stderr).toBe(0);
    const n = Number(/^([\d,]+) deals, each played in both seatings \(([\d,]+) hands\)/m.exec(r.stdout)![1]!.replace(/,/g, ''));
    expect(r.stdout).toMatch(new RegExp(`\\(${(2 * n).toLocaleString('en-US')} hands\\)`));
    expect(r.stdout).toMatch(/stopped by: the SPRT/);
    expect(r.stdout).toMatch(new RegExp(`H1 accepted at deal pair ${n} \\(deal ${n - 1}\\)`));
    expect(r.stdout).toMatch(/Sample mean at the stop \(biased toward the accepted hypothesis\): /);
    expect(r.stdout).toMatch(/Corrected \(median-unbiased\) estimate: −?\d\.\d{4} \[−?\d\.\d{4}, −?\d\.\d{4}\]/);
    expect(r.stdout).toMatch(/Points: \+\d\.\d{4} ± \d\.\d{4} a deal .* n = [\d,]+ deal pairs/);
    expect(r.stdout).toMatch(/│ a_minus_b_single .*│ [\d,]+ hands/);
    const j = JSON.parse((await perlagg(['simulate', '-r', '1853', '-s', '5', '--mode', 'hands', '--policies', 'simple,random', '--duplicate', '--sprt', '0,0.4', '-w', '0', '--json'])).stdout) as { sprt: { verdict: string; decidedAt: number; corrected: { estimate: number } }; dealsDone: number; metrics: Record<string, { counts: string; kind: string }> };
    expect(j.sprt.verdict).toBe('H1');
    expect(j.sprt.decidedAt).toBe(j.dealsDone);
    expect(j.dealsDone).toBe(n);
    expect(j.metrics['decisions']).toMatchObject({ counts: 'deal pairs', kind: 'interval' });
  });

  it('A/A with shared streams: identical, by construction', async () => {
    const r = await perlagg(['simulate', '--mode', 'hands', '-n', '30', '--policies', 'passive,passive', '--duplicate', '-w', '0', '-q']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/identical \(difference 0 in all/);
    expect(r.stdout).toMatch(/exactly 0 in every pair by construction/);
    expect(r.stdout).not.toMatch(/variance ratio/);
  });

  const bad: Array<[string[], RegExp]> = [
    [['simulate', '--mode', 'hands', '-n', '10', '--independent-streams'], /^--independent-streams goes with --duplicate$/],
    [['simulate', '-n', '10', '--detail'], /^--detail adds cards and bids to hands\.arrow: use it with --mode hands or --partien$/],
    [['simulate', '--mode', 'hands', '--policies', 'simple,simple', '--duplicate', '--sprt', '0,0.1'], /SPRT can never decide/],
    [['simulate', '--mode', 'hands', '-n', '100', '--sprt', '0,0.1', '--shard', '0/2'], /^--sprt decides on the whole sequence of deals/],
    [['simulate', '--mode', 'hands', '-n', '10', '--hand', '0=HK', '--hand', '1=HK'], /HK is fixed twice/],
    [['simulate', '--partien', '5', '--trump', 'E'], /--trump E: not a trump suit of oberland/],
  ];
  for (const [args, msg] of bad) {
    it(`bad input: ${args.join(' ')}`, async () => {
      const r = await perlagg(args);
      expect(r.code).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]!.replace(/^perlagg: /, '')).toMatch(msg);
    });
  }
});
