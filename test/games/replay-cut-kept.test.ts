// A-31 in the replay format: a hand in which the cutter kept permanent Perlaggen at the cut is written with
// its `kept` line and replays to the same hand — the same decisions, the same cards dealt, the same points —
// in the rulesets whose cutter keeps them (Oberland, Innsbruck; Innsbruck's cut keeps one at most in none,
// both 'repeat'), at every table size. Before, such a hand could not be written at all.
import { describe, expect, it } from 'vitest';
import { replayPerlaggen } from '../../src/games/replay/perlaggen.ts';
import { parseRecording } from '../../src/games/replay/common.ts';
import { statements } from '../../src/games/replay/format.ts';
import { recordPerlaggen } from '../../src/games/replay/record.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { playDeal } from '../../src/play/hand.ts';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { handFromLayout } from '../../src/engine/game.ts';
import { parseCard } from '../../src/cards/notation.ts';

const simple = builtinPolicy('simple').create({});
const random = builtinPolicy('random').create({});
const notCut = (e: { type: string }) => e.type !== 'shuffled' && e.type !== 'cut' && e.type !== 'cutShows';

describe('replay format: the cutter kept a Perlagg at the cut (A-31)', () => {
  it('such hands are written with a kept line and replay to the same hand', () => {
    let kept = 0;
    let twice = 0;
    for (let d = 0; d < 400 && kept < 25; d++) {
      const r = resolveRuleset(d % 2 === 0 ? 'oberland' : 'innsbruck');
      const players = [2, 3, 4, 6][d % 4]!;
      const res = playDeal({ ruleset: r, players, policies: Array.from({ length: players }, (_, p) => ({ name: 'x', policy: (p + d) % 3 === 0 ? random : simple })), rootSeed: 31, dealIndex: d, dealer: d % players });
      const keeps = res.state.events.filter((e) => e.type === 'cutKeep' && e.keep).length;
      if (keeps === 0) continue;
      kept++;
      if (keeps > 1) twice++;
      const text = recordPerlaggen(res.state);
      expect(text).not.toBeNull();
      expect(text!).toMatch(/^kept /m);
      const all = statements(text!);
      const back = replayPerlaggen(all, parseRecording(all).header, 'x');
      expect(back.dealPoints[0]).toEqual(res.state.points);
      expect(back.states[0]!.events.filter(notCut)).toEqual(res.state.events.filter(notCut));
    }
    expect(kept).toBeGreaterThanOrEqual(10);
  });

  it('a kept card must be a permanent Perlagg in the cutter\'s hand, and a ruleset whose cutter keeps none refuses the line', () => {
    const ober = resolveRuleset('oberland');
    const base = { players: 4, dealer: 0 };
    const cards = (t: string) => t.split(' ').map(parseCard);
    // Oberland, dealer 0: the cutter is the dealer's right-hand neighbour
    const s0 = handFromLayout(ober, base, { hands: [cards('HA HK HO H10 H9'), cards('SA SK SO S10 S9'), cards('LA LK LO L10 L9'), cards('EA EK EO E10 E9')], turned: parseCard('H8') });
    const cutter = s0.cutter;
    const hands = [cards('HA HK HO H10 H9'), cards('SA SK SO S10 S9'), cards('LA LK LO L10 L9'), cards('EA EK EO E10 E9')];
    expect(() => handFromLayout(ober, base, { hands, turned: parseCard('H8'), cutKept: [hands[cutter]![0]!] })).toThrow(/no permanent Perlagg/);
    expect(() => handFromLayout(resolveRuleset('1853'), base, { hands, turned: parseCard('H8'), cutKept: [hands[cutter]![0]!] })).toThrow(/keeps no Perlagg at the cut/);
  });
});
