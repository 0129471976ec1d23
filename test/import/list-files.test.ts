import { parse } from 'csv-parse/sync';
import { parse as parseYaml } from 'yaml';
import { listFilesFor } from '../../src/import/index.js';
import { live, range } from '../plan/fixtures.js';

test('short lists are inline YAML; default lists are left out; repeats collapse', () => {
  const files = listFilesFor([live('b', ['x', 'y', 'x'], { description: 'Bee' }), live('dflt', ['z'], { default: true })], 'prod');
  expect(files.map((f) => f.name)).toEqual(['b.yaml']);
  expect(files[0]?.text).toBe(
    '# Imported by `kwsync import` from prod (revision abc123_b_3).\n' +
      'id: b\nname: List b\ndescription: Bee\ncategory: word\nsearchTerms:\n  - x\n  - y\n',
  );
});

test.each([
  ['more than 50 terms', range(51)],
  ['a term with a comma', ['\\d{3,10}', 'ok']],
])('%s go to a CSV beside the YAML, read back exactly', (_label, terms) => {
  const files = listFilesFor([live('p', terms, { category: 'pattern' })], 'prod');
  expect(files.map((f) => f.name)).toEqual(['p.yaml', 'p.csv']);
  expect(parseYaml(files[0]!.text)).toEqual({ id: 'p', name: 'List p', category: 'pattern', file: 'p.csv' });
  const rows = parse(files[1]!.text) as string[][];
  expect(rows[0]).toEqual(['term']);
  expect(rows.slice(1).map((r) => r[0])).toEqual(terms);
});

test('a list id that is not a safe file name is refused', () => {
  expect(() => listFilesFor([live('../etc', ['x'])], 'prod')).toThrow(/"\.\.\/etc"/);
});

test('a live list with no terms is left out: no list file can hold it (list-empty)', () => {
  const files = listFilesFor([live('empty', []), live('full', ['x'])], 'prod');
  expect(files.map((f) => f.name)).toEqual(['full.yaml']);
});
