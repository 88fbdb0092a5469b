// perlagg play: one hand, a Partie or Bieten as a Perlagg player would follow it (issue 3, deliverable 5),
// printed as its transcript (games/perlaggen/transcript.ts, the game's own words); with --human, people at
// the table (human-play.ts).
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { resolvePolicy } from '../registry/policies.ts';
import { resolveRuleset } from '../rules/registry.ts';
import { playDeal, type SeatPolicy } from '../play/hand.ts';
import { PartieSeries, playPartie } from '../play/partie.ts';
import { textOption, wholeOption } from './errors.ts';
import { UsageError } from '../core/errors.ts';
import { bietenGameTranscript, bietenPlayTranscript } from '../play/bieten.ts';
import { transcript } from '../games/perlaggen/transcript.ts';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { humanPlay, parseHumans } from './human-play.ts';
import { terminalIO } from './human.ts';
import { partieText } from './partie-text.ts';


/** --transcript FILE: refused before the game starts when it cannot be written (a folder, no such folder). */
function checkTranscriptFile(file: string): string {
  const abs = resolve(file);
  if (existsSync(abs) && statSync(abs).isDirectory()) throw new UsageError(`--transcript ${file}: is a folder; name a file`);
  const dir = dirname(abs);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new UsageError(`--transcript ${file}: the folder ${dir} does not exist`);
  return abs;
}

/** `perlagg play --game bieten [--partie]`. */
function bietenPlay(a: { ruleset: string; seed: number; players: number; deal: number; policies?: string[]; dealer?: number; partie?: boolean; partieIndex?: number }): Promise<string> {
  const req = {
    ruleset: a.ruleset,
    seed: a.seed,
    players: a.players,
    deal: a.deal,
    ...(a.policies === undefined ? {} : { policies: a.policies }),
    ...(a.dealer === undefined ? {} : { dealer: a.dealer }),
  };
  return a.partie === true ? bietenGameTranscript({ ...req, partie: a.partieIndex ?? 0 }) : bietenPlayTranscript(req);
}

interface PlayArgs {
  partie?: boolean;
  partieIndex?: string;
  game?: string;
  ruleset?: string;
  seed: string;
  policies?: string;
  players: string;
  deal: string;
  dealer?: string;
  human?: string;
  transcript?: string;
}

export interface PlayRequest {
  readonly ruleset: string;
  readonly seed: number;
  readonly players: number;
  readonly deal: number;
  readonly policies?: readonly string[];
  readonly dealer?: number;
}

/** Play one hand and return its transcript (used by the command and the playthrough tests). */
export async function playTranscript(req: PlayRequest): Promise<string> {
  const ruleset = resolveRuleset(req.ruleset);
  if (![2, 3, 4, 6].includes(req.players)) throw new UsageError(`--players must be 2, 3, 4 or 6, got ${req.players}`);
  if (!Number.isSafeInteger(req.seed) || req.seed < 0) throw new UsageError(`--seed must be a non-negative whole number, got ${req.seed}`);
  if (!Number.isSafeInteger(req.deal) || req.deal < 0) throw new UsageError(`--deal must be a non-negative whole number, got ${req.deal}`);
  const specs = req.policies ?? Array.from({ length: req.players }, () => 'simple');
  if (specs.length === 1) while (specs.length < req.players) (specs as string[]).push(specs[0]!);
  if (specs.length !== req.players) throw new UsageError(`--policies names ${specs.length} policies for ${req.players} players`);
  const policies: SeatPolicy[] = [];
  for (const spec of specs) {
    const p = await resolvePolicy(spec);
    policies.push({ name: p.spec, policy: p.factory.create(p.options) });
  }
  const seats = req.players === 3 && ruleset.threePlayers === 'strohmann' ? 4 : req.players;
  const dealer = req.dealer ?? req.deal % seats;
  if (!(Number.isInteger(dealer) && dealer >= 0 && dealer < seats)) throw new UsageError(`--dealer must be 0..${seats - 1}`);
  const res = playDeal({ ruleset, players: req.players, policies, rootSeed: req.seed, dealIndex: req.deal, dealer });
  return transcript(res.state, { ruleset, seed: req.seed, deal: req.deal, policies: specs });
}

export interface PartieRequest extends PlayRequest {
  /** Partie index (keys the deals). */
  readonly partie: number;
}

/** Play a whole Partie: every hand's transcript, then the score sheet as players keep it. */
export async function partieTranscript(req: PartieRequest): Promise<string> {
  const ruleset = resolveRuleset(req.ruleset);
  if (![2, 3, 4, 6].includes(req.players)) throw new UsageError(`--players must be 2, 3, 4 or 6, got ${req.players}`);
  if (!Number.isSafeInteger(req.seed) || req.seed < 0) throw new UsageError(`--seed must be a non-negative whole number, got ${req.seed}`);
  const specs = (req.policies ?? Array.from({ length: req.players }, () => 'simple')).slice();
  if (specs.length === 1) while (specs.length < req.players) specs.push(specs[0]!);
  if (specs.length !== req.players) throw new UsageError(`--policies names ${specs.length} policies for ${req.players} players`);
  const policies: SeatPolicy[] = [];
  for (const spec of specs) {
    const p = await resolvePolicy(spec);
    policies.push({ name: p.spec, policy: p.factory.create(p.options) });
  }
  if (!Number.isSafeInteger(req.partie) || req.partie < 0) throw new UsageError(`--partie-index must be a non-negative whole number, got ${req.partie}`);
  const seats = req.players === 3 && ruleset.threePlayers === 'strohmann' ? 4 : req.players;
  if (req.dealer !== undefined && !(Number.isInteger(req.dealer) && req.dealer >= 0 && req.dealer < seats)) throw new UsageError(`--dealer must be 0..${seats - 1}`);
  // Partie k of a series (A-25: the losers deal the next Partie; the Strohmann passes round), as --mode
  // partien plays it; --dealer sets the first dealer of this one Partie instead.
  const res =
    req.dealer === undefined
      ? new PartieSeries({ ruleset, players: req.players, policies, rootSeed: req.seed }).play(req.partie, { keepStates: true })
      : playPartie({ ruleset, players: req.players, policies, rootSeed: req.seed, partieIndex: req.partie, firstDealer: req.dealer, keepStates: true });
  return partieText(res, { ruleset, seed: req.seed, partie: req.partie, policies: specs });
}

export const playCommand: CommandModule<object, PlayArgs> = {
  command: 'play',
  describe: 'play one hand and print it as a Perlagg player would follow it',
  builder: (y: Argv) =>
    y
      .option('game', { type: 'string', default: 'perlaggen', describe: 'the game: perlaggen, or bieten (the precursor game of [001])' })
      .option('ruleset', { alias: 'r', type: 'string', describe: 'ruleset name, e.g. 1853, oberland, suedtirol, innsbruck, oberland{target=18}; bieten, bieten{target=9} (default oberland; bieten with --game bieten)' })
      .option('seed', { type: 'string', default: '1', describe: 'root seed (the deal and every policy draw from streams keyed by it)' })
      .option('policies', { type: 'string', describe: 'comma-separated policies, one per player (built in: random, simple; or a file path); default simple' })
      .option('players', { type: 'string', default: '4', describe: 'number of players: 2, 3, 4 or 6' })
      .option('deal', { type: 'string', default: '0', describe: 'deal index (keys the cards)' })
      .option('dealer', { type: 'string', describe: 'dealer seat, 0-based (default: deal index mod seats)' })
      .option('partie', { type: 'boolean', default: false, describe: 'play a whole Partie and print the score sheet' })
      .option('partie-index', { type: 'string', default: '0', describe: 'Partie index (keys the deals of --partie); its first dealer follows the Partie before it in its match, as --mode partien plays it (the losers deal)' })
      .option('human', { type: 'string', describe: 'players you play yourself, 0-based in the order of --policies, e.g. 0 or 0,2: answer each question by its number or in words (HA, LU als HA, gut, Drei, ja, nein …)' })
      .option('transcript', { type: 'string', describe: 'with --human: write the transcript to this file at the end (default: print it)' })
      .example('perlagg play --human 0', 'you are P1, three simple bots play the others')
      .example('perlagg play -r 1853 --human 0,2 --partie', 'two people against two bots, a whole Partie')
      .example('perlagg play --game bieten --players 3 --human 1', 'Bieten against two bots')
      .example('perlagg play --human 0 --transcript hand.txt < examples/human-moves.txt', 'moves piped in, one a line (the file plays P1 as simple does, seed 1)') as unknown as Argv<PlayArgs>,
  handler: async (argv: ArgumentsCamelCase<PlayArgs>) => {
    const seed = wholeOption('seed', argv.seed, 0, Number.MAX_SAFE_INTEGER, '2^53 - 1')!;
    const players = wholeOption('players', argv.players, 2, 6)!;
    const deal = wholeOption('deal', argv.deal, 0, Number.MAX_SAFE_INTEGER, '2^53 - 1')!;
    const dealer = wholeOption('dealer', argv.dealer, 0, 5);
    const partieIndex = wholeOption('partie-index', argv.partieIndex, 0, Number.MAX_SAFE_INTEGER, '2^53 - 1')!;
    const policiesText = textOption('policies', argv.policies);
    const policyList = policiesText === undefined ? undefined : policiesText.split(',').map((x) => x.trim()).filter((x) => x.length > 0);
    const policies = policyList === undefined ? {} : { policies: policyList };
    const humanText = textOption('human', argv.human);
    const transcriptFile = textOption('transcript', argv.transcript);
    if (humanText !== undefined) {
      const game = argv.game ?? 'perlaggen';
      if (game !== 'perlaggen' && game !== 'bieten') throw new UsageError(`--game: unknown game "${game}" (known: perlaggen, bieten)`);
      const out = transcriptFile === undefined ? null : checkTranscriptFile(transcriptFile);
      const text = await humanPlay({
        game,
        ruleset: textOption('ruleset', argv.ruleset ?? (game === 'bieten' ? 'bieten' : 'oberland'))!,
        seed,
        players,
        deal,
        ...(dealer === undefined ? {} : { dealer }),
        ...(argv.partie === true ? { partie: partieIndex } : {}),
        ...policies,
        humans: parseHumans(humanText, players),
        io: terminalIO(),
      });
      if (out === null) terminalIO().write(`\n=== Mitschrift ===\n${text}`);
      else {
        writeFileSync(out, text);
        terminalIO().write(`\nMitschrift geschrieben: ${out}\n`);
      }
      return;
    }
    if (transcriptFile !== undefined) throw new UsageError('--transcript goes with --human (without it the transcript is what perlagg play prints)');
    // the game switch: Bieten is its own rules module (src/games/bieten) behind the same contract
    if (argv.game !== undefined && argv.game !== 'perlaggen') {
      if (argv.game !== 'bieten') throw new UsageError(`--game: unknown game "${argv.game}" (known: perlaggen, bieten)`);
      const ruleset = textOption('ruleset', argv.ruleset ?? 'bieten')!;
      process.stdout.write(
        await bietenPlay({ ruleset, seed, players, deal, ...policies, ...(dealer === undefined ? {} : { dealer }), partie: argv.partie === true, partieIndex }),
      );
      return;
    }
    const ruleset = textOption('ruleset', argv.ruleset ?? 'oberland')!;
    if (argv.partie === true) {
      process.stdout.write(
        await partieTranscript({ ruleset, seed, players, deal: 0, partie: partieIndex, ...policies, ...(dealer === undefined ? {} : { dealer }) }),
      );
      return;
    }
    const text = await playTranscript({ ruleset, seed, players, deal, ...policies, ...(dealer === undefined ? {} : { dealer }) });
    process.stdout.write(text);
  },
};
