// Bounded work on untrusted input, the preview: a pull request's pattern that backtracks without
// end on real messages ends the preview at its deadline with a located stop (list, file, pattern),
// keeping the counts of the messages it finished. Otherwise it answers as the unbounded preview.
import { computePreview, previewUntrusted, renderPreviewJson, renderPreviewMarkdown } from '../../src/preview/index.js';
import { previewReportJsonSchema } from '../../src/preview/preview-schema.js';
import { computePlan } from '../../src/plan/index.js';
import type { KeywordList } from '../../src/model/keyword-list.js';
import { desired as file, live, SAFETY } from '../plan/fixtures.js';

const list = (id: string, category: KeywordList['category'], searchTerms: string[]) => file(id, searchTerms, { category });
const plan = (want: KeywordList[], current: KeywordList[]) =>
  computePlan(
    want.map((l) => file(l.id, l.searchTerms, l)),
    current.map((l) => live(l.id, l.searchTerms, l)),
    { target: 't', prune: true, safety: SAFETY },
  );

const texts = ['oh heck no', 'darn it', 'call 555-1234 now', 'code 123456', 'CALL 555-9876', 'é 42'];
const source = (msgs: { id: string; text: string }[]) =>
  async function* (_guid: string, count: number) {
    for (const m of msgs.slice(0, count)) yield m;
  };

it('the same counts and top terms as the unbounded preview, over several batches', async () => {
  const msgs = Array.from({ length: 150 }, (_, i) => ({ id: String(i), text: texts[i % texts.length]! }));
  const p = plan([list('p', 'pattern', ['\\d{3}-\\d{4}', '\\b\\d{6}\\b', 'é']), list('w', 'word', ['heck', 'darn'])], [list('p', 'pattern', ['\\d{3}-\\d{4}'])]);
  const bounded = await previewUntrusted(p, ['g'], 1000, source(msgs), { deadlineMs: 60_000 });
  expect(bounded).toEqual(computePreview(p, ['g'], msgs));
  expect(bounded.stopped).toBeUndefined();
});

it('a pattern that never finishes on a message: stopped at the deadline, naming list, file and pattern; earlier messages counted', async () => {
  // No literal it must contain, so the prefilter cannot skip it: it runs on every message.
  const evil = '(?:(?:(?:a?){9}){9}){9}\\d';
  const msgs = [
    { id: '1', text: 'call 555-1234 now' },
    { id: '2', text: 'a'.repeat(40) },
    { id: '3', text: 'call 555-0000' },
  ];
  const p = plan([list('p', 'pattern', ['\\d{3}-\\d{4}', evil])], []);
  // One batch holds all three: the stop falls on the second, so only the first is counted. The
  // deadline leaves a loaded machine time to start the worker; the second message never finishes.
  const got = await previewUntrusted(p, ['g'], 10, source(msgs), { deadlineMs: 2000, fileOf: (id) => `keywords/${id}.yaml` });
  expect(got.messagesScanned).toBe(1);
  expect(got.lists[0]).toMatchObject({ id: 'p', after: 1 });
  expect(got.stopped).toMatchObject({ reason: 'deadline', list: 'p', file: 'keywords/p.yaml' });
  expect(got.stopped!.message).toContain('ran past its deadline of 2000 ms while list "p" (keywords/p.yaml) was running');
  expect(renderPreviewMarkdown(got)).toContain('**Stopped early:** the preview ran past its deadline');
  expect(previewReportJsonSchema.parse(JSON.parse(renderPreviewJson(got))).stopped).toMatchObject({ reason: 'deadline', list: 'p' });
});
