// Invariants checked on every step of a hand (GUIDE §2 "Random full games with invariants").
import { expect } from 'vitest';
import { CardSet } from '../../src/cards/cardset.ts';
import { evaluateHand, figureContext } from '../../src/eval/evaluate.ts';
import { wordGleich, wordHanger } from '../../src/eval/figures.ts';
import { LOC, type HandState } from '../../src/engine/state.ts';
import { naiveTrickWinner } from '../oracle/trick-twin.ts';

/** Every card of the deck in exactly one place; hands of the right size. */
export function checkPlaces(s: HandState): void {
  const deckSize = s.ruleset.deckHasWeli ? 33 : 32;
  const where = new Array<number>(33).fill(0);
  const mark = (c: number, code: number) => {
    if (where[c] !== 0) throw new Error(`card ${c} in two places (${where[c]} and ${code})`);
    where[c] = code;
  };
  for (let seat = 0; seat < s.table.seats; seat++) {
    for (let c = 0; c < 32; c++) if ((s.handLo[seat]! >>> c) & 1) mark(c, 100 + seat);
    if (s.handWeli[seat] === 1) mark(32, 100 + seat);
  }
  for (const t of s.tricks) for (const p of t.plays) mark(p.card, LOC.table);
  if (s.faceUp >= 0) mark(s.faceUp, LOC.faceUp);
  for (const c of s.skipped) mark(c, LOC.skipped);
  for (const c of s.stock) mark(c, LOC.stock);
  const dealt = s.phase !== 'shuffle' && s.phase !== 'cut' && s.phase !== 'cutKeep';
  for (let c = 0; c < 33; c++) {
    const inDeck = c < deckSize;
    if (!inDeck) {
      if (where[c] !== 0 || s.loc[c] !== LOC.absent) throw new Error(`card ${c} is not in this deck but is placed`);
      continue;
    }
    if (!dealt) {
      if (where[c] !== 0) throw new Error(`card ${c} placed before the deal`);
      continue;
    }
    if (where[c] === 0) throw new Error(`card ${c} is nowhere`);
    const expectLoc = where[c]! >= 100 ? where[c]! - 100 : where[c]!;
    if (s.loc[c] !== expectLoc) throw new Error(`card ${c}: loc ${s.loc[c]} but found at ${expectLoc}`);
  }
  if (dealt) {
    for (let seat = 0; seat < s.table.seats; seat++) {
      const played = s.tricks.reduce((n, t) => n + t.plays.filter((p) => p.seat === seat).length, 0);
      const size = new CardSet(s.handLo[seat]!, s.handWeli[seat]!).size;
      if (size + played !== s.table.handSize) throw new Error(`seat ${seat} has ${size} + ${played} played cards`);
    }
  }
}

/** Every complete trick's winner agrees with the naive twin. */
export function checkTricks(s: HandState): void {
  for (const t of s.tricks) {
    if (t.winner < 0) continue;
    const i = naiveTrickWinner(s.ruleset, s.trump!, s.perl!.order, t.plays);
    expect(t.plays[i]!.seat).toBe(t.winner);
  }
}

/** At the end: each seat's figure word is the evaluator's verdict on the shown identities; points recomputed naively. */
export function checkScoring(s: HandState): void {
  const ctx = figureContext(s.ruleset, s.trump!);
  const words: number[] = [];
  for (let seat = 0; seat < s.table.seats; seat++) {
    const sh = s.shows[seat]!;
    const played: Array<{ card: number; as: number | null }> = [];
    for (const t of s.tricks) for (const p of t.plays) if (p.seat === seat) played.push({ card: p.card, as: p.as });
    for (const c of sh.cards) played.push({ card: c.card, as: c.as });
    const w = evaluateHand(ctx, { inHand: CardSet.EMPTY, played });
    expect(wordGleich(w)).toBe(wordGleich(sh.word));
    expect(wordHanger(w)).toBe(wordHanger(sh.word));
    words.push(w);
  }
  // Naive silent scoring: 1 point per figure to the party of the strictly best player; ties across parties stand.
  const pts = new Array<number>(s.table.parties).fill(0);
  if (s.spielParty >= 0) pts[s.spielParty]! += 1;
  for (const code of [wordGleich, wordHanger]) {
    const codes = words.map(code);
    const best = Math.max(...codes);
    if (best === 0) continue;
    const parties = new Set(codes.flatMap((c, seat) => (c === best ? [s.table.party[seat]!] : [])));
    const holders = codes.filter((c) => c === best).length;
    if (parties.size === 1 && !(s.ruleset.tieBetween === 'anyPlayers' && holders > 1)) pts[[...parties][0]!]! += 1;
  }
  expect(s.points).toEqual(pts);
}

/**
 * RULES §13: the signs match each signer's hand at the first lead and go to a partner only; every phrase
 * goes to a partner of another player; every question is answered at once by the seat asked, and an
 * answer follows its question; the per-party phrase counts agree with the events.
 */
export function checkTalk(s: HandState): void {
  const { table } = s;
  const partners = (a: number, b: number) => a !== b && table.party[a] === table.party[b] && table.controller[a] !== table.controller[b];
  const spoken = new Array<number>(table.parties).fill(0);
  const QUESTIONS = new Set(['welcheFarbe', 'kannstStechen', 'entscheidung', 'inNatura']);
  for (let i = 0; i < s.events.length; i++) {
    const e = s.events[i]!;
    if (e.type === 'sign') {
      if (!partners(e.seat, e.to)) throw new Error(`a sign from P${e.seat + 1} to P${e.to + 1}, who is no partner`);
      const perl = s.perl!;
      const trumpMask = (0xff << ('HSLE'.indexOf(perl.trump) * 8)) >>> 0;
      const lo = s.startLo[e.seat]!;
      const weli = s.startWeli[e.seat]!;
      const trumps = new CardSet((lo & trumpMask & ~perl.lo) >>> 0, 0).size;
      const perlaggen = new CardSet((lo & perl.lo) >>> 0, weli & perl.weli).size;
      expect([e.trumps, e.perlaggen]).toEqual([trumps, perlaggen]);
      expect(e.best === -1 ? perlaggen === 0 : perl.level[e.best]! > 0 && ((e.best === 32 ? weli : (lo >>> e.best) & 1) === 1)).toBe(true);
    }
    if (e.type !== 'say') continue;
    if (s.ruleset.partnerInfo !== 'table' && s.ruleset.partnerInfo !== 'open') throw new Error(`talk at partnerInfo=${s.ruleset.partnerInfo}`);
    if (!partners(e.seat, e.to)) throw new Error(`P${e.seat + 1} talks to P${e.to + 1}, who is no partner`);
    spoken[table.party[e.seat]!]! += 1;
    const prev = s.events[i - 1];
    const next = s.events[i + 1];
    if (e.reply) {
      if (prev === undefined || prev.type !== 'say' || prev.reply || !QUESTIONS.has(prev.phrase) || prev.seat !== e.to || prev.to !== e.seat) throw new Error('an answer without its question');
      const ok = prev.phrase === 'welcheFarbe' ? ['trumpf', 'farbe', 'gutDrueben'].includes(e.phrase) : ['ja', 'nein'].includes(e.phrase);
      if (!ok) throw new Error(`"${e.phrase}" answers "${prev.phrase}"`);
    } else if (QUESTIONS.has(e.phrase)) {
      if (next === undefined || next.type !== 'say' || !next.reply) throw new Error(`the question "${e.phrase}" is not answered at once`);
    } else if (e.phrase === 'ja' || e.phrase === 'nein') throw new Error('an answer that answers nothing');
  }
  if (s.talk !== null) expect(s.talk.spoken).toEqual(spoken);
  else expect(spoken.every((n) => n === 0)).toBe(true);
}
