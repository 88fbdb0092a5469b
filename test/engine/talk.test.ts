// RULES §13 (engine/talk.ts): what partners share — the ruleset field, the secret signs, the table talk as
// actions of the talk phase, the policies' use of it, the transcript lines and the hands table's columns.
import { describe, expect, it } from 'vitest';
import { parseCards, cardShort } from '../../src/cards/notation.ts';
import { RULESET_NAMES, canonicalName, resolveRuleset } from '../../src/rules/registry.ts';
import { RULE_SWITCHES } from '../../src/rules/ambiguities.ts';
import { currentPlayer, handFromLayout, legalActions, actingSeat } from '../../src/engine/game.ts';
import { applyChecked, explainIllegal } from '../../src/engine/checked.ts';
import { PASS, actionText, type PolicyAction } from '../../src/engine/actions.ts';
import { observe } from '../../src/engine/observe.ts';
import { resampleHidden } from '../../src/engine/resample.ts';
import { STREAM, keyedRng } from '../../src/core/rng.ts';
import { QUIET, openPhraseMask, openPhraseMaskFresh, partnersOf, sayOf, signsOfHand, talkSeat } from '../../src/engine/talk.ts';
import type { HandState } from '../../src/engine/state.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { playPartie } from '../../src/play/partie.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import { createJob } from '../../src/sim/jobs.ts';
import { playTranscript } from '../../src/cli/play.ts';
import type { Policy } from '../../src/policy/api.ts';
import { LEVELS, RULESETS, TABLES, specOf } from './tables.ts';
import { TALK_PHRASES } from '../../src/engine/talk-words.ts';

const cards = (t: string) => parseCards(t);

/** 1853, four players, dealer P1 (seat 0): Vorhand P2 (seat 1) leads; Herz trump (H9 turned: no exchange). */
function dealt1853(spec = '1853', opts: { quietSeats?: number; silentSeats?: number } = {}): HandState {
  return handFromLayout(resolveRuleset(spec), { players: 4, dealer: 0, ...opts }, {
    hands: [cards('HK H7 SU SO LU'), cards('SA SK L7 L8 E7'), cards('HA H10 EA EK E8'), cards('LA LK S7 S8 E9')],
    turned: cards('H9')[0]!,
  });
}

/** Pass every bid window and say nothing until the phase is `phase` (or the hand ends). */
function until(s: HandState, phase: string, maxSteps = 200): void {
  for (let i = 0; i < maxSteps && s.phase !== phase && s.phase !== 'done'; i++) {
    if (s.phase === 'window') applyChecked(s, PASS);
    else if (s.phase === 'talk') applyChecked(s, QUIET);
    else if (s.phase === 'answer') applyChecked(s, legalActions(s).find((a) => a.kind === 'gut')!);
    else if (s.phase === 'veto') applyChecked(s, legalActions(s).find((a) => a.kind === 'consent')!);
    else applyChecked(s, legalActions(s)[0]!);
  }
}

const says = (s: HandState) => s.events.filter((e) => e.type === 'say');
const words = (xs: readonly PolicyAction[]) => xs.map(actionText);

describe('RULES §13: the ruleset field partnerInfo', () => {
  it('has four levels; the sources give table talk in 1853 [000 p.31-33, p.37] and signs in Innsbruck, Oberland, Südtirol [003 Intro 8]; the old values still read', () => {
    for (const name of RULESET_NAMES) expect(resolveRuleset(name).partnerInfo, name).toBe(name === '1853' ? 'table' : 'signs');
    expect(resolveRuleset('1853{partnerInfo=signals}').partnerInfo).toBe('signs');
    expect(resolveRuleset('oberland{partnerInfo=fullPartnerHands}').partnerInfo).toBe('open');
    expect(canonicalName(resolveRuleset('1853{partnerInfo=signals}'))).toBe('1853{partnerInfo=signs}');
    for (const level of LEVELS) expect(canonicalName(resolveRuleset(`innsbruck{partnerInfo=${level}}`))).toBe(level === 'signs' ? 'innsbruck' : `innsbruck{partnerInfo=${level}}`);
    expect(() => resolveRuleset('1853{partnerInfo=gossip}')).toThrow(/partnerInfo/);
    const sw = RULE_SWITCHES.find((x) => x.id === '§13')!;
    for (const alt of sw.switches[0]!.alternatives) expect(resolveRuleset(`1853{${sw.switches[0]!.field}=${alt}}`).partnerInfo).toBe(alt);
  });
});

describe('the signs (RULES §13)', () => {
  it('at the first lead each seat gets its partner\'s plain trumps, Perlaggen and best Perlagg; opponents see none', () => {
    const s = dealt1853('1853{partnerInfo=signs}');
    const signs = s.events.filter((e) => e.type === 'sign');
    // seat 0 holds HK H7 (Perlaggen K and 7), no plain trump; seat 2 HA H10 (plain trumps), no Perlagg
    expect(signs).toEqual([
      { type: 'sign', seat: 0, to: 2, trumps: 0, perlaggen: 2, best: cards('HK')[0] },
      { type: 'sign', seat: 1, to: 3, trumps: 0, perlaggen: 0, best: -1 },
      { type: 'sign', seat: 2, to: 0, trumps: 2, perlaggen: 0, best: -1 },
      { type: 'sign', seat: 3, to: 1, trumps: 0, perlaggen: 0, best: -1 },
    ]);
    until(s, 'play');
    expect(observe(s, 0).signs).toEqual([{ seat: 2, trumps: 2, perlaggen: 0, best: -1 }]);
    expect(observe(s, 1).signs).toEqual([{ seat: 3, trumps: 0, perlaggen: 0, best: -1 }]);
    for (let p = 0; p < 4; p++) for (const e of observe(s, p).history) if (e.type === 'sign') expect(e.to).toBe(p);
    expect(observe(s, 1).talk).toEqual([]);
    expect(s.talk).toBeNull();
  });

  it('none at \'none\', and none without partners', () => {
    expect(dealt1853('1853{partnerInfo=none}').events.some((e) => e.type === 'sign')).toBe(false);
    const policy = builtinPolicy('simple').create({});
    for (const players of [2, 3]) {
      const r = resolveRuleset(players === 3 ? '1853{threePlayers=individual}' : '1853');
      const res = playDeal({ ruleset: r, players, policies: Array.from({ length: players }, () => ({ name: 'simple', policy })), rootSeed: 1, dealIndex: 0, dealer: 0 });
      expect(res.state.events.some((e) => e.type === 'sign' || e.type === 'say')).toBe(false);
      expect(res.state.talk).toBeNull();
    }
  });

  it('signsOfHand counts plain trumps apart from Perlaggen, and the Weli as a Perlagg', () => {
    const s = handFromLayout(resolveRuleset('oberland'), { players: 4, dealer: 0 }, {
      hands: [cards('HK Weli HA H10 E7'), cards('SA SK L7 L8 E8'), cards('HO H9 EA EK S8'), cards('LA LK S7 S9 E9')],
      turned: cards('H8')[0]!,
    });
    let lo = 0;
    for (const c of cards('HK HA H10 E7')) lo |= 1 << c;
    expect(signsOfHand(s.perl!, lo >>> 0, 1)).toEqual({ trumps: 2, perlaggen: 3, best: cards('HK')[0] });
  });
});

describe('imagined worlds and what was said', () => {
  it('resampleHidden keeps the signs and takes a bot\'s belief about the talk as a further test', () => {
    const s = dealt1853();
    until(s, 'play');
    // seat 1 (P2) was signed by P4: no trump, no Perlagg; believe P4 also holds the Laub As
    const la = cards('LA')[0]!;
    const rng = keyedRng(1, 2, STREAM.resample);
    const before = JSON.stringify(observe(s, 1));
    for (let i = 0; i < 200; i++) {
      const w = resampleHidden(s, 1, rng, 10000, (x) => x.loc[la] === 3);
      expect(w.loc[la]).toBe(3);
      expect(signsOfHand(w.perl!, w.startLo[3]!, w.startWeli[3]!)).toEqual({ trumps: 0, perlaggen: 0, best: -1 });
      expect(JSON.stringify(observe(w, 1))).toBe(before);
    }
  });
});

describe('table talk as actions (RULES §13)', () => {
  it('the leader asks "Welche Farbe?"; the partner must answer Trumpf, a side suit or Gut drüben; everybody hears it', () => {
    const s = dealt1853();
    until(s, 'talk');
    expect(actingSeat(s)).toBe(1); // Vorhand leads
    expect(s.talk!.point).toBe('lead');
    const legal = legalActions(s);
    expect(legal[0]).toBe(QUIET);
    expect(words(legal)).toContain('say welcheFarbe to P4');
    expect(words(legal)).toContain('say inNatura Gleich to P4');
    expect(words(legal)).toContain('say biet Spiel to P4');
    expect(words(legal)).not.toContain('say welcheFarbe to P2'); // only a partner is asked
    expect(explainIllegal(s, sayOf('ichKannNicht', 3))).toMatch(/cannot say that now/);
    applyChecked(s, sayOf('welcheFarbe', 3));
    expect(actingSeat(s)).toBe(3);
    expect(currentPlayer(s)).toBe(3);
    expect(words(legalActions(s))).toEqual(['say trumpf to P2', 'say farbe S to P2', 'say farbe L to P2', 'say farbe E to P2', 'say gutDrueben to P2']);
    expect(explainIllegal(s, QUIET)).toMatch(/must answer/);
    expect(observe(s, 3).question).toMatchObject({ seat: 1, to: 3, phrase: 'welcheFarbe' });
    expect(observe(s, 0).question).toBeNull();
    applyChecked(s, sayOf('farbe', 1, 2));
    // back to the asker, who cannot ask again
    expect(actingSeat(s)).toBe(1);
    expect(words(legalActions(s))).not.toContain('say welcheFarbe to P4');
    for (let p = 0; p < 4; p++) {
      expect(observe(s, p).talk.map((t) => [t.seat, t.to, t.phrase, t.suit, t.reply])).toEqual([[1, 3, 'welcheFarbe', -1, false], [3, 1, 'farbe', 2, true]]);
    }
    applyChecked(s, QUIET);
    // the partner may not make a second lead request in this window
    while (s.phase === 'talk' && actingSeat(s) !== 3) applyChecked(s, QUIET);
    if (s.phase === 'talk') expect(words(legalActions(s)).some((w) => w.startsWith('say trumpf') || w.startsWith('say farbe'))).toBe(false);
    until(s, 'play');
    expect(s.turn).toBe(1);
    expect(s.talk!.window).toBeNull();
  });

  it('"Ich kann nicht" is the last hand\'s, after the first card; "Kannst du stechen?" goes to a partner still to play', () => {
    const s = dealt1853();
    until(s, 'play');
    applyChecked(s, legalActions(s).find((a) => a.kind === 'play' && cardShort(a.card) === 'L7')!);
    until(s, 'talk');
    // P2 led; P3 (seat 2) is second hand; the last hand is P1 (seat 0), P3's partner
    expect(s.talk!.point).toBe('card');
    expect(actingSeat(s)).toBe(0);
    expect(words(legalActions(s))).toEqual(['say nothing', 'say ichKannNicht to P3']);
    applyChecked(s, sayOf('ichKannNicht', 2));
    expect(actingSeat(s)).toBe(2);
    expect(words(legalActions(s))).toEqual(['say nothing', 'say kannstStechen to P1', 'say entscheidung to P1']);
    applyChecked(s, sayOf('kannstStechen', 0));
    expect(words(legalActions(s))).toEqual(['say ja to P3', 'say nein to P3']);
    applyChecked(s, sayOf('nein', 2));
    applyChecked(s, QUIET);
    until(s, 'play');
    expect(s.turn).toBe(2);
    applyChecked(s, legalActions(s).find((a) => a.kind === 'play')!);
    until(s, 'talk');
    // third hand P4 (seat 3): his partner P2 has played: no "Kannst du stechen?", no "Ich kann nicht" any more
    if (s.phase === 'talk') {
      expect(actingSeat(s)).toBe(3);
      expect(words(legalActions(s))).toEqual(['say nothing', 'say entscheidung to P2']);
    }
  });

  it('before an answer the answerer\'s partner may say "Halt ...!" or "Lass ... gut!"', () => {
    const s = dealt1853();
    // to the first bid window (point 0) and bid the Gleich with P2
    for (let i = 0; i < 50 && !(s.phase === 'window' && s.bid.point === 0 && actingSeat(s) === 1); i++) {
      if (s.phase === 'window') applyChecked(s, PASS);
      else applyChecked(s, QUIET);
    }
    applyChecked(s, legalActions(s).find((a) => a.kind === 'bid' && a.figures.length === 1 && a.figures[0] === 'Gleich')!);
    if (s.phase === 'veto') applyChecked(s, legalActions(s).find((a) => a.kind === 'consent')!);
    expect(s.phase).toBe('talk');
    expect(s.talk!.point).toBe('answer');
    // P3 (seat 2) answers; his partner P1 (seat 0) advises
    expect(s.bid.answerSeat).toBe(2);
    expect(actingSeat(s)).toBe(0);
    expect(words(legalActions(s))).toEqual(['say nothing', 'say halt Gleich to P3', 'say gutLassen Gleich to P3']);
    applyChecked(s, sayOf('halt', 2, -1, 'Gleich'));
    expect(s.phase).toBe('answer'); // one advice a window: nothing left to say
    expect(actingSeat(s)).toBe(2);
    expect(observe(s, 2).history.at(-1)).toMatchObject({ type: 'say', phrase: 'halt', figure: 'Gleich', to: 2 });
  });

  it('a seat that never talks is left out and never asked; with no two partners who talk there is no talk at all', () => {
    // seats 1 and 3 quiet: P2 leads and cannot ask; P1 and P3 still talk with each other
    const s = dealt1853('1853', { quietSeats: 0b1010 });
    until(s, 'talk');
    expect([0, 2]).toContain(actingSeat(s));
    for (const a of legalActions(s)) if (a.kind === 'say') expect([0, 2]).toContain(a.to);
    expect(dealt1853('1853', { quietSeats: 0b1111 }).talk).toBeNull();
    expect(dealt1853('1853{partnerInfo=signs}').talk).toBeNull();
    // the same choices as at 'signs', the same decisions: skipping costs nothing
    const quiet = builtinPolicy('simple').create({ information: 'ignore' });
    const policies = [0, 1, 2, 3].map(() => ({ name: 'simple', policy: quiet }));
    for (let d = 0; d < 30; d++) {
      const a = playDeal({ ruleset: resolveRuleset('1853'), players: 4, policies, rootSeed: 4, dealIndex: d, dealer: d % 4 });
      const b = playDeal({ ruleset: resolveRuleset('1853{partnerInfo=signs}'), players: 4, policies, rootSeed: 4, dealIndex: d, dealer: d % 4 });
      expect(a.state.talk).toBeNull();
      expect(a.decisions).toBe(b.decisions);
      expect(a.points).toEqual(b.points);
    }
  });
});

describe('the open phrases kept per seat (TalkState.masks) = worked out afresh', () => {
  it('at every talk decision of simple, random (talkRate 0.5) and silent seats, 3, 4 and 6 players, table and open', () => {
    const simple = builtinPolicy('simple').create({});
    const random = builtinPolicy('random').create({ talkRate: 0.5 });
    const silent = builtinPolicy('simple').create({ information: 'ignore' });
    const mix: SeatPolicy[] = [{ name: 'simple', policy: simple }, { name: 'random', policy: random }, { name: 'simple', policy: silent }];
    let steps = 0;
    for (const name of RULESETS) {
      for (const t of TABLES) {
        if (t.players < 3 || t.override === 'threePlayers=individual') continue;
        for (const level of ['table', 'open']) {
          const r = resolveRuleset(specOf(name, t.override, level));
          const seats = t.override === 'threePlayers=strohmann' ? 4 : t.players;
          for (let d = 0; d < 3; d++) {
            // silent seats leave windows without the card points between leads (a window's phrases outlive it)
            const policies = Array.from({ length: t.players }, (_, i) => (d % 3 === 1 ? mix[1]! : mix[(i + d) % (d % 3 === 0 ? 2 : 3)]!));
            playDeal({
              ruleset: r, players: t.players, policies, rootSeed: 21, dealIndex: d, dealer: d % seats,
              onDecision: (s) => {
                if (s.phase !== 'talk') return;
                const kept = openPhraseMask(s);
                expect(kept).toBe(openPhraseMaskFresh(s));
                if (kept >= 0) {
                  let said = 0;
                  for (const a of legalActions(s)) if (a.kind === 'say') said |= 1 << TALK_PHRASES.indexOf(a.phrase);
                  expect(said).toBe(kept);
                }
                steps++;
              },
            });
          }
        }
      }
    }
    expect(steps).toBeGreaterThan(1000);
  });

  it('with the Strohmann, where a window can follow one of the same seats without a card point between', () => {
    const random = builtinPolicy('random').create({ talkRate: 0.5 });
    const r = resolveRuleset('1853{threePlayers=strohmann}');
    let steps = 0;
    for (let d = 0; d < 200; d++) {
      playDeal({
        ruleset: r, players: 3, policies: [0, 1, 2].map(() => ({ name: 'random', policy: random })), rootSeed: 5, dealIndex: d, dealer: d % 4,
        onDecision: (s) => {
          if (s.phase !== 'talk') return;
          expect(openPhraseMask(s)).toBe(openPhraseMaskFresh(s));
          steps++;
        },
      });
    }
    expect(steps).toBeGreaterThan(1000);
  });
});

describe('a new talk window forgets the last one before it looks at its seats', () => {
  it("before every answer to an offer each talking partner of the answerer has a turn (Strohmann, deal 199: P1 was left out)", () => {
    // A window right after another (two answers in a row, no card point between) was checked against the
    // phrases said in the last window: P1, who had given his advice on the first answer, was left out of the
    // window before the second. A fresh window opens advice to every partner of the answerer, so each has a turn.
    const random = builtinPolicy('random').create({ talkRate: 0.5 });
    const r = resolveRuleset('1853{threePlayers=strohmann}');
    let answers = 0;
    let left = 0;
    for (const d of [199, 1417, 0, 1, 2, 3]) {
      let turns = 0; // bit mask: seats that had a turn at this answer point
      playDeal({
        ruleset: r, players: 3, policies: [0, 1, 2].map(() => ({ name: 'random', policy: random })), rootSeed: 5, dealIndex: d, dealer: d % 4,
        onDecision: (s, _p, _obs, a) => {
          if (s.phase === 'talk') {
            if (s.talk!.point === 'answer' && s.talk!.question === null) turns |= 1 << talkSeat(s);
            return;
          }
          if (s.phase === 'answer' && s.bid.point >= 0 && !(s.bid.ask !== null && s.bid.ask.answer === 'pending')) {
            answers++;
            for (const q of partnersOf(s.table, s.bid.answerSeat)) if (((s.talk!.quiet >>> q) & 1) === 0 && ((turns >>> q) & 1) === 0) left++;
          }
          if (a.kind !== 'say' && a.kind !== 'quiet') turns = 0;
        },
      });
    }
    expect(answers).toBeGreaterThan(5);
    expect(left).toBe(0);
  });
});

describe('the policies and what partners share', () => {
  it("figures are unchanged at 'none': simple plays the same whether it uses what is shared or ignores it", () => {
    const use = builtinPolicy('simple').create({});
    const ignore = builtinPolicy('simple').create({ information: 'ignore' });
    for (const name of RULESETS) {
      for (const t of TABLES) {
        const r = resolveRuleset(specOf(name, t.override, 'none'));
        const seats = t.override === 'threePlayers=strohmann' ? 4 : t.players;
        for (let d = 0; d < 8; d++) {
          const base = { ruleset: r, players: t.players, rootSeed: 8, dealIndex: d, dealer: d % seats };
          const a = playDeal({ ...base, policies: Array.from({ length: t.players }, () => ({ name: 'simple', policy: use })) });
          const b = playDeal({ ...base, policies: Array.from({ length: t.players }, () => ({ name: 'simple', policy: ignore })) });
          expect(JSON.stringify(a.state.actions)).toBe(JSON.stringify(b.state.actions));
          expect(a.state.events.some((e) => e.type === 'sign' || e.type === 'say')).toBe(false);
        }
      }
    }
  });

  it('simple tells the truth; with truthful=false it says the opposite', () => {
    for (const truthful of [true, false]) {
      const policy = builtinPolicy('simple').create({ truthful });
      let checked = 0;
      for (let d = 0; d < 120; d++) {
        playDeal({
          ruleset: resolveRuleset(RULESETS[d % 4]!), players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'simple', policy })), rootSeed: 12, dealIndex: d, dealer: d % 4,
          onDecision: (s, _p, _obs, a) => {
            if (a.kind !== 'say') return;
            const seat = actingSeat(s);
            const perl = s.perl!;
            const trump = 'HSLE'.indexOf(s.trump!);
            const hand: number[] = [];
            for (let c = 0; c < 33; c++) if (s.loc[c] === seat) hand.push(c);
            const hasTrump = hand.some((c) => perl.level[c]! > 0 || (c < 32 && c >>> 3 === trump));
            const q = s.talk!.question;
            if (q !== null && q.phrase === 'welcheFarbe') {
              // "Trumpf" exactly when he holds no trump and no Perlagg (the truth), or the reverse (a lie)
              expect(a.phrase === 'trumpf', `${truthful} ${actionText(a)} ${hand.map(cardShort)}`).toBe(truthful ? !hasTrump : hasTrump);
              checked++;
            }
            if (q !== null && q.phrase === 'inNatura' && q.figure === 'Spiel') {
              const plainTrump = hand.some((c) => perl.level[c] === 0 && c < 32 && c >>> 3 === trump);
              expect(a.phrase === 'ja').toBe(truthful ? plainTrump : !plainTrump);
              checked++;
            }
          },
        });
      }
      expect(checked).toBeGreaterThan(100);
    }
  });

  it('random talks from its keyed stream, and never with talkRate=0', () => {
    const run = (talkRate: number) => {
      const policy = builtinPolicy('random').create({ talkRate });
      return playDeal({ ruleset: resolveRuleset('1853'), players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'random', policy })), rootSeed: 31, dealIndex: 3, dealer: 3 });
    };
    const a = run(0.3);
    expect(says(a.state).length).toBeGreaterThan(0);
    expect(JSON.stringify(run(0.3).state.events)).toBe(JSON.stringify(a.state.events));
    const silent = run(0);
    expect(silent.state.talk).toBeNull();
    expect(says(silent.state)).toEqual([]);
    expect(builtinPolicy('random').create({ talkRate: 0 }).talk).toBe('never');
    expect(builtinPolicy('simple').create({ information: 'ignore' }).talk).toBe('never');
    expect(builtinPolicy('passive').create({}).talk).toBe('never');
  });

  it('a policy that knows nothing of talk and plays legal[0] stays quiet (answers excepted)', () => {
    const naive: Policy = { act: (obs) => obs.legal[0]! };
    const res = playDeal({ ruleset: resolveRuleset('innsbruck'), players: 4, policies: [0, 1, 2, 3].map((): SeatPolicy => ({ name: 'naive', policy: naive })), rootSeed: 2, dealIndex: 0, dealer: 0 });
    expect(says(res.state)).toEqual([]);
    expect(res.summary.talkPerParty).toEqual([0, 0]);
  });
});

describe('transcripts and tables', () => {
  it('perlagg play prints the talk in the game\'s words and the signs as each partnership\'s note', async () => {
    const text = await playTranscript({ ruleset: '1853', seed: 1853, players: 4, deal: 0 });
    expect(text).toMatch(/^ {2}P\d zu P\d: „Welche Farbe\?“ {2}P\d: „(Trumpf!|Herz!|Schell!|Laub!|Eichel!|Gut drüben!)“$/m);
    expect(text).toMatch(/^Zeichen \(geheim, nur Partei A \(P1\/P3\)\): P1 an P3: .*; P3 an P1: /m);
    expect(text).toMatch(/^Zeichen \(geheim, nur Partei B \(P2\/P4\)\): /m);
    const none = await playTranscript({ ruleset: '1853{partnerInfo=none}', seed: 1853, players: 4, deal: 0 });
    expect(none).not.toMatch(/Zeichen|„Welche Farbe/);
  });

  it('hands.arrow counts the phrases per party; the manifest names the level', async () => {
    for (const level of ['none', 'table'] as const) {
      const job = await createJob({ mode: 'hands', ruleset: `1853{partnerInfo=${level}}`, players: 4, policies: ['simple'], seed: 3, constraints: { hands: {}, trump: null, predicate: null } });
      expect(job.describe['partnerInfo']).toBe(level);
      const res = job.runBatch(0, 40);
      const cols = res.tables['hands']!;
      const t0 = cols['p0_talk'] as Uint16Array;
      const t1 = cols['p1_talk'] as Uint16Array;
      const total = [...t0, ...t1].reduce((x, y) => x + y, 0);
      if (level === 'none') expect(total).toBe(0);
      else expect(total).toBeGreaterThan(40);
    }
    const partien = await createJob({ mode: 'partien', ruleset: '1853{partnerInfo=signs}', players: 4, policies: ['simple'], seed: 3, constraints: { hands: {}, trump: null, predicate: null } });
    expect(partien.describe['partnerInfo']).toBe('signs');
  });

  it('Partien run with talk on for every ruleset', () => {
    const policy = builtinPolicy('simple').create({});
    for (const name of RULESETS) {
      const res = playPartie({ ruleset: resolveRuleset(`${name}{partnerInfo=table}`), players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'simple', policy })), rootSeed: 5, partieIndex: 0, keepStates: true });
      expect(res.summary.winnerParty).toBeGreaterThanOrEqual(0);
      expect(res.states.some((s) => says(s).length > 0)).toBe(true);
    }
  });
});
