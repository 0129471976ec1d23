// `kwsync import` brings the app's live custom rules into keywords/rules/<id>.yaml (never the default
// rules, never over an existing file); validate passes and plan shows no rule change (the round trip).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRule } from '../../src/api/index.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});
const client = () => h.client();

test('import writes live custom rules as files; validate passes and plan shows no changes', async () => {
  await h.writeList('scam-words', ['free crypto', 'wire the fee']);
  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
  await createRule(client(), {
    id: 'block-scams', name: 'Block scams', description: 'scams out', enabled: true, action: ['blockMessage'],
    conditions: [{ entity: 'message', operand: 'text', operator: 'contains', category: 'word', isReference: true, value: ['scam-words'] }], filters: [],
  });
  await createRule(client(), {
    id: 'drop-hello', name: 'Drop hello', enabled: false, action: ['dropMessage'],
    conditions: [{ entity: 'message', operand: 'text', operator: 'equals', category: 'word', isReference: false, value: ['hello'] }], filters: [],
  });

  const r = await h.run(['import']);
  expect(r.code).toBe(0);
  expect(r.stdout).toContain('Imported 2 rules (default rules left out):');
  expect(await readFile(join(h.keywords, 'rules', 'block-scams.yaml'), 'utf8')).toBe(
    'id: block-scams\nname: Block scams\ndescription: scams out\nenabled: true\naction: [blockMessage]\nconditions:\n  - list: scam-words\n',
  );
  expect(await readFile(join(h.keywords, 'rules', 'drop-hello.yaml'), 'utf8')).toContain('operator: equals');

  expect((await h.run(['validate'])).code).toBe(0);
  const plan = await h.run(['plan', '--detailed-exitcode']);
  expect(plan.stdout).toContain('No changes');
  expect(plan.stdout).not.toMatch(/rule (block-scams|drop-hello)/);
  expect(plan.code).toBe(0);

  const again = await h.run(['import']);
  expect(again.stdout).toContain('block-scams: not written: keywords/rules/block-scams.yaml already exists');
});
