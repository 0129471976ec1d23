// A small fake of the GitHub REST API on 127.0.0.1:0 for the adapter tests: keeps issues, comments
// and check runs in memory, paginates with Link headers like GitHub, enforces GitHub's limits
// (50 annotations per request, 65,536-character bodies), gives every comment and issue an author
// (the token acts as github-actions[bot], which may edit only its own comments) and records every request.
// Git objects (commits, trees, blobs) are served from a real repository (`gitDir`) the way GitHub's
// Git Database API shapes them; pulls carry author_association and labels; GET /user answers 403 to
// the workflow token as GitHub does, or a user's login when `tokenUser` is set. Deployments and
// their statuses follow test/contract/github-deployments.openapi.yaml: every request body is
// validated against GitHub's published schema and refused with 422 as GitHub does.
import { execFileSync } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requestProblems, type DeploymentOperation } from '../contract/github-deployments.js';
import { PERMISSIONS, REVIEW_STATES, reviewResponseProblems } from './github-reviews.js';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: any;
  authorization: string | undefined;
}
export interface FakeUser { login: string; type: 'Bot' | 'User' }
/** Who the token acts as: what GitHub's workflow token is. */
export const BOT: FakeUser = { login: 'github-actions[bot]', type: 'Bot' };
export const HUMAN: FakeUser = { login: 'mallory', type: 'User' };
/** Another app installed on the repository: it may write kwsync's marker, and must not be taken for kwsync. */
export const OTHER_BOT: FakeUser = { login: 'echo-bot[bot]', type: 'Bot' };
export interface FakeComment { id: number; issue: number; body: string; user: FakeUser }
export interface FakeIssue { number: number; title: string; body: string; state: string; labels: string[]; user?: FakeUser; pull_request?: object }
/** A pull request as GET /pulls returns it (only what kwsync reads). */
export interface FakePull {
  number: number;
  state: 'open' | 'closed';
  head: { sha: string; ref: string; repo: { full_name: string; owner: { login: string } } };
  base: { sha: string; ref: string; repo: { full_name: string } };
  user: FakeUser;
  /** GitHub's enum: OWNER, MEMBER, COLLABORATOR, CONTRIBUTOR, FIRST_TIME_CONTRIBUTOR, FIRST_TIMER, MANNEQUIN, NONE. */
  author_association: string;
  labels: { name: string }[];
}
export const AUTHOR_ASSOCIATIONS = ['OWNER', 'MEMBER', 'COLLABORATOR', 'CONTRIBUTOR', 'FIRST_TIME_CONTRIBUTOR', 'FIRST_TIMER', 'MANNEQUIN', 'NONE'];
/** An issue event (GET /issues/{n}/events): only `labeled` ones matter to kwsync. */
export interface FakeIssueEvent { id: number; event: string; created_at: string; actor: FakeUser; label?: { name: string } }
/** A pull request review as kept here; served in GitHub's shape (github-reviews.openapi.yaml). */
export interface FakeReview { id: number; user: FakeUser | null; state: (typeof REVIEW_STATES)[number]; commit_id: string | null; author_association: string; submitted_at: string }
export type FakePermission = (typeof PERMISSIONS)[number];
const CHECK_CONCLUSIONS = ['action_required', 'cancelled', 'failure', 'neutral', 'success', 'skipped', 'stale', 'timed_out'];
/** An injected answer: GitHub's status, headers and message. */
export interface FakeFault { status: number; headers?: Record<string, string>; message?: string; after?: boolean }
/** A 403 of the primary rate limit, with GitHub's headers: used up, resetting `resetInS` from `nowMs`. */
export function primaryLimit(resetInS: number, nowMs = Date.now(), status = 403): FakeFault {
  return { status, message: 'API rate limit exceeded for installation ID 1.', headers: { 'x-ratelimit-limit': '1000', 'x-ratelimit-remaining': '0', 'x-ratelimit-used': '1000', 'x-ratelimit-reset': String(Math.floor(nowMs / 1000) + resetInS), 'x-ratelimit-resource': 'core' } };
}
/** A secondary rate limit as GitHub words it, with `retry-after` when given. */
export function secondaryLimit(retryAfterS: number | undefined, status = 403): FakeFault {
  return { status, message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.', ...(retryAfterS === undefined ? {} : { headers: { 'retry-after': String(retryAfterS) } }) };
}
export interface FakeCheckRun { id: number; name: string; head_sha: string; conclusion?: string; annotations: any[]; output?: any; external_id?: string }

/** A deployment as GitHub keeps it, with its statuses (oldest first here; the API lists newest first). */
export interface FakeDeployment {
  id: number; sha: string; ref: string; task: string; environment: string; payload: unknown; description: string | null;
  transient_environment: boolean; production_environment: boolean; created_at: string;
  statuses: { id: number; state: string; description: string; log_url: string; environment: string; created_at: string }[];
}

/** A workflow run as GitHub keeps it (only what GET /actions/runs/{id} serves and kwsync reads). */
export interface FakeRun {
  id: number; repository: string; event: string; head_branch: string | null; head_sha: string; path: string;
  status: 'queued' | 'in_progress' | 'completed'; created_at: string; updated_at: string;
  /** Re-runs after the first attempt: each its own start, end and status (GET …/attempts/{n}); the run reads as its latest. */
  reruns?: { run_started_at: string; updated_at: string; status: FakeRun['status'] }[];
  /** A run of a tag's push: GitHub reports the tag's name as head_branch (so it is never on the branch's history here). */
  tag?: boolean;
}
/** Attempt `n` (1-based) of a run as GitHub serves it, or undefined when the run has no such attempt. */
export function attemptOf(r: FakeRun, n: number): FakeRun & { run_attempt: number; run_started_at: string } | undefined {
  if (n === 1) return { ...r, status: r.reruns?.length ? 'completed' : r.status, run_attempt: 1, run_started_at: r.created_at };
  const a = r.reruns?.[n - 2];
  return a ? { ...r, ...a, status: n - 1 === r.reruns!.length ? a.status : 'completed', run_attempt: n } : undefined;
}
/** A re-run of `run` (GitHub's "Re-run jobs"): a new attempt started at `at`, in progress. */
export function rerun(run: FakeRun, at: string): number {
  const r = RUNNER_RUNS.get(run.id)!;
  r.reruns = [...(r.reruns ?? []), { run_started_at: at, updated_at: at, status: 'in_progress' }];
  return r.reruns.length + 1;
}
/**
 * The runs the Actions runner started, shared by every fake in the process (the test harness's
 * context() starts one per run context): GET /actions/runs/{id} answers from here and from `runs`.
 */
export const RUNNER_RUNS = new Map<number, FakeRun>();
let nextRunId = 7_000_000;
/** Starts a run (distinct id) and returns it; its link is `https://github.com/{repository}/actions/runs/{id}`. */
export function startRun(run: Partial<FakeRun> & Pick<FakeRun, 'head_sha'>): FakeRun & { url: string } {
  const r: FakeRun = { id: run.id ?? nextRunId++, repository: 'acme/lists', event: 'push', head_branch: 'main', path: '.github/workflows/kwsync-apply.yml', status: 'in_progress', created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z', ...run };
  RUNNER_RUNS.set(r.id, r);
  return { ...r, url: `https://github.com/${r.repository}/actions/runs/${r.id}` };
}

export class FakeGitHub {
  requests: RecordedRequest[] = [];
  comments: FakeComment[] = [];
  issues: FakeIssue[] = [];
  checkRuns: FakeCheckRun[] = [];
  deployments: FakeDeployment[] = [];
  pulls: FakePull[] = [];
  /** commit sha -> PRs GitHub associates with it. */
  commitPulls = new Map<string, { number: number; merged_at: string | null; merge_commit_sha: string }[]>();
  /** branch name -> head commit sha (repos.getBranch). */
  branches = new Map<string, string>();
  defaultBranch = 'main';
  /** GET /repos/{o}/{r} `private`: who can read the repository's summaries and issues. */
  privateRepo = false;
  /** A git repository whose objects the Git Database API serves (commits, trees, blobs). */
  gitDir: string | undefined;
  /** issue number -> its events (labeled, ...). */
  issueEvents = new Map<number, FakeIssueEvent[]>();
  /** pull number -> its reviews, oldest first (GitHub lists them in chronological order). */
  reviews = new Map<number, FakeReview[]>();
  /** login -> the repository permission GET /collaborators/{login}/permission reports (absent: `read`, as for anyone on a public repository). */
  permissions = new Map<string, FakePermission>();
  /** Tags (name -> sha) that GET /git/ref/tags/{name} finds. */
  tags = new Map<string, string>();
  /** Commits on the default branch's history when no `gitDir` serves git (besides the head_sha of the runner's push runs on it). */
  mainHistory = new Set<string>();
  /** GET /user: undefined answers 403 as GitHub does for an installation token (GITHUB_TOKEN). */
  tokenUser: FakeUser | undefined;
  /**
   * Fault injection, one per coming request: a bare status answers before handling it; a FakeFault
   * may carry headers (rate limits) and `after: true` (the request is handled, the write happens,
   * then the answer is replaced: a 5xx after GitHub did the write).
   */
  failNext: (number | FakeFault)[] = [];
  /** Faults for requests matching `method` and `path` (a RegExp on the path), ahead of failNext. */
  faultsFor: (FakeFault & { method?: string; path?: RegExp; count: number })[] = [];
  private nextId = 1000;
  /** Creation times that rise by a second per write, so "newest first" is decided by time as on GitHub. */
  private clock = Date.parse('2025-01-02T00:00:00Z');
  private server: Server = createServer((req, res) => void this.handle(req, res));
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }
  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  reset(): void {
    this.requests = [];
    this.comments = [];
    this.issues = [];
    this.checkRuns = [];
    this.deployments = [];
    this.clock = Date.parse('2025-01-02T00:00:00Z');
    this.pulls = [];
    this.commitPulls.clear();
    this.branches.clear();
    this.defaultBranch = 'main';
    this.privateRepo = false;
    this.failNext = [];
    this.faultsFor = [];
    this.gitDir = undefined;
    this.issueEvents.clear();
    this.reviews.clear();
    this.permissions.clear();
    this.tags.clear();
    this.mainHistory.clear();
    this.tokenUser = undefined;
  }
  label(issue: number, name: string, at: string, actor: FakeUser = { login: 'maintainer', type: 'User' }): void {
    const events = this.issueEvents.get(issue) ?? [];
    events.push({ id: this.nextId++, event: 'labeled', created_at: at, actor, label: { name } });
    this.issueEvents.set(issue, events);
  }
  /** A review submitted on pull `pull` at `commitId` (what GitHub binds the review to). */
  review(pull: number, user: FakeUser, state: FakeReview['state'], commitId: string | null, association = 'MEMBER'): FakeReview {
    if (!REVIEW_STATES.includes(state)) throw new Error(`GitHub has no review state ${state}`);
    const r: FakeReview = { id: this.nextId++, user, state, commit_id: commitId, author_association: association, submitted_at: new Date((this.clock += 1000)).toISOString() };
    this.reviews.set(pull, [...(this.reviews.get(pull) ?? []), r]);
    return r;
  }
  /** A dismissal (by anyone with write access): GitHub turns the review's state to DISMISSED. */
  dismiss(pull: number, review: FakeReview): void {
    const r = (this.reviews.get(pull) ?? []).find((x) => x.id === review.id);
    if (!r || (r.state !== 'APPROVED' && r.state !== 'CHANGES_REQUESTED')) throw new Error('GitHub dismisses only an approval or a request for changes');
    r.state = 'DISMISSED';
  }
  seedComment(issue: number, body: string, user: FakeUser = BOT): FakeComment {
    const c = { id: this.nextId++, issue, body, user };
    this.comments.push(c);
    return c;
  }
  seedIssue(i: Omit<FakeIssue, 'number'>): FakeIssue {
    const issue = { user: BOT, ...i, number: this.nextId++ };
    this.issues.push(issue);
    return issue;
  }
  writes(): RecordedRequest[] {
    return this.requests.filter((r) => r.method !== 'GET');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    // Decoded once: a character split across two chunks must not become two replacement characters.
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = raw ? JSON.parse(raw) : undefined;
    const query = Object.fromEntries(url.searchParams);
    this.requests.push({ method: req.method ?? '', path: url.pathname, query, body, authorization: req.headers.authorization });
    const matched = this.faultsFor.find((f) => f.count > 0 && (!f.method || f.method === req.method) && (!f.path || f.path.test(url.pathname)));
    if (matched) matched.count -= 1;
    const next = matched ?? this.failNext.shift();
    const fault: FakeFault | undefined = typeof next === 'number' ? { status: next } : next;
    if (fault && !fault.after) return send(res, fault.status, { message: fault.message ?? 'injected failure' }, undefined, fault.headers);
    let out: ReturnType<FakeGitHub['route']>;
    try {
      out = this.route(req.method ?? '', url.pathname, query, body);
    } catch (err) {
      // A shape GitHub never sends: answered, so the test fails on the message instead of hanging.
      return send(res, 599, { message: `fake GitHub: ${(err as Error).message}` });
    }
    if (fault) return send(res, fault.status, { message: fault.message ?? 'injected failure after the write' }, undefined, fault.headers);
    if ('page' in out) {
      const { items, page, perPage } = out.page;
      const last = Math.max(1, Math.ceil(items.length / perPage));
      // GitHub's next link keeps the request's filters (environment, task, state, ...).
      const next = new URLSearchParams({ ...query, per_page: String(perPage), page: String(page + 1) });
      // GitHub's Link header: next and last while there are more pages (first and prev are not read).
      const lastQuery = new URLSearchParams({ ...query, per_page: String(perPage), page: String(last) });
      const link = page < last ? `<${this.url}${url.pathname}?${next}>; rel="next", <${this.url}${url.pathname}?${lastQuery}>; rel="last"` : undefined;
      return send(res, 200, items.slice((page - 1) * perPage, page * perPage), link);
    }
    send(res, out.status, out.json);
  }

  private route(method: string, path: string, q: Record<string, string>, body: any):
    | { status: number; json: unknown }
    | { page: { items: unknown[]; page: number; perPage: number } } {
    const pageOf = (items: unknown[]) => ({ page: { items, page: Number(q.page ?? 1), perPage: Number(q.per_page ?? 30) } });
    const tooLong = (text: unknown) => typeof text === 'string' && text.length > 65_536;
    let m: RegExpExecArray | null;
    if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/comments$/.exec(path))) {
      const issue = Number(m[1]);
      if (method === 'GET') return pageOf(this.comments.filter((c) => c.issue === issue).map(commentJson));
      if (tooLong(body.body)) return { status: 422, json: { message: 'body is too long (maximum is 65536 characters)' } };
      return { status: 201, json: commentJson(this.seedComment(issue, body.body, this.tokenUser ?? BOT)) };
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/comments\/(\d+)$/.exec(path)) && method === 'PATCH') {
      const c = this.comments.find((x) => x.id === Number(m![1]));
      if (!c) return { status: 404, json: { message: 'Not Found' } };
      if (c.user.login !== (this.tokenUser ?? BOT).login) return { status: 403, json: { message: 'Resource not accessible by integration' } };
      if (tooLong(body.body)) return { status: 422, json: { message: 'body is too long (maximum is 65536 characters)' } };
      c.body = body.body;
      return { status: 200, json: commentJson(c) };
    }
    if (/^\/repos\/[^/]+\/[^/]+\/issues$/.test(path)) {
      if (method === 'GET') {
        const labels = q.labels ? q.labels.split(',') : [];
        return pageOf(this.issues.filter((i) => (q.state === 'all' || i.state === (q.state ?? 'open')) && labels.every((l) => i.labels.includes(l))).map(issueJson));
      }
      if (tooLong(body.body)) return { status: 422, json: { message: 'body is too long' } };
      return { status: 201, json: issueJson(this.seedIssue({ title: body.title, body: body.body, state: 'open', labels: body.labels ?? [] })) };
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)$/.exec(path)) && method === 'PATCH') {
      const issue = this.issues.find((i) => i.number === Number(m![1]));
      if (!issue) return { status: 404, json: { message: 'Not Found' } };
      Object.assign(issue, pick(body, ['title', 'body', 'state']));
      return { status: 200, json: issueJson(issue) };
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/labels$/.exec(path)) && method === 'POST') {
      const issue = this.issues.find((i) => i.number === Number(m![1]));
      if (!issue) return { status: 404, json: { message: 'Not Found' } };
      for (const l of body.labels as string[]) if (!issue.labels.includes(l)) issue.labels.push(l);
      return { status: 200, json: issue.labels.map((name) => ({ name })) };
    }
    if (/^\/repos\/[^/]+\/[^/]+$/.test(path) && method === 'GET') {
      return { status: 200, json: { default_branch: this.defaultBranch, private: this.privateRepo, visibility: this.privateRepo ? 'private' : 'public' } };
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/branches\/([^/]+)$/.exec(path)) && method === 'GET') {
      const head = this.branches.get(decodeURIComponent(m[1]!));
      if (!head) return { status: 404, json: { message: 'Branch not found' } };
      return { status: 200, json: { name: m[1], commit: { sha: head } } };
    }
    if (/^\/repos\/[^/]+\/[^/]+\/check-runs$/.test(path) && method === 'POST') {
      const annotations = body.output?.annotations ?? [];
      if (annotations.length > 50) return { status: 422, json: { message: 'at most 50 annotations per request' } };
      if (!/^[0-9a-f]{40}$/.test(String(body.head_sha))) return { status: 422, json: { message: 'head_sha is not a commit' } };
      if (body.conclusion !== undefined && !CHECK_CONCLUSIONS.includes(body.conclusion)) return { status: 422, json: { message: `conclusion ${body.conclusion} is not one of ${CHECK_CONCLUSIONS.join(', ')}` } };
      if (body.conclusion === 'action_required' && !body.details_url) return { status: 422, json: { message: 'details_url is required when the conclusion is action_required' } };
      const run = { id: this.nextId++, name: body.name, head_sha: body.head_sha, conclusion: body.conclusion, annotations: [...annotations], output: body.output, external_id: body.external_id };
      this.checkRuns.push(run);
      return { status: 201, json: { id: run.id, html_url: `https://github.test/checks/${run.id}` } };
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/check-runs\/(\d+)$/.exec(path)) && method === 'PATCH') {
      const run = this.checkRuns.find((r) => r.id === Number(m![1]));
      if (!run) return { status: 404, json: { message: 'Not Found' } };
      const annotations = body.output?.annotations ?? [];
      if (annotations.length > 50) return { status: 422, json: { message: 'at most 50 annotations per request' } };
      run.annotations.push(...annotations);
      return { status: 200, json: { id: run.id, html_url: `https://github.test/checks/${run.id}` } };
    }
    if (/^\/repos\/[^/]+\/[^/]+\/pulls$/.test(path) && method === 'GET') {
      // GitHub's `head` filter is `user:ref-name` (the fork's owner for a fork's PR).
      const [user, ref] = (q.head ?? ':').split(':');
      return pageOf(this.pulls.filter((p) => (q.state ?? 'open') === 'all' || p.state === (q.state ?? 'open')).filter((p) => !q.head || (p.head.repo.owner.login === user && p.head.ref === ref)));
    }
    if (path === '/user' && method === 'GET') {
      return this.tokenUser ? { status: 200, json: { login: this.tokenUser.login, type: this.tokenUser.type } } : { status: 403, json: { message: 'Resource not accessible by integration' } };
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/git\/(commits|trees|blobs)\/([^/]+)$/.exec(path)) && method === 'GET') {
      return this.gitObject(m[1] as 'commits' | 'trees' | 'blobs', m[2]!, q.recursive !== undefined);
    }
    if ((m = /^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)\/reviews$/.exec(path)) && method === 'GET') {
      const api = `https://api.github.test/repos/${m[1]}/${m[2]}`;
      const items = (this.reviews.get(Number(m[3])) ?? []).map((r) => reviewJson(api, Number(m![3]), r));
      const problems = reviewResponseProblems('pulls/list-reviews', 200, items);
      if (problems.length) throw new Error(`the fake would serve a review GitHub never sends: ${problems.join('; ')}`);
      return pageOf(items);
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/collaborators\/([^/]+)\/permission$/.exec(path)) && method === 'GET') {
      const login = decodeURIComponent(m[1]!);
      const permission = this.permissions.get(login) ?? 'read';
      const json = { permission, role_name: permission === 'none' ? 'none' : permission, user: { login, type: 'User' } };
      const problems = reviewResponseProblems('repos/get-collaborator-permission-level', 200, json);
      if (problems.length) throw new Error(`the fake would serve a permission GitHub never sends: ${problems.join('; ')}`);
      return { status: 200, json };
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/issues\/(\d+)\/events$/.exec(path)) && method === 'GET') {
      return pageOf(this.issueEvents.get(Number(m[1])) ?? []);
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/pulls\/(\d+)$/.exec(path)) && method === 'GET') {
      const pull = this.pulls.find((p) => p.number === Number(m![1]));
      if (pull && !AUTHOR_ASSOCIATIONS.includes(pull.author_association)) throw new Error(`fake pull #${pull.number} has an author_association GitHub never sends: ${pull.author_association}`);
      return pull ? { status: 200, json: pull } : { status: 404, json: { message: 'Not Found' } };
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/commits\/([^/]+)\/check-runs$/.exec(path)) && method === 'GET') {
      const runs = this.checkRuns.filter((r) => r.head_sha === m![1] && (!q.check_name || r.name === q.check_name));
      return { status: 200, json: { total_count: runs.length, check_runs: runs.map((r) => ({ id: r.id, name: r.name, head_sha: r.head_sha, external_id: r.external_id ?? null, html_url: `https://github.test/checks/${r.id}` })) } };
    }
    if (/^\/repos\/[^/]+\/[^/]+\/deployments(\/|$)/.test(path)) return this.deploymentRoute(method, path, q, body);
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/actions\/runs\/(\d+)(?:\/attempts\/(\d+))?$/.exec(path)) && method === 'GET') {
      // GitHub answers 404 for a run id of another repository, and for an attempt the run never had.
      const run = RUNNER_RUNS.get(Number(m[2]));
      const attempt = run && (m[3] ? attemptOf(run, Number(m[3])) : attemptOf(run, 1 + (run.reruns?.length ?? 0)));
      return run && attempt && run.repository.toLowerCase() === m[1]!.toLowerCase() ? { status: 200, json: runJson(attempt) } : { status: 404, json: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/actions/workflow-runs#get-a-workflow-run' } };
    }
    if ((m = /^\/repos\/([^/]+\/[^/]+)\/actions\/workflows\/([^/]+)\/runs$/.exec(path)) && method === 'GET') {
      // A workflow's runs, newest first, filtered as GitHub filters them (event, branch, head_sha); each as its latest attempt.
      const file = decodeURIComponent(m[2]!);
      const runs = [...RUNNER_RUNS.values()]
        .filter((r) => r.repository.toLowerCase() === m![1]!.toLowerCase() && r.path.replace(/@.*$/, '').split('/').pop() === file && (!q.event || r.event === q.event) && (!q.branch || r.head_branch === q.branch) && (!q.head_sha || r.head_sha === q.head_sha))
        .sort((a, b) => b.id - a.id)
        .map((r) => runJson(attemptOf(r, 1 + (r.reruns?.length ?? 0))!));
      const perPage = Number(q.per_page ?? 30);
      return { status: 200, json: { total_count: runs.length, workflow_runs: runs.slice(0, perPage) } };
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/git\/ref\/(.+)$/.exec(path)) && method === 'GET') {
      // Octokit sends `tags/main` as `tags%2Fmain`; GitHub reads both.
      const ref = decodeURIComponent(m[1]!);
      const tag = ref.startsWith('tags/') ? this.tags.get(ref.slice(5)) : undefined;
      return tag ? { status: 200, json: { ref: `refs/${ref}`, node_id: 'REF_1', url: `https://api.github.test${path}`, object: { type: 'commit', sha: tag, url: `https://api.github.test/commits/${tag}` } } } : { status: 404, json: { message: 'Not Found' } };
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/compare\/([^/.]+|[0-9a-f]{40})\.\.\.([0-9a-f]{40})$/.exec(path)) && method === 'GET') {
      return this.compare(decodeURIComponent(m[1]!), m[2]!);
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/commits\/([^/]+)\/pulls$/.exec(path))) {
      return { status: 200, json: this.commitPulls.get(m[1]!) ?? [] };
    }
    return { status: 404, json: { message: `fake GitHub has no route ${method} ${path}` } };
  }

  /** Deployments and statuses in GitHub's shapes; a body GitHub's description refuses gets GitHub's 422. */
  private deploymentRoute(method: string, path: string, q: Record<string, string>, body: any):
    | { status: number; json: unknown }
    | { page: { items: unknown[]; page: number; perPage: number } } {
    const [, owner, repo] = /^\/repos\/([^/]+)\/([^/]+)\//.exec(path)!;
    const api = `https://api.github.test/repos/${owner}/${repo}`;
    const pageOf = (items: unknown[]) => ({ page: { items, page: Number(q.page ?? 1), perPage: Number(q.per_page ?? 30) } });
    const invalid = (op: DeploymentOperation) => {
      const problems = requestProblems(op, body);
      return problems.length ? { status: 422, json: { message: `Invalid request.\n\n${problems.join('\n')}`, documentation_url: 'https://docs.github.com/rest' } } : undefined;
    };
    const at = () => new Date((this.clock += 1000)).toISOString();
    let m: RegExpExecArray | null;
    if (/^\/repos\/[^/]+\/[^/]+\/deployments$/.test(path)) {
      if (method === 'GET') {
        const hits = this.deployments
          .filter((d) => (!q.sha || d.sha === q.sha) && (!q.ref || d.ref === q.ref) && (!q.task || d.task === q.task) && (!q.environment || d.environment === q.environment))
          .sort((a, b) => b.id - a.id);
        return pageOf(hits.map((d) => deploymentJson(api, d)));
      }
      const refused = invalid('repos/create-deployment');
      if (refused) return refused;
      const sha = this.resolveRef(String(body.ref));
      if (!sha) return { status: 422, json: { message: `No ref found for: ${body.ref}`, documentation_url: 'https://docs.github.com/rest' } };
      const environment = body.environment ?? 'production';
      const d: FakeDeployment = {
        id: this.nextId++, sha, ref: body.ref, task: body.task ?? 'deploy', environment, payload: body.payload ?? '', description: body.description ?? '',
        transient_environment: body.transient_environment ?? false, production_environment: body.production_environment ?? environment === 'production', created_at: at(), statuses: [],
      };
      this.deployments.push(d);
      return { status: 201, json: deploymentJson(api, d) };
    }
    if ((m = /^\/repos\/[^/]+\/[^/]+\/deployments\/(\d+)\/statuses$/.exec(path))) {
      const d = this.deployments.find((x) => x.id === Number(m![1]));
      if (!d) return { status: 404, json: { message: 'Not Found' } };
      if (method === 'GET') return pageOf([...d.statuses].reverse().map((st) => statusJson(api, d, st)));
      const refused = invalid('repos/create-deployment-status');
      if (refused) return refused;
      // "The maximum description length is 140 characters." (the request schema says it in words only)
      if (typeof body.description === 'string' && body.description.length > 140) return { status: 422, json: { message: 'Validation Failed', errors: [{ resource: 'DeploymentStatus', code: 'custom', field: 'description', message: 'description is too long (maximum is 140 characters)' }] } };
      const st = { id: this.nextId++, state: body.state, description: body.description ?? '', log_url: body.log_url ?? body.target_url ?? '', environment: body.environment ?? d.environment, created_at: at() };
      d.statuses.push(st);
      // auto_inactive (default true): earlier successful deployments of a non-transient, non-production environment go inactive.
      if (st.state === 'success' && body.auto_inactive !== false && !d.transient_environment && !d.production_environment) {
        for (const o of this.deployments) {
          if (o.id !== d.id && o.environment === d.environment && o.id < d.id && o.statuses.some((x) => x.state === 'success') && o.statuses.at(-1)?.state !== 'inactive') {
            o.statuses.push({ id: this.nextId++, state: 'inactive', description: '', log_url: '', environment: o.environment, created_at: st.created_at });
          }
        }
      }
      return { status: 201, json: statusJson(api, d, st) };
    }
    return { status: 404, json: { message: `fake GitHub has no route ${method} ${path}` } };
  }

  /** A commit sha for a ref: a 40-hex sha as it is (or as the served repository knows it), else a branch. */
  private resolveRef(ref: string): string | undefined {
    if (/^[0-9a-f]{40}$/.test(ref)) {
      if (!this.gitDir) return ref;
      try {
        git(this.gitDir, ['cat-file', '-e', `${ref}^{commit}`]);
        return ref;
      } catch {
        return undefined;
      }
    }
    if (this.branches.has(ref)) return this.branches.get(ref);
    if (!this.gitDir) return undefined;
    try {
      return git(this.gitDir, ['rev-parse', '--verify', '-q', `refs/heads/${ref}`]).toString().trim() || undefined;
    } catch {
      return undefined;
    }
  }

  /** GET /compare/BASE...HEAD over the served repository: only `status` (ahead, behind, identical, diverged). */
  private compare(base: string, head: string): { status: number; json: unknown } {
    if (!this.gitDir) {
      // No repository served: the default branch's history is what was pushed to it (the runner's push runs on it, and Run workflow at its head; not a tag's) and mainHistory.
      if (base !== this.defaultBranch) return { status: 404, json: { message: 'Not Found' } };
      const pushed = [...RUNNER_RUNS.values()].some((r) => (r.event === 'push' || r.event === 'workflow_dispatch') && r.head_branch === this.defaultBranch && !r.tag && r.head_sha === head);
      const status = pushed || this.mainHistory.has(head) ? 'behind' : 'diverged';
      return { status: 200, json: { status, base_commit: { sha: base }, merge_base_commit: { sha: base } } };
    }
    base = this.resolveRef(base) ?? base;
    const isAncestor = (a: string, b: string) => {
      try {
        git(this.gitDir!, ['merge-base', '--is-ancestor', a, b]);
        return true;
      } catch {
        return false;
      }
    };
    if (!this.resolveRef(base) || !this.resolveRef(head)) return { status: 404, json: { message: 'Not Found' } };
    const status = base === head ? 'identical' : isAncestor(base, head) ? 'ahead' : isAncestor(head, base) ? 'behind' : 'diverged';
    return { status: 200, json: { status, base_commit: { sha: base }, merge_base_commit: { sha: base } } };
  }

  /** The Git Database API over a real repository: GitHub's shapes, 404 for what is not there, 422 for a malformed sha. */
  private gitObject(kind: 'commits' | 'trees' | 'blobs', sha: string, recursive: boolean): { status: number; json: unknown } {
    if (!this.gitDir) return { status: 404, json: { message: 'Not Found' } };
    if (!/^[0-9a-f]{40}$/.test(sha)) return { status: 422, json: { message: 'sha is not a 40-character hex object id' } };
    const type = (() => {
      try {
        return git(this.gitDir!, ['cat-file', '-t', sha]).toString().trim();
      } catch {
        return '';
      }
    })();
    const want = { commits: 'commit', trees: 'tree', blobs: 'blob' }[kind];
    if (type !== want) return { status: 404, json: { message: 'Not Found' } };
    if (kind === 'commits') {
      const tree = git(this.gitDir, ['rev-parse', `${sha}^{tree}`]).toString().trim();
      return { status: 200, json: { sha, tree: { sha: tree }, parents: [] } };
    }
    if (kind === 'blobs') {
      const content = git(this.gitDir, ['cat-file', 'blob', sha]);
      return { status: 200, json: { sha, size: content.length, encoding: 'base64', content: content.toString('base64').replace(/(.{60})/g, '$1\n') } };
    }
    const lines = git(this.gitDir, ['ls-tree', '-z', '-l', ...(recursive ? ['-r', '-t'] : []), sha]).toString('utf8').split('\0').filter(Boolean);
    const tree = lines.map((line) => {
      const [meta, entryPath] = [line.slice(0, line.indexOf('\t')), line.slice(line.indexOf('\t') + 1)];
      const [mode, entryType, entrySha, size] = meta.split(/\s+/);
      return { path: entryPath, mode, type: entryType, sha: entrySha, ...(entryType === 'blob' ? { size: Number(size) } : {}) };
    });
    return { status: 200, json: { sha, truncated: false, tree } };
  }
}

function git(dir: string, args: string[]): Buffer {
  return execFileSync('git', args, { cwd: dir, maxBuffer: 256 * 1024 * 1024 });
}

/** GitHub's workflow-run schema (required fields), as github-deployments.openapi.yaml transcribes it. */
export function runJson(r: FakeRun & { run_attempt?: number; run_started_at?: string }) {
  const api = `https://api.github.test/repos/${r.repository}`;
  const repo = { id: 1, node_id: 'R_1', name: r.repository.split('/')[1], full_name: r.repository, owner: { login: r.repository.split('/')[0] }, private: false, html_url: `https://github.com/${r.repository}`, url: api };
  return {
    id: r.id, name: 'kwsync apply', node_id: `WFR_${r.id}`, head_branch: r.head_branch, head_sha: r.head_sha, path: r.path, run_number: r.id % 1000, run_attempt: r.run_attempt ?? 1,
    display_title: 'kwsync apply', event: r.event, status: r.status, conclusion: r.status === 'completed' ? 'success' : null, workflow_id: 1,
    url: `${api}/actions/runs/${r.id}`, html_url: `https://github.com/${r.repository}/actions/runs/${r.id}`, pull_requests: [], created_at: r.created_at, updated_at: r.updated_at,
    run_started_at: r.run_started_at ?? r.created_at, jobs_url: `${api}/actions/runs/${r.id}/jobs`, logs_url: `${api}/actions/runs/${r.id}/logs`, check_suite_url: `${api}/check-suites/1`,
    artifacts_url: `${api}/actions/runs/${r.id}/artifacts`, cancel_url: `${api}/actions/runs/${r.id}/cancel`, rerun_url: `${api}/actions/runs/${r.id}/rerun`,
    workflow_url: `${api}/actions/workflows/1`, head_commit: null, repository: repo, head_repository: repo,
  };
}

function deploymentJson(api: string, d: FakeDeployment) {
  return {
    url: `${api}/deployments/${d.id}`, id: d.id, node_id: `DE_${d.id}`, sha: d.sha, ref: d.ref, task: d.task, payload: d.payload,
    original_environment: d.environment, environment: d.environment, description: d.description, creator: { login: BOT.login, type: BOT.type },
    created_at: d.created_at, updated_at: d.statuses.at(-1)?.created_at ?? d.created_at, statuses_url: `${api}/deployments/${d.id}/statuses`,
    repository_url: api, transient_environment: d.transient_environment, production_environment: d.production_environment, performed_via_github_app: null,
  };
}
function statusJson(api: string, d: FakeDeployment, st: FakeDeployment['statuses'][number]) {
  return {
    url: `${api}/deployments/${d.id}/statuses/${st.id}`, id: st.id, node_id: `DES_${st.id}`, state: st.state, creator: { login: BOT.login, type: BOT.type },
    description: st.description, environment: st.environment, target_url: st.log_url, created_at: st.created_at, updated_at: st.created_at,
    deployment_url: `${api}/deployments/${d.id}`, repository_url: api, environment_url: '', log_url: st.log_url, performed_via_github_app: null,
  };
}
function reviewJson(api: string, pull: number, r: FakeReview) {
  const html = `https://github.test/acme/lists/pull/${pull}#pullrequestreview-${r.id}`;
  return {
    id: r.id, node_id: `PRR_${r.id}`, user: r.user ? { login: r.user.login, type: r.user.type } : null, body: '', state: r.state, html_url: html,
    pull_request_url: `${api}/pulls/${pull}`, _links: { html: { href: html }, pull_request: { href: `${api}/pulls/${pull}` } },
    submitted_at: r.submitted_at, commit_id: r.commit_id, author_association: r.author_association,
  };
}
function commentJson(c: FakeComment) {
  return { id: c.id, body: c.body, user: c.user, html_url: `https://github.test/comments/${c.id}` };
}
function issueJson(i: FakeIssue) {
  return { number: i.number, title: i.title, body: i.body, state: i.state, user: i.user, labels: i.labels.map((name) => ({ name })), ...(i.pull_request ? { pull_request: i.pull_request } : {}) };
}
function pick(o: Record<string, unknown>, keys: string[]) {
  return Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
}
function send(res: ServerResponse, status: number, json: unknown, link?: string, headers?: Record<string, string>): void {
  res.writeHead(status, { 'content-type': 'application/json', ...(link ? { link } : {}), ...headers });
  res.end(JSON.stringify(json));
}
