// Every column is declared once (by its game, or in src/results/schema.ts, which collects them all) and documented in the README with its type.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLES } from '../../src/results/schema.ts';

const README = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');

describe('README documents every column', () => {
  for (const [table, columns] of Object.entries(TABLES)) {
    it(`${table}.arrow`, () => {
      const section = README.slice(README.indexOf(`### \`${table}.arrow\``));
      expect(section.length, `README has no section for ${table}.arrow`).toBeLessThan(README.length);
      for (const c of columns) {
        const name = c.name.replace(/[{}]/g, (m) => `\\${m}`);
        const row = new RegExp(`^\\| \`${name}\` \\| ${c.type}[ |(]`, 'm');
        expect(section, `${table}.${c.name} (${c.type})`).toMatch(row);
      }
    });
  }
});
