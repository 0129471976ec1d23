// Issue 39 "must show", through the CLI against the emulator over real HTTP: from an empty app, two
// lists and a rule using one; plan (2 lists and 1 rule to create, the unused list named), apply, a
// message the rule blocks and one it does not, status counting 1 blocked for the rule; a live edit of
// the rule's action shown as drift and reverted; deleting the used list's file refused while a rule
// uses it. KWSYNC_SHOW=1 prints every command's output.
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { updateRule, findRule, createClient } from '../../src/api/index.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const show = (label: string, r: { code: number; stdout: string; stderr: string }) => {
  if (process.env.KWSYNC_SHOW) process.stdout.write(`\n$ kwsync ${label}  (exit ${r.code})\n${r.stdout}${r.stderr ? `[stderr]\n${r.stderr}` : ''}`);
  return r;
};
const client = () => h.client();

async function send(text: string): Promise<{ status: number; moderation: unknown }> {
  const res = await fetch(`${h.emulator.chatBaseUrl}/messages`, {
    method: 'POST',
    headers: { apikey: h.emulator.apiKey, onBehalfOf: 'cometchat-uid-1', 'content-type': 'application/json' },
    body: JSON.stringify({ receiver: 'cometchat-guid-1', receiverType: 'group', category: 'message', type: 'text', data: { text } }),
  });
  const body = (await res.json()) as { data?: { data?: { moderation?: unknown } } };
  if (process.env.KWSYNC_SHOW) process.stdout.write(`\nPOST /messages ${JSON.stringify(text)} -> ${res.status} moderation ${JSON.stringify(body.data?.data?.moderation ?? null)}\n`);
  return { status: res.status, moderation: body.data?.data?.moderation };
}

async function writeRule(text: string) {
  await mkdir(join(h.keywords, 'rules'), { recursive: true });
  await writeFile(join(h.keywords, 'rules', 'block-scams.yaml'), text, 'utf8');
}
const RULE = 'id: block-scams\nname: Block scams\naction: [blockMessage]\nconditions:\n  - list: scam-words\n';

test('lists and a rule from an empty app: plan, apply, a blocked and a delivered message, status counts it', async () => {
  await h.writeList('scam-words', ['free crypto', 'wire the fee']);
  await h.writeList('spam-words', ['buy followers']);
  await writeRule(RULE);

  const plan = show('plan --detailed-exitcode', await h.run(['plan', '--detailed-exitcode']));
  expect(plan.code).toBe(2);
  expect(plan.stdout).toContain('+ create rule block-scams  (keywords/rules/block-scams.yaml)');
  expect(plan.stdout).toContain('    + condition: list scam-words (word)');
  expect(plan.stdout).toContain('Warning: no enabled rule uses list spam-words (in keywords/rules/ or live): it catches nothing live');
  expect(plan.stdout).toContain('Plan: 2 to create, 0 to update, 0 to delete, 0 unchanged. Rules: 1 to create, 0 to update, 0 to delete, 0 unchanged.');

  const apply = show('apply --auto-approve', await h.run(['apply', '--auto-approve']));
  expect(apply.code).toBe(0);
  expect(apply.stdout).toMatch(/✓ applied +rule block-scams \(create\)/);
  expect(apply.stdout).toContain('Apply: 2 applied, 0 unchanged, 0 skipped, 0 failed. Rules: 1 applied, 0 unchanged, 0 skipped, 0 failed.');
  const live = await findRule(client(), 'block-scams');
  expect(live?.conditions[0]).toMatchObject({ isReference: true, value: ['scam-words'], category: 'word' });

  expect((await send('get FREE CRYPTO here')).moderation).toEqual({ status: 'disapproved' });
  expect((await send('buy followers, hello all')).moderation).toBeUndefined(); // spam-words: no rule uses it

  const status = show('status', await h.run(['status']));
  expect(status.stdout).toContain('block-scams [blockMessage] (scam-words): 1 blocked');
  const json = JSON.parse((await h.run(['status', '--format', 'json'])).stdout) as { targets: { rules?: { rules: { id: string; blocked: number }[] } }[] };
  expect(json.targets[0]!.rules!.rules.find((r) => r.id === 'block-scams')!.blocked).toBe(1);
});

test('a live edit of the rule action is drift in the plan and apply reverts it', async () => {
  await h.writeList('scam-words', ['free crypto']);
  await writeRule(RULE);
  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
  const c = client();
  const live = (await findRule(c, 'block-scams'))!;
  await updateRule(c, { ...live, filters: [], action: ['dropMessage'] });

  const plan = show('plan --detailed-exitcode (after a live edit)', await h.run(['plan', '--detailed-exitcode']));
  expect(plan.code).toBe(2);
  expect(plan.stdout).toMatch(/~ update rule block-scams  \(keywords\/rules\/block-scams.yaml\)  revision \S+\n    action: \[dropMessage\] -> \[blockMessage\]/);
  expect(plan.stdout).toContain('Rules: 0 to create, 1 to update, 0 to delete, 0 unchanged.');

  const apply = show('apply --auto-approve', await h.run(['apply', '--auto-approve']));
  expect(apply.code).toBe(0);
  expect((await findRule(c, 'block-scams'))!.action).toEqual(['blockMessage']);
  expect((await h.run(['plan', '--detailed-exitcode'])).code).toBe(0);
});

test('deleting the used list: refused while a rule uses it, naming the rule; the list stays live', async () => {
  await h.writeList('scam-words', ['free crypto']);
  await h.writeList('spam-words', ['buy followers']);
  await writeRule(RULE);
  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
  await h.removeList('scam-words');

  // The rule file still names it: an error at its line, nothing sent.
  const invalid = show('plan --prune (rule file still names the list)', await h.run(['plan', '--prune']));
  expect(invalid.code).toBe(3);
  expect(invalid.stderr).toContain('keywords/rules/block-scams.yaml:5:11');
  expect(invalid.stderr).toContain('rule "block-scams" (keywords/rules/block-scams.yaml) references keyword list "scam-words"');

  // The rule is live but not in the files (rules/ removed: rules are read, not managed).
  await rm(join(h.keywords, 'rules'), { recursive: true });
  const plan = show('plan --prune (rule live only)', await h.run(['plan', '--prune']));
  expect(plan.code).toBe(0);
  expect(plan.stdout).toContain('- delete scam-words');
  expect(plan.stdout).toContain('! needs --force: deletes the list and its 1 term; live rule "block-scams" still references this list');
  expect(plan.stdout).toContain('CAUTION: list "scam-words" is deleted while rule "block-scams" uses it');

  const apply = show('apply --prune --auto-approve', await h.run(['apply', '--prune', '--auto-approve']));
  expect(apply.code).toBe(4);
  expect(apply.stderr).toContain('scam-words: deletes the list and its 1 term; live rule "block-scams" still references this list');
  expect(await h.target().getKeywordList('scam-words')).toBeDefined();
});
