// Issue 27 item 9, red team: the live app answers hostile content (list names, ids, terms written
// by anyone with dashboard access, or by a compromised app) and kwsync renders it in the drift
// issue, the drift and status summaries and a trusted PR's plan. Through the Action, the fake
// GitHub and the emulator over HTTP; each output parsed by the markdown oracle.
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runAction } from '../../src/action/run-action.js';
import { connectService, serviceOptions, serviceSettingsFromEnv } from '../../src/sync/service.js';
import { planComment } from '../github/plan-comment.js';
import { RUNNER_RUNS } from '../github/fake-github.js';
import { assertInert } from '../github/markdown-oracle.js';
import { commitBlocklist, context, createLive, harness, inputs, listYaml, liveOf, runAtHead, stageTwoWorldPerTest, runLinks, STAGE_TWO_RUN } from './action-harness.js';

const RUN = STAGE_TWO_RUN;
const HOSTILE = '![x](https://evil.example/p.png) <img src=x> **Approved: safe to merge** @org/team #1 www.evil.example';
const { gh, w } = stageTwoWorldPerTest();
let sha: string;
beforeEach(async () => {
  sha = commitBlocklist(w, ['spam']);
  // A live edit whose terms are markup, and an unmanaged list whose name and terms are.
  await createLive(w, 'blocklist', ['spam', '[click](https://evil.example)', '@org/team', '</details><h1>fake heading</h1>']);
  await createLive(w, 'evil-list', [HOSTILE.slice(0, 90)], { name: HOSTILE.slice(0, 100), description: HOSTILE });
});

describe('red team, live app: hostile names and terms', () => {
  it('R-L1 the drift issue and the drift summary of a private repository (names shown): inert', async () => {
    gh.privateRepo = true;
    const { summary } = await runAtHead(w, gh, sha, 'drift');
    const issue = gh.issues.at(-1)!.body;
    expect(issue).toContain('evil-list');
    expect(issue).toContain('click');
    assertInert(issue, runLinks());
    assertInert(summary, runLinks());
  });

  it('R-L2 the status table of a private repository: inert', async () => {
    gh.privateRepo = true;
    const { summary } = await runAtHead(w, gh, sha, 'status');
    expect(summary).toContain('evil-list');
    assertInert(summary, runLinks());
  });

  it('R-L3 with prune on, the drift issue names the unmanaged list it would delete, with its terms: inert', async () => {
    w.repo.write('keywords/kwsync.yaml', 'prune: true\n');
    sha = w.repo.commit();
    gh.privateRepo = true;
    await runAtHead(w, gh, sha, 'drift');
    const issue = gh.issues.at(-1)!.body;
    expect(issue).toContain('evil-list');
    assertInert(issue, runLinks());
  });

  it('R-L4 a trusted PR\'s live plan (drift, unmanaged lists) and its check: inert', async () => {
    w.repo.git('checkout', '-q', '-b', 'feature');
    w.repo.write('keywords/blocklist.yaml', listYaml('blocklist', ['spam', 'darn']));
    const head = w.repo.commit();
    w.repo.git('checkout', '-q', 'main');
    gh.permissions.set('insider', 'write'); // R-M11: a trusted author also needs write access here
    gh.pulls = [{
      number: 7, state: 'open', user: { login: 'insider', type: 'User' }, author_association: 'MEMBER', labels: [],
      head: { sha: head, ref: 'feature', repo: { full_name: 'acme/lists', owner: { login: 'acme' } } }, base: { sha, ref: 'main', repo: { full_name: 'acme/lists' } },
    }];
    const event = { workflow_run: { id: 99, event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', head_sha: head, head_branch: 'feature', head_repository: { full_name: 'acme/lists', owner: { login: 'acme' } }, pull_requests: [] } };
    const h = harness(w.repo, gh, w.emu);
    await runAction({ inputs: inputs('plan-live'), context: context(w.repo, { eventName: 'workflow_run', sha, event }), deps: h.deps });
    const body = planComment(gh, 7)!.body;
    expect(body).toContain('evil-list');
    assertInert(body, runLinks());
    assertInert(String(gh.checkRuns.at(-1)!.output.summary), runLinks());
    assertInert(h.summaries.join('\n'), runLinks());
  });
});

describe('red team, anyone reading a public repository', () => {
  // Was PARTLY (low): the drift issue of a public repository showed the terms of a live edit (an
  // emergency term a moderator added on the dashboard), which an outsider's PR plan withholds. Now
  // counts only in a public repository, as for unmanaged lists; R-L1 shows the terms in a private one.
  it('R-L6 the drift issue of a public repository withholds the terms of a live edit', async () => {
    await liveOf(w).updateKeywordList({ id: 'blocklist', name: 'blocklist', description: '', category: 'word', searchTerms: ['spam', 'emergency-term-jane-roe'] });
    const { summary } = await runAtHead(w, gh, sha, 'drift');
    expect(gh.issues.at(-1)!.body + summary).not.toContain('emergency-term-jane-roe');
    // Counted, not hidden: the list and its one extra live term are still reported.
    expect(gh.issues.at(-1)!.body).toContain('+0 −1');
    expect(summary).toContain('+0 −1');
  });

  it('R-L6 a live rename of a list in a public repository: the live name is withheld, the change is still reported', async () => {
    await liveOf(w).updateKeywordList({ id: 'blocklist', name: 'jane-roe-watch', description: 'secret-note-221B', category: 'word', searchTerms: ['spam'] });
    const { summary } = await runAtHead(w, gh, sha, 'drift');
    const out = gh.issues.at(-1)!.body + summary;
    expect(out).not.toMatch(/jane-roe-watch|secret-note-221B/);
    expect(out).toContain('**name**');
  });
});

describe('red team, live app: an answer that echoes the key', () => {
  // A proxy or an app that quotes the request's apikey back in its error (a common habit of APIs):
  // the text of a service error reaches the drift issue, the summaries and the job's failure message.
  const KEY = 'sk-live-0123456789abcdef-SECRET';
  let server: Server;
  let url = '';
  beforeEach(async () => {
    server = createServer((req, res) => {
      res.writeHead(req.method === 'GET' ? 403 : 400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `apikey ${String(req.headers.apikey)} is not valid for this app`, devMessage: `got apikey=${String(req.headers.apikey)}`, code: 'AUTH_ERR_APIKEY_NOT_FOUND', source: 'chat-api' } }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
  });
  afterEach(() => new Promise<void>((r) => server.close(() => r())));

  function echoing(h: ReturnType<typeof harness>): void {
    const env = { COMETCHAT_API_KEY: KEY, COMETCHAT_BASE_URL: url };
    h.deps.connect = (t, service) => connectService(serviceSettingsFromEnv(env, t, { envWins: true }), { ...serviceOptions(service), retry: { maxRetries: 0 } }).keywords;
  }

  it('R-L5 drift and apply against an app that echoes the apikey in its errors: the key is in no issue, summary, warning, annotation or failure message', async () => {
    const outputs: string[] = [];
    for (const mode of ['drift', 'apply'] as const) {
      gh.branches.set('main', sha);
      const h = harness(w.repo, gh, w.emu);
      echoing(h);
      const result = await runAction({ inputs: inputs(mode), context: context(w.repo, { sha }), deps: h.deps }).catch((e: Error) => ({ message: `${e.message}\n${e.stack ?? ''}` }));
      outputs.push(JSON.stringify(result), ...h.summaries, ...h.warnings, JSON.stringify(h.annotations));
    }
    outputs.push(...gh.issues.map((i) => i.body), ...gh.comments.map((c) => c.body), JSON.stringify(gh.requests.map((r) => r.body)));
    // The run did reach the app and fail (else this proves nothing).
    expect(outputs.join('\n')).toMatch(/not valid|403|401|AUTH_ERR/);
    expect(outputs.join('\n')).not.toContain(KEY);
  });
});
