// Issue 27 item 2: the count mask must not leak one bit per list. A trusted author (a MEMBER: any
// member of the owning organisation) opens one pattern list per digit position and bit of a code
// someone typed; with 0 shown as "0" and 1..k-1 as "<k", the comment read the code back one bit per
// list. Now every count under k, zero included, reads "<k": the rows of the 24 lists are identical.
// Through stage two, the fake GitHub and the emulator over HTTP with the message in the group.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { maskCount } from '../../src/action/impact-preview.js';
import { runAction } from '../../src/action/run-action.js';
import { generateSeedData, startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { planComment } from '../github/plan-comment.js';
import { BOT, FakeGitHub } from '../github/fake-github.js';
import { context, harness, inputs, listYaml, TempRepo } from './action-harness.js';

const CODE = '483920';
const GROUP = 'cometchat-guid-2';
let gh: FakeGitHub;
let emu: RunningEmulator;
let repo: TempRepo;

beforeAll(async () => {
  gh = await new FakeGitHub().start();
});
afterAll(() => gh.close());
beforeEach(async () => {
  gh.reset();
  const data = generateSeedData();
  const inGroup = data.messages.filter((m) => m.guid === GROUP);
  const last = inGroup.reduce((a, m) => (m.sentAt > a.sentAt ? m : a));
  data.messages.push({ ...last, id: Math.max(...data.messages.map((m) => m.id)) + 1, text: `your login code is OTP${CODE}`, sentAt: last.sentAt + 5, mentions: [], attachments: [], tags: [] });
  emu = await startEmulator({ port: 0, data });
  repo = new TempRepo();
  gh.gitDir = repo.dir;
});
afterEach(async () => {
  await emu.close();
  repo.remove();
});

/** The digits whose bit `bit` is set (a character class). */
const digitsWith = (bit: number) => [...'0123456789'].filter((d) => (Number(d) >> bit) & 1).join('');
const bitList = (pos: number, bit: number) =>
  `id: b${pos}-${bit}\nname: b${pos}-${bit}\ncategory: pattern\nsearchTerms: ["OTP[0-9]{${pos}}[${digitsWith(bit)}][0-9]{${5 - pos}}"]\n`;

describe('the bit-per-list attack on the impact preview', () => {
  it('24 one-pattern lists (one per digit position and bit) read nothing: every row shows the same masked counts', async () => {
    repo.write('keywords/kwsync.yaml', `preview:\n  groups: [${GROUP}]\n  messages: 100\n`);
    repo.write('keywords/blocklist.yaml', listYaml('blocklist', ['spam']));
    const baseSha = repo.commit();
    repo.git('checkout', '-q', '-b', 'feature');
    for (let pos = 0; pos < 6; pos++) for (let bit = 0; bit < 4; bit++) repo.write(`keywords/b${pos}-${bit}.yaml`, bitList(pos, bit));
    const headSha = repo.commit();
    repo.git('checkout', '-q', 'main');
    gh.permissions.set('insider', 'write'); // R-M11: a trusted author also needs write access here
    gh.pulls.push({
      number: 7, state: 'open', user: { login: 'insider', type: 'User' }, author_association: 'MEMBER', labels: [],
      head: { sha: headSha, ref: 'feature', repo: { full_name: 'acme/lists', owner: { login: 'acme' } } }, base: { sha: baseSha, ref: 'main', repo: { full_name: 'acme/lists' } },
    });
    const event = { workflow_run: { event: 'pull_request', status: 'completed', conclusion: 'success', path: '.github/workflows/kwsync-plan.yml', head_sha: headSha, head_branch: 'feature', head_repository: { full_name: 'acme/lists', owner: { login: 'acme' } }, pull_requests: [] } };
    const h = harness(repo, gh, emu);
    await runAction({ inputs: inputs('plan-live'), context: context(repo, { eventName: 'workflow_run', sha: baseSha, event }), deps: h.deps });
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
