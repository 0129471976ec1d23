// Scale figures for issue 21 (docs/targets.md, "Fifty targets"): one target of 25 lists through the
// CLI in-process against one app of the emulator, with the requests of each run counted from the
// emulator's log (first plan, first apply, a steady plan and apply, an apply changing 5 lists, a
// drift check after 2 live edits), each at 0 ms and at 100 ms of injected latency per request;
// then `plan` of 12 targets (12 apps of one emulator) against `plan` of 1 target in the same run.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { runCli } from '../src/cli/run.js';
import { connectService, serviceSettingsFromEnv } from '../src/sync/service.js';
import { startEmulator, type RunningEmulator } from '../src/emulator/index.js';

const LISTS = 25;
const TERMS = 100;
const TARGETS = 12;
const LATENCIES = [0, 100];

const quiet = { write: () => true };

async function kwsync(argv: string[], env: Record<string, string>, cwd: string): Promise<{ code: number; ms: number }> {
  const t0 = performance.now();
  const code = await runCli(argv, { stdout: quiet, stderr: quiet, env, cwd });
  return { code, ms: performance.now() - t0 };
}

function counted(emulator: RunningEmulator): string {
  const by = new Map<string, number>();
  for (const r of emulator.requests) {
    const what = `${r.method}${r.method === 'GET' && r.path.endsWith('/moderation/keywords') ? ' listing' : ''}`;
    by.set(what, (by.get(what) ?? 0) + 1);
  }
  const parts = ['GET listing', 'GET', 'POST', 'PUT', 'DELETE'].filter((k) => by.has(k)).map((k) => `${by.get(k)} ${k}`);
  return `${emulator.requests.length} (${parts.join(', ') || 'none'})`;
}

async function writeLists(keywords: string, round: number, changed: number): Promise<void> {
  for (let i = 0; i < LISTS; i++) {
    const id = `list-${String(i).padStart(2, '0')}`;
    // A changed list gains a term (removing terms past safety.maxRemovedShare would need --force).
    const terms = [...Array.from({ length: TERMS }, (_, t) => `term-${i}-${t}`), ...(i < changed ? [`added-${round}`] : [])];
    await writeFile(join(keywords, `${id}.yaml`), stringify({ id, name: `List ${i}`, category: 'word', searchTerms: terms }), 'utf8');
  }
}

async function oneTarget(latencyMs: number): Promise<void> {
  const emulator = await startEmulator({ port: 0, apps: ['bench'], rateLimitPerMinute: 1_000_000 });
  const root = await mkdtemp(join(tmpdir(), 'kwsync-bench-scale-'));
  try {
    const keywords = join(root, 'keywords');
    await mkdir(keywords);
    const app = emulator.apps[0]!;
    await writeFile(join(keywords, 'kwsync.yaml'), stringify({ targets: [{ name: 'bench', baseUrl: app.chatBaseUrl }] }), 'utf8');
    await writeLists(keywords, 0, 0);
    const env = { COMETCHAT_API_KEY: emulator.apiKey };
    await kwsync(['validate'], env, root); // loads the modules, so the first step is not a cold start
    emulator.setFaults({ latencyMs });
    const step = async (label: string, argv: string[]) => {
      emulator.clearRequests();
      const r = await kwsync(argv, env, root);
      console.log(`${String(latencyMs).padStart(4)} ms | ${label.padEnd(38)} | exit ${r.code} | ${counted(emulator).padEnd(44)} | ${r.ms.toFixed(0).padStart(6)} ms`);
    };
    await step(`plan, empty app (${LISTS} to create)`, ['plan', '--detailed-exitcode']);
    await step(`apply, empty app (${LISTS} creates)`, ['apply', '--auto-approve']);
    await step('plan, nothing changed', ['plan', '--detailed-exitcode']);
    await step('apply, nothing changed', ['apply', '--auto-approve']);
    await writeLists(keywords, 1, 5);
    await step('apply, 5 lists changed', ['apply', '--auto-approve']);
    emulator.setFaults({});
    const live = connectService(serviceSettingsFromEnv(env, { name: 'bench', baseUrl: app.chatBaseUrl })).keywords;
    for (const id of ['list-10', 'list-11']) {
      const l = (await live.getKeywordList(id))!;
      await live.updateKeywordList({ id, name: l.name, description: l.description, category: l.category, searchTerms: [...l.searchTerms, 'live-edit'] });
    }
    emulator.setFaults({ latencyMs });
    await step('drift check (plan), 2 lists edited live', ['plan', '--detailed-exitcode']);
  } finally {
    await emulator.close();
    await rm(root, { recursive: true, force: true });
  }
}

/** `plan` of every target, one after another, as a matrix would run them on one runner. */
async function planTargets(): Promise<void> {
  const names = Array.from({ length: TARGETS }, (_, i) => `t${i + 1}`);
  const emulator = await startEmulator({ port: 0, apps: names, rateLimitPerMinute: 1_000_000 });
  const root = await mkdtemp(join(tmpdir(), 'kwsync-bench-targets-'));
  try {
    const keywords = join(root, 'keywords');
    await mkdir(keywords);
    await writeLists(keywords, 0, 0);
    const targets = emulator.apps.map((a) => ({ name: a.appId, baseUrl: a.chatBaseUrl }));
    await writeFile(join(keywords, 'kwsync.yaml'), stringify({ targets }), 'utf8');
    const env = { COMETCHAT_API_KEY: emulator.apiKey };
    for (const name of names) if ((await kwsync(['apply', '--target', name, '--auto-approve'], env, root)).code !== 0) throw new Error(`apply ${name} failed`);
    const time = async (subset: string[]) => {
      const t0 = performance.now();
      for (const name of subset) if ((await kwsync(['plan', '--target', name, '--detailed-exitcode'], env, root)).code !== 0) throw new Error(`plan ${name} not clean`);
      return performance.now() - t0;
    };
    await time(names.slice(0, 1)); // warm-up
    const one = Math.min(await time(names.slice(0, 1)), await time(names.slice(0, 1)), await time(names.slice(0, 1)));
    const all = await time(names);
    console.log(`plan, ${LISTS} lists, nothing changed: 1 target ${one.toFixed(0)} ms; ${TARGETS} targets (12 apps, one emulator) ${all.toFixed(0)} ms; ratio ${(all / one).toFixed(1)} (${TARGETS} would be linear)`);
  } finally {
    await emulator.close();
    await rm(root, { recursive: true, force: true });
  }
}

export default async function bench(): Promise<void> {
  console.log(`one target, ${LISTS} word lists of ${TERMS} terms, the CLI in-process, concurrency 4 (kwsync.yaml default)`);
  console.log('latency | run                                    | exit   | requests                                     | wall');
  for (const latency of LATENCIES) await oneTarget(latency);
  await planTargets();
}
