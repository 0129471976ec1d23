// Whatever the bytes, validate returns a result with located diagnostics; it never throws.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { validateRepo } from '../../src/validate/index.js';
import { kwsync } from '../helpers/cli.js';
import { propertyRuns } from '../helpers/runs.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kwsync-prop-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Bytes biased towards YAML/CSV syntax so the parsers get past the first character.
const syntaxy = fc.constantFrom(...[':', '-', '[', ']', '{', '}', ',', '"', "'", '\n', '\r', ' ', '&a', '*a', '#', '|', '>', '\t', '\\', 'id', 'file', 'searchTerms', 'category'].map((s) => Buffer.from(s)));
const bytes = fc.array(fc.oneof(fc.uint8Array({ maxLength: 8 }), syntaxy), { maxLength: 60 }).map((parts) => Buffer.concat(parts));

function wellFormed(d: { file: string; line: number; column: number; rule: string; message: string }): boolean {
  return d.file.startsWith('keywords/') && d.line >= 1 && d.column >= 1 && /^[a-z0-9-]+$/.test(d.rule) && d.message.length > 0;
}

let n = 0;
function freshRepo(files: Record<string, Uint8Array | string>): string {
  const cwd = join(dir, String(n++));
  mkdirSync(join(cwd, 'keywords'), { recursive: true });
  for (const [name, content] of Object.entries(files)) writeFileSync(join(cwd, 'keywords', name), content);
  return cwd;
}

it('random bytes as a list file: diagnostics, never an exception', async () => {
  await fc.assert(
    fc.asyncProperty(bytes, async (b) => {
      const cwd = freshRepo({ 'list.yaml': b });
      const result = await validateRepo({ dir: 'keywords', cwd });
      expect(result.diagnostics.length).toBeGreaterThan(0);
      expect(result.diagnostics.every(wellFormed)).toBe(true);
    }),
    { numRuns: propertyRuns(100, 1000) },
  );
});

it('random bytes as a CSV terms file: a result with well-formed diagnostics', async () => {
  const list = 'id: rnd\nname: Random\ncategory: pattern\nfile: terms.csv\n';
  await fc.assert(
    fc.asyncProperty(bytes, async (b) => {
      const cwd = freshRepo({ 'list.yaml': list, 'terms.csv': b });
      const result = await validateRepo({ dir: 'keywords', cwd });
      expect(result.diagnostics.every(wellFormed)).toBe(true);
      expect(result.errorCount === 0 || result.diagnostics.some((d) => d.severity === 'error')).toBe(true);
    }),
    { numRuns: propertyRuns(100, 1000) },
  );
});

it('well-formed list files with arbitrary terms and examples: pattern rules and matcher never throw', async () => {
  const regexish = fc.array(fc.constantFrom('a', '(', ')', '[', ']', '{', '}', '1', ',', '*', '+', '?', '|', '\\', 'd', '^', '$', '.', '-', ' ', '💩', '\n'), { maxLength: 12 }).map((a) => a.join(''));
  const list = fc.record({
    id: fc.string({ maxLength: 5 }),
    name: fc.string({ maxLength: 5 }),
    category: fc.constantFrom('word', 'pattern', 'sentence-similarity'),
    searchTerms: fc.array(fc.oneof(regexish, fc.string({ unit: 'grapheme', maxLength: 6 })), { maxLength: 8 }),
    tests: fc.record({ shouldMatch: fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }), shouldNotMatch: fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }) }),
  });
  await fc.assert(
    fc.asyncProperty(list, async (l) => {
      const cwd = freshRepo({ 'list.yaml': stringify(l) });
      const result = await validateRepo({ dir: 'keywords', cwd });
      expect(result.diagnostics.every(wellFormed)).toBe(true);
    }),
    { numRuns: propertyRuns(150, 1500) },
  );
});

it('through the CLI: no stack trace, the message names the file', async () => {
  await fc.assert(
    fc.asyncProperty(bytes, async (b) => {
      const cwd = freshRepo({ 'list.yaml': b });
      const r = await kwsync(['validate'], {}, cwd);
      expect(r.code).toBe(3);
      expect(r.stdout).toContain('keywords/list.yaml:');
      expect(r.stderr).toBe('');
    }),
    { numRuns: propertyRuns(25, 250) },
  );
});
