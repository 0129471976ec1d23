// Issue 28 item 5, held by a generator: for random kwsync.yaml targets and random environments, the
// connection is exactly the target's own (app, region, both bases, key variable), or a refusal that
// names the variable, its value and the target's value; never a silent mix. A target naming no app
// or server (or no target at all) is decided by the environment, as DESIGN.md's contract says.
import fc from 'fast-check';
import { resolveBaseUrls } from '../../src/api/index.js';
import { serviceSettingsFromEnv } from '../../src/sync/service.js';
import { ConfigError } from '../../src/errors.js';
import type { TargetConfig } from '../../src/model/config.js';

const APPS = ['app-a', 'app-b'];
const REGIONS = ['us', 'eu', 'in'] as const;
// Overlapping pools, so env and target often agree, sometimes only up to a trailing slash.
const BASES = ['http://127.0.0.1:8787/apps/a/v3', 'http://127.0.0.1:8787/apps/b/v3', 'http://127.0.0.1:8787/apps/a/v3/', 'https://app-a.api-us.cometchat.io/v3'];
const CALLS = ['http://127.0.0.1:8787/apps/a/calls/v3', 'https://app-a.call-us.cometchat.io/v3'];
const KEY_VARS = ['COMETCHAT_API_KEY_A', 'COMETCHAT_API_KEY_B'];
const KEYS: Record<string, string> = { COMETCHAT_API_KEY: 'key-default-0000', COMETCHAT_API_KEY_A: 'key-a-1111', COMETCHAT_API_KEY_B: 'key-b-2222' };

const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const target: fc.Arbitrary<TargetConfig | undefined> = opt(
  fc.record(
    { name: fc.constantFrom('staging', 'production'), appId: fc.constantFrom(...APPS), region: fc.constantFrom(...REGIONS), baseUrl: fc.constantFrom(...BASES), apiKeyEnv: fc.constantFrom(...KEY_VARS) },
    { requiredKeys: ['name'] },
  ) as fc.Arbitrary<TargetConfig>,
);
const env = fc.record(
  {
    COMETCHAT_APP_ID: fc.constantFrom(...APPS),
    COMETCHAT_REGION: fc.constantFrom(...REGIONS),
    COMETCHAT_BASE_URL: fc.constantFrom(...BASES),
    COMETCHAT_CALLS_BASE_URL: fc.constantFrom(...CALLS),
    COMETCHAT_API_KEY: fc.constant(KEYS.COMETCHAT_API_KEY!),
    COMETCHAT_API_KEY_A: fc.constant(KEYS.COMETCHAT_API_KEY_A!),
    COMETCHAT_API_KEY_B: fc.constant(KEYS.COMETCHAT_API_KEY_B!),
  },
  { requiredKeys: [] },
) as fc.Arbitrary<Record<string, string | undefined>>;

const trim = (u: string) => u.replace(/\/+$/, '');

/** The spec, written apart from the code: what the target alone says, and which variables contradict it. */
function expected(t: TargetConfig | undefined, e: Record<string, string | undefined>) {
  const keyVar = t?.apiKeyEnv ?? 'COMETCHAT_API_KEY';
  if (t && (t.appId !== undefined || t.baseUrl !== undefined)) {
    const region = t.region ?? 'us';
    const bases = resolveBaseUrls({ appId: t.appId, region, baseUrl: t.baseUrl })!;
    const own = { COMETCHAT_APP_ID: t.appId, COMETCHAT_REGION: region, COMETCHAT_BASE_URL: bases.chat, COMETCHAT_CALLS_BASE_URL: bases.calls };
    const conflicts = (Object.keys(own) as (keyof typeof own)[]).filter((v) => {
      const value = e[v];
      if (value === undefined) return false;
      const mine = own[v];
      return mine === undefined || (v.endsWith('URL') ? trim(value) !== trim(mine) : value !== mine);
    });
    return { keyVar, conflicts, own: { appId: t.appId, region, chat: bases.chat, calls: bases.calls }, ownValues: own };
  }
  const conflicts = t?.region !== undefined && e.COMETCHAT_REGION !== undefined && e.COMETCHAT_REGION !== t.region ? ['COMETCHAT_REGION'] : [];
  return { keyVar, conflicts, own: undefined, ownValues: { COMETCHAT_REGION: t?.region } as Record<string, string | undefined> };
}

test('the connection is the target\'s own, or a refusal naming both values; never a mix', () => {
  let refused = 0;
  let targetOwn = 0;
  let envDecided = 0;
  fc.assert(
    fc.property(target, env, (t, e) => {
      const want = expected(t, e);
      let got: ReturnType<typeof serviceSettingsFromEnv> | undefined;
      let error: unknown;
      try {
        got = serviceSettingsFromEnv(e, t, { keyFromTarget: true });
      } catch (err) {
        error = err;
      }
      if (error !== undefined) {
        expect(error).toBeInstanceOf(ConfigError);
        const message = (error as Error).message;
        for (const key of Object.values(KEYS)) expect(message).not.toContain(key);
        expect(message).not.toContain('\n');
        if (want.conflicts.length > 0) {
          refused++;
          // Every contradiction is named with both values.
          for (const v of want.conflicts) {
            expect(message).toContain(`${v} is "${e[v]}"`);
            const mine = want.ownValues[v as keyof typeof want.ownValues];
            expect(message).toContain(mine === undefined ? 'no app id' : mine);
          }
          return;
        }
        // Otherwise only "not connected" (nothing says where to go, or the target's key variable is unset).
        expect(message).toMatch(/^not connected to CometChat: set /);
        if (e[want.keyVar] === undefined) expect(message).toContain(want.keyVar);
        return;
      }
      expect(want.conflicts).toEqual([]);
      // The key comes from the target's variable alone.
      expect(got!.apiKey).toBe(e[want.keyVar]);
      expect(got!.keyVar).toBe(want.keyVar);
      expect(got!.envWins).toEqual([]);
      if (want.own) {
        targetOwn++;
        expect({ appId: got!.appId, region: got!.region, chat: got!.chatBaseUrl, calls: got!.callsBaseUrl }).toEqual(want.own);
      } else {
        envDecided++;
        const region = e.COMETCHAT_REGION ?? t?.region ?? 'us';
        const bases = resolveBaseUrls({ appId: e.COMETCHAT_APP_ID, region: region as 'us', baseUrl: e.COMETCHAT_BASE_URL, callsBaseUrl: e.COMETCHAT_CALLS_BASE_URL })!;
        expect({ appId: got!.appId, region: got!.region, chat: got!.chatBaseUrl, calls: got!.callsBaseUrl }).toEqual({ appId: e.COMETCHAT_APP_ID, region, chat: bases.chat, calls: bases.calls });
      }
    }),
    { numRuns: 5000, seed: 28 },
  );
  // The generator reaches every outcome, not just one.
  process.stdout.write(`connection property: 5000 runs (seed 28): ${refused} refused, ${targetOwn} the target's own, ${envDecided} decided by the environment\n`);
  expect(Math.min(refused, targetOwn, envDecided)).toBeGreaterThan(100);
});
