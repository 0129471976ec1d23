// The rules resource (cometchat-moderation-rules.md 1-6): POST/GET /moderation/rules (`limit`),
// GET/PUT/DELETE /moderation/rules/:id, GET /moderation/rules/:id/revisions. JSON bodies.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from './context.js';
import { intParam, type Query } from './query-params.js';
import { REVISIONS_LIMIT } from './rule-store.js';

/** The published example answers `limit: 50`; the emulator's default page when `limit` is not sent. */
export const RULES_DEFAULT_LIMIT = 50;

export function registerRuleRoutes(app: FastifyInstance, ctxOf: (request: FastifyRequest) => EmulatorContext): void {
  type WithId = { Params: { id: string } };

  app.get<{ Querystring: Query }>('/moderation/rules', async (request) => {
    const { rules } = ctxOf(request);
    // `limit` is published (typed string); the example answers the rules in no stated order: custom
    // rules first, newest first, then the built-ins, as the example shows them.
    const limit = intParam(request.query, 'limit', { min: 1, max: 1000 }) ?? RULES_DEFAULT_LIMIT;
    const all = rules.all();
    const ordered = [...all.filter((r) => !r.default).reverse(), ...all.filter((r) => r.default)];
    const page = ordered.slice(0, limit).map((r) => rules.render(r));
    return { data: page, meta: { current: { limit, count: page.length } } };
  });

  app.post('/moderation/rules', async (request) => {
    const ctx = ctxOf(request);
    const rule = ctx.rules.create(request.body);
    await ctx.persist();
    return { data: ctx.rules.render(rule) };
  });

  app.get<WithId>('/moderation/rules/:id', async (request) => {
    const { rules } = ctxOf(request);
    return { data: rules.render(rules.get(request.params.id)) };
  });

  app.put<WithId>('/moderation/rules/:id', async (request) => {
    const ctx = ctxOf(request);
    const rule = ctx.rules.update(request.params.id, request.body);
    await ctx.persist();
    return { data: ctx.rules.render(rule) };
  });

  app.delete<WithId>('/moderation/rules/:id', async (request) => {
    const ctx = ctxOf(request);
    ctx.rules.remove(request.params.id);
    await ctx.persist();
    return { data: { success: true, message: `Rule with id ${request.params.id} has been deleted successfully.` } };
  });

  app.get<WithId>('/moderation/rules/:id/revisions', async (request) => {
    const { rules } = ctxOf(request);
    const data = rules.renderRevisions(request.params.id);
    return { data, meta: { current: { limit: REVISIONS_LIMIT, count: data.length } } };
  });
}
