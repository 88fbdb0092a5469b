// Observation integrity (GUIDE §2): redealing the cards a seat cannot see leaves its serialized
// observation byte-identical — at every level of what partners share (RULES §13: none, signs, table,
// open), with the signs and the seen hands checked for exactly what they give, and the imagined worlds
// checked against exact enumeration. The spy (observation-spy.test.ts) walks everything it is handed.
import { describe, expect, it } from 'vitest';
import { resolveRuleset } from '../../src/rules/registry.ts';
import { observe } from '../../src/engine/observe.ts';
import { resampleHidden } from '../../src/engine/resample.ts';
import { playDeal, type SeatPolicy } from '../../src/play/hand.ts';
import { STREAM, keyedRng } from '../../src/core/rng.ts';
import { builtinPolicy } from '../../src/registry/policies.ts';
import type { Policy } from '../../src/policy/api.ts';
import { explainPlay } from '../../src/engine/legality.ts';
import { LOC, cloneState, type HandState } from '../../src/engine/state.ts';
import { signsOfHand } from '../../src/engine/talk.ts';
import { checkPlaces } from './invariants.ts';
import { LEVELS, RULESETS, TABLES, specOf } from './tables.ts';

/** Partners of a seat that another player controls (the Strohmann's holder and the Strohmann are one player). */
function partnersOfSeat(s: HandState, seat: number): number[] {
  const { table } = s;
  const out: number[] = [];
  for (let b = 0; b < table.seats; b++) if (b !== seat && table.party[b] === table.party[seat] && table.controller[b] !== table.controller[seat]) out.push(b);
  return out;
}

describe('observation integrity', () => {
  it('redealing the hidden cards leaves every observation byte-identical, at every level', () => {
    let checks = 0;
    let signedChecks = 0;
    for (const level of LEVELS) {
      for (const name of RULESETS) {
        for (const t of TABLES) {
          const r = resolveRuleset(specOf(name, t.override, level));
          const seats = t.override === 'threePlayers=strohmann' ? 4 : t.players;
          const simple = builtinPolicy('simple').create({});
          const random = builtinPolicy('random').create({});
          for (let d = 0; d < 5; d++) {
            const rng = keyedRng(11, d, STREAM.resample);
            playDeal({
              ruleset: r,
              players: t.players,
              policies: Array.from({ length: t.players }, (_, p): SeatPolicy => ((p + d) % 2 === 0 ? { name: 'simple', policy: simple } : { name: 'random', policy: random })),
              rootSeed: 11,
              dealIndex: d,
              dealer: d % seats,
              onDecision: (s, p) => {
                for (const who of [p, (p + 1) % t.players]) {
                  const before = JSON.stringify(observe(s, who));
                  const w = resampleHidden(s, who, rng);
                  checkPlaces(w);
                  expect(JSON.stringify(observe(w, who))).toBe(before);
                  // resampleHidden respects the signs: in the imagined world each partner's hand at the
                  // first lead gives the signs the seat received
                  for (const g of observe(s, who).signs) {
                    const again = signsOfHand(w.perl!, w.startLo[g.seat]!, w.startWeli[g.seat]!);
                    expect(again).toEqual({ trumps: g.trumps, perlaggen: g.perlaggen, best: g.best });
                    signedChecks++;
                  }
                  checks++;
                }
              },
            });
          }
        }
      }
    }
    if (process.env['PERLAGG_TIMING']) console.log(`resample checks ${checks}, with signs ${signedChecks}`);
    expect(checks).toBeGreaterThan(20000);
    expect(signedChecks).toBeGreaterThan(10000);
  });

  it('with revokes switched on, redealing the hidden cards still leaves every observation byte-identical (a play proves no void)', () => {
    const random = builtinPolicy('random').create({});
    const revoker: Policy = {
      act(obs, ctx) {
        if (obs.revokes.length > 0 && ctx.rng.nextFloat() < 0.3) return obs.revokes[ctx.rng.below(obs.revokes.length)]!;
        return random.act(obs, ctx);
      },
    };
    let checks = 0;
    for (const name of RULESETS) {
      const r = resolveRuleset(name);
      for (let d = 0; d < 8; d++) {
        const rng = keyedRng(13, d, STREAM.resample);
        playDeal({
          ruleset: r, players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'revoker', policy: revoker })), rootSeed: 13, dealIndex: d, dealer: d % 4, revokes: true,
          onDecision: (s, p) => {
            const before = JSON.stringify(observe(s, p));
            const w = resampleHidden(s, p, rng);
            checkPlaces(w);
            expect(JSON.stringify(observe(w, p))).toBe(before);
            checks++;
          },
        });
      }
    }
    expect(checks).toBeGreaterThan(300);
  });

  it("with 'signs' a seat holds exactly its partners' counts and best Perlagg and nothing else of their hands", () => {
    // The same deals and the same choices at 'none' and at 'signs' (policies that never talk and ignore
    // what they are told): the observations differ in the level, the signs and the sign events only.
    let compared = 0;
    let withSigns = 0;
    for (const name of RULESETS) {
      for (const t of TABLES) {
        const seats = t.override === 'threePlayers=strohmann' ? 4 : t.players;
        const policy = builtinPolicy('simple').create({ information: 'ignore' });
        const policies = Array.from({ length: t.players }, () => ({ name: 'simple', policy }));
        for (let d = 0; d < 2; d++) {
          const seen: string[] = [];
          const base = { players: t.players, policies, rootSeed: 5, dealIndex: d, dealer: d % seats };
          playDeal({ ...base, ruleset: resolveRuleset(specOf(name, t.override, 'none')), onDecision: (s) => {
            for (let p = 0; p < t.players; p++) seen.push(JSON.stringify({ ...observe(s, p), ruleset: '', partnerInfo: '' }));
          } });
          let i = 0;
          playDeal({ ...base, ruleset: resolveRuleset(specOf(name, t.override, 'signs')), onDecision: (s) => {
            expect(s.talk).toBeNull(); // no spoken talk at 'signs'
            for (let p = 0; p < t.players; p++) {
              const o = observe(s, p);
              expect(o.partnerInfo).toBe('signs');
              const own = s.table.seatOfPlayer[p]!;
              const blind = s.phase === 'window' && s.bid.point < 0 && o.acting >= 0; // the unseen window: the bidder has not looked
              const givers = s.startLo.length > 0 && !blind ? partnersOfSeat(s, own) : [];
              // one entry per partner, his counts at the first lead, and nothing from an opponent
              expect(o.signs.map((g) => g.seat)).toEqual(givers);
              for (const g of o.signs) {
                expect(s.table.party[g.seat]).toBe(s.table.party[own]);
                expect(g).toEqual({ seat: g.seat, ...signsOfHand(s.perl!, s.startLo[g.seat]!, s.startWeli[g.seat]!) });
                withSigns++;
              }
              for (const e of o.history) if (e.type === 'sign') expect(s.table.controller[e.to]).toBe(p);
              const stripped = { ...o, ruleset: '', partnerInfo: '', signs: [], history: o.history.filter((e) => e.type !== 'sign') };
              expect(JSON.stringify(stripped)).toBe(seen[i++]);
              compared++;
            }
          } });
          expect(i).toBe(seen.length);
        }
      }
    }
    if (process.env['PERLAGG_TIMING']) console.log(`signs: compared ${compared}, with signs ${withSigns}`);
    expect(compared).toBeGreaterThan(8000);
    expect(withSigns).toBeGreaterThan(8000);
  });

  it("with 'open' a seat holds its partners' cards and never an opponent's", () => {
    let checks = 0;
    for (const name of RULESETS) {
      for (const t of TABLES) {
        const seats = t.override === 'threePlayers=strohmann' ? 4 : t.players;
        const r = resolveRuleset(specOf(name, t.override, 'open'));
        const simple = builtinPolicy('simple').create({});
        for (let d = 0; d < 2; d++) {
          playDeal({
            ruleset: r, players: t.players, policies: Array.from({ length: t.players }, () => ({ name: 'simple', policy: simple })), rootSeed: 6, dealIndex: d, dealer: d % seats,
            onDecision: (s) => {
              for (let p = 0; p < t.players; p++) {
                const o = observe(s, p);
                const own = s.table.seatOfPlayer[p]!;
                const blind = s.phase === 'window' && s.bid.point < 0 && o.acting >= 0;
                const want = blind ? [] : [...partnersOfSeat(s, own), ...s.table.sees[p]!.filter((x) => !partnersOfSeat(s, own).includes(x))].sort((a, b) => a - b);
                expect(o.seenHands.map((h) => h.seat).sort((a, b) => a - b)).toEqual(want);
                for (const h of o.seenHands) {
                  expect(s.table.party[h.seat]).toBe(s.table.party[own]); // never an opponent's
                  const cards: number[] = [];
                  for (let c = 0; c < 33; c++) if (s.loc[c] === h.seat) cards.push(c);
                  expect([...h.cards].sort((a, b) => a - b)).toEqual(cards);
                }
                for (const e of o.history) if (e.type === 'dealt') expect(s.table.party[e.seat]).toBe(s.table.party[own]);
                checks++;
              }
            },
          });
        }
      }
    }
    if (process.env['PERLAGG_TIMING']) console.log(`open: checks ${checks}`);
    expect(checks).toBeGreaterThan(8000);
  });

  it('the imagined worlds are uniform over those consistent with the signs (exact enumeration, last trick)', () => {
    // 1853, four players, 'signs': at the last trick every hidden hand has one card; enumerate every way to
    // lay the hidden cards, keep those consistent with what seat 0 saw (voids and signs), and compare with
    // resampleHidden's frequencies (chi-square, fixed seed).
    const r = resolveRuleset('1853{partnerInfo=signs}');
    const policy = builtinPolicy('simple').create({ information: 'ignore' });
    let tested = 0;
    for (let d = 0; d < 40 && tested < 3; d++) {
      let state: HandState | null = null;
      playDeal({ ruleset: r, players: 4, policies: [0, 1, 2, 3].map(() => ({ name: 'simple', policy })), rootSeed: 9, dealIndex: d, dealer: d % 4, onDecision: (s, p) => {
        void p;
        if (state === null && s.phase === 'play' && s.tricks.length === 5 && s.tricks[4]!.plays.length === 0) state = cloneState(s);
      } });
      if (state === null) continue;
      const s: HandState = state;
      if (s.perl!.level[s.turned]! > 0) continue; // exchanges constrain worlds too: keep this twin simple
      // the partner's one hidden card: which values are consistent, by brute force over the partner's slot
      const seats = [1, 2, 3].filter((x) => s.handLo[x] !== 0 || s.handWeli[x] !== 0);
      if (seats.length < 3) continue;
      const rng = keyedRng(9, d, STREAM.resample);
      const counts = new Map<string, number>();
      const N = 3000;
      for (let i = 0; i < N; i++) {
        const w = resampleHidden(s, 0, rng);
        const key = seats.map((x) => handKey(w, x)).join('|');
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      // exact: every world with the same observation for player 0 (rejection over all placements)
      const exact = consistentWorlds(s, 0, seats);
      expect(exact.size).toBeGreaterThan(0);
      for (const k of counts.keys()) expect(exact.has(k), `sampled world ${k} is not consistent`).toBe(true);
      let chi = 0;
      for (const k of exact) {
        const e = N / exact.size;
        const o = counts.get(k) ?? 0;
        chi += ((o - e) * (o - e)) / e;
      }
      const df = exact.size - 1;
      // chi-square above df + 5 sd is far beyond chance (a 1-in-a-million event for these df)
      if (df > 0) expect(chi).toBeLessThan(df + 5 * Math.sqrt(2 * df) + 10);
      tested++;
    }
    expect(tested).toBeGreaterThan(0);
  });

});

/** A hand's cards as a key. */
function handKey(s: HandState, seat: number): string {
  const out: number[] = [];
  for (let c = 0; c < 33; c++) if (s.loc[c] === seat) out.push(c);
  return out.join(',');
}

/**
 * Every placement of the hidden cards (the cards of seats `seats` and the stock) that leaves player p's
 * observation unchanged and replays legally: the slow twin of resampleHidden for one-card hands.
 */
function consistentWorlds(s: HandState, p: number, seats: readonly number[]): Set<string> {
  const before = JSON.stringify(observe(s, p));
  const hidden: number[] = [];
  const own = s.table.seatOfPlayer[p]!;
  const known = new Set<number>([...s.shownStock, ...(s.cutter === own && s.cutSeen >= 0 ? [s.cutSeen] : [])]);
  for (let c = 0; c < 33; c++) if ((seats.includes(s.loc[c]!) || s.loc[c] === LOC.stock) && !known.has(c)) hidden.push(c);
  const out = new Set<string>();
  // choose one card per seat (ordered), the rest to the stock in its positions: the stock order is hidden and
  // changes nothing, so worlds are told apart by the hands
  const pick = (i: number, used: number[]) => {
    if (i === seats.length) {
      const w = cloneState(s);
      for (const seat of seats) {
        w.handLo[seat] = 0;
        w.handWeli[seat] = 0;
      }
      const rest = hidden.filter((c) => !used.includes(c));
      used.forEach((c, k) => {
        const seat = seats[k]!;
        if (c === 32) w.handWeli[seat] = 1;
        else w.handLo[seat] = (w.handLo[seat]! | (1 << c)) >>> 0;
        w.loc[c] = seat;
      });
      const stockPos = s.stock.map((c, i2) => (hidden.includes(c) ? i2 : -1)).filter((x) => x >= 0);
      const stock = s.stock.slice();
      rest.forEach((c, k) => {
        stock[stockPos[k]!] = c;
        w.loc[c] = LOC.stock;
      });
      w.stock = stock;
      w.startLo = w.handLo.slice();
      w.startWeli = w.handWeli.slice();
      for (const t of w.tricks) for (const pl of t.plays) {
        if (pl.card === 32) w.startWeli[pl.seat] = 1;
        else w.startLo[pl.seat] = (w.startLo[pl.seat]! | (1 << pl.card)) >>> 0;
      }
      if (JSON.stringify(observe(w, p)) !== before) return;
      if (!replaysLegally(w, p)) return;
      out.add(seats.map((x) => handKey(w, x)).join('|'));
      return;
    }
    for (const c of hidden) if (!used.includes(c)) pick(i + 1, [...used, c]);
  };
  pick(0, []);
  return out;
}

/** The naive consistency check: every play of the world was legal for the hand it came from, and its signs hold. */
function replaysLegally(w: HandState, p: number): boolean {
  const own = w.table.seatOfPlayer[p]!;
  for (const e of w.events) {
    if (e.type !== 'sign' || e.to !== own) continue;
    const g = signsOfHand(w.perl!, w.startLo[e.seat]!, w.startWeli[e.seat]!);
    if (g.trumps !== e.trumps || g.perlaggen !== e.perlaggen || g.best !== e.best) return false;
  }
  const lo = w.startLo.slice();
  const weli = w.startWeli.slice();
  for (const t of w.tricks) {
    const partial = { leader: t.leader, plays: [] as Array<{ seat: number; card: number; as: number | null }>, winner: -1 };
    const view = { ...w, handLo: lo, handWeli: weli, tricks: [partial] } as HandState;
    for (const pl of t.plays) {
      if (explainPlay(view, pl.seat, pl.card, pl.as) !== null) return false;
      if (pl.card === 32) weli[pl.seat] = 0;
      else lo[pl.seat] = (lo[pl.seat]! & ~(1 << pl.card)) >>> 0;
      partial.plays.push(pl);
    }
  }
  return true;
}

