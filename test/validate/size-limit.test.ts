// Finding T1-10: a terms CSV over 4 × maxUploadBytes is refused by its size, before reading.
import { mkdtempSync, mkdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateRepo } from '../../src/validate/index.js';

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'kwsync-size-'));
  mkdirSync(join(tmp, 'keywords'));
  writeFileSync(join(tmp, 'keywords/big.yaml'), 'id: big\nname: Big\ncategory: word\nfile: big.csv\n');
  writeFileSync(join(tmp, 'keywords/big.csv'), '"');
  truncateSync(join(tmp, 'keywords/big.csv'), 4 * 1024 * 1024 + 1); // sparse: costs no disk, would be a CSV error if parsed
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

it('a 4 MiB + 1 byte CSV is list-too-large at `file:`, and not parsed', async () => {
  const result = await validateRepo({ dir: 'keywords', cwd: tmp });
  expect(result.diagnostics).toMatchObject([{ rule: 'list-too-large', file: 'keywords/big.yaml', line: 4, column: 7 }]);
  expect(result.diagnostics[0]!.message).toContain('4194305 bytes');
});

it('a list file over 4 × the upload limit (+ 64 KiB) is file-too-large, and not parsed', async () => {
  const cwd = join(tmp, 'yaml');
  mkdirSync(join(cwd, 'keywords'), { recursive: true });
  writeFileSync(join(cwd, 'keywords/kwsync.yaml'), 'limits:\n  maxUploadBytes: 100\n');
  writeFileSync(join(cwd, 'keywords/big.yaml'), `id: big\nname: "never closed\ncategory: word\nsearchTerms: [${'x, '.repeat(22_000)}y]\n`);
  const result = await validateRepo({ dir: 'keywords', cwd });
  expect(result.diagnostics).toMatchObject([{ rule: 'file-too-large', file: 'keywords/big.yaml', line: 1, column: 1 }]);
});
