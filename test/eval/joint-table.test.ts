// tables.ts buildJoint (every entry's frontier by core.ts jointFiguresOfMask: no allocations, the frontier kept
// per Gleich code) against buildJointChecked (jointFigures per entry, its sort-based Pareto frontier): the
// whole joint table, entry by entry, under both figure rules.
import { describe, expect, it } from 'vitest';
import { TABLE_SIZE, buildJoint, buildJointChecked } from '../../src/eval/tables.ts';

describe('buildJoint = buildJointChecked, every entry', () => {
  for (const identical of [false, true]) {
    it(`gleichIdenticalIdentities = ${identical}`, () => {
      const rules = { gleichIdenticalIdentities: identical };
      const a = buildJoint(rules);
      const b = buildJointChecked(rules);
      expect(a.start.length).toBe(TABLE_SIZE + 1);
      let bad = -1;
      for (let i = 0; i <= TABLE_SIZE && bad < 0; i++) if (a.start[i] !== b.start[i]) bad = i;
      expect(bad).toBe(-1);
      expect(a.words.length).toBe(b.words.length);
      for (let i = 0; i < a.words.length && bad < 0; i++) if (a.words[i] !== b.words[i]) bad = i;
      expect(bad).toBe(-1);
      expect(a.words.length).toBeGreaterThan(TABLE_SIZE); // (some entries have several frontier words)
    });
  }
});
