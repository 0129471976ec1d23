// The pure rules behind POST/PUT: term splitting and the unbounded-pattern check, table-driven.
import { splitCsvFile, splitSearchTerms, unboundedPatternProblem, listProblems } from '../../src/emulator/keyword-rules.js';

test.each([
  ['a,b', ['a', 'b']],
  [' a , b ,, ', ['a', 'b']],
  ['', []],
  ['"quoted"', ['"quoted"']],
])('splitSearchTerms(%j)', (input, expected) => {
  expect(splitSearchTerms(input)).toEqual(expected);
});

test.each([
  ['a\nb', ['a', 'b']],
  ['a\r\nb\r\n', ['a', 'b']],
  ['\uFEFFa\n\n  \n b ', ['a', 'b']],
  ['"a","b"\n', ['"a","b"']],
])('splitCsvFile(%j)', (input, expected) => {
  expect(splitCsvFile(Buffer.from(input))).toEqual(expected);
});

test.each([
  ['.*', true],
  ['.+', true],
  ['a*', true],
  ['(a+)+', true],
  ['\\d{10,}', true],
  ['x{0,}', true],
  ['\\d{3,10}', false],
  ['colou?r', false],
  ['\\+\\d{1,3}', false],
  ['[*+]', false],
  ['\\*', false],
])('unboundedPatternProblem(%j) refuses: %s', (pattern, refused) => {
  expect(unboundedPatternProblem(pattern) !== undefined).toBe(refused);
});

test('listProblems collects every problem, not the first', () => {
  const problems = listProblems({ id: 'bad id', name: 'n'.repeat(101), category: 'nope' }, ['t'.repeat(101)]);
  expect(problems).toHaveLength(4);
});
