// GitHub's review and collaborator-permission endpoints as transcribed in
// github-reviews.openapi.yaml: the fake GitHub checks every answer it serves against them, so a
// test cannot lean on a shape GitHub never sends (the way github-deployments.ts does for deployments).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import { parse } from 'yaml';

export type ReviewOperation = 'pulls/list-reviews' | 'repos/get-collaborator-permission-level';
/** The review states GitHub's documentation names. */
export const REVIEW_STATES = ['APPROVED', 'CHANGES_REQUESTED', 'COMMENTED', 'DISMISSED', 'PENDING'] as const;
/** The legacy base roles `permission` carries (maintain maps to write, triage to read). */
export const PERMISSIONS = ['admin', 'write', 'read', 'none'] as const;

const doc = parse(readFileSync(fileURLToPath(new URL('./github-reviews.openapi.yaml', import.meta.url)), 'utf8')) as { paths: Record<string, Record<string, any>>; components: unknown };
const ajv = new Ajv({ allErrors: true, strict: false });
ajv.addFormat('uri', (s: string) => URL.canParse(s));
ajv.addFormat('date-time', (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(s));
const compiled = new Map<string, ValidateFunction>();

/** The problems GitHub's description finds in an answer; [] when it conforms. */
export function reviewResponseProblems(id: ReviewOperation, status: number, body: unknown): string[] {
  const key = `${id} ${status}`;
  let v = compiled.get(key);
  if (!v) {
    const op = Object.values(doc.paths).flatMap((item) => Object.values(item)).find((o) => o.operationId === id);
    const schema = op?.responses?.[String(status)]?.content?.['application/json']?.schema;
    if (!schema) return [`no response ${status} described for ${id}`];
    v = ajv.compile({ ...schema, components: doc.components });
    compiled.set(key, v);
  }
  return v(body) ? [] : (v.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
}
