// Issue 39 items 3, 4, 10: rule files (keywords/rules/*.yaml) are read as rules, never as lists;
// a condition naming a list that is neither a list file nor a default list is an error at its line
// naming the rule and the file, with "did you mean"; a list's keys under rules/ and a rule's keys
// elsewhere get one clear error; unknown actions warn naming the published ones; limits hold.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ruleFileJsonSchema } from '../../src/model/moderation-rule.js';
import { validateRepo } from '../../src/validate/index.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kwsync-rules-'));
  mkdirSync(join(dir, 'keywords', 'rules'), { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string) => writeFileSync(join(dir, 'keywords', name), text);
const validate = () => validateRepo({ dir: 'keywords', cwd: dir });
const scams = 'id: scam-words\nname: Scams\ncategory: word\nsearchTerms: [free crypto]\n';

describe('rule files', () => {
  it('a valid rule with a list condition and a raw one loads as a rule, not a list', async () => {
    write('scam-words.yaml', scams);
    write('rules/block-scams.yaml', 'id: block-scams\nname: Block scams\naction: [blockMessage]\nconditions:\n  - list: scam-words\n  - entity: message\n    operand: text\n    operator: contains\n    category: word\n    isKeywordsReferencePresent: true\n    value: profanity-list\n');
    const v = await validate();
    expect(v.diagnostics).toEqual([]);
    expect(v.lists.map((l) => l.id)).toEqual(['scam-words']);
    expect(v.rulesManaged).toBe(true);
    expect(v.rules).toEqual([
      {
        id: 'block-scams',
        name: 'Block scams',
        description: '',
        enabled: true,
        action: ['blockMessage'],
        conditions: [{ list: 'scam-words' }, { entity: 'message', operand: 'text', operator: 'contains', category: 'word', isReference: true, value: ['profanity-list'] }],
        filters: [],
        source: { file: 'keywords/rules/block-scams.yaml', lines: { id: 1, action: 3, conditions: [5, 6] } },
      },
    ]);
  });

  it('a raw condition outside the published enums is a warning at its key, and the rule is still loaded', async () => {
    write('rules/odd.yaml', 'id: odd\nname: Odd\naction: [blockMessage]\nconditions:\n  - entity: message\n    operand: audio\n    operator: regex\n    category: toxicity\n    value: x\n');
    const v = await validate();
    expect(v.diagnostics.map((d) => [d.rule, d.severity, d.line])).toEqual([
      ['rule-condition-unpublished', 'warning', 6],
      ['rule-condition-unpublished', 'warning', 7],
      ['rule-condition-unpublished', 'warning', 8],
    ]);
    expect(v.diagnostics[0]!.message).toContain('"conditions.0.operand" is "audio", which the published request schema does not list (text, image, video, custom)');
    expect(v.rules?.map((r) => r.id)).toEqual(['odd']);
  });

  it('a folder without rules/ does not manage rules', async () => {
    rmSync(join(dir, 'keywords', 'rules'), { recursive: true });
    write('scam-words.yaml', scams);
    const v = await validate();
    expect(v.rulesManaged).toBeUndefined();
    expect(v.rules).toBeUndefined();
  });

  it('a condition naming an unknown list is an error at its line naming the rule, the file and a near miss', async () => {
    write('scam-words.yaml', scams);
    write('rules/r.yaml', 'id: block-scams\nname: Block scams\naction: [blockMessage]\nconditions:\n  - list: scam-word\n');
    const v = await validate();
    expect(v.errorCount).toBe(1);
    expect(v.diagnostics[0]).toMatchObject({ file: 'keywords/rules/r.yaml', line: 5, column: 11, rule: 'rule-unknown-list' });
    expect(v.diagnostics[0]!.message).toContain('rule "block-scams" (keywords/rules/r.yaml) references keyword list "scam-word"');
    expect(v.diagnostics[0]!.message).toContain('did you mean "scam-words"?');
  });

  it('the published default list may be referenced without a file', async () => {
    write('rules/r.yaml', 'id: p\nname: P\naction: [blockMessage]\nconditions:\n  - list: profanity-list\n');
    expect((await validate()).diagnostics).toEqual([]);
  });

  it('an unknown action is a warning naming the published ones; an empty action an error', async () => {
    write('scam-words.yaml', scams);
    write('rules/a.yaml', 'id: a\nname: A\naction: [blockMesage, kick]\nconditions:\n  - list: scam-words\n');
    write('rules/b.yaml', 'id: b\nname: B\naction: []\nconditions:\n  - list: scam-words\n');
    const v = await validate();
    expect(v.diagnostics.map((d) => [d.file, d.line, d.severity, d.rule])).toEqual([
      ['keywords/rules/a.yaml', 3, 'warning', 'rule-action-unknown'],
      ['keywords/rules/a.yaml', 3, 'warning', 'rule-action-unknown'],
      ['keywords/rules/b.yaml', 3, 'error', 'rule-action-empty'],
    ]);
    expect(v.diagnostics[0]!.message).toContain('did you mean "blockMessage"?');
    expect(v.diagnostics[1]!.message).toContain('blockMessage, dropMessage');
  });

  it('a list file under rules/ and a rule file outside it each get one error saying where it goes', async () => {
    write('rules/scam-words.yaml', scams);
    write('block.yaml', 'id: block\nname: Block\naction: [blockMessage]\nconditions:\n  - list: scam-words\n');
    const v = await validate();
    const rules = v.diagnostics.map((d) => [d.file, d.rule]);
    expect(rules).toEqual([
      ['keywords/block.yaml', 'list-file-is-rule'],
      ['keywords/rules/scam-words.yaml', 'rule-file-is-list'],
    ]);
    expect(v.diagnostics[0]!.message).toContain('Move it to keywords/rules/block.yaml');
    expect(v.diagnostics[1]!.message).toContain('move it out of rules/ (e.g. keywords/scam-words.yaml)');
  });

  it('unknown keys get a did-you-mean; published limits are errors', async () => {
    write('scam-words.yaml', scams);
    const many = Array.from({ length: 11 }, () => '  - list: scam-words').join('\n');
    write('rules/a.yaml', `id: a b\nname: ${'n'.repeat(101)}\naction: [blockMessage]\nconditons: []\nconditions:\n${many}\n`);
    write('rules/b.yaml', 'id: b\nname: B\naction: [blockMessage]\nconditions:\n  - lst: scam-words\n');
    const v = await validate();
    const got = v.diagnostics.map((d) => `${d.file}:${d.line} ${d.rule}: ${d.message}`);
    expect(got.some((l) => l.startsWith('keywords/rules/a.yaml:4 unknown-key') && l.includes('did you mean "conditions"?'))).toBe(true);
    expect(got.some((l) => l.startsWith('keywords/rules/b.yaml:5 unknown-key') && l.includes('did you mean "list"?'))).toBe(true);
    const a = await (async () => {
      write('rules/a.yaml', `id: a b\nname: ${'n'.repeat(101)}\naction: [blockMessage]\nconditions:\n${many}\n`);
      return (await validate()).diagnostics.filter((d) => d.file === 'keywords/rules/a.yaml').map((d) => d.rule);
    })();
    expect(a).toEqual(['rule-id-invalid', 'rule-limit', 'rule-limit']);
  });

  it('two rule files with one id are an error at the second', async () => {
    write('scam-words.yaml', scams);
    write('rules/a.yaml', 'id: same\nname: A\naction: [blockMessage]\nconditions:\n  - list: scam-words\n');
    write('rules/b.yaml', 'id: same\nname: B\naction: [blockMessage]\nconditions:\n  - list: scam-words\n');
    const v = await validate();
    expect(v.diagnostics.map((d) => [d.file, d.rule])).toEqual([['keywords/rules/b.yaml', 'rule-duplicate-id']]);
  });

  it('the JSON Schema holds the published limits', () => {
    const props = ruleFileJsonSchema().properties as Record<string, Record<string, unknown>>;
    expect(props.conditions).toMatchObject({ maxItems: 10, minItems: 1 });
    expect(props.name).toMatchObject({ maxLength: 100 });
    expect(props.description).toMatchObject({ maxLength: 255 });
  });
});
