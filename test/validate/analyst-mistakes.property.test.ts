// Everyday mistakes dropped anywhere into a good list file: validate still answers with located,
// well-formed diagnostics, never throws, and reports a YAML mistake at most once per line.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { validateRepo } from '../../src/validate/index.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'kwsync-mistakes-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GOOD = ['id: demo', 'name: Demo', 'category: word', 'searchTerms:', '  - darn', '  - heck', 'tests:', '  shouldMatch: ["oh darn"]'];
const MISTAKES = [
  '  - "\\d{3}"', '  - @handle', '- stray', '\t- tabbed', 'category:word', '  -nospace', '  - !!js/function "x"', '  - #tag', '  - a: b',
  '    - deeper', '  - “quoted”', '  - w[0o]rd', '  - dam*', '  - *alias', 'accept:', '  term-dahs: x', '  term-dash: ""', '  - "\\e"', '  - a\u00a0b',
  'searchTerms: a, b', '  - `tick`', '  - [nested]', '  - "unclosed', '  - /slash/g',
];

let n = 0;
it('a good list with mistakes inserted: well-formed diagnostics, one YAML diagnostic per line at most', async () => {
  const edits = fc.array(fc.tuple(fc.nat({ max: GOOD.length }), fc.constantFrom(...MISTAKES)), { minLength: 1, maxLength: 4 });
  await fc.assert(
    fc.asyncProperty(edits, async (ins) => {
      const lines = [...GOOD];
      for (const [at, text] of ins) lines.splice(Math.min(at, lines.length), 0, text);
      const cwd = join(dir, String(n++));
      mkdirSync(join(cwd, 'keywords'), { recursive: true });
      writeFileSync(join(cwd, 'keywords', 'list.yaml'), `${lines.join('\n')}\n`);
      const result = await validateRepo({ dir: 'keywords', cwd });
      for (const d of result.diagnostics) {
        expect(d.file).toBe('keywords/list.yaml');
        expect(d.line).toBeGreaterThanOrEqual(1);
        expect(d.line).toBeLessThanOrEqual(lines.length + 1);
        expect(d.column).toBeGreaterThanOrEqual(1);
        expect(d.message).toMatch(/^\S/);
      }
      const yamlLines = result.diagnostics.filter((d) => d.rule.startsWith('yaml-')).map((d) => d.line);
      expect(new Set(yamlLines).size).toBe(yamlLines.length);
    }),
    { numRuns: 300 },
  );
});
