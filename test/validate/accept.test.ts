// `accept:` — one key, three places: the zod schema, the editors' JSON Schema, and validate,
// which drops exactly the accepted rules of that list (its CSV included) and nothing else.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCEPTABLE_RULES, listFileJsonSchema } from '../../src/model/list-file.js';
import { validateRepo } from '../../src/validate/index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kwsync-accept-'));
  mkdirSync(join(dir, 'keywords'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => writeFileSync(join(dir, 'keywords', name), text);

describe('accept:', () => {
  it('is in the JSON Schema with the acceptable rule ids as its only keys and a non-blank reason', () => {
    const accept = (listFileJsonSchema().properties as Record<string, Record<string, unknown>>).accept!;
    expect(accept).toMatchObject({ type: 'object', propertyNames: { enum: [...ACCEPTABLE_RULES] }, additionalProperties: { type: 'string', minLength: 1 } });
  });

  it('silences the accepted rule in the list and its CSV, and leaves other rules and other lists alone', async () => {
    write('a.yaml', 'id: a\nname: A\ncategory: word\nfile: a.csv\naccept:\n  csv-separator: "terms really hold semicolons"\n');
    write('a.csv', 'semi;colon\n- bullet\n');
    write('b.csv', 'x;y\n');
    write('b.yaml', 'id: b\nname: B\ncategory: word\nfile: b.csv\n');
    const result = await validateRepo({ dir: 'keywords', cwd: dir });
    expect(result.diagnostics.map((d) => [d.file, d.rule])).toEqual([
      ['keywords/a.csv', 'term-dash'],
      ['keywords/b.csv', 'csv-separator'],
    ]);
  });

  it('lets a list with an accepted error (a backtracking pattern) run its examples', async () => {
    write('p.yaml', "id: p\nname: P\ncategory: pattern\nsearchTerms: ['(a|a){1,20}x']\ntests:\n  shouldMatch: [aax]\naccept:\n  pattern-polynomial-backtracking: short inputs only\n");
    const result = await validateRepo({ dir: 'keywords', cwd: dir });
    expect(result.diagnostics).toEqual([]);
    expect(result.tests).toEqual([{ file: 'keywords/p.yaml', examples: 1 }]);
  });
});
