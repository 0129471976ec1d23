// A saved plan edited by hand with its checksum recomputed (the checksum is not a signature):
// safety and default lists are re-checked against the live app at write time anyway.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SavedPlan } from '../../src/model/plan.js';
import { savePlan } from '../../src/plan/index.js';
import { liveTerms, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
  await h.writeList('a', ['x']);
  expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
});
afterEach(async () => {
  await h.close();
});

const planFile = () => join(h.root, 'plan.json');
async function rewrite(edit: (saved: SavedPlan) => void): Promise<void> {
  const saved = JSON.parse(await readFile(planFile(), 'utf8')) as SavedPlan;
  edit(saved);
  await writeFile(planFile(), JSON.stringify(savePlan(saved.plan)));
}

test('a deletion whose `unsafe` was cleared is still not made without --force', async () => {
  await h.target().createKeywordList({ id: 'live-only', name: 'Live only', description: '', category: 'word', searchTerms: ['p', 'q'] });
  expect((await h.run(['plan', '--prune', '--out', 'plan.json'])).code).toBe(0);
  expect((await h.run(['apply', '--plan', 'plan.json'])).code).toBe(4); // the honest file is refused up front
  await rewrite((s) => s.plan.changes.forEach((c) => (c.unsafe = null)));

  const apply = await h.run(['apply', '--plan', 'plan.json']);
  expect(apply.code).toBe(1);
  expect(apply.stdout).toMatch(/! skipped +live-only \(delete\)\n +not written, needs --force: deletes the list and its 2 terms/);
  expect(await liveTerms(h, 'live-only')).toEqual(['p', 'q']);
});

test('a plan that writes a default list at its live revision is not applied, even with --force', async () => {
  const [setAside] = (await h.target().listKeywordLists()).defaults ?? [];
  const dflt = setAside && (await h.target().getKeywordList(setAside.id));
  expect(dflt).toBeDefined();
  await h.writeList('a', ['x', 'y']);
  expect((await h.run(['plan', '--out', 'plan.json'])).code).toBe(0);
  await rewrite((s) => {
    s.plan.changes.push({
      kind: 'update', id: dflt!.id, before: { ...s.plan.changes[0]!.before!, id: dflt!.id }, after: { id: dflt!.id, name: dflt!.name,
        description: dflt!.description, category: dflt!.category, searchTerms: ['x'] }, added: ['x'], removed: dflt!.searchTerms,
      fieldChanges: [], revisionId: dflt!.revisionId, file: null, unsafe: null,
    });
  });

  const apply = await h.run(['apply', '--plan', 'plan.json', '--force']);
  expect(apply.code).toBe(1);
  expect(apply.stdout).toContain(`skipped   ${dflt!.id} (update)\n    not written: it is a default list of the app, and kwsync never changes those`);
  expect(apply.stdout).toMatch(/✓ applied +a \(update\)/);
  expect(await liveTerms(h, dflt!.id)).toEqual(dflt!.searchTerms);
});
