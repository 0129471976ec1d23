// ESM jest: TypeScript is compiled by swc to ES modules; run with --experimental-vm-modules
// (see package.json) so ESM-only dependencies such as octokit load as they are.
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        module: { type: 'es6' },
      },
    ],
  },
  testTimeout: 20000,
  // Every rules request a test makes through the emulator is checked against the published request
  // schema (test/contract/rules-requests.ts); loads the contract only in files that make one.
  setupFilesAfterEnv: ['<rootDir>/test/contract/rules-request-hook.ts'],
  // Two workers on a 2-core machine: most suites wait on HTTP or child processes, so the suite takes
  // about 250 s instead of 420+ s with jest's default of one; timing-sensitive tests keep generous deadlines.
  maxWorkers: 2,
};
