// The canonical form of a list file, written with the `yaml` Document API so comments and every
// other field stay as they are: `searchTerms` as a block sequence, one term per line, each term
// plain where every YAML reader reads it back as the same text, else single-quoted, else (control
// characters) double-quoted with escapes. A term with a backslash (a pattern) is always
// single-quoted. Optionally sorted.
import { isMap, isScalar, isSeq, parse, parseDocument, Scalar, type ToStringOptions } from 'yaml';
import { compareTerms } from './compare-terms.js';

export const YAML_OUTPUT: ToStringOptions = {
  // Never fold a long term over two lines; quote with ' where quoting is needed (backslashes stay as written).
  lineWidth: 0,
  singleQuote: true,
  flowCollectionPadding: false,
};

/** Control characters (tab and line breaks included) only have a visible form in double quotes. */
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export function formatListYaml(text: string, opts: { sortTerms: boolean }): string {
  const doc = parseDocument(text, { keepSourceTokens: false });
  if (doc.errors.length > 0) return text;
  // A block sequence cannot sit in a flow mapping (`{id: a, searchTerms: [b]}`): the file's top level is a block mapping.
  if (isMap(doc.contents)) {
    doc.contents.flow = false;
    // Keys are plain identifiers (`id`, `searchTerms`): written plain, as the schema spells them.
    for (const pair of doc.contents.items) if (isScalar(pair.key) && typeof pair.key.value === 'string') pair.key.type = Scalar.PLAIN;
  }
  const seq = doc.get('searchTerms', true);
  if (isSeq(seq)) {
    seq.flow = false;
    for (const item of seq.items) {
      if (!isScalar(item) || typeof item.value !== 'string') continue;
      item.type = CONTROL.test(item.value) ? Scalar.QUOTE_DOUBLE : needsQuotes(item.value) ? Scalar.QUOTE_SINGLE : Scalar.PLAIN;
    }
    if (opts.sortTerms) seq.items.sort((a, b) => compareTerms(termOf(a), termOf(b)));
  }
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

function termOf(node: unknown): string {
  return isScalar(node) ? String(node.value) : '';
}
