// Finding T1-7: one shape error (unknown key, wrong type in one field) is reported and the other
// fields are still checked, so one run shows every problem of the file.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateRepo } from '../../src/validate/index.js';

let tmp: string;
let n = 0;
beforeAll(() => (tmp = mkdtempSync(join(tmpdir(), 'kwsync-shape-'))));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function rules(yaml: string) {
  const cwd = join(tmp, String(n++));
  mkdirSync(join(cwd, 'keywords'), { recursive: true });
  writeFileSync(join(cwd, 'keywords/a.yaml'), yaml);
  const result = await validateRepo({ dir: 'keywords', cwd });
  return result.diagnostics.map((d) => `${d.rule}@${d.line}:${d.column}`).sort();
}

it('unknown key and a padded term: both reported', async () => {
  expect(await rules('id: a\nname: A\ncategory: word\ncolour: red\nsearchTerms: [" padded"]\n')).toEqual(['term-padded@5:16', 'unknown-key@4:1']);
});

it('an unknown key and a bad category do not hide id-format and name-empty', async () => {
  expect(await rules('id: bad id!\nname: ""\ndescripton: typo\ncategory: words\nsearchTerms: [a]\n')).toEqual([
    'id-format@1:8',
    'invalid-category@4:11',
    'name-empty@2:7',
    'unknown-key@3:1',
  ]);
});

it('one non-text term: the other terms are still checked, located at their own place', async () => {
  expect(await rules('id: a\nname: A\ncategory: word\nsearchTerms: [" padded", foo, foo, "", 0123]\n')).toEqual([
    'duplicate-term@4:31',
    'invalid-type@4:40',
    'term-empty@4:37',
    'term-padded@4:16',
  ]);
});

it('a bad tests: block does not hide a missing terms file', async () => {
  expect(await rules('id: a\nname: A\ncategory: word\nfile: missing.csv\ntests:\n  shouldMatch:\n')).toEqual(['file-not-found@4:7', 'invalid-type@6:15']);
});

it('a searchTerms of the wrong type is not also reported as missing', async () => {
  expect(await rules('id: a\nname: A\ncategory: word\nsearchTerms: abc\n')).toEqual(['invalid-type@4:14']);
});

it('id-format names an emoji whole, not half a surrogate pair (T1-14)', async () => {
  const cwd = join(tmp, 'emoji');
  mkdirSync(join(cwd, 'keywords'), { recursive: true });
  writeFileSync(join(cwd, 'keywords/a.yaml'), 'id: "😀x"\nname: A\ncategory: word\nsearchTerms: [a]\n');
  const { diagnostics } = await validateRepo({ dir: 'keywords', cwd });
  expect(diagnostics).toMatchObject([{ rule: 'id-format', line: 1, column: 6 }]);
  expect(diagnostics[0]!.message).toContain('replace "😀"');
  expect(diagnostics[0]!.message).not.toContain('\ufffd');
});
