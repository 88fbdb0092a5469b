// perlagg play --human: a person's lines drive a seat. The person here types what the `simple` (Bieten:
// `plain`) bot chose at that seat — Perlaggen through src/cli/typist.ts, which answers each question with the
// word of the answer that takes the bot's next choices (a talk turn, a bid window and the card are one
// question) — so the game must come out exactly as `perlagg play` with bots only: the same transcript but for
// the seat's name "human". Whole hands are piped into the real command; Partien, the Strohmann, the shared
// keyboard and Bieten run in-process through the same code.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardShort } from '../../src/cards/notation.ts';
import type { PolicyAction } from '../../src/engine/actions.ts';
import type { Observation } from '../../src/engine/observation.ts';
import { observe } from '../../src/engine/observe.ts';
import { resampleHidden } from '../../src/engine/resample.ts';
import { resolvePolicy } from '../../src/registry/policies.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { keyedRng } from '../../src/core/rng.ts';
import { partieTranscript, playTranscript } from '../../src/cli/play.ts';
import { humanPlay } from '../../src/cli/human-play.ts';
import { CLEARED, PerlaggenHuman, scriptedIO } from '../../src/cli/human.ts';
import { typedMoves } from '../../src/cli/typist.ts';
import { bietenGameTranscript, bietenPlayTranscript, playBietenDeal } from '../../src/play/bieten.ts';
import { playBietenGame } from '../../src/play/bieten-game.ts';
import { resolveBietenRules } from '../../src/games/bieten/rules.ts';
import type { BietenAction } from '../../src/games/bieten/state.ts';
import type { BietenObservation } from '../../src/games/bieten/observe.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { UsageError } from '../../src/core/errors.ts';
import { scratchDir } from '../scratch.js';

const ROOT = join(import.meta.dirname, '..', '..');
const BIN = join(ROOT, 'bin', 'perlagg.js');

/** The bots' play of a hand: what player `human` decided, and where it could have made a mistake. */
async function recordHand(ruleset: string, seed: number, players: number, human: number, deal = 0) {
  const r = resolveRuleset(ruleset);
  const p = await resolvePolicy('simple');
  const policies: SeatPolicy[] = Array.from({ length: players }, () => ({ name: 'simple', policy: p.factory.create(p.options) }));
  const decisions: Array<{ obs: Observation; action: PolicyAction }> = [];
  const seats = players === 3 && r.threePlayers === 'strohmann' ? 4 : players;
  playDeal({ ruleset: r, players, policies, rootSeed: seed, dealIndex: deal, dealer: deal % seats, onDecision: (_s, player, obs, action) => void (player === human && decisions.push({ obs, action })) });
  return decisions;
}

const tmp = () => scratchDir('human');
const asHuman = (text: string, players: readonly number[]) => text.replace(/^(Spieler: .*)$/gm, (line) => players.reduce((l, p) => l.replace(new RegExp(`P${p + 1} [^,.\\s]+`), `P${p + 1} human`), line));
/** What must never reach a person's screen: the engine's records and English. */
const ENGINE_RECORD = /say \(|sign \(|seat:|\b(the|is|must|holds|cannot|points?|target)\b/;

describe('perlagg play --human', () => {
  it('a whole hand piped into the command: mistakes answered in one line each, the transcript as perlagg play prints it', async () => {
    // Oberland: the first seed from 3 on with a card decision where a held card may not be laid (the follow rule)
    const illegalAt = (d: Awaited<ReturnType<typeof recordHand>>) => d.findIndex(({ obs }) => obs.phase === 'play' && obs.hand.some((c) => !obs.legal.some((a) => a.kind === 'play' && a.card === c)));
    let seed = 3;
    let decisions = await recordHand('oberland', seed, 4, 0);
    while (illegalAt(decisions) < 0 && seed < 40) decisions = await recordHand('oberland', ++seed, 4, 0);
    const at = illegalAt(decisions);
    expect(at, 'a seed with a card that may not be laid').toBeGreaterThanOrEqual(0);
    const typed = await typedMoves({ ruleset: 'oberland', seed, players: 4, deal: 0, human: 0 });
    const covers = (l: (typeof typed.lines)[number], d: number) => l.note !== '' && l.from <= d && d < l.from + Math.max(1, l.takes);
    const firstCard = decisions.findIndex(({ action }) => action.kind === 'play');
    const lines: string[] = [];
    const { obs } = decisions[at]!;
    const forbidden = cardShort(obs.hand.find((c) => !obs.legal.some((a) => a.kind === 'play' && a.card === c))!);
    for (const l of typed.lines) {
      // not understood, no such number, a card not held; a word of the game not possible now; a card the rules forbid
      if (covers(l, firstCard)) lines.push('XY', '99', decisions[firstCard]!.obs.hand.includes(31) ? 'H7' : 'EA', 'erlauben');
      if (covers(l, at)) lines.push(forbidden);
      lines.push(l.line);
    }
    const dir = tmp();
    const file = join(dir, 'hand.txt');
    const r = spawnSync(process.execPath, [BIN, 'play', '-r', 'oberland', '--seed', String(seed), '--human', '0', '--transcript', file], { cwd: ROOT, input: lines.join('\n') + '\n', encoding: 'utf8' });
    rmSync(dir, { recursive: true, force: true });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    // the screen: each mistake got its one line (and a possible word its choices again), and the game went on
    expect(r.stdout).toContain('„XY“ verstehe ich nicht');
    expect(r.stdout).toContain('keine Wahl 99: eine Nummer von 1 bis');
    expect(r.stdout).toMatch(/jetzt nicht möglich: P1 hat (H7|EA) nicht \(Karten: /);
    expect(r.stdout).toMatch(/„erlauben“ ist jetzt nicht möglich\n.*welche Karte\?.*\n {2,3}1\) /);
    expect(r.stdout).toMatch(new RegExp(`> ${forbidden}\\n  jetzt nicht möglich: P1 hat [^\\n]*: (Herz|Schell|Laub|Eichel) muss bedient werden`));
    expect(r.stdout).toContain(`Mitschrift geschrieben: ${file}`);
    expect(r.stdout).toMatch(/Punkte: Partei A \(P1\/P3\) \d+, Partei B \(P2\/P4\) \d+/);
    // what the seat saw: its own cards, never another seat's dealt hand
    expect(r.stdout).toContain('Deine Karten: ');
    expect(r.stdout).not.toMatch(/Austeilen/);
    const screen = r.stdout.slice(0, r.stdout.indexOf('Mitschrift geschrieben'));
    expect(screen).not.toMatch(ENGINE_RECORD);
  });

  it('play --human 0 -r 1853 fed a whole hand from a file: the talk in the game\'s words, answered by word, no engine record on the screen', async () => {
    const typed = await typedMoves({ ruleset: '1853', seed: 4, players: 4, deal: 0, human: 0 });
    const words = typed.lines.map((l) => l.line);
    // the talk questions put to P1 are answered by word
    expect(words).toContain('nein');
    expect(words.some((w) => /^(ja|nein|gut drüben|Trumpf|Herz|Schell|Laub|Eichel)$/.test(w))).toBe(true);
    expect(words.every((w) => !/^\d+$/.test(w)), 'every answer in words').toBe(true);
    const dir = tmp();
    const moves = join(dir, 'moves.txt');
    writeFileSync(moves, typed.lines.flatMap((l) => (l.note === '' ? [l.line] : [`# ${l.note}`, l.line])).join('\n') + '\n');
    const r = spawnSync(process.execPath, [BIN, 'play', '-r', '1853', '--seed', '4', '--human', '0', '--transcript', join(dir, 'hand.txt')], { cwd: ROOT, input: readFileSync(moves, 'utf8'), encoding: 'utf8' });
    const text = readFileSync(join(dir, 'hand.txt'), 'utf8');
    rmSync(dir, { recursive: true, force: true });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(text).toBe(asHuman(await playTranscript({ ruleset: '1853', seed: 4, players: 4, deal: 0 }), [0]));
    const screen = r.stdout.slice(0, r.stdout.indexOf('Mitschrift geschrieben'));
    expect(screen).not.toMatch(ENGINE_RECORD);
    // a question to P1 is shown as asked and answered by a word
    expect(screen).toMatch(/P3 fragt: „[^“]+\?“\n( {2}\d\) „[^“]+“\n)+> (nein|ja)\n {2}P1 \(du\): „(Nein|Ja)\.“/);
    // the secret signs as the private note the transcript uses
    expect(screen).toMatch(/Zeichen \(geheim, nur Partei A \(P1\/P3\)\): P3 an P1 \(du\): (kein Trumpf|\d Trümpfe?), /);
    // fewer questions than decisions: the talk, the bid window and the card are one question
    expect(typed.prompts).toBeLessThan(typed.decisions * 0.7);
  });

  it('a whole 1853 Partie by hand: about half the questions of one a decision (184 prompts for 8 deals before issue 24)', async () => {
    const typed = await typedMoves({ ruleset: '1853', seed: 1, players: 4, deal: 0, partie: 0, human: 0 });
    expect(typed.decisions).toBeGreaterThan(150); // 182 with the rules of issue 24's start: a whole Partie of 7 deals
    expect(typed.prompts).toBeLessThanOrEqual(Math.ceil(typed.decisions * 0.55));
    const io = scriptedIO(typed.lines.map((l) => l.line));
    const text = await humanPlay({ game: 'perlaggen', ruleset: '1853', seed: 1, players: 4, deal: 0, partie: 0, humans: [0], io });
    expect(text).toBe(asHuman(await partieTranscript({ ruleset: '1853', seed: 1, players: 4, deal: 0, partie: 0, dealer: 0 }), [0]));
    const screen = io.output.join('');
    expect((screen.match(/\n> /g) ?? []).length).toBe(typed.lines.length);
    expect(screen).not.toMatch(ENGINE_RECORD);
  });

  it('the end of the input: one line, exit 2, no transcript written', () => {
    const dir = tmp();
    const file = join(dir, 'never.txt');
    const r = spawnSync(process.execPath, [BIN, 'play', '--human', '0', '--transcript', file], { cwd: ROOT, input: '1\n', encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^perlagg: the input ended before the game was over/);
    expect(existsSync(file)).toBe(false);
    rmSync(dir, { recursive: true, force: true });
    const bad = spawnSync(process.execPath, [BIN, 'play', '--human', '0,0'], { cwd: ROOT, input: '', encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/player 0 is named twice/);
  });

  it('a whole Partie (1853) and the Strohmann\'s holder, in-process: the transcripts of perlagg play', async () => {
    const typed = await typedMoves({ ruleset: '1853', seed: 4, players: 4, deal: 0, partie: 0, human: 2 });
    const io = scriptedIO(typed.lines.map((l) => l.line));
    const text = await humanPlay({ game: 'perlaggen', ruleset: '1853', seed: 4, players: 4, deal: 0, partie: 0, humans: [2], io });
    expect(text).toBe(asHuman(await partieTranscript({ ruleset: '1853', seed: 4, players: 4, deal: 0, partie: 0, dealer: 0 }), [2]));
    expect(io.output.join('')).toContain('=== Neues Spiel: du bist P3');
    expect(io.output.join('')).toContain('Die Partie ist aus nach');
    // three players with the Strohmann: player 1 also plays the dummy's hand
    const d = await recordHand('1853', 2, 3, 1);
    expect(d.some((x) => x.obs.acting === 3)).toBe(true);
    const t2 = await typedMoves({ ruleset: '1853', seed: 2, players: 3, deal: 0, human: 1 });
    const io2 = scriptedIO(t2.lines.map((l) => l.line));
    const text2 = await humanPlay({ game: 'perlaggen', ruleset: '1853', seed: 2, players: 3, deal: 0, humans: [1], io: io2 });
    expect(text2).toBe(asHuman(await playTranscript({ ruleset: '1853', seed: 2, players: 3, deal: 0 }), [1]));
    expect(io2.output.join('')).toMatch(/für den Strohmann P4/);
  });

  it('the exchange names the Perlagg really taken; six players: the header says how many cards are dealt', async () => {
    // Oberland seed 1: E7 is laid aside at the turn-up (SA is trump) and P1 may take it for EK
    const typed = await typedMoves({ ruleset: 'oberland', seed: 1, players: 4, deal: 0, human: 0 });
    const io = scriptedIO(typed.lines.map((l) => l.line));
    await humanPlay({ game: 'perlaggen', ruleset: 'oberland', seed: 1, players: 4, deal: 0, humans: [0], io });
    const screen = io.output.join('');
    expect(screen).toContain('Der aufgeschlagene Perlagg E7 liegt offen: tauschst du ihn ein?');
    expect(screen).toContain('EK hergeben, den Perlagg E7 nehmen');
    expect(screen).not.toMatch(/den Perlagg SA nehmen/);
    const six = await playTranscript({ ruleset: 'oberland', seed: 1, players: 6, deal: 0 });
    expect(six).toContain('Austeilen (je 4 Karten, 2+2, im Uhrzeigersinn ab Vorhand):');
    expect(await playTranscript({ ruleset: '1853', seed: 1, players: 6, deal: 0 })).toContain('Austeilen (je 5 Karten, 3+2,');
  });

  it('hot seat (--human 0,2): the screen is cleared and handed over before each person\'s turn, and nobody sees the other\'s hand', async () => {
    // answer every question with its first choice (Enter where it is asked for the keyboard)
    const output: string[] = [];
    let last = '';
    const io = {
      output,
      write: (t: string) => {
        output.push(t);
        last = t;
      },
      read: () => (/drück Enter/.test(last) ? '' : '1'),
      clear: () => void output.push(CLEARED),
    };
    const text = await humanPlay({ game: 'perlaggen', ruleset: '1853', seed: 3, players: 4, deal: 0, humans: [0, 2], io });
    const dealt = (seat: string) => new RegExp(`^ {2}${seat}: (.*)$`, 'm').exec(text)![1]!;
    const screens = output.join('').split(CLEARED);
    let p1 = 0;
    let p3 = 0;
    for (const sc of screens) {
      const own = /am Zug/.test(sc) ? /── (P\d) \(Spieler \d\) am Zug/.exec(sc)![1]! : null;
      if (own === null) continue;
      // a person's screen: his own header only, and never the other's cards as dealt
      expect(sc.match(/── (P\d) \(Spieler \d\) am Zug/g)!.every((h) => h.includes(own))).toBe(true);
      const other = own === 'P1' ? 'P3' : 'P1';
      expect(sc).not.toContain(`Deine Karten: ${dealt(other)}`);
      if (own === 'P1') p1++;
      else p3++;
    }
    expect(p1).toBeGreaterThan(1);
    expect(p3).toBeGreaterThan(1);
    // each hand-over asks for the keyboard after a clearing and before the next person's screen
    expect(output.join('')).toMatch(new RegExp(`${CLEARED}\\n=== P3 \\(Spieler 2\\) ist dran: gib die Tastatur weiter`));
  });

  it('Bieten: a deal and a whole game to the Noggerl, in-process', async () => {
    const rules = resolveBietenRules('bieten');
    const plain = builtinPolicy('plain', 'bieten');
    const say = (a: BietenAction, n: number): string => {
      switch (a.kind) {
        case 'play':
          return n % 3 === 0 ? cardShort(a.card) : cardShort(a.card).toLowerCase();
        case 'bid':
          return a.figure;
        case 'groschen':
          return `Drei ${a.figure}`;
        case 'pass':
          return n % 2 === 0 ? 'passen' : '';
        case 'gut':
          return 'gut';
        case 'hold':
          return 'anschauen';
        default:
          throw new Error(`no words for ${(a as { kind: string }).kind}`);
      }
    };
    const seat = () => [0, 1, 2].map(() => ({ name: 'plain', policy: plain.create({}) as never }));
    const lines: string[] = [];
    playBietenDeal({ rules, players: 3, policies: seat(), rootSeed: 5, dealIndex: 0, dealer: 0, onDecision: (_s, player, _o: BietenObservation, a) => void (player === 1 && lines.push(say(a, lines.length))) });
    const text = await humanPlay({ game: 'bieten', ruleset: 'bieten', seed: 5, players: 3, deal: 0, humans: [1], io: scriptedIO(lines) });
    expect(text).toBe(asHuman(await bietenPlayTranscript({ ruleset: 'bieten', seed: 5, players: 3, deal: 0 }), [1]));
    const gameLines: string[] = [];
    playBietenGame({ rules, players: 3, policies: seat(), rootSeed: 6, gameIndex: 0, onDecision: (_s, player, _o, a) => void (player === 0 && gameLines.push(say(a, gameLines.length))) });
    const io = scriptedIO(gameLines);
    const game = await humanPlay({ game: 'bieten', ruleset: 'bieten', seed: 6, players: 3, deal: 0, partie: 0, humans: [0], io });
    expect(game).toBe(asHuman(await bietenGameTranscript({ ruleset: 'bieten', seed: 6, players: 3, deal: 0, partie: 0 }), [0]));
    expect(io.output.join('')).toContain('bekommt das Noggerl');
    await expect(humanPlay({ game: 'bieten', ruleset: 'bieten', seed: 6, players: 3, deal: 0, humans: [0], io: scriptedIO([]) })).rejects.toThrow(UsageError);
  });

  it('the screen comes from the observation only: redealing what the seat cannot see changes nothing on it', async () => {
    const r = resolveRuleset('innsbruck');
    const p = await resolvePolicy('simple');
    const policies: SeatPolicy[] = [0, 1, 2, 3].map(() => ({ name: 'simple', policy: p.factory.create(p.options) }));
    let checked = 0;
    playDeal({
      ruleset: r, players: 4, policies, rootSeed: 8, dealIndex: 0, dealer: 0,
      onDecision: (s, player, obs) => {
        if (player !== 0) return;
        const other = resampleHidden(s, 0, keyedRng(1, checked, 9));
        const screens = [obs, observe(other, 0)].map((o) => {
          const io = scriptedIO(['1', '1']);
          new PerlaggenHuman(io).act(o);
          return io.output.join('');
        });
        expect(screens[1]).toBe(screens[0]);
        checked++;
      },
    });
    expect(checked).toBeGreaterThan(5);
  });
});
