// Issue 28 item 7: every finding about an `appendTermsFrom` file names the target (and list) whose
// override reads it; a file two targets append is one finding naming both.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { validateRepo } from '../../src/validate/index.js';

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

function repo(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kwsync-append-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, 'keywords', path)), { recursive: true });
    writeFileSync(join(root, 'keywords', path), text);
  }
  return root;
}

const list = (id: string) => `id: ${id}\nname: List ${id}\ncategory: word\nsearchTerms: [${id}-a, ${id}-b]\n`;
const errors = (r: { diagnostics: Diagnostic[] }) => r.diagnostics.filter((d) => d.severity === 'error');

describe('appendTermsFrom findings name the target', () => {
  it('a missing file, a list file and a file outside the folder: each names the target and the list', async () => {
    const root = repo({
      'common.yaml': list('common'),
      'other.yaml': list('other'),
      'kwsync.yaml': 'targets:\n  - name: production\n    overrides:\n      common:\n        appendTermsFrom: [nope.csv, other.yaml, ../secret.csv]\n',
    });
    const r = await validateRepo({ dir: 'keywords', cwd: root, target: 'production' });
    expect(errors(r)).toHaveLength(3);
    for (const d of errors(r)) expect(d.message).toMatch(/^target production: appendTermsFrom of list "common": /);
  });

  it('a bad term inside the appended file is located in the file and names the target', async () => {
    const root = repo({
      'common.yaml': list('common'),
      'extra.csv': 'fine\n padded\n',
      'kwsync.yaml': 'targets:\n  - name: production\n    overrides:\n      common:\n        appendTermsFrom: extra.csv\n',
    });
    const r = await validateRepo({ dir: 'keywords', cwd: root, target: 'production' });
    expect(errors(r).map((d) => [d.file, d.line, d.rule])).toEqual([['keywords/extra.csv', 2, 'term-padded']]);
    expect(errors(r)[0]!.message).toMatch(/^target production: appendTermsFrom of list "common": /);
  });

  it('a missing file two targets append: one finding, naming both targets', async () => {
    const root = repo({
      'common.yaml': list('common'),
      'kwsync.yaml':
        'targets:\n  - name: staging\n    overrides:\n      common:\n        appendTermsFrom: gone.csv\n  - name: production\n    overrides:\n      common:\n        appendTermsFrom: gone.csv\n',
    });
    const r = await validateRepo({ dir: 'keywords', cwd: root, target: 'production' });
    const messages = errors(r).map((d) => `${d.line}: ${d.message}`);
    // The file is read once (at its first reference): one finding, which says both targets read it.
    expect(messages).toEqual([expect.stringMatching(/^5: targets staging, production: appendTermsFrom of list "common": "gone\.csv" does not exist/)]);
  });

  it('a shared file with a bad term (one place in the file): one finding naming both targets', async () => {
    const root = repo({
      'common.yaml': list('common'),
      'extra.csv': 'fine\n padded\n',
      'kwsync.yaml':
        'targets:\n  - name: staging\n    overrides:\n      common:\n        appendTermsFrom: extra.csv\n  - name: production\n    overrides:\n      common:\n        appendTermsFrom: extra.csv\n',
    });
    const r = await validateRepo({ dir: 'keywords', cwd: root, target: 'production' });
    expect(errors(r).map((d) => [d.file, d.line, d.rule])).toEqual([['keywords/extra.csv', 2, 'term-padded']]);
    expect(errors(r)[0]!.message).toMatch(/^targets staging, production: appendTermsFrom of list "common": /);
  });
});
