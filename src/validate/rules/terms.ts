// Rules on each term of a list: empty, padded, multi-line, too long, and duplicates (exact: error;
// equal after NFKC and lower-casing: warning, since the service matches case-insensitively).
import type { Limits } from '../../model/config.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { diagnose } from '../../load/diagnose.js';
import type { Position } from '../../load/source-text.js';
import type { TermsSource } from '../../load/terms-source.js';
import { length } from './list-fields.js';

/** Diagnostics, and the indexes of terms too broken for further checks (patterns, tests). */
export function checkTerms(terms: TermsSource, limits: Limits, listAt: Position): { diagnostics: Diagnostic[]; broken: Set<number> } {
  const out: Diagnostic[] = [];
  const broken = new Set<number>();
  if (terms.values.length === 0) {
    out.push(diagnose(listAt, 'error', 'list-empty', 'the list has no terms; add at least one (the service refuses empty lists)'));
  }
  const exact = new Map<string, number>();
  const folded = new Map<string, number>();
  terms.values.forEach((term, i) => {
    const problem = termProblem(term, limits);
    if (problem) {
      out.push(diagnose(terms.locate(i, problem.index), 'error', problem.rule, problem.message));
      if (problem.rule !== 'term-too-long') broken.add(i);
      if (problem.rule === 'term-empty') return;
    }
    const first = exact.get(term);
    if (first !== undefined) {
      out.push(diagnose(terms.locate(i), 'error', 'duplicate-term', `"${term}" is already in this list (line ${terms.locate(first).line}); remove this copy`));
      broken.add(i);
      return;
    }
    exact.set(term, i);
    const key = /^[\x20-\x7e]*$/.test(term) ? term.toLowerCase() : term.normalize('NFKC').toLowerCase();
    const same = folded.get(key);
    if (same === undefined) folded.set(key, i);
    else {
      const other = terms.values[same]!;
      out.push(
        diagnose(terms.locate(i), 'warning', 'duplicate-term-folded', `"${term}" is the same as "${other}" (line ${terms.locate(same).line}) once case and Unicode form are ignored; keep one`),
      );
    }
  });
  return { diagnostics: out, broken };
}

function termProblem(term: string, limits: Limits): { rule: string; message: string; index: number } | null {
  if (term.trim() === '') return { rule: 'term-empty', message: 'this term is empty or only spaces; remove it', index: 0 };
  const nl = term.search(/[\r\n]/);
  if (nl !== -1) return { rule: 'term-multiline', message: 'a term cannot span lines (the service stores one term per line); split it or remove the line break', index: nl };
  if (term !== term.trim()) {
    const index = /^\s/.test(term) ? 0 : term.trimEnd().length;
    return { rule: 'term-padded', message: `"${term}" starts or ends with spaces, which would be uploaded as part of the term; remove them`, index };
  }
  if (term.length > limits.maxTermLength && length(term) > limits.maxTermLength) {
    return { rule: 'term-too-long', message: `this term has ${length(term)} characters; the service allows at most ${limits.maxTermLength}`, index: 0 };
  }
  return null;
}
