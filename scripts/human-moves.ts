// Write a file of moves for `perlagg play --human`: the lines a person would type to play player P's seat
// exactly as the `simple` bot does, each with a comment saying what it is, so that
//   perlagg play --human P [same options] < FILE
// plays the same hand as `perlagg play` and prints the same transcript (but for the seat's name "human").
//   npx tsx scripts/human-moves.ts [ruleset] [seed] [player] > examples/human-moves.txt
import { cardShort } from '../src/cards/notation.ts';
import type { PolicyAction } from '../src/engine/actions.ts';
import type { Observation } from '../src/engine/observe.ts';
import { perlaggLevel } from '../src/policy/api.ts';
import { resolvePolicy } from '../src/registry/policies.ts';
import { canonicalName, resolveRuleset } from '../src/rules/registry.ts';
import { playDeal, type SeatPolicy } from '../src/play/hand.ts';
import { perlaggenLabel } from '../src/cli/human.ts';

const [rulesetArg = 'oberland', seedArg = '1', playerArg = '0'] = process.argv.slice(2);
const r = resolveRuleset(rulesetArg);
const seed = Number(seedArg);
const player = Number(playerArg);
const LEVEL = ['', '', 'Zwei', 'Drei', 'Vier', 'Fünf', 'Sechs', 'Sieben', 'Acht', 'Neun', 'Zehn'];

function say(a: PolicyAction, obs: Observation): string {
  switch (a.kind) {
    case 'play':
      if (a.as !== null) return `${cardShort(a.card)} als ${cardShort(a.as)}`;
      return perlaggLevel(obs, a.card) > 0 ? `${cardShort(a.card)} ungetauft` : cardShort(a.card);
    case 'show': {
      const free = obs.hand.filter((c) => perlaggLevel(obs, c) > 0);
      return free.map((c, i) => `${cardShort(c)} als ${cardShort(a.as[i]!)}`).join(', ');
    }
    case 'pass':
      return 'passen';
    case 'bid':
      return a.cumulative ? "Höll' auf" : a.figures.join(' und ');
    case 'gut':
      return 'gut';
    case 'hold':
      return 'halten';
    case 'raise':
      return `${LEVEL[a.to] ?? 'Aus'} ${a.figure}`;
    case 'keepCut':
      return a.keep ? 'behalten' : 'lassen';
    case 'exchange':
      return `tauschen ${cardShort(a.card)}`;
    case 'declineExchange':
      return 'liegen lassen';
    case 'concede':
      return 'aufgeben';
    default:
      return perlaggenLabel(a, obs);
  }
}

const p = await resolvePolicy('simple');
const players = 4;
const policies: SeatPolicy[] = Array.from({ length: players }, () => ({ name: 'simple', policy: p.factory.create(p.options) }));
const lines = [`# perlagg play -r ${canonicalName(r)} --seed ${seed} --human ${player}: the moves the simple bot would make (scripts/human-moves.ts)`];
playDeal({
  ruleset: r,
  players,
  policies,
  rootSeed: seed,
  dealIndex: 0,
  dealer: 0,
  onDecision: (_s, who, obs, action) => {
    if (who !== player) return;
    const where = obs.phase === 'window' ? (obs.point < 0 ? 'ungesehen' : obs.point >= 5 ? 'nach dem Spiel' : `vor einer Karte von Stich ${obs.point + 1}`) : obs.phase === 'play' ? `Stich ${obs.tricks.length}` : obs.phase;
    lines.push(`# ${where}: ${perlaggenLabel(action, obs)}`, say(action, obs));
  },
});
process.stdout.write(lines.join('\n') + '\n');
