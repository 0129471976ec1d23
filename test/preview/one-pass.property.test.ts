// The preview reads every message once and offers it to each changed list's before and after
// matcher as it arrives. On generated plans and messages its counts and top terms are exactly
// those of the list-at-a-time preview it replaced (kept below as the reference).
import fc from 'fast-check';
import { compileMatcher, type Matcher } from '../../src/match/index.js';
import type { KeywordList } from '../../src/model/keyword-list.js';
import type { ChangeKind, Plan } from '../../src/model/plan.js';
import { computePlan } from '../../src/plan/index.js';
import { computePreview, startPreview, type PreviewMessage } from '../../src/preview/index.js';
import { desired, live, SAFETY } from '../plan/fixtures.js';

/** The preview as it was before the one-pass scan: every list walks all messages on its own. */
function referencePreview(plan: Plan, groups: string[], messages: readonly PreviewMessage[]) {
  const caught = (m: Matcher | undefined, text: string) => m !== undefined && m.matches(text).length > 0;
  const lists = plan.changes
    .filter((c) => c.kind !== 'noop')
    .map((c) => {
      const { id, kind, before, after } = c as { id: string; kind: ChangeKind; before: KeywordList | null; after: KeywordList | null };
      const category = (after ?? before)?.category ?? 'word';
      const b = before ? compileMatcher(before) : undefined;
      const a = after ? compileMatcher(after) : undefined;
      if (b === null || a === null) {
        return { id, kind, category, previewable: false, before: 0, after: 0, newlyCaught: 0, noLongerCaught: 0, topTerms: [] };
      }
      const counts = { before: 0, after: 0, newlyCaught: 0, noLongerCaught: 0 };
      const hits = new Map<string, number>();
      for (const m of messages) {
        const was = caught(b, m.text);
        const terms = a ? a.matches(m.text) : [];
        const is = terms.length > 0;
        for (const t of terms) hits.set(t, (hits.get(t) ?? 0) + 1);
        if (was) counts.before++;
        if (is) counts.after++;
        if (is && !was) counts.newlyCaught++;
        if (was && !is) counts.noLongerCaught++;
      }
      const topTerms = [...hits]
        .map(([term, n]) => ({ term, messages: n }))
        .sort((x, y) => y.messages - x.messages || x.term.localeCompare(y.term))
        .slice(0, 5);
      return { id, kind, category, previewable: true, ...counts, topTerms };
    });
  return { target: plan.target, groups, messagesScanned: messages.length, lists };
}

// A small vocabulary so lists and messages meet often; some case and width variants, a pattern or two.
const WORDS = ['heck', 'darn', 'HECK', 'ｈｅｃｋ', 'oh heck', 'frick', 'checkers', 'no', 'café', 'cafe\u0301', 'x'];
const PATTERNS = ['\\d{3}', 'h[e3]ck', 'd.rn', '^no', 'a*'];
const word = fc.constantFrom(...WORDS);
const category = fc.constantFrom('word', 'pattern', 'sentence-similarity') as fc.Arbitrary<KeywordList['category']>;
const terms = (c: KeywordList['category']) =>
  fc.uniqueArray(c === 'pattern' ? fc.constantFrom(...PATTERNS) : word, { maxLength: 4 });
const listSide = (id: string) =>
  fc.option(category.chain((c) => terms(c).map((t) => ({ id, category: c, searchTerms: t }))), { nil: undefined });
const listPair = (id: string) => fc.record({ want: listSide(id), have: listSide(id) });
const plans = fc.tuple(listPair('a'), listPair('b'), listPair('c')).map((pairs) =>
  computePlan(
    pairs.flatMap((p) => (p.want ? [desired(p.want.id, p.want.searchTerms, { category: p.want.category })] : [])),
    pairs.flatMap((p) => (p.have ? [live(p.have.id, p.have.searchTerms, { category: p.have.category })] : [])),
    { target: 't', prune: true, safety: SAFETY },
  ),
);
const text = fc.array(fc.oneof(word, fc.constantFrom(' ', ', ', '555', '1234', '!', 'h3ck', 'dorn')), { maxLength: 8 }).map((p) => p.join(' '));
const messages = fc.array(text, { maxLength: 40 }).map((texts) => texts.map((t, i) => ({ id: String(i + 1), text: t })));

test('one pass over the messages gives exactly the counts and top terms of the list-at-a-time preview', () => {
  fc.assert(
    fc.property(plans, messages, (plan, msgs) => {
      expect(computePreview(plan, ['g'], msgs)).toEqual(referencePreview(plan, ['g'], msgs));
    }),
    { numRuns: 300 },
  );
});

test('examples do not change the counts, and each is a message the counts include', () => {
  fc.assert(
    fc.property(plans, messages, fc.integer({ min: 1, max: 3 }), (plan, msgs, n) => {
      const withExamples = computePreview(plan, ['g'], msgs, { examples: n });
      const plain = computePreview(plan, ['g'], msgs);
      expect(withExamples.lists.map(({ examples: _e, ...l }) => l)).toEqual(plain.lists);
      for (const l of withExamples.lists) {
        if (!l.previewable) continue;
        expect(l.examples!.newlyCaught.length).toBe(Math.min(n, l.newlyCaught));
        expect(l.examples!.noLongerCaught.length).toBe(Math.min(n, l.noLongerCaught));
      }
    }),
    { numRuns: 200 },
  );
});

test('the scan can be fed as messages arrive and read at the end', () => {
  const plan = computePlan([desired('w', ['heck'])], [], { target: 't', prune: false, safety: SAFETY });
  const scan = startPreview(plan);
  scan.add({ id: '1', text: 'oh heck' });
  scan.add({ id: '2', text: 'fine' });
  expect(scan.result(['g'])).toMatchObject({ messagesScanned: 2, lists: [{ id: 'w', after: 1, newlyCaught: 1 }] });
});
