// Rules on pattern lists: the regex must parse (regexpp, flags `iu` as the matcher runs it), use
// only bounded quantifiers (the service refuses `*`, `+`, `{n,}`), not match the empty string,
// and not backtrack super-linearly (pattern-backtracking.ts: an error, unless the list accepts the rule with a reason).
import { RegExpParser, RegExpSyntaxError, visitRegExpAST } from '@eslint-community/regexpp';
import type { AST } from '@eslint-community/regexpp';
import type { Diagnostic } from '../../model/diagnostic.js';
import { diagnose } from '../../load/diagnose.js';
import { code, oneLine, quote } from '../../load/quote-value.js';
import type { TermsSource } from '../../load/terms-source.js';
import { PATTERN_FLAGS } from '../../match/index.js';
import { backtracking } from './pattern-backtracking.js';
import { patternMeaning } from './pattern-meaning.js';
import { termFix } from '../../load/term-fix.js';
import { overBudget, tooSlow, type ValidationBudget } from '../work-budget.js';

/** The newest syntax the running engine compiles: Node 20 lacks ES2025 modifiers `(?i:)` and duplicate group names. */
export const RUNTIME_ECMA_VERSION = compiles('(?i:a)') && compiles('(?<n>a)|(?<n>b)') ? 2025 : 2024;
const parser = new RegExpParser({ ecmaVersion: RUNTIME_ECMA_VERSION });
const flags = parser.parseFlags(PATTERN_FLAGS);

/** Checks every pattern not already broken; returns diagnostics and the patterns found invalid. With a budget, stops at its deadline with a located too-slow finding. */
export function checkPatterns(terms: TermsSource, skip: ReadonlySet<number>, budget?: ValidationBudget): { diagnostics: Diagnostic[]; broken: Set<number> } {
  const out: Diagnostic[] = [];
  const broken = new Set<number>();
  for (let i = 0; i < terms.values.length; i++) {
    if (skip.has(i)) continue;
    // Each analysis is bounded, but ten thousand of them are not: the run's budget is asked every few.
    const over = budget && i % 16 === 0 ? overBudget(budget) : null;
    if (over) {
      out.push(tooSlow(terms.locate(i), budget!, over, `this pattern and the ${terms.values.length - i - 1} after it were not checked`));
      for (let j = i; j < terms.values.length; j++) broken.add(j);
      break;
    }
    const found = checkPattern(terms.values[i]!);
    for (const f of found) {
      const d = diagnose(terms.locate(i, f.index), f.severity, f.rule, f.message);
      const fix = f.fixed !== undefined ? termFix(terms, i, [f.fixed]) : undefined;
      if (fix) d.fix = fix;
      out.push(d);
    }
    if (found.some((f) => f.severity === 'error')) broken.add(i);
  }
  return { diagnostics: out, broken };
}

export interface Finding {
  index: number;
  severity: 'error' | 'warning';
  rule: string;
  message: string;
  /** The pattern as meant, when it re-validates without an error. */
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
export function checkPattern(source: string, compileWith: Compile = compile): Finding[] {
  return checkPatternWith(source, compileWith, true);
}

/** `fixes`: whether a backtracking finding may offer a rewrite, which is itself re-checked here first (one level deep). */
function checkPatternWith(source: string, compileWith: Compile, fixes: boolean): Finding[] {
  const flagged = flagMistake(source);
  if (flagged?.severity === 'error') {
    // Offered only when the pattern without the slashes validates on its own.
    const inner = flagged.fixed !== undefined && fixes ? checkPatternWith(flagged.fixed, compileWith, false).find((f) => f.severity === 'error') : undefined;
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
  // Whether the empty string matches cannot depend on `i` (no character is compared), and without
  // it V8 compiles the pattern without Unicode case folding: about 3x cheaper per pattern.
  if (new RegExp(regex.source, regex.flags.replace('i', '')).test('')) {
    out.push({ index: 0, severity: 'error', rule: 'pattern-matches-empty', message: 'this pattern matches the empty string, so it would flag every message; require at least one character' });
  }
  const passes = (fixed: string) => fixes && !checkPatternWith(fixed, compileWith, false).some((f) => f.severity === 'error');
  out.push(...backtracking(pattern, { parser, flags, passes }));
  out.push(...meaningFindings(pattern, source, passes));
  return out;
}

/**
 * patternMeaning's findings, each fix offered only when it validates clean (`passes`) and still
 * catches what the pattern spells out (or, for a habit from another tool, what it was written
 * for: m.intent); otherwise the message says what to decide.
 */
export function meaningFindings(pattern: AST.Pattern, source: string, passes: (fixed: string) => boolean): Finding[] {
  return patternMeaning(pattern, source).map((m) => {
    const ok = m.fixed !== undefined && m.noFix === undefined && passes(m.fixed) && (m.intent ? keepsIntent(m.fixed, m.intent) : sameOnIntent(source, m.fixed));
    const cut = m.message.replace(/; (?:for a (?:dollar sign|caret|literal dot|question mark)|to catch it as a word anywhere in a message|for alternatives|a list file takes the regex as written, so) write[^;]*$/, '');
    const message = ok ? m.message : m.noFix ? `${cut}; ${m.noFix}` : cut;
    return { index: m.index, severity: m.severity, rule: m.rule, message, ...(ok ? { fixed: m.fixed } : {}) };
  });
}

/**
 * `18+`: a `+` after the last digit of a number, at the end or before a space or bracket, is the
 * plus of "18+" written literally; as a repeat it catches 18, 188, 1888 and not "18+". The fix
 * escapes it, proven to catch the text as written when the rest of the pattern is plain text.
 */
export function literalPlus(q: AST.Quantifier, source: string): Finding | null {
  if (q.min !== 1 || q.greedy === false || q.raw !== `${q.element.raw}+` || q.element.type !== 'Character' || !/^[0-9]$/.test(q.element.raw)) return null;
  const parent = q.parent;
  if (parent.type !== 'Alternative') return null;
  const prior = parent.elements[parent.elements.indexOf(q) - 1];
  if (prior?.type !== 'Character' || !/^[0-9]$/.test(prior.raw)) return null;
  if (q.end < source.length && !/^[\s)|]|^\\[sb]/.test(source.slice(q.end))) return null;
  let start = parent.elements.indexOf(q) - 1;
  while (start > 0 && parent.elements[start - 1]!.type === 'Character' && /^[0-9]$/.test(parent.elements[start - 1]!.raw)) start--;
  const number = source.slice(parent.elements[start]!.start, q.element.end);
  const fixed = `${source.slice(0, q.end - 1)}\\+${source.slice(q.end)}`;
  const plain = !/[\\^$.*+?()[\]{}|]/.test(source.slice(0, q.end - 1) + source.slice(q.end));
  const proven = plain ? new RegExp(fixed, PATTERN_FLAGS).test(`${source.slice(0, q.end - 1)}+${source.slice(q.end)}`) && !new RegExp(fixed, PATTERN_FLAGS).test(`${number}${q.element.raw}`) : checkPatternWith(fixed, compile, false).every((f) => f.severity !== 'error');
  return {
    index: q.end - 1,
    severity: 'error',
    rule: 'pattern-literal-plus',
    message: `this + repeats the ${JSON.stringify(q.element.raw)} before it (${number}, ${number}${q.element.raw}, ${number}${q.element.raw}${q.element.raw}, …) and is unbounded, so the service refuses it, and a bound would keep it a repeat that never catches ${JSON.stringify(`${number}+`)}${proven ? `; for the plus sign of ${JSON.stringify(`${number}+`)} write \\+: \`${fixed}\`` : '; for the plus sign write \\+'}`,
    ...(proven ? { fixed } : {}),
  };
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
  // `r'\bkys\b'`: a Python raw string (or C#'s @"…") copied with its wrapper, which the message must then hold.
  const raw = /^(?:[rR]|@)(['"])(.+)\1$/s.exec(source);
  if (raw) {
    return { index: 0, severity: 'error', rule: 'pattern-flags', message: `the ${source.slice(0, 2)}…${raw[1]} around this pattern is a programming language's raw-string syntax, not part of the regex, so a message would have to hold those characters; write the regex inside it: ${code(raw[2]!)}`, fixed: raw[2]! };
  }
  const slashed = /^\/(.+)\/([dgimsuvy]*)$/s.exec(source);
  if (slashed) {
    const extra = slashed[2] ? ` (flags ${quote(slashed[2])} cannot be set; matching always ignores case)` : '';
    // The slashes must then appear in a message, which they never do: what the list catches changes, an error.
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

/**
 * A fix whose pattern reads as literal text once its escapes are resolved (`cash\$app`, `bit\.ly`)
 * must catch exactly the messages holding that text (what the analyst wrote it for): checked on a
 * generated set of strings from the text (the text itself, other case, inside other words and
 * chat, with one character dropped, changed or doubled). Patterns with other syntax are left to
 * the re-validation and the examples.
 */
export function sameOnIntent(original: string, fixed: string): boolean {
  const literal = original.replace(/\\(.)/gsu, '$1');
  if (/\\[dwsbDWSBpPuxkcn0-9]/.test(original) || /[[\](){}*+|]/.test(original.replace(/\\./gsu, ''))) return true;
  let re: RegExp;
  try {
    re = new RegExp(fixed, PATTERN_FLAGS);
  } catch {
    return false;
  }
  // The text itself, ignoring case as the service does: every character escaped, flags `iu`.
  const text = new RegExp([...literal].map((ch) => ch.replace(/[\\^$.*+?()[\]{}|/]/, '\\$&')).join(''), PATTERN_FLAGS);
  return intentStrings(literal).every((s) => re.test(s) === text.test(s));
}

/** Whether `fixed` catches every message it was written for and none of those it must let through. */
function keepsIntent(fixed: string, intent: { catches: readonly string[]; passes: readonly string[] }): boolean {
  let re: RegExp;
  try {
    re = new RegExp(fixed, PATTERN_FLAGS);
  } catch {
    return false;
  }
  return intent.catches.every((t) => re.test(t)) && !intent.passes.some((t) => re.test(t));
}

/** Strings around `text` from a fixed seed: deterministic, about 12 + 3 per character. */
export function intentStrings(text: string): string[] {
  const chars = [...text];
  const out = [text, text.toUpperCase(), `hey ${text} now`, `x${text}y`, `${text}${text}`, `pay me on ${text.toLowerCase()}!`, '', 'hello there'];
  let seed = 29;
  const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2147483648) % Math.max(1, n);
  for (let k = 0; k < chars.length; k++) {
    out.push(chars.filter((_, j) => j !== k).join(''));
    const swapped = [...chars];
    swapped[k] = 'abcdefghijklmnopqrstuvwxyz0123456789 .$^'[next(40)]!;
    out.push(swapped.join(''));
    out.push(chars.slice(0, k + 1).join('') + chars.slice(k).join(''));
  }
  return out;
}
