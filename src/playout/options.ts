// The options of a decision, each as the stakes and plan a playout follows (search.ts): the card play, the
// showing, the exchange, the bid windows, the answers, the partner's veto and the cut.

import { WELI } from '../cards/card.ts';
import type { PolicyAction } from '../engine/actions.ts';
import type { Observation } from '../engine/observation.ts';
import { obligationsNow } from './worlds.ts';
import { kernelPositionOf } from './position.ts';
import { Playout } from './kernel.ts';
import { moveAs, moveCard } from './kernel-state.ts';
import { FIG, type OptionSpec, type Outcome, Plan, type Scenario, Search, figOf } from './search.ts';

// ---------------------------------------------------------------------------------------------------
// The options of each kind of decision

function isTrickOpen(obs: Observation): boolean {
  const t = obs.tricks[obs.tricks.length - 1];
  return t !== undefined && t.winner < 0 && t.plays.length > 0;
}

/** An offer this party makes: figures at levels, answered by the opponents' seat `responder`. */
interface Offer {
  readonly f: number;
  readonly level: number;
}

/**
 * The option "we offer these figures" (a bid, a raise, a partner's bid consented to): the answer model
 * gives the opponents' answer per world; our response to their raise is chosen over the worlds where they
 * raise. `bound`: the bound bits with the offer (the offerer bound to Gleich/Hanger), `unseen` an unseen bid.
 */
function offerOption(S: Search, action: PolicyAction, offers: readonly Offer[], offerSeat: number, bound: readonly number[] | null, unseen: boolean, newBids: readonly number[], note = ''): OptionSpec {
  const obs = S.obs;
  const me = S.party;
  const them = 1 - me;
  const responder = S.answeringSeat(offers[0]!.f, them, offerSeat);
  const spiel = offers.some((o) => o.f === 0);
  // scenarios: as the tricks go; the Spiel decided now for us (let gut) or for them (our "zwei gut" on their Drei)
  const cont = S.scenario({ bound });
  const mineNow = spiel ? S.scenario({ bound, spielNow: me }) : cont;
  const theirsNow = spiel ? S.scenario({ bound, spielNow: them }) : cont;
  const order = S.endOrder(newBids);
  const k = offers.length;
  let answers = new Int8Array(0); // per world, per offer: 0 gut, 1 hold, 2 raise
  const respondHold = new Array<boolean>(k).fill(true); // our response to their raise
  const plan = S.plan;
  const o2: Outcome = { diff: 0, pwin: 0, equity: 0 };
  const fill = (i: number, r: number, resp: readonly boolean[], out: Outcome): void => {
    plan.reset(S.base);
    plan.order = order;
    let scen = cont;
    for (let j = 0; j < k; j++) {
      const { f, level } = offers[j]!;
      const a = answers[i * k + j]!;
      if (a === 0) {
        // let gut: we write level − 1 at once (an unseen figure only if we have it, A-39)
        if (!unseen || S.partyHas(i, f, me)) plan.writes.push(me, level - 1);
        plan.val[f] = 0;
        plan.aus &= ~(1 << f);
        if (f === 0) scen = mineNow;
      } else if (a === 1) {
        plan.val[f] = level;
      } else if (resp[j]) {
        plan.val[f] = level + 1;
      } else {
        plan.writes.push(them, level);
        plan.val[f] = 0;
        if (f === 0) scen = theirsNow;
      }
    }
    S.winners(scen, i, r, plan);
    S.judge(plan, out);
  };
  return {
    action,
    note,
    prepare() {
      const n = S.n;
      answers = new Int8Array(n * k);
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < k; j++) {
          const { f, level } = offers[j]!;
          let a: number;
          if (S.cfg.answers === 'perfect' || (S.cfg.raisersPerfect === true && ((S.raisedByThem() >>> f) & 1) === 1)) {
            // they know the world: hold when holding costs them less than the gut (over the rollouts)
            let hold = 0;
            let gut = 0;
            for (let r = 0; r < S.R; r++) {
              answers[i * k + j] = 1;
              fill(i, r, respondHold, o2);
              hold += S.objectiveOf(o2);
              answers[i * k + j] = 0;
              fill(i, r, respondHold, o2);
              gut += S.objectiveOf(o2);
            }
            a = hold < gut ? 1 : 0;
          } else a = S.modelAnswer(i, f, level, responder, f !== 0 && (S.r.raiseLadder === 'openToAus' || level < 7));
          answers[i * k + j] = a;
        }
      }
      // our one response to their raise, per figure: the better mean over the worlds where they raise
      for (let j = 0; j < k; j++) {
        let m = 0;
        let hold = 0;
        let gut = 0;
        for (let i = 0; i < n; i++) {
          if (answers[i * k + j] !== 2) continue;
          m++;
          for (let r = 0; r < S.R; r++) {
            respondHold[j] = true;
            fill(i, r, respondHold, o2);
            hold += S.objectiveOf(o2);
            respondHold[j] = false;
            fill(i, r, respondHold, o2);
            gut += S.objectiveOf(o2);
          }
        }
        respondHold[j] = m === 0 || hold >= gut;
      }
    },
    value(i, r, out) {
      fill(i, r, respondHold, out);
    },
  };
  void obs;
}

/** A plain option: stakes changed as `edit` says, figure winners from scenario `s`. */
function stakeOption(S: Search, action: PolicyAction, s: Scenario, edit: (p: Plan, i: number) => void, note = ''): OptionSpec {
  const plan = S.plan;
  return {
    action,
    note,
    value(i, r, out) {
      plan.reset(S.base);
      edit(plan, i);
      S.winners(s, i, r, plan);
      S.judge(plan, out);
    },
  };
}

function ruleOption(action: PolicyAction, note: string, prefer = 0): OptionSpec {
  return { action, note, rule: true, prefer, value() {} };
}

// ---- card play ----

function playOptions(S: Search): OptionSpec[] {
  const obs = S.obs;
  const w0 = S.worlds[0]!;
  const probe = new Playout().load(kernelPositionOf(obs, w0, S.cfg.christenAll ? { christenAll: true } : {}));
  const out: OptionSpec[] = [];
  if (probe.turn !== S.me || probe.over) throw new Error(`internal: the kernel has P${probe.turn + 1} to play, the observation P${S.me + 1}`);
  const n = probe.legalMoves();
  const moves = Array.from(probe.moves.subarray(0, n));
  for (const m of moves) {
    const card = moveCard(m);
    const as = moveAs(m);
    const action = obs.legal.find((a) => a.kind === 'play' && a.card === card && a.as === as);
    if (action === undefined) continue; // (the kernel's set is a subset of the engine's: never)
    out.push(stakeOption(S, action, S.scenario({ move: m }), () => {}));
  }
  const concede = obs.legal.find((a) => a.kind === 'concede');
  if (concede !== undefined) {
    const them = 1 - S.party;
    const s = S.scenario({ spielNow: them });
    const b = obs.bidding[0]!;
    const pts = b.status === 'stake' ? (b.aus ? Math.max(b.level, obs.target - S.vscore[them]!) : b.level) : 1;
    out.push(
      stakeOption(S, concede, s, (p) => {
        p.writes.push(them, pts);
        p.val[0] = 0;
        p.aus &= ~1;
      }),
    );
  }
  return out;
}

// ---- showing ----

function showOptions(S: Search): OptionSpec[] {
  const obs = S.obs;
  return obs.showChoices.map((c) => stakeOption(S, c.action, S.scenario({ showWord: c.gleich | (c.hanger << 7) }), () => {}));
}

// ---- the exchange of a turned-up Perlagg ----

function exchangeOptions(S: Search): OptionSpec[] {
  const obs = S.obs;
  const target = obs.exchangeTarget;
  const me = S.me;
  const out: OptionSpec[] = [];
  const add = (lo: Int32Array, weli: Uint8Array, seat: number, c: number, on: boolean): void => {
    if (c === WELI) weli[seat] = on ? 1 : 0;
    else if (on) lo[seat]! |= 1 << c;
    else lo[seat]! &= ~(1 << c);
  };
  for (const a of obs.legal) {
    if (a.kind === 'exchange') {
      const give = a.card;
      const hands = (lo: Int32Array, weli: Uint8Array): void => (add(lo, weli, me, give, false), add(lo, weli, me, target, true));
      out.push({ ...stakeOption(S, a, S.scenario({ key: `x${give}`, hands }), () => {}), hands });
    } else if (a.kind === 'declineExchange') {
      // the next seats of the exchange order (RULES §4.6, A-10) that hold a plain card of its suit take it
      const r = S.r;
      const seats = S.seats;
      const order: number[] = [];
      const dealer = obs.dealer;
      if (!(r.exchange.partnerOnlyIfDealerHasNoTrump && me === dealer)) {
        for (let i = 1; i < seats; i++) {
          const s = (dealer + i) % seats;
          if (obs.party[s] === obs.party[dealer]) order.push(s);
        }
        if (r.exchange.who === 'dealerPartnerThenOpponents') for (let i = 1; i < seats; i++) {
          const s = (dealer + i) % seats;
          if (obs.party[s] !== obs.party[dealer]) order.push(s);
        }
      }
      const next = order.slice(order.indexOf(me) + 1);
      const suit = target === WELI ? 'HSLE'.indexOf(r.turnedWeliTrump) : target >>> 3;
      const plain = (0xff << (suit * 8)) & ~S.rules.perlLo;
      const hands = (lo: Int32Array, weli: Uint8Array): void => {
        for (const s of next) {
          const m = lo[s]! & plain;
          if (m === 0) continue;
          add(lo, weli, s, 31 - Math.clz32(m & -m), false);
          add(lo, weli, s, target, true);
          return;
        }
      };
      out.push({ ...stakeOption(S, a, S.scenario({ key: 'decline', hands }), () => {}), hands });
    }
  }
  return out;
}

// ---- bid windows ----

function windowOptions(S: Search): OptionSpec[] {
  const obs = S.obs;
  const me = S.me;
  const party = S.party;
  const out: OptionSpec[] = [];
  const every = S.cfg.everyOption;
  const unseen = obs.point < 0;
  const open = isTrickOpen(obs);
  const mine = unseen ? null : S.bestOfMine();
  const headroom = S.headroomOf(party);
  const gestrichen = S.vscore[party]! >= obs.target - 1;
  for (const a of obs.legal) {
    if (a.kind === 'pass') {
      out.push(stakeOption(S, a, S.scenario({}), () => {}));
      continue;
    }
    if (a.kind === 'ask') {
      const has = mine !== null && (a.type === 'Gleich' ? mine.gleich >>> 4 : mine.hanger >>> 4) >= a.count;
      out.push(ruleOption(a, has ? 'rule: ask with the figure the hand makes (RULES §11.4)' : 'rule: never ask without the figure', has ? 10 + a.count : -1));
      continue;
    }
    if (a.kind === 'bid') {
      const figs = a.figures.map(figOf);
      const over = gestrichen || (S.r.overbidAtTargetMinus2 !== 'curtailed' && figs.length > headroom);
      if (!every) {
        if (over) continue;
        if (!unseen) {
          if (figs.some((f) => (f === 0 ? open || obs.point === 5 : (f === 1 ? mine!.gleich : mine!.hanger) === 0))) continue;
          if (open && figs.length > 0) continue;
        }
      }
      if (over) {
        out.push(stakeOption(S, a, S.scenario({}), (p) => p.writes.push(party, gestrichen && S.r.bidWhenGestrichenPenalty === 'halve' ? -Math.floor(S.vscore[party]! / 2) : -2), 'over the limit: void and penalized (RULES §11.2)'));
        continue;
      }
      // curtailed (1853): only as many figures as the limit lets through
      const kept = gestrichen ? 0 : S.r.overbidAtTargetMinus2 === 'curtailed' ? Math.min(figs.length, Math.max(0, headroom)) : figs.length;
      const used = figs.slice(0, kept);
      let bits = 0;
      if (!a.unseen) for (const f of used) if (f > 0) bits |= 1 << f;
      out.push(offerOption(S, a, used.map((f) => ({ f, level: 2 })), me, bits === 0 ? null : S.boundWith(me, bits), a.unseen, used, kept < figs.length ? `curtailed to ${used.map((f) => FIG[f]).join(' ')} (RULES §11.2)` : ''));
      continue;
    }
    if (a.kind === 'raise') {
      const f = figOf(a.figure);
      if (!every && open && obs.point !== 5) continue;
      if (headroom < a.to - 1 || gestrichen) {
        if (!every) continue;
        out.push(stakeOption(S, a, S.scenario({}), (p) => p.writes.push(party, gestrichen && S.r.bidWhenGestrichenPenalty === 'halve' ? -Math.floor(S.vscore[party]! / 2) : -2), 'over the limit: void and penalized (RULES §11.2)'));
        continue;
      }
      out.push(offerOption(S, a, [{ f, level: a.to }], me, f === 0 ? null : S.boundWith(me, 1 << f), false, []));
      continue;
    }
  }
  return out;
}

// ---- answers ----

function answerOptions(S: Search): OptionSpec[] {
  const obs = S.obs;
  const out: OptionSpec[] = [];
  if (obs.legal.some((a) => a.kind === 'allow')) {
    const reject = obs.legal.find((a) => a.kind === 'reject');
    for (const a of obs.legal) {
      const take = a.kind === 'reject' || reject === undefined;
      out.push(ruleOption(a, take ? 'rule: reject an ask whenever the rules allow it (RULES §11.4)' : 'rule: only when rejecting is not allowed', take ? 1 : -1));
    }
    return out;
  }
  const me = S.me;
  const party = S.party;
  const them = 1 - party;
  let f = -1;
  for (let j = 0; j < 3; j++) if (obs.bidding[j]!.status === 'offer' && obs.bidding[j]!.offerParty !== party) f = f < 0 ? j : f;
  // the head of the queue: the first offered figure not ours (api.ts offerToAnswer)
  if (f < 0) return obs.legal.map((a) => ruleOption(a, 'no offer found'));
  const b = obs.bidding[f]!;
  const n = b.level;
  const headroom = S.headroomOf(party);
  const gestrichen = S.vscore[party]! >= obs.target - 1;
  const spielOpen = f === 0 && isTrickOpen(obs);
  const offerSeat = S.answeringSeat(f, them, -1) >= 0 ? S.answeringSeat(f, them, me) : (me + 1) % S.seats;
  const hold = S.scenario({ bound: f === 0 ? null : S.boundWith(me, 1 << f) });
  for (const a of obs.legal) {
    if (a.kind === 'gut') {
      const s = f === 0 ? S.scenario({ spielNow: them }) : S.scenario({});
      out.push(
        stakeOption(S, a, s, (p) => {
          p.writes.push(them, n - 1);
          p.val[f] = 0;
          p.aus &= ~(1 << f);
        }),
      );
    } else if (a.kind === 'hold') {
      out.push(stakeOption(S, a, hold, (p) => (p.val[f] = n), spielOpen ? 'the Spiel held during a trick needs the Spielfarbe (RULES §8.5)' : ''));
    } else if (a.kind === 'raise') {
      if (gestrichen || headroom < a.to - 1) {
        out.push(stakeOption(S, a, hold, (p) => (p.val[f] = n), 'over the limit: stands as a hold (A-45)'));
        continue;
      }
      out.push(offerOption(S, a, [{ f, level: a.to }], me, f === 0 ? null : S.boundWith(me, 1 << f), false, []));
    } else out.push(ruleOption(a, ''));
  }
  void offerSeat;
  return out;
}

// ---- the partner's veto (1853, RULES §8.6) ----

function vetoOptions(S: Search): OptionSpec[] {
  const obs = S.obs;
  const party = S.party;
  const them = 1 - party;
  const last = obs.history[obs.history.length - 1];
  const consent = obs.legal.find((a) => a.kind === 'consent')!;
  const veto = obs.legal.find((a) => a.kind === 'veto')!;
  if (last === undefined || !(last.type === 'bid' || last.type === 'raise' || last.type === 'answer')) return [ruleOption(consent, 'rule: consent', 1), ruleOption(veto, '', -1)];
  const actor = last.seat;
  // the obligations before the act: replayed from the history without it
  const before = obligationsNow({ ...obs, history: obs.history.slice(0, -1) } as Observation);
  const out: OptionSpec[] = [];
  if (last.type === 'bid') {
    const figs = last.figures.slice(0, last.kept).map((x) => figOf(x));
    out.push(offerOption(S, consent, figs.map((f) => ({ f, level: 2 })), actor, S.baseBound, last.unseen, figs));
    out.push(stakeOption(S, veto, S.scenario({ bound: before }), () => {}, 'the bid is void'));
    return out;
  }
  const f = figOf(last.figure);
  if (last.type === 'answer') {
    // a hold of their offer at level n: consent = the stake; veto = gut
    const n = last.level;
    out.push(stakeOption(S, consent, S.scenario({ bound: S.baseBound }), (p) => (p.val[f] = n)));
    out.push(
      stakeOption(S, veto, f === 0 ? S.scenario({ bound: before, spielNow: them }) : S.scenario({ bound: before }), (p) => {
        p.writes.push(them, n - 1);
        p.val[f] = 0;
      }, 'gut instead of the hold'),
    );
    return out;
  }
  // a raise to `to`: consent = our offer at `to`; veto = the hold one step down
  out.push(offerOption(S, consent, [{ f, level: last.to }], actor, S.baseBound, false, []));
  out.push(stakeOption(S, veto, S.scenario({ bound: before }), (p) => (p.val[f] = last.to - 1), 'a hold instead of the raise'));
  return out;
}

// ---------------------------------------------------------------------------------------------------


// ---- the cut ----

export function cutOptions(S: Search): OptionSpec[] {
  // RULES §4.2: trump is not known at the cut, so there is no world to sample: keep the Perlagg
  return S.obs.legal.map((a) => ruleOption(a, a.kind === 'keepCut' && a.keep ? 'rule: keep the Perlagg at the cut' : 'rule: never', a.kind === 'keepCut' && a.keep ? 1 : -1));
}

/** The options of the observation's decision (without sampling: rule options only where no world is needed). */
export function optionsOf(S: Search): OptionSpec[] {
  switch (S.obs.phase) {
    case 'play':
      return playOptions(S);
    case 'show':
      return showOptions(S);
    case 'exchange':
      return exchangeOptions(S);
    case 'window':
      return windowOptions(S);
    case 'answer':
      return answerOptions(S);
    case 'veto':
      return vetoOptions(S);
    default:
      return S.obs.legal.map((a, i) => ruleOption(a, `not searched (phase ${S.obs.phase})`, i === 0 ? 1 : -1));
  }
}
