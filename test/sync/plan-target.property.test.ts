// The plan use case (src/sync/plan.ts) both shells call, against the emulator over real HTTP.
// Invariants, for random base, live and file terms of one list: planning only reads (every request
// a GET); without a base no change is marked as undoing live edits; with the base the files were
// last applied from, a change is marked exactly when live differs from that base and the files
// would move it away from live's edit. KWSYNC_PROPERTY_RUNS / KWSYNC_PROPERTY_SEED replay a run.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import type { KeywordTarget } from '../../src/model/target.js';
import { connectService, serviceSettingsFromEnv } from '../../src/sync/service.js';
import { planTarget } from '../../src/sync/plan.js';
import { desired, SAFETY } from '../plan/fixtures.js';

const NUM_RUNS = Number(process.env.KWSYNC_PROPERTY_RUNS ?? 20);
const SEED = process.env.KWSYNC_PROPERTY_SEED === undefined ? Date.now() ^ (Math.random() * 0x7fffffff) : Number(process.env.KWSYNC_PROPERTY_SEED);
const LIVE_EDIT = 'undoes live edits made since the last apply';

let emu: RunningEmulator;
let keywords: KeywordTarget;
beforeAll(async () => {
  emu = await startEmulator({ port: 0 });
  keywords = connectService(serviceSettingsFromEnv({ COMETCHAT_API_KEY: emu.apiKey, COMETCHAT_BASE_URL: emu.chatBaseUrl })).keywords;
  const { source: _source, ...list } = desired('words', ['seed']);
  await keywords.createKeywordList(list);
});
afterAll(async () => {
  await emu.close();
});

const terms = fc.uniqueArray(fc.constantFrom('ab', 'cd', 'ef', 'gh', 'ij', 'kl'), { minLength: 1, maxLength: 5 });
const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t) => b.includes(t));

it('plans by reading only, and marks live-edit reverts exactly when live left the base and the files do not follow', async () => {
  let runs = 0;
  let marked = 0;
  await fc.assert(
    fc.asyncProperty(terms, terms, terms, async (base, liveTerms, head) => {
      runs++;
      const current = (await keywords.getKeywordList('words'))!;
      await keywords.updateKeywordList({ ...current, searchTerms: liveTerms });
      const before = emu.requests.length;
      const lists = [desired('words', head)];
      const options = { target: 'emu', prune: false, safety: SAFETY };
      const without = await planTarget({ lists, keywords, options });
      const withBase = await planTarget({ lists, keywords, options, base: [desired('words', base)] });
      expect(emu.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
      expect(without.plan.changes.some((c) => c.unsafe?.includes(LIVE_EDIT))).toBe(false);
      // The same plan either way, but for the marks.
      expect(withBase.plan.changes.map((c) => ({ ...c, unsafe: undefined }))).toEqual(without.plan.changes.map((c) => ({ ...c, unsafe: undefined })));
      const change = withBase.plan.changes.find((c) => c.id === 'words')!;
      // A live edit is undone when a term live added since the base is dropped by the files, or a term live removed comes back.
      const addedLive = liveTerms.filter((t) => !base.includes(t) && !head.includes(t));
      const removedLive = base.filter((t) => !liveTerms.includes(t) && head.includes(t));
      const undoes = change.kind !== 'noop' && (addedLive.length > 0 || removedLive.length > 0);
      if (undoes) marked++;
      expect(change.unsafe?.includes(LIVE_EDIT) ?? false).toBe(undoes);
      expect(same(withBase.live.find((l) => l.id === 'words')!.searchTerms, liveTerms)).toBe(true);
    }),
    { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true },
  );
  process.stdout.write(`plan-target property: ${runs} runs, seed ${SEED}: ${marked} marked as undoing live edits\n`);
}, 120_000);

it('marks the dashboard\'s added term, which the files would drop, as a live edit to undo', async () => {
  const current = (await keywords.getKeywordList('words'))!;
  await keywords.updateKeywordList({ ...current, searchTerms: ['ab', 'cd', 'added-live'] });
  const { plan } = await planTarget({ lists: [desired('words', ['ab', 'cd', 'ef'])], keywords, options: { target: 'emu', prune: false, safety: SAFETY }, base: [desired('words', ['ab', 'cd'])] });
  expect(plan.changes).toEqual([expect.objectContaining({ id: 'words', kind: 'update', added: ['ef'], removed: ['added-live'], unsafe: expect.stringContaining(LIVE_EDIT) })]);
});
