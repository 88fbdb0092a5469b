// Bench: the cost of a policy's decisions, 1853, four players, every seat the same policy: hands per second,
// decisions per second end to end, and the policy's own time per decision (act() timed alone), for
// `simple` and `author1853` in the same run. Ratios are the figures (GUIDE §3).
//
//   npx tsx bench/policies.ts      or      npm run bench -- policies
import { resolveRuleset } from '../src/rules/registry.ts';
import { builtinPolicy } from '../src/registry/policies.ts';
import { playDeal } from '../src/play/hand.ts';
import type { Policy } from '../src/policy/api.ts';
import { checksum, formatTable, isMain, measure, si, type Contender } from './lib.ts';

export async function run(): Promise<object> {
  const r = resolveRuleset('1853');
  const names = ['simple', 'author1853'];
  const stats = new Map<string, { decisions: number; actMs: number; hands: number }>();
  const contenders: Contender[] = names.map((name) => {
    const inner = builtinPolicy(name).create({});
    const st = { decisions: 0, actMs: 0, hands: 0 };
    stats.set(name, st);
    const timed: Policy = {
      bidding: inner.bidding ?? 'full',
      act(obs, ctx) {
        const t0 = performance.now();
        const a = inner.act(obs, ctx);
        st.actMs += performance.now() - t0;
        return a;
      },
    };
    const policies = [0, 1, 2, 3].map(() => ({ name, policy: timed }));
    let deal = 0;
    return {
      name,
      step(n) {
        let acc = 0;
        for (let k = 0; k < n; k++) {
          const res = playDeal({ ruleset: r, players: 4, policies, rootSeed: 1, dealIndex: deal, dealer: deal & 3, score: [deal % 11, (deal * 7) % 11], checked: false });
          deal++;
          st.decisions += res.decisions;
          st.hands++;
          acc += res.points[0]! + res.decisions;
        }
        return acc;
      },
    };
  });
  const ms = measure(contenders, { rounds: 5, roundMs: 400, warmupMs: 600 });
  const rows = ms.map((m) => {
    const st = stats.get(m.name)!;
    const perHand = st.decisions / st.hands;
    return { name: m.name, hands: m.median, decisions: m.median * perHand, perHand, actUs: (st.actMs * 1000) / st.decisions };
  });
  const base = rows[0]!;
  console.log('bench policies: 1853, 4 players, every seat the same policy, scores spread over the Partie');
  console.log(
    formatTable(
      ['policy', 'hands/s', 'decisions/hand', 'decisions/s', 'act() µs/decision', 'decisions/s vs simple'],
      rows.map((x) => [x.name, si(x.hands), x.perHand.toFixed(1), si(x.decisions), x.actUs.toFixed(2), (x.decisions / base.decisions).toFixed(3)]),
    ),
  );
  console.log(`(checksum ${checksum()})`);
  return Object.fromEntries(rows.map((x) => [x.name, { hands: x.hands, decisions: x.decisions, actUs: x.actUs }]));
}

if (isMain(import.meta.url)) await run();
