// Lists in folders (issue 30, item 3) and `kwsync targets` (item 4), over generated folder trees.
// Invariants: every list file under the folder is read wherever it sits (hidden folders and nested
// kwsync.yaml are skipped, with a reason); a path glob `<dir>/*.yaml` selects exactly that folder's
// lists; an id used in two folders is an error naming both paths; for every target, the lists it
// takes and the lists it leaves out partition the folder, and each left-out list has the reason
// selection gives it.
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import fc from 'fast-check';
import { stringify } from 'yaml';
import { discoverListFiles } from '../../src/load/discover-list-files.js';
import { targetsReport } from '../../src/targets/targets-view.js';
import { validateRepo } from '../../src/validate/index.js';
import { kwsync } from '../helpers/cli.js';

const FOLDERS = ['', 'en', 'es', 'brand-a', 'brand-a/promo', 'de/eu'];

async function writeTree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'kwsync-folders-'));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, 'keywords', path)), { recursive: true });
    await writeFile(join(root, 'keywords', path), text);
  }
  await mkdir(join(root, 'keywords'), { recursive: true });
  return root;
}

const listText = (id: string, terms: string[], labels?: string[]) => stringify({ id, name: `List ${id}`, category: 'word', ...(labels ? { labels } : {}), searchTerms: terms });

/** Lists with unique ids placed in random folders; the file name is `<id>.yaml`. */
const placedLists = fc.uniqueArray(
  fc.record({ id: fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/), folder: fc.constantFrom(...FOLDERS), label: fc.constantFrom('eu', 'us', undefined) }),
  { minLength: 1, maxLength: 12, selector: (l) => l.id },
);

test('every list is read from any folder; a <dir>/*.yaml glob selects exactly that folder; targets partition the folder', async () => {
  await fc.assert(
    fc.asyncProperty(placedLists, fc.constantFrom(...FOLDERS.filter(Boolean)), fc.constantFrom('eu', 'us'), async (lists, chosen, excluded) => {
      const files: Record<string, string> = {};
      for (const l of lists) files[`${l.folder ? `${l.folder}/` : ''}${l.id}.yaml`] = listText(l.id, ['term'], l.label ? [l.label] : undefined);
      // Never read: a hidden folder, and a kwsync.yaml below the top.
      files['.drafts/draft.yaml'] = listText('draftlist', ['x']);
      files['en/kwsync.yaml'] = 'targets: [{name: nested}]\n';
      files['kwsync.yaml'] = stringify({
        targets: [
          { name: 'all' },
          { name: 'folder', include: { paths: [`${chosen}/*.yaml`, 'zzz-never/*.yaml'] } },
          { name: 'no-label', exclude: { labels: [excluded] } },
        ],
      });
      const root = await writeTree(files);
      try {
        const v = await validateRepo({ dir: 'keywords', cwd: root });
        const found = v.folderLists.map((l) => l.id).sort();
        expect(found).toEqual(lists.map((l) => l.id).sort());
        const inFolder = lists.filter((l) => l.folder === chosen).map((l) => l.id).sort();
        expect(v.targetLists!.folder!.map((l) => l.id).sort()).toEqual(inFolder);
        const report = targetsReport(v, 'keywords');
        for (const t of report.targets) {
          const ids = [...t.takes.map((l) => l.id), ...t.leftOut.map((l) => l.id)].sort();
          expect({ target: t.name, ids }).toEqual({ target: t.name, ids: found });
        }
        const folderTarget = report.targets.find((t) => t.name === 'folder')!;
        expect(folderTarget.leftOut.every((l) => l.reason === 'not-included')).toBe(true);
        const noLabel = report.targets.find((t) => t.name === 'no-label')!;
        expect(noLabel.leftOut.map((l) => l.id).sort()).toEqual(lists.filter((l) => l.label === excluded).map((l) => l.id).sort());
        expect(noLabel.leftOut.every((l) => l.reason === 'excluded-by-label' && l.by === excluded)).toBe(true);
        const discovered = await discoverListFiles(join(root, 'keywords'));
        expect(discovered.skipped.map((s) => [s.path, s.reason])).toEqual([['.drafts/', 'hidden'], ['en/kwsync.yaml', 'nested-config']]);
      } finally {
        await rm(root, { recursive: true, force: true });
      }
    }),
    { numRuns: 40, seed: 30 },
  );
});

test('an id used in two folders is an error at the second file, naming the first path', async () => {
  const root = await writeTree({ 'en/spam.yaml': listText('spam', ['a']), 'es/spam.yaml': listText('spam', ['b']) });
  try {
    const v = await validateRepo({ dir: 'keywords', cwd: root });
    const dup = v.diagnostics.filter((d) => d.rule === 'duplicate-id');
    expect(dup.map((d) => d.file)).toEqual(['keywords/es/spam.yaml']);
    expect(v.errorCount).toBeGreaterThan(0);
    expect(dup.find((d) => d.file === 'keywords/es/spam.yaml')!.message).toContain('keywords/en/spam.yaml');
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('a CSV in a sub-folder is found (orphan when unused), and a list there reads its `file:` next to it', async () => {
  const root = await writeTree({
    'es/insultos.yaml': stringify({ id: 'insultos', name: 'Insultos', category: 'word', file: 'insultos.csv' }),
    'es/insultos.csv': 'tonto\nbobo\n',
    'es/unused.csv': 'x\n',
  });
  try {
    const v = await validateRepo({ dir: 'keywords', cwd: root });
    expect(v.folderLists.map((l) => [l.id, l.searchTerms])).toEqual([['insultos', ['tonto', 'bobo']]]);
    expect(v.diagnostics.filter((d) => d.rule === 'orphan-terms-file').map((d) => d.file)).toEqual(['keywords/es/unused.csv']);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('a bare glob that misses lists in sub-folders says to write **/', async () => {
  const root = await writeTree({ 'es/es-spam.yaml': listText('es-spam', ['a']), 'kwsync.yaml': stringify({ targets: [{ name: 'a' }, { name: 'b', include: { paths: ['es-*.yaml'], ids: ['es-spam'] } }] }) });
  try {
    const v = await validateRepo({ dir: 'keywords', cwd: root });
    const miss = v.diagnostics.find((d) => d.rule === 'target-selects-nothing');
    expect(miss?.message).toContain('write "**/es-*.yaml" to match it in any folder');
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

test('a link to a folder is not followed, and is reported as skipped', async () => {
  const root = await writeTree({ 'en/a.yaml': listText('a', ['x']) });
  const outside = await mkdtemp(join(tmpdir(), 'kwsync-outside-'));
  try {
    await writeFile(join(outside, 'secret.yaml'), listText('secret', ['x']));
    await symlink(outside, join(root, 'keywords', 'linked'));
    const d = await discoverListFiles(join(root, 'keywords'));
    expect(d.lists).toEqual(['en/a.yaml']);
    expect(d.skipped).toEqual([expect.objectContaining({ path: 'linked/', reason: 'linked-folder' })]);
  } finally {
    await rm(root, { recursive: true, force: true });
    await rm(outside, { recursive: true, force: true });
  }
});

describe('kwsync targets (CLI)', () => {
  let root: string;
  beforeAll(async () => {
    root = await writeTree({
      'en/profanity.yaml': listText('profanity-en', ['darn', 'heck']),
      'es/profanity.yaml': listText('profanity-es', ['caramba']),
      'shared/scams.yaml': listText('scams', ['free money']),
      'shared/phones.yaml': listText('phones', ['call me']),
      'shared/scams-eu.csv': 'crypto giveaway\nwire transfer\n',
      'kwsync.yaml': stringify({
        targets: [
          { name: 'us', include: { paths: ['en/*.yaml', 'shared/*.yaml'] } },
          { name: 'latam', include: { paths: ['es/*.yaml', 'shared/*.yaml'] }, exclude: { ids: ['phones'] } },
          { name: 'eu', include: { paths: ['shared/*.yaml'] }, overrides: { scams: { name: 'Scams (EU)', appendTermsFrom: 'shared/scams-eu.csv' }, phones: { omit: true } } },
        ],
      }),
    });
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  test('text: per target what it takes (after overrides) and why it leaves each other list out; no key needed', async () => {
    const r = await kwsync(['targets'], {}, root);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toContain('4 list files in keywords/; targets of keywords/kwsync.yaml');
    expect(r.stdout).toMatch(/eu: takes 1 list, leaves out 3\n {2}\+ scams +"Scams \(EU\)" {2}3 terms \(renamed, 2 appended\) {2}shared\/scams\.yaml/);
    // What is left out is aligned on its own: the path after at least two spaces.
    expect(r.stdout).toMatch(/ {2}- phones +omitted \(overrides: omit: true\) {2,}shared\/phones\.yaml/);
    expect(r.stdout).toMatch(/ {2}- phones +excluded by id "phones" {2,}shared\/phones\.yaml/);
  });

  test('json: the same, one target with --target', async () => {
    const r = await kwsync(['targets', '--format', 'json', '--target', 'latam'], {}, root);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.targets).toEqual([
      {
        name: 'latam',
        takes: [
          { id: 'profanity-es', name: 'List profanity-es', path: 'es/profanity.yaml', category: 'word', terms: 1, appendedTerms: 0, renamed: false, redescribed: false },
          { id: 'scams', name: 'List scams', path: 'shared/scams.yaml', category: 'word', terms: 1, appendedTerms: 0, renamed: false, redescribed: false },
        ],
        leftOut: [
          { id: 'profanity-en', path: 'en/profanity.yaml', reason: 'not-included' },
          { id: 'phones', path: 'shared/phones.yaml', reason: 'excluded-by-id', by: 'phones' },
        ],
      },
    ]);
  });

  test('json validates against the committed schema/targets.schema.json', async () => {
    const { Ajv2020 } = await import('ajv/dist/2020.js');
    const { readFile } = await import('node:fs/promises');
    const schema = JSON.parse(await readFile(new URL('../../schema/targets.schema.json', import.meta.url), 'utf8'));
    const validate = new Ajv2020({ allErrors: true, strict: true }).compile(schema);
    const r = await kwsync(['targets', '--format', 'json'], {}, root);
    const value = JSON.parse(r.stdout);
    expect(validate(value) ? [] : validate.errors).toEqual([]);
    expect(value).toMatchObject({ formatVersion: 1, folder: 'keywords', configFile: 'keywords/kwsync.yaml', errorCount: 0, lists: 4 });
  });

  test('an unknown --target is bad usage (64)', async () => {
    const r = await kwsync(['targets', '--target', 'mars'], {}, root);
    expect(r.code).toBe(64);
    expect(r.stderr).toContain('unknown target "mars"');
  });
});
