// Finding T1-1: a list file or kwsync.yaml that links out of the keywords folder is refused
// unread, so what it points to (a secret, the runner's env) appears in no output format.
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kwsync } from '../helpers/cli.js';

const fixture = (name: string) => join(process.cwd(), 'test/fixtures/invalid', name);
let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), 'kwsync-links-'));
  mkdirSync(join(tmp, 'repo/keywords'), { recursive: true });
  writeFileSync(join(tmp, 'secret.yaml'), 'id: ghs_ABSOLUTE_LINK_SECRET\nname: x\ncategory: word\nsearchTerms: [a]\n');
  symlinkSync(join(tmp, 'secret.yaml'), join(tmp, 'repo/keywords/abs.yaml'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe.each([
  ['list file', fixture('list-symlink-out'), 'ghs_list_symlink_secret_123', 'keywords/evil.yaml'],
  ['kwsync.yaml', fixture('config-symlink-out'), 'ghs_config_symlink_secret_456', 'keywords/kwsync.yaml'],
  ['absolute link', '', 'ghs_ABSOLUTE_LINK_SECRET', 'keywords/abs.yaml'],
])('%s linking out of the folder', (_name, dir, secret, file) => {
  it.each(['text', 'json', 'github'])('--format %s: refused, secret not printed', async (format) => {
    const r = await kwsync(['validate', '--format', format], {}, dir || join(tmp, 'repo'));
    expect(r.code).toBe(3);
    expect(r.stdout).toContain('file-outside-folder');
    expect(r.stdout).toContain(file);
    expect(`${r.stdout}${r.stderr}`).not.toContain(secret);
  });
});
