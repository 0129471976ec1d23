// Unit: settings from the environment (and a kwsync.yaml target), one clear line when missing.
import { ConfigError } from '../../src/errors.js';
import { connectService, serviceSettingsFromEnv } from '../../src/sync/service.js';
import { parseEndTimestamp, parseTimestamp } from '../../src/cli/commands/option-parsers.js';

const KEY = { COMETCHAT_API_KEY: 'k-123' };

describe('serviceSettingsFromEnv', () => {
  test('app id and region build the real bases; region defaults to us', () => {
    expect(serviceSettingsFromEnv({ ...KEY, COMETCHAT_APP_ID: 'app1' })).toMatchObject({
      appId: 'app1',
      region: 'us',
      label: 'app1',
      chatBaseUrl: 'https://app1.api-us.cometchat.io/v3',
      callsBaseUrl: 'https://app1.call-us.cometchat.io/v3',
    });
  });

  test("a target's app id and region decide; the environment fills only what no target names", () => {
    const target = { name: 'staging', appId: 'from-yaml', region: 'eu' as const };
    expect(serviceSettingsFromEnv({ ...KEY }, target)).toMatchObject({ appId: 'from-yaml', region: 'eu', label: 'staging' });
    // Issue 28: the variables no longer win silently; the same values are fine.
    expect(() => serviceSettingsFromEnv({ ...KEY, COMETCHAT_APP_ID: 'env-app', COMETCHAT_REGION: 'in' }, target)).toThrow(
      /COMETCHAT_APP_ID is "env-app", but kwsync\.yaml gives target "staging" app id "from-yaml"; COMETCHAT_REGION is "in", but kwsync\.yaml gives target "staging" region eu/,
    );
    expect(serviceSettingsFromEnv({ ...KEY, COMETCHAT_APP_ID: 'from-yaml', COMETCHAT_REGION: 'eu' }, target)).toMatchObject({ appId: 'from-yaml', region: 'eu' });
    // A target naming no app: the environment decides, as without kwsync.yaml.
    expect(serviceSettingsFromEnv({ ...KEY, COMETCHAT_APP_ID: 'env-app' }, { name: 'bare' })).toMatchObject({ appId: 'env-app', chatBaseUrl: 'https://env-app.api-us.cometchat.io/v3', label: 'bare' });
  });

  test('base URL overrides need no app id', () => {
    const s = serviceSettingsFromEnv({ ...KEY, COMETCHAT_BASE_URL: 'http://127.0.0.1:8787/v3' });
    expect(s).toMatchObject({ chatBaseUrl: 'http://127.0.0.1:8787/v3', callsBaseUrl: 'http://127.0.0.1:8787/calls/v3' });
  });

  test("a target's baseUrl connects it (calls derived beside it); a COMETCHAT_BASE_URL that says otherwise is refused", () => {
    const target = { name: 'staging', baseUrl: 'http://127.0.0.1:8787/apps/staging/v3' };
    expect(serviceSettingsFromEnv({ ...KEY }, target)).toMatchObject({
      label: 'staging',
      chatBaseUrl: 'http://127.0.0.1:8787/apps/staging/v3',
      callsBaseUrl: 'http://127.0.0.1:8787/apps/staging/calls/v3',
    });
    expect(() => serviceSettingsFromEnv({ ...KEY, COMETCHAT_BASE_URL: 'http://127.0.0.1:9999/v3' }, target)).toThrow(
      'refusing to guess where target "staging" goes: COMETCHAT_BASE_URL is "http://127.0.0.1:9999/v3", but kwsync.yaml gives target "staging" base URL http://127.0.0.1:8787/apps/staging/v3 (its baseUrl)',
    );
    // The same URL (a trailing slash aside) is no contradiction.
    expect(serviceSettingsFromEnv({ ...KEY, COMETCHAT_BASE_URL: `${target.baseUrl}/` }, target).chatBaseUrl).toBe(target.baseUrl);
    // envWins (test harnesses only): the variable wins and the settings say so.
    expect(serviceSettingsFromEnv({ ...KEY, COMETCHAT_BASE_URL: 'http://127.0.0.1:9999/v3' }, target, { envWins: true })).toMatchObject({
      chatBaseUrl: 'http://127.0.0.1:9999/v3',
      callsBaseUrl: 'http://127.0.0.1:9999/calls/v3',
      envWins: ['COMETCHAT_BASE_URL'],
    });
    // An app id beside it names the app in headers; the base URL still decides where requests go.
    expect(serviceSettingsFromEnv({ ...KEY }, { ...target, appId: 'stg-app' })).toMatchObject({ appId: 'stg-app', chatBaseUrl: target.baseUrl });
  });

  test.each([
    [{}, /set COMETCHAT_APP_ID .* and COMETCHAT_API_KEY/],
    [{ COMETCHAT_APP_ID: 'a' }, /set COMETCHAT_API_KEY \(a REST API key with full-access scope\)$/],
    [{ ...KEY }, /set COMETCHAT_APP_ID \(your app id; or COMETCHAT_BASE_URL/],
    [{ ...KEY, COMETCHAT_APP_ID: 'a', COMETCHAT_REGION: 'mars' }, /COMETCHAT_REGION must be one of us, eu, in \(got "mars"\)/],
    [{ ...KEY, COMETCHAT_BASE_URL: 'localhost:8787' }, /COMETCHAT_BASE_URL must be an http\(s\) URL/],
  ])('%j -> one-line ConfigError', (env, message) => {
    let err: unknown;
    try {
      serviceSettingsFromEnv(env);
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(message);
    expect((err as Error).message).not.toContain('\n');
    expect((err as ConfigError).exitCode).toBe(1);
  });
});

describe('connectService', () => {
  test('gives a client on the settings bases and a labelled KeywordTarget', async () => {
    const settings = serviceSettingsFromEnv({ ...KEY, COMETCHAT_BASE_URL: 'http://127.0.0.1:1/v3' }, { name: 'prod' });
    const { client, keywords } = connectService(settings);
    expect(client.baseUrls.chat).toBe('http://127.0.0.1:1/v3');
    expect(keywords.label).toBe('prod');
    await client.close();
  });
});

describe('timestamps for --from/--to', () => {
  test('a date alone: the start of the UTC day for --from, its last second for --to', () => {
    expect(parseTimestamp('2024-06-30')).toBe(Date.UTC(2024, 5, 30) / 1000);
    expect(parseEndTimestamp('2024-06-30')).toBe(Date.UTC(2024, 5, 30, 23, 59, 59) / 1000);
    expect(parseEndTimestamp(' 2024-06-30 ')).toBe(Date.UTC(2024, 5, 30, 23, 59, 59) / 1000);
  });

  test('an instant is taken as given on both ends', () => {
    expect(parseEndTimestamp('2024-06-30T12:00:00Z')).toBe(Date.UTC(2024, 5, 30, 12) / 1000);
    expect(parseEndTimestamp('1719748800')).toBe(1719748800);
    expect(() => parseEndTimestamp('yesterday')).toThrow('must be UNIX seconds or an ISO date');
  });
});
