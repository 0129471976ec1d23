import { describe, expect, it } from '@jest/globals';
import { parseRunContext } from '../../src/action/context.js';
import { formatError } from '../../src/action/format-error.js';
import { parseInputs, type RawInputs } from '../../src/action/inputs.js';
import { ConfigError } from '../../src/errors.js';

const raw = (extra: Partial<RawInputs> = {}): RawInputs => ({ mode: 'plan', dir: '', target: '', 'github-token': 'tok', force: '', prune: '', ...extra });

describe('parseInputs', () => {
  it('applies the defaults', () => {
    expect(parseInputs(raw())).toEqual({ mode: 'plan', dir: 'keywords', target: undefined, githubToken: 'tok', force: false, prune: undefined });
  });
  it.each([
    [{ mode: 'deploy' }, 'input "mode" must be one of plan, plan-upload, plan-live, plan-comment, apply, drift, targets, status (got "deploy")'],
    [{ force: 'yes' }, 'input "force" must be true or false (got "yes")'],
    [{ 'github-token': ' ' }, 'input "github-token" is empty'],
  ])('rejects %j with a clear message', (extra, message) => {
    expect(() => parseInputs(raw(extra))).toThrow(message);
  });
  it('reads booleans', () => {
    expect(parseInputs(raw({ force: 'TRUE', prune: 'false' }))).toMatchObject({ force: true, prune: false });
  });
});

describe('parseRunContext', () => {
  it('takes the PR from the event and builds the run URL', () => {
    const ctx = parseRunContext(
      { GITHUB_REPOSITORY: 'acme/lists', GITHUB_RUN_ID: '9', GITHUB_SHA: 'abc', GITHUB_EVENT_NAME: 'pull_request' },
      { pull_request: { number: 3, head: { sha: 'h' }, base: { sha: 'b', ref: 'main' } } },
      '/w',
    );
    expect(ctx).toMatchObject({ owner: 'acme', repo: 'lists', runUrl: 'https://github.com/acme/lists/actions/runs/9', workspace: '/w', pullRequest: { number: 3, headSha: 'h', baseSha: 'b', baseRef: 'main' } });
  });
  it("takes the default branch from a push event's repository, and leaves it out when absent", () => {
    const env = { GITHUB_REPOSITORY: 'acme/lists', GITHUB_SHA: 'abc', GITHUB_EVENT_NAME: 'push' };
    expect(parseRunContext(env, { repository: { default_branch: 'trunk' } }, '/w').defaultBranch).toBe('trunk');
    expect(parseRunContext(env, {}, '/w')).not.toHaveProperty('defaultBranch');
  });
  it('says where it must run when GITHUB_REPOSITORY is missing', () => {
    expect(() => parseRunContext({}, {}, '/w')).toThrow(ConfigError);
  });
});

describe('formatError', () => {
  it('prints a kwsync error with its hint and an unknown one without a stack', () => {
    expect(formatError(new ConfigError('no key', { hint: 'set it' }))).toBe('no key\nhint: set it');
    const text = formatError(new TypeError('boom'));
    expect(text).toContain('boom');
    expect(text).not.toMatch(/\n\s+at /);
  });
});
