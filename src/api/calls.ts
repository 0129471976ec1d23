// Calls API: list calls (page/perPage over meta.pagination), iterate all pages, get one call.
import { z } from 'zod';
import { UsageError } from '../errors.js';
import type { CometChatClient, QueryValue } from './client.js';

export const CALL_STATUSES = ['initiated', 'ongoing', 'ended', 'unanswered', 'rejected', 'canceled'] as const;

export interface CallsQuery {
  type?: 'audio' | 'video';
  mode?: 'call' | 'meet' | 'presenter';
  status?: (typeof CALL_STATUSES)[number];
  receiverType?: 'user' | 'group';
  uid?: string;
  /** UNIX seconds. */
  startedAt?: number;
  endedAt?: number;
  participantsCount?: number;
  hasRecording?: boolean;
  hasTranscription?: boolean;
  page?: number;
  perPage?: number;
  /** Header, not query: scope the list to one user. */
  onBehalfOf?: string;
}

export const participantSchema = z.looseObject({
  uid: z.string(),
  totalAudioMinutes: z.number().optional(),
  totalVideoMinutes: z.number().optional(),
  totalDurationInMinutes: z.number().optional(),
  deviceId: z.string().optional(),
  isJoined: z.boolean().optional(),
  joinedAt: z.number().optional(),
  leftAt: z.number().optional(),
  state: z.string().optional(),
});

export const recordingSchema = z.looseObject({
  rid: z.string(),
  duration: z.number(),
  startTime: z.number(),
  endTime: z.number(),
  recording_url: z.string(),
});

export const callSchema = z.looseObject({
  sessionId: z.string(),
  type: z.enum(['audio', 'video']),
  mode: z.enum(['call', 'meet', 'presenter']),
  receiverType: z.enum(['user', 'group']),
  status: z.enum(CALL_STATUSES),
  totalAudioMinutes: z.number().optional(),
  totalVideoMinutes: z.number().optional(),
  totalDurationInMinutes: z.number().optional(),
  totalDuration: z.string().optional(),
  totalParticipants: z.number().optional(),
  hasRecording: z.boolean().optional(),
  hasTranscription: z.boolean().optional(),
  startedAt: z.number().optional(),
  endedAt: z.number().optional(),
  initiator: z.string().optional(),
  receiver: z.string().optional(),
  participants: z.array(participantSchema).optional(),
  recordings: z.array(recordingSchema).optional(),
});
export type Call = z.output<typeof callSchema>;

export const paginationSchema = z.looseObject({
  total: z.number(),
  count: z.number(),
  per_page: z.number(),
  current_page: z.number(),
  total_pages: z.number(),
});

export const callsResponseSchema = z.looseObject({
  data: z.array(callSchema),
  meta: z.looseObject({ pagination: paginationSchema }),
});
export type CallsPage = z.output<typeof callsResponseSchema>;

export const callResponseSchema = z.looseObject({ data: callSchema });

function checkPaging(query: CallsQuery): void {
  for (const key of ['page', 'perPage'] as const) {
    const v = query[key];
    if (v !== undefined && (!Number.isInteger(v) || v < 1)) {
      throw new UsageError(`${key} must be a whole number of at least 1 (got ${v})`);
    }
  }
}

export async function listCalls(client: CometChatClient, query: CallsQuery = {}): Promise<CallsPage> {
  checkPaging(query);
  const { onBehalfOf, ...params } = query;
  return client.send(
    { api: 'calls', method: 'GET', path: '/calls', query: params as Record<string, QueryValue>, onBehalfOf },
    callsResponseSchema,
  );
}

/** Every call matching `query`, from `query.page` (default 1) to the last page. */
export async function* iterateCalls(client: CometChatClient, query: CallsQuery = {}): AsyncGenerator<Call, void, undefined> {
  let page = query.page ?? 1;
  for (;;) {
    const res = await listCalls(client, { ...query, page });
    yield* res.data;
    const { current_page, total_pages } = res.meta.pagination;
    // Advance from what we asked for, so a server echoing a stale current_page cannot loop us.
    if (res.data.length === 0 || current_page >= total_pages || page >= total_pages) return;
    page += 1;
  }
}

export async function getCall(client: CometChatClient, sessionId: string, opts: { onBehalfOf?: string } = {}): Promise<Call> {
  const res = await client.send(
    { api: 'calls', method: 'GET', path: `/calls/${encodeURIComponent(sessionId)}`, onBehalfOf: opts.onBehalfOf },
    callResponseSchema,
  );
  return res.data;
}
