// Does a pattern backtrack badly? scslre answers for unbounded quantifiers only, and the service
// refuses those, so the analysis runs on a relaxed copy in which every bounded repeat of 2 or more
// ({0,9}, {3}, {1,50}) is unbounded. A report on the copy is an ambiguity: two ways to match the
// same text. What it costs on the real pattern depends on the bounds, so each report is then
// priced on the original: the number of ways (paths) the quantifiers involved can match from one
// start position, worked out from their bounds (`pathCount`). Two rules:
// - a report whose repeats are large (max >= LARGE_BOUND) backtracks like an unbounded one on
//   realistic message lengths (the rule kwsync always had);
// - a report whose repeats are small but nested, so their paths multiply past MAX_PATHS per start
//   position (`(?:(?:a?){9}){9}b` passes the first rule and runs for minutes on 30 letters).
// A pattern the analysis cannot finish is refused when its path count is over MAX_PATHS: unproven
// is not safe on input the validator does not trust.
import { RegExpParser, visitRegExpAST, type AST } from '@eslint-community/regexpp';
import { createRequire } from 'node:module';
import type * as Scslre from 'scslre';
import { code, quote } from '../../load/quote-value.js';

// scslre (with refa) costs 100-500 ms to load and only pattern lists need it: the async paths that
// meet a pattern list load it first (an `import()` esbuild bundles); a sync caller that did not
// falls back to require, so the analysis always runs.
let scslre: typeof Scslre | undefined;

/** Loads the backtracking analysis; call before checking patterns on an async path. */
export async function loadBacktrackingAnalysis(): Promise<void> {
  scslre ??= await import('scslre');
}

function loaded(): typeof Scslre {
  scslre ??= createRequire(import.meta.url)('scslre') as typeof Scslre;
  return scslre;
}

/** A bounded quantifier this large backtracks like an unbounded one on realistic message lengths. */
export const LARGE_BOUND = 10;
/** Paths from one start position past which nested small repeats are refused (V8 tries each on a failing message, at every start). */
export const MAX_PATHS = 1000;
/** Path counts are capped here: past it, the exact number no longer matters. */
const CAP = 1e15;

export interface BacktrackingFinding {
  index: number;
  severity: 'error';
  rule: 'pattern-exponential-backtracking' | 'pattern-polynomial-backtracking';
  message: string;
}

export interface BacktrackingContext {
  parser: RegExpParser;
  flags: AST.Flags;
  /** Re-runs every pattern check on a candidate fix: a fix is offered only when this says it passes. */
  passes(source: string): boolean;
}

/** The paths a node can take from one start position, from its bounds: an upper bound on what backtracking tries there. */
export function pathCount(node: AST.Node): number {
  switch (node.type) {
    case 'Pattern':
    case 'Group':
    case 'CapturingGroup':
      return Math.min(CAP, node.alternatives.reduce((sum, a) => sum + pathCount(a), 0));
    case 'Alternative':
      return node.elements.reduce((product, e) => Math.min(CAP, product * pathCount(e)), 1);
    case 'Quantifier': {
      const inner = pathCount(node.element);
      const max = Math.min(node.max, 1e6);
      if (inner === 1) return Math.min(CAP, max - node.min + 1);
      let sum = 0;
      let power = inner ** node.min;
      for (let k = node.min; k <= max && sum < CAP; k++, power = Math.min(CAP, power * inner)) sum += power;
      return Math.min(CAP, sum);
    }
    default:
      // Characters, classes, backreferences and assertions: one way each (a lookaround is atomic).
      return 1;
  }
}

/** Findings for one parsed pattern; never throws. */
export function backtracking(pattern: AST.Pattern, ctx: BacktrackingContext): BacktrackingFinding[] {
  const byStart = new Map<number, AST.Quantifier>();
  const relaxed: AST.Quantifier[] = [];
  visitRegExpAST(pattern, {
    onQuantifierEnter(q) {
      byStart.set(q.start, q);
      if (q.max !== Infinity && q.max >= 2) relaxed.push(q);
    },
  });
  if (relaxed.length === 0) return [];
  relaxed.sort((a, b) => a.element.end - b.element.end);
  const edits: Edit[] = [];
  let source = '';
  let last = 0;
  for (const q of relaxed) {
    const replacement = `{${q.min},}`;
    source += pattern.raw.slice(last, q.element.end) + replacement;
    edits.push({ at: q.element.end, from: q.end - q.element.end, to: replacement.length });
    last = q.end;
  }
  source += pattern.raw.slice(last);
  // Loaded outside the try: a module that cannot load is an error, never a pattern "too complex to prove".
  const { analyse } = loaded();
  let reports: ReturnType<typeof analyse>['reports'];
  try {
    const analysed = ctx.parser.parsePattern(source, 0, source.length, { unicode: true });
    ({ reports } = analyse({ pattern: analysed, flags: ctx.flags }, { maxReports: 20 }));
  } catch {
    const paths = pathCount(pattern);
    if (paths <= MAX_PATHS) return [];
    return [{ index: 0, severity: 'error', rule: 'pattern-exponential-backtracking', message: `this pattern is too complex to prove it does not backtrack, and it can match from one place in ${approx(paths)} ways; simplify its nested repeats` }];
  }
  const original = (q: AST.Quantifier): AST.Quantifier | undefined => byStart.get(toOriginal(q.start, edits));
  for (const r of reports) {
    const quants = (r.type === 'Trade' ? [r.startQuant, r.endQuant] : r.type === 'Self' ? [r.quant, r.parentQuant] : [r.quant]).map(original);
    if (quants.some((q) => q === undefined)) continue;
    const [first, second] = quants as AST.Quantifier[];
    const kind = r.exponential ? 'exponential' : 'polynomial';
    const rule = `pattern-${kind}-backtracking` as const;
    // The old rule: the repeats scslre would have seen unbounded before (Self: the inner one).
    const large = (r.type === 'Trade' ? [first!, second!] : [first!]).every((q) => q.max >= LARGE_BOUND);
    const paths = r.type === 'Trade' ? pathCount(first!) * pathCount(second!) : r.type === 'Self' ? pathCount(second!) : pathCount(first!);
    if (large) {
      return [{ index: first!.start, severity: 'error', rule, message: `this part can backtrack in ${kind} time on a long run of ${quote(r.character.pick)}, slowing every message check; ${largeFix(pattern, quants as AST.Quantifier[], ctx)} (or accept it: \`accept: {${rule}: "why"}\`)` }];
    }
    if (paths > MAX_PATHS) {
      const at = r.type === 'Self' ? second! : first!;
      return [
        {
          index: at.start,
          severity: 'error',
          rule,
          message: `these nested repeats can split the same run of ${quote(r.character.pick)} in ${approx(paths)} ways, and a message that almost matches makes the regex engine try them all, at every position; write the repeated part once with a single bound instead of a repeat inside a repeat, or make the parts unambiguous (no rewrite is suggested: none was found that passes these checks) (or accept it: \`accept: {${rule}: "why"}\`)`,
        },
      ];
    }
  }
  return [];
}

interface Edit {
  at: number;
  from: number;
  to: number;
}

/** "lower their bounds below 10, e.g. `…`" only when that very pattern passes every check; otherwise no fix is offered. */
function largeFix(pattern: AST.Pattern, quants: AST.Quantifier[], ctx: BacktrackingContext): string {
  const advice = 'make the alternatives or repetitions unambiguous';
  const lowered = quants.filter((q) => q.max >= LARGE_BOUND);
  if (lowered.some((q) => q.min >= LARGE_BOUND)) return `${advice}; lowering the bounds cannot help here, since they require ${LARGE_BOUND} or more`;
  let fixed = pattern.raw;
  for (const q of [...lowered].sort((a, b) => b.element.end - a.element.end)) {
    const lazy = q.raw.endsWith('?') && !q.greedy ? '?' : '';
    const max = LARGE_BOUND - 1;
    fixed = `${fixed.slice(0, q.element.end)}${q.min === max ? `{${max}}` : `{${q.min},${max}}`}${lazy}${fixed.slice(q.end)}`;
  }
  if (ctx.passes(fixed)) return `${advice}, or lower their bounds below ${LARGE_BOUND}, e.g. ${code(fixed)} (that pattern passes these checks)`;
  return `${advice}; lowering the bounds below ${LARGE_BOUND} would not make it safe`;
}

function approx(n: number): string {
  if (n >= CAP) return `more than ${CAP.toExponential(0)}`;
  return `about ${n < 1e6 ? String(Math.round(n)) : n.toExponential(1)}`;
}

/** A position in the relaxed copy back in the original: each edit before it changed the length by `to - from`. */
function toOriginal(index: number, edits: Edit[]): number {
  let shift = 0;
  for (const e of edits) {
    if (e.at - shift >= index) break;
    shift += e.from - e.to;
  }
  return index + shift;
}
