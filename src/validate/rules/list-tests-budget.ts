// A pattern list's `tests:` examples run with a time budget per example and the run's deadline, so
// a pattern that backtracks on an example cannot stall validate, plan or apply (or a pull
// request's CI).
//
// Why a worker and not a linear-time engine: the examples must be judged by the same engine that
// previews use and whose flavour validate checks (JavaScript regexes, flags `iu`). An RE2-like
// engine has no lookaround or backreferences and folds case differently, so it would answer some
// examples differently. A worker (src/match/bounded-regex.ts) runs the very same regexes and can be
// stopped. Word lists need no worker: their matcher is linear.
import { BoundedRegex, type RegexStop } from '../../match/bounded-regex.js';

/** How long one example may take against its list. Far above any sane regex on a short text. */
export const EXAMPLE_BUDGET_MS = 1000;

/** The patterns of the list that catch each text; 'timeout' for a text past the budget; 'stopped' for texts not run (the run stopped). */
export type BudgetedHits = string[] | 'timeout' | 'stopped';

export interface BudgetedRun {
  hits: BudgetedHits[];
  /** Why texts were not run, and the pattern that was running. */
  stopped?: { reason: RegexStop['reason']; pattern: string | null };
}

/** Each text against the patterns, in order; a text past `budgetMs` is 'timeout' and the rest go on, until the deadline. */
export async function patternHitsWithinBudget(
  patterns: readonly string[],
  texts: readonly string[],
  opts: { budgetMs?: number; deadline?: number; maxHeapMb?: number } = {},
): Promise<BudgetedRun> {
  const runner = new BoundedRegex([patterns], { deadline: opts.deadline ?? Infinity, jobBudgetMs: opts.budgetMs ?? EXAMPLE_BUDGET_MS, maxHeapMb: opts.maxHeapMb ?? 256 });
  try {
    const run = await runner.run(texts.map((text) => ({ set: 0, text })));
    const hits: BudgetedHits[] = run.results.map((r) => (r === 'timeout' ? r : r.map((i) => patterns[i]!)));
    while (hits.length < texts.length) hits.push('stopped');
    return run.stopped ? { hits, stopped: { reason: run.stopped.reason, pattern: run.stopped.pattern === null ? null : patterns[run.stopped.pattern]! } } : { hits };
  } finally {
    runner.close();
  }
}
