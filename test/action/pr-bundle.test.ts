// The artifact between the two PR-plan stages: packed from regular files only, read back as
// untrusted data (links, paths leaving the folder and oversized bundles refused, nothing written).
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLE_FILE, packFolder, unpackUntrusted, unsafePathReason, writeBundle } from '../../src/action/pr-bundle.js';

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

function artifact(bundle: unknown): string {
  const d = temp();
  writeFileSync(join(d, BUNDLE_FILE), JSON.stringify(bundle));
  return d;
}
const ok = (files: { path: string; content: string }[]) => ({ formatVersion: 1, dir: 'keywords', files });

describe('packFolder', () => {
  it('packs the folder\'s files, nested ones too, sorted', async () => {
    const ws = temp();
    mkdirSync(join(ws, 'keywords/sub'), { recursive: true });
    writeFileSync(join(ws, 'keywords/b.yaml'), 'id: b\n');
    writeFileSync(join(ws, 'keywords/sub/a.csv'), 'x\n');
    writeFileSync(join(ws, 'secret.txt'), 'not in the folder');
    const b = await packFolder({ workspace: ws, dir: 'keywords' });
    expect(b.files).toEqual([{ path: 'b.yaml', content: 'id: b\n' }, { path: 'sub/a.csv', content: 'x\n' }]);
  });

  it('refuses a symbolic link in the folder', async () => {
    const ws = temp();
    mkdirSync(join(ws, 'keywords'));
    writeFileSync(join(ws, 'outside'), 'x');
    symlinkSync(join(ws, 'outside'), join(ws, 'keywords/link.yaml'));
    await expect(packFolder({ workspace: ws, dir: 'keywords' })).rejects.toThrow('keywords/link.yaml is a symbolic link');
  });

  it('refuses a folder over the size cap', async () => {
    const ws = temp();
    mkdirSync(join(ws, 'keywords'));
    writeFileSync(join(ws, 'keywords/a.yaml'), 'x'.repeat(200));
    await expect(packFolder({ workspace: ws, dir: 'keywords', limits: { maxBytes: 100, maxFiles: 10 } })).rejects.toThrow('larger than the PR plan accepts');
  });
});

describe('unpackUntrusted', () => {
  it('round-trips a packed folder into a fresh directory', async () => {
    const ws = temp();
    mkdirSync(join(ws, 'keywords'));
    writeFileSync(join(ws, 'keywords/a.yaml'), 'id: a\n');
    const out = temp();
    await writeBundle(out, await packFolder({ workspace: ws, dir: 'keywords' }));
    const { root } = await unpackUntrusted({ artifactDir: out, dir: 'keywords' });
    made.push(root);
    expect(readFileSync(join(root, 'keywords/a.yaml'), 'utf8')).toBe('id: a\n');
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
    await expect(unpackUntrusted({ artifactDir: artifact(ok([{ path: 'fine.yaml', content: 'x' }, { path, content: 'x' }])), dir: 'keywords' })).rejects.toThrow(why);
    expect(readdirSync(tmpdir()).filter((n) => n.startsWith('kwsync-pr-')).length).toBe(before);
  });

  it('refuses the bundle when it is a symbolic link (e.g. to a file of the runner)', async () => {
    const d = temp();
    writeFileSync(join(d, 'real.json'), JSON.stringify(ok([])));
    const art = temp();
    symlinkSync(join(d, 'real.json'), join(art, BUNDLE_FILE));
    await expect(unpackUntrusted({ artifactDir: art, dir: 'keywords' })).rejects.toThrow('is a symbolic link');
  });

  it('refuses an artifact holding anything besides the bundle', async () => {
    const art = artifact(ok([]));
    writeFileSync(join(art, 'extra.sh'), 'echo');
    await expect(unpackUntrusted({ artifactDir: art, dir: 'keywords' })).rejects.toThrow('holds more than');
  });

  it('refuses an oversized bundle, by total bytes and by file count', async () => {
    const big = ok([{ path: 'a.yaml', content: 'x'.repeat(500) }]);
    await expect(unpackUntrusted({ artifactDir: artifact(big), dir: 'keywords', limits: { maxBytes: 100, maxFiles: 10 } })).rejects.toThrow('over the cap');
    const many = ok(Array.from({ length: 11 }, (_, i) => ({ path: `l${i}.yaml`, content: 'x' })));
    await expect(unpackUntrusted({ artifactDir: artifact(many), dir: 'keywords', limits: { maxBytes: 1000, maxFiles: 10 } })).rejects.toThrow('11 files');
  });

  it('refuses what is not a bundle, with a located reason', async () => {
    await expect(unpackUntrusted({ artifactDir: artifact({ formatVersion: 1, dir: 'k', files: [{ path: 1 }] }), dir: 'keywords' })).rejects.toThrow('files.0.path');
    const d = temp();
    writeFileSync(join(d, BUNDLE_FILE), 'not json');
    await expect(unpackUntrusted({ artifactDir: d, dir: 'keywords' })).rejects.toThrow('is not JSON');
  });

  it('accepts ordinary nested paths', () => {
    expect(unsafePathReason('sub/list.yaml')).toBeNull();
    expect(unsafePathReason('sub//list.yaml')).not.toBeNull();
  });
});
