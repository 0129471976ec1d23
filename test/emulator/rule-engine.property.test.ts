// Invariants of the emulator's rule engine on generated lists, rules and messages: a list that no
// enabled rule references changes no verdict (added, edited or deleted); every verdict names an
// enabled rule and one of its conditions, whose list (or literal values) kwsync's own matcher finds
// in the text; 'all' fires on a subset of what 'any' fires on; switched-off rules fire on nothing.
import fc from 'fast-check';
import { compileMatcher } from '../../src/match/index.js';
import { judgeMessage, type MessageUnderRules } from '../../src/emulator/rule-engine.js';
import type { StoredList } from '../../src/emulator/keyword-store.js';
import type { StoredRule } from '../../src/emulator/rule-store.js';
import type { StoredCondition } from '../../src/emulator/rule-body.js';

const NUM_RUNS = Number(process.env.KWSYNC_PROPERTY_RUNS ?? (process.env.KWSYNC_LONG ? 2000 : 200));
const SEED = process.env.KWSYNC_PROPERTY_SEED === undefined ? Date.now() ^ (Math.random() * 0x7fffffff) : Number(process.env.KWSYNC_PROPERTY_SEED);

const WORDS = ['alpha', 'beta', 'gamma', 'delta', 'wire money', 'gift'];
const LIST_IDS = ['l1', 'l2', 'l3', 'l4'];
const list = (id: string) =>
  fc.record({ category: fc.constantFrom<'word' | 'pattern'>('word', 'word', 'pattern'), terms: fc.uniqueArray(fc.constantFrom(...WORDS, String.raw`\d{3}`), { minLength: 1, maxLength: 3 }) }).map(
    ({ category, terms }): StoredList => ({ id, name: id, description: '', category, searchTerms: terms, isCSV: false, active: true, default: false, createdAt: 0, updatedAt: 0, revision: 1 }),
  );
const condition = fc.oneof(
  fc.record({ ids: fc.uniqueArray(fc.constantFrom(...LIST_IDS), { minLength: 1, maxLength: 2 }), category: fc.constantFrom('word', 'pattern') }).map(
    ({ ids, category }): StoredCondition => ({ id: 1, entity: 'message', operand: 'text', operator: 'contains', category, isReference: true, isMediaPresent: false, value: ids }),
  ),
  fc.constantFrom(...WORDS).map((w): StoredCondition => ({ id: 1, entity: 'message', operand: 'text', operator: 'contains', category: 'word', isReference: false, isMediaPresent: false, value: [w] })),
);
const rule = (i: number) =>
  fc.record({ enabled: fc.boolean(), conditions: fc.array(condition, { minLength: 1, maxLength: 3 }), action: fc.constantFrom('blockMessage', 'dropMessage', 'flagMessage').map((a) => [a]) }).map(
    (r): StoredRule => ({ id: `r${i}`, name: `r${i}`, description: '', filters: [], default: false, createdAt: 0, updatedAt: 0, revision: 1, ...r, conditions: r.conditions.map((c, k) => ({ ...c, id: k + 1 })) }),
  );
const world = fc.record({
  lists: fc.tuple(...LIST_IDS.map(list)),
  rules: fc.tuple(rule(0), rule(1), rule(2)),
  texts: fc.array(fc.array(fc.constantFrom(...WORDS, 'hello', '123', 'the'), { minLength: 1, maxLength: 5 }).map((w) => w.join(' ')), { minLength: 1, maxLength: 5 }),
  edit: fc.constantFrom('drop', 'change'),
});

const GROUP = { guid: 'g', name: 'G', type: 'public' as const, createdAt: 0, readUpTo: {} };
const msg = (text: string): MessageUnderRules => ({ text, sender: undefined, senderUid: 'u', group: GROUP });
const verdictKey = (v: ReturnType<typeof judgeMessage>) => v.map((x) => `${x.rule.id}:${x.condition.id}:${x.blocks}`);

test('the engine’s verdicts depend only on enabled rules and the lists they reference', () => {
  let runs = 0;
  let fired = 0;
  let untouchedEdits = 0;
  fc.assert(
    fc.property(world, ({ lists, rules, texts, edit }) => {
      runs += 1;
      const byId = new Map(lists.map((l) => [l.id, l]));
      const referenced = new Set(rules.filter((r) => r.enabled).flatMap((r) => r.conditions.filter((c) => c.isReference).flatMap((c) => c.value)));
      const unreferenced = LIST_IDS.filter((id) => !referenced.has(id));
      const edited = new Map(byId);
      for (const id of unreferenced) {
        if (edit === 'drop') edited.delete(id);
        else edited.set(id, { ...byId.get(id)!, searchTerms: [...WORDS], revision: 2 });
      }
      if (unreferenced.length > 0) untouchedEdits += 1;
      for (const text of texts) {
        const any = judgeMessage(msg(text), rules, (id) => byId.get(id), { combine: 'any' });
        const all = judgeMessage(msg(text), rules, (id) => byId.get(id), { combine: 'all' });
        fired += any.length;
        // A list no enabled rule references blocks nothing: editing or deleting it changes no verdict.
        expect(verdictKey(judgeMessage(msg(text), rules, (id) => edited.get(id), { combine: 'any' }))).toEqual(verdictKey(any));
        // 'all' fires on a subset of 'any'.
        for (const v of all) expect(any.map((a) => a.rule.id)).toContain(v.rule.id);
        // Switched off, nothing fires.
        expect(judgeMessage(msg(text), rules.map((r) => ({ ...r, enabled: false })), (id) => byId.get(id), { combine: 'any' })).toEqual([]);
        for (const v of any) {
          expect(v.rule.enabled).toBe(true);
          expect(v.rule.conditions).toContain(v.condition);
          expect(v.blocks).toBe(v.rule.action[0] !== 'flagMessage');
          // The matched condition's terms are found in the text by kwsync's own matcher.
          const terms = v.condition.isReference ? v.condition.value.flatMap((id) => byId.get(id)?.searchTerms ?? []) : v.condition.value;
          const m = compileMatcher({ category: v.condition.category as 'word' | 'pattern', searchTerms: terms });
          expect(m!.matches(text).length).toBeGreaterThan(0);
        }
      }
    }),
    { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true },
  );
  process.stdout.write(`rule-engine property: ${runs} runs, seed ${SEED}: ${fired} rule verdicts, ${untouchedEdits} runs edited an unreferenced list\n`);
});
