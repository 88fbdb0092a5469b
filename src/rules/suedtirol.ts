// RULES §0.2 VSUED: Südtirol, the "Varianten: Südtirol" of [002]; every rule not listed there is the
// [002] main text. Permanent HK, Weli, Schell 7, Eichel 7; trump 7, U, O; any suit trump; 18.
import type { RulesVariantInput } from './variant.ts';
import { oberland } from './oberland.ts';

export const suedtirol: RulesVariantInput = {
  ...oberland,
  name: 'suedtirol',
  title: 'Perlaggen Südtirol',
  source: '[002] "Varianten: Südtirol", otherwise the main text (A-06)',
  // [002 §1.2 Var.] + A-06 reading (i): order as Innsbruck
  perlaggen: ['HK', 'W', 'S7', 'E7', 'T7', 'TU', 'TO'],
  trumpSuitsAllowed: ['H', 'S', 'L', 'E'], // "jede Farbe kann Trumpf werden"
  target: 18, // [002 §1.6]
  askAtTargetMinus1: 'tritzig', // [002 §1.6] Südtirol: "tritzig", A-40
};
