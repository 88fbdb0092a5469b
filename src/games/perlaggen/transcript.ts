// The transcript of a Perlaggen hand as a player would follow it (issue 3, deliverable 5): the cut, the deal,
// trump and stock cards, exchanges, every card with its christening, each trick's winner, the figures each
// player shows, the points — in the game's own words (words.ts: Geber, Vorhand, Trumpf, Perlagg, getauft
// als, Stich, Spiel, Gleich, Hanger, steht). `perlagg play` prints it, `perlagg replay` and the Game contract
// (games/perlaggen.ts) use it; it reads the whole state (every hand), so it is for after the hand.
import { cardShort } from '../../cards/notation.ts';
import type { HandState } from '../../engine/state.ts';
import { seatName } from '../../engine/state.ts';
import { QUESTIONS, phraseWords } from '../../engine/talk-words.ts';
import { canonicalName } from '../../rules/registry.ts';
import type { RulesVariant } from '../../rules/variant.ts';
import { cards, dealWords, eventWords, playedText, signText, suitWord, cardCount, type EventNames } from './words.ts';

/** "Partei A (P1/P3)", or the seat when each plays for himself. */
export function partyName(s: HandState, party: number): string {
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
  const names: EventNames = { who, party: (p) => partyName(s, p) };
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
  for (let i = 0; i < s.events.length; i++) {
    const e = s.events[i]!;
    switch (e.type) {
      case 'cut':
        say(`Abheben: ${seatName(e.cutter)} hebt ${cardCount(e.lifted)} ab.`);
        break;
      case 'cutShows':
        if (e.permanent) say(eventWords(e, names)!);
        break;
      case 'dealt': {
        if (e.seat !== 0) break; // all hands at once, in dealing order from Vorhand
        say(`Austeilen (${dealWords(s.ruleset.dealPattern, table.handSize)}, im Uhrzeigersinn ab Vorhand):`);
        for (let k = 1; k <= table.seats; k++) {
          const seat = (s.dealer + k) % table.seats;
          const d = s.events.find((x) => x.type === 'dealt' && x.seat === seat);
          const got = d !== undefined && d.type === 'dealt' ? d.cards : [];
          say(`  ${who(seat)}: ${cards(got)}${seat === s.cutter && s.cutKept.length > 0 ? ` (dazu behalten: ${cards(s.cutKept)})` : ''}`);
        }
        break;
      }
      case 'turnedUp':
        say(`Trumpf aufgeschlagen: ${cardShort(e.card)} → Trumpf ist ${suitWord(e.trump)}.`);
        say(`Perlaggen in diesem Spiel (höchster zuerst): ${cards(s.perl!.order)}`);
        break;
      case 'play':
        // a card laid into a trick that is still open when bids follow it: printed with its trick (below)
        break;
      case 'trick': {
        const t = s.tricks[e.index]!;
        say(`Stich ${e.index + 1} (${seatName(t.leader)} spielt aus): ${t.plays.map((p) => `${seatName(p.seat)} ${playedText(p.card, p.as)}`).join(' · ')} → Stich ${who(e.winner)}`);
        break;
      }
      case 'spiel': {
        const open = s.tricks.find((t) => t.winner < 0);
        if (open !== undefined && open.plays.length > 0) {
          say(`Offener Stich ${s.tricks.indexOf(open) + 1}: ${open.plays.map((p) => `${seatName(p.seat)} ${playedText(p.card, p.as)}`).join(' · ')}`);
        }
        const tricks = e.tricks.map((n, p) => `${partyName(s, p)} ${n}`).join(', ');
        say(e.party >= 0 ? `Spiel: ${partyName(s, e.party)} (Stiche: ${tricks}).` : `Das Spiel geht unter: niemand hat 3 Stiche (Stiche: ${tricks}).`);
        say('Weisen:');
        break;
      }
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
      default: {
        const line = eventWords(e, names);
        if (line !== null) say(line);
      }
    }
  }
  return out.join('\n') + '\n';
}
