// The published contract (cometchat.openapi.yaml) loaded once per use, and an openapi-backend
// validator over it. Each caller gets its own parsed copy: openapi-backend dereferences in place.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { OpenAPIBackend, type Document } from 'openapi-backend';


const DOCUMENT_PATH = fileURLToPath(new URL('./cometchat.openapi.yaml', import.meta.url));

export type OperationId =
  | 'list-rule-keywords'
  | 'create-rule-keyword'
  | 'get-rule-keyword'
  | 'update-rule-keyword'
  | 'delete-rule-keyword'
  | 'user-list-group-messages'
  | 'list-calls'
  | 'retrieve-call-details';

export const OPERATION_IDS: readonly OperationId[] = [
  'list-rule-keywords',
  'create-rule-keyword',
  'get-rule-keyword',
  'update-rule-keyword',
  'delete-rule-keyword',
  'user-list-group-messages',
  'list-calls',
  'retrieve-call-details',
];

export function readPublishedDocument(): Record<string, unknown> {
  return parse(readFileSync(DOCUMENT_PATH, 'utf8')) as Record<string, unknown>;
}

interface OperationObject {
  operationId: string;
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
}
type PathItem = Record<string, unknown> & { servers?: unknown[] };

/** Every operation of the document with its method, path and the API base it lives on. */
export function publishedOperations(doc = readPublishedDocument()) {
  const out: { operationId: OperationId; method: string; path: string; server: 'chat' | 'calls'; example: unknown }[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, PathItem>)) {
    for (const method of ['get', 'post', 'put', 'delete'] as const) {
      const op = item[method] as OperationObject | undefined;
      if (!op) continue;
      out.push({
        operationId: op.operationId as OperationId,
        method: method.toUpperCase(),
        path,
        // A path-level `servers` is the Calls API's; everything else lives on the document's (chat) server.
        server: item.servers ? 'calls' : 'chat',
        example: op.responses['200']?.content?.['application/json']?.example,
      });
    }
  }
  return out;
}

export function publishedExample(operationId: OperationId): unknown {
  const op = publishedOperations().find((o) => o.operationId === operationId);
  if (!op) throw new Error(`no operation ${operationId} in ${DOCUMENT_PATH}`);
  return structuredClone(op.example);
}

/** An initialised openapi-backend over the document: routing, request and response validation. */
export async function publishedApi(): Promise<OpenAPIBackend> {
  const api = new OpenAPIBackend({
    definition: readPublishedDocument() as unknown as Document,
    strict: true,
    // Skips checking the document at start (2-3 s); the examples test validates it with
    // @seriousme/openapi-schema-validator. Operations compile on first use.
    quick: true,
    // A multipart file arrives as its text; `binary` is a marker, not a check.
    customizeAjv: (ajv) => ajv.addFormat('binary', true),
  });
  await api.init();
  return api;
}

/** Ajv's errors as short lines: `/query/page must NOT have additional properties (page)`. */
export function describeErrors(errors: readonly { instancePath: string; message?: string; params?: Record<string, unknown> }[] | null | undefined): string[] {
  return (errors ?? []).map((e) => {
    const extra = e.params?.additionalProperty ?? e.params?.missingProperty ?? e.params?.allowedValues;
    return `${e.instancePath || '/'} ${e.message ?? 'is invalid'}${extra !== undefined ? ` (${JSON.stringify(extra)})` : ''}`;
  });
}
