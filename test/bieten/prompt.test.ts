// A person at a Bieten seat (src/games/bieten/prompt.ts, screen.ts): what the rules forbid is answered in the
// rules' German words (never the engine's English, never where another's card lies), and the table line says
// who bid and who holds each figure (issue 24, item 3).
import { describe, expect, it } from 'vitest';
import { cardShort } from '../../src/cards/notation.ts';
import { explainIllegal } from '../../src/games/bieten/engine.ts';
import { playBietenDeal } from '../../src/play/bieten.ts';
import { bietenExplainWords, bietenPrompt } from '../../src/games/bieten/prompt.ts';
import { bietenStatus } from '../../src/games/bieten/screen.ts';
import { resolveBietenRules } from '../../src/games/bieten/rules.ts';
import type { BietenAction } from '../../src/games/bieten/state.ts';
import { answerLine } from '../../src/games/prompt.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';

const ENGLISH = /\b(the|is|are|not|must|holds?|cannot|already|bid|held|answers?|only|may|given|void|deal)\b/;

describe('a person at a Bieten seat', () => {
  it('every explanation of a forbidden action is German; the wagers line names the bidder and the holder', () => {
    const rules = resolveBietenRules('bieten');
    const plain = builtinPolicy('plain', 'bieten');
    let explained = 0;
    let held = 0;
    let notHeld = 0;
    for (let deal = 0; deal < 30; deal++) {
      const policies = [0, 1, 2].map(() => ({ name: 'plain', policy: plain.create({}) as never }));
      playBietenDeal({
        rules, players: 3, policies, rootSeed: 7, dealIndex: deal, dealer: deal % 3,
        onDecision: (s, _player, obs) => {
          const tries: BietenAction[] = [{ kind: 'gut' }, { kind: 'hold' }, { kind: 'pass' }];
          for (const f of ['Herz', 'Laub', 'Gleich', 'Hanger', 'Spiel'] as const) tries.push({ kind: 'bid', figure: f }, { kind: 'groschen', figure: f });
          for (const card of obs.hand) tries.push({ kind: 'play', card });
          for (const a of tries) {
            const why = explainIllegal(s, a);
            if (why === null) continue;
            const words = bietenExplainWords(why);
            expect(words, why).not.toBe('');
            expect(words, why).not.toMatch(/^siehe/);
            expect(words, why).not.toMatch(ENGLISH);
            explained++;
          }
          for (const f of obs.figures) {
            if (f.status !== 'held' || f.holder === f.bidder) continue;
            held++;
            expect(bietenStatus(obs).join('\n')).toContain(`${f.figure}: geboten von ${obs.names[f.bidder]}, ${f.stake === 3 ? 'mit Groschen ' : ''}gehalten von ${obs.names[f.holder]}`);
          }
          // a card another seat holds: answered from the seat's own cards, never with where the card lies
          if (obs.phase === 'play' && obs.acting === obs.seat) {
            const p = bietenPrompt(obs, (a) => explainIllegal(s, a));
            const other = [...Array(32).keys()].find((c) => !obs.hand.includes(c))!;
            const r = answerLine(p, null, cardShort(other));
            expect(r).toEqual({ kind: 'again', why: `jetzt nicht möglich: du hast ${cardShort(other)} nicht (Karten: ${obs.hand.map(cardShort).join(' ')})`, list: true });
            notHeld++;
          }
        },
      });
    }
    expect(explained).toBeGreaterThan(100);
    expect(held).toBeGreaterThan(0);
    expect(notHeld).toBeGreaterThan(10);
  });

  it('a word of the game that is not possible now: "jetzt nicht möglich" and the choices again', () => {
    const rules = resolveBietenRules('bieten');
    const plain = builtinPolicy('plain', 'bieten');
    let checked = 0;
    const policies = [0, 1, 2].map(() => ({ name: 'plain', policy: plain.create({}) as never }));
    playBietenDeal({
      rules, players: 3, policies, rootSeed: 5, dealIndex: 0, dealer: 0,
      onDecision: (s, _player, obs) => {
        if (obs.phase !== 'play' || obs.offer !== null) return;
        const p = bietenPrompt(obs, (a) => explainIllegal(s, a));
        const r = answerLine(p, null, 'gut');
        expect(r).toEqual({ kind: 'again', why: expect.stringMatching(/jetzt nicht möglich/), list: true });
        checked++;
      },
    });
    expect(checked).toBeGreaterThan(3);
  });
});
