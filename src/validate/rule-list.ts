// The checks on what a list means, as data: each rule's id, level, what it finds and why it
// matters under the service's matching. docs/rules.md's "What kwsync checks and why" is generated
// from this list (renderChecksDoc; test/validate/rule-list-doc.test.ts fails when they differ), so
// the docs and the rules cannot drift.
import { ACCEPTABLE_RULES } from '../model/list-file.js';

export type RuleKind = 'word lists' | 'every list of terms' | 'sentence lists' | 'pattern lists' | 'files';

export interface RuleDoc {
  id: string;
  kind: RuleKind;
  level: string;
  /** What the rule finds, in the analyst's words. */
  finds: string;
  /** Why it matters: what the list would catch instead. */
  why: string;
}

export const RULE_LIST: readonly RuleDoc[] = [
  { id: 'word-regex-syntax', kind: 'word lists', level: 'error', finds: '`[..]`, `\\d`, `{n}`, `(a|b)`, `.*`, `k+`, `sc?m`, `%kys%`, `/kys/`, `*` at a word edge', why: 'a word list matches text literally, symbols and all; nobody types the syntax of a regex or another tool' },
  { id: 'term-several', kind: 'word lists', level: 'error', finds: '`nitwit, dimwit`, `a|b`, `x，y` (from three terms on when the comma was quoted)', why: 'the whole text, separator included, is one term, so neither word alone is caught; the fix splits it' },
  { id: 'term-markup', kind: 'word lists', level: 'error (warning in sentence lists)', finds: 'a bullet, a list number, a chat `>`, Markdown `~~ __ **`, a phrase\'s full stop', why: 'the markup is part of the term, so the term alone is never caught' },
  { id: 'term-quoted', kind: 'word lists', level: 'error (warning elsewhere)', finds: 'quotes kept around a term', why: 'only text with those quote marks is caught' },
  { id: 'term-typographic-dash', kind: 'word lists', level: 'error', finds: 'an en or em dash between letters (`self–harm`)', why: 'people type a hyphen' },
  { id: 'term-typographic-quote', kind: 'every list of terms', level: 'error (not in sentence lists)', finds: 'curly quotes around or inside a term', why: 'people type straight quotes; a sentence is compared by meaning, where they read the same' },
  { id: 'term-invisible-char', kind: 'every list of terms', level: 'error', finds: 'NBSP, zero-width space, soft hyphen, bidi marks, line separators, a variation selector after a letter', why: 'typed messages do not hold them, so the term misses what it shows' },
  { id: 'term-decomposed', kind: 'word lists', level: 'warning', finds: 'an accent stored as a separate mark (`cre\\u0301tin`)', why: "kwsync's matcher composes it; the service's matching is unpublished, and one comparing characters misses the typed word" },
  { id: 'term-sheet-apostrophe', kind: 'word lists', level: 'error', finds: "a CSV term starting `'@`, `'=`, `'+`, `'-`", why: "the spreadsheet's anti-formula apostrophe became part of the term" },
  { id: 'term-merge-conflict', kind: 'every list of terms', level: 'error', finds: '`<<<<<<<`, `=======`, `>>>>>>>` lines', why: 'merge-conflict markers would be uploaded as terms' },
  { id: 'term-sheet-number', kind: 'word lists', level: 'error (a warning for a dropped 0 or +)', finds: 'a phone number in scientific notation (`4.47911E+11`) or with `.0` added, or a number missing the leading 0 or the + its neighbours have', why: 'a spreadsheet changed the number before the export (digits past the shown ones are lost); re-export with the column as Text' },
  { id: 'term-cut-by-comment', kind: 'word lists', level: 'error', finds: '`- join #freecrypto now`', why: 'YAML reads ` #…` as a comment, so the term is `join`, which catches ordinary chat' },
  { id: 'term-optional-marks', kind: 'word lists', level: 'warning', finds: 'Arabic, Hebrew or Syriac vowel marks in a term (`كَلْب`, `שָׁלוֹם`): nonspacing diacritics of the abjads; an Arabic tatweel (`كـلب`)', why: 'everyday writing leaves them out, and a word list matches the marks too, so the word as typed is not caught; the fix adds the form without marks' },
  { id: 'term-language-case', kind: 'word lists', level: 'error (a warning when only capitals are missed)', finds: 'a letter its language cases its own way (Turkish `İ` `ı`, Lithuanian, Greek capitals without accents)', why: 'matching lowers case by Unicode\'s default, so `İdiot` never catches `idiot` typed in Turkish, and `kız` in capitals (`KIZ`) reads as `kiz`' },
  { id: 'term-in-chat', kind: 'word lists', level: 'warning', finds: 'a term the word matcher misses inside running text or beside chat punctuation; `傻 逼` (a space inside a Chinese or Japanese word, an error); a Thai, Lao, Khmer or Burmese word list (once a list)', why: 'the text around it joins it into a longer word, or the service may want spaces around a term in a script without them; a pattern list catches it anywhere' },
  { id: 'word-list-sentence', kind: 'word lists', level: 'warning', finds: 'a term of 8 words or more', why: 'it is caught only word for word; a sentence list catches it reworded' },
  { id: 'term-mixed-script', kind: 'every list of terms', level: 'warning', finds: 'a term mixing scripts (`scаm` with a Cyrillic а)', why: 'it reads as one word and catches another' },
  { id: 'term-look-alike', kind: 'every list of terms', level: 'warning', finds: 'a term written in characters that pass for ASCII (`kıll`, `ｓｃａｍ`, all-Cyrillic `ѕсаm`)', why: 'it catches only text typed with the same look-alikes (evasion lists hold them on purpose, so it warns)' },
  { id: 'term-confusable', kind: 'every list of terms', level: 'warning', finds: 'a term with the same skeleton as another term', why: 'two terms read alike and catch different text' },
  { id: 'sentence-regex-syntax', kind: 'sentence lists', level: 'error', finds: '`.*`, `\\b`, `[..]`, `(a|b)` in a sentence', why: 'the model reads the syntax as words' },
  { id: 'sentence-paragraph', kind: 'sentence lists', level: 'warning', finds: 'an entry of three sentences or more, or two over the length limit', why: 'the model compares the whole entry with a message, so one of its sentences said alone scores low; the fix writes one sentence per entry' },
  { id: 'sentence-too-short', kind: 'sentence lists', level: 'error', finds: 'fewer than 3 words', why: 'the model compares whole sentences' },
  { id: 'pattern-dead-anchor', kind: 'pattern lists', level: 'error', finds: 'a `$` or `^` with text after or before it', why: 'it can never match; the fix escapes it' },
  { id: 'pattern-unescaped-dot', kind: 'pattern lists', level: 'warning', finds: "a domain's unescaped `.`", why: '`bit.ly` also catches `bitxly`' },
  { id: 'pattern-literal-question', kind: 'pattern lists', level: 'error', finds: 'prose ending in `?` (`are you 18?`)', why: 'the ? makes the last character optional, so `are you 1` is caught' },
  { id: 'pattern-empty-branch', kind: 'pattern lists', level: 'error', finds: 'an empty branch between two others (`k(ys||ms)`)', why: 'the group can be skipped, so the bare prefix is caught' },
  { id: 'pattern-class-range', kind: 'pattern lists', level: 'warning', finds: '`[A-z]`', why: 'it also holds `[ \\ ] ^ _` and a backtick' },
  { id: 'pattern-ascii-boundary', kind: 'pattern lists', level: 'error', finds: '`\\b` beside a non-ASCII letter (`\\bencul(?:é|e)\\b`)', why: '\\b knows only ASCII word characters, so the word is never caught; no fix is offered, as what may touch the word is the analyst\'s decision' },
  { id: 'pattern-lookbehind', kind: 'pattern lists', level: 'warning', finds: '`(?<=…)`, `(?<!…)`', why: 'the service\'s regex flavour is not documented' },
  { id: 'pattern-whole-message', kind: 'pattern lists', level: 'error around words (a warning around other syntax, or for ^ alone)', finds: '`^scam$`: ^ at the start and $ at the end; `^free nitro`', why: 'it catches only a message that is exactly the word, never the word in a sentence; the fix is `\\bscam\\b`' },
  { id: 'pattern-class-alternatives', kind: 'pattern lists', level: 'error', finds: '`[cash|venmo]`: words with `|` inside a character class; `[^boost]` meant as "not the word"', why: 'a class is one character, so it catches `c` or `|`, never the words; the fixes are `(?:cash|venmo)` and `(?!boost)`' },
  { id: 'pattern-class-case', kind: 'pattern lists', level: 'error', finds: '`[A-Z]`: a class of capitals only', why: 'patterns ignore case, so `\\b[A-Z]{6,20}\\b` catches every long word; no pattern can require capitals' },
  { id: 'pattern-literal-plus', kind: 'pattern lists', level: 'error', finds: '`18+`: a `+` after a number', why: 'it repeats the last digit (188, 1888) and is unbounded; a bound keeps the repeat; the fix is `18\\+`' },
  { id: 'pattern-doubled-backslash', kind: 'pattern lists', level: 'error', finds: '`\\\\d{3}`: backslashes doubled as in JSON or source code', why: 'the pattern then needs a literal backslash in the message; the fix is the regex with one backslash' },
  { id: 'pattern-flags', kind: 'pattern lists', level: 'error', finds: '`(?i)…`, `/…/flags`, a raw string `r\'…\'`', why: 'the flags cannot be set, and slashes would have to be in the message' },
  { id: 'file-never-read', kind: 'files', level: 'warning', finds: 'another extension, a merge leftover, a list or CSV in a sub-folder nothing reads', why: 'it is never checked or sent' },
  { id: 'yaml-not-read', kind: 'files', level: 'warning', finds: 'the entries after a YAML error', why: 'the file is not read, so nothing in it is checked' },
  { id: 'yaml-duplicate-key', kind: 'files', level: 'error', finds: 'a key written twice', why: 'only one is read; the other\'s terms are never sent' },
];

/**
 * Every other rule id kwsync reports (file, structure, limit, config and target errors): with the
 * list above, ACCEPTABLE_RULES and WARNING_RULES, the ids `validate.rules` may name.
 * test/validate/rule-ids.test.ts fails when src/ reports an id that is in none of them.
 */
export const STRUCTURAL_RULE_IDS: readonly string[] = [
  'accept-invalid',
  'append-terms-list-file',
  'config-duplicate',
  'config-rule-level',
  'csv-syntax',
  'description-too-long',
  'duplicate-id',
  'duplicate-term',
  'empty-file',
  'file-not-csv',
  'file-not-found',
  'file-not-regular',
  'file-outside-folder',
  'file-too-large',
  'file-unreadable',
  'id-too-long',
  'invalid-type',
  'invalid-utf8',
  'invalid-value',
  'list-empty',
  'list-too-large',
  'name-empty',
  'name-too-long',
  'pattern-matches-empty',
  'pattern-syntax',
  'pattern-unbounded',
  'required-field',
  'target-after-cycle',
  'target-after-unknown',
  'target-duplicate',
  'target-empty',
  'target-environment-shared',
  'target-unknown',
  'target-unknown-list',
  'term-empty',
  'term-multiline',
  'term-needs-quotes',
  'term-padded',
  'term-too-long',
  'terms-missing',
  'terms-source-conflict',
  'test-budget',
  'test-should-match',
  'test-should-not-match',
  'test-timeout',
  'too-many-lists',
  'too-slow',
  'unknown-key',
  'yaml-escape',
  'yaml-missing-space',
  'yaml-nesting-limit',
  'yaml-reserved-start',
  'yaml-stray-item',
  'yaml-syntax',
  'yaml-tab-indent',
  'yaml-apostrophe',
  'target-after-too-deep',
  'target-base-url-path',
  'id-format',
  'list-renamed',
  // Moderation rule files (keywords/rules/*.yaml, src/validate/rule-files).
  'rule-file-is-list',
  'list-file-is-rule',
  'rule-condition-invalid',
  'rule-condition-unpublished',
  'rule-id-invalid',
  'rule-limit',
  'rule-action-empty',
  'rule-action-unknown',
  'rule-unknown-list',
  'rule-duplicate-id',
];

/** Rules a list may accept: every one in the list above that can be. */
export const ACCEPTABLE = new Set<string>(ACCEPTABLE_RULES);

const KINDS: readonly RuleKind[] = ['word lists', 'every list of terms', 'sentence lists', 'pattern lists', 'files'];

/** The generated section of docs/rules.md. */
export function renderChecksDoc(): string {
  const lines = [
    'Generated from `src/validate/rule-list.ts` (a test fails when this section and the rules differ).',
    'Each rule compares what a term will catch under the service\'s matching (whole words, ignoring',
    'case, for word lists; the regex with flags `iu` for patterns; meaning for sentences) with what it',
    'most plausibly meant. What changes what a list catches is an error; what may be meant is a',
    'warning; harmless style is silent. A fix is offered only when it is proven (the term written back',
    'reads as meant, no term is lost or merged, the examples still pass, and a pattern catches the',
    'strings generated from the text it spells); otherwise the message says what to decide instead.',
    '',
  ];
  for (const kind of KINDS) {
    lines.push(`**${kind[0]!.toUpperCase()}${kind.slice(1)}**`, '', '| rule | level | finds | why | can accept |', '|---|---|---|---|---|');
    for (const r of RULE_LIST.filter((x) => x.kind === kind)) {
      lines.push(`| ${r.id} | ${r.level} | ${r.finds.replace(/\|/g, '\\|')} | ${r.why.replace(/\|/g, '\\|')} | ${ACCEPTABLE.has(r.id) ? 'yes' : ''} |`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

export const DOC_START = '<!-- generated: what kwsync checks (src/validate/rule-list.ts) -->';
export const DOC_END = '<!-- end generated -->';

/** `doc` with its generated section replaced by the current one. */
export function withChecksDoc(doc: string): string {
  const start = doc.indexOf(DOC_START);
  const end = doc.indexOf(DOC_END);
  if (start === -1 || end === -1) return doc;
  return `${doc.slice(0, start + DOC_START.length)}\n${renderChecksDoc()}${doc.slice(end)}`;
}
