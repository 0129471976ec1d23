// An attack on parseCsvTerms's fast path, written from outside (without reading the fast path):
// whatever the text, parseCsvTerms must answer exactly what the reference (csv-parse for every
// file) answers: the same values, the same position for every character of every term (and one
// past its end), the same asciiOnly, the same diagnostics. The generators aim at what a "fast path
// for simple files" is likely to get wrong: a large simple file with one or a few bad lines (first,
// last, anywhere), every line ending (LF, CRLF, lone CR, LF CR, mixed, doubled, at the end or not),
// quotes in every position, separators, blank and whitespace-only lines, BOMs, lone surrogates,
// astral characters, U+2028/U+2029, NUL, NEL, and header-like first lines. When written, none of
// these (nor ~100k more runs of the same generators, every text of up to 6 characters over
// `" , CR LF a space BOM é`, and every text of up to 4 of them put at the start, middle and end of a
// 150-line file) found a difference.
import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { SourceText } from '../../src/load/source-text.js';
import { parseCsvTerms } from '../../src/load/csv-terms.js';
import { referenceParseCsvTerms } from './reference-csv-terms.js';
import { propertyRuns } from '../helpers/runs.js';

type Parsed = ReturnType<typeof parseCsvTerms>;

/** Everything a caller can see of a parse: values, asciiOnly, every position, diagnostics. */
function observe(parsed: Parsed) {
  const t = parsed.terms;
  return {
    diagnostics: parsed.diagnostics,
    terms:
      t === null
        ? null
        : {
            file: t.file,
            values: t.values,
            asciiOnly: t.asciiOnly,
            // Every character of every term, one past the end and one more.
            positions: t.values.map((v, i) => Array.from({ length: v.length + 2 }, (_, index) => t.locate(i, index))),
          },
  };
}

function both(text: string) {
  return {
    actual: observe(parseCsvTerms(new SourceText('lists/t.csv', text))),
    expected: observe(referenceParseCsvTerms(new SourceText('lists/t.csv', text))),
  };
}

function sameAsReference(text: string): void {
  const { actual, expected } = both(text);
  expect(actual).toEqual(expected);
}

/** Like sameAsReference but a plain boolean (node's deep equality: jest's toEqual is far slower on 100k positions). */
function agrees(text: string): boolean {
  const { actual, expected } = both(text);
  return isDeepStrictEqual(actual, expected);
}

// --- pieces -----------------------------------------------------------------------------------

const ENDINGS = ['\n', '\r\n', '\r', '\n\r', '\r\r\n', '\n\n', '\r\n\r\n', '\r\r'];
const ending = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('\n', '\r\n') },
  { weight: 3, arbitrary: fc.constantFrom(...ENDINGS) },
);

/** Characters and short strings a simple-file scanner might mishandle. */
const TROUBLE = [
  '"', '""', '"""', ',', ';', '\t', ' ', '  ', '\r', '\n', '\r\n', '\n\r',
  '\ufeff', '\u2028', '\u2029', '\0', '\u0085', '\u000b', '\u000c', '\u00a0', '\u3000',
  '\ud800', '\udc00', '\udbff\udfff', '\ud83d\ude00', '😀', 'é', 'ß', '\u0301', 'ﬀ',
  "'", '\\', '#', '=', 'sep=,', 'term', 'Term', 'keyword', 'a', 'b', 'x y', '\x7f', '\x1f',
];
const troubleAtom = fc.constantFrom(...TROUBLE);
const plainChar = fc.constantFrom(...'abcxyz019 -_.!?'.split(''));
const plainWord = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'.split('')), minLength: 1, maxLength: 10 });

/** A line a simple file is made of: a word or phrase, sometimes quoted, sometimes padded. */
const simpleLine = fc.oneof(
  { weight: 8, arbitrary: plainWord },
  { weight: 2, arbitrary: fc.tuple(plainWord, plainWord).map(([a, b]) => `${a} ${b}`) },
  { weight: 1, arbitrary: plainWord.map((w) => `"${w}"`) },
  { weight: 1, arbitrary: plainWord.map((w) => `"${w}, ${w}"`) },
  { weight: 1, arbitrary: plainWord.map((w) => `"${w}"" ${w}"`) },
  { weight: 1, arbitrary: plainWord.map((w) => ` ${w} `) },
  { weight: 1, arbitrary: plainWord.map((w) => `${w}.`) },
);

/** A field of a record, written in one of the ways (valid or not) people write fields. */
const fieldText = fc.string({ unit: fc.oneof({ weight: 4, arbitrary: plainChar }, { weight: 1, arbitrary: troubleAtom }), maxLength: 8 });
const pad = fc.constantFrom('', '', '', ' ', '  ', '\t');
const field = fc.oneof(
  { weight: 4, arbitrary: fieldText.map((s) => s.replace(/["\r\n]/g, '')) },
  { weight: 3, arbitrary: fieldText.map((s) => `"${s.replace(/"/g, '""')}"`) },
  // Quoted with padding around it (csv-parse rejects text after a closing quote, but not all of it).
  { weight: 2, arbitrary: fc.tuple(pad, fieldText, pad).map(([l, s, r]) => `${l}"${s.replace(/"/g, '""')}"${r}`) },
  // Raw: quotes left as they are, balanced or not.
  { weight: 1, arbitrary: fieldText },
  { weight: 1, arbitrary: fc.constantFrom('"', '""', '"""', '" "', '"a"b', 'a"b', '"a" b', '"a"  ,', '"\n"', '"\r\n"', '"\r"', '"a\nb"') },
);
const record = fc.array(field, { minLength: 1, maxLength: 4 }).map((fs) => fs.join(','));
const separatedRecord = fc.tuple(fc.array(field, { minLength: 1, maxLength: 4 }), fc.constantFrom(',', ',', ';', '\t', ', ', ' ,')).map(([fs, sep]) => fs.join(sep));

/** Text without quotes that still troubles a scanner: separators, odd spaces, BOMs, surrogates, CR, NUL, NEL. */
const unquotedTrouble = fc.string({ unit: fc.oneof({ weight: 3, arbitrary: plainChar }, { weight: 2, arbitrary: troubleAtom }), minLength: 1, maxLength: 10 }).map((s) => s.replace(/["\n]/g, ''));
/** A valid but unusual line: quoted (doubling quotes), maybe across lines, maybe with text a scanner might misread. */
const validTrickyLine = fc.oneof(
  { weight: 3, arbitrary: unquotedTrouble },
  { weight: 3, arbitrary: fc.string({ unit: fc.oneof(plainChar, troubleAtom), maxLength: 10 }).map((s) => `"${s.replace(/"/g, '""')}"`) },
  { weight: 1, arbitrary: fc.tuple(plainWord, fc.constantFrom(...ENDINGS), plainWord).map(([a, e, b]) => `"${a}${e}${b}"`) },
  { weight: 1, arbitrary: fc.tuple(plainWord, plainWord).map(([a, b]) => `"${a}",${b}`) },
  { weight: 1, arbitrary: fc.tuple(plainWord, plainWord).map(([a, b]) => `${a},"${b}"`) },
  { weight: 1, arbitrary: plainWord.map((w) => `${w},`) },
  { weight: 1, arbitrary: plainWord.map((w) => `,${w}`) },
  { weight: 1, arbitrary: plainWord.map((w) => `""${w}""`) },
  { weight: 1, arbitrary: fc.constantFrom('""', '""""', '","', '"\r"', '" "', ',', ',,', ' ,', '"",""') },
);

/** One trouble line: a valid but unusual line, a bad record, a soup of trouble atoms, blank or whitespace-only. */
const troubleLine = fc.oneof(
  { weight: 5, arbitrary: validTrickyLine },
  { weight: 3, arbitrary: separatedRecord },
  { weight: 2, arbitrary: fc.array(troubleAtom, { minLength: 1, maxLength: 6 }).map((a) => a.join('')) },
  { weight: 2, arbitrary: fc.tuple(plainWord, troubleAtom, plainWord).map(([a, t, b]) => a + t + b) },
  { weight: 1, arbitrary: fc.constantFrom('', ' ', '\t', '  \t ', '\ufeff', '\u00a0', '\u2028', '\u0085', '\0', 'term', '"term"') },
  // A line longer than the 160 characters a diagnostic shows.
  { weight: 1, arbitrary: fc.tuple(plainWord, fc.integer({ min: 150, max: 400 }), troubleAtom).map(([w, n, t]) => w.repeat(Math.ceil(n / w.length)) + t) },
);

const HEADERS = ['term', '"term"', 'Term', 'TERM', ' term', 'term ', 'term,', 'term,notes', '"term",', 'keyword', 'keywords', 'terms', 'search terms', '"search terms"', 'sep=,', 'sep=;', '\ufeffterm', '"\ufeffterm"', 'word', 'phrase;pattern', '#term', ''];
const header = fc.option(fc.constantFrom(...HEADERS), { nil: undefined, freq: 2 });
const bom = fc.constantFrom('', '', '', '\ufeff', '\ufeff\ufeff');
const tail = fc.constantFrom('', '', '\n', '\n', '\r\n', '', '\r\n', '\r', '\n\n', '\r\n\r\n', ' ', '\n ', '\n\t\n', '\ufeff', '\n\ufeff', '"', '\n"');

/** Joins lines with one ending for the whole file, or a different one between any two lines. */
function joinLines(lines: string[], endings: string[], uniform: boolean): string {
  let out = lines[0] ?? '';
  for (let i = 1; i < lines.length; i++) out += (uniform ? endings[0]! : endings[(i - 1) % endings.length]!) + lines[i];
  return out;
}

/** A file assembled from a header, lines and line endings. */
const fileOf = (lines: fc.Arbitrary<string[]>) =>
  fc
    .record({
      bom,
      header,
      lines,
      endings: fc.array(ending, { minLength: 1, maxLength: 7 }),
      uniform: fc.constantFrom(true, true, true, false),
      tail,
    })
    .map(({ bom, header, lines, endings, uniform, tail }) => bom + joinLines(header === undefined ? lines : [header, ...lines], endings, uniform) + tail);

/** How many lines: a few, hundreds or thousands (fc.array alone would keep most arrays short). */
const lineCount = (min: number, max: number) =>
  fc.oneof(fc.integer({ min, max: Math.min(max, min + 20) }), fc.integer({ min, max: Math.min(max, 500) }), fc.integer({ min, max }));

/** Many simple lines, with up to `k` trouble lines put in at random places (often first or last). */
const bigFileLines = (min: number, max: number, k: number) =>
  fc
    .tuple(
      lineCount(min, max).chain((n) => fc.array(simpleLine, { minLength: n, maxLength: n })),
      fc.array(fc.tuple(troubleLine, fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true }))), { minLength: 1, maxLength: k }),
    )
    .map(([lines, trouble]) => {
      const out = [...lines];
      for (const [line, at] of trouble) out.splice(Math.round(at * out.length), 0, line);
      return out;
    });

/** A simple file with a few trouble atoms spliced in at arbitrary character offsets (mid-word, mid-ending). */
const splicedFile = fc
  .tuple(
    fileOf(lineCount(1, 400).chain((n) => fc.array(simpleLine, { minLength: n, maxLength: n }))),
    fc.array(fc.tuple(fc.oneof(troubleAtom, fc.constantFrom(...ENDINGS)), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 1, maxLength: 3 }),
  )
  .map(([text, edits]) => {
    let out = text;
    for (const [atom, at] of edits) {
      const i = Math.round(at * out.length);
      out = out.slice(0, i) + atom + out.slice(i);
    }
    return out;
  });

// --- properties -------------------------------------------------------------------------------

describe('parseCsvTerms answers what csv-parse answers, for generated texts', () => {
  it('a soup of trouble atoms, short', () => {
    const soup = fc.tuple(bom, fc.array(fc.oneof(troubleAtom, plainChar, fc.constantFrom(...ENDINGS)), { maxLength: 40 })).map(([b, a]) => b + a.join(''));
    fc.assert(fc.property(soup, agrees), { numRuns: propertyRuns(800, 10000) });
  });

  it('records of quoted, unquoted, padded and broken fields, with headers and every line ending', () => {
    fc.assert(fc.property(fileOf(fc.array(fc.oneof(record, separatedRecord, simpleLine, troubleLine), { maxLength: 12 })), agrees), { numRuns: propertyRuns(800, 10000) });
  });

  // Up to ~5 s on a quiet machine, more under the suite's load: a deadline of its own.
  it('large simple files with one to three trouble lines anywhere (texts of up to 3000 lines)', () => {
    fc.assert(fc.property(fileOf(bigFileLines(50, 3000, 3)), agrees), { numRuns: propertyRuns(60, 750) });
  }, 60_000);

  it('medium simple files, one trouble line, a single ending kind per file', () => {
    const file = fc
      .record({ bom, header, lines: bigFileLines(1, 200, 1), eol: fc.constantFrom(...ENDINGS), tail })
      .map(({ bom, header, lines, eol, tail }) => bom + (header === undefined ? lines : [header, ...lines]).join(eol) + tail);
    fc.assert(fc.property(file, agrees), { numRuns: propertyRuns(400, 5000) });
  });

  it('simple files with trouble spliced in at any character offset', () => {
    fc.assert(fc.property(splicedFile, agrees), { numRuns: propertyRuns(600, 7500) });
  }, 60_000);

  it('huge simple files (10k-20k lines, 0.1-0.2 MB) with one or two trouble lines, often near the end (8 texts)', () => {
    const huge = fc
      .tuple(
        fc.integer({ min: 10_000, max: 20_000 }),
        fc.array(fc.tuple(troubleLine, fc.oneof(fc.constant(1), fc.double({ min: 0.9, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))), { minLength: 1, maxLength: 2 }),
        fc.constantFrom('\n', '\r\n', '\r'),
        header,
        tail,
      )
      .map(([n, trouble, eol, head, end]) => {
        const lines = Array.from({ length: n }, (_, i) => (i % 11 === 3 ? `"term ${i}, quoted"` : `term${i}`));
        for (const [line, at] of trouble) lines.splice(Math.round(at * lines.length), 0, line);
        return (head === undefined ? lines : [head, ...lines]).join(eol) + end;
      });
    fc.assert(fc.property(huge, agrees), { numRuns: 8 });
  }, 60_000);

  it('several files in a row, in case one parse leaves state behind for the next (a /g regex, a cache)', () => {
    const anyFile = fc.oneof(splicedFile, fileOf(bigFileLines(1, 300, 2)), fileOf(fc.array(fc.oneof(record, separatedRecord, simpleLine, troubleLine), { maxLength: 12 })));
    fc.assert(fc.property(fc.array(anyFile, { minLength: 2, maxLength: 5 }), (files) => files.every(agrees)), { numRuns: propertyRuns(120, 1500) });
  });

  // The texts tried by hand while writing the generators (none differed), kept for their readable diffs.
  const HAND_PICKED = [
    '', '\r', '\n', '\r\n', '\n\r', '\r\r\n', '\n\n', 'a\rb', 'a\rb\n', 'a\rb\rc\n', 'a\rb\r\n', 'a\r\r\r', 'a\nb\r', 'a\nb\r\r',
    'a\r\n\rb\n', 'a\r\nb\rc\n', '"a" ,b\n', '"a" \n', '"a"\t\n', '"a"\r', 'a\n"b"\r', 'a\n"b"\r\r\n', '"a\rb"\rc', '"a\r\nb"\rc', '"\r"',
    '"a"\r"b"', 'a,"b\rc"\rd', 'a\n"b\nc"\n', '"a\r\nb"\r\nc\r\n', 'a,"x\ny"\nb\n', '"x\ny",a\nb\n', 'a\n,"x\n\ny"\nb\n', '"a""\n',
    '""""\n', '"a""b"\n', 'a"\n', 'a""b\n', '"\n"\n', 'a\n"\n', 'a\n"b', '"a"\n""', 'a\n"""b"\n', '  "a"\n', 'a\n "b"\n', 'x"\r\ny\n',
    '\ufeffterm\na\n', '\ufeff"a"\n', '\ufeff\ufeffa\n', 'a\n\ufeffb\n', 'a\n\ufeff"b"\n', '\ufeffterm\rb', 'term\rb\rc', 'sep=,\na\n',
    'a\u2028b\n', '"a\u2029b"\nc', 'a\u0085b', 'a\n\0\n', 'a\n\u00a0\n', 'a\n \n', 'a\n\ud800\n', '"\udc00"\n', '\ud83d\n\ude00\n',
    'a\ud83d\r\n\ude00', 'a,é\n', 'é,a\n', 'term\na\n"é"\n', 'a;b\nc\td\n', 'a,\n',
  ];
  it.each(HAND_PICKED.map((t) => [JSON.stringify(t), t]))('hand-picked %s', (_shown, text) => sameAsReference(text));

  it('a clean large file agrees too (the fast path itself)', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => (i % 7 === 0 ? `"term ${i}, with comma"` : `term${i}`));
    expect(agrees(['term', ...lines].join('\n') + '\n')).toBe(true);
    expect(agrees(lines.join('\r\n'))).toBe(true);
    expect(agrees(lines.join('\r'))).toBe(true);
  });
});
