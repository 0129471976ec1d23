// The nesting bound's invariant, from outside: whatever openers a text chains (flow `[` and `{`,
// block `- ` and `? ` at a line's start or after `key: `, keys on one line or across lines, anchors,
// tags), a document parseBounded lets through is never nested much deeper than the bound: composing
// is what takes the time and memory (3 MB of `[`, of `key: - - -` or of `k: k: k:`: seconds and up
// to ~1 GB). The gauge counts levels as the lexer shows them and the parser's stack what it opens;
// yaml can still nest a few block items more than either shows (118 seen for a bound of 64), so the
// invariant is twice the bound. This generator found three holes the examples had not: keys chained
// on a line, keys nested across lines after a syntax error, and block items inside an open flow
// collection carried from line to line.
import fc from 'fast-check';
import { isMap, isPair, isSeq, LineCounter, type Node } from 'yaml';
import { MAX_YAML_DEPTH } from '../../src/load/yaml-depth.js';
import { parseBounded } from '../../src/load/yaml-file.js';

/** The deepest collection in a composed document (iterative: a deep one must not overflow the test's stack). */
function depth(root: unknown): number {
  let max = 0;
  const stack: { node: unknown; d: number }[] = [{ node: root, d: 0 }];
  while (stack.length > 0) {
    const { node, d } = stack.pop()!;
    if (isPair(node)) {
      stack.push({ node: node.key, d }, { node: node.value, d });
    } else if (isMap(node) || isSeq(node)) {
      max = Math.max(max, d + 1);
      for (const item of (node as { items: Node[] }).items) stack.push({ node: item, d: d + 1 });
    }
  }
  return max;
}

const OPENERS = ['- ', '[', '{', '{a: ', 'k: ', '? ', '&x ', '!!seq ', '  ', '\n', '\n  ', '\n- ', 'k:\n  ', 'x, '];
const chain = fc
  .tuple(fc.constantFrom('', 'a: ', 'searchTerms: ', '- ', '? '), fc.array(fc.constantFrom(...OPENERS), { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 300 }), fc.constantFrom('x', 'x\n', ''))
  .map(([head, unit, n, tail]) => head + unit.join('').repeat(Math.ceil(n / unit.length)) + tail);
const mixed = fc.array(fc.constantFrom(...OPENERS, 'x', ']', '}', ': '), { minLength: 60, maxLength: 600 }).map((ps) => ps.join(''));

it('a document parseBounded lets through is nested at most twice the bound (and a few levels)', () => {
  let refused = 0;
  let deepest = 0;
  fc.assert(
    fc.property(fc.oneof(chain, mixed), (text) => {
      const parsed = parseBounded(text, new LineCounter());
      if ('deep' in parsed) {
        refused++;
        return true;
      }
      const d = depth(parsed.doc.contents);
      deepest = Math.max(deepest, d);
      return d <= 2 * MAX_YAML_DEPTH + 4;
    }),
    { numRuns: 1500, seed: 3234 },
  );
  console.log(`yaml depth bound: 1500 runs, seed 3234: ${refused} refused, deepest let through ${deepest}`);
  expect(refused).toBeGreaterThan(100);
});
