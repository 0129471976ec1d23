// Sending a message and what the rules did with it:
// - POST /messages (the published Send Message route, rest-api/messages/send-message; header
//   onBehalfOf names the sender): a text message to a group runs through the app's enabled rules
//   (rule-engine.ts). Delivered, it joins the group's messages; blocked, it does not, and it is
//   listed by GET /moderation/blocked-messages. The answer is the message either way, a blocked one
//   with `data.moderation: {status: "disapproved"}` (what the service answers is not published).
// - GET /moderation/blocked-messages: the published item shape and meta.current, newest first.
// - PATCH /moderation/blocked-messages/:id: approve ({status: "approved"}: delivered) or review
//   ({status, reviewed: true}: stays blocked, leaves the list for GET /moderation/reviewed-messages).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorContext } from './context.js';
import type { EmulatorMessage } from './data-schema.js';
import { badRequest, EmulatorHttpError } from './http-errors.js';
import { renderMessage } from './message-routes.js';
import { headerParam, intParam, type Query } from './query-params.js';
import { MatcherCache, judgeMessage } from './rule-engine.js';
import { renderCondition } from './rule-store.js';
import type { BlockedRecord } from './moderation-log.js';

export const BLOCKED_DEFAULT_LIMIT = 50;
export const MESSAGE_ID_NOT_FOUND = 'ERR_MESSAGE_ID_NOT_FOUND';
/** The longest text the emulator takes in one message (the service's limit is not published here). */
const MAX_TEXT = 64 * 1024;

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export function registerModerationRoutes(app: FastifyInstance, world: EmulatorContext, ctxOf: (request: FastifyRequest) => EmulatorContext): void {
  const users = new Map(world.world.users.map((u) => [u.uid, u]));
  const groups = new Map(world.world.groups.map((g) => [g.guid, g]));
  const caches = new WeakMap<EmulatorContext, MatcherCache>();
  const cacheOf = (ctx: EmulatorContext) => {
    let c = caches.get(ctx);
    if (!c) caches.set(ctx, (c = new MatcherCache()));
    return c;
  };

  app.post('/messages', async (request) => {
    const ctx = ctxOf(request);
    const log = ctx.moderation;
    if (!log) throw new EmulatorHttpError(500, 'ERR_INTERNAL', 'This app keeps no moderation log.');
    const sender = headerParam(request.headers.onbehalfof);
    if (sender === undefined) throw badRequest('The onBehalfOf header is required: the UID of the user sending the message.');
    if (!users.has(sender)) throw new EmulatorHttpError(404, 'ERR_UID_NOT_FOUND', `The user with UID "${sender}" does not exist.`);
    const body = request.body;
    if (!isRecord(body)) throw badRequest('The message must be a JSON object: {receiver, receiverType, category, type, data: {text}}.');
    const problems: string[] = [];
    if (typeof body.receiver !== 'string' || body.receiver === '') problems.push('receiver is required');
    if (body.receiverType !== 'group') problems.push(`receiverType must be "group" (the emulator sends group messages only), not ${JSON.stringify(body.receiverType)}`);
    if ((body.category ?? 'message') !== 'message') problems.push(`category must be "message", not ${JSON.stringify(body.category)}`);
    if ((body.type ?? 'text') !== 'text') problems.push(`type must be "text" (the emulator sends text messages only), not ${JSON.stringify(body.type)}`);
    const data = isRecord(body.data) ? body.data : undefined;
    const text = data?.text;
    if (typeof text !== 'string' || text === '') problems.push('data.text is required');
    else if (text.length > MAX_TEXT) problems.push(`data.text is ${text.length} characters; the emulator takes at most ${MAX_TEXT}`);
    if (problems.length > 0) throw badRequest(`Invalid message: ${problems.join('; ')}.`);
    const group = groups.get(body.receiver as string);
    if (!group) throw new EmulatorHttpError(404, 'ERR_GUID_NOT_FOUND', `The group with GUID "${String(body.receiver)}" does not exist.`);

    const now = Math.floor(Date.now() / 1000);
    const metadata = isRecord(data?.metadata) ? data.metadata : {};
    const message: EmulatorMessage = {
      id: log.takeId(),
      guid: group.guid,
      sender,
      category: 'message',
      type: 'text',
      text: text as string,
      sentAt: now,
      mentions: [],
      attachments: [],
      tags: [],
      reactions: [],
      metadata,
    };
    const verdicts = judgeMessage({ text: text as string, sender: users.get(sender), senderUid: sender, group }, ctx.rules.all(), (id) => ctx.keywords.all().find((l) => l.id === id), {
      combine: ctx.ruleConditions ?? 'any',
      cache: cacheOf(ctx),
    });
    const blocking = verdicts.find((v) => v.blocks);
    const rendered = renderMessage(message, group, users, { withTags: false });
    if (blocking) {
      log.block({
        ruleId: blocking.rule.id,
        ruleName: blocking.rule.name,
        revisionId: ctx.rules.revisionId(blocking.rule),
        condition: structuredClone(blocking.condition),
        action: [...blocking.rule.action],
        message,
        muid: typeof body.muid === 'string' ? body.muid : `_emu${message.id}`,
        createdAt: now,
        updatedAt: now,
      });
      await ctx.persist();
      return { data: { ...rendered, data: { ...rendered.data, moderation: { status: 'disapproved' } } } };
    }
    log.deliver(message);
    await ctx.persist();
    return { data: rendered };
  });

  const renderBlocked = (b: BlockedRecord) => {
    const group = groups.get(b.message.guid);
    const m = group ? renderMessage(b.message, group, users, { withTags: false }) : undefined;
    return {
      ruleId: b.ruleId,
      ruleName: b.ruleName,
      revisionId: b.revisionId,
      condition: { ...renderCondition(b.condition), weight: 1 },
      message: m
        ? {
            id: m.id,
            muid: b.muid,
            conversationId: m.conversationId,
            sender: m.sender,
            receiverType: m.receiverType,
            receiver: m.receiver,
            category: m.category,
            type: m.type,
            data: { ...m.data, moderation: b.reviewed ? { status: 'disapproved', rule: { id: b.ruleId, name: b.ruleName } } : { status: 'pending' } },
            sentAt: m.sentAt,
            updatedAt: m.updatedAt,
          }
        : { id: String(b.message.id), muid: b.muid, sender: b.message.sender, receiverType: 'group', receiver: b.message.guid, category: 'message', type: 'text', data: { text: b.message.text }, sentAt: b.message.sentAt, updatedAt: b.message.sentAt },
      action: [...b.action],
      createdAt: b.createdAt,
      updatedAt: b.updatedAt,
    };
  };

  // No query parameter is published; the emulator honours `limit` (as the rules listing does) and
  // answers the newest first.
  app.get<{ Querystring: Query }>('/moderation/blocked-messages', async (request) => {
    const ctx = ctxOf(request);
    const limit = intParam(request.query, 'limit', { min: 1, max: 1000 }) ?? ctx.blockedListLimit ?? BLOCKED_DEFAULT_LIMIT;
    const items = (ctx.moderation?.pending() ?? []).slice(0, limit).map(renderBlocked);
    return { data: items, meta: { current: { limit, count: items.length } } };
  });

  app.get<{ Querystring: Query }>('/moderation/reviewed-messages', async (request) => {
    const ctx = ctxOf(request);
    const limit = intParam(request.query, 'limit', { min: 1, max: 1000 }) ?? BLOCKED_DEFAULT_LIMIT;
    const items = (ctx.moderation?.reviewedItems() ?? []).slice(0, limit).map((b) => ({
      ...renderBlocked(b),
      blockedAt: `${b.createdAt}.${String(b.message.id).padStart(15, '0')}`,
      appId: ctx.keywords.appHash,
    }));
    return { data: items, meta: { current: { limit, count: items.length } } };
  });

  app.patch<{ Params: { id: string } }>('/moderation/blocked-messages/:id', async (request) => {
    const ctx = ctxOf(request);
    const body = request.body;
    if (!isRecord(body) || (body.status !== 'approved' && body.status !== 'rejected')) {
      throw badRequest('Invalid body: status is required, "approved" (or "rejected" with reviewed: true).');
    }
    if (body.reviewed !== undefined && typeof body.reviewed !== 'boolean') throw badRequest('Invalid body: reviewed must be true or false.');
    if (body.status === 'rejected' && body.reviewed !== true) throw badRequest('Invalid body: status "rejected" is a review; send reviewed: true with it.');
    const record = ctx.moderation?.pendingById(request.params.id);
    if (!ctx.moderation || !record) throw new EmulatorHttpError(404, MESSAGE_ID_NOT_FOUND, `No blocked message has the ID "${request.params.id}".`);
    if (body.reviewed === true) {
      ctx.moderation.review(record, body.status, Math.floor(Date.now() / 1000));
      await ctx.persist();
      return { data: { success: true, message: `Message with ID ${request.params.id} has been reviewed successfully.` } };
    }
    ctx.moderation.approve(record);
    await ctx.persist();
    return { data: { success: true, message: `Message with ID ${request.params.id} has been approved.` } };
  });
}
