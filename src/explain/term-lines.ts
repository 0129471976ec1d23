// The terms of a list file or terms CSV, read from text (the working copy or a past version from
// git), with the line each term is written on: provenance blames that line.
import { parseCsvTerms } from '../load/csv-terms.js';
import { SourceText } from '../load/source-text.js';
import { yamlTerms } from '../load/terms-source.js';
import { parseYamlFile } from '../load/yaml-file.js';

export interface TermLines {
  values: readonly string[];
  /** The 1-based line term `i` is written on. */
  lineOf(i: number): number;
}

const MAX_ALIAS_COUNT = 100;

/** null when the text holds no terms kwsync can read (a broken or unrelated version of the file). */
export function readTermLines(file: string, text: string): TermLines | null {
  const source = new SourceText(file, text);
  if (/\.csv$/i.test(file)) {
    const { terms } = parseCsvTerms(source);
    return terms ? { values: terms.values, lineOf: (i) => terms.locate(i).line } : null;
  }
  const { file: yaml } = parseYamlFile(source, { maxAliasCount: MAX_ALIAS_COUNT });
  const raw = (yaml?.value as { searchTerms?: unknown } | null | undefined)?.searchTerms;
  if (!yaml || !Array.isArray(raw)) return null;
  // Only text items are terms; the indexes keep each one's place in the sequence.
  const indexes: number[] = [];
  const values: string[] = [];
  raw.forEach((v, i) => {
    if (typeof v === 'string') {
      indexes.push(i);
      values.push(v);
    }
  });
  const terms = yamlTerms(yaml, values, indexes);
  return { values, lineOf: (i) => terms.locate(i).line };
}
