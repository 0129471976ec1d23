// Runs a list file's `tests:` examples through the matching engine: each shouldMatch example must
// be caught, each shouldNotMatch example let through. A failing example is located on its line.
import type { Diagnostic } from '../../model/diagnostic.js';
import type { KeywordList } from '../../model/keyword-list.js';
import type { ListFile } from '../../model/list-file.js';
import { diagnose } from '../../load/diagnose.js';
import { quote } from '../../load/quote-value.js';
import type { YamlFile } from '../../load/yaml-file.js';
import { compileMatcher } from '../../match/index.js';
import { EXAMPLE_BUDGET_MS, patternHitsWithinBudget, type BudgetedHits } from './list-tests-budget.js';

export const SENTENCE_TESTS_SKIPPED = 'sentence-similarity lists are matched by an AI model; examples cannot be checked offline';

export function checkListTests(yaml: YamlFile, data: ListFile, list: KeywordList): { diagnostics: Diagnostic[]; examples: number; skipped?: string } {
  const should = data.tests?.shouldMatch ?? [];
  const shouldNot = data.tests?.shouldNotMatch ?? [];
  if (should.length + shouldNot.length === 0) return { diagnostics: [], examples: 0 };
  let hitsOf: (text: string, at: number) => BudgetedHits;
  if (list.category === 'pattern') {
    // Pattern lists run in a worker with a time budget per example (list-tests-budget.ts); no matcher here.
    const budgeted = patternHitsWithinBudget(list.searchTerms, [...should, ...shouldNot]);
    hitsOf = (_text, at) => budgeted[at]!;
  } else {
    const matcher = compileMatcher(list);
    if (!matcher) return { diagnostics: [], examples: 0, skipped: SENTENCE_TESTS_SKIPPED };
    hitsOf = (text) => matcher.matches(text);
  }
  const out: Diagnostic[] = [];
  const timedOut = (path: (string | number)[], text: string) =>
    out.push(diagnose(yaml.valueAt(path), 'error', 'test-timeout', `checking ${quote(text)} took longer than ${EXAMPLE_BUDGET_MS} ms: a pattern backtracks on it, and the service may stall on such messages too; rewrite the pattern without nested or overlapping repeats`));
  should.forEach((text, i) => {
    const hits = hitsOf(text, i);
    if (hits === 'timeout') timedOut(['tests', 'shouldMatch', i], text);
    else if (hits.length === 0) {
      out.push(diagnose(yaml.valueAt(['tests', 'shouldMatch', i]), 'error', 'test-should-match', `no term of the list catches ${quote(text)}; add a term that does, or fix the example`));
    }
  });
  shouldNot.forEach((text, i) => {
    const hits = hitsOf(text, should.length + i);
    if (hits === 'timeout') timedOut(['tests', 'shouldNotMatch', i], text);
    else if (hits.length > 0) {
      const names = hits.slice(0, 3).map((h) => quote(h)).join(', ');
      out.push(diagnose(yaml.valueAt(['tests', 'shouldNotMatch', i]), 'error', 'test-should-not-match', `${quote(text)} is caught by ${names}; narrow that term, or fix the example`));
    }
  });
  return { diagnostics: out, examples: should.length + shouldNot.length };
}
