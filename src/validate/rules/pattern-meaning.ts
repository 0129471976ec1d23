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
  rule:
    | 'pattern-dead-anchor'
    | 'pattern-unescaped-dot'
    | 'pattern-literal-question'
    | 'pattern-empty-branch'
    | 'pattern-class-range'
    | 'pattern-ascii-boundary'
    | 'pattern-lookbehind'
    | 'pattern-whole-message'
    | 'pattern-class-alternatives'
    | 'pattern-class-case'
    | 'pattern-doubled-backslash';
  message: string;
  /** The pattern as meant (absent when no fix can be worked out: the message says what to decide). */
  fixed?: string;
  /**
   * The proof that `fixed` keeps what the pattern was written for, where reading its escapes as
   * text (sameOnIntent) is not the intent: messages the fix must catch, and must let through.
   */
  intent?: { catches: string[]; passes: string[] };
  /** Why no fix can keep the intent (the message says what to decide). */
  noFix?: string;
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
  /** The character classes, in the order of the walk, for the habits read on them (one walk of the tree). */
  const classes: AST.CharacterClass[] = [];
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
    if (node.type === 'CharacterClass') classes.push(node);
    for (const c of children(node)) walk(c);
  };
  walk(pattern);
  out.push(...habits(pattern, source, classes));
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

/** Letters and digits as a pattern spells them out, when an alternative is nothing else. */
function literalText(a: AST.Alternative): string | null {
  let text = '';
  for (const e of a.elements) {
    if (e.type !== 'Character') return null;
    text += String.fromCodePoint(e.value);
  }
  return text;
}

/**
 * Regex habits from other tools that compile and mean something else:
 * - `^scam$`: anchors at both ends tie the pattern to the whole message, so `this is a scam` is
 *   not caught (a warning: a pattern for a whole message may be meant);
 * - `[cat|dog]`: alternatives written inside a character class, which is one character of them;
 * - `[A-Z]{5,10}` meant as capitals: patterns ignore case, so it is every letter;
 * - `\\d{3}` (backslashes doubled as in JSON or source code): a literal backslash, then `d`.
 */
function habits(pattern: AST.Pattern, source: string, classes: readonly AST.CharacterClass[]): MeaningFinding[] {
  const out: MeaningFinding[] = [];
  // Whole message: every top-level alternative starts with ^ and ends with $, around letters and spaces.
  const alts = pattern.alternatives;
  const anchored = alts.every((a) => a.elements.length >= 3 && a.elements[0]!.type === 'Assertion' && (a.elements[0] as AST.Assertion).kind === 'start' && a.elements.at(-1)!.type === 'Assertion' && (a.elements.at(-1) as AST.Assertion).kind === 'end');
  if (anchored) {
    const inner = alts.map((a) => source.slice(a.elements[1]!.start, a.elements.at(-2)!.end));
    const texts = alts.map((a) => literalText({ ...a, elements: a.elements.slice(1, -1) } as AST.Alternative));
    const body = inner.length === 1 ? inner[0]! : `(?:${inner.join('|')})`;
    const ascii = texts.every((t) => t !== null && /^[A-Za-z0-9](?:[A-Za-z0-9 '-]*[A-Za-z0-9])?$/.test(t));
    const fixed = ascii ? `\\b${body}\\b` : undefined;
    const example = texts[0] ?? inner[0]!;
    out.push({
      index: 0,
      // Words between the anchors are meant as words in a message; other syntax (^\d{10}$) may mean a whole message.
      severity: fixed ? 'error' : 'warning',
      rule: 'pattern-whole-message',
      message: `^ and $ tie the pattern to the whole message (patterns run on the message, not word by word), so it catches only a message that is exactly ${JSON.stringify(example)}, never ${JSON.stringify(`this is ${example} now`)}${fixed ? `; to catch it as a word anywhere in a message write \`${fixed}\`` : '; to catch it anywhere in a message, remove the ^ and $'}`,
      ...(fixed ? { fixed, intent: { catches: texts.flatMap((t) => [t!, `this is ${t} now`, `${t}!`, t!.toUpperCase()]), passes: texts.map((t) => `x${t}x`) } } : {}),
    });
  }
  // Capitals are the point only where nothing else in the pattern is a letter or a digit (`[A-Z]{5,20}`,
  // `\b[A-Z]{4,}\b` for shouting); in `[A-Z]{2}\d{2}[A-Z0-9]{11,30}` (an IBAN) case is incidental.
  // Worked out on the first class of capitals only: most patterns have none (this runs on every pattern).
  let capitalsPoint: boolean | undefined;
  const aboutCapitals = (): boolean => {
    if (capitalsPoint === undefined) {
      const rest = source.replace(/\[[^\]]*\]/g, '').replace(/\\[bBsS]/g, '').replace(/\{\d+(?:,\d*)?\}/g, '');
      capitalsPoint = !/[\p{L}\p{N}]|\\[dDwWpP]/u.test(rest) && !/\[[^\]]*[a-z0-9][^\]]*\]/.test(source.replace(/\[[A-Z]-[A-Z]/g, '['));
    }
    return capitalsPoint;
  };
  // Start only: `^free nitro` catches the phrase only as a message's first words.
  const started = !anchored && alts.every((a) => a.elements.length >= 2 && a.elements[0]!.type === 'Assertion' && (a.elements[0] as AST.Assertion).kind === 'start' && !a.elements.some((e) => e.type === 'Assertion' && e.kind === 'end'));
  if (started) {
    const text = literalText({ ...alts[0]!, elements: alts[0]!.elements.slice(1) } as AST.Alternative);
    if (text !== null && /\p{L}/u.test(text)) {
      out.push({
        index: 0,
        severity: 'warning',
        rule: 'pattern-whole-message',
        message: `^ ties the pattern to the start of the message, so it catches ${JSON.stringify(text)} only as a message's first words, never ${JSON.stringify(`hey ${text}`)}; if it may stand anywhere, remove the ^`,
        noFix: 'whether the start of the message is meant is for you to decide',
      });
    }
  }
  for (const node of classes) {
    if (node.type === 'CharacterClass' && node.negate && node.elements.length >= 3 && node.elements.every((e) => e.type === 'Character' && /^\p{L}$/u.test(String.fromCodePoint(e.value)))) {
      // `nitro [^boost]`: a negated class read as "not this word".
      const word = source.slice(node.start + 2, node.end - 1);
      const fixed = `${source.slice(0, node.start)}(?!${word})${source.slice(node.end)}`;
      const before = source.slice(0, node.start);
      const after = source.slice(node.end);
      const plain = !/[\\^$.*+?()[\]{}|]/.test(before + after);
      out.push({
        index: node.start,
        severity: 'error',
        rule: 'pattern-class-alternatives',
        message: `[^${word}] is one character that is none of ${JSON.stringify([...new Set(word)].join(''))}, not "anything but the word ${word}": it catches ${JSON.stringify(`${before}x${after}`)} and misses ${JSON.stringify(`${before}free`)}; to exclude the word write a lookahead: \`${fixed}\``,
        fixed,
        intent: plain ? { catches: [`${before}free${after}`, `${before}now${after}`], passes: [`${before}${word}${after}`] } : { catches: [], passes: [] },
      });
    }
    if (node.type === 'CharacterClass' && !node.negate && node.elements.length >= 4) {
      const raw = source.slice(node.start + 1, node.end - 1);
      // `[cat|dog]`: pipes between runs of at least two letters: words meant as alternatives.
      const words = raw.split('|');
      if (words.length >= 2 && words.every((w) => /^[\p{L}\p{N} ]{2,}$/u.test(w))) {
        const fixed = `${source.slice(0, node.start)}(?:${words.join('|')})${source.slice(node.end)}`;
        out.push({
          index: node.start,
          severity: 'error',
          rule: 'pattern-class-alternatives',
          message: `[${raw}] is a set of single characters (${JSON.stringify([...new Set(raw)].join(''))}), not a choice of words: it catches one of those characters, the | included, and never ${JSON.stringify(words[0])} as a word; for alternatives write a group: \`${fixed}\``,
          fixed,
          intent: around(source, node, words),
        });
      }
    }
    if (node.type === 'CharacterClass' && !node.negate && node.elements.length > 0 && node.parent.type === 'Quantifier' && node.parent.max >= 3) {
      // A class of capitals only (`[A-Z]`, `[A-ZÄÖÜ]`): under the i flag it is lower case too.
      const letters = node.elements.every((e) => (e.type === 'Character' && isCapital(e.value)) || (e.type === 'CharacterClassRange' && isCapital(e.min.value) && isCapital(e.max.value)));
      if (letters && aboutCapitals()) {
        const raw = source.slice(node.start, node.end);
        const lower = raw.toLowerCase();
        out.push({
          index: node.start,
          // Capitals were the whole point, and under iu the pattern catches every such run of letters.
          severity: 'error',
          rule: 'pattern-class-case',
          message: `${raw} holds capitals only, but patterns ignore case (flags iu), so it also matches ${lower}: the pattern catches the same text in lower case, and cannot require capitals`,
          noFix: 'a pattern list always ignores case, so no pattern can catch capitals only; decide whether lower case is fine too (then write it in lower case to say so), or drop the pattern',
        });
      }
    }
  }
  // `\\d{3}`: a doubled backslash before what is a regex escape when single.
  const doubled = source.includes('\\\\') ? /(?<!\\)(?:\\\\)+(?=[dDwWsSbB.()[\]{}+*?|/^$])/.exec(source) : null;
  if (doubled && doubled[0].length === 2) {
    const fixed = source.replace(/(?<!\\)\\\\(?=[dDwWsSbB.()[\]{}+*?|/^$])/g, '\\');
    let decoded: string | undefined;
    try {
      decoded = JSON.parse(`"${source.replace(/"/g, '\\"')}"`) as string;
    } catch {
      decoded = undefined;
    }
    const escape = source.slice(doubled.index, doubled.index + 3);
    out.push({
      index: doubled.index,
      severity: 'error',
      rule: 'pattern-doubled-backslash',
      message: `${escape} is a literal backslash followed by ${JSON.stringify(escape.slice(2))} (the backslashes are doubled, as JSON or source code writes them), so the pattern catches only a message holding a backslash there; a list file takes the regex as written, so write each escape with one backslash: \`${fixed}\``,
      fixed,
      // The proof: the fix is the pattern read the way JSON or source code reads it.
      ...(decoded === fixed ? { intent: { catches: [], passes: [] } } : { noFix: 'the pattern also holds other backslashes, so which ones were doubled cannot be worked out; write each regex escape with one backslash' }),
    });
  }
  return out;
}

function isCapital(cp: number): boolean {
  const ch = String.fromCodePoint(cp);
  return /^\p{Lu}$/u.test(ch);
}

/** What the pattern with `node` replaced by each word must catch, when the rest of it is plain text; else only the re-validation proves the fix. */
function around(source: string, node: AST.Node, words: readonly string[]): { catches: string[]; passes: string[] } {
  const before = source.slice(0, node.start);
  const after = source.slice(node.end);
  if (/[\\^$.*+?()[\]{}|]/.test(before + after)) return { catches: [], passes: [] };
  return { catches: words.flatMap((w) => [`${before}${w}${after}`, `say ${before}${w}${after} now`]), passes: [`${before}|${after}`] };
}
