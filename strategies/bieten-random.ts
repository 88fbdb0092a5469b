// Bieten (RULES §17): uniform over the cards it may lay, from the player's own keyed stream; bids, holds and
// Groschen at declared rates. With avoidPenalties it never makes an act the rules punish (a bid at target − 1,
// over the limit, the Spiel in the last trick without its suit); without, it makes them as often as others.
import { bieten, definePolicy } from '../src/policy/api.ts';

type Obs = bieten.Observation;
type Act = bieten.Action;

function voidAct(obs: Obs, a: Act): boolean {
  if (a.kind === 'bid') return bieten.voidReason(obs, obs.seat, a.figure, 1) !== null;
  if (a.kind === 'groschen') return bieten.voidReason(obs, obs.seat, a.figure, 2) !== null;
  if (a.kind === 'hold') return bieten.holdIsVoid(obs);
  return false;
}

export default definePolicy<Obs, Act>({
  game: 'bieten',
  name: 'random',
  version: '1.0.0',
  description: 'Bieten: uniform over the legal cards; bids, holds and Groschen at random at the given rates',
  options: {
    bidRate: { type: 'number', min: 0, max: 1, default: 0.1, description: 'probability of bidding (or giving a Groschen on a held figure) before laying a card' },
    holdRate: { type: 'number', min: 0, max: 1, default: 0.35, description: 'probability of holding a bid (else gut, or a Groschen)' },
    groschenRate: { type: 'number', min: 0, max: 1, default: 0.1, description: 'probability of answering a plain bid with Drei (a Groschen)' },
    revokeRate: { type: 'number', min: 0, max: 1, default: 0, description: 'probability of revoking when the deal admits revokes (recorded games)' },
    avoidPenalties: { type: 'boolean', default: true, description: 'never bid, hold or give a Groschen where the rules punish it' },
  },
  create(o) {
    const bidRate = o['bidRate'] as number;
    const holdRate = o['holdRate'] as number;
    const groschenRate = o['groschenRate'] as number;
    const revokeRate = o['revokeRate'] as number;
    const avoid = o['avoidPenalties'] as boolean;
    return {
      act(obs, ctx) {
        const rng = ctx.rng;
        const ok = (a: Act) => !(avoid && voidAct(obs, a));
        if (obs.phase === 'answer') {
          const g = obs.legal.find((a) => a.kind === 'groschen' && ok(a));
          if (g !== undefined && rng.nextFloat() < groschenRate) return g;
          const h = obs.legal.find((a) => a.kind === 'hold' && ok(a));
          if (h !== undefined && rng.nextFloat() < holdRate) return h;
          return obs.legal.find((a) => a.kind === 'gut')!;
        }
        const bids = obs.legal.filter((a) => (a.kind === 'bid' || a.kind === 'groschen') && ok(a));
        if (bids.length > 0 && rng.nextFloat() < bidRate) return bids[rng.below(bids.length)]!;
        if (obs.phase === 'window') return obs.legal[0]!; // pass
        const revokes = obs.legal.filter((a) => a.kind === 'revoke');
        if (revokes.length > 0 && rng.nextFloat() < revokeRate) return revokes[rng.below(revokes.length)]!;
        const plays = obs.legal.filter((a) => a.kind === 'play');
        return plays[rng.below(plays.length)]!;
      },
    };
  },
});
