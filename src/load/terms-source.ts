// The terms of one list with the way back to where each was written (YAML sequence or CSV file).
import type { Position } from './source-text.js';
import type { RawTerm } from './term-fix.js';
import type { YamlFile } from './yaml-file.js';

export interface TermsSource {
  /** The file holding the terms (the list file, or its CSV). */
  file: string;
  values: string[];
  /** Every term is ASCII, known from the file's text as it was read (a CSV: no escapes), so checks for non-ASCII terms skip the list. */
  asciiOnly?: boolean;
  /** Where character `index` (default 0) of term `i` is written. */
  locate(i: number, index?: number): Position;
  /** For a YAML term that runs on over several lines: where its second line starts. */
  continuation?(i: number): Position | undefined;
  /** How term `i` is written, when on one line: what a fix replaces. */
  raw?(i: number): RawTerm | undefined;
}

/** Terms written inline as `searchTerms:` in a list file. */
export function yamlTerms(yaml: YamlFile, values: string[], indexes?: readonly number[]): TermsSource {
  return {
    file: yaml.source.file,
    values,
    // `indexes` maps a term back to its place in the sequence when non-text items were left out.
    locate: (i, index = 0) => yaml.charAt(['searchTerms', indexes?.[i] ?? i], index),
    continuation: (i) => yaml.continuationAt(['searchTerms', indexes?.[i] ?? i]),
    raw: (i) => yaml.rawAt(['searchTerms', indexes?.[i] ?? i]),
  };
}
