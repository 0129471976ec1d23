// The look-alike data (unicode-name's character names, unhomoglyph's confusables.txt: ~400 ms of
// module loading) are imported by validate only when a term holds a non-ASCII character, the only
// kind the look-alike rules can warn. Through the real path: validateRepo in a child process of its
// own, whose module resolutions a loader hook records on stderr.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateLoading } from '../helpers/module-loads.js';

const validateIn = (dir: string) => validateLoading(dir, ['unicode-name', 'unhomoglyph']);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kwsync-lookalike-load-'));
  mkdirSync(join(dir, 'keywords'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const writeList = (terms: string[]) => {
  writeFileSync(join(dir, 'keywords', 'scam.yaml'), 'id: scam\nname: Scam\ncategory: word\nfile: scam.csv\n');
  writeFileSync(join(dir, 'keywords', 'scam.csv'), `term\n${terms.join('\n')}\n`);
};

test('an all-ASCII folder is validated without loading the look-alike data', () => {
  writeList(['scam', 'sc4m', 'free money']);
  const r = validateIn(dir);
  expect(r.loaded).toEqual([]);
  expect(r.rules.filter((x) => x.startsWith('term-'))).toEqual([]);
}, 60_000);

test('a non-ASCII term loads them, and its look-alike is warned with the character named', () => {
  writeList(['scam', 's\u0441am']);
  const r = validateIn(dir);
  expect(r.loaded.some((l) => l.includes('unicode-name'))).toBe(true);
  expect(r.rules).toContain('term-mixed-script');
}, 60_000);
