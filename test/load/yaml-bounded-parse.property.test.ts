// The nesting bound is gauged on the tokens the parser reads (parseBounded) instead of in a lexer
// pass of its own. Invariant: on any text, parseBounded refuses exactly where tooDeepAt says, and
// otherwise gives the document parseDocument gives (value, errors, warnings, ranges), so nothing a
// list file reports moves. Texts are drawn to pass the openers pre-check: pattern lists full of
// character classes, nested flow collections near and past the bound, several documents, garbage.
import fc from 'fast-check';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { MAX_YAML_DEPTH, tooDeepAt } from '../../src/load/yaml-depth.js';
import { parseBounded } from '../../src/load/yaml-file.js';
import { propertyRuns } from '../helpers/runs.js';

const PIECES = ['[', ']', '{', '}', '[a]', "'[x]'", '"{y}"', '# [[\n', 'a: ', '- ', '- - ', ', ', '\n', '\n  ', 'b', '---\n', '"', "'", ': ', '?', '&a ', '*a', '!!str '];
const noise = fc.array(fc.constantFrom(...PIECES), { maxLength: 60 }).map((ps) => ps.join(''));
const patternList = fc
  .array(fc.constantFrom("'\\b(?:p1)[ .-]?\\d{3,10}\\b'", "'[a-z]{2}'", '"[0-9]{4}"', "'x{1,3}'", '[a, b]'), { minLength: 65, maxLength: 90 })
  .map((ps) => `id: p\ncategory: pattern\nsearchTerms:\n${ps.map((p) => `  - ${p}`).join('\n')}\n`);
const nested = fc.tuple(fc.integer({ min: MAX_YAML_DEPTH - 2, max: MAX_YAML_DEPTH + 3 }), fc.constantFrom('[', '{a: ', '- '), fc.boolean()).map(([n, open, close]) => {
  const inner = `a: ${open.repeat(n)}x`;
  return `${inner}${close ? (open === '[' ? ']' : open === '{a: ' ? '}' : '').repeat(n) : ''}\n`;
});
// At least 65 openers, so that parseBounded takes the gauged path, not parseDocument alone.
const text = fc.tuple(fc.oneof(noise, patternList, nested), fc.constantFrom('', `# ${'['.repeat(70)}\n`, `c: '${'{'.repeat(70)}'\n`)).map(([a, b]) => b + a);

function reference(t: string) {
  const deep = tooDeepAt(t);
  if (deep !== undefined) return { deep };
  const doc = parseDocument(t, { lineCounter: new LineCounter(), uniqueKeys: false, prettyErrors: false });
  return { doc };
}

const shape = (doc: Document) => {
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100, mapAsMap: true }); // Maps: collection keys compare as they are, without yaml's warning
  } catch (err) {
    value = `throws ${(err as Error).message}`;
  }
  return { value, range: doc.range, errors: doc.errors.map((e) => [e.code, e.pos, e.message]), warnings: doc.warnings.map((e) => [e.code, e.pos, e.message]) };
};

test('parseBounded refuses where tooDeepAt does, and else gives parseDocument\'s document', () => {
  fc.assert(
    fc.property(text, (t) => {
      const got = parseBounded(t, new LineCounter());
      const ref = reference(t);
      if ('deep' in ref) {
        expect(got).toEqual({ deep: ref.deep });
        return;
      }
      expect('doc' in got).toBe(true);
      if ('doc' in got) expect(shape(got.doc)).toEqual(shape(ref.doc!));
    }),
    { numRuns: propertyRuns(500, 5000), seed: 3133 },
  );
});

test('the line counter sees the same line starts as parseDocument\'s', () => {
  const t = `id: p\nsearchTerms:\n${Array.from({ length: 80 }, (_, i) => `  - '[${i}]'`).join('\n')}\n`;
  const mine = new LineCounter();
  const theirs = new LineCounter();
  parseBounded(t, mine);
  parseDocument(t, { lineCounter: theirs });
  expect(mine.lineStarts).toEqual(theirs.lineStarts);
});
