// The meaning checks' pre-test (one character scan, meaningTriggers) never hides a finding: on terms
// made of the characters the rules look at, meaningHints gives exactly what every rule run with its
// gate open gives, and a term the full check flags always has a trigger.
import fc from 'fast-check';
import { allMeaningHints, meaningHints, meaningTriggers } from '../../src/validate/rules/term-meaning.js';
import { propertyRuns } from '../helpers/runs.js';

// Every character a meaning rule reads (separators, bullets, list numbers, quote and Markdown
// markers, dots, dashes, regex syntax, apostrophes, conflict markers, decomposed accents), plus
// plain letters, digits and spaces so that sentences, numbered items and two-word cells form.
const CHARS = ['a', 'b', 'z', 'é', 'e\u0301', '0', '7', ' ', '  ', ',', ', ', ';', '|', '\uff0c', '\u3001', '\u2022', '\u00b7', '\u25aa', '\u2023', '\u25e6', '\u25cf', '>', '<<<<<<<', '=======', '>>>>>>>', '~~', '__', '**', '*', '_', '~', '.', '.*', '.+', ')', '(', '[', ']', '{', '}', '{3}', '\\', '\\b', "'", "'=", '-', '\u2013', '\u2014', '=', '+', '@', 'Ж', '😀', '\t'];
const term = fc.array(fc.constantFrom(...CHARS), { maxLength: 14 }).map((cs) => cs.join(''));
// Long word runs, for word-list-sentence (8 words and more).
const sentence = fc.array(fc.constantFrom('ab', 'cd', 'é', 'x.', '1', 'a,'), { minLength: 6, maxLength: 11 }).map((ws) => ws.join(' '));

test('meaningTriggers never skips a term the full meaning check flags (fast path = gates open)', () => {
  fc.assert(
    fc.property(fc.oneof(term, sentence), fc.constantFrom('word' as const, 'sentence-similarity' as const), fc.boolean(), (t, category, csv) => {
      const full = allMeaningHints(t, category, csv);
      expect(meaningHints(t, category, csv)).toEqual(full);
      if (full.length > 0) expect(meaningTriggers(t, category === 'word', csv)).not.toBe(0);
    }),
    { numRuns: propertyRuns(4000, 20000), seed: 31 },
  );
});

test('the pre-test lets each rule through on a term it flags (examples of the invariant)', () => {
  const flagged: [string, 'word' | 'sentence-similarity', boolean, string][] = [
    ['nitwit, dimwit', 'word', false, 'term-several'],
    ['a, b, c', 'word', true, 'term-several'],
    ['1. scam', 'word', false, 'term-markup'],
    ['free money now.', 'word', false, 'term-markup'],
    ['=======', 'word', false, 'term-merge-conflict'],
    ["'=cmd", 'word', true, 'term-sheet-apostrophe'],
    ['e\u0301cole', 'word', false, 'term-decomposed'],
    ['anti\u2013vax', 'word', false, 'term-typographic-dash'],
    ['send me {3} coins now', 'sentence-similarity', false, 'sentence-regex-syntax'],
    ['one two three four five six seven eight', 'word', false, 'word-list-sentence'],
  ];
  for (const [t, category, csv, rule] of flagged) {
    expect(meaningTriggers(t, category === 'word', csv)).not.toBe(0);
    expect(meaningHints(t, category, csv).map((h) => h.rule)).toContain(rule);
  }
  // A CSV cell with one quoted comma (the bench's one term in seven) does no further work.
  expect(meaningTriggers('w0x7, quoted', true, true)).toBe(0);
  expect(meaningTriggers('word0x1a', true, true)).toBe(0);
});
