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
    expect(after.tests.reduce((n, t) => n + t.examples, 0)).toBeGreaterThan(0);
  });
});
