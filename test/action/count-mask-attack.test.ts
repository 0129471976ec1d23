// Issue 27 item 2: the count mask must not leak one bit per list. A trusted author (a MEMBER: any
// member of the owning organisation) opens one pattern list per digit position and bit of a code
// someone typed; with 0 shown as "0" and 1..k-1 as "<k", the comment read the code back one bit per
// list. Now every count under k, zero included, reads "<k": the rows of the 24 lists are identical.
// Through stage two, the fake GitHub and the emulator over HTTP with the message in the group.
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { maskCount } from '../../src/action/impact-preview.js';
import { generateSeedData } from '../../src/emulator/index.js';
import { planComment } from '../github/plan-comment.js';
import { BOT } from '../github/fake-github.js';
import { commitBlocklist, commitOn, memberPlanLive, stageTwoWorldPerTest } from './action-harness.js';

const CODE = '483920';
const GROUP = 'cometchat-guid-2';
/** The seed data with one more message in GROUP, the newest there: someone typing the code. */
function seedWithCode() {
  const data = generateSeedData();
  const inGroup = data.messages.filter((m) => m.guid === GROUP);
  const last = inGroup.reduce((a, m) => (m.sentAt > a.sentAt ? m : a));
  data.messages.push({ ...last, id: Math.max(...data.messages.map((m) => m.id)) + 1, text: `your login code is OTP${CODE}`, sentAt: last.sentAt + 5, mentions: [], attachments: [], tags: [] });
  return data;
}
const { gh, w } = stageTwoWorldPerTest(() => ({ data: seedWithCode() }));

/** The digits whose bit `bit` is set (a character class). */
const digitsWith = (bit: number) => [...'0123456789'].filter((d) => (Number(d) >> bit) & 1).join('');
const bitList = (pos: number, bit: number) =>
  `id: b${pos}-${bit}\nname: b${pos}-${bit}\ncategory: pattern\nsearchTerms: ["OTP[0-9]{${pos}}[${digitsWith(bit)}][0-9]{${5 - pos}}"]\n`;

describe('the bit-per-list attack on the impact preview', () => {
  it('24 one-pattern lists (one per digit position and bit) read nothing: every row shows the same masked counts', async () => {
    const baseSha = commitBlocklist(w, ['spam'], { 'keywords/kwsync.yaml': `preview:\n  groups: [${GROUP}]\n  messages: 100\n` });
    const bits = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`keywords/b${i >> 2}-${i & 3}.yaml`, bitList(i >> 2, i & 3)]));
    const headSha = commitOn(w.repo, 'feature', baseSha, bits);
    const h = await memberPlanLive(w, gh, headSha, baseSha);
    const body = planComment(gh, 7)?.body ?? '';
    const from = body.indexOf('#### Impact preview');
    const table = body.slice(from, body.indexOf('\n\n', body.indexOf('| list |', from)));
    const rows = [...table.matchAll(/^\| `(b\d-\d)` \| (.*)$/gm)];
    expect(rows).toHaveLength(24);
    // The message is there: each list with a set bit of the code caught it (1 message), the others 0.
    const caught = rows.filter(([, id]) => (Number(CODE[Number(id![1])]) >> Number(id![3])) & 1).length;
    expect(caught).toBeGreaterThan(0);
    expect(caught).toBeLessThan(24);
    // ...yet every row reads the same: nothing tells a caught bit from an uncaught one.
    expect(new Set(rows.map(([, , rest]) => rest)).size).toBe(1);
    expect(rows[0]![2]).toBe('<5 | <5 | <5 |  |');
    expect(h.summaries.join('\n')).not.toMatch(/\| `b\d-\d` \| 0 \|/);
  });
});

describe('maskCount: below k, nothing distinguishes one count from another', () => {
  it('for every k > 1, every n < k renders alike, and every n >= k renders as itself', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1000 }), fc.nat(2000), fc.nat(2000), (k, a, b) => {
        if (a < k && b < k) expect(maskCount(a, k)).toBe(maskCount(b, k));
        if (a >= k) expect(maskCount(a, k)).toBe(String(a));
      }),
      { numRuns: 2000, seed: 27 },
    );
  });
});
