// Issue 39 item 10, through the CLI against the emulator over HTTP: a rule the service refuses is
// named at its file and line (the condition the service's error names, else the action), its error
// quoted, nothing else lost (the lists and the other rules are written), and the run exits 1.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { findRule } from '../../src/api/index.js';
import { refusedAt } from '../../src/apply/rules/apply-rule-change.js';
import { offContract } from '../contract/rules-requests.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

test('a condition the service refuses: the rule file and the condition\'s line, the service\'s words, the rest applied', async () => {
  await h.writeList('scams', ['wire the fee']);
  await mkdir(join(h.keywords, 'rules'));
  await writeFile(join(h.keywords, 'rules', 'good.yaml'), 'id: good\nname: Good\naction: [blockMessage]\nconditions:\n  - list: scams\n');
  // The second condition's operand is one the emulator (like the published enum) does not take.
  await writeFile(
    join(h.keywords, 'rules', 'odd.yaml'),
    'id: odd\nname: Odd\naction: [blockMessage]\nconditions:\n  - list: scams\n  - entity: message\n    operand: audio\n    operator: contains\n    category: word\n    value: [hello]\n',
  );
  // Deliberately off the published request schema (its operand enum): the service's refusal is the point.
  const r = await offContract(() => h.run(['apply', '--auto-approve']));
  expect(r.code).toBe(1);
  expect(r.stdout).toMatch(/✗ failed +rule odd \(create\)/);
  expect(r.stdout).toContain('the service refused rule odd (keywords/rules/odd.yaml:6): ');
  expect(r.stdout).toMatch(/conditions\[1\]\.operand "audio" is not one of/);
  expect(r.stdout).not.toMatch(/\n\s+at /);
  // Nothing else lost: the list and the other rule are live, the refused rule is not.
  expect(await h.target().getKeywordList('scams')).toBeDefined();
  expect(await findRule(h.client(), 'good')).toBeDefined();
  expect(await findRule(h.client(), 'odd')).toBeUndefined();
});

test('refusedAt: the condition the error names in any of its spellings, else the action or filters, else the id', () => {
  const change = { file: 'k/rules/r.yaml', lines: { id: 1, action: 3, filters: 9, conditions: [5, 7] } };
  expect(refusedAt(change, 'conditions[1].operand "x" is not one of text')).toBe('k/rules/r.yaml:7');
  expect(refusedAt(change, '/conditions/0/value must be string')).toBe('k/rules/r.yaml:5');
  expect(refusedAt(change, 'Condition.1 is invalid')).toBe('k/rules/r.yaml:7');
  expect(refusedAt(change, 'conditions[7] is out of range')).toBe('k/rules/r.yaml:1');
  expect(refusedAt(change, 'action "x" is not one this app accepts')).toBe('k/rules/r.yaml:3');
  expect(refusedAt(change, 'filters must be an array')).toBe('k/rules/r.yaml:9');
  expect(refusedAt(change, 'ERR_BAD_REQUEST')).toBe('k/rules/r.yaml:1');
  expect(refusedAt({ file: 'k/rules/r.yaml' }, 'conditions[1]')).toBe('k/rules/r.yaml');
});
