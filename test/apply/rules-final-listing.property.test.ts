// A plan with rules is applied in parts (the lists, the rules, then the lists a rule let go); the end
// of the run is still judged once, over the whole plan: with --prune, a final listing that fails or
// is cut short makes the run fail (exit 1) whichever parts ran, and it is read once, not per part.
// Generated: live lists and rules, files, and the final listing's answer.
import fc from 'fast-check';
import { applyFailed } from '../../src/apply/apply-plan.js';
import { listCondition } from '../../src/plan/rules/index.js';
import type { DesiredRule, RuleWrite } from '../../src/model/moderation-rule.js';
import type { KeywordList } from '../../src/model/keyword-list.js';
import type { LiveListing } from '../../src/model/target.js';
import { applyTarget } from '../../src/sync/apply.js';
import { planTarget } from '../../src/sync/plan.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';
import { FakeRuleTarget } from '../helpers/fake-rule-target.js';
import { FakeTarget } from '../helpers/fake-target.js';
import { propertyRuns } from '../helpers/runs.js';
import { desired, NOW, SAFETY } from '../plan/fixtures.js';

const LISTS = ['a', 'b', 'c'];
const list = (id: string): KeywordList => ({ id, name: id, description: '', category: 'word', searchTerms: ['x', id] });
const rule = (id: string, lists: string[]): RuleWrite => ({ id, name: id, description: '', enabled: true, action: ['blockMessage'], conditions: lists.map((l, i) => ({ ...listCondition(l, 'word'), id: i + 1 })), filters: [] });
const ruleFile = (id: string, lists: string[]): DesiredRule => ({ id, name: id, description: '', enabled: true, action: ['blockMessage'], conditions: lists.map((l) => ({ list: l })), filters: [], source: { file: `keywords/rules/${id}.yaml` } });

/** The listing answers as the fake does for the plan's read; afterwards as `end` says. */
class EndListing extends FakeTarget {
  reads = 0;
  end: 'whole' | 'fails' | 'cut' = 'whole';
  armed = false;
  override async listKeywordLists(): Promise<LiveListing> {
    const own = await super.listKeywordLists();
    if (!this.armed) return own;
    this.reads += 1;
    if (this.end === 'fails') throw new Error('ECONNRESET');
    return this.end === 'cut' ? { ...own, mayBeTruncated: true } : own;
  }
}

test('with rules and --prune, the final listing is read once over the whole plan, and one that fails or is cut short fails the run', async () => {
  const tally = { runs: 0, failedEnd: 0, deferred: 0 };
  await fc.assert(
    fc.asyncProperty(
      fc.subarray(LISTS, { minLength: 1 }),
      fc.subarray(LISTS),
      fc.constantFrom<'whole' | 'fails' | 'cut'>('whole', 'fails', 'cut'),
      async (live, files, end) => {
        tally.runs += 1;
        const keywords = new EndListing(live.map(list));
        // A live rule on every live list (deleting its list must wait for the rule), and rule files for the lists with files.
        const rules = new FakeRuleTarget([rule('old', live)]);
        const desiredRules = files.length > 0 ? [ruleFile('new', files)] : [];
        const { plan } = await planTarget({
          lists: files.map((id) => desired(id, ['x', id, 'file'])),
          keywords,
          options: { target: 't', prune: true, safety: SAFETY, mode: 'live', now: NOW },
          rules: { target: rules, desired: desiredRules },
        });
        if (plan.changes.some((c) => c.kind === 'delete')) tally.deferred += 1;
        keywords.armed = true;
        keywords.end = end;
        const report = await applyTarget({ plan, keywords, rules, config: DEFAULT_CONFIG, force: true, now: () => NOW });
        // Read once for the whole run (the plan in parts does not read it per part); the rules were applied.
        expect(keywords.reads).toBeLessThanOrEqual(2); // one read, and one more from the start when it is cut short
        expect(report.rules?.length).toBeGreaterThan(0);
        if (end !== 'whole') {
          tally.failedEnd += 1;
          expect(report.finalListing).toBeDefined();
          expect(applyFailed(report)).toBe(true);
        } else {
          expect(report.finalListing).toBeUndefined();
        }
      },
    ),
    { numRuns: propertyRuns(30, 500), seed: 3939 },
  );
  expect(tally.failedEnd).toBeGreaterThan(0);
  expect(tally.deferred).toBeGreaterThan(0);
});
