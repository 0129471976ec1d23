import { RefusedPlanError } from '../../src/errors.js';
import { canonicalJson, computePlan, readSavedPlan, renderPlanJson, savePlan } from '../../src/plan/index.js';
import { NOW, SAFETY, desired, live } from './fixtures.js';

const plan = computePlan([desired('a', ['x', 'y'])], [live('a', ['x'])], { target: 'prod', prune: false, safety: SAFETY, now: NOW });

test('a saved plan reads back to the same plan', () => {
  expect(readSavedPlan(renderPlanJson(plan), 'plan.json')).toEqual(plan);
});

test('canonical JSON does not depend on key order', () => {
  expect(canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] })).toBe(canonicalJson({ a: [{ c: 3, d: 2 }], b: 1 }));
  expect(canonicalJson({ b: 1, a: 2 })).toBe('{"a":2,"b":1}');
});

test('an altered plan is refused (checksum), exit 4', () => {
  const saved = savePlan(plan);
  const tampered = JSON.parse(JSON.stringify(saved)) as typeof saved;
  tampered.plan.changes[0]!.after!.searchTerms.push('sneaky');
  const attempt = () => readSavedPlan(JSON.stringify(tampered), 'plan.json');
  expect(attempt).toThrow(RefusedPlanError);
  expect(attempt).toThrow(/plan\.json was changed after it was made \(checksum mismatch\)/);
  try {
    attempt();
  } catch (err) {
    expect((err as RefusedPlanError).exitCode).toBe(4);
  }
});

test.each([
  ['not JSON', '{nope', /plan\.json: not JSON/],
  ['not a saved plan', '{"hello": 1}', /not a saved plan/],
])('%s is refused with the file named', (_label, text, message) => {
  expect(() => readSavedPlan(text, 'plan.json')).toThrow(message);
});

test('a checksummed plan of the wrong shape is refused with the field named', () => {
  const bad = { ...plan, formatVersion: 99 };
  const text = JSON.stringify(savePlan(bad as unknown as typeof plan));
  expect(() => readSavedPlan(text, 'p.json')).toThrow(/p\.json: plan\.formatVersion/);
});
