// The pattern backtracking analysis (scslre with refa: 45-500 ms of module loading) is imported by
// validate only when a pattern list is checked. Through the real path: validateRepo in a child
// process of its own, whose ESM resolutions a loader hook records on stderr (the `import()` that
// validate awaits is one; a sync `require` fallback would not be, so the pattern case also proves
// the async path loaded it).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateLoading } from '../helpers/module-loads.js';

const validateIn = (dir: string) => validateLoading(dir, ['scslre']);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kwsync-backtracking-load-'));
  mkdirSync(join(dir, 'keywords'));
  writeFileSync(join(dir, 'keywords', 'scam.yaml'), 'id: scam\nname: Scam\ncategory: word\nsearchTerms:\n  - scam\n  - free money\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('a folder of word lists is validated without loading the backtracking analysis', () => {
  const r = validateIn(dir);
  expect(r.loaded).toEqual([]);
  expect(r.rules).toEqual([]);
}, 60_000);

test('a pattern list loads it, and a backtracking pattern is still refused', () => {
  writeFileSync(join(dir, 'keywords', 'codes.yaml'), "id: codes\nname: Codes\ncategory: pattern\nsearchTerms:\n  - '(?:a{1,50}){1,50}b'\n");
  const r = validateIn(dir);
  expect(r.loaded.some((l) => l.includes('scslre'))).toBe(true);
  expect(r.rules.some((x) => x.endsWith('-backtracking'))).toBe(true);
}, 60_000);
