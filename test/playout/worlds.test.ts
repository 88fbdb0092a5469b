// sampleWorld (src/playout/worlds.ts): worlds consistent with a seat's observation, uniform over the
// consistent deals. The oracle is the engine (replay.ts): a world agrees with an observation exactly when
// the engine, dealt that world and handed the same actions (each checked), shows the seat the same
// observation byte for byte.
import { describe, expect, it } from 'vitest';
import jStat from 'jstat';
import { WELI } from '../../src/cards/card.ts';
import { observe } from '../../src/engine/observe.ts';
import { LOC, type HandState } from '../../src/engine/state.ts';
import { STREAM, keyedRng } from '../../src/core/rng.ts';
import { signsOf } from '../../src/policy/api.ts';
import { Playout, ROLLOUT, WorldError, kernelPositionOf, newWorld, sampleWorld, worldSampler, type World, type WorldConstraint } from '../../src/playout/api.ts';
import { agrees } from './replay.ts';
import { every, positions } from './positions.ts';

const RULESETS = ['1853', 'oberland', 'suedtirol', 'innsbruck'];
/** The p-value below which a chi-square test fails (fixed seeds: the tests are deterministic). */
const P_MIN = 1e-3;

const chi2cdf = (x: number, df: number): number => (jStat as unknown as { chisquare: { cdf(x: number, df: number): number } }).chisquare.cdf(x, df);

/** The cards `player` cannot see and where they are, from the engine's state (independent of worlds.ts). */
function hiddenOf(s: HandState, player: number): { pool: number[]; perSeat: number[]; stock: number } {
  const mine = new Set([s.table.seatOfPlayer[player]!, ...s.table.sees[player]!]);
  const known = new Set<number>([...s.cutKept, ...s.shownStock, ...s.exchanges.map((x) => x.took)]);
  for (const x of s.shows) if (x !== null) for (const c of x.cards) known.add(c.card);
  if (mine.has(s.cutter) && s.cutSeen >= 0) known.add(s.cutSeen);
  const perSeat = new Array<number>(s.table.seats).fill(0);
  const pool: number[] = [];
  let stock = 0;
  for (let c = 0; c <= WELI; c++) {
    const l = s.loc[c]!;
    if (known.has(c)) continue;
    if (l >= 0 && l < s.table.seats && !mine.has(l)) {
      pool.push(c);
      perSeat[l]! += 1;
    } else if (l === LOC.stock) {
      pool.push(c);
      stock++;
    }
  }
  return { pool, perSeat, stock };
}

const multinomial = (n: number, parts: readonly number[]): number => {
  let x = 1;
  let left = n;
  for (const k of parts) {
    for (let i = 0; i < k; i++) x = (x * (left - i)) / (i + 1);
    left -= k;
  }
  return x;
};

/** Every deal of the hidden cards into the seats' hidden places (the stock takes the rest). */
function* allWorlds(s: HandState, player: number): Generator<World> {
  const { pool, perSeat } = hiddenOf(s, player);
  const seats = s.table.seats;
  const base = newWorld(seats);
  for (let seat = 0; seat < seats; seat++) {
    let lo = s.handLo[seat]!;
    let weli = s.handWeli[seat]!;
    for (const c of pool) {
      if (s.loc[c] !== seat) continue;
      if (c === WELI) weli = 0;
      else lo &= ~(1 << c);
    }
    base.handLo[seat] = lo;
    base.handWeli[seat] = weli;
  }
  const rec = function* (seat: number, left: number[]): Generator<World> {
    if (seat === seats) {
      const w: World = { seats, handLo: base.handLo.slice(), handWeli: base.handWeli.slice(), stockLo: 0, stockWeli: 0 };
      for (const c of s.stock) if (!pool.includes(c)) (c === WELI ? (w.stockWeli = 1) : (w.stockLo |= 1 << c));
      for (const c of left) (c === WELI ? (w.stockWeli = 1) : (w.stockLo |= 1 << c));
      w.stockLo >>>= 0;
      yield w;
      return;
    }
    const k = perSeat[seat]!;
    const pick = function* (from: number, chosen: number[]): Generator<number[]> {
      if (chosen.length === k) {
        yield chosen;
        return;
      }
      for (let i = from; i <= left.length - (k - chosen.length); i++) yield* pick(i + 1, [...chosen, left[i]!]);
    };
    for (const chosen of pick(0, [])) {
      const save = [base.handLo[seat]!, base.handWeli[seat]!];
      for (const c of chosen) c === WELI ? (base.handWeli[seat] = 1) : (base.handLo[seat]! |= 1 << c);
      yield* rec(seat + 1, left.filter((c) => !chosen.includes(c)));
      base.handLo[seat] = save[0]!;
      base.handWeli[seat] = save[1]!;
    }
  };
  yield* rec(0, pool);
}

const keyOf = (w: World): string => `${Array.from(w.handLo).join(',')}|${Array.from(w.handWeli).join('')}`;

describe('sampleWorld: never contradicts the observation', () => {
  for (const name of RULESETS) {
    it(`${name}: worlds sampled at random positions (2, 3, 4, 6 players, bidding, asks) replay to the same observation`, () => {
      const ps = positions(name, 80, 31, every(31, 8));
      const rng = keyedRng(31, 0, STREAM.resample);
      const bad: string[] = [];
      for (const p of ps) {
        const w = sampleWorld(observe(p.state, p.player), rng);
        if (!agrees(p.state, p.player, w)) bad.push(`deal ${p.deal}, player ${p.player}, phase ${p.state.phase}`);
      }
      expect(bad.slice(0, 5)).toEqual([]);
      expect(ps.length).toBeGreaterThan(400);
    });
  }
});

/** Positions late in a hand with few consistent deals and at least one constraint on the hidden cards. */
function endgames(name: string, want: number): HandState[] {
  const out: HandState[] = [];
  const ps = positions(name, 240, 77, (s) => {
    let laid = 0;
    for (const t of s.tricks) laid += t.plays.length;
    return s.phase === 'play' && laid >= s.table.seats * 2 + 1 && s.table.seats !== 3;
  });
  for (const p of ps) {
    if (out.length >= want) break;
    if (p.player !== p.state.table.controller[p.state.turn]) continue;
    const { pool, perSeat } = hiddenOf(p.state, p.player);
    const deals = multinomial(pool.length, perSeat);
    if (deals < 40 || deals > 2500) continue;
    const ws = worldSampler(observe(p.state, p.player));
    if (!ws.constraints.some((c) => c.kind === 'count') || !(ws.count < deals)) continue; // constraints that bite
    out.push(p.state);
  }
  return out;
}

describe('sampleWorld: uniform over the consistent deals (small endgames, exact enumeration)', () => {
  for (const name of RULESETS) {
    it(`${name}: the exact count and a chi-square test for both methods (p > ${P_MIN})`, () => {
      const cases = endgames(name, 2);
      expect(cases.length).toBe(2);
      for (const [ci, s] of cases.entries()) {
        const player = s.table.controller[s.turn]!;
        const obs = observe(s, player);
        // the oracle: every deal of the hidden cards, kept when the engine replays it to the same observation
        const cells = new Map<string, number>();
        let all = 0;
        for (const w of allWorlds(s, player)) {
          all++;
          if (agrees(s, player, w)) cells.set(keyOf(w), cells.size);
        }
        const exact = worldSampler(obs);
        expect(exact.constraints.length).toBeGreaterThan(0);
        expect(cells.size).toBeLessThan(all); // the constraints bite
        if (!exact.constraints.some((c) => c.kind === 'predicate')) expect(Math.round(exact.count)).toBe(cells.size);
        for (const method of ['exact', 'rejection'] as const) {
          const ws = method === 'exact' ? exact : worldSampler(obs, { method });
          const rng = keyedRng(2024, ci * 2 + (method === 'exact' ? 0 : 1), STREAM.resample);
          const n = Math.max(2000, cells.size * 25);
          const seen = new Array<number>(cells.size).fill(0);
          const w = newWorld(s.table.seats);
          for (let i = 0; i < n; i++) {
            ws.sample(rng, w);
            const j = cells.get(keyOf(w));
            if (j === undefined) throw new Error(`${name} case ${ci}, ${method}: a sampled world the engine rejects`);
            seen[j]! += 1;
          }
          const e = n / cells.size;
          const chi2 = seen.reduce((acc, o) => acc + ((o - e) * (o - e)) / e, 0);
          const p = 1 - chi2cdf(chi2, cells.size - 1);
          expect(p, `${name} case ${ci} (${cells.size} consistent deals of ${all}), ${method}: chi2 ${chi2.toFixed(1)}, df ${cells.size - 1}`).toBeGreaterThan(P_MIN);
        }
      }
    });
  }
});

describe('sampleWorld: the partner signs (RULES §13)', () => {
  it("at 'signs', 'table' and 'open' each signing partner's five cards in every sampled world give exactly his signs; the signs bite where his hand is hidden; spoken talk constrains nothing", () => {
    for (const level of ['signs', 'table', 'open'] as const) {
      const ps = positions(`1853{partnerInfo=${level}}`, 28, 41, (s, i) => s.startLo.length === s.table.seats && i % 3 === 0);
      let checked = 0;
      let bite = 0;
      let talked = 0;
      for (const [pi, p] of ps.entries()) {
        const obs = observe(p.state, p.player);
        if (obs.signs.length === 0) continue;
        const ws = worldSampler(obs);
        const signed = ws.constraints.filter((c) => c.why.includes('signed'));
        expect(signed.length).toBeGreaterThanOrEqual(2 * obs.signs.length);
        // without the signs the sampler has more deals to choose from, unless the partner's hand is seen
        const unsigned = worldSampler({ ...obs, signs: [] });
        const seen = obs.signs.every((g) => obs.seenHands.some((h) => h.seat === g.seat));
        if (seen) expect(unsigned.count).toBe(ws.count);
        else if (unsigned.count > ws.count) bite++;
        // what is said need not be true: the same constraints without it
        if (obs.talk.length > 0) {
          talked++;
          expect(worldSampler({ ...obs, talk: [] }).constraints.map((c) => c.why)).toEqual(ws.constraints.map((c) => c.why));
        }
        for (const method of ['exact', 'rejection'] as const) {
          const sampler = method === 'exact' ? ws : worldSampler(obs, { method });
          const rng = keyedRng(41, pi * 2 + (method === 'exact' ? 0 : 1), STREAM.resample);
          for (let i = 0; i < (method === 'exact' ? 12 : 3); i++) {
            const w = sampler.sample(rng);
            for (const g of obs.signs) {
              const five: number[] = [];
              for (let c = 0; c < 32; c++) if (((w.handLo[g.seat]! >>> c) & 1) === 1) five.push(c);
              if (w.handWeli[g.seat] === 1) five.push(WELI);
              for (const t of obs.tricks) for (const x of t.plays) if (x.seat === g.seat) five.push(x.card);
              expect(five).toHaveLength(obs.handSize);
              expect(signsOf(obs, five), `${level}, position ${pi}, P${g.seat + 1}, ${method}`).toEqual({ trumps: g.trumps, perlaggen: g.perlaggen, best: g.best });
            }
            checked++;
          }
        }
      }
      expect(checked, level).toBeGreaterThan(300);
      if (level !== 'open') expect(bite, level).toBeGreaterThan(checked / 30); // most positions: one per 15 worlds checked
      if (level !== 'signs') expect(talked, level).toBeGreaterThan(0);
    }
  });
});

describe('sampleWorld: the constraint interface', () => {
  it('takes more count constraints (a partner sign: "I hold exactly one trump") and stays uniform over the deals that meet them', () => {
    const s = endgames('innsbruck', 1)[0]!;
    const player = s.table.controller[s.turn]!;
    const obs = observe(s, player);
    const trumpMask = 0xff << ('HSLE'.indexOf(s.trump!) * 8);
    // a seat with hidden cards: it "signs" the number of trumps among its five cards it has by the truth
    const { perSeat } = hiddenOf(s, player);
    const seat = perSeat.findIndex((n) => n > 0);
    const five = (s.handLo[seat]! | s.tricks.flatMap((t) => t.plays).filter((p) => p.seat === seat && p.card !== WELI).reduce((m, p) => m | (1 << p.card), 0)) >>> 0;
    const trumps = (() => {
      let n = 0;
      for (let c = 0; c < 32; c++) if ((((five & trumpMask) >>> c) & 1) === 1) n++;
      return n;
    })();
    const sign: WorldConstraint = { kind: 'count', seat, lo: trumpMask >>> 0, weli: 0, min: trumps, max: trumps, why: 'partner sign: number of trumps' };
    const cells = new Map<string, number>();
    for (const w of allWorlds(s, player)) {
      let n = 0;
      const f = (w.handLo[seat]! | (five & ~s.handLo[seat]!)) >>> 0;
      for (let c = 0; c < 32; c++) if ((((f & trumpMask) >>> c) & 1) === 1) n++;
      if (n === trumps && agrees(s, player, w)) cells.set(keyOf(w), cells.size);
    }
    const ws = worldSampler(obs, { constraints: [sign] });
    expect(ws.constraints.at(-1)).toBe(sign);
    if (!ws.constraints.some((c) => c.kind === 'predicate')) expect(Math.round(ws.count)).toBe(cells.size);
    const rng = keyedRng(5, 5, STREAM.resample);
    const n = Math.max(2000, cells.size * 25);
    const seen = new Array<number>(cells.size).fill(0);
    for (let i = 0; i < n; i++) {
      const j = cells.get(keyOf(ws.sample(rng)));
      expect(j).toBeDefined();
      seen[j!]! += 1;
    }
    const e = n / cells.size;
    const chi2 = seen.reduce((acc, o) => acc + ((o - e) * (o - e)) / e, 0);
    expect(1 - chi2cdf(chi2, Math.max(1, cells.size - 1))).toBeGreaterThan(P_MIN);
  });

  it('refuses an observation no deal agrees with, in one line', () => {
    const p = positions('oberland', 4, 9, (s) => s.phase === 'play')[0]!;
    const obs = observe(p.state, p.player);
    const other = (obs.seat + 1) % obs.seats;
    // that seat holds every Eichel card and none: impossible
    const bad: WorldConstraint[] = [
      { kind: 'count', seat: other, lo: 0xff000000 >>> 0, weli: 0, min: 9, max: 9, why: 'nine Eichel cards' },
    ];
    expect(() => worldSampler(obs, { constraints: bad })).toThrow(WorldError);
    const twice = { ...obs, hand: [...obs.hand, obs.hand[0]!] };
    expect(() => sampleWorld(twice, keyedRng(1, 1, STREAM.resample))).toThrow(WorldError);
  });
});

describe('sampleWorld: a world the playout kernel plays directly', () => {
  it('loads the observed position and plays every sampled world out to the end', () => {
    const ps = positions('1853', 40, 13, (s) => s.phase === 'play');
    const rng = keyedRng(13, 0, STREAM.resample);
    const k = new Playout();
    let played = 0;
    for (const p of ps.slice(0, 40)) {
      const obs = observe(p.state, p.player);
      const w = sampleWorld(obs, rng);
      k.load(kernelPositionOf(obs, w));
      for (let i = 0; i < 5; i++) {
        k.restore();
        const w2 = sampleWorld(obs, rng);
        k.setHands(w2.handLo, w2.handWeli);
        k.rollout(i % 2 === 0 ? ROLLOUT.random : ROLLOUT.simple, rng);
        expect(k.over).toBe(true);
        let pts = 0;
        for (let q = 0; q < k.parties; q++) pts += k.points[q]!;
        expect(pts).toBeLessThanOrEqual(3 * 2 * 8); // at most three figures, each at its stake
        played++;
      }
    }
    expect(played).toBe(200);
  });
});
