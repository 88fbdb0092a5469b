// pimc: Perfect Information Monte Carlo (issue 13; GUIDE §6) — the searching bot. For each decision it
// samples worlds consistent with its Observation (playout/worlds.ts: uniform over the deals that agree with
// everything it has seen), plays every legal option out in every world with a continuation policy in the
// playout kernel (ROLLOUT.simple or ROLLOUT.random), and takes the option of the highest mean: the deal's
// points (its party's minus the opponents') or, where the score makes that the aim, P(win the Partie)
// from the Partie-equity table (src/playout/equity.ts; objective 'auto': when a party needs at most
// `autoWithin` points). Card play with the christenings that can matter, the showing, the exchange, the
// bids, raises and answers (played out as their consequences on the stakes) are searched; asks, answers to
// asks, the veto and the cut are decided by rule. The other seats are modelled as the 1853 author's bot
// (issue 28, docs/solved.md; 1.1.0): the worlds are weighted by how likely their bids, answers and talk were
// under it (`worldWeights` weighted, `seatModel` author1853), and in every line they answer our bids and
// raises as it does on their cards (`answers` author1853); 1.0.0 is answers=simple,worldWeights=uniform.
// It sees only the Observation and draws only from ctx.rng. Where no world can be sampled (an observation
// no deal agrees with: a WorldError) it plays as `simple`. With the solved bid layer
// (issue 28, docs/solved.md): `bids=solved` plays its own bid decisions by the table, `answers=solved` makes
// the table the model of the opponents' answers in the playouts. `raisersHold`: in the answer model a party that
// raised a figure holds our next raise of it (SearchConfig.raisersHold); `raisersHoldAus=false`: except a raise to Aus.
// `bidWorlds`: more worlds for the bidding war's decisions alone; `partnerWeights=none`: the partner's decisions
// left out of the worlds' weights (both issue 28, docs/solved.md). `playoutBids`: a bidding option's line played to the
// end of the hand in the engine by bots, with every later bid (src/playout/bot-playout.ts; issue 28).
//
// The cost: worlds × options × rolloutsPerWorld playouts per decision (`maxRollouts` caps it by using fewer
// worlds when the options are many). `timeMs` stops sampling after that long — not reproducible, so 0
// (off) by default; the runner's results stay a function of the seed.
import { definePolicy, type Observation, type PolicyAction, type PolicyContext } from '../src/policy/api.ts';
import { DEFAULT_SEARCH, WorldError, searchDecision, softened, type SearchConfig } from '../src/playout/api.ts';
import simple from './simple.ts';
import { solvedAnswerModel, solvedBidAction } from './solved.ts';
import { BID_PHASES } from './solved-layer.ts';
import author1853 from './author1853.ts';

export default definePolicy({
  name: 'pimc',
  version: '1.1.0',
  description: 'searches each decision: samples worlds consistent with what it has seen and plays every option out (PIMC); points or Partie equity',
  options: {
    worlds: { type: 'integer', min: 1, max: 2000, default: 32, description: 'worlds sampled per decision' },
    continuation: { type: 'enum', values: ['simple', 'random', 'solver'], default: 'simple', description: 'how the rest of the hand is played out in each world: the kernel’s simple or random, or solver (simple, then the Spiel solved with the world’s cards known from solverCards cards in hand)' },
    solverCards: { type: 'integer', min: 1, max: 5, default: 3, description: 'continuation solver: the cards in hand from which the rest of the trick play is solved for the Spiel (issue 28)' },
    rolloutsPerWorld: { type: 'integer', min: 1, max: 64, default: 1, description: 'playouts of each option per world (the continuation’s own randomness)' },
    maxRollouts: { type: 'integer', min: 0, max: 1000000, default: 0, description: 'rollout budget per decision: fewer worlds when the options are many (0 = worlds × options × rollouts)' },
    objective: { type: 'enum', values: ['auto', 'points', 'partie'], default: 'auto', description: "'points': the deal's expected points; 'partie': P(win the Partie) (equity table); 'auto': partie when a party needs at most autoWithin points" },
    autoWithin: { type: 'integer', min: 0, max: 100, default: 4, description: "objective 'auto': the Partie objective when a party needs at most this many points" },
    answers: { type: 'enum', values: ['simple', 'perfect', 'solved', 'author1853'], default: 'author1853', description: "how the opponents answer our bids in a playout: as simple does from their cards, the better for them knowing every card, as the solved bid layer does (docs/solved.md), or as author1853 does, asked on its cards in the world" },
    raisersHold: { type: 'boolean', default: false, description: "in the answer model: a party that raised (or re-raised) a figure holds our next raise of it instead of letting it gut (issue 28; docs/solved.md)" },
    raisersPerfect: { type: 'boolean', default: false, description: "in the answer model: a party that raised a figure answers our offer of it on the world's cards (holds where holding is better for it), as answers=perfect does (issue 28; docs/solved.md)" },
    raisersHoldAus: { type: 'boolean', default: true, description: "with raisersHold: false — the raisers hold every re-raise but the one to Aus, where the model's answer stands (issue 28; docs/solved.md)" },
    bids: { type: 'enum', values: ['search', 'solved'], default: 'search', description: "its own bid decisions (windows, answers, vetoes): searched, or played by the solved bid layer (docs/solved.md; searched where the table has no key)" },
    readBids: { type: 'enum', values: ['strong', 'any', 'none'], default: 'strong', description: "what an opponent's bid or hold of a Gleich/Hanger tells: one of at least three Ober / U-O-K, any, nothing" },
    worldWeights: { type: 'enum', values: ['uniform', 'weighted'], default: 'weighted', description: "'weighted': every consistent deal sampled, each world weighted by the likelihood of the other seats' bids, answers and talk as the seat model (softened by `tremble`) would have made them; 'uniform': the reading of bids" },
    seatModel: { type: 'enum', values: ['simple', 'author1853'], default: 'author1853', description: "worldWeights 'weighted': the bot whose softened choices weight the worlds (the other seats' bids, answers and talk as it would have made them)" },
    tremble: { type: 'number', min: 0.001, max: 1, default: 0.1, description: "worldWeights 'weighted': the probability that a seat does not do what the seat model would (the model's ε-mix)" },
    partnerWeights: { type: 'enum', values: ['model', 'none'], default: 'model', description: "worldWeights 'weighted': the partner's bids, answers and talk weigh the worlds by the seat model as the opponents' do ('model'), or not at all ('none': a partner who does not play as the model says nothing it can read)" },
    bidWorlds: { type: 'integer', min: 0, max: 2000, default: 0, description: "worlds sampled per decision of the bidding war (bid windows, answers, vetoes); 0 = `worlds` (issue 28: 128 at 32 worlds showed no difference; docs/solved.md)" },
    minEss: { type: 'integer', min: 0, max: 100000, default: 0, description: "worldWeights 'weighted': draw more worlds, `worlds` at a time, until the effective worlds reach this many (at most 8× `worlds`); 0 = off" },
    equity: { type: 'enum', values: ['simple', 'author1853'], default: 'simple', description: "the Partie objective's equity table: made with simple in all four seats, or with the author's bot where its table exists (1853; issue 28: the gestrichen scores; docs/solved.md)" },
    playoutBids: { type: 'enum', values: ['none', 'simple', 'author1853'], default: 'none', description: "bidding inside the playouts (issue 28): a bidding option's line is played to the end of the hand in the engine, our party as simple and the others as this bot, with every later bid, raise and answer (src/playout/bot-playout.ts); 'none': the kernel plays the cards without further bids" },
    timeMs: { type: 'integer', min: 0, max: 60000, default: 0, description: 'stop sampling after this many ms per decision (at least 8 worlds); 0 = off. Not reproducible' },
  },
  create(o) {
    let cfg: SearchConfig = {
      ...DEFAULT_SEARCH,
      worlds: o['worlds'] as number,
      continuation: o['continuation'] as SearchConfig['continuation'],
      solverCards: o['solverCards'] as number,
      rolloutsPerWorld: o['rolloutsPerWorld'] as number,
      maxRollouts: o['maxRollouts'] as number,
      objective: o['objective'] as SearchConfig['objective'],
      autoWithin: o['autoWithin'] as number,
      answers: o['answers'] === 'perfect' ? 'perfect' : 'simple',
      ...(o['answers'] === 'solved' ? { answerModel: solvedAnswerModel } : {}),
      ...(o['answers'] === 'author1853' ? { answerBot: author1853.create({}) } : {}),
      readBids: o['readBids'] as SearchConfig['readBids'],
      raisersHold: o['raisersHold'] as boolean,
      raisersHoldAus: o['raisersHoldAus'] as boolean,
      raisersPerfect: o['raisersPerfect'] as boolean,
      timeMs: o['timeMs'] as number,
      everyOption: false,
      worldWeights: o['worldWeights'] as SearchConfig['worldWeights'],
      model: null,
      minEss: o['minEss'] as number,
      equityPlay: o['equity'] as NonNullable<SearchConfig['equityPlay']>,
    };
    const fallback = simple.create({});
    // (simple keeps no state between decisions: one instance serves as the fallback and as our party in the lines)
    const playoutBids = o['playoutBids'] as string;
    if (playoutBids !== 'none') cfg = { ...cfg, linePlay: { ours: fallback, theirs: playoutBids === 'author1853' ? author1853.create({}) : fallback } };
    // the model of the other seats for weighted worlds: simple, softened (src/playout/inference.ts)
    // a mixed bot's random choices (author1853's Ratschen) never taken: the model's tremble stands for them
    const noRandom = { nextUint32: (): number => 0, below: (): number => 0, nextFloat: (): number => 1 - 2 ** -53 };
    if (cfg.worldWeights === 'weighted') {
      const byAuthor = o['seatModel'] === 'author1853';
      const modelBot = byAuthor ? author1853.create({}) : fallback;
      cfg = { ...cfg, model: softened(byAuthor ? 'author1853' : 'simple', (x) => modelBot.act(x, { rng: noRandom } as PolicyContext), o['tremble'] as number) };
      if (o['partnerWeights'] === 'none') cfg = { ...cfg, partnerModel: null };
    }
    // the bidding war's decisions may sample more worlds than the cards (`bidWorlds`): few, and where the hidden cards count
    const bidCfg: SearchConfig = (o['bidWorlds'] as number) > 0 ? { ...cfg, worlds: o['bidWorlds'] as number } : cfg;
    const solvedBids = o['bids'] === 'solved';
    return {
      bidding: 'full',
      act(obs: Observation, ctx: PolicyContext): PolicyAction {
        if (obs.legal.length === 1) return obs.legal[0]!;
        // the cut, and table talk (RULES §13: the kernel's playouts know no talk; simple talks truthfully)
        if (obs.phase === 'cutKeep' || obs.phase === 'talk' || obs.trump === null) return fallback.act(obs, ctx);
        if (solvedBids) {
          const a = solvedBidAction(obs, ctx.rng);
          if (a !== null) return a;
        }
        try {
          const d = searchDecision(obs, BID_PHASES.has(obs.phase) ? bidCfg : cfg, ctx.rng);
          return d.options[d.best]!.action;
        } catch (e) {
          if (e instanceof WorldError) return fallback.act(obs, ctx);
          throw e;
        }
      },
    };
  },
});
