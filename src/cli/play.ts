// perlagg play: one hand as a Perlagg player would follow it (issue 3, deliverable 5): the cut, the deal,
// trump and stock cards, exchanges, every card with its christening, each trick's winner, the figures each
// player shows, the points — in the game's own words (Geber, Vorhand, Trumpf, Perlagg, getauft als, Stich,
// Spiel, Gleich, Hanger, steht).
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { SUIT_NAMES, type Suit } from '../cards/card.ts';
import { cardShort } from '../cards/notation.ts';
import { gleichName, hangerName } from '../eval/figures.ts';
import { type HandState, seatName } from '../engine/state.ts';
import { QUESTIONS, phraseWords } from '../engine/talk.ts';
import { resolvePolicy } from '../registry/policies.ts';
import { canonicalName, resolveRuleset } from '../rules/registry.ts';
import type { RulesVariant } from '../rules/variant.ts';
import { playDeal, type SeatPolicy } from '../play/hand.ts';
import { PartieSeries, doubleThreshold, playPartie, type PartieResult } from '../play/partie.ts';
import { textOption, wholeOption } from './errors.ts';
import { bietenGameTranscript, bietenPlayTranscript } from '../play/bieten.ts';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { humanPlay, parseHumans } from './human-play.ts';
import { terminalIO } from './human.ts';
import { UsageError } from '../core/errors.ts';

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

const LEVEL_WORD: Record<number, string> = { 2: 'Zwei', 3: 'Drei', 4: 'Vier', 5: 'Fünf', 6: 'Sechs', 7: 'Sieben', 8: 'Acht', 9: 'Neun', 10: 'Zehn' };
const cards = (xs: readonly number[]): string => xs.map(cardShort).join(' ');
const played = (card: number, as: number | null): string => (as === null ? cardShort(card) : `${cardShort(card)} getauft als ${cardShort(as)}`);

function partyName(s: HandState, party: number): string {
  const { table } = s;
  if (table.parties === table.seats) return seatName(party);
  const members = table.party.flatMap((p, seat) => (p === party ? [seatName(seat)] : []));
  return `Partei ${String.fromCharCode(65 + party)} (${members.join('/')})`;
}

/** The transcript of a finished hand, line by line. */
export function transcript(s: HandState, header: { ruleset: RulesVariant; seed: number; deal: number; policies: readonly string[] }): string {
  const { table } = s;
  const out: string[] = [];
  const say = (line: string) => out.push(line);
  const who = (seat: number) => {
    const p = table.controller[seat]!;
    return seat === table.dummySeat ? `${seatName(seat)} (Strohmann, gespielt von ${seatName(table.seatOfPlayer[p]!)})` : seatName(seat);
  };
  say(`Perlaggen, Regeln ${canonicalName(header.ruleset)} (${header.ruleset.title}); Seed ${header.seed}, Spiel Nr. ${header.deal}`);
  say(
    `Spieler: ${table.seatOfPlayer.map((seat, p) => `${seatName(seat)} ${header.policies[p]}`).join(', ')}` +
      (table.dummySeat >= 0 ? `; ${seatName(table.dummySeat)} ist der Strohmann` : ''),
  );
  if (table.parties < table.seats) {
    say(`Parteien: ${Array.from({ length: table.parties }, (_, p) => partyName(s, p)).join(' gegen ')}`);
  } else {
    say('Jeder spielt für sich.');
  }
  say(`Geber: ${seatName(s.dealer)}, Vorhand: ${seatName(s.vorhand)}, Abheber: ${seatName(s.cutter)}`);
  if (s.bid.score.some((x) => x !== 0)) say(`Stand vor dem Spiel: ${s.bid.score.map((n, p) => `${partyName(s, p)} ${n}`).join(', ')} (Ziel ${s.ruleset.target})`);
  // RULES §13: the signs are each partnership's secret (printed as its private note), the talk is public
  const signsNoted = new Set<number>();
  const count = (n: number, one: string, many: string, none: string) => (n === 0 ? none : `${n} ${n === 1 ? one : many}`);
  const signText = (g: { trumps: number; perlaggen: number; best: number }) =>
    `${count(g.trumps, 'Trumpf', 'Trümpfe', 'kein Trumpf')}, ${count(g.perlaggen, 'Perlagg', 'Perlaggen', 'kein Perlagg')}${g.best >= 0 ? `, der beste ${cardShort(g.best)}` : ''}`;
  for (let i = 0; i < s.events.length; i++) {
    const e = s.events[i]!;
    switch (e.type) {
      case 'cut':
        say(`Abheben: ${seatName(e.cutter)} hebt ${e.lifted} Karten ab.`);
        break;
      case 'cutShows':
        if (e.permanent) say(`  Unten am abgehobenen Packen zeigt sich ${cardShort(e.card)}, ein ständiger Perlagg.`);
        break;
      case 'cutKeep':
        say(e.keep ? `  ${seatName(e.seat)} behält ${cardShort(e.card)}.` : `  ${seatName(e.seat)} lässt ${cardShort(e.card)} im Packen.`);
        break;
      case 'dealt': {
        if (e.seat !== 0) break; // all hands at once, in dealing order from Vorhand
        say(`Austeilen (${s.ruleset.dealPattern.join('+')}, im Uhrzeigersinn ab Vorhand):`);
        for (let i = 1; i <= table.seats; i++) {
          const seat = (s.dealer + i) % table.seats;
          const d = s.events.find((x) => x.type === 'dealt' && x.seat === seat);
          const got = d !== undefined && d.type === 'dealt' ? d.cards : [];
          say(`  ${who(seat)}: ${cards(got)}${seat === s.cutter && s.cutKept.length > 0 ? ` (dazu behalten: ${cards(s.cutKept)})` : ''}`);
        }
        break;
      }
      case 'skipped':
        say(`Aufgeschlagen: ${cardShort(e.card)} — diese Farbe ist nie Trumpf, die Karte bleibt offen neben dem Stock.`);
        break;
      case 'turnedUp':
        say(`Trumpf aufgeschlagen: ${cardShort(e.card)} → Trumpf ist ${SUIT_NAMES[e.trump as Suit]}.`);
        say(`Perlaggen in diesem Spiel (höchster zuerst): ${cards(s.perl!.order)}`);
        break;
      case 'stockShown':
        say(e.cards.length === 2 ? `Luck und Boden gezeigt: ${cards(e.cards)}` : `Untere Karte des Stocks gezeigt: ${cards(e.cards)}`);
        break;
      case 'exchange':
        say(`Tausch: ${who(e.seat)} nimmt den aufgeschlagenen Perlagg ${cardShort(e.took)} und legt ${cardShort(e.gave)} offen hin.`);
        break;
      case 'exchangeDeclined':
        say(`Tausch: ${who(e.seat)} lässt den Perlagg ${cardShort(e.faceUp)} liegen.`);
        break;
      case 'play': {
        // a card laid into a trick that is still open when bids follow it: print the trick on completion (below)
        break;
      }
      case 'trick': {
        const t = s.tricks[e.index]!;
        say(`Stich ${e.index + 1} (${seatName(t.leader)} spielt aus): ${t.plays.map((p) => `${seatName(p.seat)} ${played(p.card, p.as)}`).join(' · ')} → Stich ${who(e.winner)}`);
        break;
      }
      case 'concede':
        say(`${who(e.seat)} lässt das Spiel gut (${partyName(s, e.party)} gibt es auf).`);
        break;
      case 'spiel': {
        const open = s.tricks.find((t) => t.winner < 0);
        if (open !== undefined && open.plays.length > 0) {
          say(`Offener Stich ${s.tricks.indexOf(open) + 1}: ${open.plays.map((p) => `${seatName(p.seat)} ${played(p.card, p.as)}`).join(' · ')}`);
        }
        const tricks = e.tricks.map((n, p) => `${partyName(s, p)} ${n}`).join(', ');
        say(e.party >= 0 ? `Spiel: ${partyName(s, e.party)} (Stiche: ${tricks}).` : `Das Spiel geht unter: niemand hat 3 Stiche (Stiche: ${tricks}).`);
        say('Weisen:');
        break;
      }
      case 'show': {
        const own = e.cards.map((c) => played(c.card, c.as)).join(', ');
        say(`  ${who(e.seat)}${own === '' ? ' (keine Karte mehr in der Hand)' : ` zeigt ${own}`} — ${gleichName(e.gleich)}; ${hangerName(e.hanger, e.hangerSuit)}`);
        break;
      }
      case 'figure': {
        const how = e.how === 'held' ? ' (gehalten)' : e.how === 'aus' ? ' (Aus gehalten)' : '';
        if (e.how.startsWith('not written')) say(`Wertung: ${e.figure} wird nicht mehr geschrieben (die Partie ist aus)`);
        else if (e.party >= 0) say(`Wertung: ${e.figure}${how} → ${partyName(s, e.party)} ${e.points}`);
        else if (e.figure === 'Spiel') say('Wertung: Spiel → niemand');
        else say(`Wertung: ${e.figure}${how} ${e.how.includes('17:17') ? `→ zählt nicht (${e.how})` : e.code === 0 ? '→ niemand hat eins' : 'steht'}`);
        break;
      }
      case 'bid': {
        const what = e.cumulative ? '„Höll\' auf!“ (alle drei)' : e.figures.map((f) => (f === 'Spiel' ? '„Gilt\'s Spiel?“' : f === 'Gleich' ? '„Gilt\'s Gleich?“' : '„Gilt der Hanger?“')).join(' und ');
        const void_ = e.kept === 0 ? ' — ungültig' : e.kept < e.figures.length ? ` — nur ${e.figures.slice(0, e.kept).join(', ')} gilt` : '';
        say(`  ${who(e.seat)} bietet${e.unseen ? ' ungesehen' : ''}: ${what}${void_}`);
        break;
      }
      case 'raise':
        say(`  ${who(e.seat)}: „${e.aus ? 'Aus!' : LEVEL_WORD[e.to] ?? String(e.to)}“ (${e.figure})${e.valid ? '' : ' — ungültig, gilt als gehalten'}`);
        break;
      case 'answer':
        if (e.answer === 'gut') say(`  ${e.seat >= 0 ? who(e.seat) : partyName(s, e.party)}: „${e.level === 2 ? `Gut ${e.figure === 'Spiel' ? "'s Spiel" : e.figure === 'Gleich' ? "'s Gleich" : 'der Hanger'}` : `${LEVEL_WORD[e.level - 1] ?? e.level - 1} gut`}“`);
        else say(`  ${who(e.seat)}: „${e.level === 2 ? 'Ich halte' : `Alle ${e.aus ? 'Aus' : LEVEL_WORD[e.level] ?? e.level} halten`}“ (${e.figure})`);
        break;
      case 'veto':
        say(`  ${who(e.seat)}: ${!e.veto ? 'einverstanden' : e.act === 'bid' ? 'Einspruch! Das Gebot gilt nicht.' : e.act === 'hold' ? 'Einspruch! Es ist gut.' : 'Einspruch! Wir halten nur.'}`);
        break;
      case 'ask':
        say(`  ${who(e.seat)} fragt ums ${e.count === 3 ? 'Dritzige' : e.count === 4 ? 'Viertige' : e.count === 5 ? 'Fünftige' : 'Zweifache'} (${e.kind})`);
        break;
      case 'askAnswer':
        say(`  ${e.seat >= 0 ? who(e.seat) : partyName(s, e.party)}: ${e.allow ? '„Es ist gut.“' : '„Es wird zurückgewiesen.“'}${e.truthful === false ? ' — die Figur ist nicht da' : ''}`);
        break;
      case 'write':
        say(`  → ${partyName(s, e.party)} schreibt ${e.points > 0 ? '+' : ''}${e.points} (${e.reason})`);
        break;
      case 'revoke':
        say(`  Farbe verleugnet: ${who(e.seat)} spielte ${cardShort(e.card)} in Stich ${e.trick + 1}${e.substitute >= 0 ? ` — ${cardShort(e.substitute)} kommt an seine Stelle` : ''}${e.penalty === 'spielPlus2' ? ' — Spiel-Verlust und zwei Punkte Strafe' : ''}`);
        break;
      case 'correction':
        say(`  Berichtigung: ${partyName(s, e.from)} −${e.points}${e.to >= 0 ? `, ${partyName(s, e.to)} +${e.points}` : ''} (${e.reason})`);
        break;
      case 'penalty':
        if (e.points !== 0) say(`  Strafe: ${partyName(s, e.party)} −${e.points} (${e.reason})`);
        else say(`  ${partyName(s, e.party)}: ${e.reason}`);
        break;
      case 'partieOver':
        say(`Die Partie ist aus: ${partyName(s, e.winner)} gewinnt (${e.reason}).`);
        break;
      case 'end':
        say(`Punkte: ${e.points.map((n, p) => `${partyName(s, p)} ${n}`).join(', ')}`);
        break;
      case 'sign': {
        const party = table.party[e.seat]!;
        if (signsNoted.has(party)) break;
        signsNoted.add(party);
        // each signer once, to all his partners (six players: two)
        const notes: string[] = [];
        for (let seat = 0; seat < table.seats; seat++) {
          const given = s.events.filter((x) => x.type === 'sign' && x.seat === seat && table.party[seat] === party);
          const g = given[0];
          if (g === undefined || g.type !== 'sign') continue;
          notes.push(`${seatName(seat)} an ${given.map((x) => (x.type === 'sign' ? seatName(x.to) : '')).join(' und ')}: ${signText(g)}`);
        }
        say(`Zeichen (geheim, nur ${partyName(s, party)}): ${notes.join('; ')}`);
        break;
      }
      case 'say': {
        if (e.reply) break; // printed with its question
        const next = s.events[i + 1];
        const answer = QUESTIONS.has(e.phrase) && next !== undefined && next.type === 'say' && next.reply ? `  ${seatName(next.seat)}: „${phraseWords(next.phrase, next.suit, next.figure)}“` : '';
        say(`  ${seatName(e.seat)} zu ${seatName(e.to)}: „${phraseWords(e.phrase, e.suit, e.figure)}“${answer}`);
        break;
      }
      default:
        break;
    }
  }
  return out.join('\n') + '\n';
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

/** A played Partie (with its states kept) as text: every hand's transcript, then the score sheet. */
export function partieText(res: PartieResult, h: { ruleset: RulesVariant; seed: number; partie: number; policies: readonly string[] }): string {
  const ruleset = h.ruleset;
  const specs = h.policies;
  const out: string[] = [];
  res.states.forEach((s, i) => {
    out.push(`=== Spiel ${i + 1} der Partie ===`);
    out.push(transcript(s, { ruleset, seed: h.seed, deal: i, policies: specs }).trimEnd());
    out.push('');
  });
  const s0 = res.states[0]!;
  const names = Array.from({ length: s0.table.parties }, (_, p) => partyName(s0, p));
  const width = Math.max(...names.map((n) => n.length), 8);
  const pad = (x: string) => x.padStart(width);
  const lines: string[] = [];
  lines.push(`Schreibtafel — Partie ${h.partie}, Regeln ${canonicalName(ruleset)}, Ziel ${ruleset.target}${ruleset.double ? ` (Double unter ${doubleThreshold(ruleset)})` : ''}`);
  lines.push(`${'Spiel'.padEnd(8)} ${'Geber'.padEnd(6)} ${names.map(pad).join(' | ')}`);
  let gestrichen = new Array<boolean>(names.length).fill(false);
  res.sheet.forEach((row, i) => {
    const cells = row.map((v, p) => {
      const d = res.dealPoints[i]![p]!;
      const mark = v >= ruleset.target - 1 && v < ruleset.target ? ' (gestrichen)' : '';
      return pad(`${d >= 0 ? '+' : ''}${d} = ${v}${mark}`);
    });
    lines.push(`${String(i + 1).padEnd(8)} ${seatName(res.dealers[i]!).padEnd(6)} ${cells.join(' | ')}`);
    gestrichen = row.map((v) => v >= ruleset.target - 1);
  });
  void gestrichen;
  const sm = res.summary;
  lines.push(`Sieger: ${names[sm.winnerParty]} mit ${sm.finalScore[sm.winnerParty]} (Ziel ${ruleset.target})${sm.endedMidHand ? ', mitten im Spiel' : ''}.`);
  if (ruleset.double) lines.push(sm.double ? `Double: ${names[1 - sm.winnerParty]} hat nur ${sm.finalScore[1 - sm.winnerParty]} und verliert doppelt.` : 'Kein Double: der Verlierer hat die Hälfte überschritten.');
  out.push(lines.join('\n'));
  return out.join('\n') + '\n';
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
      .option('human', { type: 'string', describe: 'players you play yourself, 0-based in the order of --policies, e.g. 0 or 0,2: answer each question by its number or in words (HA, LU als HA, gut, Drei …)' })
      .option('transcript', { type: 'string', describe: 'with --human: write the transcript to this file at the end (default: print it)' })
      .example('perlagg play --human 0', 'you are P1, three simple bots play the others')
      .example('perlagg play -r 1853 --human 0,2 --partie', 'two people against two bots, a whole Partie')
      .example('perlagg play --game bieten --players 3 --human 1', 'Bieten against two bots')
      .example('perlagg play --human 0 --transcript hand.txt < moves.txt', 'moves piped in, one a line') as unknown as Argv<PlayArgs>,
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
