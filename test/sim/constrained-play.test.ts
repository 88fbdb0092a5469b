// Issue 14, deliverable 5: --hand, --trump and --where in every mode ("given this hand, how do we fare in
// play?"), the fixed seats' summaries apart from the others, and the cards-and-bids columns (--detail).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tableFromIPC } from 'apache-arrow';
import { runSimulation, type RunOptions } from '../../src/runner/runner.ts';
import type { SimSpec } from '../../src/sim/job.ts';
import { playDeal } from '../../src/play/hand.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { bidHistoryText } from '../../src/engine/bid-text.ts';
import { resolvePolicy } from '../../src/registry/policies.ts';
import { faceUpText } from '../../src/games/perlaggen/columns.ts';
import { scratchDir } from '../scratch.js';

const tmp = () => scratchDir('con');
const spec = (over: Partial<SimSpec>): SimSpec => ({ mode: 'hands', ruleset: 'oberland', players: 4, policies: ['simple'], seed: 3, constraints: { hands: {}, trump: null, predicate: null }, detail: true, ...over });
const base = (over: Partial<RunOptions>): RunOptions => ({ spec: spec({}), deals: 60, batchSize: 25, workers: 0, out: null, resume: false, shard: null, untilCi: null, timeBudgetMs: null, ...over });
const table = (dir: string, t = 'hands') => tableFromIPC(readFileSync(join(dir, `${t}.arrow`)));
const col = (t: ReturnType<typeof table>, c: string): unknown[] => [...t.getChild(c)!.toArray()];

/**
 * Rows in which the seat holds every fixed card at the first lead; in every row it holds all but at most one
 * (an exchange gives one card for the turned-up Perlagg: the fixed hand is the hand as dealt).
 */
function heldAtLead(t: ReturnType<typeof table>, seat: number, fixed: readonly string[]): number {
  let all = 0;
  for (const cards of col(t, `s${seat}_cards`) as string[]) {
    const have = fixed.filter((c) => cards.split(' ').includes(c)).length;
    expect(have, cards).toBeGreaterThanOrEqual(fixed.length - 1);
    if (have === fixed.length) all++;
  }
  return all;
}

describe('constraints in played hands', () => {
  it('--hand: the fixed seat holds its cards in every hand (as dealt); the same bytes for 0 and 2 workers; its party apart', async () => {
    const s = spec({ constraints: { hands: { '1': ['HK', 'Weli'] }, trump: null, predicate: null } });
    const outs = [join(tmp(), 'a'), join(tmp(), 'b')];
    const r = await runSimulation(base({ spec: s, out: outs[0]! }));
    await runSimulation(base({ spec: s, out: outs[1]!, workers: 2 }));
    expect(readFileSync(join(outs[0]!, 'hands.arrow')).equals(readFileSync(join(outs[1]!, 'hands.arrow')))).toBe(true);
    const t = table(outs[0]!);
    expect(t.numRows).toBe(60);
    // the cards at the first lead: an exchange may have given one of them for the turned-up Perlagg
    expect(heldAtLead(t, 1, ['HK', 'Weli'])).toBeGreaterThanOrEqual(55);
    // seat 1's party is party 1: its points and margin are party 1's
    const p1 = col(t, 'p1_points') as number[];
    const p0 = col(t, 'p0_points') as number[];
    const acc = r.metrics['s1_party_points']!;
    expect(acc.kind === 'mean' && acc.sum).toBe(p1.reduce((a, b) => a + b, 0));
    const margin = r.metrics['s1_party_margin']!;
    expect(margin.kind === 'mean' && margin.sum).toBe(p1.reduce((a, b, i) => a + b - p0[i]!, 0));
    const m = JSON.parse(readFileSync(join(outs[0]!, 'manifest.json'), 'utf8')) as { settings: { job: { dealer: string } } };
    expect(m.settings.job.dealer).toMatch(/laid out/);
  });

  it('--trump and --where: every hand meets them, the refused deals are counted; an accepted first deal is the unconstrained deal', async () => {
    const dir = tmp();
    const where = join(dir, 'turned-schell.mjs');
    writeFileSync(where, 'export default (d) => d.turned.startsWith("S") || d.turned === "Weli";\n');
    const out = join(dir, 'w');
    const r = await runSimulation(base({ spec: spec({ constraints: { hands: {}, trump: 'S', predicate: where } }), out }));
    const t = table(out);
    expect(new Set(col(t, 'trump'))).toEqual(new Set(['S']));
    expect(r.rejected).toBeGreaterThan(30); // Schell is one of three trump suits
    const free = join(dir, 'free');
    await runSimulation(base({ spec: spec({}), out: free }));
    const u = table(free);
    // a deal whose first draw met the constraints is the same deal, and the same game, as without them
    const same = (col(u, 'trump') as string[]).map((x, i) => (x === 'S' ? i : -1)).filter((i) => i >= 0);
    expect(same.length).toBeGreaterThan(5);
    for (const i of same) for (const c of ['s0_cards', 's1_cards', 'bids', 'p0_points']) expect(t.getChild(c)!.get(i), `deal ${i} ${c}`).toEqual(u.getChild(c)!.get(i));
  });

  it('--duplicate with --hand: both seatings of a deal get the same cards', async () => {
    const out = join(tmp(), 'd');
    const s = spec({ policies: ['simple', 'random'], duplicate: true, constraints: { hands: { '0': ['EA', 'EK'] }, trump: 'H', predicate: null } });
    await runSimulation(base({ spec: s, deals: 20, out }));
    const t = table(out);
    let same = 0;
    for (let i = 0; i < t.numRows; i += 2) {
      expect(t.getChild('turned')!.get(i)).toBe(t.getChild('turned')!.get(i + 1));
      expect(t.getChild('trump')!.get(i)).toBe('H');
      // the same deal in both seatings: the cards at the first lead differ at most by exchanges (another
      // policy chose them): a card or two a seat, where two random deals would share almost nothing
      for (let seat = 0; seat < 4; seat++) {
        const a = String(t.getChild(`s${seat}_cards`)!.get(i)).split(' ');
        const b = String(t.getChild(`s${seat}_cards`)!.get(i + 1)).split(' ');
        expect(a.filter((c) => !b.includes(c)).length, `deal ${i / 2} seat ${seat}`).toBeLessThanOrEqual(2);
      }
      if ([0, 1, 2, 3].every((seat) => t.getChild(`s${seat}_cards`)!.get(i) === t.getChild(`s${seat}_cards`)!.get(i + 1))) same++;
    }
    expect(same).toBeGreaterThanOrEqual(10);
    expect(heldAtLead(t, 0, ['EA', 'EK'])).toBeGreaterThanOrEqual(30);
  });

  it('Partien: every deal of every Partie meets the constraints; the fixed seat\'s party win share apart', async () => {
    const out = join(tmp(), 'p');
    const r = await runSimulation(base({ spec: spec({ mode: 'partien', ruleset: '1853', policies: ['simple', 'random'], constraints: { hands: { '2': ['HA', 'SA', 'LA'] }, trump: null, predicate: null } }), deals: 6, batchSize: 3, out }));
    const t = table(out);
    expect(t.numRows).toBeGreaterThan(12);
    expect(heldAtLead(t, 2, ['HA', 'SA', 'LA'])).toBeGreaterThanOrEqual(t.numRows - 3);
    const P = table(out, 'partien');
    const wins = (col(P, 'winner') as number[]).filter((w) => w === 0).length; // seat 2 is in party 0
    expect(r.metrics['s2_party_wins']).toEqual({ kind: 'proportion', k: wins, n: 6 });
  });

  it('refuses what cannot be: a seat that does not exist, a trump the ruleset never turns, a card fixed twice', async () => {
    await expect(runSimulation(base({ spec: spec({ constraints: { hands: { '7': ['HK'] }, trump: null, predicate: null } }) }))).rejects.toThrow(/seat 7 does not exist/);
    await expect(runSimulation(base({ spec: spec({ constraints: { hands: {}, trump: 'E', predicate: null } }) }))).rejects.toThrow(/not a trump suit of oberland/);
    await expect(runSimulation(base({ spec: spec({ constraints: { hands: { '0': ['HK'], '1': ['HK'] }, trump: null, predicate: null } }) }))).rejects.toThrow(/HK is fixed twice/);
  });
});

describe('--hand in --mode figures: the fixed seat apart from the others', () => {
  it('s0_gleich3 for the fixed hand, others_gleich3 for the free ones; hand_gleich3 is their mix', async () => {
    const r = await runSimulation(base({ spec: spec({ mode: 'figures', policies: [], detail: false, constraints: { hands: { '0': ['HK', 'Weli'] }, trump: null, predicate: null } }), deals: 20000, batchSize: 20000 }));
    const share = (name: string) => { const a = r.metrics[name]!; return a.kind === 'proportion' ? a.k / a.n : a.kind === 'mean' ? a.sum / a.n : NaN; };
    expect(share('s0_gleich3')).toBeGreaterThan(share('others_gleich3') + 0.1); // two Perlaggen in hand
    expect(share('hand_gleich3')).toBeCloseTo((share('s0_gleich3') + 3 * share('others_gleich3')) / 4, 10);
  });
});

describe('the layout of a deal with fixed cards', () => {
  it('the seat is dealt exactly its fixed cards and uniform others; the cut shows no permanent Perlagg, so nobody keeps one', async () => {
    const { ConstrainedDealer } = await import('../../src/play/constrained.ts');
    const { newHand, currentPlayer } = await import('../../src/engine/game.ts');
    const { keyedRng } = await import('../../src/core/rng.ts');
    const r = resolveRuleset('oberland');
    const fixed = new Map([[0, [7, 32]]]); // HA and the Weli
    const dealer = new ConstrainedDealer({ ruleset: r, seed: 1, fixed, trump: null, predicate: null, where: null, layout: true });
    const seen = new Array<number>(33).fill(0);
    const N = 600;
    for (let d = 0; d < N; d++) {
      const s = newHand(r, { players: 4, dealer: d % 4 });
      expect(dealer.deal(s, keyedRng(1, d, 1))).toBe(true);
      expect(s.phase).not.toBe('cutKeep');
      expect(s.cutKept).toEqual([]);
      expect(s.trump).not.toBeNull();
      expect(s.handWeli[0]).toBe(1);
      expect((s.handLo[0]! >>> 7) & 1).toBe(1);
      for (let c = 0; c < 32; c++) if ((s.handLo[0]! >>> c) & 1 && c !== 7) seen[c]!++;
      expect(currentPlayer(s)).toBeGreaterThanOrEqual(0); // a decision of a player next: the deal is done
    }
    // the three other cards of seat 0 are uniform over the 31 free cards: 3N/31 ≈ 58 each
    const counts = seen.filter((_, c) => c !== 7 && c < 32);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(3 * N);
    expect(Math.min(...counts)).toBeGreaterThan(25);
    expect(Math.max(...counts)).toBeLessThan(100);
  });
});

describe('--detail: cards and bids in hands.arrow', () => {
  it('the bids column says what was bid in the words of perlagg play, in order', async () => {
    const r = resolveRuleset('oberland');
    const p = await resolvePolicy('random{bidRate=0.5}');
    const policies = [0, 1, 2, 3].map(() => ({ name: p.spec, policy: p.factory.create(p.options) }));
    let seen = 0;
    for (let d = 0; d < 20; d++) {
      const { state } = playDeal({ ruleset: r, players: 4, policies, rootSeed: 9, dealIndex: d, dealer: d % 4 });
      const text = bidHistoryText(state);
      const bids = state.events.filter((e) => e.type === 'bid').length;
      expect((text.match(/Gilt|Höll' auf/g) ?? []).length >= bids).toBe(true);
      if (bids > 0) {
        seen++;
        expect(text).toMatch(/^P[1-4]: (Gilt's|Gilt der|Höll' auf)/);
      }
      expect(text.split(' · ').length).toBe(state.events.filter((e) => ['bid', 'raise', 'answer', 'veto', 'ask', 'askAnswer', 'concede'].includes(e.type)).length || 1);
    }
    expect(seen).toBeGreaterThan(5);
  });

  it('face_up names the cards really lying face up: an exchange that takes a laid-aside Perlagg leaves the trump card where it was (issue 24)', async () => {
    // Oberland, seed 1: E7 and E10 are laid aside at the turn-up (Eichel is never trump), SA is turned up;
    // P1 takes the Perlagg E7 and gives EK — EK lies where E7 lay, SA stays
    const p = await resolvePolicy('simple');
    const policies = [0, 1, 2, 3].map(() => ({ name: p.spec, policy: p.factory.create(p.options) }));
    const { state } = playDeal({ ruleset: resolveRuleset('oberland'), players: 4, policies, rootSeed: 1, dealIndex: 0, dealer: 0 });
    expect(state.events.find((e) => e.type === 'exchange')).toMatchObject({ seat: 0 });
    expect(faceUpText(state)).toBe('SA EK E10');
  });
});
