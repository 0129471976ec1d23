// Which repository holds the deployment records: --repo / GITHUB_REPOSITORY, or a github.com origin.
import { githubTokenOf, parseRepoName, repoFromRemoteUrl } from '../../src/status/github-repo.js';

test.each([
  ['https://github.com/acme/lists.git', 'acme/lists'],
  ['https://github.com/acme/lists', 'acme/lists'],
  ['https://x-access-token:abc@github.com/acme/lists.git\n', 'acme/lists'],
  ['git@github.com:acme/my.lists.git', 'acme/my.lists'],
  ['ssh://git@github.com/acme/lists.git', 'acme/lists'],
  ['ssh://git@github.com:22/acme/lists', 'acme/lists'],
  ['https://gitlab.com/acme/lists.git', null],
  ['https://github.com.evil.example/acme/lists', null],
  ['git@github.com:acme/lists/extra.git', null],
])('repoFromRemoteUrl(%j) is %s', (url, expected) => {
  const r = repoFromRemoteUrl(url);
  expect(r ? `${r.owner}/${r.repo}` : null).toBe(expected);
});

test('parseRepoName takes owner/name only', () => {
  expect(parseRepoName('acme/lists')).toEqual({ owner: 'acme', repo: 'lists' });
  for (const bad of ['acme', 'acme/', '/lists', 'a/b/c', 'acme/li sts', '']) expect(parseRepoName(bad)).toBeNull();
});

test('GITHUB_TOKEN, else GH_TOKEN; blank is none', () => {
  expect(githubTokenOf({ GITHUB_TOKEN: 't1', GH_TOKEN: 't2' })).toBe('t1');
  expect(githubTokenOf({ GITHUB_TOKEN: ' ', GH_TOKEN: 't2' })).toBe('t2');
  expect(githubTokenOf({})).toBeUndefined();
});
