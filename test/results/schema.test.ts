// Every column is declared once (by its game, or in src/results/schema.ts, which collects them all) and documented in docs/schemas.md with its type.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TABLES } from '../../src/results/schema.ts';

const PAGE = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'schemas.md'), 'utf8');

describe('docs/schemas.md documents every column', () => {
  for (const [table, columns] of Object.entries(TABLES)) {
    it(`${table}.arrow`, () => {
      const at = new RegExp(`^#{2,4} \`${table}\\.arrow\``, 'm').exec(PAGE);
      expect(at, `docs/schemas.md has no section for ${table}.arrow`).not.toBeNull();
      const rest = PAGE.slice(at!.index + at![0].length);
      const next = /^#{1,4} /m.exec(rest); // the section ends where the next one begins
      const section = next === null ? rest : rest.slice(0, next.index);
      for (const c of columns) {
        const name = c.name.replace(/[{}]/g, (m) => `\\${m}`);
        const type = c.type === 'utf8' ? 'utf8 \\(dictionary\\)' : c.type; // a utf8 column is written as a dictionary column
        const row = new RegExp(`^\\| \`${name}\` \\| ${type} \\|`, 'm');
        expect(section, `${table}.${c.name} (${c.type})`).toMatch(row);
      }
    });
  }
});
