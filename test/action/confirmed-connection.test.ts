// R2-M7 and R2-M7b, the other side: what must keep connecting, and what else counts as a
// re-pointing. A target's key goes only to a confirmed connection (src/action/confirmed-connection.ts):
// its last genuine apply record's, or with no record the target's first connection in kwsync.yaml's
// history, never changed. A brand-new adopter (no record, one connection) still connects in drift and
// in stage two; an apiKeyEnv or environment change alone is a re-pointing; a rename keeps the
// environment's history; a shallow checkout is deepened, and one whose history cannot be read refuses.
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAction } from '../../src/action/run-action.js';
import { commitOn, context, createLive, harness, inputs, listYaml, memberPlanLive, PREVIEW_CONFIG, runAtHead, stageTwoWorldPerTest, TWELVE } from './action-harness.js';

const { gh, w } = stageTwoWorldPerTest();
const ONE = `${PREVIEW_CONFIG}targets:\n  - name: production\n    appId: app1\n`;

function commitMain(files: Record<string, string>): string {
  for (const [p, t] of Object.entries(files)) w.repo.write(p, t);
  return w.repo.commit();
}
/** The scheduled drift of production at `sha` (main's head), in `workspace` (default: the repository): the result, the summary and whether the app was asked anything. */
async function drift(sha: string, workspace?: string) {
  gh.branches.set('main', sha);
  const h = harness(w.repo, gh, w.emu);
  w.emu.requests.length = 0;
  const result = await runAction({ inputs: inputs('drift', { target: 'production' }), context: context(w.repo, { sha, eventName: 'schedule', ...(workspace ? { workspace } : {}) }, '.github/workflows/kwsync-drift.yml'), deps: h.deps });
  return { result, summary: h.summaries.join('\n'), asked: w.emu.requests.length };
}
async function adopted(): Promise<string> {
  const sha = commitMain({ 'keywords/kwsync.yaml': ONE, 'keywords/blocklist.yaml': listYaml('blocklist', TWELVE) });
  await createLive(w, 'blocklist', TWELVE);
  return sha;
}

describe('a target\'s key goes only to a confirmed connection', () => {
  it('first adoption: no apply record, one connection since the target appeared (after unrelated edits): drift connects', async () => {
    commitMain({ 'keywords/kwsync.yaml': PREVIEW_CONFIG });
    await adopted();
    const head = commitMain({ 'keywords/kwsync.yaml': `${ONE}prune: false\n`, 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'more']) });
    const run = await drift(head);
    expect([run.result.failed, run.result.message]).toEqual([false, undefined]);
    expect(run.asked).toBeGreaterThan(0);
  });

  it('first adoption: a member\'s pull request plans production against the live app in stage two', async () => {
    const base = await adopted();
    const pr = commitOn(w.repo, 'feature', base, { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    w.emu.requests.length = 0;
    const h = await memberPlanLive(w, gh, pr, base);
    expect(w.emu.requests.length).toBeGreaterThan(0);
    expect(h.summaries.join('\n')).toContain('(against the live app)');
  });

  it.each([
    ['apiKeyEnv', '    apiKeyEnv: COMETCHAT_API_KEY_PRODUCTION\n', 'apiKeyEnv (none) → COMETCHAT_API_KEY_PRODUCTION'],
    ['environment', '    environment: prod\n', 'environment (none) → prod'],
  ])('a change of %s alone, merged, with no apply record: drift refuses and names it', async (_field, line, named) => {
    await adopted();
    const head = commitMain({ 'keywords/kwsync.yaml': `${ONE}${line}` });
    const run = await drift(head);
    expect(run.result.failed).toBe(true);
    expect(run.result.message).toContain(named);
    expect(run.result.message).toContain(`changed by ${head.slice(0, 7)}`);
    expect(run.asked).toBe(0);
  });

  // Records are kept per environment: the new one has none, so the history decides.
  it('a change of environment alone after a recorded apply in the old one: drift refuses and names it', async () => {
    const base = await adopted();
    await runAtHead(w, gh, base, 'apply', { target: 'production' });
    const head = commitMain({ 'keywords/kwsync.yaml': `${ONE}    environment: prod\n` });
    const run = await drift(head);
    expect(run.result.failed).toBe(true);
    expect(run.result.message).toContain('environment (none) → prod');
    expect(run.asked).toBe(0);
  });

  it('stage two with apiKeyEnv changed by a merge: plans offline, the comment and a warning saying why, and the app is not asked', async () => {
    await adopted();
    const head = commitMain({ 'keywords/kwsync.yaml': `${ONE}    apiKeyEnv: COMETCHAT_API_KEY_PRODUCTION\n` });
    const pr = commitOn(w.repo, 'feature', head, { 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'darn']) });
    w.emu.requests.length = 0;
    const h = await memberPlanLive(w, gh, pr, head);
    expect(w.emu.requests).toEqual([]);
    const summary = h.summaries.join('\n');
    expect(summary).toContain('**Offline plan**');
    expect(summary).toContain('is not sent where the default branch');
    expect(h.warnings.join('\n')).toMatch(/not sent where[^\n]*planning offline/);
  });

  it('a rename that keeps production\'s environment and changes baseUrl, with no record: drift of the renamed target refuses', async () => {
    await adopted();
    const head = commitMain({ 'keywords/kwsync.yaml': `${PREVIEW_CONFIG}targets:\n  - name: prod2\n    appId: app1\n    environment: production\n    baseUrl: https://collector.attacker.example\n` });
    gh.branches.set('main', head);
    const h = harness(w.repo, gh, w.emu);
    w.emu.requests.length = 0;
    const result = await runAction({ inputs: inputs('drift', { target: 'prod2' }), context: context(w.repo, { sha: head, eventName: 'schedule' }, '.github/workflows/kwsync-drift.yml'), deps: h.deps });
    expect(result.failed).toBe(true);
    expect(result.message).toContain('it was target production');
    expect(w.emu.requests).toEqual([]);
  });

  describe('a shallow checkout', () => {
    function shallowClone(): string {
      const dir = mkdtempSync(join(tmpdir(), 'kwsync-shallow-'));
      execFileSync('git', ['clone', '-q', '--depth', '1', '-b', 'main', `file://${w.repo.dir}`, dir]);
      return dir;
    }

    it('whose origin cannot be reached: drift refuses, saying the history cannot be read and why', async () => {
      await adopted();
      const head = commitMain({ 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'more']) });
      const dir = shallowClone();
      try {
        execFileSync('git', ['remote', 'set-url', 'origin', join(dir, 'gone')], { cwd: dir });
        const run = await drift(head, dir);
        expect(run.result.failed).toBe(true);
        expect(run.result.message).toContain('the history of kwsync.yaml cannot be read');
        expect(run.result.message).toContain('this checkout is shallow and fetching more of its history from origin failed');
        expect(run.asked).toBe(0);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('whose origin has the history: it is fetched, and first adoption connects', async () => {
      await adopted();
      const head = commitMain({ 'keywords/blocklist.yaml': listYaml('blocklist', [...TWELVE, 'more']) });
      const dir = shallowClone();
      try {
        const run = await drift(head, dir);
        expect([run.result.failed, run.result.message]).toEqual([false, undefined]);
        expect(execFileSync('git', ['rev-parse', '--is-shallow-repository'], { cwd: dir }).toString().trim()).toBe('false');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
