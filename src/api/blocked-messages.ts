// What the rules really blocked: GET /moderation/blocked-messages (cometchat-moderation-rules.md 7)
// and PATCH /moderation/blocked-messages/{id} (8). No query parameter of the listing is published
// (the dashboard filters by date, rule and sender; the REST names are unknown), so the read sends
// none, follows pages only where the answer's meta says how (listing-pages.ts), stops at a cap of
// pages and items, and filters by time and rule itself. `complete` says when it may hold less.
import { z } from 'zod';
import type { CometChatClient } from './client.js';
import { optionalNumber, optionalText, textLike } from './lenient.js';
import { readListingPages } from './listing-pages.js';
import { ruleConditionSchema, type RuleCondition } from './rules.js';

/** One blocked message, normalised. */
export interface BlockedMessage {
  ruleId: string;
  ruleName: string;
  /** The revision of the rule that fired (opaque). */
  revisionId: string;
  /** The matched condition; for a list condition its `value` holds the list id. Absent when not answered. */
  condition?: RuleCondition;
  message: { id: string; sender: string; receiver: string; receiverType: string; text?: string; sentAt?: number };
  action: string[];
  createdAt?: number;
}

const wireBlockedSchema = z.looseObject({
  ruleId: textLike,
  ruleName: optionalText,
  revisionId: optionalText,
  condition: ruleConditionSchema.nullish(),
  message: z.looseObject({
    id: textLike,
    sender: optionalText,
    receiver: optionalText,
    receiverType: optionalText,
    data: z.looseObject({ text: z.string().nullish() }).nullish(),
    sentAt: optionalNumber,
  }),
  action: z.union([textLike.transform((v) => [v]), z.array(textLike)]).nullish(),
  createdAt: optionalNumber,
});

/** A whole listing as the client reads its items, for the contract tests. */
export const blockedMessagesResponseSchema = z.looseObject({ data: z.array(wireBlockedSchema), meta: z.unknown() });

/** One item as kwsync reads it, or undefined when it is not a blocked message. */
export function readBlockedMessage(item: unknown): BlockedMessage | undefined {
  const parsed = wireBlockedSchema.safeParse(item);
  if (!parsed.success) return undefined;
  const b = parsed.data;
  const text = b.message.data?.text;
  return {
    ruleId: b.ruleId,
    ruleName: b.ruleName ?? '',
    revisionId: b.revisionId ?? '',
    ...(b.condition != null ? { condition: b.condition } : {}),
    message: {
      id: b.message.id,
      sender: b.message.sender ?? '',
      receiver: b.message.receiver ?? '',
      receiverType: b.message.receiverType ?? '',
      ...(typeof text === 'string' ? { text } : {}),
      ...(b.message.sentAt !== undefined ? { sentAt: b.message.sentAt } : {}),
    },
    action: b.action ?? [],
    ...(b.createdAt !== undefined ? { createdAt: b.createdAt } : {}),
  };
}

export interface BlockedMessagesQuery {
  /** UNIX seconds: only items created (blocked) at or after it (filtered by kwsync). */
  since?: number;
  /** Only this rule's items (filtered by kwsync). */
  ruleId?: string;
  /** At most this many items are kept. */
  maxItems: number;
  /** At most this many requests (default 10). */
  maxPages?: number;
}

export interface BlockedMessagesRead {
  items: BlockedMessage[];
  /** False when more may exist than were read: a cap reached, a full page nothing says how to follow, unreadable items. */
  complete: boolean;
  reason?: string;
}

export const BLOCKED_PATH = '/moderation/blocked-messages';
const envelopeSchema = z.looseObject({ data: z.array(z.unknown()), meta: z.unknown() });

/** The blocked messages, bounded in pages and items; filtered by `since` and `ruleId` on kwsync's side. */
export async function listBlockedMessages(client: CometChatClient, query: BlockedMessagesQuery): Promise<BlockedMessagesRead> {
  const maxPages = query.maxPages ?? 10;
  const read = await readListingPages(
    (q) => client.send({ api: 'chat', method: 'GET', path: BLOCKED_PATH, query: q }, envelopeSchema),
    'none',
    { maxPages, maxItems: Math.max(query.maxItems, 1) * 4, pageSize: 100 },
  );
  const items: BlockedMessage[] = [];
  let unreadable = 0;
  let capped = false;
  for (const raw of read.items) {
    const item = readBlockedMessage(raw);
    if (!item) {
      unreadable += 1;
      continue;
    }
    if (query.ruleId !== undefined && item.ruleId !== query.ruleId) continue;
    if (query.since !== undefined && (item.createdAt ?? item.message.sentAt ?? Infinity) < query.since) continue;
    if (items.length >= query.maxItems) {
      capped = true;
      break;
    }
    items.push(item);
  }
  const reasons = [
    ...(read.incomplete !== undefined ? [`the listing ${read.incomplete.replace(/\blists\b/g, 'items')}`] : []),
    ...(capped ? [`more than ${query.maxItems} items matched; ${query.maxItems} were kept`] : []),
    ...(unreadable > 0 ? [`${unreadable} item${unreadable === 1 ? '' : 's'} did not read as a blocked message`] : []),
  ];
  return reasons.length > 0 ? { items, complete: false, reason: reasons.join('; ') } : { items, complete: true };
}

export const patchAnswerSchema = z.looseObject({ data: z.looseObject({ success: z.boolean().optional(), message: z.string().optional() }) });

/** PATCH {status: "approved"}: the message is delivered ([R][M] approve). */
export async function approveBlockedMessage(client: CometChatClient, messageId: string): Promise<{ success: boolean; message?: string }> {
  const res = await client.send({ api: 'chat', method: 'PATCH', path: `${BLOCKED_PATH}/${encodeURIComponent(messageId)}`, json: { status: 'approved' } }, patchAnswerSchema);
  return { success: res.data.success ?? true, ...(res.data.message !== undefined ? { message: res.data.message } : {}) };
}

/** PATCH {status, reviewed: true}: reviewed, the message stays blocked and leaves the blocked list ([R] review). */
export async function reviewBlockedMessage(client: CometChatClient, messageId: string, status: 'approved' | 'rejected'): Promise<{ success: boolean; message?: string }> {
  const res = await client.send({ api: 'chat', method: 'PATCH', path: `${BLOCKED_PATH}/${encodeURIComponent(messageId)}`, json: { status, reviewed: true } }, patchAnswerSchema);
  return { success: res.data.success ?? true, ...(res.data.message !== undefined ? { message: res.data.message } : {}) };
}
