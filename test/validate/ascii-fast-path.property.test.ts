// The all-ASCII fast path of the look-alike checks is a shortcut, never a different answer:
// - a CSV's `asciiOnly` is true only when every one of its terms is ASCII (soundness), and true for
//   any CSV whose text is ASCII (the fast path is taken);
// - checkConfusables gives the same findings with and without the flag, over generated folders of
//   ASCII words, look-alike letters (Cyrillic, Greek, fullwidth), other scripts and invisible characters.
import fc from 'fast-check';
import { parseCsvTerms } from '../../src/load/csv-terms.js';
import { SourceText } from '../../src/load/source-text.js';
import type { TermsSource } from '../../src/load/terms-source.js';
import { checkConfusables } from '../../src/validate/confusables.js';
import type { PlacedList } from '../../src/validate/rules/repo.js';

const ASCII = /^[\u0000-\u007f]*$/;
const letter = fc.constantFrom('a', 'c', 'e', 'o', 'p', 's', 'x', 'm', '0', ' ', '-', '\u0441', '\u0430', '\u03bf', '\uff53', '\u0131', '\u200b', '\u00e9', '\u65e5', 'é');
const term = fc.array(letter, { minLength: 1, maxLength: 8 }).map((cs) => cs.join('').trim()).filter((t) => t !== '' && t !== 'term');
const csvText = fc.array(term, { minLength: 1, maxLength: 12 }).map((ts) => `term\n${ts.map((t) => (/[",\n]/.test(t) ? `"${t.replace(/"/g, '""')}"` : t)).join('\n')}\n`);

const seed = Number(process.env.FC_SEED ?? Date.now() % 1_000_000);
const numRuns = Number(process.env.FC_RUNS ?? 200);

test(`a CSV is asciiOnly only when every term is ASCII, and always when its text is (seed ${seed})`, () => {
  fc.assert(
    fc.property(csvText, (text) => {
      const { terms } = parseCsvTerms(new SourceText('keywords/a.csv', text));
      if (!terms) return;
      if (terms.asciiOnly) expect(terms.values.every((t) => ASCII.test(t))).toBe(true);
      expect(terms.asciiOnly).toBe(ASCII.test(text));
    }),
    { seed, numRuns },
  );
});

test(`checkConfusables finds the same with and without the asciiOnly shortcut (seed ${seed})`, async () => {
  let warnedRuns = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(csvText, { minLength: 1, maxLength: 3 }), async (texts) => {
      const lists = texts.map((text, i) => parseCsvTerms(new SourceText(`keywords/l${i}.csv`, text)).terms).filter((t): t is TermsSource => t !== null);
      const placed = (withFlag: boolean) => lists.map((t) => ({ terms: withFlag ? t : { ...t, asciiOnly: undefined } }) as unknown as PlacedList);
      const fast = await checkConfusables(placed(true));
      const slow = await checkConfusables(placed(false));
      expect(fast).toEqual(slow);
      if (fast.length > 0) warnedRuns++;
    }),
    { seed, numRuns: Math.max(20, numRuns >> 2) },
  );
  // The generator reaches folders that are warned, so the equality above compares findings, not two empty lists.
  expect(warnedRuns).toBeGreaterThan(0);
});

test('an all-ASCII folder is answered without the look-alike data: nothing to warn', async () => {
  const { terms } = parseCsvTerms(new SourceText('keywords/a.csv', 'term\nscam\nsc4m\nl00k\n'));
  expect(terms?.asciiOnly).toBe(true);
  expect(await checkConfusables([{ terms } as unknown as PlacedList])).toEqual([]);
});
