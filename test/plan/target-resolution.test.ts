import { parseFormat, parseConcurrency } from '../../src/cli/target.js';
import { resolveTargetConfig } from '../../src/targets/target-config.js';
import { UsageError } from '../../src/errors.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';

const two = { ...DEFAULT_CONFIG, targets: [{ name: 'prod', appId: 'p1' }, { name: 'staging', appId: 's1' }] };

test.each([
  ['no targets, no name: the environment', DEFAULT_CONFIG, undefined, undefined],
  ['one target, no name: that one', { ...DEFAULT_CONFIG, targets: [{ name: 'only' }] }, undefined, 'only'],
  ['a named target', two, 'staging', 'staging'],
])('%s', (_label, config, name, expected) => {
  expect(resolveTargetConfig(config, name)?.name).toBe(expected);
});

test('an unknown target is bad usage listing the known ones', () => {
  expect(() => resolveTargetConfig(two, 'prdo')).toThrow(new UsageError('unknown target "prdo"; kwsync.yaml defines: prod, staging'));
});

test('several targets and no --target is bad usage', () => {
  expect(() => resolveTargetConfig(two, undefined)).toThrow(/choose one with --target: prod, staging/);
});

test('bad --format and --concurrency values are usage errors', () => {
  expect(() => parseFormat('yaml')).toThrow(UsageError);
  expect(() => parseConcurrency('0', 4)).toThrow(/1 to 16/);
  expect(parseConcurrency(undefined, 4)).toBe(4);
});
