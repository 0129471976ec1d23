// The example responses of CometChat's published API description, by operation id, each a fresh
// copy a test may change. One source: the contract document (test/contract/cometchat.openapi.yaml).
import { publishedExample, type OperationId } from '../contract/published-document.js';

export type ExampleId = OperationId;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON as published
export function example(id: ExampleId): any {
  return publishedExample(id);
}
