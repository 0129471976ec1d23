// Bounded work on untrusted input, key lookups: a list file of tens of thousands of unknown keys
// (the 150k-key file did not finish in 5 minutes) is parsed, checked for duplicates and
// located with one index per mapping. The bound is the test's own timeout: the quadratic version
// of this file takes far longer than it. The outcome is asserted, never the time.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateRepo } from '../../src/validate/index.js';
import { MAX_UNKNOWN_KEYS } from '../../src/validate/schema-issues.js';

const KEYS = 40_000;
let cwd: string;
beforeAll(() => {
  cwd = mkdtempSync(join(tmpdir(), 'kwsync-keys-'));
  mkdirSync(join(cwd, 'keywords'));
  let text = 'id: many\nname: Many\ncategory: word\nsearchTerms: [darn]\n';
  for (let i = 0; i < KEYS; i++) text += `k${i}: 1\n`;
  text += 'k7: again\n';
  writeFileSync(join(cwd, 'keywords/many.yaml'), text);
});
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

it('a duplicate among 40k keys is found at its repeat, by a Set per mapping', async () => {
  const result = await validateRepo({ dir: 'keywords', cwd });
  expect(result.diagnostics).toEqual([expect.objectContaining({ rule: 'yaml-duplicate-key', line: 5 + KEYS, column: 1 })]);
});

it('40k unknown keys: the first ones located one by one, the rest counted in one diagnostic', async () => {
  writeFileSync(join(cwd, 'keywords/many.yaml'), `id: many\nname: Many\ncategory: word\nsearchTerms: [darn]\n${Array.from({ length: KEYS }, (_, i) => `k${i}: 1\n`).join('')}`);
  const result = await validateRepo({ dir: 'keywords', cwd });
  const unknown = result.diagnostics.filter((d) => d.rule === 'unknown-key');
  expect(unknown).toHaveLength(MAX_UNKNOWN_KEYS + 1);
  expect(unknown[0]).toMatchObject({ line: 5, column: 1, message: expect.stringContaining('unknown key "k0"') });
  expect(unknown[MAX_UNKNOWN_KEYS]).toMatchObject({ line: 5 + MAX_UNKNOWN_KEYS, message: expect.stringContaining(`and ${KEYS - MAX_UNKNOWN_KEYS} more unknown keys in this file`) });
});
