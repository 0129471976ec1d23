// The example responses of CometChat's published API descriptions (fixtures/published-examples.json),
// by operation id, each a fresh copy a test may change.
import { readFileSync } from 'node:fs';

const doc = JSON.parse(readFileSync(new URL('./fixtures/published-examples.json', import.meta.url), 'utf8')) as {
  examples: Record<string, unknown>;
};

export type ExampleId =
  | 'create-rule-keyword'
  | 'list-rule-keywords'
  | 'get-rule-keyword'
  | 'update-rule-keyword'
  | 'delete-rule-keyword'
  | 'user-list-group-messages'
  | 'list-calls'
  | 'retrieve-call-details';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON as published
export function example(id: ExampleId): any {
  const body = doc.examples[id];
  if (body === undefined) throw new Error(`no published example ${id}`);
  return structuredClone(body);
}
