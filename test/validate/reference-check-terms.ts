// checkTerms as it was before the plain-term fast path, the reference of terms-fast-path.test.ts.
// Rules on each term of a list: empty, padded, multi-line, too long, and duplicates (exact: error;
// equal after NFKC and lower-casing: warning, since the service matches case-insensitively).
import type { Limits } from '../../src/model/config.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { diagnose } from '../../src/load/diagnose.js';
import { code, quote } from '../../src/load/quote-value.js';
import type { Position } from '../../src/load/source-text.js';
import type { TermsSource } from '../../src/load/terms-source.js';
import type { Category } from '../../src/model/keyword-list.js';
import { length } from '../../src/validate/rules/list-fields.js';
import { MIN_SENTENCE_WORDS, termHints } from '../../src/validate/rules/term-hints.js';
import { termMeaningDiagnostics } from '../../src/validate/rules/terms.js';

/** Diagnostics, and the indexes of terms too broken for further checks (patterns, tests). */
export function referenceCheckTerms(terms: TermsSource, limits: Limits, listAt: Position, category?: Category): { diagnostics: Diagnostic[]; broken: Set<number> } {
  const out: Diagnostic[] = [];
  const tabsAllowed = /\.csv$/i.test(terms.file); // a tab in a CSV line is reported as a separator
  const broken = new Set<number>();
  if (terms.values.length === 0) {
    out.push(diagnose(listAt, 'error', 'list-empty', 'the list has no terms; add at least one (the service refuses empty lists)'));
  }
  // One map keyed by the folded form; exact duplicates are found among the same folded key, so a
  // 1 MB list costs one lookup per term (this loop is most of validate's time on big lists).
  const seen = new Map<string, number | number[]>();
  terms.values.forEach((term, i) => {
    const words = term.trim().split(/\s+/).length;
    if (category === 'sentence-similarity' && words < MIN_SENTENCE_WORDS && term.trim() !== '') {
      const message = `${quote(term)} is ${words === 1 ? 'one word' : `${words} words`}, too short for sentence similarity (kwsync asks for at least ${MIN_SENTENCE_WORDS}): the model compares whole sentences; put single words in a word list, or write the sentence out`;
      out.push(diagnose(terms.locate(i), 'error', 'sentence-too-short', message));
    }
    // The meaning checks run on every term of a word or sentence list, outside the fast path.
    if ((category === 'word' || category === 'sentence-similarity') && !(term === '' || /^\s|\s$|[\r\n]/.test(term))) {
      const meant = termMeaningDiagnostics(terms, i, category, tabsAllowed);
      out.push(...meant);
      if (meant.some((d) => d.severity === 'error')) broken.add(i);
    }
    const problem = SUSPECT.test(term) || term.length > limits.maxTermLength ? termProblem(term, limits) : null;
    if (problem) {
      out.push(diagnose(terms.locate(i, problem.index), 'error', problem.rule, problem.message));
      if (problem.rule !== 'term-too-long') broken.add(i);
      if (problem.rule === 'term-empty') return;
    } else {
      // Only a term holding " - " can be a mis-indented item; the lookup is skipped for the rest.
      const continued = term.includes(' - ') ? terms.continuation?.(i) : undefined;
      for (const h of termHints(term, category, { tabsAllowed, continued: continued !== undefined })) {
        const here = h.rule === 'term-dash' && continued ? continued : terms.locate(i, h.index);
        out.push(diagnose(here, h.severity, h.rule, continued && h.rule === 'term-dash' ? `${h.message}${reindented(terms.locate(i), continued)}` : h.message));
        if (h.severity === 'error') broken.add(i);
      }
    }
    const key = foldKey(term);
    const prior = seen.get(key);
    if (prior === undefined) {
      seen.set(key, i);
      return;
    }
    const priors = typeof prior === 'number' ? [prior] : prior;
    const same = priors.find((j) => terms.values[j] === term);
    if (same !== undefined) {
      out.push(diagnose(terms.locate(i), 'error', 'duplicate-term', `${quote(term)} is already in this list (line ${terms.locate(same).line}); remove this copy`));
      broken.add(i);
      return;
    }
    const first = priors[0]!;
    seen.set(key, [...priors, i]);
    out.push(
      diagnose(terms.locate(i), 'warning', 'duplicate-term-folded', `${quote(term)} is the same as ${quote(terms.values[first])} (line ${terms.locate(first).line}) once case and Unicode form are ignored; keep one`),
    );
  });
  return { diagnostics: out, broken };
}

/** The continued line indented like the item it ran on from: `; write it as: \`  - bar\``. */
function reindented(item: Position, continued: Position): string {
  const indent = /^(\s*)-\s/.exec(item.sourceLine ?? '')?.[1];
  const text = continued.sourceLine?.trim();
  return indent === undefined || !text || text.includes('…') ? '' : `; write it as: ${code(indent + text)}`;
}

/** Cheap pre-check: only terms that are empty, padded or multi-line need termProblem's details. */
const SUSPECT = /^$|^\s|\s$|[\r\n]/;
const PLAIN_LOWER_ASCII = /^[\x20-\x40\x5b-\x7e]*$/;
const ASCII = /^[\x20-\x7e]*$/;

/** NFKC and lower case, skipping the work for the common all-lowercase ASCII term. */
function foldKey(term: string): string {
  if (PLAIN_LOWER_ASCII.test(term)) return term;
  return ASCII.test(term) ? term.toLowerCase() : term.normalize('NFKC').toLowerCase();
}

function termProblem(term: string, limits: Limits): { rule: string; message: string; index: number } | null {
  if (term.trim() === '') return { rule: 'term-empty', message: 'this term is empty or only spaces; remove it', index: 0 };
  const nl = term.search(/[\r\n]/);
  if (nl !== -1) return { rule: 'term-multiline', message: 'a term cannot span lines (the service stores one term per line); split it or remove the line break', index: nl };
  if (term !== term.trim()) {
    const index = /^\s/.test(term) ? 0 : term.trimEnd().length;
    return { rule: 'term-padded', message: `${quote(term)} starts or ends with spaces, which would be uploaded as part of the term; remove them`, index };
  }
  if (term.length > limits.maxTermLength && length(term) > limits.maxTermLength) {
    return { rule: 'term-too-long', message: `this term has ${length(term)} characters; the service allows at most ${limits.maxTermLength}`, index: 0 };
  }
  return null;
}
