// Table-driven: each mistake that changes what a list catches, written as an analyst writes it. The
// diagnostic must carry a structured fix; the fix applied to its source line must validate with no
// error and no finding of the same rule, and still mean what the analyst meant: each list carries
// `tests:` examples (the fixed pattern still catches them, a term keeps its word boundaries), which
// run only once the list has no error, so "no error after the fix" includes "the examples pass".
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyFix } from '../../src/load/term-fix.js';
import { validateRepo } from '../../src/validate/index.js';
import { intentStrings, sameOnIntent } from '../../src/validate/rules/patterns.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';

interface Case {
  name: string;
  /** File name → content, under keywords/. */
  files: Record<string, string>;
  rule: string;
  severity: 'error' | 'warning';
  /** The file the finding is in (default list.yaml). */
  in?: string;
  /** No fix can be worked out: none may be offered. */
  noFix?: true;
  /** When the fix is withheld: what the message says instead. */
  withheld?: string;
  /** The list's terms after the fix, in order: no term lost or merged. */
  terms?: string[];
  /** A sentence list: its examples are not run offline. */
  noExamples?: true;
  /** A pattern fix's intent as literal text: the fixed pattern catches the strings generated from it exactly as the text does. */
  literal?: string;
}

const list = (category: string, terms: string[], tests: { should?: string[]; shouldNot?: string[] } = {}, extra = ''): string =>
  [
    'id: demo',
    'name: Demo',
    `category: ${category}`,
    ...(terms.length ? ['searchTerms:', ...terms.map((t) => `  - ${t}`)] : []),
    ...(extra ? [extra] : []),
    ...(tests.should || tests.shouldNot ? ['tests:'] : []),
    ...(tests.should ? ['  shouldMatch:', ...tests.should.map((t) => `    - ${JSON.stringify(t)}`)] : []),
    ...(tests.shouldNot ? ['  shouldNotMatch:', ...tests.shouldNot.map((t) => `    - ${JSON.stringify(t)}`)] : []),
    '',
  ].join('\n');

const CASES: Case[] = [
  { name: 'curly quotes around a term', files: { 'list.yaml': list('word', ['“scam”'], { should: ['what a scam'] }) }, rule: 'term-typographic-quote', severity: 'error' },
  { name: 'a curly apostrophe inside a term', files: { 'list.yaml': list('word', ['don’t pay'], { should: ["I don't pay"] }) }, rule: 'term-typographic-quote', severity: 'error' },
  {
    name: 'a semicolon-separated CSV',
    files: { 'list.yaml': list('word', [], { should: ['fraud alert', 'phish'] }, 'file: terms.csv'), 'terms.csv': 'scam;fraud\nspam;phish\n' },
    rule: 'csv-separator',
    severity: 'error',
    in: 'terms.csv',
  },
  {
    name: 'a tab-separated CSV',
    files: { 'list.yaml': list('word', [], { should: ['fraud alert'] }, 'file: terms.csv'), 'terms.csv': 'scam\tfraud\nspam\tphish\n' },
    rule: 'csv-separator',
    severity: 'error',
    in: 'terms.csv',
  },
  { name: 'a $ that must be followed by a character', files: { 'list.yaml': list('pattern', ["'cash$app'"], { should: ['pay me on cash$app'] }) }, rule: 'pattern-dead-anchor', severity: 'error' },
  { name: 'a ^ that must be preceded by a character', files: { 'list.yaml': list('pattern', ["'x^2'"], { should: ['solve x^2 now'] }) }, rule: 'pattern-dead-anchor', severity: 'error' },
  { name: 'a $ inside a group, text after the group', files: { 'list.yaml': list('pattern', ["'(usd$|eur)[0-9]{1,5}'"], { should: ['send usd$100'] }) }, rule: 'pattern-dead-anchor', severity: 'error' },
  { name: 'two spaces inside a word term', files: { 'list.yaml': list('word', ['cash  app'], { should: ['use cash app'] }) }, rule: 'term-double-space', severity: 'error' },
  {
    name: 'a CSV with a header row and a notes column (header)',
    files: { 'list.yaml': list('word', [], { should: ['a scam', 'fraud'] }, 'file: terms.csv'), 'terms.csv': 'Keyword,Notes\nscam\nfraud\n' },
    rule: 'csv-header',
    severity: 'error',
    in: 'terms.csv',
  },
  {
    name: 'a CSV with a notes column',
    files: { 'list.yaml': list('word', [], { should: ['a scam'] }, 'file: terms.csv'), 'terms.csv': 'term\nscam,added by ann\nfraud,\n' },
    rule: 'csv-multiple-fields',
    severity: 'error',
    in: 'terms.csv',
  },
  { name: '"\\b" in double quotes, a pattern list', files: { 'list.yaml': list('pattern', ['"\\bcashapp\\b"'], { should: ['my cashapp is'], shouldNot: ['cashappx'] }) }, rule: 'term-control-char', severity: 'error' },
  { name: '"\\b" in double quotes, a word list', files: { 'list.yaml': list('word', ['"\\bscam\\b"'], { should: ['a scam'], shouldNot: ['scammer'] }) }, rule: 'term-control-char', severity: 'error' },
  { name: "'\\b' in single quotes, a word list", files: { 'list.yaml': list('word', ["'\\bscam\\b'"], { should: ['a scam'], shouldNot: ['scammer'] }) }, rule: 'word-regex-syntax', severity: 'error' },
  { name: 'a pattern starting with [ unquoted', files: { 'list.yaml': list('pattern', ['[0-9]{4}', 'ok'], { should: ['pin 1234'] }) }, rule: 'yaml-reserved-start', severity: 'error' },
  { name: 'a term starting with { unquoted', files: { 'list.yaml': list('word', ['{scam}', 'ok'], { should: ['a {scam} here'] }) }, rule: 'yaml-reserved-start', severity: 'error' },
  { name: 'a term starting with * unquoted', files: { 'list.yaml': list('word', ['*scam', 'ok'], { should: ['a *scam here'] }) }, rule: 'yaml-reserved-start', severity: 'error', noFix: true, withheld: 'no fix is offered, as quoted, the term itself is still wrong: "*\" is not a wildcard in a word list' },
  { name: 'a term starting with & unquoted', files: { 'list.yaml': list('word', ['&co', 'ok'], { should: ['&co'] }) }, rule: 'yaml-reserved-start', severity: 'error' },
  { name: 'a term starting with ! unquoted', files: { 'list.yaml': list('word', ['!scam', 'ok'], { should: ['!scam'] }) }, rule: 'yaml-reserved-start', severity: 'error' },
  { name: 'a term starting with | unquoted', files: { 'list.yaml': list('word', ['|scam', 'ok'], { should: ['|scam'] }) }, rule: 'yaml-reserved-start', severity: 'error' },
  { name: 'a term starting with > unquoted', files: { 'list.yaml': list('word', ['>scam', 'ok'], { should: ['>scam'] }) }, rule: 'yaml-reserved-start', severity: 'error', noFix: true, withheld: 'no fix is offered, as quoted, the term itself is still wrong: the chat quote marker \">\" is part of the term' },
  { name: 'a term starting with % unquoted', files: { 'list.yaml': list('word', ['%scam', 'ok'], { should: ['%scam'] }) }, rule: 'yaml-reserved-start', severity: 'error', noFix: true, withheld: 'no fix is offered, as quoted, the term itself is still wrong: \"%\" is an SQL LIKE wildcard' },
  { name: 'a term starting with @ unquoted', files: { 'list.yaml': list('word', ['@scammer', 'ok'], { should: ['hi @scammer'] }) }, rule: 'yaml-reserved-start', severity: 'error' },
  { name: 'an apostrophe inside single quotes', files: { 'list.yaml': list('word', ["'don't'", 'ok'], { should: ["I don't"] }) }, rule: 'yaml-apostrophe', severity: 'error' },
  { name: 'a number YAML changes (0088)', files: { 'list.yaml': list('word', ['0088'], { should: ['call 0088'] }) }, rule: 'term-needs-quotes', severity: 'error' },
  { name: 'a number YAML changes, the only term', files: { 'list.yaml': list('word', ['0088'], { should: ['0088'] }) }, rule: 'term-needs-quotes', severity: 'error' },
  { name: 'a number YAML changes (1e3)', files: { 'list.yaml': list('word', ['1e3'], { should: ['1e3'] }) }, rule: 'term-needs-quotes', severity: 'error' },
  { name: 'a boolean YAML changes (true)', files: { 'list.yaml': list('word', ['true'], { should: ['true'] }) }, rule: 'term-needs-quotes', severity: 'error' },
  { name: "a domain's unescaped dot", files: { 'list.yaml': list('pattern', ["'bit.ly/[a-z0-9]{1,10}'"], { should: ['go to bit.ly/abc'], shouldNot: ['bitxly/abc'] }) }, rule: 'pattern-unescaped-dot', severity: 'warning' },
  { name: 'a right-to-left mark in a term', files: { 'list.yaml': list('word', ['"scam\\u200F"'], { should: ['a scam'] }) }, rule: 'term-invisible-char', severity: 'error' },
  {
    name: 'file: with the wrong letter case',
    files: { 'list.yaml': list('word', [], { should: ['darn'] }, 'file: Terms.csv'), 'terms.csv': 'darn\n' },
    rule: 'file-not-found',
    severity: 'error',
  },
  { name: 'a pattern starting with { unquoted, invalid once quoted (no fix offered)', files: { 'list.yaml': list('pattern', ['{2}x', 'ok']) }, rule: 'yaml-reserved-start', severity: 'error', noFix: true },
  { name: 'a one-word sentence (no fix can be worked out)', files: { 'list.yaml': list('sentence-similarity', ['scam', 'send me your password now']) }, rule: 'sentence-too-short', severity: 'error', noFix: true },
  // Issue 29: the meaning checks' fixes, each proven the same way, and the withheld ones with what kwsync says instead.
  { name: 'a bullet pasted into a term', files: { 'list.yaml': list('word', ['• kys'], { should: ['just kys'] }) }, rule: 'term-markup', severity: 'error', terms: ['kys'] },
  { name: 'a list number pasted into a term', files: { 'list.yaml': list('word', ['1. nitwit'], { should: ['what a nitwit'] }) }, rule: 'term-markup', severity: 'error', terms: ['nitwit'] },
  { name: "a phrase with its sentence's full stop", files: { 'list.yaml': list('word', ['kill yourself.'], { should: ['kill yourself now'] }) }, rule: 'term-markup', severity: 'error', terms: ['kill yourself'] },
  { name: 'two terms in one block item', files: { 'list.yaml': list('word', ['nitwit, dimwit', 'ok'], { should: ['a nitwit', 'a dimwit'] }) }, rule: 'term-several', severity: 'error', terms: ['nitwit', 'dimwit', 'ok'] },
  { name: 'two terms joined by | in a flow list', files: { 'list.yaml': 'id: demo\nname: Demo\ncategory: word\nsearchTerms: [ok, nitwit|dimwit]\ntests:\n  shouldMatch: [a dimwit]\n' }, rule: 'term-several', severity: 'error', terms: ['ok', 'nitwit', 'dimwit'] },
  {
    name: 'a spreadsheet cell of three terms in a CSV',
    files: { 'list.yaml': list('word', [], { should: ['a numbskull'] }, 'file: terms.csv'), 'terms.csv': 'ok\n"nitwit, dimwit, numbskull"\n' },
    rule: 'term-several',
    severity: 'error',
    in: 'terms.csv',
    terms: ['ok', 'nitwit', 'dimwit', 'numbskull'],
  },
  { name: 'an en dash where a hyphen is meant', files: { 'list.yaml': list('word', ['self–harm'], { should: ['no self-harm'] }) }, rule: 'term-typographic-dash', severity: 'error', terms: ['self-harm'] },
  { name: 'a line separator inside a phrase', files: { 'list.yaml': list('word', ['"kill\u2028yourself"'], { should: ['kill yourself'] }) }, rule: 'term-invisible-char', severity: 'error', terms: ['kill yourself'] },
  { name: 'a hashtag cut by a YAML comment', files: { 'list.yaml': list('word', ['join #freecrypto now', 'ok'], { should: ['join #freecrypto now!'], shouldNot: ['join us'] }) }, rule: 'term-cut-by-comment', severity: 'error', terms: ['join #freecrypto now', 'ok'] },
  {
    name: "a spreadsheet's anti-formula apostrophe",
    files: { 'list.yaml': list('word', [], { should: ['ask @support_team'] }, 'file: terms.csv'), 'terms.csv': "'@support_team\n" },
    rule: 'term-sheet-apostrophe',
    severity: 'error',
    in: 'terms.csv',
    terms: ['@support_team'],
  },
  { name: 'a /slashed/ pattern with a flag', files: { 'list.yaml': list('pattern', ["'/k[yi]s/i'"], { should: ['just KYS'] }) }, rule: 'pattern-flags', severity: 'error', terms: ['k[yi]s'] },
  { name: 'prose ending in a question mark', files: { 'list.yaml': list('pattern', ["'are you 18?'"], { should: ['are you 18?'], shouldNot: ['are you 1 of us'] }) }, rule: 'pattern-literal-question', severity: 'error', terms: ['are you 18\\?'], literal: 'are you 18?' },
  { name: 'an empty branch in a group', files: { 'list.yaml': list('pattern', ["'k(ys||ms)'"], { should: ['kys'], shouldNot: ['ok then'] }) }, rule: 'pattern-empty-branch', severity: 'error', terms: ['k(ys|ms)'] },
  { name: 'an A-z class range', files: { 'list.yaml': list('pattern', ["'k[A-z]s'"], { should: ['kys'], shouldNot: ['k_s'] }) }, rule: 'pattern-class-range', severity: 'warning', terms: ['k[a-z]s'] },
  { name: 'a $ before text, proven on generated strings', files: { 'list.yaml': list('pattern', ["'cash$app'"], { should: ['cash$app me'] }) }, rule: 'pattern-dead-anchor', severity: 'error', terms: ['cash\\$app'], literal: 'cash$app' },
  // Issue 41: terms as chat writes them, patterns that mean something else, spreadsheet numbers, proven advice.
  { name: 'Arabic vowel marks that chat leaves out', files: { 'list.yaml': list('word', ['كَلْب'], { should: ['يا كلب'] }) }, rule: 'term-optional-marks', severity: 'warning', terms: ['كَلْب', 'كلب'] },
  { name: 'a Turkish capital İ', files: { 'list.yaml': list('word', ['İdiot', 'moron'], { should: ['you idiot'] }) }, rule: 'term-language-case', severity: 'error', terms: ['idiot', 'moron'] },
  { name: 'a Turkish ı in capitals', files: { 'list.yaml': list('word', ['kız', 'salak'], { should: ['HEY KIZ'] }) }, rule: 'term-language-case', severity: 'warning', terms: ['kız', 'KIZ', 'salak'] },
  { name: 'anchors tying a word to the whole message', files: { 'list.yaml': list('pattern', ["'^scam$'"], { should: ['this is a scam', 'scam'], shouldNot: ['scammer'] }) }, rule: 'pattern-whole-message', severity: 'error' },
  { name: 'alternatives inside a character class', files: { 'list.yaml': list('pattern', ["'send [cash|venmo] now'"], { should: ['send venmo now'], shouldNot: ['send | now'] }) }, rule: 'pattern-class-alternatives', severity: 'error' },
  { name: 'a + after a number meant as the plus of 18+', files: { 'list.yaml': list('pattern', ["'18+'"], { should: ['18+ only'], shouldNot: ['188'] }) }, rule: 'pattern-literal-plus', severity: 'error' },
  { name: 'backslashes doubled as in JSON', files: { 'list.yaml': list('pattern', ["'\\\\d{3}-\\\\d{4}'"], { should: ['call 555-1234'] }) }, rule: 'pattern-doubled-backslash', severity: 'error' },
  {
    name: 'a leading zero a spreadsheet dropped',
    files: { 'list.yaml': list('word', [], { should: ['ring 07700900456'] }, 'file: terms.csv'), 'terms.csv': '07911123456\n07700900123\n7700900456\n' },
    rule: 'term-sheet-number',
    severity: 'warning',
    in: 'terms.csv',
    terms: ['07911123456', '07700900123', '07700900456'],
  },
  {
    name: 'a row of phrases across a CSV line',
    files: { 'list.yaml': list('word', [], { should: ['go die', 'kys'] }, 'file: terms.csv'), 'terms.csv': 'nitwit\nkill yourself,go die,kys\n' },
    rule: 'csv-multiple-fields',
    severity: 'error',
    in: 'terms.csv',
    terms: ['nitwit', 'kill yourself', 'go die', 'kys'],
  },
  {
    name: 'a paragraph in a sentence list',
    files: { 'list.yaml': list('sentence-similarity', ['Congratulations, you have won a prize. To claim it, send the processing fee by gift card. Reply within one hour or the prize goes to someone else.']) },
    rule: 'sentence-paragraph',
    severity: 'warning',
    noExamples: true,
    terms: ['Congratulations, you have won a prize.', 'To claim it, send the processing fee by gift card.', 'Reply within one hour or the prize goes to someone else.'],
  },
  {
    name: 'withheld: capitals only cannot be kept in a pattern list',
    files: { 'list.yaml': list('pattern', ["'[A-Z]{5,10}'"]) },
    rule: 'pattern-class-case',
    severity: 'error',
    noFix: true,
    withheld: 'no pattern can catch capitals only',
  },
  {
    name: 'withheld: a phone number in scientific notation (the digits are gone)',
    files: { 'list.yaml': list('word', [], {}, 'file: terms.csv'), 'terms.csv': '4.47911E+11\nscam\n' },
    rule: 'term-sheet-number',
    severity: 'error',
    in: 'terms.csv',
    noFix: true,
    withheld: 're-export the sheet with the column formatted as Text',
  },
  // Withheld: the fix cannot be proven, and the message says what to decide.
  {
    name: 'withheld: unquoting would merge with a term the list holds',
    files: { 'list.yaml': list('word', ['kys', '“kys”']) },
    rule: 'term-typographic-quote',
    severity: 'error',
    noFix: true,
    withheld: 'no fix is offered: it would turn this term into "kys", which the list already holds (line 5), merging two terms; decide which spelling to keep and remove the other, or keep both and accept the rule',
  },
  {
    name: 'withheld: the fixed term would lose an example only it caught',
    files: { 'list.yaml': list('word', ['don’t pay'], { should: ['don’t pay me'] }) },
    rule: 'term-typographic-quote',
    severity: 'error',
    noFix: true,
    withheld: 'no fix is offered: the fixed term no longer catches the example "don’t pay me", which only this term caught; decide whether the example or the fix is right',
  },
  {
    name: 'withheld: \\b beside an accented letter (what may touch the word is a decision)',
    files: { 'list.yaml': list('pattern', ["'\\bencul(?:é|e)\\b'"]) },
    rule: 'pattern-ascii-boundary',
    severity: 'error',
    noFix: true,
    withheld: 'decide what may touch the word and write that instead',
  },
];

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'kwsync-fixes-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function setUp(c: Case, i: number): Promise<string> {
  const cwd = join(root, String(i));
  mkdirSync(join(cwd, 'keywords'), { recursive: true });
  for (const [name, text] of Object.entries(c.files)) await writeFile(join(cwd, 'keywords', name), text);
  return cwd;
}

/** Every fix of `rule` in `file`, applied from the last line up (a fix may split one line into several). */
async function applyAll(cwd: string, diags: Diagnostic[]): Promise<void> {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diags) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  for (const [file, ds] of byFile) {
    const path = join(cwd, file);
    let text = await readFile(path, 'utf8');
    for (const d of [...ds].sort((a, b) => b.fix!.line - a.fix!.line)) {
      const next = applyFix(text, d.fix!);
      expect(next).not.toBe(text); // the fix names text that is really there
      text = next;
    }
    await writeFile(path, text);
  }
}

describe('every fix re-validates clean and keeps the meaning', () => {
  it.each(CASES.map((c, i) => [c.name, c, i] as const))('%s', async (_name, c, i) => {
    const cwd = await setUp(c, i);
    const before = await validateRepo({ dir: 'keywords', cwd });
    const found = before.diagnostics.filter((d) => d.rule === c.rule);
    expect({ found: found.length > 0, diagnostics: before.diagnostics }).toMatchObject({ found: true });
    expect(found[0]!.file).toBe(`keywords/${c.in ?? 'list.yaml'}`);
    // Never a false "the list has no terms" beside the real mistake (a number item, a CSV's extra columns).
    expect(before.diagnostics.filter((d) => d.rule === 'list-empty')).toEqual([]);
    expect(found.map((d) => d.severity)).toEqual(found.map(() => c.severity));
    if (c.noFix) {
      expect(found.every((d) => d.fix === undefined)).toBe(true);
      if (c.withheld) expect(found[0]!.message).toContain(c.withheld);
      return;
    }
    for (const d of found) expect(d.fix).toBeDefined();
    // A fix is also said in words, with the same corrected text.
    await applyAll(cwd, found);
    const after = await validateRepo({ dir: 'keywords', cwd });
    expect(after.diagnostics.filter((d) => d.severity === 'error' || d.rule === c.rule)).toEqual([]);
    // The examples ran (a list with an error skips them): the fixed list catches what was meant.
    if (!c.noExamples) expect(after.tests.reduce((n, t) => n + t.examples, 0)).toBeGreaterThan(0);
    // No term lost or merged: the list holds exactly the terms meant.
    if (c.terms) expect(after.folderLists[0]!.searchTerms).toEqual(c.terms);
    // A pattern fix catches the generated strings exactly as its literal text does (ignoring case).
    if (c.literal) {
      const fixed = new RegExp(c.terms![0]!, 'iu');
      const text = new RegExp(c.literal.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'), 'iu');
      const strings = intentStrings(c.literal);
      expect(strings.length).toBeGreaterThan(20);
      expect(strings.filter((x) => fixed.test(x) !== text.test(x))).toEqual([]);
    }
  });
});

describe('the proof of a pattern fix can fail', () => {
  it('a fix that does not catch what the text spells is rejected on the generated strings', () => {
    expect(sameOnIntent('cash$app', 'cash\\$app')).toBe(true);
    expect(sameOnIntent('cash$app', 'cash.app')).toBe(false); // also catches "cashxapp"
    expect(sameOnIntent("are you 18?", "are you 18")).toBe(false); // catches "are you 18" without the question mark
    expect(sameOnIntent('bit.ly', 'bit\\.l')).toBe(false);
  });
});
