// GET /groups/:guid/messages: filters and cursor paging (message-filters.ts), rendered in the
// spec's message shape with sender/receiver entities.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { EmulatorGroup, EmulatorMessage, EmulatorUser } from './data-schema.js';
import type { EmulatorContext } from './context.js';
import { EmulatorHttpError } from './http-errors.js';
import { filterMessages, pageMessages, parseMessageQuery, type MessageQuery } from './message-filters.js';
import { headerParam, type Query } from './query-params.js';

/**
 * `ctx` holds the shared world; `ctxOf` the request's app, whose messages sent through POST
 * /messages (and delivered by its rules) join the group's world messages.
 */
export function registerMessageRoutes(app: FastifyInstance, ctx: EmulatorContext, ctxOf: (request: FastifyRequest) => EmulatorContext = () => ctx): void {
  const users = new Map(ctx.world.users.map((u) => [u.uid, u]));
  const groups = new Map(ctx.world.groups.map((g) => [g.guid, g]));
  const byGroup = new Map<string, EmulatorMessage[]>();
  for (const m of ctx.world.messages) {
    const list = byGroup.get(m.guid) ?? [];
    list.push(m);
    byGroup.set(m.guid, list);
  }
  for (const list of byGroup.values()) list.sort((a, b) => a.id - b.id);
  // The world's messages never change after the seed, so each is rendered to JSON once (with and
  // without tags): a page is then a join of strings, and `--all` waits on the latency, not on this.
  const rendered = [new Map<EmulatorMessage, string>(), new Map<EmulatorMessage, string>()];
  const json = (m: EmulatorMessage, group: EmulatorGroup, q: MessageQuery): string => {
    const cache = rendered[q.withTags ? 1 : 0]!;
    let text = cache.get(m);
    if (text === undefined) cache.set(m, (text = JSON.stringify(renderMessage(m, group, users, q))));
    return text;
  };

  app.get<{ Params: { guid: string }; Querystring: Query }>('/groups/:guid/messages', async (request, reply) => {
    const group = groups.get(request.params.guid);
    if (!group) {
      throw new EmulatorHttpError(404, 'ERR_GUID_NOT_FOUND', `The group with GUID "${request.params.guid}" does not exist.`);
    }
    const onBehalfOf = headerParam(request.headers.onbehalfof);
    const q = parseMessageQuery(request.query, onBehalfOf);
    const world = byGroup.get(group.guid) ?? [];
    // Sent messages have ids above every world message, so the two stay in id order one after the other.
    const sent = ctxOf(request).moderation?.sentTo(group.guid) ?? [];
    const matching = filterMessages(sent.length > 0 ? [...world, ...sent] : world, q, group);
    // `prependWithoutId: 'oldest'`: a service whose prepend without an id reads from the oldest, like append.
    const { page, next } = pageMessages(matching, ctx.prependWithoutId === 'oldest' && q.affix === 'prepend' && q.id === undefined ? { ...q, affix: 'append' } : q);
    const meta = {
      current: { limit: q.limit, count: page.length },
      ...(next ? { next } : {}),
      // The shape for `count=true` is not specified: the total of matching messages is added.
      ...(q.count ? { count: matching.length } : {}),
    };
    return reply.type('application/json; charset=utf-8').send(`{"data":[${page.map((m) => json(m, group, q)).join(',')}],"meta":${JSON.stringify(meta)}}`);
  });
}

export function userEntity(uid: string, users: Map<string, EmulatorUser>) {
  const u = users.get(uid);
  return u ? { ...u } : { uid, name: uid, role: 'default', avatar: '', status: 'offline', createdAt: 0 };
}

export function renderMessage(m: EmulatorMessage, group: EmulatorGroup, users: Map<string, EmulatorUser>, q: Pick<MessageQuery, 'withTags'>) {
  const conversationId = `group_${group.guid}`;
  const data = {
    ...(m.text !== undefined ? { text: m.text } : {}),
    ...(m.attachments.length > 0
      ? {
          url: m.attachments[0]?.url,
          attachments: m.attachments.map((a) => ({ url: a.url, name: a.name, extension: a.url.split('.').pop() ?? '', mimeType: mimeOf(a.type) })),
        }
      : {}),
    entities: {
      sender: { entity: userEntity(m.sender, users), entityType: 'user' },
      receiver: {
        entity: { guid: group.guid, name: group.name, type: group.type, createdAt: group.createdAt, conversationId },
        entityType: 'group',
      },
    },
    metadata: m.metadata,
  };
  return {
    id: String(m.id),
    conversationId,
    ...(m.parentId !== undefined ? { parentId: String(m.parentId) } : {}),
    sender: m.sender,
    receiverType: 'group',
    receiver: group.guid,
    category: m.category,
    type: m.type,
    data,
    sentAt: m.sentAt,
    updatedAt: m.updatedAt ?? m.sentAt,
    ...(m.mentions.length > 0 ? { mentionedUsers: m.mentions.map((uid) => userEntity(uid, users)) } : {}),
    ...(m.reactions.length > 0 ? { reactions: m.reactions.map((r) => ({ reaction: r.reaction, count: r.uids.length })) } : {}),
    ...(q.withTags ? { tags: m.tags } : {}),
  };
}

function mimeOf(type: string): string {
  return { image: 'image/png', video: 'video/mp4', audio: 'audio/mpeg', file: 'application/pdf' }[type] ?? 'application/octet-stream';
}
