// Issue 39 item 8, through the CLI against the emulator over real HTTP, in a git checkout: a preview
// of a new list and the rule that uses it (recorded in .git/kwsync/), the apply, a message the rule
// blocks, then status shows "1 blocked" beside what the preview of that commit predicted.
import { execFileSync } from 'node:child_process';
import { appendFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.close();
});

const git = (...args: string[]) => execFileSync('git', args, { cwd: h.root, encoding: 'utf8' }).trim();

async function send(text: string): Promise<unknown> {
  const res = await fetch(`${h.emulator.chatBaseUrl}/messages`, {
    method: 'POST',
    headers: { apikey: h.emulator.apiKey, onBehalfOf: 'cometchat-uid-1', 'content-type': 'application/json' },
    body: JSON.stringify({ receiver: 'cometchat-guid-1', receiverType: 'group', category: 'message', type: 'text', data: { text } }),
  });
  return ((await res.json()) as { data?: { data?: { moderation?: unknown } } }).data?.data?.moderation;
}

test('preview, apply, a blocked message: status shows 1 blocked beside the prediction of the previewed commit', async () => {
  for (const t of ['free crypto today', 'FREE CRYPTO for all', 'hello free crypto']) expect(await send(t)).toBeUndefined();
  await h.writeList('scam-words', ['free crypto']);
  await mkdir(join(h.keywords, 'rules'), { recursive: true });
  await writeFile(join(h.keywords, 'rules', 'block-scams.yaml'), 'id: block-scams\nname: Block scams\naction: [blockMessage]\nconditions:\n  - list: scam-words\n', 'utf8');
  git('init', '-q');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '--allow-empty', '-m', 'base');
  git('add', 'keywords');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-q', '-m', 'scam words');
  const head = git('rev-parse', 'HEAD');

  const preview = await h.run(['preview', '--group', 'cometchat-guid-1', '--format', 'json']);
  expect(preview.code).toBe(0);
  const shown = JSON.parse(preview.stdout) as { messagesScanned: number; lists: { id: string; after: number }[] };
  const after = shown.lists.find((l) => l.id === 'scam-words')!.after;
  expect(after).toBe(3);
  expect(preview.stderr).toContain('recorded this preview');
  // The environment's single target is recorded as "default", the name status reads (as local applies are).
  const record = await readFile(join(h.root, '.git', 'kwsync', 'previews-default.jsonl'), 'utf8');
  expect(JSON.parse(record.trim())).toMatchObject({ commit: head, target: 'default', sample: shown.messagesScanned, lists: { 'scam-words': { before: 0, after: 3 } } });
  expect(record).not.toContain('free crypto today'); // counts and ids only

  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
  expect(await send('get FREE CRYPTO here')).toEqual({ status: 'disapproved' });

  // A line that is not a record (hostile or corrupt) is skipped with a warning, never a stack trace.
  await appendFile(join(h.root, '.git', 'kwsync', 'previews-default.jsonl'), '{"kwsyncLocalPreview":1,"lists":{"scam-words":{"after":999}}}\n{not json\n', 'utf8');
  const status = await h.run(['status']);
  expect(status.stderr).toMatch(/warning: 2 lines of \S+previews-default\.jsonl are not a preview record and were skipped/);
  expect(status.stderr).not.toMatch(/\n\s+at /);
  expect(status.stdout).toContain(`block-scams [blockMessage] (scam-words): 1 blocked; the preview of ${head.slice(0, 7)} predicted 3 of ${shown.messagesScanned} recent messages for scam-words (0 before)`);
  const json = JSON.parse((await h.run(['status', '--format', 'json'])).stdout) as { targets: { rules: { rules: { id: string; blocked: number; predicted?: { list: string; after: number; sample: number; commit: string | null }[] }[] } }[] };
  const rule = json.targets[0]!.rules.rules.find((r) => r.id === 'block-scams')!;
  expect(rule).toMatchObject({ blocked: 1, predicted: [{ list: 'scam-words', after: 3, sample: shown.messagesScanned, commit: head }] });
}, 60_000);
