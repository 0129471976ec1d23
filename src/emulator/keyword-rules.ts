// The documented limits of keyword lists, as the service enforces them on POST/PUT. Pure: takes the
// parts of a request, returns the terms or the problems (each one precise and actionable).
import { RegExpParser, visitRegExpAST } from '@eslint-community/regexpp';
import { CATEGORIES, type Category } from '../model/keyword-list.js';
import { DEFAULT_LIMITS } from '../model/config.js';
import { parse as parseCsv } from 'csv-parse/sync';
import { badRequest } from './http-errors.js';
import { DEFAULT_SEPARATORS, separatorChar, type SentenceEncoding, type Separators, type TermSeparator } from '../model/terms-encoding.js';

export const LIMITS = DEFAULT_LIMITS;
const ID_PATTERN = /^[A-Za-z0-9_-]+$/;

/** The text parts and the file part of a multipart request, as received. */
export interface ListForm {
  id?: string;
  name?: string;
  description?: string;
  category?: string;
  searchTerms?: string;
  file?: Buffer;
  /** Every part whose name starts with `disallowedSentences`, in the order received. */
  sentenceParts?: { name: string; value: string }[];
}

/**
 * `searchTerms` is one string of entries: split on the kind's separator (the moderation guide:
 * words by commas, patterns and sentences one per line) and trim, blanks dropped.
 */
export function splitSearchTerms(value: string, separator: TermSeparator = 'comma'): string[] {
  const parts = separator === 'comma' ? value.split(separatorChar(separator)) : value.split(/\r?\n/);
  return parts.map((t) => t.trim()).filter((t) => t !== '');
}

/**
 * How the emulator reads an uploaded CSV file (the live service's way is not published):
 * - 'lines' (default): one term per line, quotes kept literally, as the published example returns
 *   `"\"a\""` for a quoted line;
 * - 'split-commas': also splits each line at commas;
 * - 'rfc4180': parses CSV quoting (quotes removed, `"a,b"` one term), every field a term.
 */
export type CsvParsing = 'lines' | 'split-commas' | 'rfc4180';

/** Rules of the emulated service that are not published, chosen per run. */
export interface KeywordRulesOptions {
  csvParsing: CsvParsing;
  /** POST/PUT of a word or pattern list without a `searchTerms` part is refused (the published form marks it required). */
  requireSearchTerms: boolean;
  /**
   * How a sentence list's `disallowedSentences` array arrives (not published; `repeated` is how
   * OpenAPI tooling sends an array in multipart). Any other encoding is not read, so a client
   * sending another one is refused or stores something else, as a live service would.
   * `searchTerms`: the pre-published reading (sentences in `searchTerms`, no disallowedSentences).
   */
  sentenceEncoding: SentenceEncoding;
  /** How `searchTerms` is split, per kind (default: the moderation guide's). */
  separators: Separators;
}

export const DEFAULT_RULES: KeywordRulesOptions = { csvParsing: 'lines', requireSearchTerms: false, sentenceEncoding: 'repeated', separators: DEFAULT_SEPARATORS };

/** A CSV upload as terms: trimmed, blanks dropped, a UTF-8 BOM dropped. */
export function splitCsvFile(bytes: Buffer, mode: CsvParsing = 'lines'): string[] {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  let fields: string[];
  if (mode === 'rfc4180') {
    try {
      fields = (parseCsv(text, { relax_column_count: true, skip_empty_lines: true }) as string[][]).flat();
    } catch (err) {
      throw badRequest(`The CSV file could not be parsed: ${(err as Error).message}`);
    }
  } else {
    const lines = text.split(/\r?\n/);
    fields = mode === 'split-commas' ? lines.flatMap((l) => l.split(',')) : lines;
  }
  return fields.map((t) => t.trim()).filter((t) => t !== '');
}

/**
 * The terms a form carries, or undefined when it has none, read as the published variant of its
 * category says: `searchTerms` or a file for word and pattern lists, `disallowedSentences` (or a
 * file) for sentence lists. The file wins: the published form uses searchTerms "if no file is
 * provided".
 */
export function termsOfForm(form: ListForm, rules: KeywordRulesOptions = DEFAULT_RULES): { terms: string[]; isCSV: boolean } | undefined {
  if (form.category === 'sentence-similarity' && rules.sentenceEncoding !== 'searchTerms') return sentencesOfForm(form, rules);
  if (form.category !== 'sentence-similarity' && form.sentenceParts !== undefined) {
    throw badRequest(`disallowedSentences is a part of sentence-similarity lists only; a ${form.category ?? 'list without a category'} list sends searchTerms or a file.`);
  }
  if (rules.requireSearchTerms && form.searchTerms === undefined) {
    throw badRequest('searchTerms is required (send it empty beside a file).');
  }
  if (form.file !== undefined) return { terms: splitCsvFile(form.file, rules.csvParsing), isCSV: true };
  const separator = isCategory(form.category) ? rules.separators[form.category] : 'comma';
  if (form.searchTerms !== undefined) return { terms: splitSearchTerms(form.searchTerms, separator), isCSV: false };
  return undefined;
}

function sentencesOfForm(form: ListForm, rules: KeywordRulesOptions): { terms: string[]; isCSV: boolean } | undefined {
  if (form.searchTerms !== undefined) {
    throw badRequest('A sentence-similarity list has no searchTerms: send the sentences as disallowedSentences, an array of strings.');
  }
  const sentences = readSentences(form.sentenceParts ?? [], rules.sentenceEncoding as Exclude<SentenceEncoding, 'searchTerms'>);
  if (form.file !== undefined) return { terms: splitCsvFile(form.file, rules.csvParsing), isCSV: true };
  if (sentences === undefined) return undefined;
  return { terms: sentences.map((t) => t.trim()).filter((t) => t !== ''), isCSV: false };
}

/** The sentences sent in `encoding`; undefined when no part of that encoding came. */
export function readSentences(parts: readonly { name: string; value: string }[], encoding: Exclude<SentenceEncoding, 'searchTerms'>): string[] | undefined {
  if (encoding === 'indexed') {
    const indexed = parts.flatMap((p) => {
      const m = /^disallowedSentences\[(\d+)\]$/.exec(p.name);
      return m ? [{ i: Number(m[1]), value: p.value }] : [];
    });
    return indexed.length === 0 ? undefined : indexed.sort((a, b) => a.i - b.i).map((p) => p.value);
  }
  const name = encoding === 'brackets' ? 'disallowedSentences[]' : 'disallowedSentences';
  const values = parts.filter((p) => p.name === name).map((p) => p.value);
  if (values.length === 0) return undefined;
  if (encoding !== 'json') return values;
  if (values.length > 1) throw badRequest('disallowedSentences must be one part holding a JSON array of strings.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(values[0]!);
  } catch {
    throw badRequest('disallowedSentences must be a JSON array of strings.');
  }
  if (!Array.isArray(parsed) || !parsed.every((v) => typeof v === 'string')) throw badRequest('disallowedSentences must be a JSON array of strings.');
  return parsed;
}

export function isCategory(value: string | undefined): value is Category {
  return (CATEGORIES as readonly string[]).includes(value ?? '');
}

/** Every problem with the fields and terms of one request; empty when it is acceptable. */
export function listProblems(form: ListForm, terms: string[] | undefined): string[] {
  const problems: string[] = [];
  if (form.id !== undefined) {
    if (!ID_PATTERN.test(form.id)) problems.push(`id "${form.id}" may contain only letters, digits, "-" and "_" (no spaces or special characters)`);
    if (form.id.length > LIMITS.maxIdLength) problems.push(`id is ${form.id.length} characters; at most ${LIMITS.maxIdLength} are allowed`);
  }
  if (form.name !== undefined && form.name.length > LIMITS.maxNameLength) {
    problems.push(`name is ${form.name.length} characters; at most ${LIMITS.maxNameLength} are allowed`);
  }
  if (form.description !== undefined && form.description.length > LIMITS.maxDescriptionLength) {
    problems.push(`description is ${form.description.length} characters; at most ${LIMITS.maxDescriptionLength} are allowed`);
  }
  if (form.category === undefined || form.category === '') {
    problems.push(`category is required: one of ${CATEGORIES.join(', ')}`);
  } else if (!isCategory(form.category)) {
    problems.push(`category "${form.category}" is not one of ${CATEGORIES.join(', ')}`);
  }
  if (form.file !== undefined && form.file.length > LIMITS.maxUploadBytes) {
    problems.push(`the CSV file is ${form.file.length} bytes; at most ${LIMITS.maxUploadBytes} (1 MB) are allowed`);
  }
  for (const term of terms ?? []) {
    if (term.length > LIMITS.maxTermLength) {
      problems.push(`keyword "${term.slice(0, 20)}..." is ${term.length} characters; at most ${LIMITS.maxTermLength} are allowed`);
    }
    if (form.category === 'pattern') {
      const why = unboundedPatternProblem(term);
      if (why) problems.push(`pattern "${term}" ${why}`);
    }
  }
  return problems;
}

/**
 * Greedy or unbounded patterns are refused (`.*`, `.+`, `a*`, `a+`, `\d{10,}`); bounded ones such
 * as `\d{3,10}` pass. A pattern that is not a valid regular expression is refused too.
 */
export function unboundedPatternProblem(pattern: string): string | undefined {
  let ast;
  try {
    ast = new RegExpParser().parsePattern(pattern, 0, pattern.length, { unicode: false });
  } catch (err) {
    return `is not a valid regular expression (${(err as Error).message})`;
  }
  let found: string | undefined;
  visitRegExpAST(ast, {
    onQuantifierEnter(node) {
      if (found === undefined && node.max === Infinity) found = node.raw;
    },
  });
  return found === undefined ? undefined : `is unbounded ("${found}"); use a bounded quantifier such as {1,10}`;
}
