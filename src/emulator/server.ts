// The HTTP server: one fastify app with the Chat API under /v3 and the Calls API under /calls/v3,
// and each named app's under /apps/<appId>/v3 and /apps/<appId>/calls/v3 (apps.ts).
// Every request passes, in order: request id and log, faults, body size, app, auth, rate limit.
import { randomUUID } from 'node:crypto';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { APPS_PREFIX, splitAppPath, unknownApp, type ServedApp } from './apps.js';
import { checkApiKey, type EmulatorKeys } from './auth.js';
import type { EmulatorContext } from './context.js';
import { rewriteAnswer, type FaultDecision, type FaultInjector } from './faults.js';
import { CALLS_PREFIX, CHAT_PREFIX, EmulatorHttpError, renderError, toHttpError, type ErrorBodyMode } from './http-errors.js';
import type { RateLimiter } from './rate-limit.js';
import { registerKeywordRoutes } from './keyword-routes.js';
import { registerRuleRoutes } from './rule-routes.js';
import { registerModerationRoutes } from './moderation-routes.js';
import { registerMessageRoutes } from './message-routes.js';
import { registerCallRoutes } from './call-routes.js';

export interface RequestLogEntry {
  method: string;
  path: string;
  status: number;
  fault?: string;
  /** The named app the path is under (`/apps/<app>/...`); absent for the default app. */
  app?: string;
  /** The query string as sent (without `?`), when there is one: which page of a listing was asked. */
  query?: string;
}

/** One request as a route sees it, for observers (contract tests check rules requests against the published schema). */
export interface ObservedRequest {
  method: string;
  /** The path under the API base (`/moderation/rules/x`), the `/apps/<app>` and `/v3` prefixes removed. */
  path: string;
  /** The raw query string, without `?`. */
  query: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed body (JSON), or undefined. */
  body: unknown;
  app?: string;
}

export interface ServerParts {
  ctx: EmulatorContext;
  keys: EmulatorKeys;
  faults: FaultInjector;
  rateLimiter: RateLimiter;
  log: RequestLogEntry[];
  errorBody?: ErrorBodyMode;
  /** Named apps by id, each with its own lists, keys and rate budget (the default app is `ctx`). */
  apps?: ReadonlyMap<string, ServedApp>;
  /** Told of every request that reaches a route (after auth, faults and body parsing). */
  observe?: ((request: ObservedRequest) => void) | undefined;
}

/** A long-running `kwsync emulator` keeps only the newest entries of its request log. */
const MAX_LOG_ENTRIES = 100_000;
const FAULT_CODES = { '429': 'ERR_TOO_MANY_REQUESTS', '502': 'ERR_BAD_GATEWAY', '503': 'ERR_SERVICE_UNAVAILABLE', '504': 'ERR_GATEWAY_TIMEOUT' } as const;

export async function buildServer(parts: ServerParts): Promise<FastifyInstance> {
  const { ctx } = parts;
  const app = Fastify({
    logger: false,
    bodyLimit: ctx.bodyLimitBytes,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    forceCloseConnections: true,
  });
  await app.register(multipart);
  const entries = new WeakMap<FastifyRequest, RequestLogEntry>();
  const dropAfter = new WeakSet<FastifyRequest>();
  const trickle = new WeakMap<FastifyRequest, number>();
  const cutBody = new WeakSet<FastifyRequest>();
  const rewrite = new WeakMap<FastifyRequest, FaultDecision>();
  const respondAt = new WeakMap<FastifyRequest, number>();
  const served = new WeakMap<FastifyRequest, ServedApp>();
  const apps = parts.apps ?? new Map<string, ServedApp>();
  const defaultApp: ServedApp = { appId: ctx.keywords.appId, ctx, keys: parts.keys, rateLimiter: parts.rateLimiter };
  /** The app a request is for; set in onRequest before any route runs. */
  const appOf = (request: FastifyRequest): ServedApp => served.get(request) ?? defaultApp;
  let edits = 0;

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    const path = pathOf(request.url);
    const named = splitAppPath(path).appId;
    const q = request.url.indexOf('?');
    const query = q === -1 ? '' : request.url.slice(q + 1);
    const entry: RequestLogEntry = { method: request.method, path, status: 0, ...(named !== undefined ? { app: named } : {}), ...(query !== '' ? { query } : {}) };
    if (parts.log.length >= MAX_LOG_ENTRIES) parts.log.splice(0, MAX_LOG_ENTRIES / 10);
    parts.log.push(entry);
    entries.set(request, entry);

    const decision = parts.faults.decide(request.method, path);
    if (decision.label) entry.fault = decision.label;
    if (decision.respondAfterMs) respondAt.set(request, performance.now() + decision.respondAfterMs);
    if (decision.delayMs > 0) await sleep(decision.delayMs);
    if (decision.fault === 'drop') {
      reply.hijack(); // no response at all: the client sees the connection die
      request.raw.socket.destroy();
      return;
    }
    if (decision.fault === 'drop-after') dropAfter.add(request);
    else if (decision.fault === 'trickle') trickle.set(request, decision.trickleMs ?? 1000);
    else if (decision.fault === 'cut-body') cutBody.add(request);
    else if (decision.fault === 'other-list' || decision.fault === 'no-default-flag' || decision.fault === 'omit-list') rewrite.set(request, decision);
    else if (decision.fault === 'edit-before') {
      const target = named === undefined ? ctx : apps.get(named)?.ctx;
      if (target) editBefore(target, decision.editList ?? listIdOf(path), decision.editTerm ?? `live-edit-${(edits += 1)}`);
    }
    else if (decision.fault === 'delete-before') {
      const target = named === undefined ? ctx : apps.get(named)?.ctx;
      if (target) deleteBefore(target, decision.editList ?? listIdOf(path));
    }
    else if (decision.fault === 'create-before') {
      const target = named === undefined ? ctx : apps.get(named)?.ctx;
      if (target) createBefore(target, decision.editList ?? listIdOf(path), decision.editTerm ?? `live-edit-${(edits += 1)}`);
    }
    else if (decision.fault) {
      const status = Number(decision.fault);
      const retry = status === 429 ? { 'retry-after': String(decision.retryAfterSeconds ?? 1) } : undefined;
      throw new EmulatorHttpError(status, FAULT_CODES[decision.fault], `Injected fault: HTTP ${status}.`, { headers: retry });
    }
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > ctx.bodyLimitBytes) {
      throw new EmulatorHttpError(413, 'ERR_BAD_REQUEST', `The body is ${length} bytes; at most ${ctx.bodyLimitBytes} are accepted.`);
    }
    const app = named === undefined ? defaultApp : apps.get(named);
    if (!app) throw unknownApp(named as string, [...apps.keys()]);
    served.set(request, app);
    checkApiKey(request.headers.apikey, app.keys);
    reply.headers(app.rateLimiter.take());
  });

  if (parts.observe) {
    const observe = parts.observe;
    app.addHook('preHandler', async (request) => {
      const url = request.url;
      const q = url.indexOf('?');
      const { appId, rest } = splitAppPath(pathOf(url));
      const path = rest.startsWith(CALLS_PREFIX) ? rest.slice(CALLS_PREFIX.length) : rest.startsWith(CHAT_PREFIX) ? rest.slice(CHAT_PREFIX.length) : rest;
      observe({ method: request.method, path, query: q === -1 ? '' : url.slice(q + 1), headers: request.headers, body: request.body, ...(appId !== undefined ? { app: appId } : {}) });
    });
  }

  app.addHook('onSend', async (request, reply, payload) => {
    const rewritten = rewrite.get(request);
    if (rewritten) payload = rewriteAnswer(rewritten, payload);
    const entry = entries.get(request);
    if (entry) entry.status = reply.statusCode;
    const at = respondAt.get(request);
    if (at !== undefined && at > performance.now()) await sleep(at - performance.now());
    if (dropAfter.has(request)) {
      // The work is done (a list may be created) but the answer never arrives: an ambiguous failure.
      // The log keeps the status the server produced, with fault 'drop-after'.
      request.raw.socket.destroy();
    }
    if (cutBody.has(request)) {
      // Headers promise the whole body; half of it comes, then the connection dies.
      const body = Buffer.from(typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : '');
      reply.raw.writeHead(reply.statusCode, { ...(reply.getHeaders() as OutgoingHttpHeaders), 'content-length': String(body.length) });
      reply.raw.write(body.subarray(0, Math.max(1, Math.floor(body.length / 2))), () => reply.raw.destroy());
      reply.hijack();
      return payload;
    }
    const every = trickle.get(request);
    if (every !== undefined) {
      trickleBody(reply.raw, reply.statusCode, reply.getHeaders() as OutgoingHttpHeaders, payload, every);
      reply.hijack();
    }
    return payload;
  });

  app.setErrorHandler(async (err, request, reply) => {
    const e = toHttpError(err);
    const { contentType, body } = renderError(e, splitAppPath(pathOf(request.url)).rest, parts.errorBody ?? 'envelope');
    return reply.code(e.status).headers(e.headers).type(contentType).send(body);
  });
  app.setNotFoundHandler(async (request) => {
    throw new EmulatorHttpError(404, 'ERR_NOT_FOUND', `There is no ${request.method} ${pathOf(request.url)} in this API.`);
  });

  await app.register(
    async (chat) => {
      registerKeywordRoutes(chat, () => ctx);
      registerRuleRoutes(chat, () => ctx);
      registerModerationRoutes(chat, ctx, () => ctx);
      registerMessageRoutes(chat, ctx);
    },
    { prefix: CHAT_PREFIX },
  );
  await app.register(async (calls) => registerCallRoutes(calls, ctx), { prefix: CALLS_PREFIX });
  if (apps.size > 0) {
    // One set of routes for every named app: keyword, rule and moderation routes find the request's
    // app; the world's users, groups, messages and calls are shared (a message sent to an app joins
    // its group's messages in that app only).
    await app.register(
      async (chat) => {
        registerKeywordRoutes(chat, (request) => appOf(request).ctx);
        registerRuleRoutes(chat, (request) => appOf(request).ctx);
        registerModerationRoutes(chat, ctx, (request) => appOf(request).ctx);
        registerMessageRoutes(chat, ctx, (request) => appOf(request).ctx);
      },
      { prefix: `${APPS_PREFIX}/:appId${CHAT_PREFIX}` },
    );
    await app.register(async (calls) => registerCallRoutes(calls, ctx), { prefix: `${APPS_PREFIX}/:appId${CALLS_PREFIX}` });
  }
  return app;
}

function listIdOf(path: string): string | undefined {
  const m = /\/moderation\/keywords\/([^/]+)$/.exec(path);
  return m ? decodeURIComponent(m[1] as string) : undefined;
}

/** Another writer's edit of a list: one term added, revision up by one, as their PUT would. */
function editBefore(ctx: EmulatorContext, id: string | undefined, term: string): void {
  if (id === undefined) return;
  const lists = ctx.keywords.all();
  const found = lists.find((l) => l.id === id);
  if (!found) return;
  const edited = { ...found, searchTerms: [...found.searchTerms, term], revision: found.revision + 1, updatedAt: found.updatedAt + 1 };
  ctx.keywords.load(lists.map((l) => (l === found ? edited : l)));
}

/** Another writer's delete of a list, as their DELETE would. */
function deleteBefore(ctx: EmulatorContext, id: string | undefined): void {
  if (id === undefined) return;
  const lists = ctx.keywords.all();
  if (lists.some((l) => l.id === id)) ctx.keywords.load(lists.filter((l) => l.id !== id));
}

/** Another writer's create of a list (one term), as their POST would; nothing when the id is taken. */
function createBefore(ctx: EmulatorContext, id: string | undefined, term: string): void {
  if (id === undefined || ctx.keywords.all().some((l) => l.id === id) || ctx.keywords.foreignItem(id)) return;
  try {
    ctx.keywords.create({ id, name: `Created by another writer ${id}`, category: 'word', searchTerms: term });
  } catch {
    // The app is full: the other writer's POST was refused.
  }
}

/** The answer, one byte every `everyMs`: headers at once, then a body that never trips an idle timeout. */
function trickleBody(raw: ServerResponse, status: number, headers: OutgoingHttpHeaders, payload: unknown, everyMs: number): void {
  const body = Buffer.from(typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : '');
  raw.writeHead(status, { ...headers, 'content-length': String(body.length) });
  let sent = 0;
  const timer = setInterval(() => {
    if (raw.destroyed || sent >= body.length) {
      clearInterval(timer);
      if (!raw.destroyed) raw.end();
      return;
    }
    raw.write(body.subarray(sent, sent + 1));
    sent += 1;
  }, everyMs);
  raw.on('close', () => clearInterval(timer));
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}
