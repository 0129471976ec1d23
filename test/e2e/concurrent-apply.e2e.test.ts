// Two `kwsync apply` runs at once against one app, each from its own folder, on the same lists,
// with latency so that their reads and writes interleave. The service has no lock, so a change may
// be lost; what must never happen is a lost change that no run reports: every list whose live
// content is not what a run says it `applied` is named by a run that exits non-zero (conflict or
// overwritten).
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { ApplyReportJson } from '../../src/apply/render-report.js';
import { startHarness, type Harness } from './harness.js';

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(() => h.close());

const IDS = ['l0', 'l1', 'l2', 'l3', 'l4'];
const outcomes: string[] = [];
afterAll(() => {
  // The trials are meant to collide: at least one run must have met the other (not all applied).
  expect(outcomes.some((o) => /conflict|overwritten|skipped/.test(o))).toBe(true);
});

async function writeFolder(dir: string, tag: string): Promise<void> {
  await mkdir(join(h.root, dir), { recursive: true });
  for (const id of IDS) await writeFile(join(h.root, dir, `${id}.yaml`), stringify({ id, name: id, category: 'word', searchTerms: ['base', `${tag}-${id}`] }), 'utf8');
}

test.each([1, 2, 3, 4])('trial %i: no change is lost without a non-zero exit that names the list', async (trial) => {
  await writeFolder('start', 'start');
  expect((await h.run(['apply', '--auto-approve', '--dir', 'start'])).code).toBe(0);
  await writeFolder('alice', `alice${trial}`);
  await writeFolder('bob', `bob${trial}`);
  // Latency that differs per request, so each trial interleaves differently.
  h.emulator.setFaults({ latencyMs: 5 + trial * 7 });
  const [alice, bob] = await Promise.all([
    h.run(['apply', '--auto-approve', '--dir', 'alice', '--format', 'json', '--concurrency', String(trial)]),
    h.run(['apply', '--auto-approve', '--dir', 'bob', '--format', 'json', '--concurrency', String(5 - trial)]),
  ]);
  h.emulator.setFaults({});
  const runs = [
    { tag: `alice${trial}`, code: alice.code, report: JSON.parse(alice.stdout) as ApplyReportJson },
    { tag: `bob${trial}`, code: bob.code, report: JSON.parse(bob.stdout) as ApplyReportJson },
  ];
  const target = h.target();
  for (const id of IDS) {
    const live = (await target.getKeywordList(id))?.searchTerms ?? [];
    for (const run of runs) {
      const mine = run.report.results.find((r) => r.id === id);
      const landed = live.includes(`${run.tag}-${id}`);
      if (mine?.outcome === 'applied' && !landed) {
        // This run believes its change is live, and it is not: another run must have said so.
        const teller = runs.find((o) => o !== run && o.code !== 0 && o.report.results.some((r) => r.id === id && (r.outcome === 'conflict' || r.outcome === 'overwritten')));
        expect({ id, lostBy: run.tag, toldBy: teller?.tag }).toEqual({ id, lostBy: run.tag, toldBy: expect.any(String) });
      }
      // A run that did not land its change never says it did, unless another run named the list.
      if (!landed && mine?.outcome !== 'applied') expect(run.code).not.toBe(0);
    }
  }
  outcomes.push(runs.map((r) => r.report.results.map((x) => x.outcome).join(',')).join(' | '));
  // Whatever interleaving happened, each list holds exactly one run's content: old or new, never mixed.
  for (const id of IDS) {
    const live = (await target.getKeywordList(id))?.searchTerms ?? [];
    expect(live.filter((t) => t !== 'base')).toHaveLength(1);
  }
});
