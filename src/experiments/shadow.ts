// Firing at the level of decisions (issue 26, deliverable 2): while a seat plays policy X in an arm's run, a
// shadow of the other policy Y is asked, on the very same Observation, what it would do; the decisions and
// those where Y would act differently are counted. The seat plays X's action, always: the shadow's answer is
// never applied, it draws from a stream of its own (never from the seat's), and X is called with the context
// the runner gave it — so the run's rows are those of X alone (test/experiments/shadow.test.ts compares them
// byte for byte). The shadow's stream first replays the draws X made at this decision, as long as it asks for
// the same kind of draw (the same luck: a random policy shadowing itself never differs), then goes on from a
// stream of its own.
//
// The shadow is an instance of its own, created with the seat's and fed every observation the seat is asked
// about, so a policy that keeps state sees the same history as it would at that seat. The wrapper keeps X's
// `bidding` and `talk` (they shape the table: which windows exist for the other seats) but declares no
// window `passes`: the engine then asks the seat in every bid window — X passes there as it promised, without
// drawing — so that Y is asked too where X would not have been (a moved threshold bids where X passes). A
// shadow that declares it never talks (never bids) is taken to say quiet (pass) there, as the engine would
// have it do.
import type { Observation, Policy, PolicyAction, PolicyContext, PolicyFactory, RandomSource } from '../policy/api.ts';
import { definePolicy } from '../policy/api.ts';
import { sameAction } from '../engine/actions.ts';
import { QUIET } from '../engine/talk.ts';
import { keyedRng } from '../core/rng.ts';
import { resolvePolicy } from '../registry/policies.ts';
import { policyObjectSpec } from '../registry/objects.ts';

/** What the shadows of one run counted. */
export interface DecisionCount {
  /** Decisions of the seats under test (every bid window included: see above). */
  decisions: number;
  /** Those where the other policy would have acted differently. */
  differing: number;
}

export const noDecisions = (): DecisionCount => ({ decisions: 0, differing: 0 });

const PASSIVE = new Set(['pass', 'gut', 'consent', 'allow']);

/** What a seat of `p` does at `obs` when the engine does not ask it (its declared silence), else null. */
function declaredSilence(p: Policy, obs: Observation): PolicyAction | null {
  if (p.talk === 'never' && obs.phase === 'talk') return QUIET;
  if (p.bidding === 'never' && (obs.phase === 'window' || obs.phase === 'answer')) return obs.legal.find((a) => PASSIVE.has(a.kind)) ?? null;
  return null;
}

/** A draw X made: which method, its argument, what it gave. */
interface Draw {
  readonly kind: 0 | 1 | 2;
  readonly n: number;
  readonly value: number;
}

/** X's stream, passed through, with the draws of the current decision recorded. */
function recording(of: () => RandomSource, draws: Draw[]): RandomSource {
  return {
    nextUint32: () => {
      const value = of().nextUint32();
      draws.push({ kind: 0, n: 0, value });
      return value;
    },
    below: (n: number) => {
      const value = of().below(n);
      draws.push({ kind: 1, n, value });
      return value;
    },
    nextFloat: () => {
      const value = of().nextFloat();
      draws.push({ kind: 2, n: 0, value });
      return value;
    },
  };
}

/** The shadow's stream: X's draws of this decision while the shadow asks alike, then a stream of its own. */
function replaying(draws: readonly Draw[], own: RandomSource): { source: RandomSource; restart(): void } {
  let i = 0;
  let apart = false;
  const next = (kind: 0 | 1 | 2, n: number): number | null => {
    if (apart) return null;
    const d = draws[i];
    if (d === undefined || d.kind !== kind || d.n !== n) {
      apart = true;
      return null;
    }
    i++;
    return d.value;
  };
  return {
    source: {
      nextUint32: () => next(0, 0) ?? own.nextUint32(),
      below: (n: number) => next(1, n) ?? own.below(n),
      nextFloat: () => next(2, 0) ?? own.nextFloat(),
    },
    restart() {
      i = 0;
      apart = false;
    },
  };
}

let shadows = 0;

/**
 * A policy factory playing `played` at its seats while a shadow of `shadow` is asked at each decision;
 * `count` collects the decisions and those that differ. Returns the run's policy spec for it (a policy
 * object of this thread: the run must be in this thread).
 */
export async function shadowedSpec(played: string, shadow: string, count: DecisionCount): Promise<string> {
  const x = await resolvePolicy(played);
  const y = await resolvePolicy(shadow);
  const id = ++shadows;
  let instances = 0;
  const factory: PolicyFactory = definePolicy({
    name: `shadowed-${x.factory.name}`,
    version: x.factory.version,
    description: `${played}, asking ${shadow} at each decision (firing)`,
    options: {},
    create(): Policy {
      const px = x.factory.create(x.options);
      const py = y.factory.create(y.options);
      // the shadow's own stream, keyed by this wrapper and instance (never the seat's), after X's draws
      const draws: Draw[] = [];
      let seatCtx: PolicyContext | null = null;
      const ctxX: PolicyContext = { rng: recording(() => seatCtx!.rng, draws) };
      const shadowRng = replaying(draws, keyedRng(id, ++instances, 0x5ad0));
      const ctxY: PolicyContext = { rng: shadowRng.source };
      return {
        ...(px.bidding === undefined ? {} : { bidding: px.bidding }),
        ...(px.talk === undefined ? {} : { talk: px.talk }),
        observation: 'record',
        act(obs: Observation, ctx: PolicyContext): PolicyAction {
          seatCtx = ctx;
          draws.length = 0;
          const a = px.act(obs, ctxX);
          shadowRng.restart();
          const b = declaredSilence(py, obs) ?? py.act(obs, ctxY);
          count.decisions++;
          if (!sameAction(a, b)) count.differing++;
          return a;
        },
      };
    },
  });
  return policyObjectSpec(factory);
}
