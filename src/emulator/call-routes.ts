// The Calls API: GET /calls (filters, page/perPage paging, newest first) and GET /calls/:sessionId,
// in the shapes of the published examples.
import type { FastifyInstance } from 'fastify';
import { callSchema, type EmulatorCall } from './data-schema.js';
import type { EmulatorContext } from './context.js';
import { EmulatorHttpError } from './http-errors.js';
import { boolParam, enumParam, headerParam, intParam, stringParam, type Query } from './query-params.js';

export function registerCallRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const calls = [...ctx.world.calls].sort((a, b) => b.initiatedAt - a.initiatedAt || a.sessionId.localeCompare(b.sessionId));

  app.get<{ Querystring: Query }>('/calls', async (request) => {
    const matches = callFilter(request.query, headerParam(request.headers.onbehalfof));
    // Not declared on /calls in the published description, yet its answer is paginated: read both.
    const page = ctx.callsIgnorePage ? 1 : (intParam(request.query, 'page', { min: 1 }) ?? 1);
    const perPage = intParam(request.query, 'perPage', { min: 1, max: 100 }) ?? 25;
    const all = calls.filter(matches);
    const data = all.slice((page - 1) * perPage, page * perPage).map(renderListedCall);
    // The published example's pagination, which has no per_page.
    const pagination = {
      total: all.length,
      count: data.length,
      total_pages: Math.max(1, Math.ceil(all.length / perPage)),
      current_page: page,
    };
    return { data, meta: { pagination } };
  });

  app.get<{ Params: { sessionId: string } }>('/calls/:sessionId', async (request) => {
    const call = calls.find((c) => c.sessionId === request.params.sessionId);
    if (!call) {
      throw new EmulatorHttpError(404, 'ERR_CALL_SESSION_NOT_FOUND', `The call session "${request.params.sessionId}" does not exist.`);
    }
    return { data: renderCall(call) };
  });
}

/** A participant as published: minutes under `totalDuration` (the seed calls it totalDurationInMinutes). */
function renderParticipant(p: EmulatorCall['participants'][number], mid: string) {
  const { totalDurationInMinutes, ...rest } = p;
  return { ...rest, totalDuration: totalDurationInMinutes, ...(mid ? { mid } : {}) };
}

/**
 * GET /calls/:sessionId as published: the call with `metaData` and `tags`; `transcriptions` and
 * `recordings` only when it has them (the description: "recordings and transcriptions ... if
 * present"). Where recordings sit is an assumption: the seed defines them, no example shows one.
 */
function renderCall(call: EmulatorCall) {
  const { transcriptions, recordings, participants, ...rest } = structuredClone(call);
  return {
    ...rest,
    participants: participants.map((p) => renderParticipant(p, call.mid)),
    ...(call.hasTranscription ? { transcriptions } : {}),
    ...(recordings.length > 0 ? { recordings } : {}),
  };
}

/** The listing leaves out recordings, transcriptions, metaData and tags, as its example does. */
function renderListedCall(call: EmulatorCall) {
  const { recordings: _r, metaData: _m, tags: _t, transcriptions: _x, participants, ...listed } = structuredClone(call);
  return { ...listed, participants: participants.map((p) => renderParticipant(p, call.mid)) };
}

const tookPart = (c: EmulatorCall, uid: string) =>
  c.initiator === uid || c.receiver === uid || c.participants.some((p) => p.uid === uid);

function callFilter(query: Query, onBehalfOf: string | undefined): (c: EmulatorCall) => boolean {
  // The filters accept exactly the values a call can hold.
  const { shape } = callSchema;
  const type = enumParam(query, 'type', shape.type.options);
  const mode = enumParam(query, 'mode', shape.mode.options);
  const status = enumParam(query, 'status', shape.status.options);
  const receiverType = enumParam(query, 'receiverType', shape.receiverType.options);
  const uid = stringParam(query, 'uid');
  const startedAt = intParam(query, 'startedAt');
  const endedAt = intParam(query, 'endedAt');
  const participantsCount = intParam(query, 'participantsCount', { min: 0 });
  const hasRecording = boolParam(query, 'hasRecording');
  const hasTranscription = boolParam(query, 'hasTranscription');
  return (c) =>
    (type === undefined || c.type === type) &&
    (mode === undefined || c.mode === mode) &&
    (status === undefined || c.status === status) &&
    (receiverType === undefined || c.receiverType === receiverType) &&
    (uid === undefined || tookPart(c, uid)) &&
    (onBehalfOf === undefined || tookPart(c, onBehalfOf)) &&
    (startedAt === undefined || c.startedAt >= startedAt) &&
    (endedAt === undefined || (c.endedAt !== undefined && c.endedAt <= endedAt)) &&
    (participantsCount === undefined || c.totalParticipants === participantsCount) &&
    (hasRecording === undefined || c.hasRecording === hasRecording) &&
    (hasTranscription === undefined || c.hasTranscription === hasTranscription);
}
