// Rules on each term of a list: empty, padded, multi-line, too long, and duplicates (exact: error;
// equal after NFKC and lower-casing: warning, since the service matches case-insensitively).
import type { Limits } from '../../model/config.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { diagnose } from '../../load/diagnose.js';
import { code, quote } from '../../load/quote-value.js';
import type { Position } from '../../load/source-text.js';
import type { TermsSource } from '../../load/terms-source.js';
import type { Category } from '../../model/keyword-list.js';
import { length } from './list-fields.js';
import { KeySet } from './key-set.js';
import { MIN_SENTENCE_WORDS, termHints } from './term-hints.js';
import { termFix, yamlScalar } from '../../load/term-fix.js';
import { meaningHints, meaningTriggers } from './term-meaning.js';
import { checkInChat, inChatGate } from './term-in-chat.js';
import { checkSheetNumbers, SHEET_NUMBER_GATE } from './term-sheet-numbers.js';
import type { Fix } from '../../model/diagnostic.js';

/** Diagnostics, and the indexes of terms too broken for further checks (patterns, tests). */
export function checkTerms(terms: TermsSource, limits: Limits, listAt: Position, category?: Category): { diagnostics: Diagnostic[]; broken: Set<number> } {
  const out: Diagnostic[] = [];
  const tabsAllowed = /\.csv$/i.test(terms.file); // a tab in a CSV line is reported as a separator
  const broken = new Set<number>();
  if (terms.values.length === 0) {
    out.push(diagnose(listAt, 'error', 'list-empty', 'the list has no terms; add at least one (the service refuses empty lists)'));
  }
  // Terms are keyed by their folded form; exact duplicates are found among the same folded key.
  // Until the first duplicate a KeySet is enough (this loop is most of validate's time on a 1 MB
  // list); from there on a Map remembers where each key was. A plain term's key is the term itself,
  // which is also its foldKey.
  const values = terms.values;
  const sentences = category === 'sentence-similarity';
  const keys = new KeySet(values.length, (j) => foldKey(values[j]!));
  let seen: Map<string, number | number[]> | undefined;
  const empty: number[] = []; // terms left out of the keys (term-empty)
  const meaningful = category === 'word' || category === 'sentence-similarity';
  const word = category === 'word';
  /** Word-list terms that chat may write another way (term-in-chat.ts): checked after the loop. */
  const inChat: number[] = [];
  /** Word-list terms that are numbers a spreadsheet may have changed (term-sheet-numbers.ts). */
  const numbers: number[] = [];
  for (let i = 0; i < values.length; i++) {
    const term = values[i]!;
    // Most terms of a big list are plain (PLAIN below) and are their own fold key; in a word list
    // most are quiet too: one regex and a space count say only length and duplicates can apply.
    let key = term;
    if (!(word && term.length <= limits.maxTermLength && isQuietWordTerm(term, tabsAllowed))) {
      if (word && inChatGate(term)) inChat.push(i);
      if (word && SHEET_NUMBER_GATE.test(term)) numbers.push(i);
      if (sentences && words(term) < MIN_SENTENCE_WORDS && term.trim() !== '') {
        out.push(
          diagnose(
            terms.locate(i),
            'error',
            'sentence-too-short',
            `${quote(term)} is ${words(term) === 1 ? 'one word' : `${words(term)} words`}, too short for sentence similarity (kwsync asks for at least ${MIN_SENTENCE_WORDS}): the model compares whole sentences; put single words in a word list, or write the sentence out`,
          ),
        );
      }
      // A paragraph in a sentence list: one sentence per entry, each compared with a message on its own.
      if (sentences && PARAGRAPH_GATE.test(term)) {
        const parts = paragraph(term, limits);
        if (parts) {
          const d = diagnose(
            terms.locate(i),
            'warning',
            'sentence-paragraph',
            `this entry is ${parts.length} sentences${term.length > limits.maxTermLength ? ` (${term.length} characters; the service allows at most ${limits.maxTermLength} an entry)` : ''}, and the model compares the whole entry with a message, so a message saying one of them is scored against all of them together; write one sentence per entry: ${parts.map((p) => code(p)).join(', ')}`,
          );
          const fix = splitFix(terms, i, parts);
          if (fix) d.fix = fix;
          out.push(d);
        }
      }
      // What the term means against what it reads as (term-meaning.ts): for every term of a word or
      // sentence list, one character scan and no allocation in the common case.
      if (meaningful && meaningTriggers(term, word, tabsAllowed) !== 0 && !suspect(term)) {
        const meant = termMeaningDiagnostics(terms, i, category, tabsAllowed);
        if (meant.length > 0) {
          out.push(...meant);
          if (meant.some((d) => d.severity === 'error')) broken.add(i);
        }
      }
      if (!PLAIN.test(term) || term.length > limits.maxTermLength || (category !== 'pattern' && term.includes('  '))) {
        const problem = suspect(term) || term.length > limits.maxTermLength ? termProblem(term, limits) : null;
        if (problem) {
          out.push(diagnose(terms.locate(i, problem.index), 'error', problem.rule, problem.message));
          if (problem.rule !== 'term-too-long') broken.add(i);
          if (problem.rule === 'term-empty') {
            empty.push(i);
            continue;
          }
        } else {
          // Only a term holding " - " can be a mis-indented item; the lookup is skipped for the rest.
          const continued = term.includes(' - ') ? terms.continuation?.(i) : undefined;
          const hints = termHints(term, category, { tabsAllowed, continued: continued !== undefined });
          for (const h of hints) {
            const here = h.rule === 'term-dash' && continued ? continued : terms.locate(i, h.index);
            const escaped = h.rule === 'term-control-char' ? escapeMistake(terms, i, category) : null;
            const message = escaped?.message ?? (continued && h.rule === 'term-dash' ? `${h.message}${reindented(terms.locate(i), continued)}` : h.message);
            const d = diagnose(here, h.severity, h.rule, message);
            // The fix is the term with every hint's correction applied, so that one fix re-validates clean.
            const fixed = escaped ? escaped.fixed : h.fixed !== undefined && !continued ? fixedTerm(term, hints, category, tabsAllowed) : undefined;
            const fix = fixed !== undefined ? termFix(terms, i, [fixed]) : undefined;
            if (fix) d.fix = fix;
            out.push(d);
            if (h.severity === 'error') broken.add(i);
          }
        }
        key = foldKey(term);
      }
    }
    if (!seen) {
      if (keys.add(key, i)) continue;
      seen = firstIndexes(i);
    }
    const prior = seen.get(key);
    if (prior === undefined) seen.set(key, i);
    else duplicate(term, i, prior, key, seen);
  }
  for (const f of [...checkInChat(values, inChat.filter((i) => !broken.has(i))), ...checkSheetNumbers(values, numbers.filter((i) => !broken.has(i)), terms.file)]) {
    const d = diagnose(terms.locate(f.index), f.severity, f.rule, f.message);
    const fix = f.fixed ? (f.fixed.length > 1 ? splitFix(terms, f.index, f.fixed) : termFix(terms, f.index, f.fixed)) : undefined;
    if (fix) d.fix = fix;
    out.push(d);
  }
  return { diagnostics: out, broken };

  /** Where each key of the terms before `end` was first seen: all different, since none was found a duplicate. */
  function firstIndexes(end: number): Map<string, number | number[]> {
    const map = new Map<string, number | number[]>();
    const skipped = new Set(empty);
    for (let j = 0; j < end; j++) if (!skipped.has(j)) map.set(foldKey(values[j]!), j);
    return map;
  }

  /** Term `i` folds like the earlier term(s) `prior`: an exact copy (error) or a folded one (warning). */
  function duplicate(term: string, i: number, prior: number | number[], key: string, seen: Map<string, number | number[]>): void {
    const priors = typeof prior === 'number' ? [prior] : prior;
    const same = priors.find((j) => values[j] === term);
    if (same !== undefined) {
      out.push(diagnose(terms.locate(i), 'error', 'duplicate-term', `${quote(term)} is already in this list (line ${terms.locate(same).line}); remove this copy`));
      broken.add(i);
      return;
    }
    const first = priors[0]!;
    seen.set(key, [...priors, i]);
    out.push(
      diagnose(terms.locate(i), 'warning', 'duplicate-term-folded', `${quote(term)} is the same as ${quote(values[first])} (line ${terms.locate(first).line}) once case and Unicode form are ignored; keep one`),
    );
  }
}

/** YAML escapes that decode to a control character, which in a regex (or an analyst's mind) are `\b`, `\f`, ... */
const CONTROL_ESCAPES = new Set(['b', 'a', 'f', 'v', 'e', '0', 't']);

/**
 * A control character written as an escape inside double quotes (`"\bcashapp\b"`): the analyst
 * meant the backslash, so the fix keeps it, in single quotes (a pattern) or as the whole-word match
 * a word list already does (`\b` dropped).
 */
function escapeMistake(terms: TermsSource, i: number, category: Category | undefined): { fixed: string; message: string } | null {
  const raw = terms.raw?.(i)?.text;
  if (!raw || raw[0] !== '"' || !/\\[baefv0t]/.test(raw)) return null;
  const inner = raw.slice(1, -1);
  const escape = /\\[baefv0t]/.exec(inner)![0];
  const meant = inner.replace(/\\(.)/g, (m, c: string) => (CONTROL_ESCAPES.has(c) ? m : c === '\\' || c === '"' || c === '/' ? c : m));
  if (category === 'pattern') {
    return { fixed: meant, message: `${code(escape)} inside double quotes is a control character to YAML, not the regex escape you meant; write the pattern in single quotes, which keep backslashes as written: ${code(yamlScalar(meant))}` };
  }
  const words = meant.replace(/\\b/g, '');
  if (/\\/.test(words)) return null;
  return { fixed: words, message: `${code(escape)} inside double quotes is a control character to YAML; a ${category === 'word' ? 'word list already matches whole words' : 'list of sentences needs no escapes'}, so write the term without it: ${code(yamlScalar(words))}` };
}

const words = (term: string): number => term.trim().split(/\s+/).length;

/** A sentence's end followed by more text: the only terms of a sentence list that can be a paragraph. */
const PARAGRAPH_GATE = /[.!?\u3002\uff01\uff1f]\s*\S/;
let sentenceSegmenter: Intl.Segmenter | undefined;

/**
 * The sentences of a paragraph (Unicode sentence boundaries, UAX #29), when it is one: three or more,
 * or two that together are over the length limit, each long enough to stand as an entry and within
 * the limit. Otherwise null (two short sentences may be one message meant as a whole).
 */
function paragraph(term: string, limits: Limits): string[] | null {
  sentenceSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'sentence' });
  const parts = Array.from(sentenceSegmenter.segment(term), (s) => s.segment.trim()).filter((s) => s !== '');
  if (parts.length < 2 || (parts.length < 3 && term.length <= limits.maxTermLength)) return null;
  if (!parts.every((p) => words(p) >= MIN_SENTENCE_WORDS && p.length <= limits.maxTermLength)) return null;
  return parts;
}

/** `term` with the corrections of its hints applied one after another, until none offers more. */
function fixedTerm(term: string, hints: ReturnType<typeof termHints>, category: Category | undefined, tabsAllowed: boolean): string {
  let t = term;
  for (let round = 0; round < 4; round++) {
    const next = (round === 0 ? hints : termHints(t, category, { tabsAllowed, continued: false })).find((h) => h.fixed !== undefined && h.fixed !== t);
    if (!next) break;
    t = next.fixed!;
  }
  return t;
}

/** The continued line indented like the item it ran on from: `; write it as: \`  - bar\``. */
function reindented(item: Position, continued: Position): string {
  const indent = /^(\s*)-\s/.exec(item.sourceLine ?? '')?.[1];
  const text = continued.sourceLine?.trim();
  return indent === undefined || !text || text.includes('…') ? '' : `; write it as: ${code(indent + text)}`;
}

/**
 * Lower-case ASCII letters and digits at both ends, and inside also spaces and punctuation that no
 * rule looks at: such a term is its own fold key and only length and duplicates apply to it (no
 * space at an edge, no line break, control, invisible or quote character, dash, regex syntax).
 */
const PLAIN = /^[a-z0-9](?:[a-z0-9 _.,!#$%&/:;@~=]*[a-z0-9])?$/;
/** /\s/ as a character code test, for the first and last character only. */
const WHITESPACE = /\s/;

/** Cheap pre-check: only terms that are empty, padded or multi-line need termProblem's details. */
function suspect(term: string): boolean {
  if (term === '') return true;
  const edge = (c: number): boolean => (c <= 0x20 ? c === 0x20 || (c >= 0x09 && c <= 0x0d) : c >= 0xa0 && WHITESPACE.test(String.fromCharCode(c)));
  return edge(term.charCodeAt(0)) || edge(term.charCodeAt(term.length - 1)) || term.includes('\n') || term.includes('\r');
}
// Quiet word-list terms: PLAIN with a letter first, no `;`, no comma (a CSV: at most one, which a
// quoted cell may mean) and, checked apart, fewer than 7 spaces and none doubled, and no " / ". The meaning gate
// (term-meaning.ts GATE_WORD / GATE_CSV_WORD) cannot match such a term and no hint applies, so only
// length and duplicates are left (test/validate/quiet-terms.property.test.ts holds it to the rules).
// Linear: the classes exclude the comma that separates the two runs.
const QUIET_WORD = /^[a-z](?:[a-z0-9 _.!#$%&/:@~=]*[a-z0-9])?$/;
const QUIET_CSV_WORD = /^[a-z](?:[a-z0-9 _.!#$%&/:@~=]*(?:,[a-z0-9 _.!#$%&/:@~=]*)?[a-z0-9])?$/;

/**
 * Fewer than 7 spaces (the gate's whole-sentence test), no two in a row (term-double-space) and no
 * " / " (term-several): one pass over the spaces, since this runs on every term of a word list.
 */
function quietSpaces(term: string): boolean {
  let n = 0;
  for (let i = term.indexOf(' '); i !== -1; i = term.indexOf(' ', i + 1)) {
    const next = term.charCodeAt(i + 1);
    if (++n >= 7 || next === 0x20 || (next === 0x2f && term.charCodeAt(i + 2) === 0x20)) return false;
  }
  return true;
}

/** Whether checkTerms takes `term` of a word list (`csv`: from a CSV file) as quiet: only its length and duplicates are checked. */
export function isQuietWordTerm(term: string, csv: boolean): boolean {
  return (csv ? QUIET_CSV_WORD : QUIET_WORD).test(term) && quietSpaces(term);
}

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

/**
 * One term written as several (`nitwit, dimwit`): a fix writing each as its own term, in the file's
 * syntax: CSV lines, items of a block list at the item's indent, or items of a flow list.
 */
function splitFix(terms: TermsSource, i: number, parts: readonly string[]): Fix | undefined {
  if (/\.csv$/i.test(terms.file)) return termFix(terms, i, parts);
  const raw = terms.raw?.(i);
  const line = terms.locate(i).sourceLine;
  if (!raw || line === undefined || line.includes('\u2026')) return undefined;
  const before = line.slice(0, raw.column - 1);
  const block = /^(\s*)-\s+$/.exec(before);
  const scalars = parts.map((p) => yamlScalar(p));
  if (block) return { line: raw.line, column: raw.column, replace: raw.text, with: scalars.join(`\n${block[1]}- `) };
  if (/[[,]\s*$/.test(before)) return { line: raw.line, column: raw.column, replace: raw.text, with: scalars.join(', ') };
  return undefined;
}

const NO_DIAGNOSTICS: readonly Diagnostic[] = Object.freeze([]);

/** The meaning checks of term `i` (term-meaning.ts) as located findings with their fixes. */
export function termMeaningDiagnostics(terms: TermsSource, i: number, category: Category | undefined, tabsAllowed: boolean): readonly Diagnostic[] {
  const hints = meaningHints(terms.values[i]!, category, tabsAllowed);
  if (hints.length === 0) return NO_DIAGNOSTICS; // nearly every term: nothing allocated
  const out: Diagnostic[] = [];
  for (const h of hints) {
    // A comma quoted on purpose (`'x, y'` in YAML, `"with, comma"` in a CSV) may be meant between two
    // words; from three on it is a spreadsheet cell of terms. A CSV's `;` is csv-separator's.
    if (h.separator === ';' && tabsAllowed) continue;
    const quoted = tabsAllowed || /^['"]/.test(terms.raw?.(i)?.text ?? '');
    if (h.separator === ',' && quoted && h.split!.length < 3) continue;
    const d = diagnose(terms.locate(i, h.index), h.severity, h.rule, h.message);
    const fix = h.split ? splitFix(terms, i, h.split) : h.fixed !== undefined ? termFix(terms, i, [h.fixed]) : undefined;
    if (fix) d.fix = fix;
    out.push(d);
  }
  return out;
}
