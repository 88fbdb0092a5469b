// What a seat's observation says of single cards: the Perlagg level of a card, the seat's hand, who laid a
// card; the ruleset behind an observation. The policy contract (api.ts) re-exports what bots use.

import { resolveRuleset } from '../rules/registry.ts';
import type { RulesVariant } from '../rules/variant.ts';
import type { Observation } from '../engine/observation.ts';

/** Perlagg level of a card in this deal (0 = not a Perlagg; higher = stronger), from obs.perlaggen. */
export function perlaggLevel(obs: Observation, card: number): number {
  const l = obs.perlaggen;
  // the engine hands out one frozen list per deal: its levels by card are kept for the last list seen (a
  // frozen list cannot change, so its levels cannot either)
  if (l === levelsList) return levels[card] ?? 0;
  const n = l.length;
  let level = 0;
  for (let i = 0; i < n; i++) {
    if (l[i] === card) {
      level = n - i;
      break;
    }
  }
  if (Object.isFrozen(l) && n < 128) {
    levels.fill(0);
    let cards = true;
    for (let i = 0; i < n; i++) {
      const c = l[i]!;
      if (!Number.isInteger(c) || c < 0 || c > 32) cards = false;
      else if (levels[c] === 0) levels[c] = n - i; // the first entry, as the scan finds it
    }
    levelsList = cards ? l : null;
  }
  return level;
}

let levelsList: readonly number[] | null = null;

const levels = new Int8Array(33);

const rulesetCache = new Map<string, RulesVariant>();

/** The ruleset named in an observation (cached: resolving a derived ruleset validates it). */
export function rulesetOf(obs: Observation): RulesVariant {
  let r = rulesetCache.get(obs.ruleset);
  if (r === undefined) rulesetCache.set(obs.ruleset, (r = resolveRuleset(obs.ruleset)));
  return r;
}

/** The cards of a seat as the observer knows them: his own hand, or a hand he sees (the dummy); else []. */
export function handOf(obs: Observation, seat: number): readonly number[] {
  if (seat === obs.seat) return obs.hand;
  const seen = obs.seenHands;
  for (let i = 0; i < seen.length; i++) if (seen[i]!.seat === seat) return seen[i]!.cards;
  return EMPTY_CARDS;
}

const EMPTY_CARDS: readonly number[] = Object.freeze([]);

/** The cards `seat` has played in this deal, with their identities. */
export function playedBy(obs: Observation, seat: number): Array<{ card: number; as: number | null }> {
  const out: Array<{ card: number; as: number | null }> = [];
  const tricks = obs.tricks;
  for (let i = 0; i < tricks.length; i++) {
    const plays = tricks[i]!.plays;
    for (let j = 0; j < plays.length; j++) {
      const p = plays[j]!;
      if (p.seat === seat) out.push({ card: p.card, as: p.as });
    }
  }
  return out;
}
