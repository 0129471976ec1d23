// A validating mock of the published description, as a Prism mock would be: an HTTP server on
// 127.0.0.1:0 that checks every request (server, method, path, query, headers, security and the
// multipart body) against cometchat.openapi.yaml with openapi-backend, records every failure, and
// answers with the operation's published example as it is: the same example for any id.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Response } from 'undici';
import type { Context, OpenAPIBackend } from 'openapi-backend';
import { describeErrors, multipartArrayParts, publishedApi, publishedOperations, type OperationId } from './published-document.js';

export const MOCK_API_KEY = 'published-mock-key';

export interface RecordedRequest {
  method: string;
  /** The path under its API base, query included: `/calls?page=1`. */
  url: string;
  operationId: OperationId | undefined;
  /** A multipart body's parts (a file part as its text). */
  parts?: Record<string, string | string[]>;
}

export interface RequestFailure extends RecordedRequest {
  /** One validation problem, e.g. `/query must NOT have additional properties ("page")`. */
  problem: string;
}

export interface PublishedMock {
  chatBaseUrl: string;
  callsBaseUrl: string;
  requests: RecordedRequest[];
  failures: RequestFailure[];
  /** Forget what was recorded (between commands). */
  reset(): void;
  close(): Promise<void>;
}

const BASES = { chat: '/chat/v3', calls: '/calls/v3' } as const;
type ServerKind = keyof typeof BASES;

/** What one request's handlers need; passed through openapi-backend's handleRequest. */
interface Exchange {
  kind: ServerKind;
  record: RecordedRequest;
  fail(problem: string): void;
  contentType: string;
  bodyLength: number;
}

export async function startPublishedMock(): Promise<PublishedMock> {
  const api = await publishedApi();
  const operations = new Map(publishedOperations().map((o) => [o.operationId, o]));
  const requests: RecordedRequest[] = [];
  const failures: RequestFailure[] = [];
  registerHandlers(api, operations);

  const server = createServer((req, res) => {
    handle(api, req, requests, failures).then(
      ({ status, body }) => send(res, status, body),
      (err: unknown) => {
        failures.push({ method: req.method ?? '', url: req.url ?? '', operationId: undefined, problem: `mock error: ${String(err)}` });
        send(res, 500, { error: { message: 'the published mock failed', code: 'MOCK_ERROR' } });
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    chatBaseUrl: `${origin}${BASES.chat}`,
    callsBaseUrl: `${origin}${BASES.calls}`,
    requests,
    failures,
    reset: () => {
      requests.length = 0;
      failures.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** Parts the document declares as arrays: always an array, even of one part. */
const ARRAY_PARTS = multipartArrayParts();

type Operations = Map<OperationId, ReturnType<typeof publishedOperations>[number]>;
type Answer = { status: number; body: unknown };

function registerHandlers(api: OpenAPIBackend, operations: Operations): void {
  const header = (c: Context, name: string) => {
    const v = (c.request.headers as Record<string, unknown>)[name];
    return typeof v === 'string' && v.length > 0;
  };
  api.registerSecurityHandler('apiKey', (c) => header(c, 'apikey'));
  api.registerSecurityHandler('managementKey', (c) => header(c, 'key'));
  api.registerSecurityHandler('managementSecret', (c) => header(c, 'secret'));

  const example = (c: Context): Answer => ({ status: 200, body: operations.get(c.operation.operationId as OperationId)!.example });
  api.register({
    notFound: (_c: Context, x: Exchange): Answer => {
      x.fail('no published operation has this method and path');
      return notFound();
    },
    methodNotAllowed: (_c: Context, x: Exchange): Answer => {
      x.fail('the path is published, the method is not');
      return notFound();
    },
    postRoutingHandler: (c: Context, x: Exchange) => {
      if (!c.operation) return;
      x.record.operationId = c.operation.operationId as OperationId;
      const op = operations.get(x.record.operationId)!;
      if (op.server !== x.kind) x.fail(`sent to the ${x.kind} API; the operation is published on the ${op.server} API`);
      checkMediaType(c, x);
    },
    unauthorizedHandler: (c: Context, x: Exchange): Answer => {
      x.fail('no published security requirement is met (header apikey, or key and secret)');
      // openapi-backend validates after security; validate here too, so nothing goes unseen.
      for (const p of describeErrors(c.api.validateRequest(c.request as never, c.operation).errors)) x.fail(p);
      return example(c);
    },
    validationFail: (c: Context, x: Exchange): Answer => {
      for (const p of describeErrors(c.validation.errors)) x.fail(p);
      return example(c);
    },
    notImplemented: (c: Context): Answer => example(c),
  });
}

async function handle(api: OpenAPIBackend, req: IncomingMessage, requests: RecordedRequest[], failures: RequestFailure[]): Promise<Answer> {
  const raw = req.url ?? '/';
  const kind = (Object.keys(BASES) as ServerKind[]).find((k) => raw.startsWith(`${BASES[k]}/`));
  const url = kind ? raw.slice(BASES[kind].length) : raw;
  const record: RecordedRequest = { method: req.method ?? '', url, operationId: undefined };
  requests.push(record);
  const fail = (problem: string) => failures.push({ ...record, problem });
  if (!kind) {
    fail(`not under a published server (${Object.values(BASES).join(' or ')})`);
    return notFound();
  }
  const [path, query = ''] = url.split('?', 2) as [string, string?];
  const headers = req.headers as Record<string, string | string[]>;
  const contentType = String(headers['content-type'] ?? '');
  const bytes = await readBody(req);
  const body = await parseBody(bytes, contentType, fail, ARRAY_PARTS);
  if (body) record.parts = body;
  const exchange: Exchange = { kind, record, fail, contentType, bodyLength: bytes.length };
  return (await api.handleRequest({ method: record.method, path, query, headers, ...(body !== undefined ? { body } : {}) }, exchange)) as Answer;
}

function notFound() {
  return { status: 404, body: { error: { message: 'Not in the published description.', code: 'ERR_NOT_PUBLISHED' } } };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A multipart body becomes `{ part: value }` (a file part as its text, a repeated part as an array),
 * parsed by undici's fetch Response; other bodies stay undefined, so openapi-backend sees none.
 * A part declared as an array is an array however many times it came: the array encoding of
 * multipart is not published, and repeated parts of one name is how OpenAPI tooling sends one.
 */
async function parseBody(bytes: Buffer, type: string, fail: (p: string) => void, arrays: ReadonlySet<string>) {
  if (bytes.length > 0 && /^application\/json\b/i.test(type)) {
    // The rules operations take JSON (ModerationRequestBody).
    try {
      return JSON.parse(bytes.toString('utf8')) as Record<string, string | string[]>;
    } catch (err) {
      fail(`the JSON body does not parse: ${(err as Error).message}`);
      return undefined;
    }
  }
  if (bytes.length === 0 || !/^multipart\/form-data\b/i.test(type)) return undefined;
  let form: Awaited<ReturnType<Response['formData']>>;
  try {
    form = await new Response(bytes, { headers: { 'content-type': type } }).formData();
  } catch (err) {
    fail(`the multipart body does not parse: ${(err as Error).message}`);
    return undefined;
  }
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of form) {
    const text = typeof value === 'string' ? value : await value.text();
    const prev = fields[name];
    fields[name] = prev === undefined ? (arrays.has(name) ? [text] : text) : [...(Array.isArray(prev) ? prev : [prev]), text];
  }
  return fields;
}

/** The body's media type must be one the operation publishes; an operation without a body gets none. */
function checkMediaType(c: Context, x: Exchange): void {
  const published = Object.keys((c.operation.requestBody as { content?: object } | undefined)?.content ?? {});
  const type = x.contentType.split(';')[0]!.trim().toLowerCase();
  if (published.length === 0) {
    if (x.bodyLength > 0) x.fail(`a ${x.bodyLength}-byte body is sent; the operation publishes none`);
    return;
  }
  if (!published.includes(type)) x.fail(`content-type ${type || '(none)'}; the operation publishes ${published.join(', ')}`);
}
