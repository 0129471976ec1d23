// `kwsync explain` end to end in a temporary git repository: a term committed on the branch, one
// that came through a merge commit "Merge pull request #12 from …", one squash-merged "(#13)", one
// in a terms CSV; provenance survives a reformat of the line; then outside git, and uncommitted.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { outputJsonSchema } from '../../src/cli/output-schemas/index.js';
import type { ExplainReport } from '../../src/explain/explain-report.js';
import { kwsync } from '../helpers/cli.js';

const MESSAGE = 'You scam artist, pay with a gift card or call 555-1234';
let root: string;
const dirs: string[] = [];
const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=Ana Lyst', '-c', 'user.email=a@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: root, encoding: 'utf8' }).trim();
const write = (file: string, text: string) => writeFileSync(join(root, file), text);
const scams = (terms: string) => `id: scams\nname: Scams\ncategory: word\nsearchTerms: ${terms}\n`;
const contact = (patterns: string[]) => `id: contact\nname: Contact\ncategory: pattern\nsearchTerms:\n${patterns.map((p) => `  - '${p}'`).join('\n')}\n`;
const commits: Record<string, string> = {};

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'kwsync-explain-'));
  dirs.push(root);
  mkdirSync(join(root, 'keywords'));
  git('init', '-q', '-b', 'main');
  write('keywords/scams.yaml', scams('[scam]'));
  write('keywords/contact.yaml', contact(['whats ?app']));
  write('keywords/slurs.yaml', 'id: slurs\nname: Slurs\ncategory: word\nfile: slurs.csv\n');
  write('keywords/slurs.csv', 'term\nfoo\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'Add the first lists');
  commits.first = git('rev-parse', 'HEAD');
  // A pull request merged with a merge commit.
  git('checkout', '-q', '-b', 'analyst/gift-card');
  write('keywords/scams.yaml', scams('[scam, gift card]'));
  write('keywords/slurs.csv', 'term\nfoo\ncall\n');
  git('commit', '-q', '-am', 'Catch gift-card scams');
  commits.giftCard = git('rev-parse', 'HEAD');
  git('checkout', '-q', 'main');
  git('merge', '-q', '--no-ff', 'analyst/gift-card', '-m', 'Merge pull request #12 from analyst/gift-card');
  commits.merge12 = git('rev-parse', 'HEAD');
  // A pull request squash-merged.
  write('keywords/contact.yaml', contact(['whats ?app', '\\b\\d{3}-\\d{4}\\b']));
  git('commit', '-q', '-am', 'Catch phone numbers (#13)');
  commits.squash13 = git('rev-parse', 'HEAD');
  // A reformat (as `kwsync fmt` would): the line holding "gift card" changes, the term does not.
  write('keywords/scams.yaml', scams('\n  - scam\n  - gift card'));
  git('commit', '-q', '-am', 'Format the lists');
});
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

test('a message caught by three lists: marked spans, rules, commit and pull request per term', async () => {
  const r = await kwsync(['explain', MESSAGE], {}, root);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('Caught by 3 lists:');
  expect(r.stdout).toContain('You [scam] artist, pay with a [gift card] or call 555-1234');
  expect(r.stdout).toContain('rule: word list, whole word, case-insensitive');
  // "scam": on the branch from the start, no pull request; the reformat is looked through.
  expect(r.stdout).toMatch(new RegExp(`term "scam"  keywords/scams\\.yaml:5\\n {4}entered \\d{4}-\\d\\d-\\d\\d in commit ${commits.first!.slice(0, 10)} "Add the first lists"\\n {4}no pull request`));
  expect(r.stdout).toMatch(new RegExp(`term "gift card"  keywords/scams\\.yaml:6\\n {4}entered [-\\d]+ in commit ${commits.giftCard!.slice(0, 10)} "Catch gift-card scams"\\n {4}through pull request #12 \\(merged in ${commits.merge12!.slice(0, 10)} on `));
  expect(r.stdout).toMatch(new RegExp(`pattern "\\\\b\\\\d\\{3\\}-\\\\d\\{4\\}\\\\b"  keywords/contact\\.yaml:6\\n {4}entered [-\\d]+ in commit ${commits.squash13!.slice(0, 10)} "Catch phone numbers \\(#13\\)"\\n {4}through pull request #13 \\(squash-merged\\)`));
  // A terms CSV: the line of the CSV is blamed.
  expect(r.stdout).toMatch(/term "call"  keywords\/slurs\.csv:3\n {4}entered [-\d]+ in commit \w+ "Catch gift-card scams"\n {4}through pull request #12/);
});

test('--format json: the same facts as data, valid against the committed schema', async () => {
  const r = await kwsync(['explain', MESSAGE, '--format', 'json'], {}, root);
  expect(r.code).toBe(0);
  const report = JSON.parse(r.stdout) as ExplainReport;
  const validate = new Ajv2020({ allErrors: true, strict: true }).compile(outputJsonSchema('explain-report'));
  expect(validate(report) ? [] : validate.errors).toEqual([]);
  const gift = report.lists.find((l) => l.id === 'scams')!.terms.find((t) => t.term === 'gift card')!;
  expect(gift).toEqual({
    term: 'gift card',
    spans: [{ start: 28, end: 37, text: 'gift card' }],
    file: 'keywords/scams.yaml',
    line: 6,
    provenance: {
      status: 'found',
      commit: { commit: commits.giftCard, date: expect.any(String), subject: 'Catch gift-card scams' },
      pullRequest: { number: 12, via: 'merge', landedIn: commits.merge12, landedAt: expect.any(String) },
    },
  });
  expect(report).toMatchObject({ formatVersion: 1, kind: 'message', caught: true });
});

test('a message no list catches: exit 0, said plainly', async () => {
  const r = await kwsync(['explain', 'a perfectly nice scammer-free message'], {}, root);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('No list catches this message.');
  expect(r.stdout).toContain('Not caught by: contact (pattern), scams (word), slurs (word)');
});

test('--term: every list holding it, exactly or case-folded, with provenance', async () => {
  const r = await kwsync(['explain', '--term', 'GIFT CARD'], {}, root);
  expect(r.code).toBe(0);
  expect(r.stdout).toMatch(/Held by 1 list/);
  expect(r.stdout).toMatch(/term "gift card" \(same once case-folded\)  keywords\/scams\.yaml:6\n {4}entered [-\d]+ in commit \w+ "Catch gift-card scams"\n {4}through pull request #12/);
  const none = await kwsync(['explain', '--term', 'nothing-here'], {}, root);
  expect(none.code).toBe(0);
  expect(none.stdout).toContain('No list in the repository holds this term');
});

test('a term not committed yet says so', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kwsync-explain-dirty-'));
  dirs.push(dir);
  cpSync(root, dir, { recursive: true });
  writeFileSync(join(dir, 'keywords/scams.yaml'), scams('\n  - scam\n  - gift card\n  - artist'));
  const r = await kwsync(['explain', MESSAGE], {}, dir);
  expect(r.stdout).toMatch(/term "artist"  keywords\/scams\.yaml:7\n {4}added in the working tree: not committed yet/);
});

test('outside a git repository: everything but provenance, which is said to be unavailable', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'kwsync-explain-nogit-'));
  dirs.push(dir);
  cpSync(join(root, 'keywords'), join(dir, 'keywords'), { recursive: true });
  const r = await kwsync(['explain', MESSAGE], {}, dir);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('Caught by 3 lists:');
  expect(r.stdout).toContain('provenance unavailable: not in a git repository');
  expect(r.stdout).toContain('Provenance: not in a git repository (or git is not installed), so provenance is unavailable.');
});

test('--help teaches with examples', async () => {
  const r = await kwsync(['explain', '--help']);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('kwsync explain --term scam');
  expect(r.stdout).toMatch(/Merge pull request #N/);
  expect(r.stdout).toContain("The estimate is the local model's,\nnot CometChat's");
});

describe('exit codes', () => {
  test.each([
    [[], /^kwsync: say what to explain/],
    [['msg', '--term', 't'], /^kwsync: give a message or --term, not both/],
    [['  '], /^kwsync: the message is empty/],
    [['msg', '--format', 'xml'], /^kwsync: option '--format <format>' argument 'xml' is invalid/],
  ])('%j: 64', async (argv, pattern) => {
    const r = await kwsync(['explain', ...argv], {}, root);
    expect(r.code).toBe(64);
    expect(r.stderr).toMatch(pattern);
  });

  test('invalid lists: 3, with the diagnostics', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kwsync-explain-bad-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'keywords'));
    writeFileSync(join(dir, 'keywords/bad.yaml'), 'id: bad\nname: B\ncategory: word\nsearchTerms: [a, a]\n');
    const r = await kwsync(['explain', 'a'], {}, dir);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/keywords\/bad\.yaml:4:\d+ error /);
    expect(r.stderr).toMatch(/kwsync: 1 error in the keyword lists, so what they catch cannot be explained\n {2}hint: /);
  });

  test('--live without a connection: 1, naming what to set', async () => {
    const r = await kwsync(['explain', 'a', '--live'], {}, root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^kwsync: not connected to CometChat/);
  });
});
