// List group messages (spec endpoint 1) and an iterator that follows `meta.next` across pages.
import { z } from 'zod';
import { UsageError } from '../errors.js';
import type { CometChatClient, QueryValue } from './client.js';
import { numberLike, optionalNumber } from './lenient.js';

export const MAX_MESSAGE_LIMIT = 1000;

/**
 * Every query parameter of the seed spec (28; the published description declares all but
 * `hideQuotedMessages`), typed. Timestamps are UNIX seconds. Booleans go as `true`/`false`, arrays
 * as repeated parameters (OpenAPI's default for a query array), `mentionedUids` as one comma list.
 * What is left undefined is not sent.
 */
export interface GroupMessagesQuery {
  searchKey?: string;
  hasAttachments?: boolean;
  /** One value: the published enum is of single values. */
  attachmentTypes?: 'image' | 'video' | 'audio' | 'file';
  hasMentions?: boolean;
  hasLinks?: boolean;
  /** Declared boolean in the spec but meant as UIDs; sent as one comma-separated value. */
  mentionedUids?: readonly string[];
  unread?: boolean;
  undelivered?: boolean;
  count?: boolean;
  hideMessagesFromBlockedUsers?: boolean;
  hideReplies?: boolean;
  affix?: 'append' | 'prepend';
  id?: string;
  category?: string;
  categories?: readonly string[];
  type?: string;
  types?: readonly string[];
  myMentionsOnly?: boolean;
  hasReactions?: boolean;
  sender?: string;
  mentionsWithBlockedInfo?: boolean;
  mentionsWithTagInfo?: boolean;
  /** 1..1000, default 10 on the service. */
  limit?: number;
  fromTimestamp?: number;
  toTimestamp?: number;
  withTags?: boolean;
  tags?: readonly string[];
  /** In the seed only (not in the published description): sent only when set. */
  hideQuotedMessages?: boolean;
  /** Header, not query: act as this user. */
  onBehalfOf?: string;
}

const userEntity = z.looseObject({ uid: z.string() });
export const messageSchema = z.looseObject({
  id: z.union([z.string(), z.number()]).transform(String),
  conversationId: z.string().optional(),
  sender: z.string(),
  receiverType: z.string(),
  receiver: z.string(),
  category: z.string(),
  type: z.string(),
  data: z
    .looseObject({
      text: z.string().optional(),
      entities: z
        .looseObject({
          sender: z.looseObject({ entity: userEntity, entityType: z.string() }).optional(),
          receiver: z.looseObject({ entity: z.looseObject({}), entityType: z.string() }).optional(),
        })
        .optional(),
      metadata: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
  sentAt: numberLike,
  updatedAt: optionalNumber,
});
export type Message = z.output<typeof messageSchema>;

export const messageCursorSchema = z.looseObject({
  affix: z.enum(['append', 'prepend']),
  sentAt: optionalNumber,
  id: z.union([z.string(), z.number()]).transform(String),
});
export type MessageCursor = z.output<typeof messageCursorSchema>;

export const groupMessagesResponseSchema = z.looseObject({
  data: z.array(messageSchema),
  meta: z
    .looseObject({
      current: z.looseObject({ limit: optionalNumber, count: optionalNumber }).nullish(),
      // Absent on the last page.
      next: messageCursorSchema.nullish().transform((v) => v ?? undefined),
    })
    .nullish(),
});
export type GroupMessagesPage = z.output<typeof groupMessagesResponseSchema>;

/** Checks what the spec bounds, before anything is sent. */
export function checkGroupMessagesQuery(query: GroupMessagesQuery): void {
  const { limit } = query;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > MAX_MESSAGE_LIMIT)) {
    throw new UsageError(`limit must be a whole number from 1 to ${MAX_MESSAGE_LIMIT} (got ${limit})`, {
      hint: 'the service pages at most 1000 messages at a time; iterate for more',
    });
  }
}

export function groupMessagesParams(query: GroupMessagesQuery): Record<string, QueryValue> {
  const { onBehalfOf: _header, mentionedUids, ...rest } = query;
  return { ...rest, mentionedUids: mentionedUids?.length ? mentionedUids.join(',') : undefined };
}

export async function listGroupMessages(
  client: CometChatClient,
  guid: string,
  query: GroupMessagesQuery = {},
  onJson?: (json: unknown) => void,
): Promise<GroupMessagesPage> {
  checkGroupMessagesQuery(query);
  return client.send(
    {
      api: 'chat',
      method: 'GET',
      path: `/groups/${encodeURIComponent(guid)}/messages`,
      query: groupMessagesParams(query),
      onBehalfOf: query.onBehalfOf,
      ...(onJson ? { onJson } : {}),
    },
    groupMessagesResponseSchema,
  );
}

export interface PagingOptions {
  /**
   * Ask for the next page as soon as this one's cursor is known (its JSON parsed, before its
   * messages are checked and used): the checking and the caller's work overlap the service's
   * response time. A caller that stops early leaves one page read and dropped, so only callers
   * that mean to read on set it.
   */
  readAhead?: boolean;
}

/** A page being read; `ahead` is the request for the page after it, when it was made early. */
interface PageRead {
  done: Promise<GroupMessagesPage>;
  ahead?: PageRead;
  /** Whether the cursor has been followed already (each page's cursor is followed once). */
  followed: boolean;
}

/**
 * Every page from `query` on, following `meta.next` (affix + id). Stops when no `next` comes back,
 * a page is empty, or the service repeats a cursor (it would loop forever).
 */
export async function* iterateGroupMessagePages(
  client: CometChatClient,
  guid: string,
  query: GroupMessagesQuery = {},
  opts: PagingOptions = {},
): AsyncGenerator<GroupMessagesPage, void, undefined> {
  const seen = new Set<string>();
  const following = (next: MessageCursor | undefined, count: number): GroupMessagesQuery | undefined => {
    if (!next || count === 0) return undefined;
    const key = `${next.affix}:${next.id}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    return { ...query, affix: next.affix, id: next.id };
  };
  // Read-ahead keeps at most one page in flight beyond the one the caller waits for: a page's
  // JSON starts the next request only while the caller is waiting for that page.
  let waitingFor: PageRead | undefined;
  const read = (q: GroupMessagesQuery): PageRead => {
    const r = { followed: false } as PageRead; // `done` is set below, before `early` can run
    const early = (json: unknown) => {
      if (waitingFor !== r) return;
      // The same schema reads `next` from the raw JSON as from the checked page, so both agree.
      const body = (typeof json === 'object' && json !== null ? json : {}) as { data?: unknown; meta?: { next?: unknown } | null };
      const next = messageCursorSchema.safeParse(body.meta?.next);
      r.followed = true;
      const nextQuery = following(next.success ? next.data : undefined, Array.isArray(body.data) ? body.data.length : 0);
      if (nextQuery) r.ahead = readAheadOf(nextQuery);
    };
    r.done = listGroupMessages(client, guid, q, opts.readAhead ? early : undefined);
    return r;
  };
  const readAheadOf = (q: GroupMessagesQuery): PageRead => {
    const r = read(q);
    r.done.catch(() => {}); // a caller that stops early never awaits it; one that reads on sees the error
    return r;
  };
  let current: PageRead | undefined = read(query);
  while (current) {
    waitingFor = current;
    const page: GroupMessagesPage = await current.done;
    waitingFor = undefined;
    let next: PageRead | undefined = current.ahead;
    const nextQuery: GroupMessagesQuery | undefined = current.followed ? undefined : following(page.meta?.next, page.data.length);
    // Read ahead of the caller: the page came while the caller was busy, so its JSON did not start the next.
    if (nextQuery && opts.readAhead) next = readAheadOf(nextQuery);
    yield page;
    current = next ?? (nextQuery ? read(nextQuery) : undefined);
  }
}

/** Every message from `query` on, page by page (see `iterateGroupMessagePages`). */
export async function* iterateGroupMessages(
  client: CometChatClient,
  guid: string,
  query: GroupMessagesQuery = {},
  opts: PagingOptions = {},
): AsyncGenerator<Message, void, undefined> {
  for await (const page of iterateGroupMessagePages(client, guid, query, opts)) yield* page.data;
}

/**
 * The newest `count` text messages of a group, newest first (affix=prepend walks back), as
 * `{id, text}`: what a preview matches. Reads one page ahead when more than one page is wanted.
 */
export async function* newestTextMessages(client: CometChatClient, guid: string, count: number): AsyncGenerator<{ id: string; text: string }, void, undefined> {
  if (count <= 0) return;
  let n = 0;
  const query = { affix: 'prepend' as const, limit: Math.min(count, MAX_MESSAGE_LIMIT) };
  for await (const m of iterateGroupMessages(client, guid, query, { readAhead: count > MAX_MESSAGE_LIMIT })) {
    if (typeof m.data?.text !== 'string') continue;
    yield { id: m.id, text: m.data.text };
    if (++n >= count) return;
  }
}
