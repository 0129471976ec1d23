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
  | 'retrieve-call-details'
  | RulesOperationId;

/** The rules, revisions and blocked-messages operations (issue 39). */
export type RulesOperationId =
  | 'create-rule'
  | 'list-rules'
  | 'get-rule'
  | 'update-rule'
  | 'delete-rule'
  | 'list-rule-revisions'
  | 'list-moderation-blocked-messages'
  | 'approve-moderation-blocked-messages';

export const RULES_OPERATION_IDS: readonly RulesOperationId[] = [
  'create-rule',
  'list-rules',
  'get-rule',
  'update-rule',
  'delete-rule',
  'list-rule-revisions',
  'list-moderation-blocked-messages',
  'approve-moderation-blocked-messages',
];

export const OPERATION_IDS: readonly OperationId[] = [
  'list-rule-keywords',
  'create-rule-keyword',
  'get-rule-keyword',
  'update-rule-keyword',
  'delete-rule-keyword',
  'user-list-group-messages',
  'list-calls',
  'retrieve-call-details',
  ...RULES_OPERATION_IDS,
];

export function readPublishedDocument(): Record<string, unknown> {
  return parse(readFileSync(DOCUMENT_PATH, 'utf8')) as Record<string, unknown>;
}

interface OperationObject {
  operationId: string;
  responses: Record<string, { content?: Record<string, { example?: unknown; 'x-kwsync-example-contradicts-schema'?: boolean }> }>;
}
type PathItem = Record<string, unknown> & { servers?: unknown[] };

/** Every operation of the document with its method, path and the API base it lives on. */
export function publishedOperations(doc = readPublishedDocument()) {
  const out: { operationId: OperationId; method: string; path: string; server: 'chat' | 'calls'; example: unknown; exampleContradictsSchema: boolean }[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, PathItem>)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item[method] as OperationObject | undefined;
      if (!op) continue;
      out.push({
        operationId: op.operationId as OperationId,
        method: method.toUpperCase(),
        path,
        // A path-level `servers` is the Calls API's; everything else lives on the document's (chat) server.
        server: item.servers ? 'calls' : 'chat',
        example: op.responses['200']?.content?.['application/json']?.example,
        exampleContradictsSchema: op.responses['200']?.content?.['application/json']?.['x-kwsync-example-contradicts-schema'] === true,
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

type Schema = Record<string, unknown>;

/**
 * Every schema with a discriminator `mapping` over a oneOf, rewritten as the rule OpenAPI 3.0
 * gives it: the value of the property picks the variant. Ajv's own discriminator keyword takes no
 * `mapping`, and a plain oneOf is no substitute here: a word list is structurally both
 * WordPatternSchema and PatternSchema, so oneOf would refuse every valid list.
 */
export function discriminatorAsConditions(doc: Record<string, unknown>): Record<string, unknown> {
  const schemas = ((doc.components as Schema | undefined)?.schemas ?? {}) as Record<string, Schema>;
  for (const [name, schema] of Object.entries(schemas)) {
    const d = schema.discriminator as { propertyName: string; mapping?: Record<string, string> } | undefined;
    if (!d?.mapping || !Array.isArray(schema.oneOf)) continue;
    const values = Object.keys(d.mapping);
    schemas[name] = {
      type: 'object',
      required: [d.propertyName],
      properties: { [d.propertyName]: { enum: values } },
      allOf: values.map((v) => ({ if: { properties: { [d.propertyName]: { const: v } } }, then: { $ref: d.mapping![v] } })),
      'x-kwsync-published': schema,
    };
  }
  return doc;
}

/** The names of the multipart parts each operation declares as arrays (repeated parts of one name). */
export function multipartArrayParts(doc: Record<string, unknown> = readPublishedDocument()): Set<string> {
  const schemas = ((doc.components as Schema | undefined)?.schemas ?? {}) as Record<string, Schema>;
  const out = new Set<string>();
  const seen = new Set<Schema>();
  const walk = (s: Schema | undefined): void => {
    if (!s || seen.has(s)) return;
    seen.add(s);
    if (typeof s.$ref === 'string') return walk(schemas[s.$ref.split('/').pop()!]);
    for (const key of ['oneOf', 'anyOf', 'allOf'] as const) for (const sub of (s[key] as Schema[] | undefined) ?? []) walk(sub);
    for (const [prop, p] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) if (p.type === 'array') out.add(prop);
  };
  for (const item of Object.values(doc.paths as Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>)) {
    for (const op of Object.values(item)) walk(op?.requestBody?.content?.['multipart/form-data']?.schema);
  }
  return out;
}

/** An initialised openapi-backend over the document: routing, request and response validation. */
export async function publishedApi(): Promise<OpenAPIBackend> {
  const api = new OpenAPIBackend({
    definition: discriminatorAsConditions(readPublishedDocument()) as unknown as Document,
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
