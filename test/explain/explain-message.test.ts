// The pure core of `kwsync explain`: verdicts per list (as data), the --term lookup, and the text
// renderer on its own (colour on a terminal, brackets elsewhere, provenance lines).
import { explainMessage, findTerm } from '../../src/explain/explain-message.js';
import type { ExplainReport } from '../../src/explain/explain-report.js';
import { highlight, renderExplainText, renderProvenance } from '../../src/explain/render-text.js';

const lists = [
  { id: 'scams', category: 'word' as const, searchTerms: ['scam', 'gift card', 'Crypto'] },
  { id: 'contact', category: 'pattern' as const, searchTerms: ['\\b\\d{3}-\\d{4}\\b', 'whats ?app'] },
  { id: 'sentences', category: 'sentence-similarity' as const, searchTerms: ['send me money right now please'] },
  { id: 'mild', category: 'word' as const, searchTerms: ['heck'] },
];

describe('explainMessage', () => {
  test('each list: caught or not, the terms in list order, the spans as offsets into the message', () => {
    const message = 'SCAM alert: buy a Gift  Card? no, a gift card. Call 555-1234';
    const [scams, contact, sentences, mild] = explainMessage(message, lists);
    expect(scams).toEqual({
      id: 'scams',
      category: 'word',
      rule: 'whole word, case-insensitive',
      previewable: true,
      caught: true,
      hits: [
        { term: 'scam', spans: [{ start: 0, end: 4, text: 'SCAM' }] },
        { term: 'gift card', spans: [{ start: 36, end: 45, text: 'gift card' }] },
      ],
    });
    expect(contact).toMatchObject({ caught: true, hits: [{ term: '\\b\\d{3}-\\d{4}\\b', spans: [{ text: '555-1234' }] }] });
    expect(sentences).toMatchObject({ previewable: false, caught: false, hits: [] });
    expect(sentences!.rule).toMatch(/not previewable offline/);
    expect(mild).toMatchObject({ previewable: true, caught: false, hits: [] });
  });

  test.each([
    ['scammer', false, 'whole words only'],
    ['a scam.', true, 'punctuation is a boundary'],
    ['ｓｃａｍ', true, 'NFKC-folded like the matcher'],
    ['scam_artist', true, '"_" is no letter, so it is a boundary, as in the matcher'],
  ])('%j caught by the word list: %s (%s)', (message, caught) => {
    expect(explainMessage(message, lists)[0]!.caught).toBe(caught);
  });
});

describe('findTerm', () => {
  test('exact and case-folded holdings, with the list\'s own spelling and index', () => {
    expect(findTerm('crypto', lists)).toEqual([{ id: 'scams', category: 'word', holds: [{ term: 'Crypto', index: 2, match: 'case-folded' }] }]);
    expect(findTerm('gift card', lists)).toEqual([{ id: 'scams', category: 'word', holds: [{ term: 'gift card', index: 1, match: 'exact' }] }]);
    expect(findTerm('whats ?app', lists)).toEqual([{ id: 'contact', category: 'pattern', holds: [{ term: 'whats ?app', index: 1, match: 'exact' }] }]);
    expect(findTerm('nowhere', lists)).toEqual([]);
  });
});

describe('renderer', () => {
  test('highlight: brackets without colour, ANSI with it; overlapping spans marked once; control characters shown', () => {
    const spans = [{ start: 0, end: 4, text: '' }, { start: 2, end: 7, text: '' }, { start: 9, end: 10, text: '' }];
    expect(highlight('abcdefg h\ni', spans, false)).toBe('[abcdefg] h[␊]i');
    expect(highlight('abcdefg h', spans.slice(0, 1), true)).toBe('\u001b[1;4;31mabcd\u001b[0mefg h');
  });

  test('provenance lines: merge, squash, straight to the branch, uncommitted, unavailable', () => {
    const commit = { commit: 'a'.repeat(40), date: '2026-11-20T10:00:00Z', subject: 'Add gift card' };
    expect(renderProvenance({ status: 'found', commit, pullRequest: { number: 12, via: 'merge', landedIn: 'b'.repeat(40), landedAt: '2026-11-21T09:00:00Z' } })).toEqual([
      'entered 2026-11-20 in commit aaaaaaaaaa "Add gift card"',
      'through pull request #12 (merged in bbbbbbbbbb on 2026-11-21)',
    ]);
    expect(renderProvenance({ status: 'found', commit, pullRequest: { number: 13, via: 'squash', landedIn: commit.commit, landedAt: commit.date } })[1]).toBe('through pull request #13 (squash-merged)');
    expect(renderProvenance({ status: 'found', commit })[1]).toMatch(/no pull request/);
    expect(renderProvenance({ status: 'uncommitted' })).toEqual(['added in the working tree: not committed yet']);
    expect(renderProvenance({ status: 'unavailable', reason: 'why' })).toEqual(['provenance unavailable: why']);
  });

  test('no list catches it: said plainly; sentence-similarity lists named as not previewable', () => {
    const report: ExplainReport = {
      formatVersion: 1,
      kind: 'message',
      text: 'hello',
      caught: false,
      lists: [
        { id: 'mild', name: 'Mild', file: 'keywords/mild.yaml', category: 'word', rule: 'whole word, case-insensitive', previewable: true, caught: false, terms: [] },
        { id: 's', name: 'S', file: 'keywords/s.yaml', category: 'sentence-similarity', rule: 'x', previewable: false, caught: false, terms: [] },
      ],
      provenanceUnavailable: 'not in a git repository',
    };
    const text = renderExplainText(report, { color: false });
    expect(text).toContain('No list catches this message.');
    expect(text).toContain('Not caught by: mild (word)');
    expect(text).toMatch(/Not previewable offline: s \(sentence-similarity/);
    expect(text).toContain('Provenance: not in a git repository.');
  });
});
