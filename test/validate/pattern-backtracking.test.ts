// Nested small bounded repeats (each under 10, so the old rule let them through) are priced by
// their paths and refused with the reason; a rewrite is offered only when it passes every check.
import { checkPattern } from '../../src/validate/rules/patterns.js';
import { MAX_PATHS, pathCount } from '../../src/validate/rules/pattern-backtracking.js';
import { RegExpParser } from '@eslint-community/regexpp';

const errors = (source: string) => checkPattern(source).filter((f) => f.severity === 'error');
const parse = (source: string) => new RegExpParser({ ecmaVersion: 2024 }).parsePattern(source, 0, source.length, { unicode: true });

describe('nested small repeats', () => {
  it.each([
    ['(?:(?:(?:a?){9}){9}){9}b', 3],
    ['(?:(?:.{0,9}){0,9}){0,9}!', 3],
    ['x(?:a{1,9}){1,9}y', 1],
    ['(?:(?:\\d{1,3}){1,3}){1,9}-', 0],
  ])('%s is refused, located at the repeat inside a repeat, with the reason and no rewrite', (source, index) => {
    const found = errors(source);
    expect(found).toEqual([expect.objectContaining({ rule: 'pattern-exponential-backtracking', index })]);
    expect(found[0]!.message).toMatch(/these nested repeats can split the same run of .* in (about|more than) \S+ ways/);
    expect(found[0]!.message).toContain('no rewrite is suggested');
  });

  it.each(['\\d{3}-\\d{4}', '\\d{1,5}\\d{1,5}', '(?:[a-z0-9]{1,9}\\.){1,4}[a-z]{2,6}', 'b(?:a?){9}c', '(?:a{1,20}){2}', '\\bcash\\s?app\\b'])('%s is not refused', (source) => {
    expect(errors(source)).toEqual([]);
  });

  it('paths multiply through nesting and add across alternatives', () => {
    expect(pathCount(parse('a{0,9}'))).toBe(10);
    expect(pathCount(parse('(?:a?){9}'))).toBe(512);
    expect(pathCount(parse('(?:a|b|c)d{1,2}'))).toBe(6);
    expect(pathCount(parse('(?:(?:a?){9}){9}'))).toBeGreaterThan(MAX_PATHS);
  });
});

describe('a fix is offered only when it passes the same checks', () => {
  const catastrophic = ['ab\\s{0,50}\\s{0,50}x', '(?:a{1,20}){1,20}b', '(a|a){1,20}x', '(?:a{10,20}){10,20}b', 'x\\w{1,30}(?:\\w{1,30}){1,9}y', '(?:\\d{1,12}-?){1,12}$'];

  it.each(catastrophic)('%s: any suggested pattern validates clean', (source) => {
    const found = errors(source);
    expect(found.length).toBeGreaterThan(0);
    for (const f of found) {
      const fix = /e\.g\. `([^`]+)`/.exec(f.message)?.[1];
      if (fix !== undefined) expect(errors(fix)).toEqual([]);
    }
  });

  it('the issue\'s case: "lower their bounds below 10" is not offered when the lowered pattern is itself refused', () => {
    const [found] = errors('(?:a{1,20}){1,20}b');
    expect(found!.message).not.toContain('e.g.');
    expect(found!.message).toContain('lowering the bounds below 10 would not make it safe');
  });

  it('a lowering that does pass is offered, re-checked', () => {
    const [found] = errors('ab\\s{0,50}\\s{0,50}x');
    expect(found!.message).toContain('e.g. `ab\\s{0,9}\\s{0,9}x` (that pattern passes these checks)');
    expect(errors('ab\\s{0,9}\\s{0,9}x')).toEqual([]);
  });
});
