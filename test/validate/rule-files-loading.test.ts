// The rule-file checks (validate/rule-files: zod schemas, references across files) and the CSV row
// advice (validate/csv-rows) are imported by validate only when there is something for them to read:
// a rule file, a csv-multiple-fields finding. Through the real path (validateRepo in a child process
// whose module resolutions a loader hook records), and in process for what rulesManaged says.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validateRepo } from '../../src/validate/index.js';
import { validateLoadingSources } from '../helpers/module-loads.js';

const LAZY = ['validate/rule-files/index', 'validate/rule-files/validate-rule-file', 'validate/rule-files/check-rule-refs', 'validate/csv-rows'];
const loadedIn = (dir: string) => validateLoadingSources(dir, LAZY);
const named = (loaded: string[]) => loaded.map((l) => /src\/(.*)\.[jt]s$/.exec(l)![1]!).sort();

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kwsync-rules-load-'));
  mkdirSync(join(dir, 'keywords'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => writeFileSync(join(dir, 'keywords', name), text);
const scams = (csv: string) => {
  write('scam.yaml', 'id: scam\nname: Scam\ncategory: word\nfile: scam.csv\n');
  write('scam.csv', csv);
};

test('a folder of lists without rule files or extra CSV columns loads neither', () => {
  scams('term\nscam\n"free, money"\n');
  const r = loadedIn(dir);
  expect(r.loaded).toEqual([]);
  expect(r.rules).toEqual([]);
}, 60_000);

test('a rule file loads the rule checks, which report its unknown list', () => {
  scams('term\nscam\n');
  mkdirSync(join(dir, 'keywords', 'rules'));
  write('rules/block.yaml', 'id: block\nname: Block\naction: [blockMessage]\nconditions:\n  - list: scams\n');
  const r = loadedIn(dir);
  expect(named(r.loaded)).toEqual(['validate/rule-files/check-rule-refs', 'validate/rule-files/index', 'validate/rule-files/validate-rule-file']);
  expect(r.rules).toEqual(['rule-unknown-list']);
}, 60_000);

test('a CSV row of several fields loads the row advice', () => {
  scams('term\nalpha\nbeta,gamma\n');
  const r = loadedIn(dir);
  expect(named(r.loaded)).toEqual(['validate/csv-rows']);
  expect(r.rules).toEqual(['csv-multiple-fields']);
}, 60_000);

test('rules/ alone, with no rule file, still means kwsync manages the rules (none)', async () => {
  scams('term\nscam\n');
  const without = await validateRepo({ dir: 'keywords', cwd: dir });
  expect(without.rulesManaged).toBeUndefined();
  mkdirSync(join(dir, 'keywords', 'rules'));
  const v = await validateRepo({ dir: 'keywords', cwd: dir });
  expect(v.diagnostics).toEqual([]);
  expect(v.rulesManaged).toBe(true);
  expect(v.rules).toEqual([]);
});
