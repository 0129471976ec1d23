// A pattern list's examples run with a time budget each: a backtracking example is a located
// error, never a validate (or plan, or apply) that runs without end.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { patternHitsWithinBudget } from '../../src/validate/rules/list-tests-budget.js';
import { validateRepo } from '../../src/validate/index.js';
import { compilePatternMatcher } from '../../src/match/pattern-matcher.js';

// Exponential on a run of a's with no b: far longer than any budget.
const EVIL = '(a|aa){1,25}b';
const BAD_TEXT = 'a'.repeat(60);

test('the same answers as the matcher for texts within budget; a backtracking text is "timeout" and the rest still run', async () => {
  const patterns = ['\\bfoo\\b', 'ba(r|z)', EVIL, '(?<=x)y', '[unclosed'];
  const texts = ['foo bar', 'FOO', 'xy', 'nothing', BAD_TEXT, 'aab baz'];
  const { hits: got, stopped } = await patternHitsWithinBudget(patterns, texts, { budgetMs: 200 });
  expect(stopped).toBeUndefined();
  const matcher = compilePatternMatcher(patterns);
  expect(got).toEqual(texts.map((t) => (t === BAD_TEXT ? 'timeout' : matcher.matches(t).sort((a, b) => patterns.indexOf(a) - patterns.indexOf(b)))));
  expect(got[4]).toBe('timeout');
  expect(got[5]).toEqual(['ba(r|z)', EVIL]);
});

describe('through validate', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kwsync-budget-'));
    mkdirSync(join(dir, 'keywords'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  test('an accepted backtracking pattern whose example backtracks: a test-timeout error on that example line', async () => {
    writeFileSync(
      join(dir, 'keywords', 'p.yaml'),
      `id: p\nname: P\ncategory: pattern\nsearchTerms: ['${EVIL}']\ntests:\n  shouldMatch: [aab]\n  shouldNotMatch:\n    - ${BAD_TEXT}\naccept:\n  pattern-exponential-backtracking: trusted input\n  pattern-polynomial-backtracking: trusted input\n`,
    );
    const result = await validateRepo({ dir: 'keywords', cwd: dir });
    const timeouts = result.diagnostics.filter((d) => d.rule === 'test-timeout');
    expect(timeouts).toEqual([expect.objectContaining({ severity: 'error', file: 'keywords/p.yaml', line: 8 })]);
    expect(timeouts[0]?.message).toMatch(/took longer than 1000 ms: a pattern backtracks on it/);
    expect(result.diagnostics.filter((d) => d.rule.startsWith('test-should'))).toEqual([]);
  });
});
