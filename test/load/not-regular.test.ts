// Only regular files are read: a named pipe (FIFO) called like a list file, a terms CSV or
// kwsync.yaml is a located error, never a read that waits forever for a writer.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSource } from '../../src/load/read-source.js';
import { validateRepo } from '../../src/validate/index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kwsync-fifo-'));
  mkdirSync(join(dir, 'keywords'));
  writeFileSync(join(dir, 'keywords', 'ok.yaml'), 'id: ok\nname: OK\ncategory: word\nsearchTerms: [darn]\n');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const fifo = (name: string) => execFileSync('mkfifo', [join(dir, 'keywords', name)]);

describe('files that are not regular files', () => {
  it('readSource refuses a FIFO with file-not-regular instead of blocking', async () => {
    fifo('pipe.yaml');
    const got = await readSource(join(dir, 'keywords', 'pipe.yaml'), 'keywords/pipe.yaml');
    expect(got).toMatchObject({ file: 'keywords/pipe.yaml', line: 1, column: 1, severity: 'error', rule: 'file-not-regular' });
    expect((got as { message: string }).message).toMatch(/^this is a named pipe \(FIFO\), not a regular file/);
  });

  it('a FIFO list file and a FIFO kwsync.yaml are located errors; the other lists are still checked', async () => {
    fifo('pipe.yaml');
    fifo('kwsync.yaml');
    const result = await validateRepo({ dir: 'keywords', cwd: dir });
    expect(result.diagnostics.map((d) => [d.file, d.line, d.rule])).toEqual([
      ['keywords/kwsync.yaml', 1, 'file-not-regular'],
      ['keywords/pipe.yaml', 1, 'file-not-regular'],
    ]);
    expect(result.lists.map((l) => l.id)).toEqual(['ok']);
  });

  it('a FIFO named as a list\'s terms CSV is refused at the file: line', async () => {
    fifo('terms.csv');
    writeFileSync(join(dir, 'keywords', 'ok.yaml'), 'id: ok\nname: OK\ncategory: word\nfile: terms.csv\n');
    const result = await validateRepo({ dir: 'keywords', cwd: dir });
    expect(result.diagnostics).toMatchObject([{ file: 'keywords/ok.yaml', line: 4, rule: 'file-not-found' }]);
    expect(result.diagnostics[0]!.message).toContain('is not a file');
  });
});
