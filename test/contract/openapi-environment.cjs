// A jest environment for the contract tests: the node environment plus openapi-backend, loaded by
// Node's own require. openapi-backend (CommonJS) requires an ESM-only dependency; Node 20 loads
// that (require(esm)), jest's module registry cannot. Test files opt in with a docblock.
const { TestEnvironment } = require('jest-environment-node');

module.exports = class OpenApiEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__kwsyncOpenApiBackend = require('openapi-backend').OpenAPIBackend;
  }
};
