// Issue 22 items 2 and 3 through the Action: the work (apply, drift) against the emulator over real
// HTTP, its report to a fake GitHub that fails or refuses sizes. The work's outputs never depend on
// the report; every text posted stays within GitHub's limit.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAction } from '../../src/action/run-action.js';
import { connectService, serviceSettingsFromEnv } from '../../src/sync/service.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { FakeGitHub } from '../github/fake-github.js';
import { context, harness, inputs, listYaml, TempRepo } from './action-harness.js';

let gh: FakeGitHub;
let emu: RunningEmulator;
let repo: TempRepo;
const sha = 'c'.repeat(40);

beforeAll(async () => {
  gh = await new FakeGitHub().start();
});
afterAll(() => gh.close());
beforeEach(async () => {
  gh.reset();
  emu = await startEmulator({ port: 0 });
  repo = new TempRepo();
  gh.commitPulls.set(sha, [{ number: 12, merged_at: '2025-01-01T00:00:00Z', merge_commit_sha: sha }]);
  gh.branches.set('main', sha);
});
afterEach(async () => {
  await emu.close();
  repo.remove();
});

const live = () => connectService(serviceSettingsFromEnv({ COMETCHAT_API_KEY: emu.apiKey, COMETCHAT_BASE_URL: emu.chatBaseUrl })).keywords;
const run = (mode: 'apply' | 'drift', h = harness(repo, gh, emu)) => runAction({ inputs: inputs(mode), context: context(repo, { sha }), deps: h.deps });

describe('work versus report', () => {
  it('apply: a 502 on every try of the merged PR comment is a warning; the lists are applied and the outputs say so', async () => {
    repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    gh.faultsFor = [{ method: 'POST', path: /\/issues\/12\/comments$/, status: 502, count: 10 }];
    const h = harness(repo, gh, emu);
    const res = await run('apply', h);
    expect(res).toMatchObject({ hasChanges: true, failed: false });
    expect(res.planJsonPath).not.toBe('');
    expect((await live().getKeywordList('scam'))?.searchTerms).toEqual(['free money']);
    expect(gh.comments).toHaveLength(0);
    expect(h.warnings.join('\n')).toMatch(/the apply ran \(1 applied; every list is in the job summary\); the report could not be posted on #12: GitHub API POST .* 502/);
    expect(h.summaries.join('')).toContain('[!WARNING]');
  });

  it('apply: a 502 after GitHub saved the comment leaves exactly one comment', async () => {
    repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    gh.faultsFor = [{ method: 'POST', path: /\/issues\/12\/comments$/, status: 502, after: true, count: 1 }];
    const res = await run('apply');
    expect(res).toMatchObject({ hasChanges: true, failed: false });
    expect(gh.comments).toHaveLength(1);
  });

  it('drift: the summary is written before the issue; an issue GitHub refuses is a warning, the outputs still tell the drift', async () => {
    repo.write('keywords/scam.yaml', listYaml('scam', ['free money']));
    gh.faultsFor = [{ method: 'POST', path: /\/issues$/, status: 503, count: 10 }];
    const h = harness(repo, gh, emu);
    const res = await run('drift', h);
    expect(res).toMatchObject({ hasChanges: true, failed: false });
    expect(h.summaries[0]).toContain('**Drift**: live differs');
    expect(h.summaries[0]).toContain('`scam`');
    expect(h.warnings.join('\n')).toMatch(/drift checked: live differs .*; the drift issue could not be opened or updated: .*503/);
  });
});

describe('GitHub sizes', () => {
  it('drift: 3,000 lists not on the live app give an issue within 65,536 characters and a summary naming every list', async () => {
    repo.write('keywords/kwsync.yaml', 'limits:\n  maxLists: 5000\n');
    for (let i = 0; i < 3000; i++) writeFileSync(join(repo.dir, 'keywords', `list-${String(i).padStart(4, '0')}.yaml`), listYaml(`list-${String(i).padStart(4, '0')}`, ['term']));
    const h = harness(repo, gh, emu);
    const res = await run('drift', h);
    expect(res).toMatchObject({ hasChanges: true, failed: false });
    expect(gh.issues).toHaveLength(1);
    const body = gh.issues[0]!.body;
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body).toContain('too long for a GitHub issue');
    expect(body).toMatch(/…and \d+ more \(the job summary of the run names every one\)\./);
    expect(h.summaries[0]).toContain('`list-2999`');
    expect(Buffer.byteLength(h.summaries[0]!)).toBeLessThanOrEqual(1_048_576);
    writeFileSync(join(repo.dir, '..', 'drift-3000-issue.md'), body);
    console.log(`drift issue for 3,000 lists: ${body.length} characters; job summary ${Buffer.byteLength(h.summaries[0]!)} bytes`);
  }, 120_000);
});
