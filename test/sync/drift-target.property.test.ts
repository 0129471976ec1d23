// The drift use case (src/sync/drift.ts) over real HTTP to the emulator: the Action's drift mode
// reads driftTarget's plan, `kwsync status` its drift column (liveDrift).
// Invariants, for random file terms and a random live edit made through the emulator's API: once
// the files are applied (applyTarget), neither reading reports anything; after the edit, both report
// the list exactly when its terms differ from the files', the plan's change is the edit undone
// (added: what the edit removed; removed: what it added), and status calls it a live edit; reading
// drift only reads (every request a GET). KWSYNC_PROPERTY_RUNS / KWSYNC_PROPERTY_SEED replay a run.
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import type { KeywordTarget } from '../../src/model/target.js';
import { applyTarget } from '../../src/sync/apply.js';
import { driftTarget, liveDrift } from '../../src/sync/drift.js';
import { connectService, serviceSettingsFromEnv } from '../../src/sync/service.js';
import { desired, SAFETY } from '../plan/fixtures.js';

const NUM_RUNS = Number(process.env.KWSYNC_PROPERTY_RUNS ?? 20);
const SEED = process.env.KWSYNC_PROPERTY_SEED === undefined ? Date.now() ^ (Math.random() * 0x7fffffff) : Number(process.env.KWSYNC_PROPERTY_SEED);

let emu: RunningEmulator;
let keywords: KeywordTarget;
beforeAll(async () => {
  emu = await startEmulator({ port: 0, data: { keywordLists: [] } });
  keywords = connectService(serviceSettingsFromEnv({ COMETCHAT_API_KEY: emu.apiKey, COMETCHAT_BASE_URL: emu.chatBaseUrl })).keywords;
});
afterAll(async () => {
  await emu.close();
});

const terms = fc.uniqueArray(fc.constantFrom('ab', 'cd', 'ef', 'gh', 'ij', 'kl'), { minLength: 1, maxLength: 5 });
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((t) => b.includes(t));
const options = { target: 'emu', prune: false, safety: SAFETY, mode: 'live' as const };

/** Both readings of drift, checking they only read. */
async function readDrift(lists: ReturnType<typeof desired>[]) {
  const before = emu.requests.length;
  const target = await driftTarget({ lists, keywords, options });
  const status = await liveDrift(keywords, lists, false, undefined);
  expect(emu.requests.slice(before).filter((r) => r.method !== 'GET')).toEqual([]);
  return { target, status };
}

async function applyFiles(lists: ReturnType<typeof desired>[]) {
  const { plan } = await driftTarget({ lists, keywords, options });
  const report = await applyTarget({ plan, keywords, config: DEFAULT_CONFIG, force: true });
  expect(report.results.filter((r) => r.outcome === 'failed' || r.outcome === 'conflict')).toEqual([]);
}

it('reports a live edit exactly when it changed the terms, as the edit undone, and nothing once the files are applied', async () => {
  let runs = 0;
  let edits = 0;
  await fc.assert(
    fc.asyncProperty(terms, terms, async (fileTerms, liveTerms) => {
      runs++;
      const lists = [desired('words', fileTerms)];
      await applyFiles(lists);
      const applied = await readDrift(lists);
      expect(applied.target.differs).toBe(false);
      expect(applied.status).toMatchObject({ state: 'none', liveEdits: [], missing: [] });

      const current = (await keywords.getKeywordList('words'))!;
      await keywords.updateKeywordList({ ...current, searchTerms: liveTerms });
      const edited = await readDrift(lists);
      const differs = !sameSet(fileTerms, liveTerms);
      if (differs) edits++;
      expect(edited.target.differs).toBe(differs);
      expect(edited.status.state).toBe(differs ? 'drift' : 'none');
      expect(edited.status.liveEdits).toEqual(differs ? ['words'] : []);
      const change = edited.target.plan.changes.find((c) => c.id === 'words')!;
      expect(change.kind).toBe(differs ? 'update' : 'noop');
      if (differs) {
        expect([...change.added].sort()).toEqual(fileTerms.filter((t) => !liveTerms.includes(t)).sort());
        expect([...change.removed].sort()).toEqual(liveTerms.filter((t) => !fileTerms.includes(t)).sort());
      }

      await applyFiles(lists);
      const reapplied = await readDrift(lists);
      expect(reapplied.target.differs).toBe(false);
      expect(reapplied.status.state).toBe('none');
    }),
    { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true },
  );
  process.stdout.write(`drift-target property: ${runs} runs, seed ${SEED}: ${edits} live edits reported\n`);
}, 120_000);

it('a list deleted in the dashboard is missing, and a list made there is unmanaged, drift only with prune on', async () => {
  const lists = [desired('words', ['ab'])];
  await applyFiles(lists);
  const { source: _source, ...extra } = desired('made-live', ['zz']);
  await keywords.createKeywordList(extra);
  expect((await liveDrift(keywords, lists, false, undefined)).state).toBe('none');
  expect(await liveDrift(keywords, lists, true, undefined)).toMatchObject({ state: 'drift', unmanaged: ['made-live'] });
  await keywords.deleteKeywordList('words');
  const { target, status } = await readDrift(lists);
  expect(target.differs).toBe(true);
  expect(target.plan.changes).toEqual([expect.objectContaining({ id: 'words', kind: 'create' })]);
  expect(status).toMatchObject({ state: 'drift', missing: ['words'] });
  // Against a ref's lists (no deployment record), a difference is not called a live edit.
  const current = await liveDrift(keywords, [desired('words', ['ab']), desired('made-live', ['yy'])], false, 'main');
  expect(current).toMatchObject({ liveEdits: [], differs: ['made-live'], differsFrom: 'main' });
});
