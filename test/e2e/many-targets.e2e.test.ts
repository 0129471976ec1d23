// Fifty targets, fifty apps of one emulator (issues 21 and 30): a kwsync.yaml whose targets reach their
// apps by baseUrl; `plan` and `apply` per target through the CLI over real HTTP; then no changes
// anywhere, then live edits on two apps and drift on exactly those two.
// The targets choose different lists (include by paths, ids and labels, exclude, overrides).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { connectService, serviceSettingsFromEnv } from '../../src/sync/service.js';
import { startEmulator, type RequestLogEntry, type RunningEmulator } from '../../src/emulator/index.js';
import type { KeywordTarget } from '../../src/model/target.js';
import { kwsync } from '../helpers/cli.js';
import { ALL, EDITED, LISTS, listFile, scaledTargets } from './many-targets.fixture.js';

// Fifty targets on one emulator (issue 30, item 5): about 16 s here; KWSYNC_MANY_TARGETS sets another count.
const TARGETS = scaledTargets(Number(process.env.KWSYNC_MANY_TARGETS ?? 50) || 50);

type Result = { code: number; stdout: string; stderr: string };

let emulator: RunningEmulator;
let root: string;
const env: Record<string, string> = {};
const first: Record<string, { plan: Result; apply: Result; requests: RequestLogEntry[] }> = {};
const liveIds: Record<string, string[]> = {};

const run = (argv: string[]) => kwsync(argv, env, root);
const baseOf = (name: string) => emulator.apps.find((a) => a.appId === name)?.chatBaseUrl as string;
/** Another person's client on the target's app (as the dashboard would edit it). */
const liveApp = (name: string): KeywordTarget => connectService(serviceSettingsFromEnv(env, { name, baseUrl: baseOf(name) })).keywords;
const managedIds = async (name: string) =>
  (await liveApp(name).listKeywordLists()).lists.map((l) => l.id).filter((id) => id !== 'profanity-list').sort();

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, apps: TARGETS.map((t) => t.name) });
  root = await mkdtemp(join(tmpdir(), 'kwsync-many-'));
  const keywords = join(root, 'keywords');
  await mkdir(keywords);
  // Only the key: a COMETCHAT_BASE_URL or COMETCHAT_APP_ID would contradict each target's baseUrl (refused).
  env.COMETCHAT_API_KEY = emulator.apiKey;
  for (const id of Object.keys(LISTS)) await writeFile(join(keywords, `${id}.yaml`), listFile(id), 'utf8');
  // appId names the app in plan headers; baseUrl decides where requests go.
  const targets = TARGETS.map((t) => ({ name: t.name, appId: t.name, baseUrl: baseOf(t.name), ...t.select }));
  await writeFile(join(keywords, 'kwsync.yaml'), stringify({ targets }), 'utf8');

  for (const t of TARGETS) {
    emulator.clearRequests();
    const plan = await run(['plan', '--target', t.name, '--detailed-exitcode']);
    const apply = await run(['apply', '--target', t.name, '--auto-approve']);
    first[t.name] = { plan, apply, requests: [...emulator.requests] };
    liveIds[t.name] = await managedIds(t.name);
  }
}, 120_000 * Math.ceil(TARGETS.length / 12));

afterAll(async () => {
  await emulator?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe(`${TARGETS.length} targets in one emulator process, each reached by its baseUrl`, () => {
  test('every target planned changes and applied them, on its own app only', () => {
    for (const t of TARGETS) {
      const { plan, apply } = first[t.name]!;
      expect({ target: t.name, plan: plan.code, planErr: plan.stderr }).toEqual({ target: t.name, plan: 2, planErr: '' });
      expect({ target: t.name, apply: apply.code, applyErr: apply.stderr }).toEqual({ target: t.name, apply: 0, applyErr: '' });
      expect(plan.stdout).toContain(`Plan for target "${t.name}"`);
      expect(plan.stdout).toContain(`app ${t.name}, region us, ${baseOf(t.name)}\n`);
      expect({ target: t.name, apps: [...new Set(first[t.name]!.requests.map((r) => r.app))] }).toEqual({ target: t.name, apps: [t.name] });
    }
  });

  test('each app holds at least the lists its target takes; one write per list, none on the default app', async () => {
    for (const t of TARGETS) {
      expect({ target: t.name, ids: liveIds[t.name] }).toEqual({ target: t.name, ids: expect.arrayContaining(t.expected) });
      const writes = first[t.name]!.requests.filter((r) => r.method !== 'GET');
      expect(writes.every((r) => r.method === 'POST' && r.path === `/apps/${t.name}/v3/moderation/keywords`)).toBe(true);
      expect(writes).toHaveLength(liveIds[t.name]!.length);
    }
    expect(Object.values(first).flatMap((f) => f.requests).filter((r) => r.app === undefined)).toEqual([]);
  });

  test('then plan --detailed-exitcode shows no changes on any target', async () => {
    for (const t of TARGETS) {
      const again = await run(['plan', '--target', t.name, '--detailed-exitcode']);
      expect({ target: t.name, code: again.code, stderr: again.stderr }).toEqual({ target: t.name, code: 0, stderr: '' });
      expect(again.stdout).toContain('No changes');
    }
  }, 90_000); // 50 plans, one after another

  test('a live edit on two apps: drift on exactly those two, naming the edited list', async () => {
    for (const { target, list } of EDITED) {
      const live = await liveApp(target).getKeywordList(list);
      expect(live).toBeDefined();
      await liveApp(target).updateKeywordList({ id: list, name: live!.name, description: live!.description, category: live!.category, searchTerms: [...live!.searchTerms, 'dashboard-edit'] });
    }
    const drifted: string[] = [];
    for (const t of TARGETS) {
      const check = await run(['plan', '--target', t.name, '--detailed-exitcode']);
      expect(check.stderr).toBe('');
      expect([0, 2]).toContain(check.code);
      if (check.code === 2) {
        drifted.push(t.name);
        const edited = EDITED.find((e) => e.target === t.name)!;
        expect(check.stdout).toMatch(new RegExp(`~ update ${edited.list}\\b[^\\n]*\\n +- dashboard-edit`));
        expect(check.stdout).toContain('Plan: 0 to create, 1 to update, 0 to delete');
      }
    }
    expect(drifted).toEqual(EDITED.map((e) => e.target));
  });
});

describe('each target takes exactly the lists it selects', () => {
  test('the first plan of each target creates exactly its lists', () => {
    for (const t of TARGETS) {
      const { plan } = first[t.name]!;
      expect({ target: t.name, summary: /Plan: .*/.exec(plan.stdout)?.[0] }).toEqual({
        target: t.name,
        summary: `Plan: ${t.expected.length} to create, 0 to update, 0 to delete, 0 unchanged.`,
      });
      for (const id of ALL) {
        if (t.expected.includes(id)) expect(plan.stdout).toContain(`+ create ${id}`);
        else expect(plan.stdout).not.toContain(`+ create ${id}`);
      }
    }
  });

  test('each app holds exactly its lists (include by paths and ids, exclude, overrides omit)', () => {
    for (const t of TARGETS) expect({ target: t.name, ids: liveIds[t.name] }).toEqual({ target: t.name, ids: [...t.expected].sort() });
  });

  test('an override renames a list on its target only', async () => {
    expect((await liveApp('kids').getKeywordList('common-greetings'))?.name).toBe('Greetings (kids)');
    expect((await liveApp('kids-eu').getKeywordList('common-greetings'))?.name).toBe('List common-greetings');
  });
});

describe('include by labels written on list files', () => {
  // Its own small repo and emulator.
  let emu: RunningEmulator;
  let dir: string;
  const labelEnv: Record<string, string> = {};
  const LABELLED: Record<string, string[]> = { 'eu-privacy': ['eu', 'privacy'], 'us-privacy': ['us', 'privacy'], 'global-spam': ['eu', 'us'] };
  const BY_LABEL = [
    { name: 'eu', include: { labels: ['eu'] }, expected: ['eu-privacy', 'global-spam'] },
    { name: 'us', include: { labels: ['us'] }, expected: ['global-spam', 'us-privacy'] },
    { name: 'privacy-only', include: { labels: ['privacy'] }, exclude: { labels: ['us'] }, expected: ['eu-privacy'] },
  ];
  beforeAll(async () => {
    emu = await startEmulator({ port: 0, apps: BY_LABEL.map((t) => t.name) });
    dir = await mkdtemp(join(tmpdir(), 'kwsync-labels-'));
    await mkdir(join(dir, 'keywords'));
    labelEnv.COMETCHAT_API_KEY = emu.apiKey;
    for (const [id, labels] of Object.entries(LABELLED)) {
      await writeFile(join(dir, 'keywords', `${id}.yaml`), stringify({ id, name: id, category: 'word', labels, searchTerms: [id] }), 'utf8');
    }
    const base = (n: string) => emu.apps.find((a) => a.appId === n)!.chatBaseUrl;
    const targets = BY_LABEL.map(({ name, include, exclude }) => ({ name, baseUrl: base(name), include, ...(exclude ? { exclude } : {}) }));
    await writeFile(join(dir, 'keywords', 'kwsync.yaml'), stringify({ targets }), 'utf8');
  });
  afterAll(async () => {
    await emu?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  test('each target applies exactly the lists whose labels it includes', async () => {
    for (const t of BY_LABEL) {
      const applied = await kwsync(['apply', '--target', t.name, '--auto-approve'], labelEnv, dir);
      expect({ target: t.name, code: applied.code, stderr: applied.stderr }).toEqual({ target: t.name, code: 0, stderr: '' });
      const app = connectService(serviceSettingsFromEnv(labelEnv, { name: t.name, baseUrl: emu.apps.find((a) => a.appId === t.name)!.chatBaseUrl })).keywords;
      const ids = (await app.listKeywordLists()).lists.map((l) => l.id).filter((id) => id !== 'profanity-list').sort();
      expect({ target: t.name, ids }).toEqual({ target: t.name, ids: t.expected });
    }
  });
});
