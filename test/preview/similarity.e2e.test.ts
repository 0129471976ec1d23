// The real path, once: `kwsync preview` against the emulator's marketplace group (realistic chat
// with scam paraphrases) with the real local sentence model, loaded once, on 100 messages.
import { MARKETPLACE_GROUP, MARKETPLACE_SCAMS } from '../../src/emulator/seed-marketplace.js';
import { startHarness, type Harness } from '../e2e/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

test('a sentence list is scored by the local model: caught messages, each sentence\'s own catches, the model and threshold named', async () => {
  await h.writeList('scam-sentences', ['send me the gift card codes and I will pay you back', 'you have won a prize, pay the fee to claim it', 'I need your bank login to transfer the money'], { category: 'sentence-similarity' });
  await h.writeList('mild', ['heck']);
  const r = await h.run(['preview', '--group', MARKETPLACE_GROUP, '--messages', '100', '--format', 'json']);
  // Not a terminal: the model's wait and the read of the group (each when over a second) are one start and one end line each, nothing else.
  const lines = r.stderr.split('\n').filter(Boolean);
  const allowed = [/^kwsync: Sentence model\.\.\.$/, /^kwsync: Sentence model: embedded \d+ texts after \d+\.\d s$/, new RegExp(`^kwsync: Reading messages of ${MARKETPLACE_GROUP}\\.\\.\\.$`), new RegExp(`^kwsync: Reading messages of ${MARKETPLACE_GROUP}: 100 messages after \\d+\\.\\d s$`)];
  for (const l of lines) expect(allowed.some((a) => a.test(l))).toBe(true);
  for (const [start, end] of [[0, 1], [2, 3]] as const) expect(lines.filter((l) => allowed[start]!.test(l)).length).toBe(lines.filter((l) => allowed[end]!.test(l)).length);
  expect(lines.length).toBeLessThanOrEqual(4);
  expect(r.code).toBe(0);
  const out = JSON.parse(r.stdout);
  expect(out.messagesScanned).toBe(100);
  expect(out.similarity).toMatchObject({ source: 'local-model', model: expect.stringMatching(/^Universal Sentence Encoder lite/), threshold: 0.6 });
  const scam = out.lists.find((l: { id: string }) => l.id === 'scam-sentences');
  expect(scam).toMatchObject({ kind: 'create', previewable: true, before: 0 });
  // The newest 100 messages hold some of the scams; the list catches them and not most of the chat.
  const scamsRead = MARKETPLACE_SCAMS.length / 2;
  expect(scam.after).toBeGreaterThanOrEqual(scamsRead / 2);
  expect(scam.after).toBeLessThan(50);
  expect(scam.sentences.map((s: { sentence: string }) => s.sentence)).toEqual(['send me the gift card codes and I will pay you back', 'you have won a prize, pay the fee to claim it', 'I need your bank login to transfer the money']);
  expect(scam.sentences.every((s: { messages: number }) => s.messages > 0)).toBe(true);
  expect(out.lists.find((l: { id: string }) => l.id === 'mild')).toMatchObject({ previewable: true });
});

test.each(['0', '1.5', 'high'])('--threshold %s is bad usage (exit 64), before anything is read', async (value) => {
  const before = h.emulator.requests.length;
  const r = await h.run(['preview', '--group', MARKETPLACE_GROUP, '--threshold', value]);
  expect(r.code).toBe(64);
  expect(r.stderr).toMatch(/--threshold <cosine>.*must be a number above 0 and at most 1/);
  expect(h.emulator.requests.length).toBe(before);
});
