// Bieten behind the one Game contract (src/games/game.ts): the native rules module of games/bieten/.
import type { Game } from '../game.ts';
import { BIETEN_TABLES } from './columns.ts';
import {
  actingSeat,
  applyAction,
  applyChecked,
  bietenActionText,
  chanceOutcomes,
  currentPlayer,
  explainIllegal,
  legalActions,
  newDeal,
  returns,
  sameBietenAction,
  type BietenDealOptions,
} from './engine.ts';
import { observeBieten, type BietenObservation } from './observe.ts';
import type { BietenGameResult } from './partie.ts';
import { bietenRulesJson, bietenRulesName, resolveBietenRules, type BietenRules } from './rules.ts';
import type { BietenAction, BietenState } from './state.ts';
import { bietenDealText } from './transcript.ts';

export const bietenGame: Game<BietenRules, BietenState, BietenObservation, BietenAction, BietenDealOptions, BietenGameResult> = {
  name: 'bieten',
  title: 'Bieten',
  defaultRuleset: 'bieten',
  playerCounts: [2, 3, 4, 5, 6, 7, 8, 9, 10],
  resolveRuleset: resolveBietenRules,
  rulesetName: bietenRulesName,
  rulesetJson: bietenRulesJson,
  newState: newDeal,
  currentPlayer,
  actingSeat,
  chanceOutcomes,
  legalActions,
  applyAction,
  explainIllegal,
  applyChecked,
  sameAction: sameBietenAction,
  actionText: bietenActionText,
  returns,
  observe: observeBieten,
  seatOfPlayer: (_s, player) => player,
  transcript: (s, h) =>
    [
      `Bieten, Regeln ${bietenRulesName(s.rules)} (${s.rules.title}), es geht auf ${s.rules.target}; Seed ${h.seed}, Spiel Nr. ${h.deal}`,
      `Spieler: ${s.names.map((n, i) => `${n} ${h.policies[i] ?? ''}`.trimEnd()).join(', ')}. Jeder spielt für sich.`,
      ...bietenDealText(s),
    ].join('\n') + '\n',
  tables: BIETEN_TABLES,
};
