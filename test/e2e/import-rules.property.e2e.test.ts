// Property: for generated live custom rules (names, descriptions, actions, list and raw conditions),
// `kwsync import` into a fresh folder, then `kwsync plan` shows no changes: the round trip holds.
import fc from 'fast-check';
import { createClient, createRule, deleteRule } from '../../src/api/index.js';
import { startHarness, type Harness } from './harness.js';
import { propertyRuns } from '../helpers/runs.js';

const SEED = process.env.KWSYNC_PROPERTY_SEED === undefined ? Date.now() ^ (Math.random() * 0x7fffffff) : Number(process.env.KWSYNC_PROPERTY_SEED);
const NUM_RUNS = propertyRuns(10, 100);

const text = (max: number) => fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 .,'!?-]*$/).filter((s) => s.length <= max && s.trim() === s);
const condition = fc.oneof(
  fc.constant({ entity: 'message', operand: 'text', operator: 'contains', category: 'word', isReference: true, value: ['scam-words'] }),
  fc.record({ entity: fc.constant('message'), operand: fc.constant('text'), operator: fc.constantFrom('contains', 'equals'), category: fc.constant('word'), isReference: fc.constant(false), value: fc.tuple(text(20)) }),
);
const rule = fc.record({
  name: text(40),
  description: fc.oneof(fc.constant(''), text(60)),
  enabled: fc.boolean(),
  action: fc.constantFrom(['blockMessage'], ['dropMessage']),
  conditions: fc.array(condition, { minLength: 1, maxLength: 3 }),
});

test('import then plan shows no changes, for generated live rules', async () => {
  const h: Harness = await startHarness();
  const client = createClient({ apiKey: h.emulator.apiKey, appId: h.emulator.appId, region: 'us', baseUrl: h.emulator.chatBaseUrl, callsBaseUrl: h.emulator.callsBaseUrl });
  const stats = { runs: 0, rules: 0, listConditions: 0, rawConditions: 0 };
  try {
    await h.writeList('scam-words', ['free crypto']);
    expect((await h.run(['apply', '--auto-approve'])).code).toBe(0);
    await fc.assert(
      fc.asyncProperty(fc.array(rule, { minLength: 1, maxLength: 3 }), async (rules) => {
        const n = stats.runs++;
        const ids = rules.map((_, i) => `r${n}-${i}`);
        for (const [i, r] of rules.entries()) await createRule(client, { id: ids[i]!, ...r, action: [...r.action], conditions: r.conditions.map((c) => ({ ...c, value: [...c.value] })), filters: [] });
        try {
          stats.rules += rules.length;
          for (const r of rules) for (const c of r.conditions) c.isReference ? stats.listConditions++ : stats.rawConditions++;
          const dir = `run-${n}`;
          const imp = await h.run(['import', '--dir', dir]);
          expect(imp.code).toBe(0);
          const plan = await h.run(['plan', '--dir', dir, '--detailed-exitcode']);
          expect({ code: plan.code, stdout: plan.stdout, stderr: plan.stderr }).toMatchObject({ code: 0 });
        } finally {
          for (const id of ids) await deleteRule(client, id);
        }
      }),
      { numRuns: NUM_RUNS, seed: SEED, endOnFailure: true },
    );
  } finally {
    await h.close();
  }
  process.stdout.write(`import-rules property: ${stats.runs} runs, seed ${SEED}: ${stats.rules} rules, ${stats.listConditions} list conditions, ${stats.rawConditions} raw conditions; import then plan: no changes\n`);
}, 120_000);
