// What is legal in a term but almost surely a mistake: control characters (an error), invisible
// characters, a dash left from a list or a mis-indented line, quotes kept around the term, regex
// syntax in a word list. One cheap pre-check per term; the details run only on the rare hit.
import type { Category } from '../../model/keyword-list.js';
import { code, quote } from '../../load/quote-value.js';

export interface TermHint {
  rule: string;
  severity: 'error' | 'warning';
  message: string;
  /** Character index in the term the hint is about. */
  index: number;
  /** The term as the analyst meant it (offered as a fix once it re-validates clean). */
  fixed?: string;
}

/** Fewer words than this in a sentence-similarity entry is too little for the model to compare (one word belongs in a word list). */
export const MIN_SENTENCE_WORDS = 3;

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// Zero-width joiner/non-joiner are left alone: emoji sequences and Persian script need them.
const INVISIBLE = /[\u00a0\u00ad\u200b\u200e\u200f\u2028\u2029\u2060\ufeff\u202a-\u202e\u2066-\u2069]|(?<=[A-Za-z0-9])[\ufe0e\ufe0f]/;
const CONTROL_ALL = new RegExp(CONTROL.source, 'g');
/** CONTROL with the tab, for terms outside CSVs (where a tab is not a separator). */
const CONTROL_TABS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
const CONTROL_ALL_TABS = new RegExp(CONTROL_TABS.source, 'g');
const INVISIBLE_ALL = new RegExp(INVISIBLE.source, 'g');
/** Invisible characters that stand where a space was meant. */
const AS_SPACE = new Set(['\u00a0', '\u2028', '\u2029']);
const QUOTED = /^(["'\u00ab]).+(["'\u00bb])$/s;
/** Curly quotes a word processor or phone puts in place of the ones typed: never in a term on purpose. */
const TYPOGRAPHIC = /[\u2018\u2019\u201c\u201d\u201e\u201a]/;
const TYPOGRAPHIC_AROUND = /^[\u2018\u201c\u201e\u201a](.+)[\u2019\u201d\u201c\u2018]$/s;
/** Everything below in one test, so the common clean term costs one regex. */
const ANY = / {2}|[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u00a0\u00ad\u200b\u200e\u200f\u2028\u2029\u2060\ufeff\ufe0e\ufe0f\u202a-\u202e\u2066-\u2069"'\u2018\u2019\u201c\u201d\u201e\u201a\u00ab\u00bb]|^-| - /;
const REGEXISH = /[[\\{*|+?%/]|^\^|\.\+|\(\?/;

const NAMES: Record<string, string> = {
  '\u0000': 'NUL',
  '\u001b': 'ESC',
  '\u0007': 'BEL',
  '\u0008': 'backspace',
  '\u007f': 'DEL',
  '\u00a0': 'non-breaking space',
  '\u00ad': 'soft hyphen',
  '\u200b': 'zero-width space',
  '\u200e': 'left-to-right mark',
  '\u200f': 'right-to-left mark',
  '\u202e': 'right-to-left override',
  '\u2060': 'word joiner',
  '\u2028': 'line separator',
  '\u2029': 'paragraph separator',
  '\ufe0f': 'emoji variation selector',
  '\ufe0e': 'text variation selector',
  '\ufeff': 'byte order mark',
};
const charName = (c: string): string => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}${NAMES[c] ? ` ${NAMES[c]}` : ''}`;

/** Hints for one term; `tabsAllowed` leaves tabs to the CSV separator check. */
export function termHints(term: string, category: Category | undefined, opts: { tabsAllowed: boolean; continued: boolean }): TermHint[] {
  const word = category === 'word';
  if (!ANY.test(term) && !(word && REGEXISH.test(term)) && !(!opts.tabsAllowed && term.includes('\t'))) return [];
  const out: TermHint[] = [];
  const control = (opts.tabsAllowed ? CONTROL : CONTROL_TABS).exec(term);
  if (control) {
    const clean = term.replace(opts.tabsAllowed ? CONTROL_ALL : CONTROL_ALL_TABS, '');
    out.push({ rule: 'term-control-char', severity: 'error', index: control.index, fixed: clean, message: `this term holds a control character (${charName(control[0])}) that nobody can see or type in a chat; delete it: ${code(clean)}` });
  }
  const invisible = INVISIBLE.exec(term);
  if (invisible) {
    const clean = term.replace(INVISIBLE_ALL, (c) => (AS_SPACE.has(c) ? ' ' : ''));
    const fix = `${AS_SPACE.has(invisible[0]) ? 'replace it with a normal space' : 'delete it'}: ${code(clean)}`;
    const rtl = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(invisible[0]) ? ' (a direction mark is kept only if your users type it; most keyboards do not)' : '';
    // Typed messages do not hold it, so the term misses the text it shows: an error (accept it when your users type it).
    out.push({ rule: 'term-invisible-char', severity: 'error', index: invisible.index, fixed: clean, message: `this term holds an invisible character (${charName(invisible[0])}), which the service matches literally, so ${quote(term)} misses ${quote(clean)} as people type it${rtl}; ${fix}` });
  }
  const dash = term.indexOf(' - ');
  if (opts.continued && dash !== -1) {
    out.push({
      rule: 'term-dash',
      severity: 'warning',
      index: dash + 1,
      message: `this "- " line is indented deeper than the term above it, so YAML joins them into one term, ${quote(term)}; indent every "- " line of the list the same`,
    });
  } else if (term.startsWith('- ') || (word && (term.startsWith('-') || dash !== -1))) {
    // Sentences and patterns may hold " - " and start with "-" on purpose; a "- " bullet is a slip anywhere.
    const what = term.startsWith('-') ? `${quote(term)} starts with a dash` : `${quote(term)} holds " - "`;
    const fix = term.startsWith('- ') ? `: ${code(term.slice(2).trim())}` : '';
    out.push({ rule: 'term-dash', severity: 'warning', index: term.startsWith('-') ? 0 : dash + 1, ...(term.startsWith('- ') ? { fixed: term.slice(2).trim() } : {}), message: `${what}, like a list item pasted into a term; if it is two terms or a bullet, split it or remove the dash${fix}` });
  }
  const curly = TYPOGRAPHIC.exec(term);
  if (curly) {
    const around = TYPOGRAPHIC_AROUND.exec(term);
    const fixed = (around ? around[1]! : term).replace(/[\u2018\u2019\u201a]/g, "'").replace(/[\u201c\u201d\u201e]/g, '"');
    const message = around
      ? `the curly quotes around ${quote(around[1])} (pasted from a document) are part of the term, so it only catches text typed with those marks; write it without them: ${code(fixed)}`
      : `${quote(curly[0])} is a curly quote (pasted from a document), and people type a straight one, so ${quote(term)} misses their messages; write it straight: ${code(fixed)} (if phones in your community type curly ones, keep both spellings and accept term-typographic-quote)`;
    // A sentence is compared by meaning, where ’ and ' read the same: only word lists and patterns match characters.
    if (category !== 'sentence-similarity') out.push({ rule: 'term-typographic-quote', severity: 'error', index: curly.index, fixed, message });
  }
  const quoted = curly ? null : QUOTED.exec(term);
  if (quoted) {
    const inner = term.slice(quoted[1]!.length, term.length - quoted[2]!.length);
    out.push({ rule: 'term-quoted', severity: word ? 'error' : 'warning', index: 0, fixed: inner, message: `the quotes around ${quote(inner)} are part of the term, so only text with those quote marks matches; write the term without them: ${code(inner)}` });
  }
  const doubled = / {2,}/.exec(term);
  if (doubled && category !== 'pattern' && !control) {
    const fixed = term.replace(/ {2,}/g, ' ');
    out.push({
      rule: 'term-double-space',
      severity: 'error',
      index: doubled.index,
      fixed,
      message: `${quote(term)} has ${doubled[0].length} spaces in a row, and a message typed with one space does not match it; write one space: ${code(fixed)}`,
    });
  }
  if (word) {
    const regex = regexSyntax(term);
    // Nobody types regex syntax in a chat message, so the term catches nothing it reads as: an error.
    if (regex) out.push({ rule: 'word-regex-syntax', severity: 'error', index: regex.index, message: regex.message, ...(regex.fixed !== undefined ? { fixed: regex.fixed } : {}) });
  }
  return out;
}

// Every regex here runs on terms of up to `maxTermLength` characters, which a pull request can
// raise: each is linear. A class never holds its own opener, so a run of "[" or "(" without a
// closer is passed over once rather than rescanned from every opener (`\([^)]*\|[^)]*\)` was cubic).
const CLASS = /\[([^\][\\^-]+)\]/g;

function regexSyntax(term: string): { index: number; message: string; fixed?: string } | null {
  // `*` inside a word (f*ck) is how people write in chat; at a word's edge (dam*) it is meant as a wildcard.
  // `[text](url)` is a Markdown link, not a character class.
  const found = /\[[^\][]*\](?!\()|\\[dwsbDWSB. ]|\{\d+(?:,\d*)?\}|\([^()|]*\|[^()]*\)|\.[*+]|^\^|\*(?=\s|$)|(?<=^|\s)\*|\(\?|(?<=\p{L})\+(?=\p{L}|$)|^\/.+\/[a-z]*$|^%.+%$|^%(?=\p{L})|(?<=\p{L})%$|(?<=\p{L})\?(?=\p{L})/u.exec(term);
  if (!found) return null;
  const tail = 'a word list matches the term literally, symbols and all';
  const other = otherTool(found[0], term);
  if (other) return { index: found.index, message: `${other}: ${tail}, so ${quote(term)} catches only a message holding those symbols; list each form as its own term, or move the term to a pattern list` };
  if (found[0] === '*') {
    return { index: found.index, message: `"*" is not a wildcard in a word list: ${tail}; list each form as its own term, or move the term to a pattern list` };
  }
  // `\bscam\b`: the word boundaries a word list already matches by; the term is what is left.
  const bare = term.replace(/\\b/g, '');
  if (found[0] === '\\b' && bare !== '' && !/[[\]\\{}()|*+?^$]/.test(bare)) {
    return { index: found.index, fixed: bare, message: `"\\b" is regex syntax, but ${tail}; a word list already matches whole words, so write the term without it: ${code(bare)}` };
  }
  const variants = expandClasses(term);
  const fix = variants ? `list the spellings as terms instead (${variants.map((v) => quote(v, 30)).join(', ')})` : 'list the spellings as separate terms, or move it to a pattern list';
  return { index: found.index, message: `${quote(found[0], 20)} is regex syntax, but ${tail}; ${fix}` };
}

/** The syntax of another tool, named: wildcards and delimiters from other moderation products and databases. */
function otherTool(found: string, term: string): string | null {
  if (found.startsWith('/')) return `${quote(term, 30)} is a /slash-delimited/ regex from another tool`;
  if (found === '%') return `"%" is an SQL LIKE wildcard`;
  if (found === '?') return `"?" is a one-character wildcard in other tools`;
  if (found === '+') return `"+" is a regex repeat ("one or more")`;
  if (found === '\\ ') return `"\\ " is a regex-escaped space`;
  return null;
}

/** `w[0o]rd` → `w0rd`, `word`: when the only syntax is small character classes (at most 8 spellings). */
function expandClasses(term: string): string[] | null {
  const rest = term.replace(CLASS, '');
  if (/[[\]\\{}()|*+?^$]/.test(rest)) return null;
  let out = [''];
  let last = 0;
  for (const m of term.matchAll(CLASS)) {
    const lit = term.slice(last, m.index);
    const chars = Array.from(m[1]!);
    out = out.flatMap((prefix) => chars.map((c) => prefix + lit + c));
    if (out.length > 8) return null;
    last = m.index! + m[0].length;
  }
  return out.map((v) => v + term.slice(last));
}
