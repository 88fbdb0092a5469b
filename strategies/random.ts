// Uniform over the legal card actions, from the player's own keyed stream (GUIDE guideline 8); bids,
// answers, asks and vetoes at tunable rates (declared options with ranges, so experiments can sweep them).
// With every rate 0 it declares that it never bids (Policy.bidding = 'never'): the engine then skips it.
// Table talk (RULES §13): in a talk window it says a phrase, uniform over those open to it, at `talkRate`
// (and again after each phrase, at the same rate), else stays quiet; asked, it answers uniformly at random.
// With talkRate 0 it never talks (Policy.talk = 'never') and is never asked.
import { definePolicy, type PolicyAction } from '../src/policy/api.ts';

const isAsk = (a: PolicyAction): boolean => a.kind === 'ask';
const isBidOrRaise = (a: PolicyAction): boolean => a.kind === 'bid' || a.kind === 'raise';
/** The k-th (0-based) action matching `is`. */
function nth(legal: readonly PolicyAction[], k: number, is: (a: PolicyAction) => boolean): PolicyAction {
  for (const a of legal) if (is(a) && k-- === 0) return a;
  throw new Error('internal: fewer matching actions than counted');
}

export default definePolicy({
  name: 'random',
  version: '2.1.0',
  description: 'uniform over the legal card actions; bids, holds, raises, asks, vetoes and table talk at random at the given rates',
  options: {
    bidRate: { type: 'number', min: 0, max: 1, default: 0.03, description: 'probability of bidding or raising (instead of passing) in a bid window' },
    holdRate: { type: 'number', min: 0, max: 1, default: 0.35, description: 'probability of holding an offer (else gut, or a raise)' },
    raiseRate: { type: 'number', min: 0, max: 1, default: 0.1, description: 'probability of answering an offer with a raise ("Drei" …) when allowed' },
    askRate: { type: 'number', min: 0, max: 1, default: 0.5, description: 'probability of asking (Dritzige / Viertig / 17:17) when allowed' },
    rejectRate: { type: 'number', min: 0, max: 1, default: 0.8, description: 'probability of rejecting an ask when allowed' },
    vetoRate: { type: 'number', min: 0, max: 1, default: 0.05, description: "probability of vetoing the partner's bid (1853)" },
    talkRate: { type: 'number', min: 0, max: 1, default: 0.1, description: 'probability of saying a phrase (instead of nothing) in a talk window; 0 = never talks (RULES §13)' },
  },
  create(o) {
    const bidRate = o['bidRate'] as number;
    const holdRate = o['holdRate'] as number;
    const raiseRate = o['raiseRate'] as number;
    const askRate = o['askRate'] as number;
    const rejectRate = o['rejectRate'] as number;
    const vetoRate = o['vetoRate'] as number;
    const talkRate = o['talkRate'] as number;
    const never = bidRate === 0 && holdRate === 0 && raiseRate === 0 && askRate === 0 && rejectRate === 0 && vetoRate === 0;
    const find = (legal: readonly PolicyAction[], kind: PolicyAction['kind']): PolicyAction | undefined => {
      for (const a of legal) if (a.kind === kind) return a;
      return undefined;
    };
    return {
      bidding: never ? 'never' : 'full',
      talk: talkRate === 0 ? 'never' : 'full',
      observation: 'view', // act reads obs.legal, .phase and .question by property during the call, keeps and writes nothing (Policy.observation)
      act(obs, ctx) {
        const legal = obs.legal;
        const rng = ctx.rng;
        switch (obs.phase) {
          case 'window': {
            // counted, then the k-th picked: the same draws as filtering into lists, without the lists
            let asks = 0;
            let bids = 0;
            for (let i = 0; i < legal.length; i++) {
              const k = legal[i]!.kind;
              if (k === 'ask') asks++;
              else if (k === 'bid' || k === 'raise') bids++;
            }
            if (asks > 0 && rng.nextFloat() < askRate) return nth(legal, rng.below(asks), isAsk);
            if (bids > 0 && rng.nextFloat() < bidRate) return nth(legal, rng.below(bids), isBidOrRaise);
            return legal[0]!; // pass
          }
          case 'answer': {
            const reject = find(legal, 'reject');
            if (find(legal, 'allow') !== undefined) return reject !== undefined && rng.nextFloat() < rejectRate ? reject : find(legal, 'allow')!;
            const raise = find(legal, 'raise');
            if (raise !== undefined && rng.nextFloat() < raiseRate) return raise;
            // no hold is offered to a gestrichen party under holdWhenGestrichen=false: it lets it gut
            return rng.nextFloat() < holdRate ? (find(legal, 'hold') ?? find(legal, 'gut')!) : find(legal, 'gut')!;
          }
          case 'veto':
            return rng.nextFloat() < vetoRate ? find(legal, 'veto')! : find(legal, 'consent')!;
          case 'talk':
            // asked: any answer; else legal[0] is quiet and the rest are phrases
            if (obs.question !== null) return legal[rng.below(legal.length)]!;
            return legal.length > 1 && rng.nextFloat() < talkRate ? legal[1 + rng.below(legal.length - 1)]! : legal[0]!;
          default:
            return legal[rng.below(legal.length)]!;
        }
      },
    };
  },
});
