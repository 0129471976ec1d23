// Issue 39 "must show", as a property over real HTTP: generated folders of lists and rules, against
// a generated live app (lists and rules, every rule pointing at live lists), applied with
// `kwsync apply --prune --force` while the emulator injects random faults (cut and stalled bodies,
// lost answers, 5xx, 429s) on random requests, lists' and rules' alike. For every run:
// - no live custom rule references a missing list (kwsync never leaves one pointing at nothing);
// - each list and each rule ends as the files say, or the run exits non-zero naming it (a report
//   line marked ✗, ! or ?), or it stopped before any report with an error and exit non-zero;
// - no default rule is written or deleted.
// 12 runs in the suite, 1,000 with KWSYNC_LONG=1; KWSYNC_PROPERTY_RUNS and KWSYNC_PROPERTY_SEED replay a run.
import fc from 'fast-check';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createRule, deleteRule, findRule, listRules } from '../../src/api/index.js';
import type { ScriptedFault } from '../../src/emulator/faults.js';
import { ruleListIds } from '../../src/model/moderation-rule.js';
import { startHarness, type Harness } from './harness.js';
import { propertyRuns } from '../helpers/runs.js';

const NUM_RUNS = propertyRuns(12, 1000);
const SEED = process.env.KWSYNC_PROPERTY_SEED === undefined ? Date.now() ^ (Math.random() * 0x7fffffff) : Number(process.env.KWSYNC_PROPERTY_SEED);

const LISTS = ['a', 'b', 'c'] as const;
const RULES = ['r1', 'r2'] as const;
const listSet = fc.subarray([...LISTS]);
const ruleShape = fc.record({ lists: fc.subarray([...LISTS], { minLength: 1, maxLength: 2 }), action: fc.constantFrom('blockMessage', 'dropMessage'), enabled: fc.boolean() });
const side = fc.record({ lists: listSet, rules: fc.tuple(...RULES.map(() => fc.option(ruleShape, { nil: undefined }))) });
/** A side's rules may only use its own lists (files: validate demands it; live: the service holds such an app). */
const consistent = side.map((s) => ({ lists: s.lists, rules: s.rules.map((r) => (r ? { ...r, lists: r.lists.filter((l) => s.lists.includes(l)) } : undefined)).map((r) => (r && r.lists.length > 0 ? r : undefined)) }));

const fault: fc.Arbitrary<ScriptedFault> = fc
  .record({
    type: fc.constantFrom<ScriptedFault['type']>('cut-body', 'drop', 'drop-after', '502', '503', '429'),
    count: fc.integer({ min: 1, max: 2 }),
    skip: fc.integer({ min: 0, max: 14 }),
    method: fc.constantFrom(undefined, 'GET', 'PUT', 'POST', 'DELETE'),
    path: fc.constantFrom(undefined, '/moderation/keywords', '/moderation/rules', ...LISTS.map((id) => `/moderation/keywords/${id}`), ...RULES.map((id) => `/moderation/rules/${id}`)),
  })
  .map(({ method, path, ...f }) => ({ ...f, retryAfterSeconds: 0, ...(method ? { method } : {}), ...(path ? { path } : {}) }));
const scenario = fc.record({ live: consistent, files: consistent, faults: fc.array(fault, { maxLength: 3 }) });

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
const client = () => h.client();
const condition = (list: string) => ({ entity: 'message', operand: 'text', operator: 'contains', category: 'word', isReference: true, value: [list] });

type Side = { lists: string[]; rules: ({ lists: string[]; action: string; enabled: boolean } | undefined)[] };

async function reset(s: { live: Side; files: Side }): Promise<void> {
  h.emulator.clearFaults();
  const c = client();
  const target = h.target();
  for (const r of (await listRules(c)).rules) if (!r.isDefault) await deleteRule(c, r.id);
  for (const l of (await target.listKeywordLists()).lists) await target.deleteKeywordList(l.id);
  for (const id of s.live.lists) await target.createKeywordList({ id, name: `List ${id}`, description: '', category: 'word', searchTerms: ['x', id] });
  for (const [i, r] of s.live.rules.entries()) if (r) await createRule(c, { id: RULES[i]!, name: RULES[i]!, description: '', enabled: !r.enabled, action: [r.action === 'blockMessage' ? 'dropMessage' : 'blockMessage'], conditions: r.lists.map(condition), filters: [] });
  await rm(h.keywords, { recursive: true, force: true });
  await mkdir(join(h.keywords, 'rules'), { recursive: true });
  await writeFile(join(h.keywords, 'kwsync.yaml'), 'service:\n  timeoutMs: 400\n  maxRetries: 2\n');
  for (const id of s.files.lists) await h.writeList(id, ['x', id, 'file']);
  for (const [i, r] of s.files.rules.entries()) {
    if (!r) continue;
    await writeFile(join(h.keywords, 'rules', `${RULES[i]}.yaml`), `id: ${RULES[i]}\nname: ${RULES[i]}\nenabled: ${r.enabled}\naction: [${r.action}]\nconditions:\n${r.lists.map((l) => `  - list: ${l}`).join('\n')}\n`);
  }
}

const stats = { runs: 0, exit0: 0, exit1: 0, aborted: 0, named: 0, ruleWrites: 0 };

test('lists and rules applied under random faults never leave a rule pointing at a missing list, and end truthfully', async () => {
  await fc.assert(
    fc.asyncProperty(scenario, async (s) => {
      await reset(s);
      h.emulator.clearRequests();
      for (const f of s.faults) h.emulator.injectFaults(f);
      const r = await h.run(['apply', '--auto-approve', '--prune', '--force']);
      h.emulator.clearFaults();
      const log = [...h.emulator.requests];
      stats.runs += 1;
      stats.ruleWrites += log.filter((q) => q.method !== 'GET' && q.path.includes('/moderation/rules')).length;
      const summary = /^Apply: .*$/m.exec(r.stdout)?.[0];
      if (summary === undefined) {
        stats.aborted += 1;
        expect(r.code).not.toBe(0);
      } else stats[r.code === 0 ? 'exit0' : 'exit1'] += 1;

      const c = client();
      const live = await listRules(c);
      const liveLists = new Set((await h.target().listKeywordLists()).lists.map((l) => l.id));
      // No default rule is written or deleted.
      const defaults = live.rules.filter((x) => x.isDefault).map((x) => x.id);
      expect(log.filter((q) => q.method !== 'GET' && defaults.some((d) => q.path.endsWith(`/moderation/rules/${d}`)))).toEqual([]);
      // No live custom rule references a missing list.
      for (const rule of live.rules.filter((x) => !x.isDefault)) {
        for (const l of ruleListIds(rule)) if ((LISTS as readonly string[]).includes(l)) expect([rule.id, l, liveLists.has(l)]).toEqual([rule.id, l, true]);
      }
      // Each list and rule ends as the files say, or the run exits non-zero naming it.
      const notAsFiles: string[] = [];
      for (const id of LISTS) if (s.files.lists.includes(id) !== liveLists.has(id)) notAsFiles.push(id);
      for (const [i, id] of RULES.entries()) {
        const want = s.files.rules[i];
        const got = await findRule(c, id);
        const same = want === undefined ? got === undefined : got !== undefined && got.enabled === want.enabled && got.action.join() === want.action && ruleListIds(got).join() === want.lists.join();
        if (!same) notAsFiles.push(`rule ${id}`);
      }
      for (const what of notAsFiles) {
        expect(r.code).not.toBe(0);
        if (summary !== undefined) {
          stats.named += 1;
          expect(r.stdout).toMatch(new RegExp(`^[✗!?] \\w+ +${what} \\(`, 'm'));
        }
      }
    }),
    { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true },
  );
  process.stdout.write(`rules-faults property: ${stats.runs} runs, seed ${SEED}: ${stats.exit0} exit 0, ${stats.exit1} exit 1, ${stats.aborted} stopped before a report, ${stats.named} lists or rules named not as the files say, ${stats.ruleWrites} rule writes sent\n`);
}, 120_000 + NUM_RUNS * 3_000);
