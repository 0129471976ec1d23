// Moderation keyword lists: one function per endpoint (API-NOTES "the whole resource exists").
import { z } from 'zod';
import { CATEGORIES, type KeywordList, type LiveKeywordList } from '../model/keyword-list.js';
import type { LiveListing } from '../model/target.js';
import type { CometChatClient } from './client.js';
import { keywordListForm } from './keyword-form.js';
import { createWithConfirmation } from './retry-policy.js';
import { ApiError } from '../errors.js';

// Loose: the service adds fields (`_id`, `appId`, `__v`); strict on every field kwsync reads.
export const liveKeywordListSchema = z
  .looseObject({
    id: z.string().min(1),
    name: z.string(),
    description: z.string().optional(),
    category: z.enum(CATEGORIES),
    searchTerms: z.array(z.string()),
    isCSV: z.boolean(),
    active: z.boolean(),
    default: z.boolean(),
    revisionId: z.string(),
    createdAt: z.number(),
    updatedAt: z.number(),
  })
  .transform(
    (l): LiveKeywordList => ({
      id: l.id,
      name: l.name,
      // The documented response has no description; '' keeps "none" and "not returned" alike.
      description: l.description ?? '',
      category: l.category,
      searchTerms: l.searchTerms,
      revisionId: l.revisionId,
      isCSV: l.isCSV,
      active: l.active,
      default: l.default,
      createdAt: l.createdAt,
      updatedAt: l.updatedAt,
    }),
  );

export const keywordListsResponseSchema = z.looseObject({
  data: z.array(liveKeywordListSchema),
  meta: z.looseObject({ current: z.looseObject({ limit: z.number(), count: z.number() }).optional() }).optional(),
});
export const keywordListResponseSchema = z.looseObject({ data: liveKeywordListSchema });
export const deleteResponseSchema = z.looseObject({
  data: z.looseObject({ success: z.boolean(), message: z.string().optional() }),
});

const BASE = '/moderation/keywords';
const one = (id: string) => `${BASE}/${encodeURIComponent(id)}`;

export async function listKeywordLists(client: CometChatClient): Promise<LiveKeywordList[]> {
  return (await readKeywordListing(client)).lists;
}

/**
 * One GET of all lists, and whether the answer may be cut short: no paging is published, and the
 * published example says `meta.current.limit: 10`, so a full page (count or items >= limit) may
 * hide more lists. Without `meta.current` the answer is taken as whole.
 */
export async function readKeywordListing(client: CometChatClient): Promise<LiveListing> {
  const res = await client.send({ api: 'chat', method: 'GET', path: BASE }, keywordListsResponseSchema);
  const limit = res.meta?.current?.limit;
  const count = Math.max(res.data.length, res.meta?.current?.count ?? 0);
  return { lists: res.data, mayBeTruncated: limit !== undefined && count >= limit };
}

/** Throws ApiError (status 404) when the list does not exist. */
export async function getKeywordList(client: CometChatClient, id: string): Promise<LiveKeywordList> {
  const res = await client.send({ api: 'chat', method: 'GET', path: one(id) }, keywordListResponseSchema);
  return res.data;
}

/** POST; never creates twice: after an ambiguous failure it looks for the list before resending. */
export async function createKeywordList(client: CometChatClient, list: KeywordList): Promise<LiveKeywordList> {
  return createWithConfirmation({
    policy: client.retryPolicy,
    send: async () => {
      const body = keywordListForm(list, client.termsTransport);
      const res = await client.send({ api: 'chat', method: 'POST', path: BASE, body }, keywordListResponseSchema);
      return res.data;
    },
    confirm: () => findKeywordList(client, list.id),
  });
}

export async function updateKeywordList(client: CometChatClient, list: KeywordList): Promise<LiveKeywordList> {
  const body = keywordListForm(list, client.termsTransport);
  const res = await client.send({ api: 'chat', method: 'PUT', path: one(list.id), body }, keywordListResponseSchema);
  return res.data;
}

export async function deleteKeywordList(client: CometChatClient, id: string): Promise<void> {
  const res = await client.send({ api: 'chat', method: 'DELETE', path: one(id) }, deleteResponseSchema);
  if (!res.data.success) {
    throw new ApiError(`DELETE ${one(id)}: the service answered success: false${res.data.message ? `: ${res.data.message}` : ''}`, {
      method: 'DELETE',
      path: one(id),
      status: 200,
    });
  }
}

/** The list, or undefined when the service says it does not exist. */
export async function findKeywordList(client: CometChatClient, id: string): Promise<LiveKeywordList | undefined> {
  try {
    return await getKeywordList(client, id);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return undefined;
    throw err;
  }
}
