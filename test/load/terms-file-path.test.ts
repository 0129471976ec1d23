import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { resolveTermsFile } from '../../src/load/terms-file-path.js';

let root: string;
let kw: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'kwsync-path-'));
  kw = join(root, 'keywords');
  mkdirSync(join(kw, 'sub'), { recursive: true });
  writeFileSync(join(root, 'secret.csv'), 'x\n');
  writeFileSync(join(kw, 'ok.csv'), 'x\n');
  writeFileSync(join(kw, 'sub', 'deep.csv'), 'x\n');
  symlinkSync(join(root, 'secret.csv'), join(kw, 'link.csv'));
  symlinkSync(join(kw, 'ok.csv'), join(kw, 'inner-link.csv'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const list = () => join(kw, 'list.yaml');

it.each([
  ['ok.csv', true],
  ['sub/deep.csv', true],
  ['./sub/../ok.csv', true],
  ['inner-link.csv', true],
  ['../secret.csv', 'file-outside-folder'],
  ['sub/../../secret.csv', 'file-outside-folder'],
  ['/etc/passwd', 'file-outside-folder'],
  ['C:\\Windows\\x.csv', 'file-outside-folder'],
  ['link.csv', 'file-outside-folder'],
  ['missing.csv', 'file-not-found'],
  ['sub', 'file-not-found'],
  ['', 'file-not-found'],
])('%s -> %s', async (ref, want) => {
  const r = await resolveTermsFile(kw, list(), ref);
  if (want === true) expect(r.ok).toBe(true);
  else expect(r).toMatchObject({ ok: false, rule: want });
});
