// Look-alike terms (Unicode TS #39), across every list of the folder: a term that mixes scripts
// (`sсam`, a Cyrillic с among Latin letters) and a term that differs from another term, of the same
// or another list, only by confusable characters (same skeleton) each get a warning naming the
// characters with their code points. Such a term reads like another in review while matching
// different text. Pure-ASCII look-alikes (`scarn`/`scam`, `l00k`/`look`) are left alone: they are
// visible in review and evasion lists hold them on purpose. A list accepts either rule with `accept:`.
import { diagnose } from '../load/diagnose.js';
import { quote } from '../load/quote-value.js';
import type { TermsSource } from '../load/terms-source.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { describeChar, isConfusableChar, mixedScripts, skeleton } from '../render/look-alikes.js';
import type { PlacedList } from './rules/repo.js';

export const CONFUSABLE_RULES = { mixed: 'term-mixed-script', lookAlike: 'term-confusable' } as const;

const NON_ASCII = /[^\u0000-\u007f]/;
/** At most this many characters are named in one message. */
const MAX_NAMED = 5;

interface Occurrence {
  term: string;
  terms: TermsSource;
  index: number;
  accepted?: ReadonlySet<string> | undefined;
}

export function checkConfusables(lists: readonly PlacedList[]): Diagnostic[] {
  const withTerms = lists.filter((p): p is PlacedList & { terms: TermsSource } => p.terms !== undefined);
  // Nothing to find in a folder of ASCII terms: the common case costs one scan.
  if (!withTerms.some((p) => p.terms.values.some((t) => NON_ASCII.test(t)))) return [];
  const out: Diagnostic[] = [];
  // Groups by skeleton, keyed first by the non-ASCII terms (usually few); an ASCII term joins only a
  // group that a non-ASCII term opened, so a big ASCII list costs one skeleton a term and no Map entry.
  const bySkeleton = new Map<string, Occurrence[]>();
  for (const { terms, accepted } of withTerms) {
    terms.values.forEach((term, index) => {
      if (!NON_ASCII.test(term)) return;
      const key = skeleton(term);
      const group = bySkeleton.get(key);
      const occ = { term, terms, index, accepted };
      if (group) group.push(occ);
      else bySkeleton.set(key, [occ]);
      if (accepted?.has(CONFUSABLE_RULES.mixed)) return;
      const mixed = mixedScripts(term);
      if (mixed) {
        out.push(
          diagnose(
            terms.locate(index),
            'warning',
            CONFUSABLE_RULES.mixed,
            `term ${quote(term)} mixes scripts (${mixed.scripts.join(', ')}): ${named(mixed.odd)}; write it in one script, or add the look-alike as its own term if both are meant`,
          ),
        );
      }
    });
  }
  for (const { terms, accepted } of withTerms) {
    terms.values.forEach((term, index) => {
      if (NON_ASCII.test(term)) return;
      bySkeleton.get(skeleton(term))?.push({ term, terms, index, accepted });
    });
  }
  for (const group of bySkeleton.values()) {
    if (group.length < 2 || !group.some((o) => NON_ASCII.test(o.term))) continue;
    // Same skeleton, different text (case and compatibility forms are the duplicate rule's). Linear
    // in the group: the other term named is an ASCII one where there is one.
    const byFold = new Map<string, Occurrence>();
    for (const o of group) {
      const prior = byFold.get(fold(o.term));
      // One term per folded form, an ASCII one where there is one.
      if (!prior || (NON_ASCII.test(prior.term) && !NON_ASCII.test(o.term))) byFold.set(fold(o.term), o);
    }
    if (byFold.size < 2) continue;
    const reps = [...byFold.values()].sort((a, b) => Number(NON_ASCII.test(a.term)) - Number(NON_ASCII.test(b.term)));
    for (const occ of group) {
      if (!NON_ASCII.test(occ.term) || occ.accepted?.has(CONFUSABLE_RULES.lookAlike)) continue;
      const own = fold(occ.term);
      const other = fold(reps[0]!.term) === own ? reps[1]! : reps[0]!;
      const at = other.terms.locate(other.index);
      const chars = [...new Set([...occ.term].filter((ch) => NON_ASCII.test(ch) && (isConfusableChar(ch) || /\p{Default_Ignorable_Code_Point}/u.test(ch))))];
      out.push(
        diagnose(
          occ.terms.locate(occ.index),
          'warning',
          CONFUSABLE_RULES.lookAlike,
          `term ${quote(occ.term)} looks like ${quote(other.term)} (${at.file}:${at.line}:${at.column}) but is a different string: ${named(chars)}; use the same characters in both, or remove one`,
        ),
      );
    }
  }
  return out;
}

function named(chars: readonly string[]): string {
  const shown = chars.slice(0, MAX_NAMED).map(describeChar);
  const more = chars.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

function fold(term: string): string {
  return term.normalize('NFKC').toLowerCase();
}
