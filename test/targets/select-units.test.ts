// Pure pieces of target selection: path globs, and the PR plan's line on what the target takes.
import type { DesiredList } from '../../src/model/keyword-list.js';
import { changedListIds, targetScopeNote } from '../../src/targets/pr-scope.js';
import { matchesPath } from '../../src/targets/select.js';

it.each([
  ['experimental-a.yaml', 'experimental-*', true],
  ['experimental-a.yaml', './experimental-*.yaml', true],
  ['experimental-a.yaml', 'experimental-*.yml', false],
  ['brand-b/spam.yaml', 'brand-b/*', true],
  ['brand-b/deep/spam.yaml', 'brand-b/*', false],
  ['brand-b/deep/spam.yaml', 'brand-b/**', true],
  ['spam.yaml', '**/*.yaml', true],
  ['spam.yaml', '{spam,ham}.yaml', true],
  ['.hidden.yaml', '*.yaml', false],
  ['#a.yaml', '#a.yaml', true], // no comment syntax
  ['a.yaml', '!b.yaml', false], // no negation: exclude says that
])('%s against %s: %s', (path, glob, expected) => {
  expect(matchesPath(path, glob)).toBe(expected);
});

const l = (id: string, terms: string[], name = id): DesiredList => ({ id, name, description: '', category: 'word', searchTerms: terms, source: { file: `keywords/${id}.yaml` } });

it('the changed lists are added, deleted and edited ones (terms or name)', () => {
  const base = [l('a', ['x']), l('b', ['x']), l('c', ['x']), l('d', ['x'])];
  const head = [l('a', ['x']), l('b', ['x', 'y']), l('c', ['x'], 'renamed'), l('e', ['x'])];
  expect(changedListIds(base, head)).toEqual(['b', 'c', 'd', 'e']);
});

it.each([
  [['a', 'b'], true, undefined, 'This target takes 1 of the 2 lists this pull request changes.'],
  [['b'], true, 'staging', 'This target does not take the list this pull request changes. It applies after `staging`, once that target has applied the same commit.'],
  [['a'], false, 'staging', 'This target applies after `staging`, once that target has applied the same commit.'],
  [['a'], false, undefined, ''],
])('scope of a PR changing %j (selective %s, after %s)', (changed, selective, after, note) => {
  const base = [l('a', ['x']), l('b', ['x'])];
  const head = base.map((x) => (changed.includes(x.id) ? { ...x, searchTerms: ['x', 'y'] } : x));
  const taken = (ls: DesiredList[]) => ls.filter((x) => x.id === 'a');
  expect(targetScopeNote({ folderLists: base, lists: taken(base) }, { folderLists: head, lists: taken(head) }, { selective, ...(after ? { after } : {}) })).toBe(note);
});

it('a target name is escaped where it renders', () => {
  expect(targetScopeNote({ lists: [] }, { lists: [] }, { selective: false, after: 'a`b' })).toContain('``a`b``');
});
