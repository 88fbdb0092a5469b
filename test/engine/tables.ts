// Rulesets and tables every engine test sweeps (2, 3, 3 with the Strohmann, 4, 6 players).
export const TABLES: ReadonlyArray<{ label: string; players: number; override: string }> = [
  { label: '2 players', players: 2, override: '' },
  { label: '3 players each alone', players: 3, override: 'threePlayers=individual' },
  { label: '3 players with the Strohmann', players: 3, override: 'threePlayers=strohmann' },
  { label: '4 players', players: 4, override: '' },
  { label: '6 players', players: 6, override: '' },
];
export const RULESETS = ['1853', 'oberland', 'suedtirol', 'innsbruck'];
/** The levels of what partners share (RULES §13, ruleset field partnerInfo). */
export const LEVELS = ['none', 'signs', 'table', 'open'] as const;

/** The ruleset of a table at a partner-share level: "1853{threePlayers=strohmann,partnerInfo=signs}". */
export function specOf(name: string, override: string, level: string): string {
  return `${name}{${[override, `partnerInfo=${level}`].filter((x) => x !== '').join(',')}}`;
}
