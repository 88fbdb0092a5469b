// A planted loser for the experiment tests: author1853, but it lets the Spiel go gut ("concede") whenever the
// rules allow it — it throws its Spiel away. Against author1853 the true answer is known: it wins fewer Spiele.
import { definePolicy } from '../../src/policy/api.ts';
import author from '../../strategies/author1853.ts';

export default definePolicy({
  name: 'throws-spiel',
  version: '1.0.0',
  description: 'author1853 that concedes the Spiel whenever it may (a planted loser for tests)',
  options: {},
  create() {
    const inner = author.create({});
    return {
      bidding: 'full',
      act(obs, ctx) {
        const concede = obs.legal.find((a) => a.kind === 'concede');
        return concede ?? inner.act(obs, ctx);
      },
    };
  },
});
