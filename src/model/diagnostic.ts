// One problem found in the keyword files: where it is, how bad, which rule, how to fix it.
// Renderers (text, json, GitHub annotations, check runs) are pure functions of a Diagnostic[].

export type Severity = 'error' | 'warning';

export interface Diagnostic {
  /** Path relative to the working directory, forward slashes (e.g. `keywords/profanity-en.yaml`). */
  file: string;
  /** 1-based. */
  line: number;
  /** 1-based. */
  column: number;
  endLine?: number;
  endColumn?: number;
  severity: Severity;
  /** Stable rule id, e.g. `term-too-long`; documented in docs/rules.md. */
  rule: string;
  /** What is wrong and how to fix it, in one sentence. */
  message: string;
  /** The offending source line, for a caret display (text format). */
  sourceLine?: string;
  /** A worked-out correction of the source line, re-validated before it is offered (see test/validate/fixes.test.ts). */
  fix?: Fix;
}

/** Replace `replace`, written at `line`:`column` of the diagnostic's file, with `with` (which may hold line breaks: one line becomes several). */
export interface Fix {
  line: number;
  /** 1-based, in UTF-16 code units like every column here. */
  column: number;
  replace: string;
  with: string;
}
