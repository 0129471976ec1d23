// Stage two's writer of untrusted files (the PR head read through the API): paths leaving the
// folder, in abnormal form or listed twice are refused, and nothing is written then.
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unsafePathReason, writeUntrustedFolder } from '../../src/action/pr-bundle.js';

// "writes nothing" counts kwsync-pr-* folders in the temp folder: this file gets a temp folder of its
// own, so another test file running beside it (jest runs two workers) cannot move the count.
const sharedTmp = process.env.TMPDIR;
let privateTmp = '';
beforeAll(() => {
  privateTmp = mkdtempSync(join(tmpdir(), 'kwsync-bundle-test-'));
  process.env.TMPDIR = privateTmp;
});
afterAll(() => {
  if (sharedTmp === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = sharedTmp;
  rmSync(privateTmp, { recursive: true, force: true });
});

const made: string[] = [];
function temp(): string {
  const d = mkdtempSync(join(tmpdir(), 'kwsync-bundle-test-'));
  made.push(d);
  return d;
}
afterEach(() => {
  for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
});

const refuse = (why: string) => new Error(`refused: ${why}`);
const write = (files: { path: string; content: string }[]) => writeUntrustedFolder({ dir: 'keywords', files, refuse });

describe('writeUntrustedFolder', () => {
  it('writes the files, nested ones too, under a fresh directory', async () => {
    const root = await write([{ path: 'a.yaml', content: 'id: a\n' }, { path: 'sub/b.csv', content: 'x\n' }]);
    made.push(root);
    expect(readFileSync(join(root, 'keywords/a.yaml'), 'utf8')).toBe('id: a\n');
    expect(readFileSync(join(root, 'keywords/sub/b.csv'), 'utf8')).toBe('x\n');
  });

  it.each([
    ['../../etc/cron.d/x', 'has a ".."'],
    ['a/../../x', 'has a ".."'],
    ['/etc/passwd', 'is absolute'],
    ['C:/x', 'is absolute'],
    ['a\\..\\x', 'backslash'],
    ['./a.yaml', '"." or empty'],
  ])('refuses the path %s (%s) and writes nothing', async (path, why) => {
    const before = readdirSync(tmpdir()).filter((n) => n.startsWith('kwsync-pr-')).length;
    await expect(write([{ path: 'fine.yaml', content: 'x' }, { path, content: 'x' }])).rejects.toThrow(why);
    expect(readdirSync(tmpdir()).filter((n) => n.startsWith('kwsync-pr-')).length).toBe(before);
  });

  it('refuses a path listed twice and writes nothing', async () => {
    const before = readdirSync(tmpdir()).filter((n) => n.startsWith('kwsync-pr-')).length;
    await expect(write([{ path: 'a.yaml', content: 'x' }, { path: 'a.yaml', content: 'y' }])).rejects.toThrow('is listed twice');
    expect(readdirSync(tmpdir()).filter((n) => n.startsWith('kwsync-pr-')).length).toBe(before);
  });

  it('accepts ordinary nested paths', () => {
    expect(unsafePathReason('sub/list.yaml')).toBeNull();
    expect(unsafePathReason('sub//list.yaml')).not.toBeNull();
  });
});
