// The stable machine-readable shape of `kwsync validate --format json` (version 1). Fields are
// only ever added, never renamed or removed, without bumping `version`.
import type { Diagnostic } from '../model/diagnostic.js';
import type { Category } from '../model/keyword-list.js';
import type { RepoValidation } from './index.js';

export interface ValidationJson {
  version: 1;
  /** No errors (and, with --strict, no warnings). */
  valid: boolean;
  errorCount: number;
  warningCount: number;
  /** The git ref compared with (`--base`), when git could read it. */
  base?: string;
  lists: {
    id: string;
    file: string;
    termsFile?: string;
    category: Category;
    /** Number of terms. */
    terms: number;
    /** Examples under `tests:` that were checked. */
    examples: number;
    /** Why the examples were not checked (sentence-similarity lists). */
    testsSkipped?: string;
  }[];
  diagnostics: Diagnostic[];
  /** When a sentence-similarity list exists: sentences the model checked, or why the checks were skipped (a note, not a finding). */
  sentenceChecks?: { sentences: number; skipped?: string };
}

export function renderValidationJson(result: RepoValidation, opts: { strict: boolean }): ValidationJson {
  const testsByFile = new Map(result.tests.map((t) => [t.file, t]));
  return {
    version: 1,
    valid: result.errorCount === 0 && (!opts.strict || result.warningCount === 0),
    errorCount: result.errorCount,
    warningCount: result.warningCount,
    ...(result.base ? { base: result.base } : {}),
    lists: result.lists.map((l) => {
      const t = testsByFile.get(l.source.file);
      return {
        id: l.id,
        file: l.source.file,
        ...(l.source.termsFile ? { termsFile: l.source.termsFile } : {}),
        category: l.category,
        terms: l.searchTerms.length,
        examples: t && !t.skipped ? t.examples : 0,
        ...(t?.skipped ? { testsSkipped: t.skipped } : {}),
      };
    }),
    diagnostics: result.diagnostics,
    ...(result.sentenceChecks ? { sentenceChecks: result.sentenceChecks } : {}),
  };
}
