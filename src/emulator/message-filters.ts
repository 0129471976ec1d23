// The filters and cursor paging of GET /groups/:guid/messages, as pure functions over the
// stored messages of one group (ascending by id). A boolean filter set to false filters nothing.
import type { EmulatorGroup, EmulatorMessage } from './data-schema.js';
import { ATTACHMENT_TYPES } from './data-schema.js';
import { badRequest } from './http-errors.js';
import { boolParam, enumParam, intParam, listParam, stringParam, type Query } from './query-params.js';

export interface MessageQuery {
  limit: number;
  affix: 'append' | 'prepend';
  id?: number;
  fromTimestamp?: number;
  toTimestamp?: number;
  searchKey?: string;
  sender?: string;
  categories?: string[];
  types?: string[];
  tags?: string[];
  withTags: boolean;
  hideReplies: boolean;
  hasMentions: boolean;
  mentionedUids?: string[];
  hasAttachments: boolean;
  attachmentTypes?: string[];
  hasLinks: boolean;
  hasReactions: boolean;
  /** UID whose unread messages are wanted (`unread=true` with `onBehalfOf`). */
  unreadFor?: string;
  count: boolean;
}

/** Parameters of the spec the emulator's world has nothing for (see parseMessageQuery). */
export const UNMODELLED_FLAGS = ['undelivered', 'hideMessagesFromBlockedUsers', 'mentionsWithBlockedInfo', 'mentionsWithTagInfo', 'hideQuotedMessages'] as const;

const LINK = /\bhttps?:\/\/\S+/i;

export function parseMessageQuery(query: Query, onBehalfOf: string | undefined): MessageQuery {
  const myMentionsOnly = boolParam(query, 'myMentionsOnly') ?? false;
  const unread = boolParam(query, 'unread') ?? false;
  if ((myMentionsOnly || unread) && !onBehalfOf) {
    throw badRequest(`${myMentionsOnly ? 'myMentionsOnly' : 'unread'} needs the onBehalfOf header with a user UID.`);
  }
  const id = stringParam(query, 'id');
  if (id !== undefined && !/^\d+$/.test(id)) throw badRequest(`The query parameter id must be a message id, not "${id}".`);
  const attachmentTypes = listParam(query, 'attachmentTypes');
  const badType = attachmentTypes?.find((t) => !(ATTACHMENT_TYPES as readonly string[]).includes(t));
  if (badType) throw badRequest(`attachmentTypes may hold ${ATTACHMENT_TYPES.join(', ')}, not "${badType}".`);
  // The world holds no blocked users, delivery receipts, quoted messages or user tags: these are
  // checked (a bad value is 400, as for every boolean) and change nothing.
  for (const name of UNMODELLED_FLAGS) boolParam(query, name);
  const mentioned = listParam(query, 'mentionedUids') ?? [];
  if (myMentionsOnly && onBehalfOf) mentioned.push(onBehalfOf);
  return {
    limit: intParam(query, 'limit', { min: 1, max: 1000 }) ?? 10,
    affix: enumParam(query, 'affix', ['append', 'prepend'] as const) ?? 'append',
    id: id === undefined ? undefined : Number(id),
    fromTimestamp: intParam(query, 'fromTimestamp'),
    toTimestamp: intParam(query, 'toTimestamp'),
    searchKey: stringParam(query, 'searchKey')?.toLowerCase(),
    sender: stringParam(query, 'sender'),
    categories: merge(listParam(query, 'category'), listParam(query, 'categories')),
    types: merge(listParam(query, 'type'), listParam(query, 'types')),
    tags: listParam(query, 'tags'),
    withTags: boolParam(query, 'withTags') ?? false,
    hideReplies: boolParam(query, 'hideReplies') ?? false,
    hasMentions: boolParam(query, 'hasMentions') ?? false,
    mentionedUids: mentioned.length > 0 ? mentioned : undefined,
    hasAttachments: boolParam(query, 'hasAttachments') ?? false,
    attachmentTypes,
    hasLinks: boolParam(query, 'hasLinks') ?? false,
    hasReactions: boolParam(query, 'hasReactions') ?? false,
    unreadFor: unread ? onBehalfOf : undefined,
    count: boolParam(query, 'count') ?? false,
  };
}

function merge(a: string[] | undefined, b: string[] | undefined): string[] | undefined {
  return a || b ? [...(a ?? []), ...(b ?? [])] : undefined;
}

/** Every message of the group that passes all filters (paging not applied), ascending by id. */
export function filterMessages(messages: readonly EmulatorMessage[], q: MessageQuery, group: EmulatorGroup): EmulatorMessage[] {
  const readUpTo = q.unreadFor === undefined ? 0 : (group.readUpTo[q.unreadFor] ?? 0);
  return messages.filter((m) => {
    if (q.fromTimestamp !== undefined && m.sentAt < q.fromTimestamp) return false;
    if (q.toTimestamp !== undefined && m.sentAt > q.toTimestamp) return false;
    if (q.searchKey !== undefined && !(m.text ?? '').toLowerCase().includes(q.searchKey)) return false;
    if (q.sender !== undefined && m.sender !== q.sender) return false;
    if (q.categories && !q.categories.includes(m.category)) return false;
    if (q.types && !q.types.includes(m.type)) return false;
    if (q.tags && !m.tags.some((t) => q.tags?.includes(t))) return false;
    if (q.hideReplies && m.parentId !== undefined) return false;
    if (q.hasMentions && m.mentions.length === 0) return false;
    if (q.mentionedUids && !m.mentions.some((u) => q.mentionedUids?.includes(u))) return false;
    if (q.hasAttachments && m.attachments.length === 0) return false;
    if (q.attachmentTypes && !m.attachments.some((a) => q.attachmentTypes?.includes(a.type))) return false;
    if (q.hasLinks && !LINK.test(m.text ?? '')) return false;
    if (q.hasReactions && m.reactions.length === 0) return false;
    if (q.unreadFor !== undefined && (m.sender === q.unreadFor || m.id <= readUpTo)) return false;
    return true;
  });
}

export interface MessagePage {
  page: EmulatorMessage[];
  /** The cursor for the following page, only when more messages follow in that direction. */
  next?: { affix: 'append' | 'prepend'; sentAt: number; id: string };
}

/** `append`: the first `limit` after `id`; `prepend`: the last `limit` before `id`. */
export function pageMessages(matching: readonly EmulatorMessage[], q: MessageQuery): MessagePage {
  if (q.affix === 'append') {
    const start = q.id === undefined ? 0 : firstIndexAfter(matching, q.id);
    const page = matching.slice(start, start + q.limit);
    const last = page[page.length - 1];
    const more = start + q.limit < matching.length;
    return more && last ? { page, next: { affix: 'append', sentAt: last.sentAt, id: String(last.id) } } : { page };
  }
  const end = q.id === undefined ? matching.length : firstIndexAfter(matching, q.id - 1);
  const start = Math.max(0, end - q.limit);
  const page = matching.slice(start, end);
  const first = page[0];
  return start > 0 && first ? { page, next: { affix: 'prepend', sentAt: first.sentAt, id: String(first.id) } } : { page };
}

/** Index of the first message with an id greater than `id` (binary search: ids ascend). */
function firstIndexAfter(messages: readonly EmulatorMessage[], id: number): number {
  let lo = 0;
  let hi = messages.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((messages[mid] as EmulatorMessage).id <= id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
