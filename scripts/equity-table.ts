// The Partie-equity table of a ruleset (issue 13; like backgammon's match equity table): for every score
// pair (a, b) at the start of a deal, the probability that the party at a wins the Partie when it deals,
// estimated by playing Partien from that score to the end with a declared policy (`simple` in all four
// seats, its default options), and its n. Written to src/playout/equity-<ruleset>.json, which
// src/playout/equity.ts reads (the PIMC policy's 'partie' objective and `perlagg advise`).
//
//   npx tsx scripts/equity-table.ts --ruleset 1853 [--starts 400] [--seed 1] [--out src/playout/equity-1853.json]
//        [--policy author1853]   another policy in all four seats: written to equity-<ruleset>-<policy>.json
//        (the independence below assumes scores never fall; the run counts the deals where one did)
//
// How a cell is estimated. `starts` Partien are started at every score pair (a, b), a and b below the
// target, with a seat of the first party dealing; every later deal of those Partien starts at another score
// pair and counts for that cell too (the future of a Partie depends only on the score and on who deals,
// RULES §11, A-25: the deal passes to the left), so cells that are passed through often have a larger n.
// By the symmetry of the table (the parties' seats are alike) a deal dealt by the second party at (a, b)
// counts for the cell (b, a) of the dealing party. A cell's Partien are independent of each other (a Partie
// passes through a score pair at most once: scores only grow — the `simple` policy never over-bids, so no
// penalty lowers one), so a cell's share has a binomial (Wilson) interval from its n.
//
// Besides the cells, the file keeps the distribution of the points of a deal (dealing party, other party),
// over every deal played: src/playout/equity.ts uses it for a derived ruleset without a table of its own.
import { writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import { newHand } from '../src/engine/game.ts';
import { canonicalName, resolveRuleset } from '../src/rules/registry.ts';
import { STREAM, keyedPartieRng } from '../src/core/rng.ts';
import { runHand, type SeatPolicy } from '../src/play/hand.ts';
import { doubleThreshold } from '../src/play/partie.ts';
import { resolvePolicy } from '../src/registry/policies.ts';

function arg(name: string, dflt: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && i + 1 < process.argv.length ? process.argv[i + 1]! : dflt;
}

const spec = arg('ruleset', '1853');
const starts = Number(arg('starts', '400'));
const seed = Number(arg('seed', '1'));
const r = resolveRuleset(spec);
const name = canonicalName(r);
const policySpec = arg('policy', 'simple');
const out = arg('out', `src/playout/equity-${name}${policySpec === 'simple' ? '' : `-${policySpec}`}.json`);
const T = r.target;
const players = 4;
const resolved = await resolvePolicy(policySpec);
const policies: SeatPolicy[] = [0, 1, 2, 3].map(() => ({ name: policySpec, policy: resolved.factory.create(resolved.options) }));
const dbl = r.double ? doubleThreshold(r) : 0;

const n = Array.from({ length: T }, () => new Array<number>(T).fill(0));
const win = Array.from({ length: T }, () => new Array<number>(T).fill(0));
const winDouble = Array.from({ length: T }, () => new Array<number>(T).fill(0));
const loseDouble = Array.from({ length: T }, () => new Array<number>(T).fill(0));
const MAXP = 40;
const handPoints = Array.from({ length: MAXP + 1 }, () => new Array<number>(MAXP + 1).fill(0));
let deals = 0;
let partien = 0;
let falls = 0;
const t0 = Date.now();

for (let a = 0; a < T; a++) {
  for (let b = 0; b < T; b++) {
    for (let k = 0; k < starts; k++) {
      const partieIndex = (a * T + b) * starts + k;
      const score = [a, b];
      let dealer = 0; // a seat of party 0 deals first
      const visited: Array<{ a: number; b: number; dealerParty: number }> = [];
      let winner = -1;
      for (let d = 0; winner < 0; d++) {
        if (d > 400) throw new Error(`Partie ${partieIndex} did not end`);
        const dp = dealer % 2;
        visited.push({ a: score[0]!, b: score[1]!, dealerParty: dp });
        const s = newHand(r, { players, dealer, score: score.slice() });
        runHand(
          s,
          policies,
          {
            chance: keyedPartieRng(seed, partieIndex, d, STREAM.deal),
            policy: [0, 1, 2, 3].map((seat) => ({ rng: keyedPartieRng(seed, partieIndex, d, STREAM.policy, seat) })),
            where: `equity ${name} Partie ${partieIndex} deal ${d}`,
          },
          { checked: false },
        );
        deals++;
        const pd = Math.max(0, Math.min(MAXP, s.points[dp]!));
        const po = Math.max(0, Math.min(MAXP, s.points[1 - dp]!));
        handPoints[pd]![po]! += 1;
        if (s.points[0]! < 0 || s.points[1]! < 0) falls++; // a penalty: the score falls (never with simple)
        score[0]! += s.points[0]!;
        score[1]! += s.points[1]!;
        if (s.bid.partieWinner >= 0) winner = s.bid.partieWinner;
        else if (score[0]! >= T || score[1]! >= T) winner = score[0]! >= score[1]! ? 0 : 1;
        dealer = (dealer + 1) % 4;
      }
      const isDouble = dbl > 0 && score[1 - winner]! < dbl;
      partien++;
      for (const v of visited) {
        if (v.a < 0 || v.b < 0 || v.a >= T || v.b >= T) continue;
        // the cell of the dealing party: its score first
        const mine = v.dealerParty === 0 ? v.a : v.b;
        const theirs = v.dealerParty === 0 ? v.b : v.a;
        const won = winner === v.dealerParty;
        n[mine]![theirs]! += 1;
        if (won) win[mine]![theirs]! += 1;
        if (won && isDouble) winDouble[mine]![theirs]! += 1;
        if (!won && isDouble) loseDouble[mine]![theirs]! += 1;
      }
    }
  }
  process.stderr.write(`${name}: a = ${a} done, ${partien} Partien, ${deals} deals, ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
}

let commit = 'unknown';
try {
  commit = execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
} catch {
  // not a git checkout
}
// the points distribution, trimmed to the largest value seen
let maxSeen = 0;
for (let x = 0; x <= MAXP; x++) for (let y = 0; y <= MAXP; y++) if (handPoints[x]![y]! > 0) maxSeen = Math.max(maxSeen, x, y);
const table = {
  about: 'Partie equity (RULES §11): cell [a][b] = the Partien of the party at a against b at the start of a deal it deals; win = Partien it won; winDouble / loseDouble = won / lost with the 1853 Double (RULES §11.5). Made by playing Partien to the end with the policy below.',
  ruleset: name,
  target: T,
  doubleThreshold: dbl,
  policy: `${resolved.factory.name} ${resolved.factory.version} in all four seats (${policySpec === resolved.factory.name ? 'default options' : policySpec})`,
  how: `npx tsx scripts/equity-table.ts --ruleset ${spec} --starts ${starts} --seed ${seed}${policySpec === 'simple' ? '' : ` --policy ${policySpec}`}`,
  code: commit,
  starts,
  seed,
  partien,
  deals,
  seconds: Math.round((Date.now() - t0) / 1000),
  n,
  win,
  winDouble,
  loseDouble,
  handPoints: handPoints.slice(0, maxSeen + 1).map((row) => row.slice(0, maxSeen + 1)),
};
writeFileSync(out, JSON.stringify(table) + '\n');
process.stderr.write(`wrote ${out}: ${partien} Partien, ${deals} deals (${falls} with a score falling) in ${table.seconds} s\n`);
