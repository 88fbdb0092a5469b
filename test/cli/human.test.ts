// perlagg play --human: a person's lines drive a seat. The person here types what the `simple` (Bieten:
// `plain`) bot chose at that seat, in words or by number, so the game must come out exactly as `perlagg
// play` with bots only: the same transcript but for the seat's name "human". A whole hand is piped into the
// real command; Partien, the Strohmann and Bieten run in-process through the same code.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardShort } from '../../src/cards/notation.ts';
import { type PolicyAction, sameAction } from '../../src/engine/actions.ts';
import { type Observation, observe, resampleHidden } from '../../src/engine/observe.ts';
import { perlaggLevel } from '../../src/policy/api.ts';
import { resolvePolicy, builtinPolicy } from '../../src/registry/policies.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { playPartie } from '../../src/play/partie.ts';
import { keyedRng } from '../../src/core/rng.ts';
import { partieTranscript, playTranscript } from '../../src/cli/play.ts';
import { humanPlay } from '../../src/cli/human-play.ts';
import { PerlaggenHuman, scriptedIO } from '../../src/cli/human.ts';
import { bietenGameTranscript, bietenPlayTranscript, playBietenDeal } from '../../src/play/bieten.ts';
import { resolveBietenRules } from '../../src/games/bieten/rules.ts';
import type { BietenAction } from '../../src/games/bieten/state.ts';
import type { BietenObservation } from '../../src/games/bieten/observe.ts';
import { UsageError } from '../../src/core/errors.ts';
import { playBietenGame } from '../../src/play/bieten-game.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const LEVEL = ['', '', 'Zwei', 'Drei', 'Vier', 'Fünf', 'Sechs', 'Sieben', 'Acht', 'Neun', 'Zehn'];

/** What a person types for a Perlaggen action (words; `n` varies the forms used). */
function sayPerlaggen(a: PolicyAction, obs: Observation, n: number): string {
  switch (a.kind) {
    case 'play':
      if (a.as !== null) return n % 2 === 0 ? `${cardShort(a.card)} als ${cardShort(a.as)}` : `${cardShort(a.card)} getauft als ${cardShort(a.as)}`;
      return perlaggLevel(obs, a.card) > 0 ? `${cardShort(a.card)} ungetauft` : cardShort(a.card);
    case 'show': {
      const hand = obs.acting >= 0 && obs.acting !== obs.seat ? obs.seenHands.find((h) => h.seat === obs.acting)!.cards : obs.hand;
      const free = hand.filter((c) => perlaggLevel(obs, c) > 0);
      return free.map((c, i) => `${cardShort(c)} als ${cardShort(a.as[i]!)}`).join(', ');
    }
    case 'pass':
      return ['passen', '', '1', 'nichts'][n % 4]!;
    case 'bid':
      return a.cumulative ? "Höll' auf" : a.figures.join(' und ');
    case 'gut':
      return 'gut';
    case 'hold':
      return 'halten';
    case 'raise':
      return `${a.to >= 8 ? 'Aus' : LEVEL[a.to]} ${a.figure}`;
    case 'keepCut':
      return a.keep ? 'behalten' : 'lassen';
    case 'exchange':
      return `tauschen ${cardShort(a.card)}`;
    case 'declineExchange':
      return 'liegen lassen';
    case 'concede':
      return 'aufgeben';
    case 'veto':
      return 'Einspruch';
    case 'consent':
      return 'einverstanden';
    case 'ask':
      return `fragen ${a.type} ${['', '', 'zweifach', 'dritzig', 'viertig', 'fünftig'][a.count]}`;
    case 'allow':
      return 'erlauben';
    case 'reject':
      return 'zurückweisen';
    case 'say':
    case 'quiet': {
      // table talk (RULES §13): its number in the list (the choices of a talk window are obs.legal in order)
      const i = obs.legal.findIndex((x) => sameAction(x, a));
      if (i < 0) throw new Error('a phrase not in the list');
      return String(i + 1);
    }
    default:
      throw new Error(`no words for ${(a as { kind: string }).kind}`);
  }
}

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

const tmp = () => mkdtempSync(join(tmpdir(), 'perlagg-human-'));
const asHuman = (text: string, players: readonly number[]) => text.replace(/^(Spieler: .*)$/gm, (line) => players.reduce((l, p) => l.replace(new RegExp(`P${p + 1} [^,.\\s]+`), `P${p + 1} human`), line));

describe('perlagg play --human', () => {
  it('a whole hand piped into the command: mistakes answered in one line each, the transcript as perlagg play prints it', { timeout: 120_000 }, async () => {
    // Oberland: the first seed from 3 on with a card decision where a held card may not be laid (the follow rule)
    const illegalAt = (d: Awaited<ReturnType<typeof recordHand>>) => d.findIndex(({ obs }) => obs.phase === 'play' && obs.hand.some((c) => !obs.legal.some((a) => a.kind === 'play' && a.card === c)));
    let seed = 3;
    let decisions = await recordHand('oberland', seed, 4, 0);
    while (illegalAt(decisions) < 0 && seed < 40) decisions = await recordHand('oberland', ++seed, 4, 0);
    const at = illegalAt(decisions);
    expect(at, 'a seed with a card that may not be laid').toBeGreaterThanOrEqual(0);
    const firstCard = decisions.findIndex(({ action }) => action.kind === 'play');
    const lines: string[] = [];
    decisions.forEach(({ obs, action }, i) => {
      if (i === firstCard) lines.push('XY', '99', obs.hand.includes(31) ? 'H7' : 'EA'); // not understood, no such number, a card not held
      if (i === at) lines.push(cardShort(obs.hand.find((c) => !obs.legal.some((a) => a.kind === 'play' && a.card === c))!));
      lines.push(sayPerlaggen(action, obs, i));
    });
    const dir = tmp();
    const file = join(dir, 'hand.txt');
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'perlagg.js'), 'play', '-r', 'oberland', '--seed', String(seed), '--human', '0', '--transcript', file], { cwd: ROOT, input: lines.join('\n') + '\n', encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const want = asHuman(await playTranscript({ ruleset: 'oberland', seed, players: 4, deal: 0 }), [0]);
    expect(readFileSync(file, 'utf8')).toBe(want);
    expect(want).toContain('Spieler: P1 human, P2 simple, P3 simple, P4 simple');
    // the screen: each mistake got its one line, and the game went on
    expect(r.stdout).toContain('„XY“ verstehe ich nicht');
    expect(r.stdout).toContain('keine Wahl 99: eine Nummer von 1 bis');
    expect(r.stdout).toMatch(/nicht möglich: P1 hat (H7|EA) nicht \(Karten: /);
    expect(r.stdout).toMatch(/nicht möglich: P1 holds .*: must follow/);
    expect(r.stdout).toContain(`Mitschrift geschrieben: ${file}`);
    expect(r.stdout).toMatch(/Punkte: Partei A \(P1\/P3\) \d+, Partei B \(P2\/P4\) \d+/);
    // what the seat saw: its own cards, never another seat's dealt hand
    expect(r.stdout).toContain('Deine Karten: ');
    expect(r.stdout).not.toMatch(/Austeilen/);
  });

  it('the end of the input: one line, exit 2, no transcript written', { timeout: 60_000 }, () => {
    const dir = tmp();
    const file = join(dir, 'never.txt');
    const r = spawnSync(process.execPath, [join(ROOT, 'bin', 'perlagg.js'), 'play', '--human', '0', '--transcript', file], { cwd: ROOT, input: '1\n', encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^perlagg: the input ended before the game was over/);
    expect(existsSync(file)).toBe(false);
    const bad = spawnSync(process.execPath, [join(ROOT, 'bin', 'perlagg.js'), 'play', '--human', '0,0'], { cwd: ROOT, input: '', encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/player 0 is named twice/);
  });

  it('a whole Partie (1853) and the Strohmann\'s holder, in-process: the transcripts of perlagg play', { timeout: 120_000 }, async () => {
    const r = resolveRuleset('1853');
    const p = await resolvePolicy('simple');
    const policies: SeatPolicy[] = [0, 1, 2, 3].map(() => ({ name: 'simple', policy: p.factory.create(p.options) }));
    const lines: string[] = [];
    playPartie({ ruleset: r, players: 4, policies, rootSeed: 4, partieIndex: 0, onDecision: (_s, player, obs, action) => void (player === 2 && lines.push(sayPerlaggen(action, obs, lines.length))) });
    const io = scriptedIO(lines);
    const text = await humanPlay({ game: 'perlaggen', ruleset: '1853', seed: 4, players: 4, deal: 0, partie: 0, humans: [2], io });
    expect(text).toBe(asHuman(await partieTranscript({ ruleset: '1853', seed: 4, players: 4, deal: 0, partie: 0 }), [2]));
    expect(io.output.join('')).toContain('=== Neues Spiel: du bist P3');
    expect(io.output.join('')).toContain('Die Partie ist aus nach');
    // three players with the Strohmann: player 1 also plays the dummy's hand
    const d = await recordHand('1853', 2, 3, 1);
    expect(d.some((x) => x.obs.acting === 3)).toBe(true);
    const io2 = scriptedIO(d.map((x, i) => sayPerlaggen(x.action, x.obs, i)));
    const t2 = await humanPlay({ game: 'perlaggen', ruleset: '1853', seed: 2, players: 3, deal: 0, humans: [1], io: io2 });
    expect(t2).toBe(asHuman(await playTranscript({ ruleset: '1853', seed: 2, players: 3, deal: 0 }), [1]));
    expect(io2.output.join('')).toMatch(/für den Strohmann P4/);
  });

  it('Bieten: a deal and a whole game to the Noggerl, in-process', { timeout: 60_000 }, async () => {
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

  it('the screen comes from the observation only: redealing what the seat cannot see changes nothing on it', { timeout: 60_000 }, async () => {
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
