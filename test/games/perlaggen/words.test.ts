// The game's words (src/games/perlaggen/words.ts, screen.ts): every reason the engine gives for a write, a
// penalty, a correction or the end of a Partie, and every explanation of an illegal action met in Partien of
// every ruleset (random bidders, the revoke switch on), has German words — nothing of the engine's English and
// none of its records reaches a player; the counts and the deal read right (issue 24, item 3).
import { describe, expect, it } from 'vitest';
import type { PolicyAction } from '../../../src/engine/actions.ts';
import { explainIllegal } from '../../../src/engine/checked.ts';
import { seatEventLine } from '../../../src/games/perlaggen/screen.ts';
import { cardCount, dealWords, dealtPattern, eventWords, explainWords, reasonWords } from '../../../src/games/perlaggen/words.ts';
import { resolvePolicy } from '../../../src/registry/policies.ts';
import { resolveRuleset } from '../../../src/rules/registry.ts';
import { playPartie } from '../../../src/play/partie.ts';
import { observe } from '../../../src/engine/observe.ts';

const ENGLISH = /\b(the|is|are|not|must|holds?|cannot|points?|target|written|while|over|limit|opponents|figure|deal|bid|raise)\b/;

describe('the engine in the game\'s words', () => {
  it('every reason and every explanation met in Partien of the four rulesets has German words, and no screen line shows an engine record', async () => {
    const p = await resolvePolicy('random{bidRate=0.5}');
    const reasons = new Set<string>();
    const explained = new Set<string>();
    let lines = 0;
    for (const rs of ['1853', 'oberland', 'suedtirol', 'innsbruck']) {
      const policies = [0, 1, 2, 3].map(() => ({ name: 'random', policy: p.factory.create(p.options) }));
      for (let k = 0; k < 2; k++) {
        const res = playPartie({
          ruleset: resolveRuleset(rs), players: 4, policies, rootSeed: 11, partieIndex: k, keepStates: true, revokes: true,
          onDecision: (s, _player, obs) => {
            // what a person might type that the rules forbid now
            const tries: PolicyAction[] = [];
            if (obs.phase === 'play') for (const c of obs.hand) tries.push({ kind: 'play', card: c, as: null }, { kind: 'play', card: c, as: 0 });
            if (obs.phase === 'window' || obs.phase === 'answer') tries.push({ kind: 'gut' }, { kind: 'hold' }, { kind: 'raise', figure: 'Spiel', to: 3 }, { kind: 'bid', figures: ['Gleich'], cumulative: false, unseen: false }, { kind: 'reject' }, { kind: 'concede' });
            if (obs.phase === 'exchange') for (const c of obs.hand) tries.push({ kind: 'exchange', card: c }, { kind: 'declineExchange' });
            for (const a of tries) {
              const why = explainIllegal(s, a);
              if (why === null) continue;
              const words = explainWords(why);
              expect(words, why).not.toBe('');
              expect(words, why).not.toMatch(/^siehe/);
              expect(words, why).not.toMatch(ENGLISH);
              explained.add(why.replace(/P\d|\b[HSLE](A|K|O|U|10|9|8|7)\b/g, '_'));
            }
          },
        });
        for (const s of res.states) {
          for (const e of s.events) {
            const reason = e.type === 'write' || e.type === 'penalty' || e.type === 'correction' || e.type === 'partieOver' ? e.reason : e.type === 'figure' && e.how.includes('17:17') ? e.how : null;
            if (reason !== null) {
              const words = reasonWords(reason);
              expect(words, reason).not.toBe('');
              expect(words, reason).not.toMatch(/^siehe/);
              expect(words, reason).not.toMatch(ENGLISH);
              reasons.add(reason);
            }
          }
          // every event as each seat sees it
          for (let player = 0; player < 4; player++) {
            const obs = observe(s, player);
            for (const e of obs.history) {
              const line = seatEventLine(e, obs);
              if (line === null) continue;
              lines++;
              expect(line).not.toMatch(/say \(|sign \(|seat:|\{|\}/);
              expect(line.replace(/„[^“]*“/g, ''), line).not.toMatch(ENGLISH);
            }
          }
        }
      }
    }
    expect(reasons.size).toBeGreaterThan(15);
    expect(explained.size).toBeGreaterThan(15);
    expect(lines).toBeGreaterThan(1000);
  });

  it('reasons read as players say them; an unknown one shows only the rule it cites, never its English', () => {
    expect(reasonWords('the Hanger reaches the target')).toBe('der Hanger erreicht das Ziel');
    expect(reasonWords('the Spiel is let gut')).toBe('das Spiel wird gut gelassen');
    expect(reasonWords('a revoke: 2 minus points ([003 §17])')).toBe('Farbe verleugnet: 2 Minuspunkte ([003 §17])');
    expect(reasonWords('false Gleich: the point is erased and written to the opponents ([000 p.31])')).toBe('falsches Gleich: der Punkt wird gestrichen und den Gegnern geschrieben ([000 S. 31])');
    expect(reasonWords('something new (RULES §8.5, A-99)')).toBe('siehe Regeln §8.5, A-99');
    expect(reasonWords('something new')).toBe('');
    expect(eventWords({ type: 'penalty', party: 0, points: 2, reason: 'something new' }, { who: (s) => `P${s + 1}`, party: (p) => `Partei ${p}` })).toBe('  Strafe: Partei 0 −2');
    expect(explainWords('P1 holds HK: must follow Herz or trump (RULES §6.2)')).toBe('P1 hat HK: Herz muss bedient werden (oder gestochen) (Regeln §6.2)');
  });

  it('one card, the deal as really dealt', () => {
    expect(cardCount(1)).toBe('1 Karte');
    expect(cardCount(20)).toBe('20 Karten');
    expect(eventWords({ type: 'cut', cutter: 3, lifted: 1 }, { who: (s) => `P${s + 1}`, party: String })).toBe('Abheben: P4 hebt 1 Karte ab.');
    // six players with four cards (Oberland, Innsbruck): 2+3 is cut short to 2+2 (engine/deal.ts dealAll)
    expect(dealtPattern([2, 3], 4)).toEqual([2, 2]);
    expect(dealtPattern([3, 2], 4)).toEqual([3, 1]);
    expect(dealtPattern([2, 3], 5)).toEqual([2, 3]);
    expect(dealWords([2, 3], 4)).toBe('je 4 Karten, 2+2');
  });
});
