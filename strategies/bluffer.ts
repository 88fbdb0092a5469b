// bluffer: the Ratscher of [000 p.35–36] as an opponent model for H-25 [000 p.41–42] ("im Halten nicht zu
// furchtsam … gewinnt der Gegner schnell ein moralisches Uebergewicht"): it plays as author1853 does, but
// bids and holds with weak real figures ("auf Geradewohl … und immer mit einem flinken Dreier bei der
// Hand"), and its bluff rate rises when its bluffs succeed.
//
// It keeps no memory across deals or decisions (GUIDE guideline 3; another engineer's check refuses stateful
// policies), so "when its bluffs succeed" is read from what the Observation shows:
//   - in this deal: every offer of its party the opponents let gut (a fold) adds `perFold` to the rate;
//   - across deals: successful bluffing shows in the Partie score — every point its party leads by adds
//     `perLeadPoint` (points behind take it off again).
// rate = clamp(baseRate + perFold · folds + perLeadPoint · lead, 0, maxRate), quantised to steps of 1/20.
// A bluff never claims a figure the seat cannot make at all (a held false figure costs the stake
// [000 p.31–32]): it is author1853's Ratschen (H-02) at this rate, at every score, with a quick Drei.
import { definePolicy, virtualScore, type Observation, type Policy } from '../src/policy/api.ts';
import author from './author1853.ts';

const STEPS = 20;

/** Folds the opponents made against the acting party's offers in this deal (answers 'gut'). */
export function foldsSeen(obs: Observation): number {
  const party = obs.party[obs.acting]!;
  let n = 0;
  for (const e of obs.history) if (e.type === 'answer' && e.answer === 'gut' && e.party !== party) n++;
  return n;
}

/** The bluff rate the observation calls for (see the header). */
export function bluffRate(obs: Observation, o: { baseRate: number; perFold: number; perLeadPoint: number; maxRate: number }): number {
  const party = obs.party[obs.acting]!;
  let lead = 0;
  if (obs.biddingTable) lead = virtualScore(obs, party) - virtualScore(obs, 1 - party);
  const r = o.baseRate + o.perFold * foldsSeen(obs) + o.perLeadPoint * lead;
  return Math.min(o.maxRate, Math.max(0, Math.round(r * STEPS) / STEPS));
}

export default definePolicy({
  name: 'bluffer',
  version: '1.0.0',
  description: 'the Ratscher (H-02, H-25): plays like author1853 but bids and holds weak real figures, more often the more its bluffs succeed',
  options: {
    baseRate: { type: 'number', min: 0, max: 1, default: 0.3, description: 'H-25 [000 p.41–42]: bluff rate at the start (a level score, no folds yet)' },
    perFold: { type: 'number', min: 0, max: 1, default: 0.15, description: 'H-25: added for every offer of ours the opponents let gut in this deal' },
    perLeadPoint: { type: 'number', min: 0, max: 0.5, default: 0.04, description: 'H-25: added for every point our party leads by (successful bluffs show in the score)' },
    maxRate: { type: 'number', min: 0, max: 1, default: 0.9, description: 'H-25: the rate never exceeds this' },
    quickDrei: { type: 'boolean', default: true, description: 'H-02 [000 p.35]: "immer mit einem flinken Dreier bei der Hand": say Drei at once from a three-card figure' },
  },
  create(o) {
    const rates = { baseRate: o['baseRate'] as number, perFold: o['perFold'] as number, perLeadPoint: o['perLeadPoint'] as number, maxRate: o['maxRate'] as number };
    const drei = o['quickDrei'] === true ? { drei: 'atOnce', dreiIdx: 9 } : {};
    // one author1853 per rate step, made once: the bluffer itself holds nothing that changes
    const byStep: Policy[] = Array.from({ length: STEPS + 1 }, (_, i) => author.create({ ...drei, ratschen: i / STEPS, rescueRatschen: Math.max(i / STEPS, 1) }));
    return {
      bidding: 'full',
      observation: 'view', // reads obs.party, .acting, .history, the score by property, then hands it to author1853 (which keeps the promise)
      act(obs, ctx) {
        const step = Math.round(bluffRate(obs, rates) * STEPS);
        return byStep[step]!.act(obs, ctx);
      },
    };
  },
});
