// Preview output: examples with the match marked on the terminal; markdown (PR comments) and JSON
// never carry a message's text.
import { computePlan } from '../../src/plan/index.js';
import { computePreview, exampleLine, previewReportJsonSchema, renderPreviewJson, renderPreviewMarkdown, renderPreviewText } from '../../src/preview/index.js';
import { desired, live, SAFETY } from '../plan/fixtures.js';

const plan = computePlan([desired('mild', ['heck', 'darn'])], [live('mild', ['darn'])], { target: 'prod', prune: false, safety: SAFETY });
const SECRETISH = 'my private note';
const messages = [
  { id: '101', text: `oh heck, ${SECRETISH}` },
  { id: '102', text: 'darn it' },
  { id: '103', text: 'HECK\u001b[31m yes' },
  { id: '104', text: 'what the heck' },
];
const preview = computePreview(plan, ['support'], messages, { examples: 2 });

test('text: up to N newly caught messages per list, the match in brackets, control characters shown', () => {
  const text = renderPreviewText(preview, { color: false, endpoint: { appId: 'abc', region: 'eu', host: 'abc.api-eu.cometchat.io' } });
  expect(text).toBe(
    [
      'Preview for target "prod": 4 recent messages from support',
      '  app abc, region eu, host abc.api-eu.cometchat.io',
      '',
      'mild (update): catches 1 -> 4 (+3); 3 newly caught, 0 no longer caught',
      '    top terms: heck (3), darn (1)',
      '    newly caught (2 of 3):',
      `      #101  oh [heck], ${SECRETISH}`,
      '      #103  [HECK]␛[31m yes',
      '',
    ].join('\n'),
  );
});

test('text in colour marks the match with ANSI and says the same words', () => {
  const coloured = renderPreviewText(preview, { color: true });
  expect(coloured).toContain('\u001b[1m');
  expect(coloured.replace(/\u001b\[\d+m/g, '')).toBe(renderPreviewText(preview, { color: false }));
});

test('markdown and JSON have counts and terms but no message text, even when examples were kept', () => {
  for (const out of [renderPreviewMarkdown(preview), renderPreviewJson(preview)]) {
    expect(out).not.toContain(SECRETISH);
    expect(out).not.toContain('darn it');
    expect(out).not.toContain('examples');
  }
  const json = JSON.parse(renderPreviewJson(preview)) as Record<string, unknown>;
  expect(json).toMatchObject({ formatVersion: 1, version: 1, messagesScanned: 4 });
  expect(previewReportJsonSchema.safeParse(json).success).toBe(true);
});

test('a long message is cut around its first match, never inside a surrogate pair', () => {
  const long = `${'😀'.repeat(80)} heck ${'x'.repeat(200)}`;
  const line = exampleLine({ id: '9', text: long, spans: [{ start: 161, end: 165, term: 'heck' }] }, { width: 80 });
  expect(line.startsWith('#9  …')).toBe(true);
  expect(line).toContain('[heck]');
  expect(line.endsWith('…')).toBe(true);
  expect(line).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  expect(line.length).toBeLessThanOrEqual(80);
});

test('a deleted list shows the messages it no longer catches', () => {
  const gone = computePlan([], [live('old', ['darn'])], { target: 'prod', prune: true, safety: SAFETY });
  const text = renderPreviewText(computePreview(gone, ['g'], messages, { examples: 5 }), { color: false });
  expect(text).toContain('    no longer caught (1 of 1, all):\n      #102  [darn] it');
});
