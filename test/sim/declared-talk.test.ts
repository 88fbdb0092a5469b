// The talk part of Policy.passes by talk point (RULES §13): unsaid / unsaidAt read by engine/talk.ts quietDeclared,
// which the runner takes at its word (unchecked) or holds the policy to (checked).
import { describe, expect, it } from 'vitest';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { legalActions } from '../../src/engine/game.ts';
import { quietDeclared, talkSeat, type UnsaidPhrase } from '../../src/engine/talk.ts';
import type { HandState } from '../../src/engine/state.ts';
import type { FigureName } from '../../src/engine/actions.ts';
import type { Policy } from '../../src/policy/api.ts';
import { breakTalkPromise } from './talk-liars.ts';
import { TALK_PHRASES } from '../../src/engine/talk-words.ts';

const FIGURED = ['inNatura', 'biet', 'halt'] as const;
const FIGURES: readonly FigureName[] = ['Spiel', 'Gleich', 'Hanger'];
/** Every phrase, the figured ones as one item per figure. */
const ITEMS: readonly UnsaidPhrase[] = [
  ...TALK_PHRASES.filter((p) => !(FIGURED as readonly string[]).includes(p)),
  ...FIGURED.flatMap((p) => FIGURES.map((f) => `${p}:${f}` as UnsaidPhrase)),
];
const itemOf = (a: { phrase: string; figure: FigureName | null }): UnsaidPhrase =>
  ((FIGURED as readonly string[]).includes(a.phrase) ? `${a.phrase}:${a.figure!}` : a.phrase) as UnsaidPhrase;
const ahead = (s: HandState): boolean => {
  const me = s.table.party[talkSeat(s)]!;
  return s.tricksWon.every((w, q) => q === me || w < s.tricksWon[me]!);
};

describe('quietDeclared (Policy.passes.unsaid, .unsaidAt) = the legal phrases', () => {
  it('by phrase and figure, by talk point and by tricks won, at every talk decision of random and simple', () => {
    const random = builtinPolicy('random').create({ talkRate: 0.5 });
    const simple = builtinPolicy('simple').create({});
    const r = resolveRuleset('oberland{partnerInfo=table}');
    const all = { unsaid: ITEMS };
    const only = new Map(ITEMS.map((x) => [x, { unsaid: ITEMS.filter((y) => y !== x) }]));
    const at = (k: 'firstLead' | 'laterLead' | 'card' | 'answer' | 'notAhead') => ({ unsaidAt: { [k]: ITEMS } });
    let steps = 0;
    const seen = new Set<string>();
    for (let d = 0; d < 16; d++) {
      const policies: SeatPolicy[] = [0, 1, 2, 3].map((i) => ({ name: 'p', policy: (i + d) % 2 === 0 ? random : simple }));
      playDeal({
        ruleset: r, players: 4, policies, rootSeed: 3, dealIndex: d, dealer: d % 4,
        onDecision: (s) => {
          if (s.phase !== 'talk') return;
          const t = s.talk!;
          if (t.question !== null) {
            expect(quietDeclared(s, all)).toBe(false); // an answer is never declared away
            return;
          }
          steps++;
          const open = new Set<UnsaidPhrase>();
          for (const a of legalActions(s)) if (a.kind === 'say') open.add(itemOf(a));
          expect(quietDeclared(s, all)).toBe(true);
          for (const x of ITEMS) {
            // every phrase declared but x: quiet is promised exactly where x is not open
            expect(quietDeclared(s, only.get(x)!), x).toBe(!open.has(x));
            if (open.has(x)) seen.add(x);
          }
          const k = t.point === 'lead' ? (s.tricks.length === 1 ? 'firstLead' : 'laterLead') : t.point;
          for (const p of ['firstLead', 'laterLead', 'card', 'answer'] as const) expect(quietDeclared(s, at(p)), p).toBe(p === k);
          expect(quietDeclared(s, at('notAhead'))).toBe(!ahead(s));
        },
      });
    }
    expect(steps).toBeGreaterThan(200);
    for (const x of ['welcheFarbe', 'inNatura:Gleich', 'inNatura:Spiel', 'biet:Hanger', 'halt:Spiel', 'halt:Gleich', 'ichKannNicht'] as const) expect(seen.has(x), x).toBe(true);
  });

  it('a declared item that is no phrase is one clear error', () => {
    const r = resolveRuleset('oberland{partnerInfo=table}');
    const simple = builtinPolicy('simple').create({});
    const bad = (x: string): Policy => ({ act: simple.act.bind(simple), talk: 'full', passes: { unsaidAt: { card: [x as UnsaidPhrase] } } });
    for (const x of ['shout', 'ja:Spiel', 'inNatura:Weli']) {
      expect(() => playDeal({ ruleset: r, players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'bad', policy: bad(x) })), rootSeed: 3, dealIndex: 0, dealer: 0 })).toThrow(
        new RegExp(`'${x}' is no phrase one can declare unsaid`),
      );
    }
  });
});

describe("simple's declaration by talk point holds; a policy that breaks it is a fault on the checked path", () => {
  it('simple asks about the Spiel only when its party is ahead, about Gleich and Hanger only at the first lead', () => {
    const f = builtinPolicy('simple');
    const passes = f.create({}).passes!;
    expect(passes.unsaidAt).toEqual({
      firstLead: ['inNatura:Spiel', 'biet:Spiel'],
      laterLead: ['inNatura:Gleich', 'inNatura:Hanger', 'biet:Gleich', 'biet:Hanger'],
      notAhead: ['inNatura:Spiel', 'biet:Spiel', 'halt:Spiel'],
    });
    // simple, but asking about the Gleich in natura whenever it may — with simple's declaration (or none);
    // unchecked the promise is taken at its word: at later leads, where the Gleich is all it would ask, it is not asked
    const { faulted, promised, open } = breakTalkPromise(
      passes,
      (a) => a.kind === 'say' && a.phrase === 'inNatura' && a.figure === 'Gleich',
      (e) => e.type === 'say' && e.phrase === 'inNatura' && e.figure === 'Gleich' && e.trick > 0,
      /declared it never says what it may say in this talk window \(Policy.passes.unsaid\)/,
    );
    expect(faulted).toBeGreaterThan(0);
    expect(promised).toBeLessThan(open);
  });
});
