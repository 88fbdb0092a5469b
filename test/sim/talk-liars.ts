// Shared by the talk-promise tests (hot-loop-twins: passes.unsaid; declared-talk: passes.unsaidAt): simple at
// four seats, but saying the phrase `pick` finds whenever it may — declaring `passes` (a promise it breaks)
// or nothing. Played on 20 Oberland deals at a talking table: checked (each fault's message must match `fault`), and unchecked
// with and without the declaration, counting the phrase events `asked` selects.
import { expect } from 'vitest';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { playDeal } from '../../src/play/hand.ts';
import type { PolicyAction } from '../../src/engine/actions.ts';
import type { WindowPasses } from '../../src/policy/api.ts';

type Event = ReturnType<typeof playDeal>['state']['events'][number];

export function breakTalkPromise(passes: WindowPasses, pick: (a: PolicyAction) => boolean, asked: (e: Event) => boolean, fault: RegExp): { faulted: number; promised: number; open: number } {
  const f = builtinPolicy('simple');
  const liars = (declare: boolean) =>
    [0, 1, 2, 3].map(() => {
      const p = f.create({});
      return {
        name: 'liar',
        policy: {
          talk: 'full' as const,
          ...(declare ? { passes } : {}),
          act: (obs: Parameters<typeof p.act>[0], ctx: Parameters<typeof p.act>[1]) => obs.legal.find(pick) ?? p.act(obs, ctx),
        },
      };
    });
  const r = resolveRuleset('oberland{partnerInfo=table}'); // a talking table (the Oberland signs by default, RULES §13)
  const count = (x: ReturnType<typeof playDeal>) => x.state.events.filter(asked).length;
  let faulted = 0;
  let promised = 0;
  let open = 0;
  for (let d = 0; d < 20; d++) {
    const base = { ruleset: r, players: 4, rootSeed: 13, dealIndex: d, dealer: d % 4 };
    try {
      playDeal({ ...base, policies: liars(true), checked: true });
    } catch (e) {
      expect(String(e)).toMatch(fault);
      faulted++;
    }
    promised += count(playDeal({ ...base, policies: liars(true), checked: false }));
    open += count(playDeal({ ...base, policies: liars(false), checked: false }));
  }
  return { faulted, promised, open };
}
