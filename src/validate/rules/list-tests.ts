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
import { EXAMPLE_WORK, overBudget, tooSlow, validationBudget, type ValidationBudget } from '../work-budget.js';

/** Why a word list misses an example: most often a term inside a longer word (`scam` in `scammer`). */
export function missedWhy(list: KeywordList, text: string): string {
  if (list.category !== 'word') return `no pattern of the list catches ${quote(text)}; add a pattern that does, or fix the example`;
  const lower = text.toLowerCase();
  for (const term of list.searchTerms) {
    const at = lower.indexOf(term.toLowerCase());
    if (at === -1 || term.trim() === '') continue;
    // The word the term sits in: letters and digits on either side of the hit.
    let from = at;
    let to = at + term.length;
    while (from > 0 && /[\p{L}\p{N}]/u.test(text[from - 1]!)) from--;
    while (to < text.length && /[\p{L}\p{N}]/u.test(text[to]!)) to++;
    const word = text.slice(from, to);
    return `${quote(word)} does not contain ${quote(term)} as a whole word: word lists match whole words (ignoring case), so ${quote(term)} does not catch ${quote(word)}; add ${quote(word)} as a term, use a pattern list for every form, or fix the example`;
  }
  return `no term of the list catches ${quote(text)}: word lists match whole words (ignoring case), and none of its words is a term; add a term that does, or fix the example`;
}

export const SENTENCE_TESTS_SKIPPED = 'sentence-similarity lists are matched by an AI model; examples cannot be checked offline';

export async function checkListTests(yaml: YamlFile, data: ListFile, list: KeywordList, budget: ValidationBudget = validationBudget()): Promise<{ diagnostics: Diagnostic[]; examples: number; skipped?: string }> {
  const should = data.tests?.shouldMatch ?? [];
  const shouldNot = data.tests?.shouldNotMatch ?? [];
  const examples = should.length + shouldNot.length;
  if (examples === 0) return { diagnostics: [], examples: 0 };
  if (list.category === 'sentence-similarity') return { diagnostics: [], examples: 0, skipped: SENTENCE_TESTS_SKIPPED };
  // The run's example budget: pattern lists cost a regex test per example and pattern, word lists one scan per example.
  const work = list.category === 'pattern' ? examples * Math.max(1, list.searchTerms.length) : examples;
  if (work > budget.exampleWork.left) {
    const message = `these ${examples} examples against ${list.searchTerms.length} terms are ${work} checks, more than the ${budget.exampleWork.left} left of the ${EXAMPLE_WORK} one validation runs for all lists; they were not run, so the list is not valid: keep fewer examples`;
    return { diagnostics: [diagnose(yaml.valueAt(['tests']), 'error', 'test-budget', message)], examples };
  }
  budget.exampleWork.left -= work;
  const over = overBudget(budget);
  if (over) return { diagnostics: [tooSlow(yaml.valueAt(['tests']), budget, over, 'these examples were not run')], examples };
  let hitsOf: (text: string, at: number) => BudgetedHits;
  const out: Diagnostic[] = [];
  if (list.category === 'pattern') {
    // Pattern lists run in a worker with a time budget per example (list-tests-budget.ts); no matcher here.
    const run = await patternHitsWithinBudget(list.searchTerms, [...should, ...shouldNot], { deadline: budget.deadline, maxHeapMb: budget.maxHeapMb });
    hitsOf = (_text, at) => run.hits[at]!;
    const first = run.hits.indexOf('stopped');
    if (run.stopped && first !== -1) {
      const path = first < should.length ? ['tests', 'shouldMatch', first] : ['tests', 'shouldNotMatch', first - should.length];
      const running = run.stopped.pattern === null ? '' : ` (pattern ${quote(run.stopped.pattern)} was running)`;
      out.push(tooSlow(yaml.valueAt(path), budget, run.stopped.reason, `this example and the ${examples - first - 1} after it were not checked${running}`));
    }
  } else {
    const matcher = compileMatcher(list)!;
    hitsOf = (text) => matcher.matches(text);
  }
  const timedOut = (path: (string | number)[], text: string) =>
    out.push(diagnose(yaml.valueAt(path), 'error', 'test-timeout', `checking ${quote(text)} took longer than ${EXAMPLE_BUDGET_MS} ms: a pattern backtracks on it, and the service may stall on such messages too; rewrite the pattern without nested or overlapping repeats`));
  should.forEach((text, i) => {
    const hits = hitsOf(text, i);
    if (hits === 'stopped') return;
    if (hits === 'timeout') timedOut(['tests', 'shouldMatch', i], text);
    else if (hits.length === 0) {
      out.push(diagnose(yaml.valueAt(['tests', 'shouldMatch', i]), 'error', 'test-should-match', missedWhy(list, text)));
    }
  });
  shouldNot.forEach((text, i) => {
    const hits = hitsOf(text, should.length + i);
    if (hits === 'stopped') return;
    if (hits === 'timeout') timedOut(['tests', 'shouldNotMatch', i], text);
    else if (hits.length > 0) {
      const names = hits.slice(0, 3).map((h) => quote(h)).join(', ');
      out.push(diagnose(yaml.valueAt(['tests', 'shouldNotMatch', i]), 'error', 'test-should-not-match', `${quote(text)} is caught by ${names}; narrow that term, or fix the example`));
    }
  });
  return { diagnostics: out, examples };
}
