// Issue 29 item 3: what kwsync will never read or send is named, located, never skipped in silence:
// another extension, a merge leftover, a list or CSV in a sub-folder discovery does not read, a
// second key of the same name, and the entries after a YAML error. Through validateRepo on disk.
// The invariant (property): every file placed in the folder is either read, or named by a finding.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { validateRepo } from '../../src/validate/index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kwsync-never-read-'));
  mkdirSync(join(dir, 'keywords'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => {
  mkdirSync(dirname(join(dir, 'keywords', name)), { recursive: true });
  writeFileSync(join(dir, 'keywords', name), text);
};
const LIST = 'id: a\nname: A\ncategory: word\nsearchTerms: [scam]\n';
const findings = async () => (await validateRepo({ dir: 'keywords', cwd: dir })).diagnostics.map((d) => ({ file: d.file, line: d.line, rule: d.rule, severity: d.severity, message: d.message }));

describe('files never read are named', () => {
  // [file, content, what the message must say]
  const CASES: [string, string, string][] = [
    ['slurs.txt', 'kys\n', 'kwsync reads only `*.yaml`/`*.yml` list files and the CSV files they name, so "slurs.txt" is never read or sent; if it holds terms, save it as `slurs.csv`'],
    ['profanity.yaml.txt', LIST, 'rename it to `profanity.yaml` if it is a list'],
    ['a.yaml.orig', LIST, '"a.yaml.orig" looks like a merge or editor leftover, and kwsync never reads it'],
    ['es/profanity-es.yaml', LIST.replace('id: a', 'id: es'), 'this list file is in the sub-folder `es/`, which kwsync does not read here, so none of its terms is checked or sent'],
    ['extra/more.csv', 'kys\n', 'no list file uses this CSV in `extra/`, so its terms are never checked or sent; name it from a list file with `file: extra/more.csv`'],
  ];
  it.each(CASES)('%s', async (name, text, says) => {
    write('a.yaml', LIST);
    write(name, text);
    const found = (await findings()).filter((d) => d.rule === 'file-never-read');
    expect(found).toEqual([{ file: `keywords/${name}`, line: 1, rule: 'file-never-read', severity: 'warning', message: expect.stringContaining(says) }]);
  });

  it('leaves alone what is read or kept on purpose: lists, their CSV, kwsync.yaml, a README, dotfiles, an appended file', async () => {
    write('a.yaml', 'id: a\nname: A\ncategory: word\nfile: a.csv\n');
    write('a.csv', 'scam\n');
    write('README.md', '# lists\n');
    write('.gitattributes', '* text\n');
    write('extra/brand-b.csv', 'hello\n');
    write('kwsync.yaml', 'targets:\n  - name: prod\n    overrides:\n      a:\n        appendTermsFrom: extra/brand-b.csv\n');
    expect((await findings()).filter((d) => d.rule === 'file-never-read')).toEqual([]);
  });

  it('a second key of the same name says which was first and that the other is never read', async () => {
    write('a.yaml', 'id: a\nname: A\ncategory: word\nsearchTerms: [scam]\nsearchTerms: [fraud, spam]\n');
    expect(await findings()).toContainEqual({
      file: 'keywords/a.yaml',
      line: 5,
      rule: 'yaml-duplicate-key',
      severity: 'error',
      message: '"searchTerms" is written twice in this mapping (first on line 4), and only one of them would be read: what the other holds is never checked or sent; merge them into one `searchTerms:`',
    });
  });

  it('the entries after a YAML error are named at the first of them', async () => {
    write('a.yaml', "id: a\nname: A\ncategory: word\nsearchTerms:\n  - one\n  - \"two\n  - three\n  - four\n");
    const unread = (await findings()).filter((d) => d.rule === 'yaml-not-read');
    expect(unread).toHaveLength(1);
    expect(unread[0]!.message).toMatch(/^because of the YAML error on line \d+, this list file was not read: nothing in it is checked or sent/);
  });

  it('property: every file placed anywhere in the folder is read or named', async () => {
    const name = fc.constantFrom('x.txt', 'x.json', 'x.yaml', 'x.csv', 'x.yml.bak', 'x.tsv', 'x.xlsx', 'x.list', 'x.dat');
    const folder = fc.constantFrom('', 'sub/', 'sub/deeper/', 'es/');
    await fc.assert(
      fc.asyncProperty(fc.uniqueArray(fc.tuple(folder, name), { minLength: 1, maxLength: 5, selector: ([f, n]) => f + n }), async (files) => {
        rmSync(join(dir, 'keywords'), { recursive: true, force: true });
        mkdirSync(join(dir, 'keywords'));
        write('a.yaml', LIST);
        for (const [f, n] of files) write(f + n, n.endsWith('.yaml') ? LIST.replace('id: a', `id: ${f.replace(/\W/g, '') || 'top'}x`) : 'kys\n');
        const result = await validateRepo({ dir: 'keywords', cwd: dir });
        const named = new Set(result.diagnostics.map((d) => d.file));
        const read = new Set(result.folderLists.map((l) => l.source.file));
        for (const [f, n] of files) {
          const path = `keywords/${f}${n}`;
          expect({ path, seen: read.has(path) || named.has(path) }).toEqual({ path, seen: true });
        }
      }),
      { numRuns: 25, seed: 29 },
    );
  });
});
