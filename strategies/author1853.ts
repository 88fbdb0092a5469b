// author1853 ("der Alte"): a policy that plays as the 1853 author teaches [000 pp.35–46], with the rules'
// own hints on bidding and the Double [000 pp.22–34]. RULES §16 writes his advice out as H-01 … H-42; every
// piece of it that is a decision rule is a declared option below, so an experiment can switch exactly that
// piece off or move its threshold (ablation). Defaults are his words where he gives a figure (three Ober,
// Unter-Ober-König, the scores 4 and 9, two tricks); every slack in steps and every Stechkraft threshold is
// a plain reading of words without a number ("ziemlich gut", "einiger Aussicht", "sehr vorsichtig").
//
// Units. A Gleich or Hanger is measured on one "step" scale: idx = (cards − 2) · 8 + rank value (7 = 1 …
// A = 8; a Hanger by its top card), so a two-fold Siebener-Gleich is 1, three Ober 14, Unter-Ober-König
// 15, three Asse 16, a four-fold Siebener 17, up to a five-fold As 32. Thresholds and slacks are in steps.
// The Spiel is measured by the seat's Stechkraft: a Perlagg 2 (3 if no higher Perlagg is unseen), a plain
// trump 1 (2 if no higher plain trump is unseen), a side As or side master 1; the Spiel strength adds
// 2 for every trick the party leads by (and takes 2 for every trick it trails).
//
// Score words. "Near the end": our party needs at most `nearEnd` points. "In the Double": a party below the
// Double line (1853: 6 of 11, A-26). "Far behind": the opponents need at most 3 points and lead by at least
// `farBehind`. The bidder "at 9": his party at target − 2.
//
// The options, the advice each encodes and its page ([000 p.N] = the 1853 book; H-nn = RULES §16):
//
//  bidding (Gleich, Hanger, Spiel)
//   gleichCount/gleichRank  3 / 6   H-21 [000 p.40–41] "mindestens drei Ober im Gleich": bid a Gleich "auf
//                                   Geradewohl" from this count and rank
//   hangerCount/hangerTop   3 / 7   H-21 [000 p.41] "oder Unter, Ober, König im Hanger": a Hanger from this
//                                   length and top card
//   earlyFigureBids         true    H-19 [000 p.40] bid a good Gleich or Hanger before the first card "um im
//                                   Spiele desto gewisser drein zu gehen"; false: bid them only after the
//                                   Spiel, late by counting (H-20), or at the end of the Partie (H-37)
//   lateCount               true    H-20 [000 p.40] "wenn die meisten Karten ausliegen": bid a weak figure
//                                   that no opponent can beat on the cards seen
//   lateFrom                3       H-20: … from the window before trick lateFrom + 1 (a plain reading of
//                                   "die meisten Karten")
//   kunstgriff              true    H-22/H-23 [000 p.41] the Kunstgriff: a figure (or the Spiel) that needs
//                                   one's own Perlagg is left to the partner who has it in natura (or the
//                                   Spielfarbe): it asks „Hast du … in natura?“ and on „Ja“ says „Biet …!“;
//                                   told so itself, it bids. At a silent table it bids the figure itself
//   kunstgriffFigures       true    H-22: the Kunstgriff for Gleich and Hanger (kunstgriff on)
//   kunstgriffSpiel         true    H-23: the Kunstgriff for the Spiel (kunstgriff on)
//   spielAtOnce             8       H-16 [000 p.39] "gleich vom Anfang das Spiel": bid the Spiel before the
//                                   first card with Stechkraft ≥ this (16 = never)
//   spielTricks             2       H-15 [000 p.39] "bis zum dritten Stiche deren zwei gemacht und noch eine
//                                   gute Karte": bid the Spiel with this many tricks, more than the
//                                   opponents, and a good card (4 = never)
//   spielProspect           6       H-18 [000 p.39–40] "bei einiger Aussicht": after the first trick, not
//                                   behind in tricks, bid the Spiel with Spiel strength ≥ this (20 = never)
//   spielVsHeldGleich       true    H-19 [000 p.40] "muß man mit dem Spiel Biethen auf seiner Huth sein":
//                                   no H-18 Spiel bid while the opponents hold our Gleich, unless we hold
//                                   the best Perlagg still out
//   trailingBest            true    H-37 [000 p.45] far behind: "das Beste was er hat … biethen, weil es als
//                                   Vorgebothenes zuerst berücksichtigt wird": bid the best figure (one) at
//                                   the first card even below the thresholds
//   blindAllThree           false   H-38 [000 p.45, p.31] "Einige ergreifen das Mittel, bei ungesehenen Karten
//                                   alle Drei zu biethen": far behind, with the opponents needing ≤ 2 points,
//                                   bid all three unseen (off: he reports it, he does not teach it)
//   ratschen                0       H-02 [000 p.35–36] Ratschen "im Allgemeinen … nicht anzurathen": the
//                                   rate of bids/holds with a weak real figure at ordinary scores
//   rescueRatschen          1       H-02/H-37 [000 p.35, p.45] "als letzter Rettungs-Versuch der schwächeren
//                                   Parthei": the same rate when far behind
//   farBehind               4       the "weit zurück" of H-02, H-37, H-38 [000 p.45]: the lead that counts
//  holding (halten) and letting gut
//   holdSlack               0       H-24 [000 p.41] "Welche Karte hinreichend ist zum Biethen, die ist es …
//                                   auch zum Halten": hold this many steps below the bid threshold
//   holdAtBid               true    H-21/H-24: holding starts at the bid threshold; false: at the author's
//                                   own (three Ober, Unter-Ober-König), so H-21 moves the bidding alone
//   naturaSlack             2       H-27 [000 p.42 #2] hold "wenn man das Gebothene schon in natura ziemlich
//                                   gut hat": a natural figure may be this many steps weaker
//   severalSlack            2       H-28 [000 p.42 #3] "in mehreren Stücken ziemlich fest": steps of slack
//                                   when strong in another figure or the Spiel
//   despairSlack            3       H-26 [000 p.42 #1] hold when the opponent bids "nur aus Verzweiflung"
//                                   (we near the end, he in the Double even if he wins the hold)
//   nearEnd                 3       the "dem Ausgange nahe" of H-26, H-31, H-39, H-41 [000 p.42–43, p.45]
//   bindPerlagg             true    H-29 [000 p.42–43 #4] hold "um des Hangers willen" to bind the bidder's
//                                   Perlagg, then bid the other figure "alsogleich"
//   bindPremise             false   H-29: bind only on the author's premise "mein Gegner den Hanger besser
//                                   weiß": the opponents can still beat our other figure on the cards seen
//   outAnyway               true    H-30 [000 p.43 #1] "Wer möchte, wenn er auf 9 steht, mit einem ungewissen
//                                   Hanger halten …": no uncertain hold when the other figures take us out
//   sureIdx                 20      H-30, H-35: a figure is certain from this idx, or when no opponent can
//                                   beat it on the cards seen (a plain reading of "ungewiss")
//   vs4Steps                6       H-31 [000 p.43 #2] near the end, against a bidder whom a won hold takes
//                                   out of the Double and a gut does not ("der Gegner aber erst auf 4"):
//                                   steps added to the hold threshold
//   perlaggOtherUse         true    H-32 [000 p.43 #3] no hold that commits the Perlagg when it could make
//                                   the other figure "zu besonderer Vorzüglichkeit" …
//   excellentIdx            16      H-32: … this good (three Asse)
//   vs9Steps                4       H-33 [000 p.43 #4] "wenn die Gegenparthei auf 9 steht und Etwas biethet …
//                                   sehr vorsichtig": steps added against a bidder at target − 2
//   concedeWorse            true    H-34 [000 p.43–44] two items from a bidder at 9, only one holdable: let
//                                   the worse gut, "stopft … der Gegenparthei den Mund"
//   doubleAware             true    H-39 [000 p.45–46] the stronger party counts "was man ihm … unbeschadet
//                                   des Double zugestehen könne": near the end, against a bidder in the
//                                   Double whom a lost hold would lift out of it and the gut would not,
//                                   hold only "mit Grund" (no slack of H-26/H-28/H-29/H-36/H-37)
//   doubleLineSlack         3       H-41 [000 p.28–29] a gut would lift the bidder out of the Double: hold
//                                   with this many steps less
//   trailingHoldSlack       2       H-37 [000 p.45] far behind, "nothgedrungen Etwas zu biethen oder zu
//                                   halten": steps of slack
//   spielHold               5       H-24 for the Spiel: hold a Spiel bid with Spiel strength ≥ this
//  raising (Drei)
//   drei                    holdFirst  H-35 [000 p.44] "zuerst phlegmatisch halten, und erst dann Drei sagen,
//                                   wenn er … seines Sieges gewiß" (raise only a certain figure, at once or
//                                   in any later window); 'atOnce': say Drei at once from dreiIdx
//   dreiIdx                 20      'atOnce': the figure for an immediate Drei ("im Eifer") (33 = never)
//   vsDreiSteps             3       [000 p.44] a Drei is said with "vorzüglich gute Karten": holding a raise
//                                   needs this many steps more per level above 2
//   spielWinner             show    H-42 [000 p.26–27] the Spiel party "hat das Recht und die Pflicht zu
//                                   weisen": it lays its figures down (bidding after the Spiel only a figure
//                                   that cannot lose) and risks no Drei; 'bid': it bids every figure it
//                                   holds instead of showing it, and may be held and raised
//   masterTactic            true    H-36 [000 p.44–45] the master's tactic: strong in Spiel and Gleich, hold
//                                   the opponents' Hanger "bis der Gegner seine Perlaggen fixirt hat", then
//                                   say Drei where certain (the engine has no taking back of a hold, so the
//                                   "davon abgehen" is the Hanger lost at its stake)
//  trick play
//   trumpLead        partnerTrumpless  H-07 [000 p.37] a trumpless partner answers "Trumpf": lead the trump
//                                   As or Zehner (his answer, his signs, else what the play showed);
//                                   'always' / 'never'
//   lowTrumpAnswer          false   H-07(b) [000 p.37] "Mit Neuner oder Achter kann das Trumpfschlagen nichts
//                                   nützen": false = in answer to a trumpless partner's "Trumpf!" with a
//                                   Neuner or Achter as the top plain trump, no trump lead; true: lead it then
//   lowTrumpLead            false   H-07 [000 p.37] "mit diesen muß man nur schauen in der Hinterhand einen
//                                   Stich zu machen": false = no low trump leads while another card can be
//                                   led; true: a low trump is led like any card (the answer to "Trumpf!" is
//                                   lowTrumpAnswer's)
//   trumpToWin              true    H-11 [000 p.38] "Trümpfe zurückzubehalten wäre eine übel angebrachte
//                                   Sparsamkeit": win with a trump whenever it wins; false: only in a
//                                   decisive trick
//   perlaggTricks           author  H-12 [000 p.38] Perlaggen win tricks only "wenn sie sonst zu nichts
//                                   taugen, oder das, wozu man sie eben machen will, obendrein hinreichend
//                                   ist den Stich zu machen" (no figure lost); 'decisive': only when the
//                                   trick decides the Spiel; 'free': like any trump
//   askDecisive             true    H-13 [000 p.38] a Perlagg may win a decisive trick when the Spiel is in
//                                   prospect (it asks „Ist der Stich von Entscheidung?“; else its own count)
//   bockLead                true    H-14 [000 p.39] the winner of a trick "wird … Bock nachwerfen"
//   concedeHopeless         true    H-17 [000 p.39] "läßt auch der schwächere Theil oft … bevor es gebothen
//                                   wurde, das Spiel gut sein": concede an unbid Spiel that is lost …
//   concedePower            1       H-17: … with Stechkraft at most this
//   useExchange             true    H-03 [000 p.36] "Der erste Blick gilt dem Trumpf … und der Karte, die
//                                   unten auf liegt … wer ihn abtauscht": count the shown bottom card, the
//                                   face-up card and the exchanges among the cards seen
//  what partners share (RULES §13, partnerInfo signs / table / open; what is not known falls back to what
//  the seat infers alone — a silent table plays as before)
//   signs                   true    H-04 [000 p.36] the partners' signs (trumps, Perlaggen, less those laid
//                                   since): Stechkraft of the partnership
//   leadRequest             true    H-08 [000 p.37] the leader asks „Welche Farbe?“ and leads the suit the
//                                   partner names („Gut drüben“: one's own best; „Trumpf“: H-07). It answers:
//                                   „Trumpf!“ without a plain trump, a side suit of its master, else „Gut drüben!“
//   avoidAskedSuit          true    H-09 [000 p.37–38] do not lead into the suits the opponents asked for
//   cannotWinSignal         true    H-10 [000 p.38] as last hand it says „Ich kann nicht.“ when no card of
//                                   its wins; its partner then trumps even when H-11 would save the trump
//   talk                    true    it talks and answers (always the truth); false: never talks, never asked
//
// The Spiel is bid between tricks (no Spielfarbe is needed then [000 p.25]); it is held, or raised, only
// with the Spielfarbe. The H-29 and H-36 holds answer a plain bid, not a Drei.
//
// Christening (the showing) favours the figure at stake, then the one that beats what the opponents showed
// (RULES §7.4, §9). The exchange keeps the cards that give the best figures and Stechkraft. Asks for the
// Dritzige are made only with the figure in hand, asks are rejected whenever the rules let us, and the
// partner's bids are never vetoed (the author gives no advice on the veto [000 p.33]).
//
// Outside 1853 the policy plays its best reading of the same advice: the Double rules switch off without a
// Double, and every score line is relative to the ruleset's target.
//
// The policy keeps no state between decisions: each answer is a function of (observation, ctx.rng), and
// the rng is drawn only for the Ratschen rates. It imports only the policy API (GUIDE guideline 3).
import {
  bestOf,
  cardOf,
  currentTrick,
  definePolicy,
  figureFrontier,
  figureFrontierOf,
  gestrichen,
  handOf,
  hasSpielfarbe,
  headroom,
  isPlainTrump,
  naturalFigures,
  offerToAnswer,
  partnersOf,
  perlaggLevel,
  playedPower,
  playedSuit,
  pointsNeeded,
  rankValue,
  rulesFacts,
  sayAction,
  suitIndex,
  suitOfLetter,
  talkInTrick,
  answerTo,
  virtualScore,
  winningIndex,
  WELI_ID,
  type FigureName,
  type FigurePair,
  type Observation,
  type ObservedPlay,
  type ObservedTalk,
  type OptionValues,
  type PolicyAction,
  type PolicyContext,
} from '../src/policy/api.ts';

type Play = Extract<PolicyAction, { kind: 'play' }>;
type GH = 'Gleich' | 'Hanger';

/** The options as typed values (see the header for what each means). */
export interface Sense {
  gThr: number;
  hThr: number;
  earlyFigureBids: boolean;
  lateCount: boolean;
  lateFrom: number;
  kunstgriff: boolean;
  kunstgriffFigures: boolean;
  kunstgriffSpiel: boolean;
  holdAtBid: boolean;
  gHoldThr: number;
  hHoldThr: number;
  bindPremise: boolean;
  spielAtOnce: number;
  spielTricks: number;
  spielProspect: number;
  spielVsHeldGleich: boolean;
  trailingBest: boolean;
  blindAllThree: boolean;
  ratschen: number;
  rescueRatschen: number;
  farBehind: number;
  holdSlack: number;
  naturaSlack: number;
  severalSlack: number;
  despairSlack: number;
  nearEnd: number;
  bindPerlagg: boolean;
  outAnyway: boolean;
  sureIdx: number;
  vs4Steps: number;
  perlaggOtherUse: boolean;
  excellentIdx: number;
  vs9Steps: number;
  concedeWorse: boolean;
  doubleAware: boolean;
  doubleLineSlack: number;
  trailingHoldSlack: number;
  spielHold: number;
  drei: 'holdFirst' | 'atOnce';
  dreiIdx: number;
  vsDreiSteps: number;
  masterTactic: boolean;
  spielWinner: 'show' | 'bid';
  trumpLead: 'partnerTrumpless' | 'always' | 'never';
  lowTrumpAnswer: boolean;
  lowTrumpLead: boolean;
  trumpToWin: boolean;
  perlaggTricks: 'author' | 'decisive' | 'free';
  askDecisive: boolean;
  bockLead: boolean;
  concedeHopeless: boolean;
  concedePower: number;
  useExchange: boolean;
  signs: boolean;
  leadRequest: boolean;
  avoidAskedSuit: boolean;
  cannotWinSignal: boolean;
  talk: boolean;
}

// ---- measures ----

/** A Gleich/Hanger code on the step scale (0 = none). */
export function idx(code: number): number {
  return code === 0 ? 0 : ((code >>> 4) - 2) * 8 + (code & 15);
}
const thresholdIdx = (count: number, rank: number): number => (count - 2) * 8 + rank;
const codeOf = (p: FigurePair, f: GH): number => (f === 'Gleich' ? p.gleich : p.hanger);
const otherOf = (f: GH): GH => (f === 'Gleich' ? 'Hanger' : 'Gleich');
const FIG_INDEX: Readonly<Record<FigureName, number>> = { Spiel: 0, Gleich: 1, Hanger: 2 };

// ---- the table as the seat sees it ----

/** Scores of the deal from the acting party's side. */
interface Scores {
  party: number;
  /** The opposing party on a two-party table, else -1. */
  opp: number;
  myV: number;
  oppV: number;
  myNeed: number;
  oppNeed: number;
  target: number;
  /** Double line (0 = no Double). */
  dthr: number;
  nearEnd: boolean;
  farBehind: boolean;
}

function scoresOf(obs: Observation, o: Sense): Scores {
  const party = obs.party[obs.acting]!;
  const two = obs.biddingTable;
  const opp = two ? 1 - party : -1;
  const f = rulesFacts(obs);
  const myV = virtualScore(obs, party);
  const oppV = opp >= 0 ? virtualScore(obs, opp) : 0;
  const myNeed = pointsNeeded(obs, party);
  const oppNeed = opp >= 0 ? pointsNeeded(obs, opp) : obs.target;
  return {
    party,
    opp,
    myV,
    oppV,
    myNeed,
    oppNeed,
    target: obs.target,
    dthr: f.doubleThreshold,
    nearEnd: myNeed <= o.nearEnd,
    farBehind: opp >= 0 && oppNeed <= 3 && oppV - myV >= o.farBehind,
  };
}

/** Where each card is, as far as the seat knows (RULES §4–§6; H-03). */
export interface Know {
  /** -1 unseen; -2 out of play or played; -3 not in the deck; a seat: known in that seat's hand. */
  where: Int8Array;
  /** Unseen Perlaggen. */
  unseenPerl: number;
  /** Highest level of an unseen Perlagg (0 none). */
  topUnseenPerl: number;
  /** Per seat, a bit per suit the seat has shown it no longer holds as a plain card. */
  voids: number[];
  /** Perlagg level of every card in this deal (0 = plain). */
  lvl: Int8Array;
  /** Per suit, the power of the best natural card an opponent may hold (-1 none); filled on first use. */
  danger: number[] | null;
  /** The opponents' ceiling (opponentsCeiling), filled on first use. */
  ceiling: FigurePair | null;
}

const levelCache = new WeakMap<readonly number[], Int8Array>();
/** Perlagg levels by card id, from obs.perlaggen (the frozen list is shared by a hand's observations). */
function levelsOf(obs: Observation): Int8Array {
  let l = levelCache.get(obs.perlaggen);
  if (l === undefined) {
    l = new Int8Array(33);
    for (const c of obs.perlaggen) l[c] = perlaggLevel(obs, c);
    if (Object.isFrozen(obs.perlaggen)) levelCache.set(obs.perlaggen, l);
  }
  return l;
}

function knowOf(obs: Observation, o: Sense): Know {
  const where = new Int8Array(33).fill(-3);
  for (const c of rulesFacts(obs).deck) where[c] = -1;
  if (o.useExchange) {
    for (const c of obs.skipped) where[c] = -2;
    for (const c of obs.stockShown) where[c] = -2;
    for (const c of obs.cutKept) where[c] = obs.cutter;
    for (const x of obs.exchanges) {
      where[x.gave] = -2;
      where[x.took] = x.seat;
    }
    if (obs.faceUp >= 0) where[obs.faceUp] = -2;
    if (obs.cutSeen >= 0 && where[obs.cutSeen] === -1) where[obs.cutSeen] = -2; // the cutter's bottom card lies in the stock
  }
  for (const s of obs.shown) for (const c of s.cards) where[c.card] = s.seat;
  for (const c of obs.hand) where[c] = obs.seat;
  for (const h of obs.seenHands) for (const c of h.cards) where[c] = h.seat;
  const voids = new Array<number>(obs.seats).fill(0);
  const trump = suitOfLetter(obs.trump ?? 'H');
  const follow = rulesFacts(obs).mustFollowSuit;
  for (const t of obs.tricks) {
    const lead = t.plays[0];
    for (const p of t.plays) where[p.card] = -2;
    if (lead === undefined || !follow) continue;
    const ls = playedSuit(obs, lead.card, lead.as);
    for (let i = 1; i < t.plays.length; i++) {
      const p = t.plays[i]!;
      if (p.card === WELI_ID || levelsOf(obs)[p.card]! > 0) continue; // a Perlagg need not follow
      const ps = suitIndex(p.card);
      if (ps === ls) continue;
      if (ls === trump) voids[p.seat]! |= 1 << trump;
      else if (ps !== trump) voids[p.seat]! |= 1 << ls;
    }
  }
  const lvl = levelsOf(obs);
  let unseenPerl = 0;
  let topUnseenPerl = 0;
  for (const c of obs.perlaggen) {
    if (where[c] === -1) {
      unseenPerl++;
      topUnseenPerl = Math.max(topUnseenPerl, lvl[c]!);
    }
  }
  return { where, unseenPerl, topUnseenPerl, voids, lvl, danger: null, ceiling: null };
}

/** knowOf with the default options: for tests of opponentsCeiling. */
export function knowOfForTests(obs: Observation): Know {
  return knowOf(obs, { useExchange: true } as Sense);
}

/** Is `seat` an opponent of the acting seat? */
const isOpp = (obs: Observation, seat: number): boolean => obs.party[seat] !== obs.party[obs.acting];

/** No card of the same suit that beats `card` by suit can be with an opponent (all gone, ours, or our partners'). */
function isMaster(obs: Observation, k: Know, card: number): boolean {
  if (card === WELI_ID || k.lvl[card]! > 0) return false;
  if (k.danger === null) {
    const danger = [-1, -1, -1, -1];
    for (let d = 0; d < 32; d++) {
      if (k.lvl[d]! > 0) continue;
      const w = k.where[d]!;
      if (w === -1 || (w >= 0 && isOpp(obs, w))) danger[d >>> 3] = Math.max(danger[d >>> 3]!, playedPower(obs, d, null));
    }
    k.danger = danger;
  }
  return playedPower(obs, card, null) > k.danger[suitIndex(card)]!;
}

/** Stechkraft of a set of cards (see the header). */
function stechkraft(obs: Observation, k: Know, cards: readonly number[]): number {
  const trump = suitOfLetter(obs.trump ?? 'H');
  let p = 0;
  for (const c of cards) {
    const lvl = k.lvl[c]!;
    if (lvl > 0) p += lvl > k.topUnseenPerl ? 3 : 2;
    else if (c === WELI_ID) continue;
    else if (suitIndex(c) === trump) p += isMaster(obs, k, c) ? 2 : 1;
    else if (rankValue(c) === 8 || isMaster(obs, k, c)) p += 1;
  }
  return p;
}

/** Tricks the cards take for sure: Perlaggen above every unseen one, then (no Perlagg unseen) master trumps. */
function sureTricks(obs: Observation, k: Know, cards: readonly number[]): number {
  let n = 0;
  for (const c of cards) if (k.lvl[c]! > k.topUnseenPerl) n++;
  if (k.unseenPerl === 0) for (const c of cards) if (isPlainTrump(obs, c) && isMaster(obs, k, c)) n++;
  return n;
}

function tricksOf(obs: Observation, party: number): { ours: number; theirs: number } {
  let theirs = 0;
  for (let p = 0; p < obs.tricksWon.length; p++) if (p !== party) theirs = Math.max(theirs, obs.tricksWon[p]!);
  return { ours: obs.tricksWon[party] ?? 0, theirs };
}

/** The party's Spiel strength: Stechkraft (with the partner's signs, H-04) and the trick lead. */
function spielStrength(obs: Observation, o: Sense, k: Know, party: number): number {
  const t = tricksOf(obs, party);
  let p = stechkraft(obs, k, handOf(obs, obs.acting));
  const signs = o.signs ? partnerSigns(obs) : null;
  if (signs !== null) p += 2 * signs.perlaggen + signs.trumps;
  return p + 2 * (t.ours - t.theirs);
}

/** Does the party hold the best Perlagg still out (unplayed), i.e. better than every unseen one? */
function holdsBestPerlagg(obs: Observation, k: Know): boolean {
  for (const c of handOf(obs, obs.acting)) if (k.lvl[c]! > k.topUnseenPerl) return true;
  return false;
}

// ---- partner talk (RULES §13) ----
//
// Each function below reads what the seat was signed (obs.signs, at 'signs' and above) or told (obs.talk, at
// 'table' and above); null = not known, and its caller falls back to what the seat infers alone. The policy
// believes its partner (he is the author's pupil too); the opponents' words it uses only for H-09, where the
// author takes them at their word as well.

/** The partners the acting seat talks with (another player controls them). */
function partners(obs: Observation): number[] {
  return partnersOf(obs, obs.acting);
}

/**
 * H-04: the partners' signs, less what they have laid since — their plain trumps and Perlaggen still in
 * hand — and the level of the best Perlagg signed (0 none). Null without signs.
 */
function partnerSigns(obs: Observation): { trumps: number; perlaggen: number; bestPerlagg: number } | null {
  if (obs.signs.length === 0) return null;
  const mine = partners(obs);
  let trumps = 0;
  let perlaggen = 0;
  let best = 0;
  let any = false;
  for (const g of obs.signs) {
    if (!mine.includes(g.seat)) continue;
    any = true;
    trumps += g.trumps;
    perlaggen += g.perlaggen;
    if (g.best >= 0) best = Math.max(best, perlaggLevel(obs, g.best));
    for (const t of obs.tricks) {
      for (const p of t.plays) {
        if (p.seat !== g.seat) continue;
        if (perlaggLevel(obs, p.card) > 0) perlaggen--;
        else if (isPlainTrump(obs, p.card)) trumps--;
      }
    }
  }
  return any ? { trumps: Math.max(0, trumps), perlaggen: Math.max(0, perlaggen), bestPerlagg: best } : null;
}

/** The last phrase among `phrases` a partner said to the acting seat in the current trick, or null. */
function partnerSaid(obs: Observation, phrases: readonly string[]): ObservedTalk | null {
  const mine = partners(obs);
  const said = talkInTrick(obs);
  for (let i = said.length - 1; i >= 0; i--) {
    const t = said[i]!;
    if (t.to === obs.acting && mine.includes(t.seat) && phrases.includes(t.phrase)) return t;
  }
  return null;
}

/** The partner's answer to the acting seat's question `phrase` (about `figure`) in this deal (or trick), or null. */
function partnerAnswer(obs: Observation, phrase: string, figure: FigureName | null, thisTrick: boolean): ObservedTalk | null {
  const mine = partners(obs);
  const said = thisTrick ? talkInTrick(obs) : obs.talk;
  for (let i = said.length - 1; i >= 0; i--) {
    const q = said[i]!;
    if (q.seat !== obs.acting || !mine.includes(q.to) || q.phrase !== phrase || q.figure !== figure) continue;
    const a = answerTo(obs, q);
    if (a !== null) return a;
  }
  return null;
}

/** H-07/H-08: the partner's answer to "Welche Farbe?" (or his word unasked) before this lead: 'Trumpf', 'gutDrueben' or a suit index. */
function partnerLeadRequest(obs: Observation): 'Trumpf' | 'gutDrueben' | number | null {
  if (currentTrick(obs).length > 0) return null;
  const t = partnerSaid(obs, ['trumpf', 'farbe', 'gutDrueben']);
  if (t === null) return null;
  return t.phrase === 'trumpf' ? 'Trumpf' : t.phrase === 'farbe' ? t.suit : 'gutDrueben';
}

/** H-09: suits the opponents asked their partner for in this deal (bit mask; 0 when none, null without talk). */
function opponentsAskedSuits(obs: Observation): number | null {
  if (obs.partnerInfo === 'none' || obs.partnerInfo === 'signs') return null;
  let mask = 0;
  for (const t of obs.talk) if (t.phrase === 'farbe' && t.suit >= 0 && isOpp(obs, t.seat)) mask |= 1 << t.suit;
  return mask;
}

/** H-10: the partner (last hand) said in this trick that he cannot win it. */
function partnerCannotWin(obs: Observation): boolean | null {
  return partnerSaid(obs, ['ichKannNicht']) !== null ? true : null;
}

/** H-13: the partner's answer to "Ist der Stich von Entscheidung?" in this trick. */
function partnerSaysDecisive(obs: Observation): boolean | null {
  const a = partnerAnswer(obs, 'entscheidung', null, true);
  return a === null ? null : a.phrase === 'ja';
}

/** H-22/H-23: the partner's answer to "Hast du … in natura?" (the Spielfarbe for the Spiel) in this deal. */
function partnerHasInNatura(obs: Observation, f: FigureName): boolean | null {
  const a = partnerAnswer(obs, 'inNatura', f, false);
  return a === null ? null : a.phrase === 'ja';
}

/** H-22: did a partner tell the acting seat to bid f ("Biet das Gleich!") in this deal? */
function toldToBid(obs: Observation, f: FigureName): boolean {
  const mine = partners(obs);
  for (const t of obs.talk) if (t.phrase === 'biet' && t.figure === f && t.to === obs.acting && mine.includes(t.seat)) return true;
  return false;
}

/** H-07: is the partner without plain trumps? His answer or signs, else what the play showed. */
function partnerTrumpless(obs: Observation, o: Sense, k: Know): boolean {
  const req = o.leadRequest ? partnerLeadRequest(obs) : null;
  if (req !== null) return req === 'Trumpf';
  const signs = o.signs ? partnerSigns(obs) : null;
  if (signs !== null) return signs.trumps === 0;
  const trump = suitOfLetter(obs.trump ?? 'H');
  let partners = 0;
  for (let seat = 0; seat < obs.seats; seat++) {
    if (seat === obs.acting || isOpp(obs, seat)) continue;
    partners++;
    if (((k.voids[seat]! >>> trump) & 1) === 0) return false;
  }
  return partners > 0;
}

// ---- the opponents' best possible figures on the cards seen (H-20, H-30, H-35) ----

/**
 * Upper bounds of the Gleich and Hanger codes any opponent can still show: his shown figures if he showed;
 * else his played identities and the cards known in his hand, completed from the unseen cards (the unseen
 * Perlaggen wild). "… weil es sich leicht ausrechnen läßt, daß der Gegner nichts Besseres zusammenzubringen
 * im Stande ist" [000 p.40].
 */
export function opponentsCeiling(obs: Observation, k: Know): FigurePair {
  let gleich = 0;
  let hanger = 0;
  const hs = obs.handSize;
  const identical = rulesFacts(obs).gleichIdenticalIdentities;
  // unseen natural cards by id, unseen wild count
  let wildU = 0;
  const natU = new Uint8Array(32);
  for (let c = 0; c < 33; c++) {
    if (k.where[c] !== -1) continue;
    if (c === WELI_ID || k.lvl[c]! > 0) wildU++;
    else natU[c] = 1;
  }
  const fixed = new Uint8Array(32);
  const rankCount = new Uint8Array(9);
  for (let seat = 0; seat < obs.seats; seat++) {
    if (!isOpp(obs, seat)) continue;
    const shown = obs.shown.find((x) => x.seat === seat);
    if (shown !== undefined) {
      gleich = Math.max(gleich, shown.gleich);
      hanger = Math.max(hanger, shown.hanger);
      continue;
    }
    fixed.fill(0);
    rankCount.fill(0);
    let nFixed = 0;
    let wildK = 0;
    for (const t of obs.tricks) {
      for (const p of t.plays) {
        if (p.seat !== seat) continue;
        nFixed++;
        const id = p.as ?? p.card;
        if (id === WELI_ID) continue;
        fixed[id] = 1;
        rankCount[rankValue(id)]! += 1;
      }
    }
    for (let c = 0; c < 33; c++) {
      if (k.where[c] !== seat) continue;
      nFixed++;
      if (c === WELI_ID || k.lvl[c]! > 0) wildK++;
      else {
        fixed[c] = 1;
        rankCount[rankValue(c)]! += 1;
      }
    }
    const free = Math.max(0, hs - nFixed);
    // Gleich: per rank, the fixed cards plus what the unseen cards and his wilds can add
    for (let r = 1; r <= 8; r++) {
      let avail = 0;
      for (let s = 0; s < 4; s++) if (natU[cardOf(s, r)] === 1) avail++;
      let n = rankCount[r]! + Math.min(free, avail + wildU) + wildK;
      n = Math.min(n, hs, identical ? hs : 4);
      if (n >= 2) gleich = Math.max(gleich, (n << 4) | r);
    }
    // Hanger: every window of every suit
    for (let s = 0; s < 4; s++) {
      for (let len = Math.min(hs, 8); len >= 2; len--) {
        const topCode = (len << 4) | 8;
        if (topCode <= hanger) break;
        for (let top = 8; top >= len; top--) {
          let need = 0;
          let nat = 0;
          for (let r = top - len + 1; r <= top; r++) {
            const c = cardOf(s, r);
            if (fixed[c] === 1) continue;
            need++;
            if (natU[c] === 1) nat++;
          }
          if (need <= free + wildK && need <= nat + wildU + wildK) {
            hanger = Math.max(hanger, (len << 4) | top);
            break;
          }
        }
      }
    }
  }
  return { gleich, hanger };
}

// ---- the seat's own figures ----

interface Figs {
  frontier: readonly FigurePair[];
  /** The best Gleich and the best Hanger, each on its own — but each with the figure the seat is bound to. */
  best: FigurePair;
}
function figsOf(obs: Observation): Figs {
  const frontier = figureFrontier(obs, obs.acting);
  const bound = boundFigures(obs);
  if (bound === 0) return { frontier, best: bestOf(frontier) };
  let gleich = 0;
  let hanger = 0;
  for (const p of frontier) {
    if ((bound & 2) === 0 || p.hanger > 0) gleich = Math.max(gleich, p.gleich);
    if ((bound & 1) === 0 || p.gleich > 0) hanger = Math.max(hanger, p.hanger);
  }
  return { frontier, best: { gleich, hanger } };
}

/**
 * Figures the acting seat has bound itself to in this deal (bit 1 Gleich, bit 2 Hanger): it bid (seen),
 * held or raised them — "ist verbunden, es wirklich zu haben" [000 p.25–26]. A Perlagg cannot serve a
 * second figure at the cost of the first.
 */
function boundFigures(obs: Observation): number {
  let m = 0;
  const seat = obs.acting;
  for (const e of obs.history) {
    if (e.type === 'bid') {
      if (e.seat !== seat || e.unseen) continue;
      for (let i = 0; i < e.kept; i++) m |= e.figures[i] === 'Gleich' ? 1 : e.figures[i] === 'Hanger' ? 2 : 0;
    } else if (e.type === 'answer') {
      if (e.seat === seat && e.answer === 'hold') m |= e.figure === 'Gleich' ? 1 : e.figure === 'Hanger' ? 2 : 0;
    } else if (e.type === 'raise') {
      if (e.seat === seat && e.valid) m |= e.figure === 'Gleich' ? 1 : e.figure === 'Hanger' ? 2 : 0;
    }
  }
  return m;
}

const threshold = (o: Sense, f: GH): number => (f === 'Gleich' ? o.gThr : o.hThr);
/** Where holding starts (H-24): the bid threshold, or the author's own with holdAtBid off (H-21). */
const holdThreshold = (o: Sense, f: GH): number => (f === 'Gleich' ? o.gHoldThr : o.hHoldThr);

/** Weight of a figure in this deal: its stake, 0 when decided, 1 when silent or offered. */
function weightOf(obs: Observation, f: GH): number {
  const b = obs.bidding[FIG_INDEX[f]]!;
  if (b.status === 'closed') return 0;
  if (b.status === 'stake') return b.level;
  return 1;
}

/** Best code of a figure shown by the opponents (0 = none shown), and by our partners. */
function shownBest(obs: Observation, f: GH, opponents: boolean): number {
  let b = 0;
  for (const x of obs.shown) {
    if (x.seat === obs.acting) continue;
    if (isOpp(obs, x.seat) === opponents) b = Math.max(b, f === 'Gleich' ? x.gleich : x.hanger);
  }
  return b;
}

/** Is our figure certain: no opponent can beat or equal it on the cards seen, or it reaches sureIdx? */
function certain(obs: Observation, o: Sense, k: Know, code: number, f: GH): boolean {
  if (code === 0) return false;
  if (idx(code) >= o.sureIdx) return true;
  const ceil = (k.ceiling ??= opponentsCeiling(obs, k));
  return code > (f === 'Gleich' ? ceil.gleich : ceil.hanger);
}

// ---- helpers on the legal actions ----

function findKind<K extends PolicyAction['kind']>(obs: Observation, kind: K): Extract<PolicyAction, { kind: K }> | undefined {
  for (const a of obs.legal) if (a.kind === kind) return a as Extract<PolicyAction, { kind: K }>;
  return undefined;
}
function bidAction(obs: Observation, f: FigureName): PolicyAction | undefined {
  for (const a of obs.legal) if (a.kind === 'bid' && !a.cumulative && a.figures.length === 1 && a.figures[0] === f) return a;
  return undefined;
}
// ---- windows: bidding, raising, asking ----

/** Points the party can count on from the figures other than `except` (H-30): decided, staked and sure ones. */
function confidentPoints(obs: Observation, o: Sense, k: Know, figs: Figs, sc: Scores, except: FigureName): number {
  let pts = 0;
  for (const f of ['Spiel', 'Gleich', 'Hanger'] as const) {
    if (f === except) continue;
    const b = obs.bidding[FIG_INDEX[f]]!;
    if (b.status === 'closed') continue; // written already: in the virtual score
    const value = b.status === 'stake' ? b.level : 1;
    if (f === 'Spiel') {
      if (obs.spielParty === sc.party) pts += value;
      else if (obs.spielParty < 0 && tricksOf(obs, sc.party).ours + sureTricks(obs, k, handOf(obs, obs.acting)) >= rulesFacts(obs).spielTricks) pts += value;
      else if (obs.spielParty < 0 && spielStrength(obs, o, k, sc.party) >= o.spielAtOnce) pts += value;
    } else if (certain(obs, o, k, codeOf(figs.best, f), f)) pts += value;
  }
  return pts;
}

function windowAction(obs: Observation, o: Sense, ctx: PolicyContext): PolicyAction {
  const pass = obs.legal[0]!;
  if (obs.legal.length === 1) return pass;
  const sc = scoresOf(obs, o);
  if (obs.point < 0) return blindWindow(obs, o, sc) ?? pass;
  let figs: Figs | null = null;
  // "um's Dritzige fragen" (RULES §11.4): only with the figure in hand; a Gleich first (it is harder to reject)
  let ask: Extract<PolicyAction, { kind: 'ask' }> | undefined;
  let raises = false;
  for (const a of obs.legal) {
    if (a.kind === 'raise') raises = true;
    if (a.kind !== 'ask') continue;
    figs ??= figsOf(obs);
    const have = (a.type === 'Gleich' ? figs.best.gleich : figs.best.hanger) >>> 4;
    if (have >= a.count && (ask === undefined || a.count > ask.count || (a.count === ask.count && a.type === 'Gleich'))) ask = a;
  }
  if (ask !== undefined) return ask;
  if (gestrichen(obs, sc.party)) return pass;
  const room = headroom(obs, sc.party);
  if (room < 1) return pass;
  const trickOpen = currentTrick(obs).length > 0;
  const first = obs.point === 0 && obs.tricks.length === 1 && !trickOpen;
  const late = o.lateCount && obs.point >= o.lateFrom;
  // The Spiel is bid between tricks (no Spielfarbe needed then, [000 p.25]); Gleich and Hanger at the first
  // card, late by counting, after the Spiel, or to follow up a binding hold (H-29). Elsewhere: nothing to do.
  if (trickOpen && !raises && !late && obs.point !== 5 && !(o.bindPerlagg && bindingStake(obs, sc))) return pass;
  const k = knowOf(obs, o);
  // raising a stake we hold the raise right of (H-35, H-36)
  for (const a of obs.legal) {
    if (a.kind !== 'raise' || room < a.to - 1) continue;
    if (a.figure === 'Spiel') {
      if ((!trickOpen || hasSpielfarbe(obs, obs.acting)) && tricksOf(obs, sc.party).ours + sureTricks(obs, k, handOf(obs, obs.acting)) >= rulesFacts(obs).spielTricks) return a;
      continue;
    }
    figs ??= figsOf(obs);
    const code = codeOf(figs.best, a.figure);
    if (certain(obs, o, k, code, a.figure) || (o.drei === 'atOnce' && idx(code) >= o.dreiIdx)) return a;
  }
  figs ??= figsOf(obs);
  const spiel = trickOpen ? undefined : bidAction(obs, 'Spiel');
  const t = tricksOf(obs, sc.party);
  // H-37: far behind, the best figure first (the Vorgebotene counts first) — one figure; Ratschen may add more
  if (first && o.trailingBest && sc.farBehind && !obs.bidding.some((b) => b.firstParty === sc.party)) {
    const st = spielStrength(obs, o, k, sc.party);
    const rel: Array<[FigureName, number]> = [
      ['Gleich', figs.best.gleich === 0 ? -1 : idx(figs.best.gleich) / o.gThr],
      ['Hanger', figs.best.hanger === 0 ? -1 : idx(figs.best.hanger) / o.hThr],
      ['Spiel', st <= 0 ? -1 : st / Math.max(1, o.spielAtOnce)],
    ];
    rel.sort((x, y) => y[1] - x[1]);
    for (const [f, r] of rel) {
      if (r < 0) break;
      const a = f === 'Spiel' ? spiel : bidAction(obs, f);
      if (a !== undefined) return a;
    }
  }
  // the Spiel
  if (spiel !== undefined) {
    const keepFree = o.kunstgriffSpiel && partnerHasInNatura(obs, 'Spiel') === true && handOf(obs, obs.acting).some((c) => k.lvl[c]! > 0);
    if (o.kunstgriffSpiel && toldToBid(obs, 'Spiel')) return spiel; // H-23: told to bid the Spiel, having the Spielfarbe
    if (!keepFree) {
      if (first && stechkraft(obs, k, handOf(obs, obs.acting)) >= o.spielAtOnce) return spiel; // H-16
      if (t.ours >= o.spielTricks && t.ours > t.theirs && goodCard(obs, k)) return spiel; // H-15
      const played = obs.tricks.some((x) => x.winner >= 0);
      if (played && t.ours >= t.theirs && spielStrength(obs, o, k, sc.party) >= o.spielProspect) {
        // H-18, with H-19's caution against a held Gleich
        const g = obs.bidding[1]!;
        const gleichHeld = g.status === 'stake' && g.firstParty === sc.party && g.raiseRight !== sc.party;
        if (!(o.spielVsHeldGleich && gleichHeld && !holdsBestPerlagg(obs, k))) return spiel;
      }
    }
  }
  // Gleich and Hanger
  let natural: FigurePair | null = null;
  const rate = sc.farBehind ? o.rescueRatschen : o.ratschen;
  for (const f of ['Gleich', 'Hanger'] as const) {
    const a = bidAction(obs, f);
    if (a === undefined) continue;
    const code = codeOf(figs.best, f);
    if (code === 0) continue; // never bid what one cannot make ([000 p.25–26])
    // after the Spiel: the Spiel party shows (weisen); the others bid what beats the shown figures
    if (obs.point === 5) {
      if (certain(obs, o, k, code, f)) return a;
      // H-42: a Spiel party that bids instead of showing bids every figure it would show
      if (o.spielWinner === 'bid' && obs.spielParty === sc.party) return a;
      continue;
    }
    // H-29 follow-up: our hold binds his Perlagg in the other figure: bid this one "alsogleich"
    const other = obs.bidding[FIG_INDEX[otherOf(f)]]!;
    if (o.bindPerlagg && other.status === 'stake' && other.raiseRight === sc.party && other.firstParty !== sc.party && k.unseenPerl > 0) return a;
    // H-20: late, by counting the cards seen
    if (late && certain(obs, o, k, code, f)) return a;
    // H-22: the partner, whose figure needs his Perlagg, heard ours is in natura and says "Biet …!"
    if (o.kunstgriffFigures && toldToBid(obs, f) && obs.point !== 5) return a;
    if (!first) continue;
    // H-19 / H-21 at the first card; H-22 the Kunstgriff
    if (o.earlyFigureBids && idx(code) >= threshold(o, f)) {
      natural ??= naturalFigures(obs, obs.acting);
      const needsPerlagg = idx(codeOf(natural, f)) < threshold(o, f);
      if (!(needsPerlagg && o.kunstgriffFigures && partnerHasInNatura(obs, f) === true)) return a;
    }
    // H-02 Ratschen: a weak real figure, at the rate of the score state
    if (rate > 0 && ctx.rng.nextFloat() < rate) return a;
  }
  return pass;
}

/** Do we hold the opponents' Gleich or Hanger with the other figure still unbid (H-29's follow-up)? */
function bindingStake(obs: Observation, sc: Scores): boolean {
  for (let f = 1; f < 3; f++) {
    const b = obs.bidding[f]!;
    if (b.status === 'stake' && b.raiseRight === sc.party && b.firstParty !== sc.party && obs.bidding[3 - f]!.status === 'unbid') return true;
  }
  return false;
}

/** H-15's "noch eine gute Karte": a Perlagg, a master trump, or a side master (a Bock). */
function goodCard(obs: Observation, k: Know): boolean {
  for (const c of handOf(obs, obs.acting)) if (k.lvl[c]! > 0 || isMaster(obs, k, c)) return true;
  return false;
}

/** H-38: all three unseen, far behind against a party that needs at most 2 points. */
function blindWindow(obs: Observation, o: Sense, sc: Scores): PolicyAction | undefined {
  if (!o.blindAllThree || !sc.farBehind || sc.oppNeed > 2 || gestrichen(obs, sc.party) || headroom(obs, sc.party) < 3) return undefined;
  for (const a of obs.legal) if (a.kind === 'bid' && a.cumulative) return a;
  return undefined;
}

// ---- answers: gut, halten, Drei ----

function answerAction(obs: Observation, o: Sense, ctx: PolicyContext): PolicyAction {
  if (findKind(obs, 'allow') !== undefined) return findKind(obs, 'reject') ?? findKind(obs, 'allow')!;
  const gut = findKind(obs, 'gut')!;
  const hold = findKind(obs, 'hold') ?? gut;
  const offer = offerToAnswer(obs);
  if (offer === null) return gut;
  const sc = scoresOf(obs, o);
  const L = offer.level;
  const raise = findKind(obs, 'raise');
  const canRaise = raise !== undefined && !gestrichen(obs, sc.party) && headroom(obs, sc.party) >= L;
  // a gut that ends the Partie for them at once leaves nothing to lose by holding
  const gutLoses = sc.opp >= 0 && sc.oppV + (L - 1) >= sc.target;
  const k = knowOf(obs, o);
  if (offer.figure === 'Spiel') return answerSpiel(obs, o, k, sc, L, gutLoses, canRaise ? raise : undefined) ?? gut;
  const f = offer.figure;
  const figs = figsOf(obs);
  const code = codeOf(figs.best, f);
  if (code === 0) return gut; // holding binds us to have it ([000 p.25–26])
  // the opponents showed this figure already: the cards decide
  const shownOpp = shownBest(obs, f, true);
  if (shownOpp > 0) {
    if (code <= shownOpp) return gut;
    return canRaise ? raise! : hold;
  }
  const d = holdDecision(obs, o, k, sc, figs, f, L, ctx);
  if (d === 'gut' && !gutLoses) return gut;
  // H-35: a Drei only when certain ('holdFirst'), or "im Eifer" from dreiIdx ('atOnce')
  if (canRaise && (certain(obs, o, k, code, f) || (o.drei === 'atOnce' && idx(code) >= o.dreiIdx))) return raise!;
  return hold;
}

/** The hold rules of [000 p.41–44] for a Gleich or Hanger offer at level L. */
function holdDecision(obs: Observation, o: Sense, k: Know, sc: Scores, figs: Figs, f: GH, L: number, ctx: PolicyContext): 'hold' | 'gut' {
  const code = codeOf(figs.best, f);
  const mine = idx(code);
  const base = holdThreshold(o, f) - o.holdSlack; // H-24 (H-21: holdAtBid)
  let thr = base;
  let slack = 0; // lowerings that H-39 may cancel
  const otherF = otherOf(f);
  const otherCode = codeOf(figs.best, otherF);
  const inDouble = sc.dthr > 0 && sc.oppV < sc.dthr;
  // H-28: strong in several pieces
  let st: number | null = null;
  if (idx(otherCode) >= threshold(o, otherF) || (obs.spielParty < 0 && (st = spielStrength(obs, o, k, sc.party)) >= o.spielProspect) || obs.spielParty === sc.party) slack += o.severalSlack;
  // H-26: a despair bid — we near the end, he in the Double even when he wins the hold (or far behind without a Double)
  if (sc.nearEnd && sc.opp >= 0 && (sc.dthr > 0 ? sc.oppV + L < sc.dthr : sc.oppNeed > sc.myNeed + o.farBehind)) slack += o.despairSlack;
  // H-37: far behind ourselves, something must be held
  if (sc.farBehind) slack += o.trailingHoldSlack;
  // H-41: a gut would lift him out of the Double
  if (sc.nearEnd && inDouble && sc.oppV + (L - 1) >= sc.dthr) thr -= o.doubleLineSlack;
  // H-31: a won hold lifts him out of the Double, a gut does not: he offers his real best to be held
  const holdRescues = sc.nearEnd && inDouble && sc.oppV + L >= sc.dthr && sc.oppV + (L - 1) < sc.dthr;
  if (holdRescues) thr += o.vs4Steps;
  // H-33: very careful against a bidder at target − 2
  if (sc.opp >= 0 && sc.oppNeed <= 2) thr += o.vs9Steps;
  // a Drei is said with very good cards [000 p.44]
  if (L > 2) thr += o.vsDreiSteps * (L - 2);
  // H-39: counting his score, against a bidder in the Double whom a lost hold would rescue, hold only "mit Grund"
  const withGround = o.doubleAware && holdRescues;
  if (!withGround) thr -= slack;
  // H-27: a natural figure may be naturaSlack steps weaker
  let natural: FigurePair | null = null;
  const naturalCode = (): number => codeOf((natural ??= naturalFigures(obs, obs.acting)), f);
  const holds = mine >= thr || idx(naturalCode()) >= thr - o.naturaSlack;
  // H-30: we go out anyway on the other figures: no uncertain hold
  if (holds && o.outAnyway && !certain(obs, o, k, code, f) && confidentPoints(obs, o, k, figs, sc, f) >= sc.myNeed) return 'gut';
  // H-32: the hold would commit the Perlagg that makes the other figure excellent
  if (holds && o.perlaggOtherUse && obs.bidding[FIG_INDEX[otherF]]!.status !== 'closed' && idx(naturalCode()) < thr && idx(otherCode) >= o.excellentIdx) {
    let bothOk = false;
    for (const p of figs.frontier) if (idx(codeOf(p, f)) >= thr && idx(codeOf(p, otherF)) >= o.excellentIdx) bothOk = true;
    if (!bothOk) return 'gut';
  }
  // H-34: two items from a bidder at 9: the worse goes gut
  if (holds && o.concedeWorse && sc.opp >= 0 && sc.oppNeed <= 2) {
    const ob = obs.bidding[FIG_INDEX[otherF]]!;
    const otherInPlay = (ob.status === 'offer' && ob.offerParty === sc.opp) || (ob.status === 'stake' && ob.raiseRight === sc.party && ob.firstParty === sc.opp);
    if (otherInPlay && mine - threshold(o, f) < idx(otherCode) - threshold(o, otherF)) return 'gut';
  }
  if (holds) return 'hold';
  if (withGround) return 'gut';
  // H-29: bind his Perlagg: hold this one to win the other, which we bid at once
  if (o.bindPerlagg && L === 2 && otherCode > 0 && k.unseenPerl > 0 && obs.bidding[FIG_INDEX[otherF]]!.status === 'unbid' && !gestrichen(obs, sc.party) && !(sc.opp >= 0 && sc.oppV + L >= sc.target)) {
    let joint = false; // a christening that makes both: the hold binds us to this one, the bid to the other
    for (const p of figs.frontier) if (codeOf(p, f) > 0 && codeOf(p, otherF) > 0) joint = true;
    // the author's premise (bindPremise): "mein Gegner den Hanger besser weiß" — he can still beat our other figure
    const premise = !o.bindPremise || otherCode <= (otherF === 'Gleich' ? (k.ceiling ??= opponentsCeiling(obs, k)).gleich : (k.ceiling ??= opponentsCeiling(obs, k)).hanger);
    if (joint && premise && idx(otherCode) < threshold(o, otherF) && mine >= 1) return 'hold';
  }
  // H-36: the master holds the Hanger while strong in Spiel and Gleich
  if (o.masterTactic && L === 2 && f === 'Hanger' && idx(figs.best.gleich) >= o.gThr && (st ?? spielStrength(obs, o, k, sc.party)) >= o.spielProspect && !(sc.opp >= 0 && sc.oppV + L >= sc.target)) return 'hold';
  // H-02 Ratschen: a weak real figure held at the rate of the score state
  const rate = sc.farBehind ? o.rescueRatschen : o.ratschen;
  if (rate > 0 && !(sc.opp >= 0 && sc.oppV + L >= sc.target) && ctx.rng.nextFloat() < rate) return 'hold';
  return 'gut';
}

/** Answer a Spiel offer: hold with Spiel strength ≥ spielHold (score rules as for the figures), raise when sure. */
function answerSpiel(obs: Observation, o: Sense, k: Know, sc: Scores, L: number, gutLoses: boolean, raise: PolicyAction | undefined): PolicyAction | undefined {
  const hold = findKind(obs, 'hold');
  if (currentTrick(obs).length > 0 && !hasSpielfarbe(obs, obs.acting)) return undefined; // no Spielfarbe: cannot hold it
  const spielTricks = rulesFacts(obs).spielTricks;
  const sure = tricksOf(obs, sc.party).ours + sureTricks(obs, k, handOf(obs, obs.acting)) >= spielTricks;
  if (sure && raise !== undefined) return raise;
  if (gutLoses) return hold;
  const st = spielStrength(obs, o, k, sc.party);
  let thr = o.spielHold;
  const inDouble = sc.dthr > 0 && sc.oppV < sc.dthr;
  const holdRescues = sc.nearEnd && inDouble && sc.oppV + L >= sc.dthr && sc.oppV + (L - 1) < sc.dthr;
  let slack = 0;
  if (sc.nearEnd && sc.opp >= 0 && (sc.dthr > 0 ? sc.oppV + L < sc.dthr : sc.oppNeed > sc.myNeed + o.farBehind)) slack += o.despairSlack;
  if (sc.farBehind) slack += o.trailingHoldSlack;
  if (sc.nearEnd && inDouble && sc.oppV + (L - 1) >= sc.dthr) thr -= o.doubleLineSlack;
  if (holdRescues) thr += o.vs4Steps;
  if (sc.opp >= 0 && sc.oppNeed <= 2) thr += o.vs9Steps;
  if (L > 2) thr += o.vsDreiSteps * (L - 2);
  if (!(o.doubleAware && holdRescues)) thr -= slack;
  if (st < thr) return undefined;
  if (o.outAnyway && !sure) {
    const figs = figsOf(obs);
    if (confidentPoints(obs, o, k, figs, sc, 'Spiel') >= sc.myNeed) return undefined; // H-30
  }
  return hold;
}

// ---- trick play ----

/** Cheapness of a plain card to give away: side cards by rank, masters and trumps kept. */
function cost(obs: Observation, k: Know, card: number): number {
  if (k.lvl[card]! > 0) return 100 + k.lvl[card]!;
  const trump = suitOfLetter(obs.trump ?? 'H');
  return (suitIndex(card) === trump ? 20 : 0) + rankValue(card) + (isMaster(obs, k, card) ? 9 : 0);
}

function wins(obs: Observation, trick: readonly ObservedPlay[], card: number, as: number | null): boolean {
  const plays: Array<{ card: number; as: number | null }> = trick.slice();
  plays.push({ card, as });
  return winningIndex(obs, plays) === trick.length;
}

function cheapest(obs: Observation, k: Know, xs: readonly Play[]): Play {
  let best = xs[0]!;
  let bc = cost(obs, k, best.card);
  for (let i = 1; i < xs.length; i++) {
    const c = cost(obs, k, xs[i]!.card);
    if (c < bc) {
      best = xs[i]!;
      bc = c;
    }
  }
  return best;
}

/** What the seat's figures are worth (weighted by their stakes) on the best christening of a frontier. */
function figureValue(obs: Observation, frontier: readonly FigurePair[]): number {
  const wg = weightOf(obs, 'Gleich');
  const wh = weightOf(obs, 'Hanger');
  let best = 0;
  for (const p of frontier) best = Math.max(best, wg * idx(p.gleich) + wh * idx(p.hanger));
  return best;
}

/**
 * A Perlagg play (H-12, H-13). With `mustWin`, only christenings that take the trick and that the mode
 * allows; otherwise the play that costs the figures least. Among equals the lowest Perlagg.
 */
function perlaggPlay(obs: Observation, o: Sense, k: Know, plays: readonly Play[], trick: readonly ObservedPlay[], mustWin: boolean, decisive: boolean): Play | null {
  let now = -1;
  let best: Play | null = null;
  let bestLoss = Infinity;
  let bestLvl = Infinity;
  for (const a of plays) {
    const lvl = k.lvl[a.card]!;
    if (lvl === 0) continue;
    if (mustWin && !wins(obs, trick, a.card, a.as)) continue;
    if (now < 0) now = figureValue(obs, figureFrontier(obs, obs.acting));
    const loss = now - figureValue(obs, figureFrontier(obs, obs.acting, { card: a.card, as: a.as }));
    if (mustWin) {
      const ok = o.perlaggTricks === 'free' || (o.perlaggTricks === 'decisive' ? decisive : loss <= 0 || (o.askDecisive && decisive));
      if (!ok) continue;
    }
    if (loss < bestLoss || (loss === bestLoss && lvl < bestLvl)) {
      best = a;
      bestLoss = loss;
      bestLvl = lvl;
    }
  }
  return best;
}

/** H-13: does this trick decide the Spiel, with the Spiel in prospect for us (the partner's answer, else the seat's own count)? */
function decisiveTrick(obs: Observation, o: Sense, k: Know, party: number): boolean {
  const told = o.askDecisive ? partnerSaysDecisive(obs) : null;
  if (told !== null) return told;
  return decisiveByCards(obs, k, party);
}

/** H-13 on the seat's own cards: this trick makes our Spiel, or stops theirs with the rest still ours to get. */
function decisiveByCards(obs: Observation, k: Know, party: number): boolean {
  const need = rulesFacts(obs).spielTricks;
  const t = tricksOf(obs, party);
  if (t.ours + 1 >= need) return true; // this trick makes our Spiel
  if (t.theirs + 1 < need) return false;
  // they make it with this trick: worth a Perlagg only if we can still get the rest
  const done = obs.tricks.filter((x) => x.winner >= 0).length;
  const left = obs.handSize - done - 1;
  const rest = handOf(obs, obs.acting);
  return t.ours + 1 + left >= need && t.ours + 1 + Math.max(sureTricks(obs, k, rest) - 1, 0) + (stechkraft(obs, k, rest) >= 4 ? 1 : 0) >= need;
}

function playAction(obs: Observation, o: Sense): PolicyAction {
  const me = obs.acting;
  const party = obs.party[me]!;
  const k = knowOf(obs, o);
  const plays: Play[] = [];
  const plain: Play[] = [];
  for (const a of obs.legal) {
    if (a.kind !== 'play') continue;
    plays.push(a);
    if (k.lvl[a.card]! === 0) plain.push(a);
  }
  const concede = findKind(obs, 'concede');
  if (concede !== undefined && o.concedeHopeless && hopeless(obs, o, k, party)) return concede;
  if (plays.length === 0) return obs.legal[0]!;
  const trick = currentTrick(obs);
  const trump = suitOfLetter(obs.trump ?? 'H');
  if (trick.length === 0) return lead(obs, o, k, plays, plain, trump);
  const w = trick[winningIndex(obs, trick)]!;
  const partnerWinning = obs.party[w.seat] === party;
  const last = trick.length === obs.seats - 1;
  const need = rulesFacts(obs).spielTricks;
  const t = tricksOf(obs, party);
  const decisive = t.ours + 1 >= need || t.theirs + 1 >= need;
  if (partnerWinning) {
    // the partner's card may still be beaten by an opponent after us: take over with a master (H-11)
    if (!last && !isSafe(obs, k, trick, w)) {
      const over = plain.filter((a) => wins(obs, trick, a.card, null) && isSafe(obs, k, trick, { seat: me, card: a.card, as: null }) && (o.trumpToWin || suitIndex(a.card) !== trump || decisive));
      if (over.length > 0) return cheapest(obs, k, over);
    }
    if (plain.length > 0) return cheapest(obs, k, plain);
    return perlaggPlay(obs, o, k, plays, trick, false, decisive) ?? plays[0]!;
  }
  // H-10: the partner (last hand) said he cannot win: put a trump in, even where trumps are saved (H-11 off)
  const cannot = o.cannotWinSignal && partnerCannotWin(obs) === true;
  const winners: Play[] = [];
  for (const a of plain) {
    if (!wins(obs, trick, a.card, null)) continue;
    if (!o.trumpToWin && suitIndex(a.card) === trump && !decisive && !cannot) continue; // "save trumps" (H-11 off)
    winners.push(a);
  }
  if (winners.length > 0) return cheapest(obs, k, winners);
  const p = perlaggPlay(obs, o, k, plays, trick, true, decisive && decisiveTrick(obs, o, k, party));
  if (p !== null) return p;
  if (plain.length > 0) return cheapest(obs, k, plain);
  return perlaggPlay(obs, o, k, plays, trick, false, decisive) ?? plays[0]!;
}

/** The partner's card cannot be beaten by the seats still to play, as far as the seat knows (a master, no trump threat). */
function isSafe(obs: Observation, k: Know, trick: readonly ObservedPlay[], w: ObservedPlay): boolean {
  if (k.lvl[w.card]! > k.topUnseenPerl) return true;
  if (k.unseenPerl > 0) return false;
  const trump = suitOfLetter(obs.trump ?? 'H');
  const ws = playedSuit(obs, w.card, w.as);
  if (!isMaster(obs, k, w.card)) return false;
  if (ws === trump) return true;
  // a side master can still be trumped by a later opponent who has no card of the suit
  for (let i = 1; i < obs.seats - trick.length; i++) {
    const seat = (obs.acting + i) % obs.seats;
    if (isOpp(obs, seat) && ((k.voids[seat]! >>> ws) & 1) === 1 && ((k.voids[seat]! >>> trump) & 1) === 0) return false;
  }
  return true;
}

function lead(obs: Observation, o: Sense, k: Know, plays: readonly Play[], plain: readonly Play[], trump: number): PolicyAction {
  if (plain.length === 0) return perlaggPlay(obs, o, k, plays, [], false, false) ?? plays[0]!;
  // H-07: the partner is trumpless: the trump As or Zehner
  if (o.trumpLead !== 'never' && (o.trumpLead === 'always' || partnerTrumpless(obs, o, k))) {
    let top: Play | null = null;
    for (const a of plain) if (suitIndex(a.card) === trump && (top === null || playedPower(obs, a.card, null) > playedPower(obs, top.card, null))) top = a;
    if (top !== null && (rankValue(top.card) === 8 || rankValue(top.card) === 4)) return top;
    // H-07(b): with only a Neuner or Achter on top, "kann das Trumpfschlagen nichts nützen": lowTrumpAnswer leads it
    // anyway, in answer to the partner's „Trumpf!“ (the situation the claim names; not on his signs or the play)
    if (top !== null && o.lowTrumpAnswer && (rankValue(top.card) === 3 || rankValue(top.card) === 2) && partnerLeadRequest(obs) === 'Trumpf') return top;
  }
  // H-08: the suit the partner asked for
  const req = o.leadRequest ? partnerLeadRequest(obs) : null;
  if (typeof req === 'number') {
    let bestInSuit: Play | null = null;
    for (const a of plain) if (suitIndex(a.card) === req && (bestInSuit === null || playedPower(obs, a.card, null) > playedPower(obs, bestInSuit.card, null))) bestInSuit = a;
    if (bestInSuit !== null) return bestInSuit;
  }
  const avoid = o.avoidAskedSuit ? (opponentsAskedSuits(obs) ?? 0) : 0; // H-09
  const side = plain.filter((a) => suitIndex(a.card) !== trump && ((avoid >>> suitIndex(a.card)) & 1) === 0);
  // H-14: after a won trick, a Bock: a side card the opponents cannot beat by suit
  const wonOne = obs.tricks.length >= 2;
  if (o.bockLead && wonOne) {
    for (const a of side) if (isMaster(obs, k, a.card)) return a;
    for (const a of side) if (opponentsVoid(obs, k, suitIndex(a.card))) return a;
  }
  // "Gut drüben": one's own best Stechkarte, a side master; else the cheapest side card
  for (const a of side) if (rankValue(a.card) === 8 && isMaster(obs, k, a.card)) return a;
  if (side.length > 0) return cheapest(obs, k, side);
  const rest = plain.filter((a) => suitIndex(a.card) !== trump || o.lowTrumpLead || rankValue(a.card) === 8 || rankValue(a.card) === 4 || isMaster(obs, k, a.card));
  if (rest.length > 0) return cheapest(obs, k, rest);
  // only low trumps (H-07: keep them for the Hinterhand): lead a Perlagg that costs no figure, else the low trump
  const p = perlaggPlay(obs, o, k, plays, [], false, false);
  if (p !== null && figureValue(obs, figureFrontier(obs, obs.acting)) === figureValue(obs, figureFrontier(obs, obs.acting, { card: p.card, as: p.as }))) return p;
  return cheapest(obs, k, plain);
}

function opponentsVoid(obs: Observation, k: Know, suit: number): boolean {
  let n = 0;
  for (let seat = 0; seat < obs.seats; seat++) {
    if (!isOpp(obs, seat)) continue;
    n++;
    if (((k.voids[seat]! >>> suit) & 1) === 0) return false;
  }
  return n > 0;
}

/** H-17: an unbid Spiel that is lost: the opponents need one trick, we have none and no Stechkraft. */
function hopeless(obs: Observation, o: Sense, k: Know, party: number): boolean {
  if (obs.bidding[0]!.status !== 'unbid' || !obs.biddingTable) return false;
  const need = rulesFacts(obs).spielTricks;
  const t = tricksOf(obs, party);
  if (t.theirs < need - 1 || t.ours > 0) return false;
  const hand = handOf(obs, obs.acting);
  if (stechkraft(obs, k, hand) > o.concedePower || sureTricks(obs, k, hand) > 0) return false;
  const signs = o.signs ? partnerSigns(obs) : null;
  if (signs !== null && signs.perlaggen + signs.trumps > 0) return false;
  // conceding writes the Spiel for them at once: never when that ends the Partie
  const opp = 1 - party;
  return pointsNeeded(obs, opp) > 1;
}

// ---- what it says at the table (RULES §13; the author's conventions [000 p.32–41]; always the truth) ----

/** H-07/H-08: its answer to "Welche Farbe?": "Trumpf!" without a plain trump; a side suit where it holds the master; else "Gut drüben!". */
function leadWish(obs: Observation, k: Know): 'trumpf' | 'gut' | number {
  const hand = handOf(obs, obs.acting);
  if (!hand.some((c) => isPlainTrump(obs, c))) return 'trumpf';
  const trump = suitOfLetter(obs.trump ?? 'H');
  for (const c of hand) if (k.lvl[c]! === 0 && c !== WELI_ID && suitIndex(c) !== trump && isMaster(obs, k, c)) return suitIndex(c);
  return 'gut';
}

/** Can a card of the acting seat win the current trick as it lies (a Perlagg christened as itself)? */
function canWinTrick(obs: Observation, k: Know): boolean {
  const trick = currentTrick(obs);
  if (trick.length === 0) return true;
  return handOf(obs, obs.acting).some((c) => wins(obs, trick, c, k.lvl[c]! > 0 ? c : null));
}

/** H-22/H-23: does it hold f in natura (at its bid threshold), or the Spielfarbe (a plain trump) for the Spiel? */
function holdsInNatura(obs: Observation, o: Sense, f: FigureName): boolean {
  if (f === 'Spiel') return handOf(obs, obs.acting).some((c) => isPlainTrump(obs, c));
  return idx(codeOf(naturalFigures(obs, obs.acting), f)) >= threshold(o, f);
}

function answerQuestion(obs: Observation, o: Sense, k: Know, q: ObservedTalk): PolicyAction {
  const yesNo = (x: boolean) => sayAction(obs, x ? 'ja' : 'nein', q.seat) ?? obs.legal[0]!;
  switch (q.phrase) {
    case 'welcheFarbe': {
      const w = leadWish(obs, k);
      const a = w === 'trumpf' ? sayAction(obs, 'trumpf', q.seat) : w === 'gut' ? sayAction(obs, 'gutDrueben', q.seat) : sayAction(obs, 'farbe', q.seat, w);
      return a ?? obs.legal[0]!;
    }
    case 'kannstStechen':
      return yesNo(canWinTrick(obs, k));
    case 'entscheidung':
      return yesNo(decisiveByCards(obs, k, obs.party[obs.acting]!));
    case 'inNatura':
      return yesNo(q.figure !== null && holdsInNatura(obs, o, q.figure));
    default:
      return obs.legal[0]!;
  }
}

function talkAction(obs: Observation, o: Sense): PolicyAction {
  const quiet = obs.legal[0]!;
  const k = knowOf(obs, o);
  if (obs.question !== null) return answerQuestion(obs, o, k, obs.question);
  const me = obs.acting;
  const mates = partners(obs).filter((p) => handOf(obs, p).length === 0); // a seen hand needs no question
  const trick = currentTrick(obs);
  if (obs.talkPoint === 'lead') {
    const t = obs.tricks[obs.tricks.length - 1];
    // H-08: the leader asks which suit to bring
    if (o.leadRequest && t !== undefined && t.winner < 0 && t.leader === me && trick.length === 0) {
      for (const p of mates) {
        const a = sayAction(obs, 'welcheFarbe', p);
        if (a !== undefined) return a;
      }
    }
    // H-22/H-23, before the first card: a figure that needs our Perlagg — does the partner have it in natura?
    if (o.kunstgriff && obs.biddingTable && obs.tricks.length === 1 && trick.length === 0 && !gestrichen(obs, obs.party[me]!)) {
      const figs: FigureName[] = [];
      const best = bestOf(figureFrontier(obs, me));
      const nat = naturalFigures(obs, me);
      for (const f of ['Gleich', 'Hanger'] as const) {
        if (o.kunstgriffFigures && obs.bidding[FIG_INDEX[f]]!.status === 'unbid' && idx(codeOf(best, f)) >= threshold(o, f) && idx(codeOf(nat, f)) < threshold(o, f)) figs.push(f);
      }
      const hand = handOf(obs, me);
      if (o.kunstgriffSpiel && obs.bidding[0]!.status === 'unbid' && stechkraft(obs, k, hand) >= o.spielAtOnce && !hand.some((c) => isPlainTrump(obs, c))) figs.push('Spiel');
      for (const f of figs) {
        for (const p of mates) {
          const had = partnerHasInNatura(obs, f);
          const a = had === true ? sayAction(obs, 'biet', p, -1, f) : had === null ? sayAction(obs, 'inNatura', p, -1, f) : undefined;
          if (a !== undefined) return a;
        }
      }
    }
    return quiet;
  }
  if (obs.talkPoint === 'card') {
    // H-10: the last hand says he cannot win it (his partner then trumps)
    if (o.cannotWinSignal) {
      for (const a of obs.legal) if (a.kind === 'say' && a.phrase === 'ichKannNicht') return canWinTrick(obs, k) ? quiet : a;
    }
    // H-13: a Perlagg could take a decisive trick: ask the partner whether the Spiel is in prospect
    if (o.askDecisive && partnerSaysDecisive(obs) === null && trick.length > 0) {
      const party = obs.party[me]!;
      const t = tricksOf(obs, party);
      const need = rulesFacts(obs).spielTricks;
      const decisive = t.ours + 1 >= need || t.theirs + 1 >= need;
      if (decisive && handOf(obs, me).some((c) => k.lvl[c]! > 0)) {
        for (const p of mates) {
          const a = sayAction(obs, 'entscheidung', p);
          if (a !== undefined) return a;
        }
      }
    }
    return quiet;
  }
  return quiet;
}

// ---- the showing, the exchange ----

function showAction(obs: Observation): PolicyAction {
  let best = obs.showChoices[0];
  if (best === undefined) return obs.legal[0]!;
  let bestScore = -Infinity;
  for (const c of obs.showChoices) {
    let score = 0;
    for (const f of ['Gleich', 'Hanger'] as const) {
      const w = weightOf(obs, f);
      const ob = shownBest(obs, f, true);
      const partyBest = Math.max(shownBest(obs, f, false), f === 'Gleich' ? c.gleich : c.hanger);
      // against shown figures: what beats them; else the higher figure (the party's best counts, RULES §7.4)
      score += w * ((ob > 0 && partyBest > ob ? 1000 : 0) + idx(partyBest));
    }
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best.action;
}

function exchangeAction(obs: Observation, o: Sense): PolicyAction {
  const k = knowOf(obs, o);
  const hand = handOf(obs, obs.acting);
  const value = (cards: readonly number[]): number => {
    const fig = bestOf(figureFrontierOf(obs, cards, []));
    return 4 * stechkraft(obs, k, cards) + idx(fig.gleich) + idx(fig.hanger);
  };
  let best: PolicyAction = obs.legal[0]!;
  let bestValue = -Infinity;
  for (const a of obs.legal) {
    let v: number;
    if (a.kind === 'exchange') {
      const next = hand.filter((c) => c !== a.card);
      next.push(obs.faceUp);
      next.sort((x, y) => x - y);
      v = value(next) - cost(obs, k, a.card) / 100;
    } else if (a.kind === 'declineExchange') v = value(hand);
    else continue;
    if (v > bestValue) {
      best = a;
      bestValue = v;
    }
  }
  return best;
}

// ---- the factory ----

function senseOf(o: OptionValues): Sense {
  const n = (key: string): number => o[key] as number;
  const b = (key: string): boolean => o[key] as boolean;
  return {
    gThr: thresholdIdx(n('gleichCount'), n('gleichRank')),
    hThr: thresholdIdx(n('hangerCount'), n('hangerTop')),
    earlyFigureBids: b('earlyFigureBids'),
    lateCount: b('lateCount'),
    lateFrom: n('lateFrom'),
    kunstgriff: b('kunstgriff'),
    kunstgriffFigures: b('kunstgriff') && b('kunstgriffFigures'),
    kunstgriffSpiel: b('kunstgriff') && b('kunstgriffSpiel'),
    holdAtBid: b('holdAtBid'),
    gHoldThr: b('holdAtBid') ? thresholdIdx(n('gleichCount'), n('gleichRank')) : thresholdIdx(3, 6),
    hHoldThr: b('holdAtBid') ? thresholdIdx(n('hangerCount'), n('hangerTop')) : thresholdIdx(3, 7),
    bindPremise: b('bindPremise'),
    spielAtOnce: n('spielAtOnce'),
    spielTricks: n('spielTricks'),
    spielProspect: n('spielProspect'),
    spielVsHeldGleich: b('spielVsHeldGleich'),
    trailingBest: b('trailingBest'),
    blindAllThree: b('blindAllThree'),
    ratschen: n('ratschen'),
    rescueRatschen: n('rescueRatschen'),
    farBehind: n('farBehind'),
    holdSlack: n('holdSlack'),
    naturaSlack: n('naturaSlack'),
    severalSlack: n('severalSlack'),
    despairSlack: n('despairSlack'),
    nearEnd: n('nearEnd'),
    bindPerlagg: b('bindPerlagg'),
    outAnyway: b('outAnyway'),
    sureIdx: n('sureIdx'),
    vs4Steps: n('vs4Steps'),
    perlaggOtherUse: b('perlaggOtherUse'),
    excellentIdx: n('excellentIdx'),
    vs9Steps: n('vs9Steps'),
    concedeWorse: b('concedeWorse'),
    doubleAware: b('doubleAware'),
    doubleLineSlack: n('doubleLineSlack'),
    trailingHoldSlack: n('trailingHoldSlack'),
    spielHold: n('spielHold'),
    drei: o['drei'] as Sense['drei'],
    dreiIdx: n('dreiIdx'),
    vsDreiSteps: n('vsDreiSteps'),
    masterTactic: b('masterTactic'),
    spielWinner: o['spielWinner'] as Sense['spielWinner'],
    trumpLead: o['trumpLead'] as Sense['trumpLead'],
    lowTrumpAnswer: b('lowTrumpAnswer'),
    lowTrumpLead: b('lowTrumpLead'),
    trumpToWin: b('trumpToWin'),
    perlaggTricks: o['perlaggTricks'] as Sense['perlaggTricks'],
    askDecisive: b('askDecisive'),
    bockLead: b('bockLead'),
    concedeHopeless: b('concedeHopeless'),
    concedePower: n('concedePower'),
    useExchange: b('useExchange'),
    signs: b('signs'),
    leadRequest: b('leadRequest'),
    avoidAskedSuit: b('avoidAskedSuit'),
    cannotWinSignal: b('cannotWinSignal'),
    talk: b('talk'),
  };
}

const int = (min: number, max: number, def: number, description: string) => ({ type: 'integer' as const, min, max, default: def, description });
const num = (min: number, max: number, def: number, description: string) => ({ type: 'number' as const, min, max, default: def, description });
const bool = (def: boolean, description: string) => ({ type: 'boolean' as const, default: def, description });

export default definePolicy({
  name: 'author1853',
  version: '1.0.0',
  description: 'der Alte: bids, holds, raises, plays and christens as the 1853 author teaches [000 pp.35–46]; each rule an option (H-nn, RULES §16)',
  options: {
    // bidding
    gleichCount: int(2, 5, 3, 'H-21 [000 p.40–41]: bid a Gleich from this many cards … ("mindestens drei Ober")'),
    gleichRank: int(1, 8, 6, 'H-21: … of at least this rank (1 = Siebener … 6 = Ober … 8 = As)'),
    hangerCount: int(2, 5, 3, 'H-21 [000 p.41]: bid a Hanger from this length … ("Unter, Ober, König")'),
    hangerTop: int(1, 8, 7, 'H-21: … topped by at least this rank (7 = König)'),
    earlyFigureBids: bool(true, 'H-19 [000 p.40]: bid a good Gleich/Hanger before the first card "um im Spiele desto gewisser drein zu gehen"'),
    lateCount: bool(true, 'H-20 [000 p.40]: late in the deal bid a figure no opponent can beat on the cards seen'),
    lateFrom: int(0, 4, 3, 'H-20: from the window before trick lateFrom + 1 ("wenn die meisten Karten ausliegen")'),
    kunstgriff: bool(true, 'H-22/H-23 [000 p.41]: ask the partner „Hast du … in natura?“ for a figure that needs our Perlagg; on „Ja“ say „Biet …!“ and leave the bid to him'),
    kunstgriffFigures: bool(true, 'H-22 [000 p.41]: the Kunstgriff for Gleich and Hanger (with kunstgriff on)'),
    kunstgriffSpiel: bool(true, 'H-23 [000 p.41]: the Kunstgriff for the Spiel: the partner with the Spielfarbe bids it (with kunstgriff on)'),
    holdAtBid: bool(true, 'H-21/H-24 [000 p.41]: the hold threshold starts at the bid threshold (gleichCount/Rank, hangerCount/Top); false: at the author\'s own (three Ober, Unter-Ober-König) whatever the bid threshold, so H-21 moves the bidding alone'),
    spielAtOnce: int(0, 16, 8, 'H-16 [000 p.39]: bid the Spiel before the first card with Stechkraft at least this (16 = never)'),
    spielTricks: int(1, 4, 2, 'H-15 [000 p.39]: bid the Spiel with this many tricks, more than the opponents, and a good card (4 = never)'),
    spielProspect: int(0, 20, 6, 'H-18 [000 p.39–40]: after the first trick, not behind, bid the Spiel with Spiel strength at least this (20 = never)'),
    spielVsHeldGleich: bool(true, 'H-19 [000 p.40]: no H-18 Spiel bid while the opponents hold our Gleich, unless we have the best Perlagg out'),
    trailingBest: bool(true, 'H-37 [000 p.45]: far behind, bid the best figure first, at the first card, below the thresholds'),
    blindAllThree: bool(false, 'H-38 [000 p.45, p.31]: far behind against a party needing at most 2 points, bid all three unseen'),
    ratschen: num(0, 1, 0, 'H-02 [000 p.35–36]: rate of bids/holds with a weak real figure at ordinary scores ("nicht anzurathen")'),
    rescueRatschen: num(0, 1, 1, 'H-02/H-37 [000 p.35, p.45]: the same rate far behind ("als letzter Rettungs-Versuch")'),
    farBehind: int(1, 10, 4, 'H-02/H-37/H-38 [000 p.45]: "weit zurück" = the opponents need at most 3 points and lead by at least this'),
    // holding
    holdSlack: int(0, 16, 0, 'H-24 [000 p.41]: hold this many steps below the bid threshold ("die ist es in der Regel auch zum Halten")'),
    naturaSlack: int(0, 8, 2, 'H-27 [000 p.42 #2]: a figure held in natura may be this many steps weaker'),
    severalSlack: int(0, 8, 2, 'H-28 [000 p.42 #3]: steps of slack when strong in another figure or the Spiel ("in mehreren Stücken")'),
    despairSlack: int(0, 8, 3, 'H-26 [000 p.42 #1]: steps of slack against a bid "aus Verzweiflung" (we near the end, he in the Double even if he wins)'),
    nearEnd: int(1, 5, 3, 'H-26/H-31/H-39/H-41: "dem Ausgange nahe" = our party needs at most this many points'),
    bindPerlagg: bool(true, 'H-29 [000 p.42–43 #4]: hold "um des Hangers willen" to bind his Perlagg, then bid the other figure'),
    bindPremise: bool(false, 'H-29 [000 p.42–43 #4]: bind only on the author\'s premise "wenn … mein Gegner den Hanger besser weiß": the opponents can still beat our other figure on the cards seen'),
    outAnyway: bool(true, 'H-30 [000 p.43 #1]: no uncertain hold when the other figures take us out anyway'),
    sureIdx: int(1, 33, 20, 'H-30/H-35: a figure is certain from this step (or when no opponent can beat it on the cards seen)'),
    vs4Steps: int(0, 16, 6, 'H-31 [000 p.43 #2]: steps added near the end against a bidder whom a won hold, not a gut, takes out of the Double'),
    perlaggOtherUse: bool(true, 'H-32 [000 p.43 #3]: no hold that commits the Perlagg which makes the other figure excellent'),
    excellentIdx: int(1, 33, 16, 'H-32: "zu besonderer Vorzüglichkeit" = this step (16 = three Asse)'),
    vs9Steps: int(0, 16, 4, 'H-33 [000 p.43 #4]: steps added against a bidder at target − 2 ("sehr vorsichtig")'),
    concedeWorse: bool(true, 'H-34 [000 p.43–44]: of two items from a bidder at target − 2, let the worse gut'),
    doubleAware: bool(true, 'H-39 [000 p.45–46]: near the end, hold only "mit Grund" against a bidder whom a lost hold would lift out of the Double'),
    doubleLineSlack: int(0, 8, 3, 'H-41 [000 p.28–29]: steps of slack when a gut would lift the bidder out of the Double'),
    trailingHoldSlack: int(0, 8, 2, 'H-37 [000 p.45]: steps of slack far behind ("nothgedrungen Etwas … zu halten")'),
    spielHold: int(0, 20, 5, 'H-24 for the Spiel: hold a Spiel bid with Spiel strength at least this'),
    // raising
    drei: { type: 'enum', values: ['holdFirst', 'atOnce'], default: 'holdFirst', description: 'H-35 [000 p.44]: holdFirst = "zuerst phlegmatisch halten", Drei only when certain; atOnce = Drei at once from dreiIdx' },
    dreiIdx: int(1, 33, 20, "H-35 'atOnce': an immediate Drei with a figure of at least this step (33 = never)"),
    vsDreiSteps: int(0, 16, 3, '[000 p.44]: holding a Drei (or more) needs this many steps more per level above 2'),
    masterTactic: bool(true, 'H-36 [000 p.44–45]: strong in Spiel and Gleich, hold the Hanger until his Perlaggen are fixed, then Drei where certain'),
    spielWinner: { type: 'enum', values: ['show', 'bid'], default: 'show', description: 'H-42 [000 p.26–27]: show = the Spiel party lays its figures down (weisen; after the Spiel it bids only a figure that cannot lose); bid = it bids every figure it holds instead of showing it, and may be held and raised' },
    // trick play
    trumpLead: { type: 'enum', values: ['partnerTrumpless', 'always', 'never'], default: 'partnerTrumpless', description: 'H-07 [000 p.37]: lead the trump As or Zehner when the partner has no trump (his „Trumpf!“, his signs, else the play)' },
    lowTrumpAnswer: bool(false, 'H-07(b) [000 p.37]: to a trumpless partner („Trumpf!“) with a Neuner or Achter as the top plain trump, lead it ("kann das Trumpfschlagen nichts nützen": false keeps it)'),
    lowTrumpLead: bool(false, 'H-07 [000 p.37]: lead a low trump (9, 8) while another card can be led ("in der Hinterhand einen Stich zu machen": false keeps it)'),
    trumpToWin: bool(true, 'H-11 [000 p.38]: win with a trump whenever it wins ("übel angebrachte Sparsamkeit"); false: only in a decisive trick'),
    perlaggTricks: { type: 'enum', values: ['author', 'decisive', 'free'], default: 'author', description: 'H-12 [000 p.38]: author = a Perlagg takes a trick only at no cost to the figures (or H-13); decisive = only when the trick decides the Spiel; free = like a trump' },
    askDecisive: bool(true, 'H-13 [000 p.38]: a Perlagg may take a decisive trick when the Spiel is in prospect (asks „Ist der Stich von Entscheidung?“; the partner\'s answer, else its own count)'),
    bockLead: bool(true, 'H-14 [000 p.39]: after winning a trick lead a Bock'),
    concedeHopeless: bool(true, 'H-17 [000 p.39]: concede a lost Spiel before it is bid ("bevor es gebothen wurde, das Spiel gut sein")'),
    concedePower: int(0, 8, 1, 'H-17: … with Stechkraft at most this'),
    useExchange: bool(true, 'H-03 [000 p.36]: count the shown bottom card, the face-up card and the exchanges among the cards seen'),
    // what partners share (RULES §13: partnerInfo signs / table / open)
    signs: bool(true, "H-04 [000 p.36]: count the partner's signs (his trumps and Perlaggen still in hand) in the party's Stechkraft"),
    leadRequest: bool(true, "H-07/H-08 [000 p.37]: as leader ask „Welche Farbe?“ and lead what the partner answers („Trumpf!“: the trump As or Zehner; a suit; „Gut drüben!“: one's own best)"),
    avoidAskedSuit: bool(true, "H-09 [000 p.37–38]: do not lead the suits the opponents asked their partner for"),
    cannotWinSignal: bool(true, 'H-10 [000 p.38]: as last hand say „Ich kann nicht.“; trump for a partner who says it'),
    talk: bool(true, "[000 p.32–41] H-07 … H-23: talk at the table (ask, answer the partner's questions truthfully); false: never talks and is never asked (the signs still count)"),
  },
  create(options) {
    const o = senseOf(options);
    return {
      bidding: 'full',
      talk: o.talk ? 'full' : 'never',
      // act and its helpers read the observation by property during the call; they keep no observation (the
      // one module cache is keyed by the frozen obs.perlaggen list, a field's value), write into none of its
      // lists, and never spread, serialize or enumerate it (Policy.observation)
      observation: 'view',
      act(obs, ctx) {
        switch (obs.phase) {
          case 'talk':
            return talkAction(obs, o);
          case 'window':
            return windowAction(obs, o, ctx);
          case 'answer':
            return answerAction(obs, o, ctx);
          case 'veto':
            return findKind(obs, 'consent') ?? obs.legal[0]!;
          case 'cutKeep':
            return obs.legal.find((a) => a.kind === 'keepCut' && a.keep) ?? obs.legal[0]!;
          case 'exchange':
            return exchangeAction(obs, o);
          case 'show':
            return showAction(obs);
          case 'play':
            return playAction(obs, o);
          default:
            return obs.legal[0]!;
        }
      },
    };
  },
});
