// Proof that a write landed: the service must return exactly what was sent (terms as a set, each
// term byte-for-byte), and the revision must rise by one; more means someone else wrote too.
import type { KeywordList, LiveKeywordList } from '../model/keyword-list.js';
import { revisionNumber } from '../model/keyword-list.js';
import { termsMissing } from '../plan/term-sets.js';

/** Differences between what was sent and what the service stored; empty when they match. */
export function contentMismatches(sent: KeywordList, got: LiveKeywordList): string[] {
  const out: string[] = [];
  const missing = termsMissing(sent.searchTerms, got.searchTerms);
  const extra = termsMissing(got.searchTerms, sent.searchTerms);
  if (missing.length > 0) out.push(`terms sent but not stored: ${quoteSome(missing)}`);
  if (extra.length > 0) out.push(`terms stored but not sent: ${quoteSome(extra)}`);
  if (got.name !== sent.name) out.push(`name stored as ${JSON.stringify(got.name)}, sent ${JSON.stringify(sent.name)}`);
  if (got.category !== sent.category) out.push(`category stored as ${got.category}, sent ${sent.category}`);
  return out;
}

/** A warning when the stored terms are the same set but not the same sequence (order, repeats). */
export function orderWarning(sent: KeywordList, got: LiveKeywordList): string | null {
  const same = sent.searchTerms.length === got.searchTerms.length && sent.searchTerms.every((t, i) => t === got.searchTerms[i]);
  return same ? null : 'the service returned the same terms in another order or with repeats; matching is unaffected';
}

/** A warning when the revision did not rise by exactly one over `before`, or null. */
export function revisionWarning(beforeRevision: string, got: LiveKeywordList): string | null {
  const before = revisionNumber(beforeRevision);
  const after = revisionNumber(got.revisionId);
  if (before === undefined || after === undefined) return null;
  if (after === before + 1) return null;
  return (
    `revision went from ${beforeRevision} to ${got.revisionId}, not up by exactly one: ` +
    'another writer may be changing this list at the same time; run `kwsync plan` to check'
  );
}

function quoteSome(terms: string[], max = 5): string {
  const shown = terms.slice(0, max).map((t) => JSON.stringify(t)).join(', ');
  return terms.length > max ? `${shown} and ${terms.length - max} more` : shown;
}
