// kwsync.yaml targets through the CLI against the emulator over real HTTP: `plan --target` plans
// only the lists that target takes, with its overrides applied (a name, terms appended from a
// CSV); `apply` sends exactly that; another target of the same folder sees the lists as written.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plan } from '../../src/model/plan.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
  await h.writeList('common', ['darn', 'heck']);
  await h.writeList('experimental-slang', ['yeet']);
  await writeFile(join(h.keywords, 'brand-b-spam.yaml'), 'id: brand-b-spam\nname: Brand B spam\ncategory: word\nlabels: [brand-b]\nsearchTerms: [free-coins]\n');
  await mkdir(join(h.keywords, 'extra'));
  await writeFile(join(h.keywords, 'extra/production.csv'), 'term\nblast\ndrat\n');
  await writeFile(
    join(h.keywords, 'kwsync.yaml'),
    `targets:
  - name: staging
  - name: production
    after: staging
    exclude:
      paths: ["experimental-*"]
    overrides:
      common:
        name: Common words (production)
        appendTermsFrom: extra/production.csv
`,
  );
});
afterEach(async () => {
  await h.close();
});

const created = (plan: Plan) => plan.changes.filter((c) => c.kind === 'create').map((c) => ({ id: c.id, name: c.after!.name, terms: c.after!.searchTerms }));

test('plan --target production: only its lists, its overrides applied; apply sends exactly that', async () => {
  const plan = await h.run(['plan', '--target', 'production', '--format', 'json']);
  expect(plan.stderr).toBe('');
  expect(plan.code).toBe(0);
  const parsed = (JSON.parse(plan.stdout) as { plan: Plan }).plan;
  expect(created(parsed)).toEqual([
    { id: 'brand-b-spam', name: 'Brand B spam', terms: ['free-coins'] },
    { id: 'common', name: 'Common words (production)', terms: ['darn', 'heck', 'blast', 'drat'] },
  ]);

  const apply = await h.run(['apply', '--target', 'production', '--auto-approve']);
  expect(apply.code).toBe(0);
  const live = h.target();
  expect(await live.getKeywordList('common')).toMatchObject({ name: 'Common words (production)', searchTerms: ['darn', 'heck', 'blast', 'drat'] });
  expect(await live.getKeywordList('experimental-slang')).toBeUndefined();

  // The same folder planned for staging: every list, as written (so the override would be undone there).
  const staging = (JSON.parse((await h.run(['plan', '--target', 'staging', '--format', 'json'])).stdout) as { plan: Plan }).plan;
  expect(staging.changes.find((c) => c.id === 'experimental-slang')?.kind).toBe('create');
  expect(staging.changes.find((c) => c.id === 'common')).toMatchObject({ kind: 'update', removed: ['blast', 'drat'], fieldChanges: [{ field: 'name', after: 'List common' }] });
});

test('a mistyped --target is bad usage, and nothing is read', async () => {
  h.emulator.clearRequests();
  const r = await h.run(['plan', '--target', 'prod']);
  expect(r.code).toBe(64);
  expect(r.stderr).toContain('unknown target "prod"; kwsync.yaml defines: staging, production');
  expect(h.emulator.requests).toEqual([]);
});
