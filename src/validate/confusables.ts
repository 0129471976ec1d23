// Look-alike terms (Unicode TS #39), across every list of the folder: a term that mixes scripts
// (`sсam`, a Cyrillic с among Latin letters) and a term that differs from another term, of the same
// or another list, only by confusable characters (same skeleton) each get a warning naming the
// characters with their code points. Such a term reads like another in review while matching
// different text. Pure-ASCII look-alikes (`scarn`/`scam`, `l00k`/`look`) are left alone: they are
// visible in review and evasion lists hold them on purpose. A list accepts either rule with `accept:`.
import { diagnose } from '../load/diagnose.js';
import { code, quote } from '../load/quote-value.js';
import type { TermsSource } from '../load/terms-source.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type * as LookAlikeData from '../render/look-alikes.js';
import type * as CharNames from '../render/char-names.js';
import type { PlacedList } from './rules/repo.js';

export const CONFUSABLE_RULES = { mixed: 'term-mixed-script', lookAlike: 'term-confusable', passesForAscii: 'term-look-alike' } as const;

const NON_ASCII = /[^\u0000-\u007f]/;
/** At most this many characters are named in one message. */
const MAX_NAMED = 5;

interface Occurrence {
  term: string;
  terms: TermsSource;
  index: number;
  accepted?: ReadonlySet<string> | undefined;
}

// The look-alike data (confusables.txt, the character names, the script tables) take ~400 ms to
// load: loaded only for a folder that holds a non-ASCII term, the only kind that can be warned.
let data: typeof LookAlikeData | undefined;
let names: typeof CharNames | undefined;
const asciiLookAlike: typeof LookAlikeData.asciiLookAlike = (t) => data!.asciiLookAlike(t);
const asciiLookAlikeOf: typeof LookAlikeData.asciiLookAlikeOf = (ch) => data!.asciiLookAlikeOf(ch);
const describeChar: typeof CharNames.describeChar = (ch) => names!.describeChar(ch);
const isConfusableChar: typeof LookAlikeData.isConfusableChar = (ch) => data!.isConfusableChar(ch);
const mixedScripts: typeof LookAlikeData.mixedScripts = (t) => data!.mixedScripts(t);
const scriptsOf: typeof LookAlikeData.scriptsOf = (ch) => data!.scriptsOf(ch);
const skeleton: typeof LookAlikeData.skeleton = (t) => data!.skeleton(t);

export async function checkConfusables(lists: readonly PlacedList[]): Promise<Diagnostic[]> {
  const withTerms = lists.filter((p): p is PlacedList & { terms: TermsSource } => p.terms !== undefined);
  // Nothing to find in a folder of ASCII terms: the common case costs one scan, or none for a CSV
  // whose whole text is ASCII (asciiOnly, known when it was read).
  if (!withTerms.some((p) => p.terms.asciiOnly !== true && p.terms.values.some((t) => NON_ASCII.test(t)))) return [];
  [data, names] = await Promise.all([data ?? import('../render/look-alikes.js'), names ?? import('../render/char-names.js')]);
  return findConfusables(withTerms);
}

function findConfusables(withTerms: readonly (PlacedList & { terms: TermsSource })[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  // Groups by skeleton, keyed first by the non-ASCII terms (usually few); an ASCII term joins only a
  // group that a non-ASCII term opened, so a big ASCII list costs one skeleton a term and no Map entry.
  const bySkeleton = new Map<string, Occurrence[]>();
  const lone: Occurrence[] = []; // single-script non-ASCII terms: the look-alike check's candidates
  const flagged = new Set<Occurrence>();
  for (const { terms, accepted, list } of withTerms) {
    const pattern = list?.category === 'pattern';
    terms.values.forEach((term, index) => {
      if (!NON_ASCII.test(term)) return;
      // A pattern's letters are its literal text: escapes (\p{L}, \u064B), classes (a class lists
      // spellings on purpose, `[iıİI]`) and group syntax are not letters of a word.
      const text = pattern ? patternLetters(term) : term;
      if (!NON_ASCII.test(text)) return;
      const key = skeleton(text);
      const group = bySkeleton.get(key);
      const occ = { term, terms, index, accepted };
      if (group) group.push(occ);
      else bySkeleton.set(key, [occ]);
      const mixed = mixedScripts(text);
      if (!mixed && !pattern) lone.push(occ);
      if (accepted?.has(CONFUSABLE_RULES.mixed)) return;
      if (mixed) {
        // A warning, not an error: evasion lists hold look-alikes on purpose, and a pull request's
        // plan (stage two) is still made for a list that has one.
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
      if (!NON_ASCII.test(occ.term)) continue;
      flagged.add(occ);
      if (occ.accepted?.has(CONFUSABLE_RULES.lookAlike)) continue;
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
  out.push(...lookAlikes(lone.filter((o) => !flagged.has(o))));
  return out;
}

/**
 * A single-script term written in characters that pass for ASCII (`kıll`, `ｓｃａｍ`, all-Cyrillic
 * `ѕсаm`) with no ASCII twin in the folder (that is term-confusable's): it reads as the ASCII word and
 * catches only text typed with the same look-alikes. Silent in a list that writes the script for
 * real (a letter of it that does not pass for ASCII: Turkish ş beside kız, Russian б beside сор).
 */
function lookAlikes(candidates: readonly Occurrence[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  const evidence = new Map<TermsSource, Set<string>>();
  const foldsOf = new Map<TermsSource, Set<string>>();
  for (const occ of candidates) {
    if (occ.accepted?.has(CONFUSABLE_RULES.passesForAscii)) continue;
    const found = asciiLookAlike(occ.term);
    if (!found) continue;
    let scripts = evidence.get(occ.terms);
    if (!scripts) evidence.set(occ.terms, (scripts = scriptsWrittenForReal(occ.terms.values)));
    if (found.chars.every((ch) => writtenForReal(ch, scripts!))) continue;
    // A case or compatibility twin in the list (`ＡＬＰＨＡ` beside `alpha`) is duplicate-term-folded's.
    let folds = foldsOf.get(occ.terms);
    if (!folds) foldsOf.set(occ.terms, (folds = new Set(occ.terms.values.filter((t) => !NON_ASCII.test(t)).map(fold))));
    // Its ASCII reading in the list in any case (`KIZ` beside `kız`): that term catches the reading.
    if (folds.has(fold(occ.term)) || folds.has(fold(found.reads))) continue;
    // Compatibility forms (fullwidth, mathematical, ligatures) fold to ASCII under NFKC, as kwsync's
    // matcher folds, and whether the service does is unpublished; a letter that only looks alike
    // (dotless ı, Cyrillic а) never folds. Both warn, like term-mixed-script: evasion lists hold
    // look-alikes on purpose.
    const compat = found.chars.every((ch) => /^[\u0000-\u007f]+$/.test(ch.normalize('NFKC')));
    const tail = `write ${code(found.reads)}, or keep the look-alike on purpose and accept ${CONFUSABLE_RULES.passesForAscii}`;
    out.push(
      diagnose(
        occ.terms.locate(occ.index),
        'warning',
        CONFUSABLE_RULES.passesForAscii,
        compat
          ? `term ${quote(occ.term)} reads as ${quote(found.reads)} but is written in compatibility forms (${named(found.chars)}): kwsync's matcher folds them to ${quote(found.reads)} (NFKC), but the service's matching is not published, and a service comparing characters catches only text typed in these same forms; ${tail}`
          : `term ${quote(occ.term)} reads as ${quote(found.reads)} but is written with look-alike characters (${named(found.chars)}): the service compares characters, so it catches ${quote(occ.term)} typed with these same characters, never a message saying ${quote(found.reads)}; ${tail}`,
      ),
    );
  }
  return out;
}

const FULLWIDTH = /[\uff00-\uffef]/;
const CJK = new Set(['Han', 'Hiragana', 'Katakana', 'Hangul', 'Bopomofo']);

/** The scripts a list writes with letters that do not pass for ASCII (Latin only past Latin-1, where é is common in English lists). */
function scriptsWrittenForReal(values: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const term of values) {
    if (!NON_ASCII.test(term)) continue;
    for (const ch of term) {
      const cp = ch.codePointAt(0)!;
      if (cp < 0x100 || !/\p{L}/u.test(ch) || asciiLookAlikeOf(ch) !== null) continue;
      for (const name of scriptsOf(ch) ?? []) out.add(name);
    }
  }
  return out;
}

/** A look-alike character of a script the list writes for real (fullwidth forms: of a CJK list, whose keyboards type them). */
function writtenForReal(ch: string, scripts: ReadonlySet<string>): boolean {
  if (FULLWIDTH.test(ch)) return [...CJK].some((s) => scripts.has(s));
  const own = scriptsOf(ch);
  return own !== null && [...own].some((s) => scripts.has(s));
}

function named(chars: readonly string[]): string {
  const shown = chars.slice(0, MAX_NAMED).map(describeChar);
  const more = chars.length - shown.length;
  return `${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

function fold(term: string): string {
  return term.normalize('NFKC').toLowerCase();
}

/** A pattern's literal letters: escapes, character classes and group syntax become spaces. */
function patternLetters(source: string): string {
  return source
    .replace(/\[(?:\\.|[^\]\\])*\]/g, ' ')
    .replace(/\\(?:[pPk]\{[^}]*\}|u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|c[A-Za-z]|.)/g, ' ')
    .replace(/\(\?(?:[:=!]|<[=!]|<[^>]*>)?/g, ' ');
}
