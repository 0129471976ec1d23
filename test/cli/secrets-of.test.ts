// Issue 28: plan, apply and import read a target's apiKeyEnv, so every such key is masked like COMETCHAT_API_KEY.
import { secretsOf } from '../../src/cli/io.js';
import { kwsync } from '../helpers/cli.js';

test('every COMETCHAT_API_KEY and COMETCHAT_API_KEY_<TARGET> is a secret; other variables are not', () => {
  expect(secretsOf({ COMETCHAT_API_KEY: 'main-key-1', COMETCHAT_API_KEY_BETA: ' beta-key-2 ', COMETCHAT_APP_ID: 'app-id-3', GITHUB_TOKEN: 'gh-token-4', COMETCHAT_API_KEY_X: 'abc' }).sort()).toEqual(['beta-key-2', 'main-key-1']);
});

test('a target key that reaches the output is masked', async () => {
  // A bad COMETCHAT_BASE_URL is quoted in its error: the key of a target variable in it is masked.
  const r = await kwsync(['messages', 'list', 'g'], { COMETCHAT_API_KEY: 'k-1234', COMETCHAT_API_KEY_BETA: 'beta-secret-99', COMETCHAT_BASE_URL: 'nope-beta-secret-99' });
  expect(r.code).toBe(1);
  expect(r.stderr).toContain('***');
  expect(r.stderr).not.toContain('beta-secret-99');
});
