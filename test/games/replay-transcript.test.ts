// A transcript of `perlagg play` read back as a recording (src/games/replay/from-transcript.ts): the hand found
// by playing it again has the very transcript it was read from, and the recording of it replays to the points
// played — at every ruleset and table size, with bots that bid (bluffer, author1853), talk (1853) or never bid
// (passive: the table's silent seats, now a `silent` line of the format). A Partie's transcript becomes a
// recording of all its deals; a transcript altered so that no legal hand prints it is refused at its line.
import { describe, expect, it } from 'vitest';
import { parseRecording } from '../../src/games/replay/common.ts';
import { statements } from '../../src/games/replay/format.ts';
import { isTranscript, transcriptToRecording } from '../../src/games/replay/from-transcript.ts';
import { replayPerlaggen } from '../../src/games/replay/perlaggen.ts';
import { recordPerlaggen } from '../../src/games/replay/record.ts';
import { ReplayError } from '../../src/games/replay/format.ts';
import { transcript } from '../../src/games/perlaggen/transcript.ts';
import { playDeal } from '../../src/play/hand.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { partieTranscript, playTranscript } from '../../src/cli/play.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { perlagg } from '../in-process.ts';
import { scratchDir } from '../scratch.ts';

const replay = (text: string) => {
  const all = statements(text);
  return replayPerlaggen(all, parseRecording(all).header, 'x');
};
const body = (t: string) => t.trimEnd().split('\n').slice(2);
const BOTS = ['simple', 'random', 'bluffer', 'author1853', 'passive'] as const;

function played(ruleset: string, players: number, k: number) {
  const r = resolveRuleset(ruleset);
  const names = Array.from({ length: players }, (_, i) => BOTS[(k + i) % BOTS.length]!);
  const policies = names.map((n) => ({ name: n, policy: builtinPolicy(n).create({}) }));
  const seats = players === 3 && r.threePlayers === 'strohmann' ? 4 : players;
  const res = playDeal({ ruleset: r, players, policies, rootSeed: 40 + k, dealIndex: k, dealer: k % seats });
  return { state: res.state, text: transcript(res.state, { ruleset: r, seed: 40 + k, deal: k, policies: names }) };
}

describe('a transcript of perlagg play read as a recording', () => {
  it('is recognised by its first line; a recording is not', () => {
    const { text } = played('oberland', 4, 0);
    expect(isTranscript(text)).toBe(true);
    expect(isTranscript(recordPerlaggen(played('oberland', 4, 0).state))).toBe(false);
  });

  it('gives the hand that prints the same transcript, and the recording replays to the points played', () => {
    const cases: Array<[string, number]> = [
      ['oberland', 4], ['1853', 4], ['suedtirol', 2], ['innsbruck', 4], ['oberland{partnerInfo=table}', 6], ['1853', 3], ['innsbruck', 6], ['1853', 2],
    ];
    let silent = 0;
    for (const [k, [ruleset, players]] of cases.entries()) {
      const { state, text } = played(ruleset, players, k);
      const rec = transcriptToRecording(text);
      if (/^silent /m.test(rec)) silent++;
      const back = replay(rec);
      expect(back.dealPoints[0], `${ruleset} ${players}`).toEqual(state.points);
      expect(body(transcript(back.states[0]!, { ruleset: back.ruleset, seed: 0, deal: 0, policies: [] })), `${ruleset} ${players}`).toEqual(body(text));
    }
    expect(silent).toBeGreaterThan(0); // a passive bot sat at some of these tables
  });

  it("turns a Partie's transcript into one recording of all its deals, the score sheet's numbers replayed", async () => {
    const text = await partieTranscript({ ruleset: '1853', seed: 2, players: 4, deal: 0, partie: 0, policies: ['simple', 'bluffer', 'simple', 'author1853'] });
    const rec = transcriptToRecording(text);
    const back = replay(rec);
    const hands = text.split('\n').filter((l) => l.startsWith('Perlaggen, Regeln')).length;
    expect(back.states).toHaveLength(hands);
    // each hand's "Punkte:" line of the transcript, in order
    const points = text.split('\n').filter((l) => l.startsWith('Punkte: ')).map((l) => [...l.matchAll(/ (\d+)(?:,|$)/g)].map((m) => Number(m[1])));
    expect(back.dealPoints).toEqual(points);
    expect(back.winner).toBeGreaterThanOrEqual(0);
  });

  it('refuses a transcript no legal hand prints, naming its line', () => {
    const { text } = played('oberland', 4, 3);
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.startsWith('Stich 2 '));
    // the trick's winner changed: no hand of these cards ends the trick so
    lines[at] = lines[at]!.replace(/→ Stich P(\d)/, (_, d) => `→ Stich P${(Number(d) % 4) + 1}`);
    let err: unknown = null;
    try {
      transcriptToRecording(lines.join('\n'));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ReplayError);
    expect((err as ReplayError).line).toBe(at + 1);
  });
});

describe('perlagg review and replay read a transcript', () => {
  it("review reviews the seat's decisions of a transcript; an edited one is refused with its line, exit 2", async () => {
    const dir = scratchDir('transcript');
    // a hand in which cards were played (a Spiel let gut at once has no trick)
    let text = '';
    for (let deal = 2; !text.includes('\nStich 1 '); deal++) text = await playTranscript({ ruleset: 'oberland', seed: 5, players: 4, deal, policies: ['simple', 'bluffer', 'simple', 'author1853'] });
    const good = join(dir, 'hand.txt');
    writeFileSync(good, text);
    const r = await perlagg('review', good, '--seat', 'P1', '--worlds', '4', '--json');
    expect(r.code, r.err).toBe(0);
    const review = JSON.parse(r.out) as { decisions: Array<{ seat: number }> };
    expect(review.decisions.length).toBeGreaterThan(0);
    expect(new Set(review.decisions.map((d) => d.seat))).toEqual(new Set([0]));
    const replayed = await perlagg('replay', good);
    expect(replayed.code, replayed.err).toBe(0);
    expect(replayed.out).toContain(text.split('\n').find((l) => l.startsWith('Punkte: '))!);
    const lines = text.split('\n');
    const at = lines.findIndex((l) => l.startsWith('Stich 1 '));
    lines[at] = lines[at]!.replace(/(spielt aus\): P\d )(\S+)/, '$1Weli');
    const bad = join(dir, 'edited.txt');
    writeFileSync(bad, lines.join('\n'));
    const e = await perlagg('review', bad, '--worlds', '4');
    expect(e.code).toBe(2);
    expect(e.err.trim().split('\n')).toHaveLength(1);
    expect(e.err).toMatch(new RegExp(`edited\\.txt line ${at + 1}: the transcript cannot be followed here`));
  });
});

describe('the recorder writes the seats that never bid', () => {
  it('a hand with a passive bot is recorded with its silent line and replays to the same hand', () => {
    let seen = 0;
    for (let k = 0; k < 40 && seen < 6; k++) {
      const { state } = played(['oberland', '1853', 'innsbruck'][k % 3]!, [4, 6, 2][k % 3]!, k);
      if (state.bid.silent === 0) continue;
      seen++;
      const rec = recordPerlaggen(state);
      expect(rec).toMatch(/^silent P\d/m);
      const back = replay(rec);
      expect(back.dealPoints[0]).toEqual(state.points);
      const notCut = (e: { type: string }) => e.type !== 'shuffled' && e.type !== 'cut' && e.type !== 'cutShows';
      expect(back.states[0]!.events.filter(notCut)).toEqual(state.events.filter(notCut));
    }
    expect(seen).toBeGreaterThanOrEqual(3);
  });
});
