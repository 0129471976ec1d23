// The canonical form of a list file, written with the `yaml` Document API: `searchTerms` as a block
// sequence, one term per line, each term plain where every YAML reader reads it back as the same
// text, else single-quoted (double-quoted when it holds an apostrophe and no backslash), else (control
// characters) double-quoted with escapes. A term with a backslash (a pattern) is always quoted. Optionally
// sorted. Only the `searchTerms` entry is rewritten, comments inside it kept; every other line of the file
// stays byte for byte (aligned comments too), apart from line ends, which become LF.
import { isMap, isScalar, isSeq, parse, parseDocument, Scalar, type Document, type ToStringOptions, type YAMLMap, type YAMLSeq } from 'yaml';
import { compareTerms } from './compare-terms.js';

export const YAML_OUTPUT: ToStringOptions = {
  // Never fold a long term over two lines; quote with ' where quoting is needed (backslashes stay as written).
  lineWidth: 0,
  singleQuote: true,
  flowCollectionPadding: false,
};

/** Control characters (tab and line breaks included) only have a visible form in double quotes. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export function formatListYaml(input: string, opts: { sortTerms: boolean }): string {
  const text = input.replace(/\r\n/g, '\n');
  const doc = parseDocument(text);
  if (doc.errors.length > 0) return input;
  const root = doc.contents;
  if (!isMap(root)) return text;
  const pair = root.items.find((p) => isScalar(p.key) && p.key.value === 'searchTerms');
  const seq = pair?.value;
  if (!isSeq(seq)) return root.flow ? wholeDocument(doc, root) : text;
  canonicalTerms(seq, opts.sortTerms, doc.get('category') === 'word');
  const start = (pair!.key as Scalar).range?.[0];
  const end = seq.range?.[2];
  // A block mapping at the left margin: the `searchTerms` entry is replaced in place.
  if (root.flow || start === undefined || end === undefined || (start > 0 && text[start - 1] !== '\n')) return wholeDocument(doc, root);
  const entry = parseDocument('searchTerms: []');
  (entry.contents as YAMLMap).items[0]!.value = seq;
  return text.slice(0, start) + entry.toString(YAML_OUTPUT) + text.slice(end);
}

function canonicalTerms(seq: YAMLSeq, sortTerms: boolean, words: boolean): void {
  seq.flow = false;
  for (const item of seq.items) {
    if (!isScalar(item) || typeof item.value !== 'string') continue;
    // In a word list a comma quoted on purpose stays quoted: plain, `a, b` reads as two terms pasted as one (term-several).
    item.type = CONTROL.test(item.value) ? Scalar.QUOTE_DOUBLE : needsQuotes(item.value) || (words && item.value.includes(',')) ? quoteStyle(item.value) : Scalar.PLAIN;
  }
  if (sortTerms) seq.items.sort((a, b) => compareTerms(termOf(a), termOf(b)));
}

/** A file written as one flow mapping (`{id: a, searchTerms: [b]}`): a block sequence cannot sit in it, so the whole file becomes block style, keys plain. */
function wholeDocument(doc: Document, root: YAMLMap): string {
  root.flow = false;
  for (const pair of root.items) if (isScalar(pair.key) && typeof pair.key.value === 'string') pair.key.type = Scalar.PLAIN;
  return doc.toString(YAML_OUTPUT);
}

/**
 * Plain text that a YAML 1.1 reader (older tools, PyYAML) would take for something else: `yes`,
 * `on`, `0088` (octal in 1.1), `1_000`, `2024-06-14`. The `yaml` package already quotes what YAML
 * 1.2 would misread (numbers, `null`, `[`, `#`, `: `, …) when it writes PLAIN.
 */
function needsQuotes(value: string): boolean {
  // A backslash reads the same plain or in single quotes; quoted, nobody "fixes" it into double quotes, where `\b` is a backspace.
  if (value.includes('\\')) return true;
  try {
    return parse(value, { version: '1.1' }) !== value;
  } catch {
    return true;
  }
}

/** Single quotes, unless the term holds an apostrophe and no backslash: `"'quoted'"` reads better than `'''quoted'''`. */
function quoteStyle(value: string): Scalar.Type {
  return value.includes("'") && !value.includes('\\') ? Scalar.QUOTE_DOUBLE : Scalar.QUOTE_SINGLE;
}

function termOf(node: unknown): string {
  return isScalar(node) ? String(node.value) : '';
}
