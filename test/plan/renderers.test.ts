import { computePlan, renderPlanJson, renderPlanMarkdown, renderPlanText } from '../../src/plan/index.js';
import { NOW, SAFETY, desired, live, range } from './fixtures.js';

// One plan with every kind of change, an unsafe one, unmanaged and default lists.
const plan = computePlan(
  [
    desired('greetings', ['hello', 'hi'], { name: 'Greetings', description: 'friendly words' }),
    desired('phones', ['\\d{3,10}', 'call me'], { category: 'pattern', name: 'Phone numbers' }),
    desired('profanity-en', ['darn', 'heck', 'frick']),
    desired('same', ['a', 'b']),
    desired('shrink', range(4)),
  ],
  [
    live('phones', ['\\d{3,10}', 'text me'], { category: 'pattern', name: 'Phones', revisionId: 'h_phones_2' }),
    live('profanity-en', ['darn', 'heck'], { revisionId: 'h_profanity-en_5' }),
    live('same', ['b', 'a']),
    live('shrink', range(12), { revisionId: 'h_shrink_9' }),
    live('old-list', ['x', 'y'], { revisionId: 'h_old-list_1' }),
    live('profanity-list', ['z'], { default: true }),
  ],
  { target: 'prod', prune: true, safety: SAFETY, now: NOW },
);

test('text, plain', () => {
  expect(renderPlanText(plan, { color: false })).toMatchSnapshot();
});

test('text, coloured, has ANSI codes and the same words', () => {
  const coloured = renderPlanText(plan, { color: true });
  expect(coloured).toContain('\u001b[32m');
  expect(coloured.replace(/\u001b\[\d+m/g, '')).toBe(renderPlanText(plan, { color: false }));
});

test('text with no changes says so', () => {
  const empty = computePlan([desired('a', ['x'])], [live('a', ['x'])], { target: 't', prune: false, safety: SAFETY, now: NOW });
  expect(renderPlanText(empty, { color: false })).toMatchSnapshot();
});

test('markdown', () => {
  expect(renderPlanMarkdown(plan)).toMatchSnapshot();
});

test('markdown caps lists and terms with an explicit "and N more"', () => {
  const md = renderPlanMarkdown(plan, { maxLists: 2, maxTermsPerList: 1 });
  expect(md).toMatchSnapshot();
  expect(md).toContain('…and 3 more lists not shown.');
  expect(md).toContain('…and 1 more term.');
  expect(md.length).toBeLessThan(renderPlanMarkdown(plan).length);
});

test('markdown fences outlast backticks inside terms', () => {
  const p = computePlan([desired('ticks', ['a```b'])], [], { target: 't', prune: false, safety: SAFETY, now: NOW });
  expect(renderPlanMarkdown(p)).toContain('````diff\n+ a```b\n````');
});

test('json is the SavedPlan shape with the top-level formatVersion every JSON output has', () => {
  const json = renderPlanJson(plan);
  expect(json).toMatchSnapshot();
  const parsed = JSON.parse(json) as { formatVersion: number; plan: unknown; checksum: string };
  expect(Object.keys(parsed)).toEqual(['formatVersion', 'plan', 'checksum']);
  expect(parsed.formatVersion).toBe(1);
  expect(parsed.plan).toEqual(plan);
  expect(parsed.checksum).toMatch(/^sha256:[0-9a-f]{64}$/);
});

describe('the header names the app, region and host when the CLI knows them', () => {
  const endpoint = { appId: 'abc123', region: 'eu', host: 'abc123.api-eu.cometchat.io' };
  test('text: a second line under the header', () => {
    const lines = renderPlanText(plan, { color: false, endpoint }).split('\n');
    expect(lines[0]).toBe('Plan for target "prod" (live, 2026-01-02T03:04:05.000Z)');
    expect(lines[1]).toBe('  app abc123, region eu, host abc123.api-eu.cometchat.io');
  });
  test('markdown: a small line under the heading', () => {
    expect(renderPlanMarkdown(plan, { endpoint })).toContain('### kwsync plan for `prod`\n\n<sub>app abc123, region eu, host abc123.api-eu.cometchat.io</sub>\n');
  });
  test('without an endpoint (a saved plan, the Action) the header is as before', () => {
    expect(renderPlanText(plan, { color: false }).split('\n')[1]).toBe('');
    expect(renderPlanMarkdown(plan)).not.toContain('<sub>app');
  });
  test('no app id set (a base URL alone): said so, not left blank', () => {
    expect(renderPlanText(plan, { color: false, endpoint: { ...endpoint, appId: null } })).toContain('  app (none set), region eu,');
  });
});

test('text never passes control characters from live data to the terminal', () => {
  const hostile = '\u001b[2J\u001b[31mgotcha';
  const plan = computePlan([desired('w', ['ok'], { name: 'Name\u001b[0m' })], [live('w', [hostile, 'x\u202eevil'])], {
    target: 't',
    prune: false,
    safety: { ...SAFETY, minTermsForShareCheck: 100 },
    now: NOW,
  });
  const text = renderPlanText(plan, { color: false });
  expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
  expect(text).toContain('␛[2J␛[31mgotcha');
  expect(text).toContain('"Name\\u001b[0m"');
});
