// Jest setup (jest.config.js setupFilesAfterEnv): every emulator started in a test file reports
// its requests here; after each test, the rules requests it made are validated against the
// published request schema (rules-requests.ts), and the test fails naming each problem. Costs
// nothing in a test that makes no rules request: the contract loads only when one was seen.
import { afterEach } from '@jest/globals';
import { rulesRequestChecker } from './rules-requests.js';

const checker = rulesRequestChecker();
(globalThis as Record<symbol, unknown>)[Symbol.for('kwsync.emulator.observe')] = checker.observe;

afterEach(async () => {
  if (checker.seen.length === 0) return;
  const problems = await checker.problems();
  if (problems.length > 0) {
    throw new Error(`rules requests that do not fit the published request schema (test/contract/cometchat.openapi.yaml; wrap deliberate ones in offContract()):\n  ${problems.slice(0, 20).join('\n  ')}`);
  }
});
