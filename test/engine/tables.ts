// Rulesets and tables every engine test sweeps (2, 3, 3 with the Strohmann, 4, 6 players).
export const TABLES: ReadonlyArray<{ label: string; players: number; override: string }> = [
  { label: '2 players', players: 2, override: '' },
  { label: '3 players each alone', players: 3, override: 'threePlayers=individual' },
  { label: '3 players with the Strohmann', players: 3, override: 'threePlayers=strohmann' },
  { label: '4 players', players: 4, override: '' },
  { label: '6 players', players: 6, override: '' },
];
export const RULESETS = ['1853', 'oberland', 'suedtirol', 'innsbruck'];
