// checkPattern as it was before the empty-string test dropped the i flag, the reference of
// patterns-fast-path.test.ts. Do not optimise this copy.
// Rules on pattern lists: the regex must parse (regexpp, flags `iu` as the matcher runs it), use
// only bounded quantifiers (the service refuses `*`, `+`, `{n,}`), not match the empty string,
// and not backtrack super-linearly (scslre: an error, unless the list accepts the rule with a reason).
import { RegExpParser, RegExpSyntaxError, visitRegExpAST } from '@eslint-community/regexpp';
import type { AST } from '@eslint-community/regexpp';
import { code, oneLine, quote } from '../../src/load/quote-value.js';
import { PATTERN_FLAGS } from '../../src/match/index.js';
import { backtracking } from '../../src/validate/rules/pattern-backtracking.js';
import { checkPattern } from '../../src/validate/rules/patterns.js';
import { literalPlus, meaningFindings } from '../../src/validate/rules/patterns.js';

/** The newest syntax the running engine compiles: Node 20 lacks ES2025 modifiers `(?i:)` and duplicate group names. */
const RUNTIME_ECMA_VERSION = compiles('(?i:a)') && compiles('(?<n>a)|(?<n>b)') ? 2025 : 2024;
const parser = new RegExpParser({ ecmaVersion: RUNTIME_ECMA_VERSION });
const flags = parser.parseFlags(PATTERN_FLAGS);

interface Finding {
  index: number;
  severity: 'error' | 'warning';
  rule: string;
  message: string;
  fixed?: string;
}

type Compile = (source: string) => RegExp;
const compile: Compile = (source) => new RegExp(source, PATTERN_FLAGS);

function compiles(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

/** Findings for one pattern; never throws (`compileWith` is the engine, swappable in tests). */
export function referenceCheckPattern(source: string, compileWith: Compile = compile): Finding[] {
  const flagged = flagMistake(source);
  if (flagged?.severity === 'error') {
    // A slashed pattern's fix is offered only when the pattern without the slashes has no error.
    const inner = flagged.fixed !== undefined ? referenceCheckPattern(flagged.fixed, compileWith).find((f) => f.severity === 'error' && f.rule !== 'pattern-flags') ?? (flagMistake(flagged.fixed)?.severity === 'error' ? flagMistake(flagged.fixed) : undefined) : undefined;
    if (flagged.fixed === undefined || !inner) return [flagged];
    const { fixed: _withheld, ...rest } = flagged;
    return [{ ...rest, message: `${rest.message.replace(/; write it without them: .*$/s, '')}; without them the pattern is still wrong (${inner.message}), so decide what it should catch and write it without slashes` }];
  }
  let pattern: AST.Pattern;
  try {
    pattern = parser.parsePattern(source, 0, source.length, { unicode: true });
  } catch (err) {
    if (!(err instanceof RegExpSyntaxError)) throw err;
    return [unclosed(source, err.message) ?? syntaxFinding(source, err)];
  }
  // regexpp can still accept what the engine refuses (it knows newer syntax than this runtime).
  let regex: RegExp;
  try {
    regex = compileWith(source);
  } catch (err) {
    const reason = engineReason(String(err instanceof Error ? err.message : err));
    return [{ index: 0, severity: 'error', rule: 'pattern-syntax', message: `not supported by the regex engine: ${reason}; rewrite the pattern without it` }];
  }
  const out: Finding[] = flagged ? [flagged] : [];
  visitRegExpAST(pattern, {
    onQuantifierEnter(q) {
      if (q.max !== Infinity) return;
      const op = q.raw.slice(q.element.raw.length);
      const plus = literalPlus(q, source);
      if (plus) {
        out.push(plus);
        return;
      }
      out.push({
        index: q.element.end,
        severity: 'error',
        rule: 'pattern-unbounded',
        message: `${quote(op)} is unbounded and the service refuses unbounded patterns; give it an upper bound, e.g. {${q.min},${Math.max(q.min, 1) * 20}}`,
      });
    },
  });
  if (regex.test('')) {
    out.push({ index: 0, severity: 'error', rule: 'pattern-matches-empty', message: 'this pattern matches the empty string, so it would flag every message; require at least one character' });
  }
  // The backtracking analysis is not what this reference is about: the same one, with the same re-check of fixes.
  out.push(...backtracking(pattern, { parser, flags, passes: (fixed) => !checkPattern(fixed).some((f) => f.severity === 'error') }));
  // Nor is the meaning analysis (dead anchors, a domain's dot): the same one, with the same re-check.
  out.push(...meaningFindings(pattern, source, (fixed) => !checkPattern(fixed).some((f) => f.severity === 'error')));
  return out;
}

function syntaxFinding(source: string, err: RegExpSyntaxError): Finding {
  const reason = engineReason(err.message);
  return { index: Math.min(err.index, source.length), severity: 'error', rule: 'pattern-syntax', message: `${reason}; fix the pattern (JavaScript syntax, flags ${PATTERN_FLAGS})` };
}

/** A regex error without the engine's `Invalid regular expression: /…/flags: ` preamble, on one line. */
function engineReason(message: string): string {
  return oneLine(message.replace(/^Invalid regular expression: \/.*\/[a-z]*: /s, ''));
}

/** `(?i)` up front, or a pattern written `/…/flags`: flags a pattern list cannot carry (it always runs with `iu`). */
function flagMistake(source: string): Finding | null {
  const inline = /^\(\?([a-zA-Z]+)\)/.exec(source);
  if (inline) {
    const rest = source.slice(inline[0].length);
    return { index: 0, severity: 'error', rule: 'pattern-flags', message: `${quote(inline[0])} sets flags inside the pattern, which JavaScript patterns cannot do; patterns already ignore case, so remove it: ${code(rest)}` };
  }
  const slashed = /^\/(.+)\/([dgimsuvy]*)$/s.exec(source);
  if (slashed) {
    const extra = slashed[2] ? ` (flags ${quote(slashed[2])} cannot be set; matching always ignores case)` : '';
    return { index: 0, severity: 'error', rule: 'pattern-flags', message: `this pattern is written /like this/, so the slashes would have to appear in the message${extra}; write it without them: ${code(slashed[1]!)}`, fixed: slashed[1]! };
  }
  return null;
}

/** An unclosed [ or ( is reported by the parser at the end of the pattern; point at the opener instead. */
function unclosed(source: string, message: string): Finding | null {
  const cls = /Unterminated character class/i.test(message);
  const group = /Unterminated group/i.test(message);
  if (!cls && !group) return null;
  const stack: number[] = [];
  let inClass = -1;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '\\') i++;
    else if (inClass !== -1) inClass = c === ']' ? -1 : inClass;
    else if (c === '[') inClass = i;
    else if (c === '(') stack.push(i);
    else if (c === ')') stack.pop();
  }
  const at = cls ? inClass : stack[stack.length - 1];
  if (at === undefined || at === -1) return null;
  if (cls) {
    // The class most likely ends where a quantifier or group starts: `[a-z0-9{4,10}` → `[a-z0-9]{4,10}`.
    const end = source.slice(at + 1).search(/[{(]/);
    const fixed = end === -1 ? `${source}]` : `${source.slice(0, at + 1 + end)}]${source.slice(at + 1 + end)}`;
    return { index: at, severity: 'error', rule: 'pattern-syntax', message: `this [ starts a set of characters that is never closed; add the ] where the set ends, e.g. ${code(fixed)}` };
  }
  return { index: at, severity: 'error', rule: 'pattern-syntax', message: `this ( is never closed; add the ) where the group ends (write \\( for a literal bracket)` };
}
