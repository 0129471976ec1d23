// `kwsync fmt` through the CLI on a temporary folder: --check lists the files that differ and
// writes nothing (exit 3), fmt rewrites in place keeping comments and terms, sorting when
// kwsync.yaml asks, CSV normalised, and an invalid list is never rewritten.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kwsync } from '../helpers/cli.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function folder(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kwsync-fmt-'));
  dirs.push(root);
  mkdirSync(join(root, 'keywords'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(root, 'keywords', name), text);
  return root;
}
const read = (root: string, name: string) => readFileSync(join(root, 'keywords', name), 'utf8');

const MILD = `# Mild words. Keep this comment.
id: mild
name: Mild
category: word
searchTerms: [heck, "darn", 'Crypto', "0088", "it's"]   # inline
tests:
  shouldMatch: ["oh heck"]
`;
const PATTERNS = "id: pats\nname: P\ncategory: pattern\nsearchTerms:\n  - '[0-9]{3}'\n  - '\\bcash ?app\\b'\n";
const SLURS_YAML = 'id: slurs\nname: S\ncategory: word\nfile: slurs.csv\n';
const SLURS_CSV = 'term\r\nfoo\r\n"bar"\r\n\r\n"a ""b"" c"\r\n';

test('--check: exit 3, the files that differ with their first differing line, nothing written', async () => {
  const root = folder({ 'mild.yaml': MILD, 'pats.yaml': PATTERNS, 'slurs.yaml': SLURS_YAML, 'slurs.csv': SLURS_CSV });
  const r = await kwsync(['fmt', '--check'], {}, root);
  expect(r.code).toBe(3);
  expect(r.stdout).toContain('keywords/mild.yaml:5 differs (first difference)\n    - searchTerms: [heck, "darn", \'Crypto\', "0088", "it\'s"]   # inline\n    + searchTerms:\n');
  expect(r.stdout).toContain('keywords/slurs.csv:3 differs (first difference, and CRLF line ends become LF)\n    - "bar"\n    + bar\n');
  expect(r.stdout).not.toContain('pats.yaml');
  expect(r.stdout).toContain('2 files of 4 not in canonical form; run `kwsync fmt` and commit the result');
  expect(read(root, 'mild.yaml')).toBe(MILD);
  expect(read(root, 'slurs.csv')).toBe(SLURS_CSV);
});

test('fmt: rewrites in place, comments and terms kept, lists what changed; then --check passes', async () => {
  const root = folder({ 'mild.yaml': MILD, 'pats.yaml': PATTERNS, 'slurs.yaml': SLURS_YAML, 'slurs.csv': SLURS_CSV });
  const before = await kwsync(['validate', '--format', 'json'], {}, root);
  const r = await kwsync(['fmt'], {}, root);
  expect(r.code).toBe(0);
  expect(r.stdout).toBe('formatted keywords/mild.yaml\nformatted keywords/slurs.csv\n2 files formatted, 2 already canonical\n');
  expect(read(root, 'mild.yaml')).toBe(`# Mild words. Keep this comment.
id: mild
name: Mild
category: word
searchTerms:
  - heck
  - darn
  - Crypto
  - '0088'
  - it's
  # inline
tests:
  shouldMatch: ["oh heck"]
`);
  expect(read(root, 'slurs.csv')).toBe('term\nfoo\nbar\n"a ""b"" c"\n');
  expect(read(root, 'pats.yaml')).toBe(PATTERNS);
  // No temporary file is left behind.
  expect(readdirSync(join(root, 'keywords')).sort()).toEqual(['mild.yaml', 'pats.yaml', 'slurs.csv', 'slurs.yaml']);
  const after = await kwsync(['validate', '--format', 'json'], {}, root);
  const terms = (out: string) => (JSON.parse(out) as { lists: { id: string; terms: number }[] }).lists;
  expect(terms(after.stdout)).toEqual(terms(before.stdout));
  expect(await kwsync(['fmt', '--check'], {}, root)).toEqual({ code: 0, stdout: '4 files checked, all in canonical form\n', stderr: '' });
});

test('fmt.sortTerms in kwsync.yaml sorts terms case-folded', async () => {
  const root = folder({ 'mild.yaml': MILD, 'kwsync.yaml': 'fmt:\n  sortTerms: true\n' });
  expect((await kwsync(['fmt'], {}, root)).code).toBe(0);
  expect(read(root, 'mild.yaml')).toMatch(/searchTerms:\n {2}- '0088'\n {2}- Crypto\n {2}- darn\n {2}- heck\n {2}- it's\n/);
});

test('an invalid list is never rewritten: exit 3 with the diagnostics', async () => {
  const bad = 'id: bad\nname: B\ncategory: word\nsearchTerms: [a, a]\n';
  const root = folder({ 'mild.yaml': MILD, 'bad.yaml': bad });
  for (const argv of [['fmt'], ['fmt', '--check']]) {
    const r = await kwsync(argv, {}, root);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/keywords\/bad\.yaml:4:\d+ error /);
    expect(r.stderr).toMatch(/kwsync: 1 error in the keyword lists; nothing was formatted\n {2}hint: /);
  }
  expect(read(root, 'mild.yaml')).toBe(MILD);
  expect(read(root, 'bad.yaml')).toBe(bad);
});

test('--help teaches with examples', async () => {
  const r = await kwsync(['fmt', '--help']);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('kwsync fmt --check');
  expect(r.stdout).toContain('sortTerms: true');
});
