// The rule file text import writes: list conditions as `- list: id`, others raw; unsafe ids refused.
import { importableRuleId, ruleFileFor } from '../../src/import/index.js';
import type { LiveRule } from '../../src/model/moderation-rule.js';

const base: LiveRule = { id: 'r', name: 'R', description: '', enabled: true, action: ['blockMessage'], conditions: [], isDefault: false };
const listCond = { entity: 'message', operand: 'text', operator: 'contains', category: 'word', isReference: true, value: ['scam-words'] };

test('a list condition whose category is the list own is written as - list: id; otherwise raw', () => {
  expect(ruleFileFor({ ...base, conditions: [listCond] }, () => 'word').text).toBe('id: r\nname: R\nenabled: true\naction: [blockMessage]\nconditions:\n  - list: scam-words\n');
  const raw = ruleFileFor({ ...base, conditions: [{ ...listCond, category: 'pattern' }] }, () => 'word').text;
  expect(raw).toContain('isKeywordReferencePresent: true');
  expect(raw).toContain('value: scam-words');
});

test('ids that cannot name a file are refused', () => {
  expect(importableRuleId('block-scams_1')).toBe(true);
  for (const id of ['../x', 'a/b', '', 'a b', 'x'.repeat(101), '.hidden']) expect(importableRuleId(id)).toBe(false);
});
