// `kwsync init --targets staging,production`: kwsync.yaml with those targets (the first takes
// --app-id), every target's environment in the next steps, and a commented example that, once
// uncommented, is a valid selection.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { validateRepo } from '../../src/validate/index.js';
import { kwsync } from '../helpers/cli.js';

let root: string;
beforeEach(() => (root = mkdtempSync(join(tmpdir(), 'kwsync-init-targets-'))));
afterEach(() => rmSync(root, { recursive: true, force: true }));

it('writes the targets, and the example validates once uncommented', async () => {
  const init = await kwsync(['init', '--targets', 'staging,production', '--app-id', 'app123', '--kwsync-repo', '.'], {}, root);
  expect(init.stderr).toBe('');
  expect(init.code).toBe(0);
  expect(init.stdout).toContain('set appId (and region) of target "production" in keywords/kwsync.yaml');
  expect(init.stdout).toContain('New environment "staging", "production" (one per target)');
  const text = readFileSync(join(root, 'keywords/kwsync.yaml'), 'utf8');
  expect(parse(text).targets).toEqual([{ name: 'staging', appId: 'app123' }, { name: 'production' }]);
  expect((await validateRepo({ dir: 'keywords', cwd: root })).diagnostics).toEqual([]);

  // Uncomment after, exclude and overrides (include is the alternative to exclude).
  const uncommented = text.replace(/^ {4}# (after|exclude| {2}paths| {2}example-words| {4}name| {4}appendTermsFrom|overrides)/gm, '    $1');
  writeFileSync(join(root, 'keywords/kwsync.yaml'), uncommented);
  mkdirSync(join(root, 'keywords/extra'));
  writeFileSync(join(root, 'keywords/extra/more-words.csv'), 'gosh\n');
  writeFileSync(join(root, 'keywords/experimental-words.yaml'), 'id: experimental-words\nname: Trying out\ncategory: word\nsearchTerms: [yeet]\n');
  const checked = await validateRepo({ dir: 'keywords', cwd: root, target: 'production' });
  expect(checked.diagnostics).toEqual([]);
  expect(checked.config.targets![1]).toMatchObject({ after: 'staging', exclude: { paths: ['experimental-*.yaml'] } });
  expect(checked.lists).toMatchObject([{ id: 'example-words', name: 'Example words (production)', searchTerms: ['darn', 'heck', 'gosh'] }]);
});

it('refuses a name used twice and a bad name', async () => {
  const twice = await kwsync(['init', '--targets', 'a,a', '--kwsync-repo', '.'], {}, root);
  expect(twice.code).toBe(64);
  expect(twice.stderr).toContain('--targets names "a" twice');
  const bad = await kwsync(['init', '--targets', 'a,b c', '--kwsync-repo', '.'], {}, root);
  expect(bad.code).toBe(64);
  expect(bad.stderr).toContain('each name must be letters, digits, _ . and - (got "b c")');
});
