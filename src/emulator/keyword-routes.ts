// The keyword list resource: GET/POST /moderation/keywords, GET/PUT/DELETE /moderation/keywords/:id.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from './context.js';
import { readListForm } from './multipart-form.js';
import { pageOfListing } from './listing-paging.js';
import type { Query } from './query-params.js';

/** `ctxOf` gives the context of the app a request is for (one emulator may serve several). */
export function registerKeywordRoutes(app: FastifyInstance, ctxOf: (request: FastifyRequest) => EmulatorContext): void {
  type WithId = { Params: { id: string } };

  app.get<{ Querystring: Query }>('/moderation/keywords', async (request) => {
    const ctx = ctxOf(request);
    const { keywords } = ctx;
    // The page limit is not published (the example says 10 with 2 items); 100 holds any app's
    // lists, and `keywordListLimit` cuts the answer short the way a limit of 10 would.
    const all = [...keywords.all().map((l) => keywords.renderListItem(l)), ...keywords.allForeign()];
    const { items, limit, meta } = pageOfListing(all, request.query, ctx.keywordListPaging ?? 'none', ctx.keywordListLimit ?? 100);
    return { data: items, meta: { current: { limit, count: items.length }, ...meta } };
  });

  app.post('/moderation/keywords', async (request) => {
    const ctx = ctxOf(request);
    const { keywords } = ctx;
    const form = await readListForm(request, ctx.bodyLimitBytes);
    const list = keywords.create(form);
    await ctx.persist();
    return { data: keywords.render(list) };
  });

  app.get<WithId>('/moderation/keywords/:id', async (request) => {
    const { keywords } = ctxOf(request);
    return { data: keywords.foreignItem(request.params.id) ?? keywords.render(keywords.get(request.params.id)) };
  });

  app.put<WithId>('/moderation/keywords/:id', async (request) => {
    const ctx = ctxOf(request);
    const { keywords } = ctx;
    keywords.get(request.params.id); // 404 before reading the body
    const form = await readListForm(request, ctx.bodyLimitBytes);
    const list = keywords.update(request.params.id, form);
    await ctx.persist();
    return { data: keywords.render(list) };
  });

  app.delete<WithId>('/moderation/keywords/:id', async (request) => {
    const ctx = ctxOf(request);
    const { keywords } = ctx;
    keywords.remove(request.params.id);
    await ctx.persist();
    return { data: { success: true, message: `Keyword with id ${request.params.id} has been deleted successfully.` } };
  });
}
