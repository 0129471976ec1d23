// Issue 27 item 4: every string a pull request puts in a CAUTION line is escaped where it is made
// (guard.ts), so no surface that shows a CAUTION (the plan comment, the counts-only comment of an
// outsider, the apply summary) can be given a fake banner, image, link or live mention. Generated
// hostile rule ids, target names and connection values go through each surface and the markdown
// oracle (markdown-it with GitHub's autolinks) checks nothing took effect.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { connectionChanges, guardCaution, guardChanges, guardOf } from '../../src/action/guard.js';
import { configSchema, type KwsyncConfig } from '../../src/model/config.js';
import { renderWithheldPlan } from '../../src/github/withheld-plan.js';
import { ruleLevelProblems } from '../../src/validate/rule-levels.js';
import { assertInert, md } from '../github/markdown-oracle.js';

const RUN = 'https://github.com/acme/lists/actions/runs/42';
const PIECES = [
  '\n\n> [!NOTE]\n> **Approved: safe to merge**', '![x](https://evil.example/p.png)', '[click](https://evil.example)', '@org/team', '@team', 'www.evil.example',
  'https://evil.example', '#1', 'GH-12', '<img src=x>', '<script>', '`', '``', '|', '\\', '*', '_', '\u202e', '\u200b', '\r\n# fake heading', '<!--', '-->', ']', '(', ')',
];
const hostile = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 6 }).map((a) => a.join(''));
const base = configSchema.parse({ targets: [{ name: 'prod' }] });
const withTargets = (targets: object[]): KwsyncConfig => ({ ...base, targets } as unknown as KwsyncConfig);

describe('every CAUTION surface stays inert for generated hostile names', () => {
  it('rule ids, target names and connection values: plan comment, counts-only comment, apply summary', () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, hostile, (rule, added, removedValue, value) => {
        const headGuard = { ...guardOf(base), validate: { strict: true, rules: { [rule]: 'error' as const } } };
        const changes = guardChanges(guardOf(base), headGuard);
        const baseCfg = withTargets([{ name: 'prod' }, { name: removedValue, baseUrl: removedValue }]);
        const headCfg = withTargets([{ name: 'prod', baseUrl: value, appId: value }, { name: added, baseUrl: value, environment: added }]);
        const connection = connectionChanges(baseCfg, headCfg);
        for (const where of ['plan', 'apply'] as const) {
          const caution = guardCaution(changes, where, connection);
          expect(caution).toContain('[!CAUTION]');
          assertInert(caution, new Set());
        }
        const withheld = renderWithheldPlan({ target: 'prod', lists: [], why: 'test', release: 'x', errorCount: 0, warningCount: 0, notes: [guardCaution(changes, 'plan', connection)], runUrl: RUN, sha: 'a'.repeat(40) });
        assertInert(withheld, new Set([RUN]));
        // The withheld note and the two CAUTION blocks: a hostile name never opens another block (a fake alert).
        expect(md.parse(withheld, {}).filter((t) => t.type === 'blockquote_open')).toHaveLength(3);
      }),
      { numRuns: 1000, seed: 2727 },
    );
  });

  it('a validate.rules key that is not a rule id is refused at every level, error included', () => {
    fc.assert(
      fc.property(hostile.filter((s) => !/^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(s)), fc.constantFrom('error', 'warning', 'off'), (rule, level) => {
        expect(ruleLevelProblems({ strict: false, rules: { [rule]: level } }).map((p) => p.rule)).toEqual([rule]);
      }),
      { numRuns: 500, seed: 2728 },
    );
  });
});
