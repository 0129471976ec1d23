// Invariant: any mix of the published variants of a rule (the reference flag in any of its three
// spellings, or none; `value` and `message` as string or array; any category; filters absent or
// present; action open; `default` present, absent or null; revisionId text or number) reads as a
// rule, and the normalised rule says what the answer said: the reference is true exactly when a
// spelling says true, every value and message kept in order, nothing invented.
import fc from 'fast-check';
import { readRule, PUBLISHED_DEFAULT_RULE_IDS } from '../../src/api/rules.js';

const NUM_RUNS = Number(process.env.KWSYNC_PROPERTY_RUNS ?? (process.env.KWSYNC_LONG ? 2000 : 200));
const SEED = process.env.KWSYNC_PROPERTY_SEED === undefined ? Date.now() ^ (Math.random() * 0x7fffffff) : Number(process.env.KWSYNC_PROPERTY_SEED);

const FLAGS = ['isKeywordReferencePresent', 'isKeywordsReferencePresent', 'isListReferencePresent'] as const;
const text = fc.constantFrom('profanity-list', 'scam-patterns', 'violence_greaterThan_30', 'Any unsafe content_greaterThan_70', 'paris', 'a,b');
const texts = fc.array(text, { minLength: 1, maxLength: 3 });
const stringOrArray = fc.oneof(text.map((t) => ({ wire: t as string | string[], read: [t] })), texts.map((t) => ({ wire: t as string | string[], read: t })));

const condition = fc.record({
  flags: fc.dictionary(fc.constantFrom(...FLAGS), fc.oneof(fc.boolean(), fc.constant(null)), { maxKeys: 3 }),
  value: stringOrArray,
  message: fc.option(stringOrArray, { nil: undefined }),
  category: fc.constantFrom('word', 'pattern', 'toxicity', 'sentiment', 'sentence-similarity'),
  operand: fc.constantFrom('text', 'image', 'video', 'custom'),
  weight: fc.option(fc.nat(10), { nil: undefined }),
});
const filter = fc.record({ type: fc.constantFrom('sender', 'receiver'), entity: fc.constantFrom('user', 'group'), operand: fc.constantFrom('uid', 'guid', 'role'), operator: fc.constantFrom('equals', 'in'), value: fc.constantFrom('admin', 'g1') });
const rule = fc.record({
  id: fc.constantFrom('block-scams', 'text-profanity-filter', 'email_filter', 'mine'),
  conditions: fc.array(condition, { minLength: 1, maxLength: 4 }),
  filters: fc.option(fc.array(filter, { maxLength: 3 }), { nil: undefined }),
  action: fc.oneof(fc.array(fc.constantFrom('blockMessage', 'dropMessage', 'flagMessage', 'kick'), { minLength: 1, maxLength: 2 }), fc.constant('blockMessage')),
  def: fc.constantFrom<true | false | null | undefined>(true, false, null, undefined),
  revisionId: fc.oneof(fc.constantFrom('h_block-scams_1', 'default_toxicity_1'), fc.nat()),
  enabled: fc.boolean(),
});

test('any mix of published variants reads as one rule that says what the answer said', () => {
  let runs = 0;
  let references = 0;
  let builtIns = 0;
  fc.assert(
    fc.property(rule, (r) => {
      runs += 1;
      const wire = {
        id: r.id,
        name: 'n',
        description: 'd',
        enabled: r.enabled,
        action: r.action,
        active: true,
        revisionId: r.revisionId,
        ...(r.def !== undefined ? { default: r.def } : {}),
        ...(r.filters !== undefined ? { filters: r.filters } : {}),
        conditions: r.conditions.map((c, i) => ({
          id: i + 1,
          entity: 'message',
          operand: c.operand,
          operator: 'contains',
          category: c.category,
          isMediaPresent: c.operand !== 'text',
          ...c.flags,
          value: c.value.wire,
          ...(c.message !== undefined ? { message: c.message.wire } : {}),
          ...(c.weight !== undefined ? { weight: c.weight } : {}),
        })),
      };
      const read = readRule(wire);
      if (!('rule' in read)) throw new Error(`refused: ${read.problems.join('; ')}`);
      const got = read.rule;
      expect(got.id).toBe(r.id);
      expect(got.enabled).toBe(r.enabled);
      expect(got.action).toEqual(typeof r.action === 'string' ? [r.action] : r.action);
      expect(got.revisionId).toBe(String(r.revisionId));
      expect(got.filters).toEqual(r.filters);
      const isDefault = r.def === true || PUBLISHED_DEFAULT_RULE_IDS.has(r.id);
      expect(got.isDefault).toBe(isDefault);
      if (isDefault) builtIns += 1;
      got.conditions.forEach((c, i) => {
        const sent = r.conditions[i]!;
        const isReference = Object.values(sent.flags).some((v) => v === true);
        if (isReference) references += 1;
        expect(c).toEqual({
          id: i + 1,
          entity: 'message',
          operand: sent.operand,
          operator: 'contains',
          category: sent.category,
          isReference,
          isMediaPresent: sent.operand !== 'text',
          value: sent.value.read,
          ...(sent.message !== undefined ? { message: sent.message.read } : {}),
          ...(sent.weight !== undefined ? { weight: sent.weight } : {}),
        });
      });
    }),
    { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true },
  );
  process.stdout.write(`rules-variants property: ${runs} runs, seed ${SEED}: ${references} reference conditions, ${builtIns} built-in rules\n`);
});
