// GitHub's deployment endpoints as transcribed in github-deployments.openapi.yaml, with a validator
// for request bodies (the fake GitHub refuses what GitHub would) and responses (the fake answers in
// GitHub's shapes). Ajv takes OpenAPI 3.0's `nullable`; `format: uri` also takes GitHub's default "".
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';

const DOCUMENT_PATH = fileURLToPath(new URL('./github-deployments.openapi.yaml', import.meta.url));

export type DeploymentOperation = 'repos/list-deployments' | 'repos/create-deployment' | 'repos/list-deployment-statuses' | 'repos/create-deployment-status' | 'actions/get-workflow-run';

type Doc = { paths: Record<string, Record<string, any>>; components: Record<string, unknown> };
const doc = parse(readFileSync(DOCUMENT_PATH, 'utf8')) as Doc;
const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addFormat('uri', (s: string) => s === '' || URL.canParse(s));
ajv.addFormat('date-time', (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(s));
ajv.addFormat('int64', { type: 'number', validate: (n: number) => Number.isSafeInteger(n) });

function operation(id: DeploymentOperation): any {
  for (const item of Object.values(doc.paths)) for (const op of Object.values(item)) if (op.operationId === id) return op;
  throw new Error(`no operation ${id} in github-deployments.openapi.yaml`);
}

const compiled = new Map<string, ValidateFunction>();
function validator(key: string, schema: unknown): ValidateFunction {
  let v = compiled.get(key);
  if (!v) {
    // Compiled as the root of a document that carries `components`, so `#/components/...` resolves.
    v = ajv.compile({ ...(schema as object), components: doc.components });
    compiled.set(key, v);
  }
  return v;
}

const lines = (v: ValidateFunction) => (v.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` (${String(e.params.additionalProperty)})` : ''}`);

/** The problems GitHub's description finds in a request body; [] when it conforms. */
export function requestProblems(id: DeploymentOperation, body: unknown): string[] {
  const op = operation(id);
  const schema = op.requestBody?.content?.['application/json']?.schema;
  if (!schema) return [];
  if (body === undefined) return op.requestBody.required ? ['/ a request body is required'] : [];
  const v = validator(`${id} request`, schema);
  return v(body) ? [] : lines(v);
}

/** The problems GitHub's description finds in a response body for `status`; [] when it conforms. */
export function responseProblems(id: DeploymentOperation, status: number, body: unknown): string[] {
  const schema = operation(id).responses?.[String(status)]?.content?.['application/json']?.schema;
  if (!schema) return [`no response ${status} described for ${id}`];
  const v = validator(`${id} ${status}`, schema);
  return v(body) ? [] : lines(v);
}
