// Untrusted text (paths, file names, list ids, names, descriptions, terms, error texts from the
// service or from validating a PR's files) made inert in GitHub markdown: the PR comment, the check
// run, the job summary and the drift issue. Whatever it holds, it stays one piece of inline text:
// no new block (heading, quote, list, table row, fence, HTML), no link, image, autolink, mention or
// issue reference, no emphasis or code span of its own. One function per context:
//   mdText  in a paragraph, list item, heading or table cell (mdCell is the same function)
//   mdCode  a code span outside a table;   mdCodeCell  a code span inside a table cell
//   htmlCode  inside raw HTML such as <summary>;   fenceLine  a line inside a fenced code block
// GitHub links mentions (`@team`), issue references (`#1`, `GH-1`, `org/repo#1`) and URLs on the
// rendered text, after backslash escapes are undone, so escaping alone cannot stop them: a zero-width
// space (written as the entity `&#8203;`) goes between `@`/`#`/`GH-`/`://`/`www.` and what follows.
// Inside code spans and code elements GitHub links none of these, so codes are copied exactly.

/** Zero-width space, as an entity so the raw markdown shows it. */
const ZWSP = '&#8203;';

/** Line breaks of any kind: a run of them becomes one space. */
const LINE_BREAKS = /[\r\n\u000b\u000c\u0085\u2028\u2029]+/g;

/**
 * Characters that show nothing or pass for a plain space: controls, format characters (zero-width,
 * bidi overrides, soft hyphen), other default-ignorables (variation selectors, Hangul fillers) and
 * spaces other than U+0020. They are written as `\uXXXX`, so nothing is hidden from a reviewer.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Default_Ignorable_Code_Point}\p{Zs}]/gu;

/** `\u0441`, or `\u{1d5ba}` beyond the BMP. */
export function codePointEscape(ch: string): string {
  const cp = ch.codePointAt(0)!;
  return cp > 0xffff ? `\\u{${cp.toString(16)}}` : `\\u${cp.toString(16).padStart(4, '0')}`;
}

/** One line, every invisible character shown as `\uXXXX` (a plain space stays a space). */
export function visible(s: string): string {
  return s.replace(LINE_BREAKS, ' ').replace(INVISIBLE, (c) => (c === ' ' ? c : codePointEscape(c)));
}

/** True when the text holds a control character (a newline, tab, escape, DEL, C1): such a path is refused. */
export function hasControlCharacter(s: string): boolean {
  return /[\p{Cc}\u2028\u2029]/u.test(s);
}

/** Every character beyond ASCII (and the backslash) as an escape: `sсam` -> `s\u0441am`. */
export function unicodeEscapes(s: string): string {
  return s.replace(/\\/g, '\\\\').replace(/[^\u0020-\u007e]/gu, codePointEscape);
}

// Characters that make markdown syntax anywhere in a line (emphasis, code, links, images, HTML,
// entities, tables, strikethrough, math, heading closers), escaped with a backslash (CommonMark
// makes an escaped ASCII punctuation character literal). The rest of ASCII punctuation is left as
// written, so ordinary messages stay readable in the raw markdown.
const SYNTAX = /[\\`*_[\]<>|~&$#]/;
// At the start of a line these open a block (list, quote, setext underline, ordered list).
const BLOCK_START = /^(?:[-+=>]|[0-9]+[.)])/;

/**
 * Plain text for a paragraph, list item, heading or table cell: syntax characters backslash-escaped,
 * invisible characters shown, newlines collapsed, and a zero-width space after `@`, `#`, `GH-`
 * (before a digit), `:` (before `//`) and `www` (before `.`). A leading or trailing space is written
 * as `&#32;`, so the text cannot indent its line into a code block.
 */
export function mdText(s: string): string {
  const v = visible(s);
  const start = BLOCK_START.exec(v)?.[0].length ?? 0;
  let out = '';
  for (let i = 0; i < v.length; i++) {
    const c = v[i]!;
    const before = v.slice(Math.max(0, i - 3), i);
    if (c === '.' && /www$/i.test(before)) out += ZWSP;
    out += SYNTAX.test(c) || i === start - 1 ? `\\${c}` : c;
    if (c === '@' || c === '#') out += ZWSP;
    else if (c === ':' && v.startsWith('//', i + 1)) out += ZWSP;
    else if (c === '-' && /gh$/i.test(before) && /[0-9]/.test(v[i + 1] ?? '')) out += ZWSP;
  }
  return out.replace(/^ | $/g, '&#32;');
}

/** Text in a table cell: the same escaping as `mdText` (a `|` is escaped there too). */
export const mdCell = mdText;

/** A code span of `content`: a fence longer than any backtick run inside, padded where CommonMark strips. */
function codeSpan(content: string): string {
  if (content === '') return '` `';
  const longest = Math.max(0, ...(content.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = /^[` ]|[` ]$/.test(content) && !/^ +$/.test(content) ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`;
}

/** A code span outside tables: the text exactly (one line, invisibles shown), never closed early by a backtick. */
export function mdCode(s: string): string {
  return codeSpan(visible(s));
}

/**
 * A code span inside a GFM table cell. A `|` is escaped as `\|` (GitHub splits the row first). A
 * backslash right before a `|` would undo that escape, so such text goes in a `<code>` element with
 * every character escaped instead; it renders the same.
 */
export function mdCodeCell(s: string): string {
  const v = visible(s);
  if (/\\\|/.test(v)) return `<code>${mdText(s)}</code>`;
  return codeSpan(v.replace(/\|/g, '\\|'));
}

/** HTML special characters as entities. */
export function htmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A `<code>` element for raw HTML (a `<summary>`): entities for HTML, one line, invisibles shown. */
export function htmlCode(s: string): string {
  return `<code>${htmlEscape(visible(s))}</code>`;
}

/** A line inside a fenced code block: one line, invisibles shown (pair it with `fenceFor`). */
export function fenceLine(s: string): string {
  return visible(s);
}

/** A backtick fence longer than any backtick run in `lines` (at least three), so no line closes it. */
export function fenceFor(lines: readonly string[]): string {
  const longest = Math.max(0, ...lines.map((l) => Math.max(0, ...(l.match(/`+/g) ?? []).map((r) => r.length))));
  return '`'.repeat(Math.max(3, longest + 1));
}
