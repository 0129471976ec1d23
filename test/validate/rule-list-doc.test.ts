// Issue 29 item 5: docs/rules.md's "What kwsync checks and why" is generated from the rule list,
// so the docs and the rules cannot drift. To regenerate: KWSYNC_WRITE_DOCS=1 and run this test.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RULE_LIST, withChecksDoc, DOC_START } from '../../src/validate/rule-list.js';

const DOC = join(process.cwd(), 'docs/rules.md');

describe('what kwsync checks and why (generated)', () => {
  it('the section in docs/rules.md is what the rule list renders', () => {
    const doc = readFileSync(DOC, 'utf8');
    expect(doc).toContain(DOC_START);
    const current = withChecksDoc(doc);
    if (process.env.KWSYNC_WRITE_DOCS && current !== doc) writeFileSync(DOC, current);
    expect(doc).toBe(current);
  });

  it('every rule of the list is one validate reports (named in src/) and listed in "Every rule"', () => {
    const src = ['src/validate', 'src/validate/rules', 'src/load'].flatMap((d) =>
      readdirSync(join(process.cwd(), d)).filter((f) => f.endsWith('.ts')).map((f) => readFileSync(join(process.cwd(), d, f), 'utf8')),
    ).join('\n').replace(/rule-list\.ts[\s\S]*/, '');
    const table = readFileSync(DOC, 'utf8').split('## Every rule')[1]!;
    const ids = RULE_LIST.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect({ id, inSource: src.includes(`'${id}'`), inTable: table.includes(`| ${id} `) || table.includes(`${id},`) || table.includes(`, ${id} `) }).toEqual({ id, inSource: true, inTable: true });
    }
  });
});
