// perlagg replay FILE (docs/replay-format.md): the worked game of seed 001 replayed from its committed file
// gives the source's scores deal by deal; recordings that break a rule are refused with one line naming the
// line, exit 2; games played by policies, recorded and replayed, score the same (Bieten and Perlaggen).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replayText, ReplayError } from '../../src/games/replay/index.ts';
import { replayPerlaggen } from '../../src/games/replay/perlaggen.ts';
import { parseRecording } from '../../src/games/replay/common.ts';
import { statements } from '../../src/games/replay/format.ts';
import { recordBieten, recordPerlaggen } from '../../src/games/replay/record.ts';
import { resolveBietenRules } from '../../src/games/bieten/rules.ts';
import type { BietenObservation } from '../../src/games/bieten/observe.ts';
import type { BietenAction } from '../../src/games/bieten/state.ts';
import type { PolicyFactory } from '../../src/policy/api.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { playDeal } from '../../src/play/hand.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { replay, totals } from './helpers.ts';
import { playBietenGame } from '../../src/play/bieten-game.ts';
import { perlaggStreams } from '../in-process.ts';

const ROOT = join(import.meta.dirname, '..', '..');
// the command line in this process (test/in-process.ts), in the checkout's folder: what it prints and its exit code
const run = (...args: string[]) => perlaggStreams(args, { cwd: ROOT });

/** The one-line refusal of a recording, as "line N: message". */
function refusal(text: string): string {
  try {
    replayText(text, 'x');
  } catch (e) {
    if (e instanceof ReplayError) return `line ${e.line}: ${e.message}`;
    throw e;
  }
  throw new Error('the recording was accepted');
}

const HEAD = 'game bieten\nplayers A B C\ndeal\ndealer A\nB: EK E9 E8\nC: LA HO S10\nA: LK SK HU\n';

describe('perlagg replay', () => {
  it('the worked game of seed 001, from examples/bieten-worked-game.txt: B 3, C 5, A 1; B 3, C 8 out, A 5; B out, A loses', () => {
    const r = replay(readFileSync(join(ROOT, 'examples', 'bieten-worked-game.txt'), 'utf8'));
    const at = (d: number) => Object.fromEntries(r.names.map((n, i) => [n, r.sheet[d]![i]]));
    expect(at(0)).toEqual({ B: 3, C: 5, A: 1 });
    expect(at(1)).toEqual({ B: 3, C: 8, A: 5 });
    expect(r.outOrder.map((x) => r.names[x])).toEqual(['C', 'B']);
    expect(r.names[r.loser]).toBe('A');
    expect(totals(r)).toEqual({ A: 6, B: 8, C: 8 });
  });

  it('the command prints the transcript (exit 0); the misprinted hands are refused at their line (exit 2, one line)', async () => {
    const ok = await run('replay', 'examples/bieten-worked-game.txt');
    expect(ok.code).toBe(0);
    expect(ok.stdout).toBe(readFileSync(join(ROOT, 'test', 'playthroughs', 'bieten-worked-game.txt'), 'utf8'));
    expect(ok.stdout).toMatch(/A ist als Letzter übrig und hat verloren: ein Noggerl/);
    const bad = await run('replay', 'examples/bieten-worked-game-as-printed.txt');
    expect(bad.code).toBe(2);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toMatch(/bieten-worked-game-as-printed\.txt line 32: "B play E8": B does not hold E8/);
    const none = await run('replay', 'examples/no-such-file.txt');
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/cannot read examples\/no-such-file\.txt: ENOENT/);
    const perl = await run('replay', 'examples/perlaggen-oberland-hand.txt');
    expect(perl.code).toBe(0);
    expect(perl.stdout).toMatch(/Punkte: Partei A \(P1\/P3\) 1, Partei B \(P2\/P4\) 3/);
  });

  it('an illegal step is named with the rules\' words and its line', () => {
    expect(refusal(HEAD.replace('C: LA HO S10', 'C: LA HO E7') + 'B play EK\nC play LA')).toMatch(/^line 9: "C play LA": C must follow Eichel: he holds E7 \(suit must be followed in all circumstances, RULES §17.1 rule 6\)/);
    expect(refusal(HEAD + 'C play S10')).toMatch(/^line 8: "C play S10": C plays out of turn: it is B's turn to lay a card, or to bid before he does \(RULES §17.1 rule 6: /);
    expect(refusal(HEAD + 'B play EK\nC play S10\nA bid Laub\nC hold')).toMatch(/^line 11: "C hold": it is not C's turn: B must answer the bid on the Laub at once: gut, hold or Drei \(RULES §17.1 rule 11/);
    expect(refusal(HEAD + 'B play EK\nC play S10\nA bid Laub\nB gut\nC hold\nA bid Laub')).toMatch(/^line 13: .*the Laub is already bid by A and held by C/);
    expect(refusal(HEAD + 'B play EK\nC play S10\nA bid Laub\nB gut\nC hold\nA Drei Laub')).toMatch(/only C, who holds the Laub, may give a Groschen on it/);
    expect(refusal(HEAD + 'B play EK\nC play S10\nA bid Laub\nB Drei\nC Drei')).toMatch(/no more than Drei can be given \(RULES §17.1 rule 12\)/);
    expect(refusal(HEAD + 'B dance')).toMatch(/^line 8: "B dance": a Bieten action is/);
    expect(refusal(HEAD + 'D play EK')).toMatch(/^line 8: unknown player "D" \(players: A B C\)/);
    expect(refusal(HEAD + 'B play EK\nexpect points B 3')).toMatch(/^line 9: "expect points B 3": the deal is not over yet/);
    expect(refusal(HEAD + 'B play EK\nC play S10')).toMatch(/deal 1 is not finished: A is|deal 1 is not finished: it is A's turn/);
    expect(refusal(HEAD.replace('B: EK E9 E8', 'B: EK E9 E8 E7'))).toMatch(/^line 5: B gets three cards \(one, then two\), not 4/);
    expect(refusal(HEAD.replace('C: LA HO S10', 'C: LA HO EK'))).toMatch(/EK is dealt twice/);
    expect(refusal(HEAD.replace('dealer A\n', ''))).toMatch(/name the dealer of the first deal/);
    expect(refusal('players A B\n')).toMatch(/^line 1: a recording starts with "game bieten" or "game perlaggen"/);
    expect(refusal('game chess\nplayers A B\ndeal\n')).toMatch(/unknown game "chess"/);
    expect(refusal('game bieten\nruleset bieten{target=x}\nplayers A B\ndeal\n')).toMatch(/^line 2: invalid ruleset override target=x: expected a whole number/);
    expect(refusal(readFileSync(join(ROOT, 'examples', 'bieten-worked-game.txt'), 'utf8').replace('expect points B 3 C 5 A 1', 'expect points B 3 C 4 A 1'))).toMatch(/expected C to write 4 in this deal; the rules give 5/);
    expect(refusal(readFileSync(join(ROOT, 'examples', 'bieten-worked-game.txt'), 'utf8').replace(/deal 3 +#.*\ndealer A/, 'deal 3\ndealer B'))).toMatch(/the deal passes to the left, skipping players who are out: A deals this one, not B/);
  });

  it('a revoke: in Bieten penalised and recorded; in Perlaggen applied with the ruleset\'s correction (GC-64)', () => {
    // B leads EK; C holds no Eichel ... A holds no Eichel either: give C an Eichel and let him revoke
    const r = replay(HEAD.replace('C: LA HO S10', 'C: LA HO E7') + 'B play EK\nC play S10 revoke\n'.replace('S10', 'HO') + 'A play SK\nB play E9\nC play E7\nA play HU\nB play E8\nC play LA\nA play LK');
    const s = r.states[0]!;
    expect(s.events.filter((e) => e.type === 'penalty')).toEqual([{ type: 'penalty', seat: 2, points: 2, reason: 'revoke' }]);
    expect(refusal(HEAD + 'B play EK\nC play S10 revoke')).toMatch(/S10 is no revoke: C has no Eichel/);
    // Perlaggen: a recorded revoke goes through the engine's infraction path (RULES §12, GC-64) ...
    const hand = readFileSync(join(ROOT, 'examples', 'perlaggen-oberland-hand.txt'), 'utf8');
    const revoked = statements(hand.replace('P2 play E9', 'P2 play L8 revoke').replace(/^expect points .*$/m, ''));
    const perl = replayPerlaggen(revoked, parseRecording(revoked).header, 'x');
    expect(perl.states[0]!.events.filter((e) => e.type === 'revoke').map((e) => ({ seat: (e as { seat: number }).seat, card: (e as { card: number }).card }))).toEqual([{ seat: 1, card: 17 }]) // L8;
    // ... and a line that is no revoke says why in the rules' words
    expect(refusal(hand.replace('P2 play S9', 'P2 play L7 revoke'))).toMatch(/^line 23: "P2 play L7 revoke": play L7 by P2 is no revoke/);
  });

  it('Bieten games played by policies, recorded and replayed, score the same (200 games, 2-6 players)', () => {
    const f = (n: string) => builtinPolicy(n, 'bieten') as unknown as PolicyFactory<BietenObservation, BietenAction>;
    const kinds = [f('random').create({ avoidPenalties: false, bidRate: 0.2, revokeRate: 0.3 }), f('plain').create({ bluffRate: 0.3 })];
    for (let g = 0; g < 200; g++) {
      const n = 2 + (g % 5);
      const names = Array.from({ length: n }, (_, i) => String.fromCharCode(65 + i));
      const res = playBietenGame({ rules: resolveBietenRules(['bieten', 'laubbieten', 'bieten{answerOrder=leftOfLeader}'][g % 3]!), players: n, policies: names.map((_, p) => ({ name: 'x', policy: kinds[(g + p) % 2]! })), rootSeed: 3, gameIndex: g, keepStates: true, revokes: g % 3 === 0, names });
      const r = replay(recordBieten(res.states));
      expect(r.sheet).toEqual(res.sheet);
      expect(r.loser).toBe(res.loser);
      const played = (e: { type: string }) => e.type !== 'shuffled' && e.type !== 'cut';
      r.states.forEach((s, i) => expect(s.events.filter(played)).toEqual(res.states[i]!.events.filter(played)));
    }
  });

  it('Perlaggen hands played by policies, recorded and replayed through the checked path, score the same', () => {
    const random = builtinPolicy('random').create({ bidRate: 0.1 });
    const simple = builtinPolicy('simple').create({});
    let n = 0;
    let talked = 0;
    for (let d = 0; d < 240; d++) {
      // the three that sign by default half of the time at a talking table (RULES §13)
      const r = resolveRuleset(['1853', 'oberland', 'suedtirol', 'innsbruck'][d % 4]! + (d % 8 >= 4 && d % 4 > 0 ? '{partnerInfo=table}' : ''));
      const players = [2, 3, 4, 6][Math.floor(d / 4) % 4]!;
      const res = playDeal({ ruleset: r, players, policies: Array.from({ length: players }, (_, p) => ({ name: 'x', policy: (p + d) % 2 === 1 ? random : simple })), rootSeed: 9, dealIndex: d, dealer: d % players, ...(players === 3 ? {} : { score: [d % 7, (d * 3) % 9] }) });
      const text = recordPerlaggen(res.state);
      expect(text).not.toBeNull(); // every hand is written, a Perlagg kept at the cut too (A-31)
      const all = statements(text!);
      const back = replayPerlaggen(all, parseRecording(all).header, 'x');
      expect(back.dealPoints[0]).toEqual(res.state.points);
      // the same hand, the table talk included (RULES §13): every event but the shuffle and the cut
      expect(back.states[0]!.events.filter((e) => e.type !== 'shuffled' && e.type !== 'cut' && e.type !== 'cutShows')).toEqual(res.state.events.filter((e) => e.type !== 'shuffled' && e.type !== 'cut' && e.type !== 'cutShows'));
      if (res.state.events.some((e) => e.type === 'say')) talked++;
      n++;
    }
    expect(n).toBeGreaterThan(200);
    expect(talked).toBeGreaterThan(60);
  });

  describe('table talk in a recording (RULES §13)', () => {
    const HAND = ['game perlaggen', 'ruleset oberland{partnerInfo=table}', 'players 4', 'deal 1', 'dealer P4', 'P1: HU HA E8 SA EU', 'P2: E9 S9 L8 S10 L7', 'P3: L10 LA S7 EO SU', 'P4: LK EA HK Weli SK', 'turned S8', 'stock EK H9 H8 H10 H7 L9 HO E7 LO LU SO E10'];
    const REST = ['P3 bid Gleich', 'P4 raise Gleich 3', 'P3 hold', 'P1 play HA', 'P2 play S9', 'P3 play L10', 'P4 play LK', 'P2 play L7', 'P3 play LA', 'P4 play SK', 'P1 play SA', 'P1 play E8', 'P2 play E9', 'P3 play EO as SA', 'P4 play EA', 'P3 bid Spiel', 'P4 gut', 'P1 show HK', 'P3 show HK HA', 'P4 show HK EK', 'expect points 1 3'];
    const said = (text: string) => {
      const all = statements(text);
      return replayPerlaggen(all, parseRecording(all).header, 'x').states[0]!.events.flatMap((e) => (e.type === 'say' ? [`P${e.seat + 1}>P${e.to + 1} ${e.phrase}${e.suit >= 0 ? ` ${'HSLE'[e.suit]}` : ''}${e.reply ? ' (reply)' : ''}`] : []));
    };
    it('the transcript\'s own lines (a question and its answer on one line), the English form, ASCII quotes and an unasked phrase are read at their talk windows', () => {
      // the talk of `perlagg play --ruleset 'oberland{partnerInfo=table}' --seed 15 --deal 51`, the hand of examples/perlaggen-oberland-hand.txt
      const text = [...HAND, 'P1 zu P3: „Welche Farbe?“  P3: „Laub!“', 'P3 zu P1: „Hast du das Gleich in natura?“', 'P1: „Nein.“', 'P4 say inNatura Gleich to P2', 'P2 say nein', ...REST.slice(0, 4), 'P2 zu P4: "Kannst du stechen?"  P4: "Ja."', ...REST.slice(4, 8), 'P1 zu P3: „Ich kann nicht.“', ...REST.slice(8)].join('\n');
      expect(said(text)).toEqual(['P1>P3 welcheFarbe', 'P3>P1 farbe L (reply)', 'P3>P1 inNatura', 'P1>P3 nein (reply)', 'P4>P2 inNatura', 'P2>P4 nein (reply)', 'P2>P4 kannstStechen', 'P4>P2 ja (reply)', 'P1>P3 ichKannNicht']);
    });
    it('a recording without talk is dealt at a silent table, as before', () => {
      expect(said([...HAND, ...REST].join('\n'))).toEqual([]);
    });
    it('a phrase the seat may not say there, a question left unanswered, talk at a silent table: one line each', () => {
      expect(refusal([...HAND, 'P1 zu P3: „Ich kann nicht.“', ...REST].join('\n'))).toMatch(/^line 12: "P1 zu P3: „Ich kann nicht\.“": P1 cannot say that here \(RULES §13\)/);
      expect(refusal([...HAND, 'P1 zu P3: „Welche Farbe?“', ...REST].join('\n'))).toMatch(/^line 13: "P3 bid Gleich": P3 must first answer P1's „Welche Farbe\?“ \(RULES §13\)$/);
      expect(refusal([...HAND, ...REST.slice(0, 3), 'P3 zu P1: „Trumpf!“', ...REST.slice(3)].join('\n').replace('ruleset oberland{partnerInfo=table}', 'ruleset oberland'))).toMatch(/^line 15: .*nobody talks at this table \(partnerInfo=signs/); // the Oberland signs by default
      expect(refusal([...HAND, 'P2 say singen to P4', ...REST].join('\n'))).toMatch(/^line 12: "singen" is no phrase of the table talk/);
      // the German verb decorates an action as before: "P4 sagt gut" is the answer gut, "P3 sagt halt" the hold
      expect(said([...HAND, ...REST].join('\n').replace('P4 gut', 'P4 sagt gut').replace('P3 hold', 'P3 sagt halt'))).toEqual([]);
    });
  });
});
