// Finding T1-3: a pattern regexpp accepts but the engine refuses is a located pattern-syntax
// error, never an exception.
import { checkPattern, RUNTIME_ECMA_VERSION } from '../../src/validate/rules/patterns.js';

describe('checkPattern never throws', () => {
  it.each(['(?i:abc)', '(?<n>ab)|(?<n>cd)'])('%s: an error this runtime can explain, or nothing if it compiles', (source) => {
    const engineTakes = (() => {
      try {
        new RegExp(source, 'iu');
        return true;
      } catch {
        return false;
      }
    })();
    const found = checkPattern(source);
    if (engineTakes) expect(found.filter((f) => f.severity === 'error')).toEqual([]);
    else expect(found).toMatchObject([{ rule: 'pattern-syntax', severity: 'error' }]);
  });

  it('parses with the syntax this runtime compiles', () => {
    let modifiers = true;
    try {
      new RegExp('(?i:a)', 'u');
    } catch {
      modifiers = false;
    }
    expect(RUNTIME_ECMA_VERSION).toBe(modifiers ? 2025 : 2024);
  });

  it('an engine refusing a pattern regexpp accepted gives pattern-syntax at the pattern', () => {
    const refuse = () => {
      throw new SyntaxError('Invalid regular expression: /ab/iu: Invalid group');
    };
    expect(checkPattern('ab', refuse)).toEqual([
      { index: 0, severity: 'error', rule: 'pattern-syntax', message: 'not supported by the regex engine: Invalid group; rewrite the pattern without it' },
    ]);
  });
});
