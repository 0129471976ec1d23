// Patterns that parse but cannot mean what was written, proved on the regexpp tree:
// - a `$` that must be followed by a character (patterns run without the `m` flag, so `$` is the
//   end of the message) or a `^` that must be preceded by one can never match: an error, fixed by
//   escaping it (`cash\$app` catches "cash$app", which is what such a pattern is read as);
// - an unescaped `.` between letters that look like a domain (`bit.ly`) also catches `bitxly`: a
//   warning, since a wildcard may be meant, with `bit\.ly` as the alternative.
import type { AST } from '@eslint-community/regexpp';

export interface MeaningFinding {
  index: number;
  severity: 'error' | 'warning';
  rule: 'pattern-dead-anchor' | 'pattern-unescaped-dot' | 'pattern-literal-question' | 'pattern-empty-branch' | 'pattern-class-range' | 'pattern-ascii-boundary' | 'pattern-lookbehind';
  message: string;
  /** The pattern as meant (absent when no fix can be worked out: the message says what to decide). */
  fixed?: string;
}

/** Fewest characters `node` consumes; 0 for what consumes none (assertions, backreferences). */
function minLength(node: AST.Node): number {
  switch (node.type) {
    case 'Character':
    case 'CharacterClass':
    case 'ExpressionCharacterClass':
      return 1;
    case 'CharacterSet':
      return node.kind === 'property' && node.strings ? 0 : 1;
    case 'Quantifier':
      return node.min === 0 ? 0 : node.min * minLength(node.element);
    case 'Group':
    case 'CapturingGroup':
    case 'Pattern':
      return Math.min(...node.alternatives.map(minLength));
    case 'Alternative':
      return node.elements.reduce((n, e) => n + minLength(e), 0);
    default:
      return 0;
  }
}

/**
 * Whether at least one character must be consumed after (`dir` 1) or before (`dir` -1) `node` on
 * every way through the pattern. Climbs out of groups; gives up (false) in a lookaround, or in a
 * repeat, where another round or nothing may follow.
 */
function mustConsume(node: AST.Node, dir: 1 | -1): boolean {
  let child: AST.Node = node;
  let parent: AST.Node | null = node.parent as AST.Node | null;
  while (parent) {
    if (parent.type === 'Alternative') {
      const i = parent.elements.indexOf(child as AST.Element);
      const rest = dir === 1 ? parent.elements.slice(i + 1) : parent.elements.slice(0, i);
      if (rest.reduce((n, e) => n + minLength(e), 0) > 0) return true;
    } else if (parent.type === 'Assertion' || parent.type === 'Quantifier' || parent.type === 'Pattern') {
      return false;
    }
    child = parent;
    parent = (parent as { parent: AST.Node | null }).parent;
  }
  return false;
}

function escapeAt(source: string, start: number, end: number, escaped: string): string {
  return source.slice(0, start) + escaped + source.slice(end);
}

export function patternMeaning(pattern: AST.Pattern, source: string): MeaningFinding[] {
  const out: MeaningFinding[] = [];
  const walk = (node: AST.Node): void => {
    if (node.type === 'Assertion' && (node.kind === 'end' || node.kind === 'start') && mustConsume(node, node.kind === 'end' ? 1 : -1)) {
      const end = node.kind === 'end';
      const fixed = escapeAt(source, node.start, node.end, end ? '\\$' : '\\^');
      out.push({
        index: node.start,
        severity: 'error',
        rule: 'pattern-dead-anchor',
        fixed,
        message: end
          ? `this $ means "end of the message", but the pattern needs more text after it, so it can never match; for a dollar sign write \\$: \`${fixed}\``
          : `this ^ means "start of the message", but the pattern needs text before it, so it can never match; for a caret write \\^: \`${fixed}\``,
      });
    }
    if (node.type === 'Alternative') {
      node.elements.forEach((e, i) => {
        if (e.type !== 'CharacterSet' || e.kind !== 'any') return;
        const before = node.elements[i - 1];
        const after = node.elements.slice(i + 1);
        if (!isLetter(before) || !isLetter(after[0])) return;
        // Letters, then the end or something not a letter: `bit.ly`, `example.com/…`, `t.me`.
        const run = after.findIndex((x) => !isLetter(x));
        const letters = run === -1 ? after.length : run;
        if (letters < 2 || letters > 6) return;
        // A domain: a top-level domain after the dot, or a path (`/`) after it; `bi.ch` is a wildcard.
        const tld = source.slice(after[0]!.start, after[letters - 1]!.end).toLowerCase();
        const next = after[letters];
        const path = next?.type === 'Character' && next.value === 0x2f;
        if (!TLDS.has(tld) && !path) return;
        const fixed = escapeAt(source, e.start, e.end, '\\.');
        let first = i - 1;
        while (first > 0 && isLetter(node.elements[first - 1])) first--;
        const from = node.elements[first]!.start;
        const word = source.slice(from, after[letters - 1]!.end);
        const dotted = `${source.slice(from, e.start)}x${source.slice(e.end, after[letters - 1]!.end)}`;
        out.push({
          index: e.start,
          severity: 'warning',
          rule: 'pattern-unescaped-dot',
          fixed,
          message: `an unescaped . matches any character, so ${JSON.stringify(word)} also catches ${JSON.stringify(dotted)}; for a literal dot write \\.: \`${fixed}\``,
        });
      });
    }
    if ((node.type === 'Group' || node.type === 'CapturingGroup') && node.alternatives.length >= 3) {
      // `k(ys||ms)`: an empty branch between two others is a doubled |, and matches the bare prefix.
      const empty = node.alternatives.slice(1, -1).find((a) => a.elements.length === 0);
      if (empty) {
        const fixed = source.slice(0, empty.start - 1) + source.slice(empty.start);
        const prefix = source.slice(0, node.start);
        out.push({ index: empty.start - 1, severity: 'error', rule: 'pattern-empty-branch', fixed, message: `this || leaves an empty branch, which matches nothing, so the group can be skipped and the pattern catches ${JSON.stringify(prefix || 'every message')} alone; remove one |: \`${fixed}\`` });
      }
    }
    if (node.type === 'CharacterClassRange' && node.min.value === 0x41 && node.max.value === 0x7a) {
      const fixed = escapeAt(source, node.start, node.end, 'a-z');
      out.push({ index: node.start, severity: 'warning', rule: 'pattern-class-range', fixed, message: `A-z also holds the six characters between Z and a ([ \\ ] ^ _ \`); patterns ignore case, so a-z is every letter: \`${fixed}\`` });
    }
    if (node.type === 'Assertion' && node.kind === 'word' && !node.negate && node.parent.type === 'Alternative') {
      const siblings = node.parent.elements;
      const i = siblings.indexOf(node);
      const letter = edgeLetter(siblings[i - 1], -1) ?? edgeLetter(siblings[i + 1], 1);
      if (letter) {
        out.push({
          index: node.start,
          severity: 'error',
          rule: 'pattern-ascii-boundary',
          message: `\\b knows only ASCII letters, digits and _ as word characters, so beside ${JSON.stringify(letter)} it finds no word edge, and a word ending or starting with ${JSON.stringify(letter)} is never caught; decide what may touch the word and write that instead, e.g. (?![\\p{L}\\p{N}]) after it or (?<![\\p{L}\\p{N}]) before it (lookarounds are not in every regex flavour, and the service's is not documented)`,
        });
      }
    }
    if (node.type === 'Assertion' && node.kind === 'lookbehind') {
      out.push({ index: node.start, severity: 'warning', rule: 'pattern-lookbehind', message: `${JSON.stringify(node.raw.slice(0, 20))} is a lookbehind, which not every regex flavour has, and the service's flavour is not documented; if the service refuses or ignores it, the list is not saved or catches other text: try it once in a test list on the live app, then accept pattern-lookbehind` });
    }
    for (const c of children(node)) walk(c);
  };
  walk(pattern);
  // `are you 18?`: prose ending in a question mark, where ? makes the last character optional.
  const last = pattern.alternatives.length === 1 ? pattern.alternatives[0]!.elements.at(-1) : undefined;
  if (last?.type === 'Quantifier' && last.raw.endsWith('?') && last.min === 0 && last.max === 1 && last.element.type === 'Character' && last.end === source.length && /\s/.test(source) && /^[\p{L}\p{N}]$/u.test(last.element.raw)) {
    const fixed = `${source.slice(0, -1)}\\?`;
    const shorter = source.slice(0, last.element.start);
    out.push({
      index: last.end - 1,
      severity: 'error',
      rule: 'pattern-literal-question',
      fixed,
      message: `this ? makes ${JSON.stringify(last.element.raw)} optional, so the pattern also catches ${JSON.stringify(shorter)}, not only the question; for a question mark write \\?: \`${fixed}\``,
    });
  }
  return out;
}

/** Common top-level domains and the shorteners' ones (what scam links use). */
const TLDS = new Set(['com', 'net', 'org', 'io', 'ly', 'me', 'gg', 'co', 'app', 'xyz', 'info', 'biz', 'ru', 'cn', 'uk', 'de', 'tk', 'link', 'site', 'online', 'shop', 'top', 'club', 'gl', 'to', 'cc', 'tv', 'us', 'in', 'live', 'click', 'bit', 'store', 'vip', 'win']);

/** A non-ASCII letter at the edge of `e` that touches the assertion (its last character before it, first after it). */
function edgeLetter(e: AST.Node | undefined, dir: 1 | -1): string | undefined {
  if (!e) return undefined;
  if (e.type === 'Character') {
    const ch = String.fromCodePoint(e.value);
    return e.value > 0x7f && /^\p{L}$/u.test(ch) ? ch : undefined;
  }
  if (e.type === 'Group' || e.type === 'CapturingGroup') {
    for (const a of e.alternatives) {
      const found = edgeLetter(dir === -1 ? a.elements.at(-1) : a.elements[0], dir);
      if (found) return found;
    }
  }
  return undefined;
}

function isLetter(e: AST.Element | undefined): boolean {
  return e?.type === 'Character' && /^\p{L}$/u.test(String.fromCodePoint(e.value)) && e.raw.length === String.fromCodePoint(e.value).length;
}

function children(node: AST.Node): AST.Node[] {
  switch (node.type) {
    case 'Pattern':
    case 'Group':
    case 'CapturingGroup':
      return node.alternatives;
    case 'Alternative':
      return node.elements;
    case 'Quantifier':
      return [node.element];
    case 'Assertion':
      return node.kind === 'lookahead' || node.kind === 'lookbehind' ? node.alternatives : [];
    case 'CharacterClass':
      return node.elements as AST.Node[];
    default:
      return [];
  }
}
