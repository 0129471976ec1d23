// The preview use case (src/sync/preview.ts) both shells call, over real HTTP to the emulator: the
// plan from planTarget against the emulator's live list, the messages from its group.
// Invariants, for random live and file terms and a random count per group: the bounded way (a
// pull request's, --deadline) and the in-process way (`kwsync preview`) count the same; each count
// is the oracle's over the newest `perGroup` messages (a message is caught when one of its words is
// a term); the preview only reads (every request a GET). KWSYNC_PROPERTY_RUNS / _SEED replay a run.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { startEmulator, type EmulatorData, type RunningEmulator } from '../../src/emulator/index.js';
import type { KeywordTarget } from '../../src/model/target.js';
import type { CometChatClient } from '../../src/api/index.js';
import { connectService, serviceSettingsFromEnv } from '../../src/sync/service.js';
import { planTarget } from '../../src/sync/plan.js';
import { previewTarget, recentTextMessages } from '../../src/sync/preview.js';
import { desired, SAFETY } from '../plan/fixtures.js';

const NUM_RUNS = Number(process.env.KWSYNC_PROPERTY_RUNS ?? 20);
const SEED = process.env.KWSYNC_PROPERTY_SEED === undefined ? Date.now() ^ (Math.random() * 0x7fffffff) : Number(process.env.KWSYNC_PROPERTY_SEED);

// No word is part of another, so "a word of the message is a term" is what a word list catches.
const VOCAB = ['apple', 'brick', 'cloud', 'delta', 'ember', 'frost', 'grove', 'haze'];
const GROUP = 'g1';
// 60 messages of 1 to 4 words, from a fixed generator so the oracle reads the same text the emulator serves.
const TEXTS = fc.sample(fc.array(fc.constantFrom(...VOCAB), { minLength: 1, maxLength: 4 }), { numRuns: 60, seed: 42 }).map((words) => words.join(' '));
const data: EmulatorData = {
  users: [{ uid: 'u1', name: 'One' }],
  groups: [{ guid: GROUP, name: 'G' }, { guid: 'g2', name: 'Other' }],
  messages: [
    ...TEXTS.map((text, i) => ({ id: i + 1, guid: GROUP, sender: 'u1', text, sentAt: 1000 + i })),
    { id: 1000, guid: 'g2', sender: 'u1', text: 'we said zebra today', sentAt: 5000 },
    { id: 1001, guid: 'g2', sender: 'u1', text: 'nothing to see', sentAt: 5001 },
  ],
  keywordLists: [],
};

let emu: RunningEmulator;
let keywords: KeywordTarget;
let client: CometChatClient;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, data });
  ({ keywords, client } = connectService(serviceSettingsFromEnv({ COMETCHAT_API_KEY: emu.apiKey, COMETCHAT_BASE_URL: emu.chatBaseUrl })));
  const { source: _source, ...list } = desired('mild', ['apple']);
  await keywords.createKeywordList(list);
});
afterAll(async () => {
  await emu.close();
});

const terms = fc.uniqueArray(fc.constantFrom(...VOCAB), { minLength: 1, maxLength: 4 });
const catches = (text: string, list: readonly string[]) => text.split(' ').some((w) => list.includes(w));

it('counts what the oracle counts over the newest messages, the same bounded or in process, reading only', async () => {
  let runs = 0;
  let caught = 0;
  await fc.assert(
    fc.asyncProperty(terms, terms, fc.integer({ min: 1, max: TEXTS.length + 5 }), async (liveTerms, fileTerms, perGroup) => {
      runs++;
      const current = (await keywords.getKeywordList('mild'))!;
      await keywords.updateKeywordList({ ...current, searchTerms: liveTerms });
      const before = emu.requests.length;
      const { plan } = await planTarget({ lists: [desired('mild', fileTerms)], keywords, options: { target: 'emu', prune: false, safety: SAFETY } });
      const input = { plan, groups: [GROUP], perGroup, messages: recentTextMessages(client) };
      const inProcess = await previewTarget({ ...input, bounded: false });
      const bounded = await previewTarget({ ...input, bounded: true });
      expect(emu.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
      expect(bounded.stopped).toBeUndefined();
      expect(bounded.lists).toEqual(inProcess.lists);
      expect(bounded.messagesScanned).toBe(inProcess.messagesScanned);

      const newest = TEXTS.slice(-perGroup);
      expect(inProcess.messagesScanned).toBe(newest.length);
      const same = liveTerms.length === fileTerms.length && liveTerms.every((t) => fileTerms.includes(t));
      if (same) {
        expect(inProcess.lists).toEqual([]); // nothing changes: nothing to preview
        return;
      }
      const mild = inProcess.lists.find((l) => l.id === 'mild')!;
      const was = newest.map((t) => catches(t, liveTerms));
      const will = newest.map((t) => catches(t, fileTerms));
      expect(mild).toMatchObject({
        kind: 'update',
        before: was.filter(Boolean).length,
        after: will.filter(Boolean).length,
        newlyCaught: will.filter((w, i) => w && !was[i]).length,
        noLongerCaught: was.filter((w, i) => w && !will[i]).length,
      });
      caught += mild.newlyCaught;
    }),
    { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true },
  );
  process.stdout.write(`preview-target property: ${runs} runs, seed ${SEED}: ${caught} messages newly caught in all\n`);
}, 120_000);

it('counts the message in the emulator\'s group that a new list\'s term matches', async () => {
  const { plan } = await planTarget({ lists: [desired('mild', (await keywords.getKeywordList('mild'))!.searchTerms), desired('animals', ['zebra'])], keywords, options: { target: 'emu', prune: false, safety: SAFETY } });
  for (const bounded of [false, true]) {
    const preview = await previewTarget({ plan, groups: ['g2'], perGroup: 10, messages: recentTextMessages(client), bounded, examples: 1 });
    expect(preview.messagesScanned).toBe(2);
    expect(preview.lists).toEqual([expect.objectContaining({ id: 'animals', kind: 'create', before: 0, after: 1, newlyCaught: 1, topTerms: [{ term: 'zebra', messages: 1 }] })]);
    expect(preview.lists[0]!.examples?.newlyCaught.map((e) => e.text)).toEqual(['we said zebra today']);
  }
});
