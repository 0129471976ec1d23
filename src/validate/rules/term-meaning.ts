// What a term will catch, compared with what it most plausibly meant, for the mistakes that come
// from how lists are made (documents, spreadsheets, chat, merges): markup carried into a term (a
// bullet, a list number, a quote marker, Markdown, a sentence's full stop), several terms written as
// one, a typographic dash or a decomposed accent that no one types, a spreadsheet's anti-formula
// apostrophe, merge-conflict markers, regex syntax in a sentence, a whole sentence in a word list.
// Under whole-word, case-insensitive matching each of these catches other text than it reads as:
// an error, with the term as meant; a whole sentence in a word list may be meant: a warning.
// One regex per term says whether any of this can apply, so a plain term costs one test.
import type { Category } from '../../model/keyword-list.js';
import { code, quote } from '../../load/quote-value.js';
import type { TermHint } from './term-hints.js';

export interface MeaningHint extends TermHint {
  /** The terms meant, when one term is several (a fix splits it). */
  split?: string[];
  /** What joined them (`,`, `;`, `|`, a fullwidth comma). */
  separator?: string;
}

/** Everything below in one test (word and sentence lists). */
const ANY = /[,;|\uff0c\u3001\u2022\u00b7\u25aa\u2023\u25e6\u25cf>~_.\u2013\u2014\\[*(']|^\d|^[<=>]{7}|[^\u0000-\u007f]/;
const CONFLICT = /^(?:<{7}|={7}|>{7})(?:\s|$)/;
const BULLET = /^[\u2022\u00b7\u25aa\u2023\u25e6\u25cf]\s*/;
const NUMBERING = /^\d{1,3}[.)]\s+(?=\S)/;
const CHAT_QUOTE = /^>\s*(?=\S)/;
const MD_WRAP = /^(~~|__|\*\*)(?!\1)(.+?)\1$/s;
/** A phrase copied with its sentence's full stop: a space inside, one dot, at the end after a letter. */
const FULL_STOP = /^[^.]*\s[^.]*[\p{L}\p{N}]\.$/u;
const SEPARATOR = /\s*(?:,|\uff0c|\u3001|;|\|)\s*/;
const COMMA_ONLY = /^[^;|\uff0c\u3001]*$/;
const TYPO_DASH = /([\p{L}\p{N}])[\u2013\u2014]([\p{L}\p{N}])/u;
const SHEET_APOSTROPHE = /^'(?=[=+\-@])/;
/** Regex syntax an analyst means as a pattern: a model reads it as words. */
const SENTENCE_REGEX = /\.\*|\.\+|\\[bdwsBDWS]|\[[^\]]+\]|\([^()]*\|[^()]*\)|\{\d+(?:,\d*)?\}/;
const NON_ASCII = /[^\u0000-\u007f]/;
/** A word list term this long is a sentence, caught only when a message holds it word for word. */
export const WORD_LIST_MAX_WORDS = 8;

export function meaningHints(term: string, category: Category | undefined, csv: boolean): MeaningHint[] {
  if (category !== 'word' && category !== 'sentence-similarity') return [];
  const word = category === 'word';
  const out: MeaningHint[] = [];
  if (word && term.length >= 2 * WORD_LIST_MAX_WORDS - 1 && spaces(term) >= WORD_LIST_MAX_WORDS - 1 && words(term) >= WORD_LIST_MAX_WORDS) {
    out.push({
      rule: 'word-list-sentence',
      severity: 'warning',
      index: 0,
      message: `${quote(term)} is a whole sentence (${words(term)} words) in a word list, so it catches only a message holding it word for word (${quote(`${term.split(/\s+/).slice(0, 3).join(' ')} …`)} reworded is missed); move it to a sentence-similarity list, or keep the few words that matter`,
    });
  }
  if (!ANY.test(term)) return out;
  if (CONFLICT.test(term)) {
    out.push({ rule: 'term-merge-conflict', severity: 'error', index: 0, message: `${quote(term, 30)} is a merge-conflict marker left by git, and would be uploaded as a term; resolve the conflict: keep the terms of the side you want, and delete the marker lines` });
    return out;
  }
  const markup = markupOf(term, word);
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
  if (word && !/[([{\\]/.test(term) && SEPARATOR.test(term) && !(csv && COMMA_ONLY.test(term) && commas(term) < 2)) {
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
  const dash = word ? TYPO_DASH.exec(term) : null;
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
  if (word && NON_ASCII.test(term) && term.normalize('NFC') !== term) {
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
  if (csv && SHEET_APOSTROPHE.test(term)) {
    const fixed = term.slice(1);
    out.push({ rule: 'term-sheet-apostrophe', severity: 'error', index: 0, fixed, message: `the leading ' is how a spreadsheet keeps ${quote(fixed)} from being read as a formula; exported, it became part of the term, which then misses ${quote(fixed)}; write it without the apostrophe: ${code(fixed)}` });
  }
  if (!word) {
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
