// Table-driven: every folder under test/fixtures/invalid holds one mistake and an expect.json
// naming the rule, file and line it must produce; every folder under test/fixtures/valid must pass.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { validateRepo } from '../../src/validate/index.js';

const fixtures = join(process.cwd(), 'test/fixtures');
const dirs = (sub: string) => readdirSync(join(fixtures, sub)).sort();

interface Expect {
  rule: string;
  file: string;
  line: number;
  column?: number;
  severity?: 'error' | 'warning';
  alsoRules?: string[];
  /** Part of the message that must be there (the fix-it this scenario is about). */
  messageContains?: string;
  /** The first words of the message: what is wrong, in the reader's words, before any parser wording. */
  messageStartsWith?: string;
}

describe('invalid fixtures', () => {
  const scenarios = dirs('invalid');
  it('has at least 40 scenarios', () => expect(scenarios.length).toBeGreaterThanOrEqual(40));

  it.each(scenarios)('%s', async (name) => {
    const cwd = join(fixtures, 'invalid', name);
    const want = JSON.parse(readFileSync(join(cwd, 'expect.json'), 'utf8')) as Expect;
    const result = await validateRepo({ dir: 'keywords', cwd });
    const hit = result.diagnostics.find((d) => d.rule === want.rule && d.file === want.file && d.line === want.line);
    expect({ hit: Boolean(hit), diagnostics: result.diagnostics }).toMatchObject({ hit: true });
    if (want.column !== undefined) expect(hit?.column).toBe(want.column);
    expect(hit?.severity).toBe(want.severity ?? 'error');
    expect(hit?.message.length).toBeGreaterThan(20);
    if (want.messageContains !== undefined) expect(hit?.message).toContain(want.messageContains);
    if (want.messageStartsWith !== undefined) expect(hit?.message.startsWith(want.messageStartsWith) ? want.messageStartsWith : hit?.message).toBe(want.messageStartsWith);
    // One mistake per scenario: nothing else is reported.
    const allowed = new Set([want.rule, ...(want.alsoRules ?? [])]);
    expect(result.diagnostics.filter((d) => !allowed.has(d.rule))).toEqual([]);
  });
});

describe('valid fixtures', () => {
  it.each(dirs('valid'))('%s', async (name) => {
    const result = await validateRepo({ dir: 'keywords', cwd: join(fixtures, 'valid', name) });
    expect(result.diagnostics).toEqual([]);
    expect(result.lists.length).toBeGreaterThan(0);
  });
});
