// Issue 27 item 4: `validate.rules` names known rule ids only, at any level. Invariants: a key that
// is not a rule kwsync reports is refused whatever its level (a typo would silently leave the rule
// where it was, and its text reaches a CAUTION line); a one-letter slip of a real id is answered
// with that id; every id kwsync reports is known (a new rule cannot be forgotten in the list).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { configSchema, RULE_LEVELS } from '../../src/model/config.js';
import { KNOWN_RULE_IDS, ruleLevelProblems } from '../../src/validate/rule-levels.js';

const levels = (rules: Record<string, string>) => configSchema.parse({ validate: { rules } }).validate;
const kebab = fc.array(fc.stringMatching(/^[a-z][a-z0-9]{0,7}$/), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('-'));
const unknownId = kebab.filter((id) => !KNOWN_RULE_IDS.includes(id));

describe('validate.rules: unknown rule ids', () => {
  it('a generated id kwsync does not report is refused at every level (off, warning, error)', () => {
    fc.assert(
      fc.property(unknownId, fc.constantFrom(...RULE_LEVELS), (id, level) => {
        const problems = ruleLevelProblems(levels({ [id]: level }));
        expect(problems).toHaveLength(1);
        expect(problems[0]!.rule).toBe(id);
        expect(problems[0]!.message).toContain(`${id} is not a rule kwsync reports`);
      }),
      { numRuns: 300, seed: 27 },
    );
  });

  it('a known id with one letter dropped is answered with "did you mean" that id, at every level', () => {
    fc.assert(
      fc.property(fc.constantFrom(...KNOWN_RULE_IDS.filter((id) => id.length >= 10)), fc.nat(), fc.constantFrom(...RULE_LEVELS), (id, at, level) => {
        const i = 1 + (at % (id.length - 2));
        const typo = id.slice(0, i) + id.slice(i + 1);
        fc.pre(!KNOWN_RULE_IDS.includes(typo) && /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/.test(typo));
        const [problem] = ruleLevelProblems(levels({ [typo]: level }));
        expect(problem?.message).toMatch(/did you mean [a-z0-9-]+\?/);
        // The suggestion is a known id at distance 1 (the one dropped from, or an equally close one).
        const suggested = /did you mean ([a-z0-9-]+)\?/.exec(problem!.message)![1]!;
        expect(KNOWN_RULE_IDS).toContain(suggested);
      }),
      { numRuns: 200, seed: 2727 },
    );
  });

  it('every known id may be raised to error', () => {
    for (const id of KNOWN_RULE_IDS) expect(ruleLevelProblems(levels({ [id]: 'error' }))).toEqual([]);
  });

  it('every rule id written in src/ is known (a new rule must join the list)', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.ts')) files.push(p);
      }
    };
    walk('src');
    const seen = new Set<string>();
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      for (const m of text.matchAll(/rule: '([a-z0-9-]+)'/g)) seen.add(m[1]!);
      for (const m of text.matchAll(/'(?:error|warning)',\s*'([a-z0-9-]+)'/g)) if (m[1] !== 'warning' && m[1] !== 'error') seen.add(m[1]!);
    }
    expect(seen.size).toBeGreaterThan(50);
    expect([...seen].filter((id) => !KNOWN_RULE_IDS.includes(id))).toEqual([]);
  });
});
