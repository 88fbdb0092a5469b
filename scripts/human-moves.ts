// Write a file of moves for `perlagg play --human`: the lines a person would type to play player P's seat
// exactly as the `simple` bot does — each answer's word (a card, „Gleich“, „nein“, Enter …) under a comment
// with the question it answers — so that
//   perlagg play --human P [same options] < FILE
// plays the same game as `perlagg play` and prints the same transcript (but for the seat's name "human").
// The last line says how many questions the game asked (issue 24: a talk turn, a bid window and the card after
// them are one question).
//   npx tsx scripts/human-moves.ts [ruleset] [seed] [player] [--partie] > examples/human-moves.txt
import { canonicalName, resolveRuleset } from '../src/rules/registry.ts';
import { typedMoves } from '../src/cli/typist.ts';

const args = process.argv.slice(2);
const partie = args.includes('--partie');
const [rulesetArg = 'oberland', seedArg = '1', playerArg = '0'] = args.filter((a) => a !== '--partie');
const r = resolveRuleset(rulesetArg);
const seed = Number(seedArg);
const player = Number(playerArg);
const t = await typedMoves({ ruleset: rulesetArg, seed, players: 4, deal: 0, human: player, ...(partie ? { partie: 0 } : {}) });
const out = [`# perlagg play -r ${canonicalName(r)} --seed ${seed} --human ${player}${partie ? ' --partie' : ''}: the moves the simple bot would make (scripts/human-moves.ts)`];
for (const l of t.lines) {
  if (l.note !== '') out.push(`# ${l.note}`);
  out.push(l.line);
}
out.push(`# ${t.prompts} questions for ${t.decisions} decisions`);
process.stdout.write(out.join('\n') + '\n');
