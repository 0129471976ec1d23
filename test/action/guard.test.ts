// The stricter of two guards, value by value, and what a change edits in them.
import { describe, expect, it } from '@jest/globals';
import { connectionChanges, guardCaution, guardChanges, guardOf, stricterGuard } from '../../src/action/guard.js';
import { maskCount } from '../../src/action/impact-preview.js';
import { configSchema } from '../../src/model/config.js';

const guard = (yaml: object) => guardOf(configSchema.parse(yaml));

describe('stricterGuard', () => {
  it('takes the smaller share, threshold and each limit, and prunes only when both prune', () => {
    const base = guard({ prune: true, safety: { maxRemovedShare: 0.3, minTermsForShareCheck: 5 }, limits: { maxTermLength: 100 } });
    const head = guard({ prune: false, safety: { maxRemovedShare: 1, minTermsForShareCheck: 50 }, limits: { maxTermLength: 1000, maxLists: 10 } });
    expect(stricterGuard(base, head)).toEqual({
      prune: false,
      safety: { maxRemovedShare: 0.3, minTermsForShareCheck: 5 },
      limits: { ...base.limits, maxTermLength: 100, maxLists: 10 },
      validate: { strict: false, rules: {} },
    });
    expect(stricterGuard(head, base)).toEqual(stricterGuard(base, head));
  });

  it('lists every edited value, loosening or tightening, and says nothing when none changed', () => {
    const base = guard({});
    const head = guard({ prune: true, safety: { maxRemovedShare: 0.1 }, limits: { maxTermLength: 1000 } });
    expect(guardChanges(base, head)).toEqual(['safety.maxRemovedShare 0.3 → 0.1', 'limits.maxTermLength 100 → 1000', 'prune false → true']);
    expect(guardChanges(base, base)).toEqual([]);
    expect(guardCaution([], 'plan')).toBe('');
    expect(guardCaution(['prune false → true'], 'apply')).toMatch(/^> \[!CAUTION\]\n> .*prune false → true.*This apply used the stricter/);
  });
});

describe('connectionChanges', () => {
  const config = (targets: object[]) => configSchema.parse({ targets });
  it('names every connection field a change edits, and targets added or removed, escaped as code', () => {
    const base = config([{ name: 'prod', appId: 'a1', region: 'eu' }, { name: 'old' }]);
    const head = config([{ name: 'prod', appId: 'a1', region: 'eu', baseUrl: 'https://evil.example/`x`/v3' }, { name: 'new', appId: 'a2', region: 'us', baseUrl: 'https://attacker.example/v3', environment: 'new' }]);
    const changes = connectionChanges(base, head);
    expect(changes).toEqual([
      'target `prod`: baseUrl (none) → ``https://evil.example/`x`/v3``',
      'target `new` added (appId `a2`, region `us`, baseUrl `https://attacker.example/v3`, apiKeyEnv (none), environment `new`)',
      'target `old` removed (it connected with appId (none), region (none), baseUrl (none), apiKeyEnv (none), environment (none))',
    ]);
    expect(connectionChanges(base, base)).toEqual([]);
    expect(connectionChanges(base, config([{ name: 'prod', appId: 'a1', region: 'eu' }, { name: 'old' }]))).toEqual([]);
  });

  it('gets its own CAUTION block, saying where the key goes after merge', () => {
    const md = guardCaution([], 'plan', ['target prod: region `eu` → `us`']);
    expect(md).toMatch(/^> \[!CAUTION\]\n> \*\*This change edits where targets connect\*\*.*target prod: region `eu` → `us`.*after merge, apply sends each target's key where the new values say/);
    expect(guardCaution(['prune false → true'], 'plan', ['target x added']).split('[!CAUTION]')).toHaveLength(3);
  });
});

describe('maskCount (k-anonymity)', () => {
  it.each([[0, 5, '<5'], [1, 5, '<5'], [4, 5, '<5'], [5, 5, '5'], [3, 1, '3']])('%i with k=%i is %s', (n, k, out) => {
    expect(maskCount(n, k)).toBe(out);
  });
});
