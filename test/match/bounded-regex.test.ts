// The regexes of untrusted lists run in a worker that is stopped from outside: a pattern that
// backtracks without end becomes a located 'timeout' or stop, never a hang. Outcomes only.
import { BoundedRegex } from '../../src/match/bounded-regex.js';
import { compilePatternMatcher } from '../../src/match/pattern-matcher.js';

// Validates clean before this change's analysis; runs for minutes on 30 letters.
const EVIL = '(?:(?:(?:a?){9}){9}){9}b';
const BAD = 'a'.repeat(30);

it('answers as the matcher does', async () => {
  const patterns = ['\\bfoo\\b', 'ba(r|z)', '(?<=x)y', '[unclosed', 'é'];
  const texts = ['foo bar', 'FOO', 'xy', 'nothing', 'É!'];
  const runner = new BoundedRegex([patterns], { deadline: Date.now() + 60_000, maxHeapMb: 32 });
  try {
    const run = await runner.run(texts.map((text) => ({ set: 0, text })));
    const matcher = compilePatternMatcher(patterns);
    expect(run.stopped).toBeUndefined();
    expect(run.results.map((r) => (r === 'timeout' ? r : r.map((i) => patterns[i])))).toEqual(texts.map((t) => matcher.matches(t)));
  } finally {
    runner.close();
  }
});

it('a job past its budget is "timeout"; the jobs after it still run', async () => {
  const runner = new BoundedRegex([['x'], [EVIL, 'a']], { deadline: Date.now() + 60_000, jobBudgetMs: 100, maxHeapMb: 32 });
  try {
    const run = await runner.run([{ set: 0, text: 'x' }, { set: 1, text: BAD }, { set: 1, text: 'ab' }, { set: 1, text: BAD, candidates: [1] }]);
    expect(run).toEqual({ results: [[0], 'timeout', [0, 1], [1]] });
  } finally {
    runner.close();
  }
});

it('past the deadline the run stops, saying which job and pattern were running', async () => {
  const runner = new BoundedRegex([['x'], ['a', EVIL]], { deadline: Date.now() + 3000, maxHeapMb: 32 });
  try {
    const run = await runner.run([{ set: 0, text: 'x' }, { set: 1, text: BAD }, { set: 0, text: 'x' }]);
    expect(run).toEqual({ results: [[0]], stopped: { reason: 'deadline', job: 1, set: 1, pattern: 1 } });
    // Nothing runs after the deadline.
    expect((await runner.run([{ set: 0, text: 'x' }])).stopped).toMatchObject({ reason: 'deadline', job: 0 });
  } finally {
    runner.close();
  }
});

it('past the heap cap the run stops with reason "memory", and the next run starts a new worker', async () => {
  // The texts are copied into the worker's heap: far more than its 8 MB.
  const big = 'x'.repeat(4 * 1024 * 1024);
  const runner = new BoundedRegex([['y']], { deadline: Date.now() + 60_000, maxHeapMb: 8 });
  try {
    const run = await runner.run(Array.from({ length: 8 }, (_, i) => ({ set: 0, text: big + i })));
    expect(run.stopped).toMatchObject({ reason: 'memory', set: 0 });
    expect((await runner.run([{ set: 0, text: 'y' }])).results).toEqual([[0]]);
  } finally {
    runner.close();
  }
});
