// Issue 37 item 3: what a pull request silences is visible. A PR that adds `accept:` for the
// look-alike rules next to a swapped letter, or lowers their level in kwsync.yaml, gets a CAUTION
// line naming the list and the rule, through stage two (the fake GitHub, the emulator over HTTP);
// a list that already accepted the rule at the base gets none (the contrast).
import { describe, expect, it } from '@jest/globals';
import { planComment } from '../github/plan-comment.js';
import { commitBlocklist, commitOn, createLive, memberPlanLive, stageTwoWorldPerTest } from './action-harness.js';

const { gh, w } = stageTwoWorldPerTest();
const list = (terms: string[], accept = '') => `id: blocklist\nname: blocklist\ncategory: word\nsearchTerms: [${terms.join(', ')}]\n${accept}`;
const CAUTION = '**This change silences look-alike checks**';

describe('look-alike checks a pull request silences', () => {
  it('accept: term-confusable and term-mixed-script added beside a swapped letter: a CAUTION names the list and each rule; the term is still shown escaped', async () => {
    const base = commitBlocklist(w, ['scam']);
    await createLive(w, 'blocklist', ['scam']);
    const head = commitOn(w.repo, 'feature', base, { 'keywords/blocklist.yaml': list(['scam', 'sсam'], 'accept:\n  term-confusable: brand spelling\n  term-mixed-script: brand spelling\n') });
    await memberPlanLive(w, gh, head, base);
    const body = planComment(gh, 7)?.body ?? '';
    expect(body).toContain(`${CAUTION}: list \`blocklist\` (\`keywords/blocklist.yaml\`) accepts \`term-confusable\`; list \`blocklist\` (\`keywords/blocklist.yaml\`) accepts \`term-mixed-script\``);
    expect(body).toContain('s\\u0441am');
  });

  it('a list that accepted the rule at the base: no CAUTION (the contrast); kwsync.yaml lowering term-confusable: named', async () => {
    const base = commitBlocklist(w, ['scam'], { 'keywords/blocklist.yaml': list(['scam'], 'accept:\n  term-confusable: brand spelling\n') });
    await createLive(w, 'blocklist', ['scam']);
    const same = commitOn(w.repo, 'feature', base, { 'keywords/blocklist.yaml': list(['scam', 'sсam'], 'accept:\n  term-confusable: brand spelling\n') });
    await memberPlanLive(w, gh, same, base);
    const plain = planComment(gh, 7)?.body ?? '';
    expect(plain).toContain('s\\u0441am');
    expect(plain).not.toContain(CAUTION);
    const lowered = commitOn(w.repo, 'feature2', base, { 'keywords/kwsync.yaml': 'validate:\n  rules:\n    term-mixed-script: off\n' });
    await memberPlanLive(w, gh, lowered, base);
    expect(planComment(gh, 7)?.body ?? '').toContain(`${CAUTION}: kwsync.yaml lowers \`validate.rules.term-mixed-script\` \`default\` → \`off\``);
  });
});
