// kwsync.yaml targets through validateRepo (real files): which lists each target takes (globs, ids,
// labels, exclude, omit), what its overrides change (name, description, appended terms), and the
// located errors naming the target and the file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { formatRepo } from '../../src/fmt/format-repo.js';
import { validateRepo, validationBudget } from '../../src/validate/index.js';

const roots: string[] = [];
afterAll(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A repository whose keywords folder holds `files` (paths relative to it). */
function repo(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'kwsync-targets-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, 'keywords', path)), { recursive: true });
    writeFileSync(join(root, 'keywords', path), text);
  }
  return root;
}

const list = (id: string, extra = '', terms = `[${id}-a, ${id}-b]`) => `id: ${id}\nname: List ${id}\ncategory: word\nsearchTerms: ${terms}\n${extra}`;

const FOLDER = {
  'common.yaml': list('common'),
  'experimental-one.yaml': list('experimental-one'),
  'experimental-two.yaml': list('experimental-two'),
  'brand-b-greetings.yaml': list('brand-b-greetings', 'labels: [brand-b]\n'),
  'brand-b-spam.yaml': list('brand-b-spam', 'labels: [brand-b, spam]\n'),
};

const ids = (r: { lists: { id: string }[] }) => r.lists.map((l) => l.id);
const errors = (r: { diagnostics: Diagnostic[] }) => r.diagnostics.filter((d) => d.severity === 'error');
const render = (d: Diagnostic) => `${d.file}:${d.line}:${d.column}: ${d.message}`;

describe('selection', () => {
  const CONFIG = `targets:
  - name: staging
  - name: production
    exclude:
      paths: ["experimental-*"]
  - name: brand-b
    include:
      labels: [brand-b]
    overrides:
      brand-b-greetings:
        name: Brand B greetings
        description: For Brand B only.
  - name: picked
    include:
      ids: [common]
      paths: ["brand-b-g*.yaml"]
  - name: omitting
    overrides:
      common:
        omit: true
`;
  let root: string;
  beforeAll(() => (root = repo({ ...FOLDER, 'kwsync.yaml': CONFIG })));

  it('a target without include takes every list', async () => {
    const r = await validateRepo({ dir: 'keywords', cwd: root, target: 'staging' });
    expect(r.errorCount).toBe(0);
    expect(r.target).toBe('staging');
    expect(ids(r)).toEqual(['brand-b-greetings', 'brand-b-spam', 'common', 'experimental-one', 'experimental-two']);
  });

  it('exclude by path glob', async () => {
    const r = await validateRepo({ dir: 'keywords', cwd: root, target: 'production' });
    expect(ids(r)).toEqual(['brand-b-greetings', 'brand-b-spam', 'common']);
  });

  it('include by label, with a name and description override applied to a copy', async () => {
    const r = await validateRepo({ dir: 'keywords', cwd: root, target: 'brand-b' });
    expect(ids(r)).toEqual(['brand-b-greetings', 'brand-b-spam']);
    expect(r.lists[0]).toMatchObject({ name: 'Brand B greetings', description: 'For Brand B only.', searchTerms: ['brand-b-greetings-a', 'brand-b-greetings-b'] });
    // The folder's list is as written; another target sees it unchanged.
    expect(r.folderLists.find((l) => l.id === 'brand-b-greetings')!.name).toBe('List brand-b-greetings');
    const staging = await validateRepo({ dir: 'keywords', cwd: root, target: 'staging' });
    expect(staging.lists.find((l) => l.id === 'brand-b-greetings')!.name).toBe('List brand-b-greetings');
  });

  it('include by id and path together (any entry matches)', async () => {
    const r = await validateRepo({ dir: 'keywords', cwd: root, target: 'picked' });
    expect(ids(r)).toEqual(['brand-b-greetings', 'common']);
  });

  it('omit leaves a list out', async () => {
    const r = await validateRepo({ dir: 'keywords', cwd: root, target: 'omitting' });
    expect(ids(r)).not.toContain('common');
    expect(r.lists).toHaveLength(4);
  });

  it('without a target and with several, lists are the folder\'s; labels are not sent', async () => {
    const r = await validateRepo({ dir: 'keywords', cwd: root });
    expect(r.errorCount).toBe(0);
    expect(r.target).toBeUndefined();
    expect(r.lists).toHaveLength(5);
    for (const l of r.lists) expect(Object.keys(l).sort()).toEqual(['category', 'description', 'id', 'name', 'searchTerms', 'source']);
  });

  it('a target this kwsync.yaml lacks is an error, and no list is chosen', async () => {
    const r = await validateRepo({ dir: 'keywords', cwd: root, target: 'qa' });
    expect(r.lists).toEqual([]);
    expect(errors(r)).toMatchObject([{ rule: 'target-unknown', file: 'keywords/kwsync.yaml', line: 2, column: 3 }]);
    expect(errors(r)[0]!.message).toContain('target qa is not defined here (targets: staging, production, brand-b, picked, omitting)');
  });
});

describe('appended terms', () => {
  it('CSV and YAML files are appended for the target only, and an orphan-looking CSV is in use', async () => {
    const root = repo({
      'common.yaml': list('common'),
      'extra-common.csv': 'term\nextra-one\nextra-two\n',
      'extra/more.yaml': 'searchTerms:\n  - extra-three\n',
      'kwsync.yaml': `targets:
  - name: staging
  - name: production
    overrides:
      common:
        appendTermsFrom: [extra-common.csv, extra/more.yaml]
`,
    });
    const prod = await validateRepo({ dir: 'keywords', cwd: root, target: 'production' });
    expect(prod.diagnostics).toEqual([]);
    expect(prod.lists[0]!.searchTerms).toEqual(['common-a', 'common-b', 'extra-one', 'extra-two', 'extra-three']);
    const staging = await validateRepo({ dir: 'keywords', cwd: root, target: 'staging' });
    expect(staging.lists[0]!.searchTerms).toEqual(['common-a', 'common-b']);
  });

  it('appended terms are checked like the list\'s own, located in their file', async () => {
    const root = repo({
      'common.yaml': list('common'),
      'extra.csv': 'fine\n common-a\ncommon-b\n',
      'kwsync.yaml': 'targets:\n  - name: production\n    overrides:\n      common:\n        appendTermsFrom: extra.csv\n',
    });
    const r = await validateRepo({ dir: 'keywords', cwd: root, target: 'production' });
    expect(errors(r).map((d) => [d.file, d.line, d.rule])).toEqual([
      ['keywords/extra.csv', 2, 'term-padded'],
      ['keywords/extra.csv', 3, 'duplicate-term'],
    ]);
    expect(errors(r)[1]!.message).toBe('"common-b" is already in list "common" (keywords/common.yaml:4), to which production appends this file; remove this copy');
  });

  it('a missing file, a list file and a file outside the folder are refused at the reference', async () => {
    const root = repo({
      'common.yaml': list('common'),
      'other.yaml': list('other'),
      'kwsync.yaml': 'targets:\n  - name: production\n    overrides:\n      common:\n        appendTermsFrom: [nope.csv, other.yaml, ../secret.csv]\n',
    });
    const r = await validateRepo({ dir: 'keywords', cwd: root, target: 'production' });
    expect(errors(r).map((d) => [d.line, d.column, d.rule])).toEqual([
      [5, 27, 'file-not-found'],
      [5, 37, 'append-terms-list-file'],
      [5, 49, 'file-outside-folder'],
    ]);
    expect(errors(r)[0]!.message).toContain('relative to the keywords folder');
  });

  it('a list over the upload limit once terms are appended: located at the override, naming the target', async () => {
    const root = repo({
      'common.yaml': list('common'),
      'extra.csv': Array.from({ length: 20 }, (_, i) => `extra-term-${i}`).join('\n'),
      'kwsync.yaml': 'limits:\n  maxUploadBytes: 200\ntargets:\n  - name: staging\n  - name: production\n    overrides:\n      common:\n        appendTermsFrom: extra.csv\n',
    });
    const r = await validateRepo({ dir: 'keywords', cwd: root, target: 'staging' });
    expect(errors(r).map(render)).toEqual([
      expect.stringMatching(/^keywords\/kwsync\.yaml:8:26: target production: list "common": with the appended terms the list takes \d+ bytes, over the 200-byte limit; append fewer terms or split the list$/),
    ]);
  });
});

describe('errors name the target and the kwsync.yaml node', () => {
  it('overrides, include ids and labels that name nothing; an override of a list the target does not take', async () => {
    const root = repo({
      ...FOLDER,
      'kwsync.yaml': `targets:
  - name: production
    include:
      ids: [common, commn]
      labels: [brand-c]
    overrides:
      x:
        name: X
      brand-b-spam:
        name: Spam
`,
    });
    const r = await validateRepo({ dir: 'keywords', cwd: root, target: 'production' });
    expect(r.diagnostics.map((d) => `${d.severity} ${render(d)}`)).toEqual([
      'error keywords/kwsync.yaml:4:21: target production: include names list "commn", which no list file defines; fix the id or remove it',
      'warning keywords/kwsync.yaml:5:16: target production: include: no list file has the label "brand-c"; add `labels: [brand-c]` to the list files meant, or remove it',
      'error keywords/kwsync.yaml:7:7: target production: overrides names list "x", which no list file defines; fix the id or remove the override',
      'warning keywords/kwsync.yaml:9:7: target production: overrides list "brand-b-spam", which this target does not take (include and exclude leave it out); take the list or remove the override',
    ]);
    expect(ids(r)).toEqual(['common']);
  });

  it('a target that takes nothing is an error (with prune it would delete every live list)', async () => {
    const root = repo({ ...FOLDER, 'kwsync.yaml': 'targets:\n  - name: production\n    include:\n      paths: ["nothing-*.yaml"]\n' });
    const r = await validateRepo({ dir: 'keywords', cwd: root });
    expect(errors(r).map(render)).toEqual(['keywords/kwsync.yaml:4:7: target production: takes no list (include, exclude and omit leave nothing); widen include or remove the target']);
    expect(r.diagnostics.find((d) => d.rule === 'target-selects-nothing')).toMatchObject({ line: 4, column: 15, severity: 'warning' });
  });

  it('a glob with a folder in it that matches nothing is a plain warning (lists in folders are read)', async () => {
    const root = repo({ ...FOLDER, 'kwsync.yaml': 'targets:\n  - name: production\n    exclude:\n      paths: ["experimental/*"]\n' });
    const r = await validateRepo({ dir: 'keywords', cwd: root });
    expect(r.diagnostics[0]!.message).toBe('target production: exclude: the path "experimental/*" matches no list file; fix the glob or remove it');
  });

  it.each([
    ['unknown', 'targets:\n  - name: production\n    after: stagin\n  - name: staging\n', 'keywords/kwsync.yaml:3:12: target production: after names "stagin", which is not a target here (targets: staging); name another target or remove after'],
    ['a cycle', 'targets:\n  - name: a\n    after: b\n  - name: b\n    after: a\n', 'keywords/kwsync.yaml:3:12: target a: after makes a cycle (a after b after a); no target of a cycle could ever apply: remove one after'],
    ['itself', 'targets:\n  - name: a\n    after: a\n', 'keywords/kwsync.yaml:3:12: target a: after makes a cycle (a after a); no target of a cycle could ever apply: remove one after'],
    [
      'four deep',
      'targets:\n  - name: a\n  - name: b\n    after: a\n  - name: c\n    after: b\n  - name: d\n    after: c\n',
      'keywords/kwsync.yaml:8:12: target d: after makes a chain of 4 targets (a, then b, then c, then d), but the apply workflow runs at most 3 waves; let two of them wait for the same target instead',
    ],
    ['a duplicate name', 'targets:\n  - name: a\n  - name: a\n', 'keywords/kwsync.yaml:3:11: target a: the name is also used by target number 1; target names must be unique'],
    [
      'a shared environment',
      'targets:\n  - name: a\n    environment: prod\n  - name: b\n    environment: prod\n',
      'keywords/kwsync.yaml:5:18: target b: its GitHub environment "prod" is also target a\'s; each target needs its own environment (its key and its deployment records): set `environment:` to another name',
    ],
    [
      'an environment named like another target',
      'targets:\n  - name: a\n  - name: b\n    environment: a\n',
      'keywords/kwsync.yaml:4:18: target b: its GitHub environment "a" is also target a\'s; each target needs its own environment (its key and its deployment records): set `environment:` to another name',
    ],
  ])('after: %s', async (_, config, message) => {
    const root = repo({ 'common.yaml': list('common'), 'kwsync.yaml': config });
    const r = await validateRepo({ dir: 'keywords', cwd: root });
    expect(errors(r).map(render)).toContain(message);
  });

  it('three deep is fine', async () => {
    const root = repo({ 'common.yaml': list('common'), 'kwsync.yaml': 'targets:\n  - name: a\n  - name: b\n    after: a\n  - name: c\n    after: b\n' });
    expect((await validateRepo({ dir: 'keywords', cwd: root })).diagnostics).toEqual([]);
  });
});

describe('limits per target', () => {
  const thirty = Object.fromEntries(Array.from({ length: 30 }, (_, i) => {
    const id = `${i < 15 ? 'a' : 'b'}-list-${String(i).padStart(2, '0')}`;
    return [`${id}.yaml`, list(id)];
  }));

  it('a folder of 30 lists, two targets of 15 each: valid', async () => {
    const root = repo({ ...thirty, 'kwsync.yaml': 'targets:\n  - name: brand-a\n    include:\n      paths: ["a-*"]\n  - name: brand-b\n    include:\n      paths: ["b-*"]\n' });
    const r = await validateRepo({ dir: 'keywords', cwd: root, target: 'brand-b' });
    expect(r.diagnostics).toEqual([]);
    expect(r.lists).toHaveLength(15);
  });

  it('a target taking 26 of them: too-many-lists naming the target', async () => {
    const root = repo({ ...thirty, 'kwsync.yaml': 'targets:\n  - name: brand-a\n    include:\n      paths: ["a-*"]\n  - name: big\n    exclude:\n      ids: [a-list-00, a-list-01, a-list-02, a-list-03]\n' });
    const r = await validateRepo({ dir: 'keywords', cwd: root });
    const found = errors(r);
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found.map((d) => d.rule))).toEqual(new Set(['too-many-lists']));
    expect(found[0]!.message).toMatch(/^target big: takes 26 lists, but may hold at most 25 \(default lists not counted\); .*: leave it out of big \(exclude or omit in kwsync\.yaml\), merge it into another list or remove it$/);
  });

  it('without selecting targets, 26 lists keep the folder-wide message', async () => {
    const root = repo({ ...Object.fromEntries(Object.entries(thirty).slice(0, 26)), 'kwsync.yaml': 'targets:\n  - name: staging\n  - name: production\n' });
    const r = await validateRepo({ dir: 'keywords', cwd: root });
    expect(errors(r)[0]!.message).toMatch(/^26 lists, but staging, production may hold at most 25/);
  });
});

describe('what reads the files as written', () => {
  const files = {
    'common.yaml': list('common'),
    'extra.csv': 'gosh\n',
    'kwsync.yaml': 'targets:\n  - name: production\n    overrides:\n      common:\n        name: Renamed\n        appendTermsFrom: extra.csv\n',
  };

  it('without a target, lists are the folder\'s even when kwsync.yaml has one target; onlyTarget resolves it', async () => {
    const root = repo(files);
    const folder = await validateRepo({ dir: 'keywords', cwd: root });
    expect(folder.lists).toMatchObject([{ name: 'List common', searchTerms: ['common-a', 'common-b'] }]);
    const only = await validateRepo({ dir: 'keywords', cwd: root, onlyTarget: true });
    expect(only.target).toBe('production');
    expect(only.lists).toMatchObject([{ name: 'Renamed', searchTerms: ['common-a', 'common-b', 'gosh'] }]);
  });

  it('fmt formats the list file as written, never the target\'s copy', async () => {
    const root = repo(files);
    const result = await formatRepo({ dir: 'keywords', cwd: root });
    expect(result).toMatchObject({ ok: true, files: 1 });
    if (!result.ok) throw new Error('unreachable');
    expect(result.changes.map((c) => c.file)).toEqual(['keywords/common.yaml']);
    expect(result.changes[0]!.after).toBe('id: common\nname: List common\ncategory: word\nsearchTerms:\n  - common-a\n  - common-b\n');
  });
});

it('past the deadline, the targets not resolved are a located too-slow finding, not a hang', async () => {
  const root = repo({ 'common.yaml': list('common'), 'kwsync.yaml': 'targets:\n  - name: staging\n  - name: production\n' });
  const r = await validateRepo({ dir: 'keywords', cwd: root, target: 'production', budget: validationBudget({ deadlineMs: 0 }) });
  const slow = r.diagnostics.filter((d) => d.rule === 'too-slow');
  expect(slow.map((d) => d.file)).toContain('keywords/kwsync.yaml');
  expect(r.diagnostics.some((d) => d.rule === 'target-unknown')).toBe(false);
  expect(r.errorCount).toBeGreaterThan(0);
});
