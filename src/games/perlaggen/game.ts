// Perlaggen behind the one Game contract (src/games/game.ts): thin adapters over src/engine, src/rules,
// its columns (columns.ts) and the transcript of `perlagg play` — no behaviour of their own (the bench signature proves it:
// nothing here is on its path).
import { actionText, sameAction, type Action, type PolicyAction } from '../../engine/actions.ts';
import { actingSeat, applyAction, chanceOutcomes, currentPlayer, legalActions, newHand, returns, type HandOptions } from '../../engine/game.ts';
import { applyChecked, explainIllegal } from '../../engine/checked.ts';
import { observe } from '../../engine/observe.ts';
import { type Observation } from '../../engine/observation.ts';
import { type HandState, seatTable } from '../../engine/state.ts';
import { canonicalJson, canonicalName, resolveRuleset } from '../../rules/registry.ts';
import type { RulesVariant } from '../../rules/variant.ts';
import { transcript } from './transcript.ts';
import type { Game } from '../game.ts';
import { expandSeats, type ColumnArray } from '../../core/columns.ts';
import { summarize, type PartieSummary } from '../../engine/summary.ts';
import { HANDS_COLUMNS, PARTIEN_COLUMNS, fillHandRow, fillPartieRow } from './columns.ts';

export const perlaggenGame: Game<RulesVariant, HandState, Observation, PolicyAction, HandOptions, PartieSummary> = {
  name: 'perlaggen',
  title: 'Perlaggen',
  defaultRuleset: 'oberland',
  playerCounts: [2, 3, 4, 6],
  resolveRuleset: (spec) => resolveRuleset(spec),
  rulesetName: canonicalName,
  rulesetJson: canonicalJson,
  newState: newHand,
  currentPlayer,
  actingSeat,
  chanceOutcomes,
  legalActions,
  applyAction: (s, a) => applyAction(s, a as Action),
  explainIllegal: (s, a) => explainIllegal(s, a as Action),
  applyChecked: (s, a) => applyChecked(s, a as Action),
  sameAction: (a, b) => sameAction(a as Action, b as Action),
  actionText: (a) => actionText(a as Action),
  returns,
  observe: (s, player) => observe(s, player),
  seatOfPlayer: (s, player) => s.table.seatOfPlayer[player]!,
  transcript: (s, h) => transcript(s, { ruleset: s.ruleset, seed: h.seed, deal: h.deal, policies: h.policies }),
  tables: {
    deals: {
      columns: (r, players) => {
        const t = seatTable(r, { players });
        return expandSeats(HANDS_COLUMNS, t.seats, t.parties);
      },
      fill: (col, i, ids, x) => fillHandRow(col, i, ids.partie, ids.deal, summarize(x.state, x.decisions), x.state.table, ids.seating),
    },
    parties: {
      columns: (r, players) => {
        const t = seatTable(r, { players });
        return expandSeats(PARTIEN_COLUMNS, t.seats, t.parties);
      },
      fill: (col: Record<string, ColumnArray>, i, ids, s) => fillPartieRow(col, i, ids.partie, ids.seating, s),
    },
  },
};
