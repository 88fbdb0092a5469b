// The bidding twin (GUIDE §2 "each score change explained by the history"): replays a finished hand's
// events with an independent, naive model of RULES §8.3 and checks that
//  - every bid, raise and answer was allowed by the state machine (only the party entitled to hold raises,
//    or either under A-19's switch, one step at a time, offers answered by the other party; no hold when
//    gestrichen under A-45's switch);
//  - a party at target − 1 (virtual score) never got a bid through: its bid or raise is void and penalised;
//  - every immediate write is a decline (level − 1 to the offerer), a let-gut Spiel, an ask, or an end adjustment;
//  - a held figure's stake goes to the party with the strictly better shown figure, or to nobody when it
//    steht (false figures aside), an unbid one scores 1 the same way;
//  - the points of the deal are exactly the sum of the written events.
import { expect } from 'vitest';
import { wordGleich, wordHanger } from '../../src/eval/figures.ts';
import type { HandState } from '../../src/engine/state.ts';

const FIG = ['Spiel', 'Gleich', 'Hanger'];

export function checkBidding(s: HandState): void {
  const parties = s.table.parties;
  const r = s.ruleset;
  const virt = s.bid.score.slice();
  const sum = new Array<number>(parties).fill(0);
  type F = { st: 'unbid' | 'offer' | 'stake' | 'closed'; level: number; by: number; right: number; aus: boolean };
  const fig: F[] = [0, 1, 2].map(() => ({ st: 'unbid', level: 1, by: -1, right: -1, aus: false }));
  let lastPenalty = -1;
  let snapshot: F[] = fig.map((f) => ({ ...f }));
  let falseFig = false;
  for (let i = 0; i < s.events.length; i++) {
    const e = s.events[i]!;
    switch (e.type) {
      case 'penalty':
        virt[e.party]! -= e.points;
        sum[e.party]! -= e.points;
        lastPenalty = i;
        if (e.reason.includes('false')) falseFig = true;
        break;
      case 'write':
        virt[e.party]! += e.points;
        sum[e.party]! += e.points;
        if (e.reason.includes('false') || e.reason.includes('not proved') || e.reason.includes('unseen')) falseFig = true;
        break;
      case 'correction':
        // an amendment of earlier writes (RULES §11.3, §12): the points move from `from` to `to`
        virt[e.from]! -= e.points;
        sum[e.from]! -= e.points;
        if (e.to >= 0) {
          virt[e.to]! += e.points;
          sum[e.to]! += e.points;
        }
        falseFig = true;
        break;
      case 'revoke':
        if (e.penalty === 'spielPlus2') falseFig = true; // the Spiel goes to the revoker's opponents
        break;
      case 'veto':
        if (e.veto) snapshot.forEach((x, k) => Object.assign(fig[k]!, x));
        break;
      case 'bid': {
        snapshot = fig.map((f) => ({ ...f }));
        const before = virt[e.party]! + (lastPenalty === i - 1 ? (s.events[i - 1] as { points: number }).points : 0);
        if (before >= r.target - 1) {
          expect(e.kept, 'a bid when gestrichen is void').toBe(0);
          expect(lastPenalty, 'a bid when gestrichen is penalised').toBe(i - 1);
        }
        for (let k = 0; k < e.kept; k++) {
          const f = fig[FIG.indexOf(e.figures[k]!)]!;
          expect(f.st, `${e.figures[k]} bid twice`).toBe('unbid');
          Object.assign(f, { st: 'offer', level: 2, by: e.party, right: -1, aus: false });
        }
        break;
      }
      case 'raise': {
        snapshot = fig.map((f) => ({ ...f })); // a raise may be vetoed (1853, in a window or in answer)
        const f = fig[FIG.indexOf(e.figure)]!;
        if (e.answer) {
          expect(f.st).toBe('offer');
          expect(f.by, 'a raise answers the other party').not.toBe(e.party);
        } else {
          expect(f.st).toBe('stake');
          // only the party entitled to hold raises — either party under raiseRight=eitherParty
          if (r.raiseRight === 'holderOnly') expect(f.right, 'only the party entitled to hold may raise').toBe(e.party);
        }
        expect(f.aus).toBe(false);
        if (e.valid) {
          expect(e.to, 'no jumps').toBe(f.level + 1);
          Object.assign(f, { st: 'offer', level: e.to, by: e.party, aus: e.aus });
        }
        break;
      }
      case 'answer': {
        if (e.answer === 'hold') {
          snapshot = fig.map((x) => ({ ...x })); // a hold may be vetoed (1853 [000 p.33])
          // under holdWhenGestrichen=false a party at target − 1 never holds
          if (!r.holdWhenGestrichen) expect(virt[e.party]!, 'a gestrichen party holds (holdWhenGestrichen=false)').toBeLessThan(r.target - 1);
        }
        const f = fig[FIG.indexOf(e.figure)]!;
        expect(f.st).toBe('offer');
        expect(f.by).not.toBe(e.party);
        if (e.answer === 'gut') {
          const w = s.events[i + 1]!;
          // with more than two parties (Bieten's answer in turn) the offer stands until all let it gut
          if (parties === 2) expect(w.type).toBe('write');
          if (w.type === 'write' && w.figure === e.figure) {
            expect(w.party).toBe(f.by);
            expect(w.points, 'a decline writes level − 1').toBe(f.level - 1);
            f.st = 'closed';
          }
        } else {
          f.st = 'stake';
          f.right = e.party;
        }
        break;
      }
      case 'concede':
        fig[0]!.st = 'closed';
        break;
      case 'figure': {
        const fi = FIG.indexOf(e.figure);
        const f = fig[fi]!;
        expect(f.st === 'stake' || f.st === 'unbid').toBe(true);
        if (e.points > 0) {
          virt[e.party]! += e.points;
          sum[e.party]! += e.points;
          if (!falseFig && fi > 0 && s.shows.every((x) => x !== null)) {
            const code = fi === 1 ? wordGleich : wordHanger;
            const codes = s.shows.map((x) => code(x!.word));
            const best = Math.max(...codes);
            const ps = new Set(codes.flatMap((c, seat) => (c === best && best > 0 ? [s.table.party[seat]!] : [])));
            expect(ps.size, `${e.figure}: the better figure wins, a tie steht`).toBe(1);
            expect([...ps][0]).toBe(e.party);
          }
          if (fi === 0 && !falseFig) expect(e.party).toBe(s.spielParty);
          if (f.st === 'stake' && !f.aus) expect(e.points).toBe(f.level);
          if (f.st === 'unbid') expect(e.points).toBe(1);
        }
        break;
      }
      default:
        break;
    }
  }
  expect(s.points).toEqual(sum);
}
