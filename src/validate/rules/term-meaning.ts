// What a term will catch, compared with what it most plausibly meant, for the mistakes that come
// from how lists are made (documents, spreadsheets, chat, merges): markup carried into a term (a
// bullet, a list number, a quote marker, Markdown, a sentence's full stop), several terms written as
// one, a typographic dash or a decomposed accent that no one types, a spreadsheet's anti-formula
// apostrophe, merge-conflict markers, regex syntax in a sentence, a whole sentence in a word list.
// Under whole-word, case-insensitive matching each of these catches other text than it reads as:
// an error, with the term as meant; a whole sentence in a word list may be meant: a warning.
// One character scan per term says which of these can apply (meaningTriggers), so a plain term
// costs one pass and no allocation, and a term with one trigger runs only the rules it can fire.
import type { Category } from '../../model/keyword-list.js';
import { code, quote } from '../../load/quote-value.js';
import type { TermHint } from './term-hints.js';

export interface MeaningHint extends TermHint {
  /** The terms meant, when one term is several (a fix splits it). */
  split?: string[];
  /** What joined them (`,`, `;`, `|`, a fullwidth comma). */
  separator?: string;
}

const CONFLICT = /^(?:<{7}|={7}|>{7})(?:\s|$)/;
const BULLET = /^[\u2022\u00b7\u25aa\u2023\u25e6\u25cf]\s*/;
const NUMBERING = /^\d{1,3}[.)]\s+(?=\S)/;
const CHAT_QUOTE = /^>\s*(?=\S)/;
const MD_WRAP = /^(~~|__|\*\*)(?!\1)(.+?)\1$/s;
/** A phrase copied with its sentence's full stop: a space inside, one dot, at the end after a letter. */
const FULL_STOP = /^[^.]*\s[^.]*[\p{L}\p{N}]\.$/u;
const SEPARATOR = /\s*(?:,|\uff0c|\u3001|;|\|)\s*| \/ /;
const COMMA_ONLY = /^(?:(?! \/ )[^;|\uff0c\u3001])*$/;
const TYPO_DASH = /([\p{L}\p{N}])[\u2013\u2014]([\p{L}\p{N}])/u;
const SHEET_APOSTROPHE = /^'(?=[=+\-@])/;
/** Regex syntax an analyst means as a pattern: a model reads it as words. */
const SENTENCE_REGEX = /\.\*|\.\+|\\[bdwsBDWS]|\[[^\]]+\]|\([^()]*\|[^()]*\)|\{\d+(?:,\d*)?\}/;
const NON_ASCII = /[^\u0000-\u007f]/;
/** A word list term this long is a sentence, caught only when a message holds it word for word. */
export const WORD_LIST_MAX_WORDS = 8;

const NO_HINTS: readonly MeaningHint[] = Object.freeze([]);

// What meaningTriggers reports: each bit a condition that a rule below needs to fire.
/** The first character can start a conflict marker, bullet, list number, chat quote, Markdown or sheet apostrophe. */
const START = 1;
/** The last character is a dot (a sentence's full stop). */
const END_DOT = 2;
/** A separator that term-several reports: `; | ， 、 " / "`, or in a word list outside a CSV a comma, or in a CSV two commas. */
const SEPARATED = 4;
/** A character outside ASCII (typographic dash, decomposed accent). */
const NON_ASCII_CHAR = 8;
/** In a sentence list, a character some regex syntax needs (`. \ [ ( {`). */
const REGEX_CHAR = 16;
/** In a word list, long enough and with enough spaces to be a whole sentence. */
const LONG = 32;
/** Every gate open: what the pre-test must never hide (allMeaningHints). */
const ALL = 63;

// The same conditions as one precompiled regex per kind of list, a superset of the bits below (it
// is faster than the scan on the many terms that have none; the scan sorts the few that pass).
// Each alternative: START, END_DOT, a separator (two commas for a CSV), non-ASCII, 7 spaces (LONG).
const GATE_WORD = /^[0-9<=>~_*'\u2022\u00b7\u25aa\u2023\u25e6\u25cf]|\.$|[,;|\uff0c\u3001\u0080-\uffff]| (?:[^ ]* ){6}| \/ /;
const GATE_CSV_WORD = /^[0-9<=>~_*'\u2022\u00b7\u25aa\u2023\u25e6\u25cf]|\.$|[;|\uff0c\u3001\u0080-\uffff]|,[^,]*,| (?:[^ ]* ){6}| \/ /;
/** START, END_DOT, non-ASCII, and the characters regex syntax needs (REGEX_CHAR). */
const GATE_SENTENCE = /^[0-9<=>~_*'\u2022\u00b7\u25aa\u2023\u25e6\u25cf]|\.$|[.\\[({\u0080-\uffff]/;

/**
 * Which rules of meaningHints can fire on `term`, as a bit set; 0 for most terms of a big list.
 * One precompiled regex, then for the few terms it passes one pass over the character codes, no
 * allocation: this runs on every term of a word or sentence list. Each bit is a necessary condition of the rules it gates, never a sufficient one.
 */
export function meaningTriggers(term: string, word: boolean, csv: boolean): number {
  const n = term.length;
  if (n === 0 || !(word ? (csv ? GATE_CSV_WORD : GATE_WORD) : GATE_SENTENCE).test(term)) return 0;
  let t = 0;
  const first = term.charCodeAt(0);
  // < = > (conflict, chat quote), digits (numbering), ~ _ * (Markdown), ' (sheet apostrophe), bullets.
  if ((first >= 0x30 && first <= 0x39) || (first >= 0x3c && first <= 0x3e) || first === 0x7e || first === 0x5f || first === 0x2a || first === 0x27 || first === 0x2022 || first === 0x00b7 || first === 0x25aa || first === 0x2023 || first === 0x25e6 || first === 0x25cf) t |= START;
  if (term.charCodeAt(n - 1) === 0x2e) t |= END_DOT;
  let commas = 0;
  let spaces = 0;
  let otherSeparator = false;
  for (let i = 0; i < n; i++) {
    const c = term.charCodeAt(i);
    if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39)) continue; // the usual character
    if (c === 0x20) spaces++;
    else if (c === 0x2c) commas++;
    else if (c === 0x3b || c === 0x7c || c === 0xff0c || c === 0x3001 || (c === 0x2f && term.charCodeAt(i - 1) === 0x20 && term.charCodeAt(i + 1) === 0x20)) otherSeparator = true;
    else if (c === 0x2e || c === 0x5c || c === 0x5b || c === 0x28 || c === 0x7b) t |= REGEX_CHAR;
    if (c > 0x7f) t |= NON_ASCII_CHAR;
  }
  if (word) {
    t &= ~REGEX_CHAR;
    // A CSV cell's one quoted comma may be meant between two words (term-several skips it).
    if (otherSeparator || (commas > 0 && (!csv || commas >= 2))) t |= SEPARATED;
    if (n >= 2 * WORD_LIST_MAX_WORDS - 1 && spaces >= WORD_LIST_MAX_WORDS - 1) t |= LONG;
  }
  return t;
}

export function meaningHints(term: string, category: Category | undefined, csv: boolean): readonly MeaningHint[] {
  if (category !== 'word' && category !== 'sentence-similarity') return NO_HINTS;
  const word = category === 'word';
  const t = meaningTriggers(term, word, csv);
  return t === 0 ? NO_HINTS : hintsFor(term, word, csv, t);
}

/** meaningHints with the pre-test's gates all open: the reference its fast path is tested against. */
export function allMeaningHints(term: string, category: Category | undefined, csv: boolean): readonly MeaningHint[] {
  if (category !== 'word' && category !== 'sentence-similarity') return NO_HINTS;
  return hintsFor(term, category === 'word', csv, ALL);
}

/** The rules, each behind the trigger bit it needs (`t`); messages are built only for a finding. */
function hintsFor(term: string, word: boolean, csv: boolean, t: number): MeaningHint[] {
  const out: MeaningHint[] = [];
  if (t & LONG && word && term.length >= 2 * WORD_LIST_MAX_WORDS - 1 && spaces(term) >= WORD_LIST_MAX_WORDS - 1 && words(term) >= WORD_LIST_MAX_WORDS) {
    out.push({
      rule: 'word-list-sentence',
      severity: 'warning',
      index: 0,
      message: `${quote(term)} is a whole sentence (${words(term)} words) in a word list, so it catches only a message holding it word for word (${quote(`${term.split(/\s+/).slice(0, 3).join(' ')} …`)} reworded is missed); move it to a sentence-similarity list, or keep the few words that matter`,
    });
  }
  if (t & START && CONFLICT.test(term)) {
    out.push({ rule: 'term-merge-conflict', severity: 'error', index: 0, message: `${quote(term, 30)} is a merge-conflict marker left by git, and would be uploaded as a term; resolve the conflict: keep the terms of the side you want, and delete the marker lines` });
    return out;
  }
  const markup = t & (START | END_DOT) ? markupOf(term, word) : null;
  if (markup) {
    out.push({
      rule: 'term-markup',
      severity: word ? 'error' : 'warning',
      index: markup.index,
      fixed: markup.fixed,
      message: `${markup.what} is part of the term, so ${quote(term)} ${word ? `catches only a message that has it too, never ${quote(markup.fixed)} typed on its own` : 'is compared with messages as written'}; write the term without it: ${code(markup.fixed)}`,
    });
  }
  // A CSV comma is always quoted, so two words around one may be meant (checked first: a common case).
  if (t & SEPARATED && word && !/[([{\\]/.test(term) && SEPARATOR.test(term) && !(csv && COMMA_ONLY.test(term) && commas(term) < 2)) {
    const parts = term.split(SEPARATOR);
    if (parts.length >= 2 && parts.every((p) => /[\p{L}\p{N}]/u.test(p) && !/^\d/.test(p.trim())) && !/\d,\d/.test(term)) {
      const sep = SEPARATOR.exec(term)![0].trim();
      out.push({
        rule: 'term-several',
        severity: 'error',
        index: term.search(SEPARATOR),
        split: parts.map((p) => p.trim()),
        separator: sep,
        message: `${quote(term)} is ${parts.length} terms written as one: a word list matches the whole text, ${quote(sep)} included, so neither ${quote(parts[0]!.trim())} nor ${quote(parts[1]!.trim())} alone is caught; write each as its own term (${parts.map((p) => quote(p.trim(), 30)).join(', ')})`,
      });
    }
  }
  const dash = t & NON_ASCII_CHAR && word ? TYPO_DASH.exec(term) : null;
  if (dash) {
    const fixed = term.replace(new RegExp(TYPO_DASH.source, 'gu'), '$1-$2');
    out.push({
      rule: 'term-typographic-dash',
      severity: 'error',
      index: dash.index + dash[1]!.length,
      fixed,
      message: `${quote(dash[0]!.slice(dash[1]!.length, -dash[2]!.length))} is a typographic dash (pasted from a document), and people type a hyphen, so ${quote(term)} misses ${quote(fixed)}; write a hyphen: ${code(fixed)}`,
    });
  }
  if (t & NON_ASCII_CHAR && word && NON_ASCII.test(term) && term.normalize('NFC') !== term) {
    const fixed = term.normalize('NFC');
    const at = [...term].findIndex((ch) => /\p{M}/u.test(ch));
    out.push({
      rule: 'term-decomposed',
      severity: 'warning',
      index: Math.max(0, at),
      fixed,
      message: `${quote(term)} stores its accent as a separate mark (decomposed, as some Mac and PDF text does), while keyboards type the accented letter as one character; kwsync's matcher composes both (NFKC), but the service's matching is not published, and one comparing characters misses ${quote(fixed)} as people type it; write it composed: ${code(fixed)}`,
    });
  }
  if (t & START && csv && SHEET_APOSTROPHE.test(term)) {
    const fixed = term.slice(1);
    out.push({ rule: 'term-sheet-apostrophe', severity: 'error', index: 0, fixed, message: `the leading ' is how a spreadsheet keeps ${quote(fixed)} from being read as a formula; exported, it became part of the term, which then misses ${quote(fixed)}; write it without the apostrophe: ${code(fixed)}` });
  }
  if (t & REGEX_CHAR && !word) {
    const regex = SENTENCE_REGEX.exec(term);
    if (regex) {
      out.push({
        rule: 'sentence-regex-syntax',
        severity: 'error',
        index: regex.index,
        message: `${quote(regex[0], 20)} is regex syntax, but a sentence list compares meaning: the model reads it as text, so ${quote(term, 40)} is not the sentence you mean; write the sentence out in words, or move the pattern to a pattern list`,
      });
    }
  }
  return out;
}

function markupOf(term: string, word: boolean): { what: string; fixed: string; index: number } | null {
  const bullet = BULLET.exec(term);
  if (bullet) return { what: `the bullet ${quote(bullet[0].trim())}`, fixed: term.slice(bullet[0].length), index: 0 };
  const number = NUMBERING.exec(term);
  if (number) return { what: `the list number ${quote(number[0].trim())}`, fixed: term.slice(number[0].length), index: 0 };
  if (!word) return null;
  const chat = CHAT_QUOTE.exec(term);
  if (chat) return { what: 'the chat quote marker ">"', fixed: term.slice(chat[0].length), index: 0 };
  const md = MD_WRAP.exec(term);
  if (md && md[2]!.trim() === md[2]) return { what: `the Markdown ${quote(md[1])} around it`, fixed: md[2]!, index: 0 };
  if (FULL_STOP.test(term) && !/\.\w/.test(term)) return { what: "the sentence's full stop", fixed: term.slice(0, -1), index: term.length - 1 };
  return null;
}

const words = (term: string): number => term.trim().split(/\s+/).length;

function commas(term: string): number {
  let n = 0;
  for (let i = term.indexOf(','); i !== -1; i = term.indexOf(',', i + 1)) n++;
  return n;
}

/** Spaces in `term`, without allocating (this runs on every term of a word list). */
function spaces(term: string): number {
  let n = 0;
  for (let i = term.indexOf(' '); i !== -1; i = term.indexOf(' ', i + 1)) n++;
  return n;
}

/**
 * `- join #freecrypto now`: YAML reads ` #…` as a comment, so the term is `join`, which catches
 * ordinary chat. A `#` followed by a letter right after a term on an item line is a hashtag meant as
 * part of the term (a comment is written `# like this`). One regex over the file's text.
 */
export function commentCutItems(text: string): { line: number; column: number; raw: string; meant: string }[] {
  const out: { line: number; column: number; raw: string; meant: string }[] = [];
  if (!/ #[\p{L}\p{N}]/u.test(text)) return out;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const m = /^(\s*-[ \t]+)([^'"\s#[{&*!|>%@`][^#\r]*?)[ \t]+(#[\p{L}\p{N}][^\r]*?)\s*$/u.exec(lines[i]!);
    if (!m) continue;
    out.push({ line: i + 1, column: m[1]!.length + 1, raw: m[2]!, meant: `${m[2]} ${m[3]}` });
  }
  return out;
}
