// Proof that a write landed: the service must return exactly what was sent (terms as a set, each
// term byte-for-byte), and the revision must rise by exactly one over the revision the write was
// judged against. More means another writer wrote in between, and this write replaced their change.
import type { KeywordList, LiveKeywordList } from '../model/keyword-list.js';
import { revisionNumber } from '../model/keyword-list.js';
import type { ListChange, ListResult } from '../model/plan.js';
import { sameSequence, termsMissing } from '../plan/term-sets.js';

/** Differences between what was sent and what the service stored; empty when they match. */
export function contentMismatches(sent: KeywordList, got: LiveKeywordList): string[] {
  const out: string[] = [];
  const same = sameSequence(sent.searchTerms, got.searchTerms);
  const missing = same ? [] : termsMissing(sent.searchTerms, got.searchTerms);
  const extra = same ? [] : termsMissing(got.searchTerms, sent.searchTerms);
  if (missing.length > 0) out.push(`terms sent but not stored: ${quoteSome(missing)}`);
  if (extra.length > 0) out.push(`terms stored but not sent: ${quoteSome(extra)}`);
  if (got.name !== sent.name) out.push(`name stored as ${JSON.stringify(got.name)}, sent ${JSON.stringify(sent.name)}`);
  if (got.category !== sent.category) out.push(`category stored as ${got.category}, sent ${sent.category}`);
  return out;
}

/** A warning when the stored terms are the same set but not the same sequence (order, repeats). */
export function orderWarning(sent: KeywordList, got: LiveKeywordList): string | null {
  return sameSequence(sent.searchTerms, got.searchTerms) ? null : 'the service returned the same terms in another order or with repeats; matching is unaffected';
}

/**
 * The lost update the service cannot prevent (it has no conditional write): the revision after
 * this write rose by more than one over the one it was judged against. Null when it rose by one,
 * or when either revision has no number to compare.
 */
export function revisionConflict(id: string, beforeRevision: string, afterRevision: string): string | null {
  const before = revisionNumber(beforeRevision);
  const after = revisionNumber(afterRevision);
  if (before === undefined || after === undefined || after <= before + 1) return null;
  return (
    `another writer wrote "${id}" during this apply: revision ${beforeRevision} was read, and after this write it is ${afterRevision}, ` +
    `not up by one; their change was replaced by this one: find the other writer (one writer per target), run \`kwsync plan\`, and restore what they changed if it should stay`
  );
}

/** A warning when the revision did not rise at all, or went down: the service kept no count. */
export function revisionWarning(beforeRevision: string, got: LiveKeywordList): string | null {
  const before = revisionNumber(beforeRevision);
  const after = revisionNumber(got.revisionId);
  if (before === undefined || after === undefined || after >= before + 1) return null;
  return `revision went from ${beforeRevision} to ${got.revisionId}, not up by one: the service may not count writes; run \`kwsync plan\` to check`;
}

/**
 * The result of a write the service answered: applied, failed (it stored something else) or
 * conflict. `beforeRevision` is the revision the write was judged against (none for a create).
 */
export function verified(change: ListChange, sent: KeywordList, got: LiveKeywordList, beforeRevision: string | undefined): ListResult {
  const base = { id: change.id, kind: change.kind, revisionId: got.revisionId };
  const mismatches = contentMismatches(sent, got);
  if (mismatches.length > 0) {
    return { ...base, outcome: 'failed', message: `the service stored something other than what was sent (${mismatches.join('; ')})`, warnings: [] };
  }
  const order = orderWarning(sent, got);
  const warnings = [order, beforeRevision !== undefined ? revisionWarning(beforeRevision, got) : null].filter((w): w is string => w !== null);
  const conflict = beforeRevision !== undefined ? revisionConflict(change.id, beforeRevision, got.revisionId) : null;
  if (conflict) return { ...base, outcome: 'conflict', message: conflict, warnings };
  return { ...base, outcome: 'applied', message: null, warnings };
}

function quoteSome(terms: string[], max = 5): string {
  const shown = terms.slice(0, max).map((t) => JSON.stringify(t)).join(', ');
  return terms.length > max ? `${shown} and ${terms.length - max} more` : shown;
}
