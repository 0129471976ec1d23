// Issue 39 item 5/6: the withheld plan of an outsider's PR (stage two, no request to the app) tells
// the truth about rules. For random base and head rule folders (rules over three lists, a list
// maybe deleted, prune on or off), run through stage two as the workflow runs it: the comment's rule
// counts and rows equal the diff of the two folders, the rules the PR drops with prune off are named
// as left live, and every CAUTION line that `kwsync plan` computes for the head's files, against an
// app the base was applied to, appears (escaped). KWSYNC_PROPERTY_RUNS / KWSYNC_PROPERTY_SEED replay a run.
import { expect, it } from '@jest/globals';
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { cautionLines } from '../../src/plan/rules/render-rules.js';
import { mdText } from '../../src/render/markdown-escape.js';
import { applyTarget } from '../../src/sync/apply.js';
import { planTarget } from '../../src/sync/plan.js';
import { validateRepo } from '../../src/validate/index.js';
import { planComment } from '../github/plan-comment.js';
import { FakeRuleTarget } from '../helpers/fake-rule-target.js';
import { FakeTarget } from '../helpers/fake-target.js';
import { commitOn, listYaml, outsiderPlanLive, stageTwoWorldPerTest } from './action-harness.js';
import { propertyRuns } from '../helpers/runs.js';

const NUM_RUNS = propertyRuns(5, 100);
const SEED = process.env.KWSYNC_PROPERTY_SEED === undefined ? Date.now() ^ (Math.random() * 0x7fffffff) : Number(process.env.KWSYNC_PROPERTY_SEED);
const RUN = 'https://github.com/acme/lists/actions/runs/42';
const LISTS = ['a', 'b', 'c'] as const;
const ACTIONS = [['blockMessage'], ['dropMessage'], ['blockMessage', 'dropMessage']];
const { gh, w } = stageTwoWorldPerTest();

interface Rule { id: string; name: string; enabled: boolean; action: string[]; lists: string[] }
const rule = (id: string) =>
  fc.record({ name: fc.constantFrom('n1', 'n2'), enabled: fc.boolean(), action: fc.constantFrom(...ACTIONS), lists: fc.subarray([...LISTS], { minLength: 1 }) }).map((r): Rule => ({ id, ...r }));
const folder = fc.record({ r1: fc.option(rule('r1')), r2: fc.option(rule('r2')), r3: fc.option(rule('r3')), r4: fc.option(rule('r4')) }).map((o) => Object.values(o).filter((r): r is Rule => r !== null));
const world = fc.record({ base: folder, head: folder, deleted: fc.option(fc.constantFrom(...LISTS)), prune: fc.boolean() }).map((x) => ({
  ...x,
  // A head rule naming the deleted list would make the PR invalid (no plan): it drops that list, or goes.
  head: x.head.map((r) => ({ ...r, lists: r.lists.filter((l) => l !== x.deleted) })).filter((r) => r.lists.length > 0),
}));

const ruleYaml = (r: Rule) => [`id: ${r.id}`, `name: ${r.name}`, `enabled: ${r.enabled}`, `action: [${r.action.join(', ')}]`, 'conditions:', ...r.lists.map((l) => `  - list: ${l}`), ''].join('\n');
function files(rules: readonly Rule[], lists: readonly string[], prune: boolean): Record<string, string> {
  const out: Record<string, string> = { 'keywords/kwsync.yaml': `prune: ${prune}\n` };
  for (const l of lists) out[`keywords/${l}.yaml`] = listYaml(l, [`${l}-term`]);
  for (const r of rules) out[`keywords/rules/${r.id}.yaml`] = ruleYaml(r);
  return out;
}
function writeFolder(root: string, f: Record<string, string>): void {
  rmSync(join(root, 'keywords'), { recursive: true, force: true });
  mkdirSync(join(root, 'keywords/rules'), { recursive: true });
  for (const [path, text] of Object.entries(f)) writeFileSync(join(root, path), text);
}
const sameRule = (x: Rule, y: Rule) => JSON.stringify({ ...x, id: '' }) === JSON.stringify({ ...y, id: '' });

/** `kwsync plan` for the head's files, against an app the base's files were applied to (in memory). */
async function cliCautions(base: Record<string, string>, head: Record<string, string>, prune: boolean): Promise<string[]> {
  const tmp = mkdtempSync(join(tmpdir(), 'kwsync-rules-prop-'));
  try {
    writeFolder(tmp, base);
    const b = await validateRepo({ dir: 'keywords', cwd: tmp });
    writeFolder(tmp, head);
    const h = await validateRepo({ dir: 'keywords', cwd: tmp });
    expect([b.errorCount, h.errorCount]).toEqual([0, 0]);
    const keywords = new FakeTarget();
    const rules = new FakeRuleTarget();
    const options = (p: boolean) => ({ target: 'default', prune: p, safety: DEFAULT_CONFIG.safety });
    const applied = await planTarget({ lists: b.lists, keywords, options: options(true), rules: { target: rules, desired: b.rules ?? [] } });
    await applyTarget({ plan: applied.plan, keywords, rules, config: DEFAULT_CONFIG, force: true });
    const { plan } = await planTarget({ lists: h.lists, keywords, options: options(prune), rules: { target: rules, desired: h.rules ?? [] } });
    return cautionLines(plan);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Stage two for an outsider's PR from `head` onto `base` (withheld); the comment's body. */
async function withheld(head: string, base: string): Promise<string> {
  await outsiderPlanLive(w, gh, head, base, { runUrl: RUN });
  return planComment(gh, 7)?.body ?? '';
}

it('the withheld comment counts the real rule diff and shows every CAUTION the CLI plan computes, without a request to the app', async () => {
  let runs = 0;
  let cautions = 0;
  await fc.assert(
    fc.asyncProperty(world, async ({ base, head, deleted, prune }) => {
      runs++;
      const baseFiles = files(base, LISTS, prune);
      const headFiles = files(head, LISTS.filter((l) => l !== deleted), prune);
      writeFolder(w.repo.dir, baseFiles);
      const baseSha = w.repo.commit();
      const headSha = commitOn(w.repo, 'feature', baseSha, {}, (dir) => writeFolder(dir, headFiles));
      w.emu.requests.length = 0;
      const body = await withheld(headSha, baseSha);
      expect(w.emu.requests).toEqual([]);

      // The diff of the two folders, by id.
      const inBase = new Map(base.map((r) => [r.id, r]));
      const inHead = new Map(head.map((r) => [r.id, r]));
      const created = head.filter((r) => !inBase.has(r.id)).map((r) => r.id);
      const updated = head.filter((r) => inBase.has(r.id) && !sameRule(r, inBase.get(r.id)!)).map((r) => r.id);
      const dropped = base.filter((r) => !inHead.has(r.id)).map((r) => r.id);
      const rows = [...body.matchAll(/^\| `([^`]+)` \| (create|update|delete) \|$/gm)].map((m) => `${m[2]} ${m[1]}`).sort();
      const want = [...created.map((id) => `create ${id}`), ...updated.map((id) => `update ${id}`), ...(prune ? dropped.map((id) => `delete ${id}`) : [])].sort();
      expect(rows).toEqual(want);
      const counts = /#### Moderation rules: (\d+) created, (\d+) updated, (\d+) deleted/.exec(body);
      expect(counts ? counts.slice(1).map(Number) : [0, 0, 0]).toEqual([created.length, updated.length, prune ? dropped.length : 0]);
      const leftLive = /left live by apply[^:]*: (.*)$/m.exec(body)?.[1] ?? '';
      expect([...leftLive.matchAll(/`([^`]+)`/g)].map((m) => m[1]).sort()).toEqual(prune ? [] : [...dropped].sort());

      const cli = await cliCautions(baseFiles, headFiles, prune);
      cautions += cli.length;
      for (const c of cli) expect(body).toContain(`> - ${mdText(c)}`);
      // And no CAUTION the CLI would not give.
      expect(body.split('\n').filter((l) => l.startsWith('> - ')).length).toBe(cli.length);
    }),
    { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true },
  );
  process.stdout.write(`rules-withheld property: ${runs} runs, seed ${SEED}: ${cautions} CAUTION lines compared\n`);
}, 240_000);
