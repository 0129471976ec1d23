// Calls API: list calls (page/perPage over meta.pagination), iterate all pages, get one call.
import { z } from 'zod';
import { KwsyncError, UsageError } from '../errors.js';
import type { CometChatClient, QueryValue } from './client.js';
import { numberLike, optionalBoolean, optionalNumber, optionalText, textLike } from './lenient.js';

/** What `--status` may ask for: the published enum, `unanswered` from its text, and the seed's six. */
export const CALL_STATUSES = ['initiated', 'ongoing', 'ended', 'unanswered', 'rejected', 'canceled'] as const;

/** The `status` filter values the published description lists: its enum plus `unanswered` from its text. */
export const PUBLISHED_STATUS_FILTER: readonly string[] = ['rejected', 'ongoing', 'ended', 'unanswered'];

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

// The published schema types minutes and deviceId as integers while its examples send floats and
// text; `totalDuration` is a number of minutes on a participant and "00:00:19" on a call. Read all.
export const participantSchema = z
  .looseObject({
    uid: z.string(),
    totalAudioMinutes: optionalNumber,
    totalVideoMinutes: optionalNumber,
    totalDurationInMinutes: optionalNumber,
    totalDuration: z.union([numberLike, z.string()]).nullish(),
    deviceId: optionalText,
    isJoined: optionalBoolean,
    joinedAt: optionalNumber,
    leftAt: optionalNumber,
    state: optionalText,
  })
  .transform((p) => {
    const minutes = p.totalDurationInMinutes ?? (typeof p.totalDuration === 'number' ? p.totalDuration : undefined);
    return { ...p, totalDurationInMinutes: minutes };
  });

// Where recordings sit is not published (an assumption): every field optional but the id.
export const recordingSchema = z.looseObject({
  rid: textLike,
  duration: optionalNumber,
  startTime: optionalNumber,
  endTime: optionalNumber,
  recording_url: optionalText,
});

export const callSchema = z.looseObject({
  sessionId: z.string(),
  // The schema says string for all four; the query enums are no promise about what comes back.
  type: z.string(),
  mode: z.string(),
  receiverType: z.string(),
  /** rejected|ongoing|ended in the enum, unanswered in the text, six in the seed; any is read. */
  status: z.string(),
  totalAudioMinutes: optionalNumber,
  totalVideoMinutes: optionalNumber,
  totalDurationInMinutes: optionalNumber,
  // "00:00:19" in the examples, integer in the schema: shown as given.
  totalDuration: optionalText,
  totalParticipants: optionalNumber,
  hasRecording: optionalBoolean,
  hasTranscription: optionalBoolean,
  initiatedAt: optionalNumber,
  startedAt: optionalNumber,
  endedAt: optionalNumber,
  initiator: optionalText,
  receiver: optionalText,
  mid: optionalText,
  participants: z.array(participantSchema).nullish().transform((v) => v ?? undefined),
  recordings: z.array(recordingSchema).nullish().transform((v) => v ?? undefined),
  transcriptions: z.array(z.looseObject({})).nullish().transform((v) => v ?? undefined),
  metaData: z.unknown().optional(),
  tags: z.array(z.unknown()).nullish().transform((v) => v ?? undefined),
});
export type Call = z.output<typeof callSchema>;

// `per_page` is in the schema but not in the published example: only what paging needs is read.
export const paginationSchema = z.looseObject({
  total: optionalNumber,
  count: optionalNumber,
  per_page: optionalNumber,
  current_page: optionalNumber,
  total_pages: optionalNumber,
});

export type CallsPagination = z.output<typeof paginationSchema>;

export const callsResponseSchema = z.looseObject({
  data: z.array(callSchema),
  meta: z.looseObject({ pagination: paginationSchema.nullish().transform((v) => v ?? undefined) }).nullish(),
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

/**
 * GET /calls. The published description declares no page/perPage on /calls yet publishes
 * `meta.pagination`, so `page` is sent only after the first page and `perPage` only when asked.
 */
export async function listCalls(client: CometChatClient, query: CallsQuery = {}): Promise<CallsPage> {
  checkPaging(query);
  const { onBehalfOf, page, ...params } = query;
  return client.send(
    {
      api: 'calls',
      method: 'GET',
      path: '/calls',
      query: { ...params, page: page !== undefined && page > 1 ? page : undefined } as Record<string, QueryValue>,
      onBehalfOf,
    },
    callsResponseSchema,
  );
}

/**
 * Every call matching `query`, from `query.page` (default 1) to the last page. `page` is not
 * declared on /calls: a service that ignores it (page N answers `current_page` other than N, or
 * starts with the same call as the page before) would hand back page 1 again and again, so the
 * walk stops with an error that says so instead of returning a first page as if it were all.
 */
export async function* iterateCalls(client: CometChatClient, query: CallsQuery = {}): AsyncGenerator<Call, void, undefined> {
  let page = query.page ?? 1;
  let seen = 0;
  let previousFirst: string | undefined;
  for (;;) {
    const res = await listCalls(client, { ...query, page });
    const first = res.data[0]?.sessionId;
    if (res.data.length === 0) return;
    const p = res.meta?.pagination;
    if (page > (query.page ?? 1)) checkPageMoved(page, p?.current_page, first, previousFirst, seen);
    yield* res.data;
    seen += res.data.length;
    previousFirst = first;
    if (!p) return; // no paging information: one page is all there is
    if (p.total_pages !== undefined && (page >= p.total_pages || (p.current_page ?? page) >= p.total_pages)) return;
    if (p.total_pages === undefined && (p.total === undefined || seen >= p.total)) return;
    page += 1;
  }
}

/** A following page that is not the page asked for means the service does not take `page`. */
function checkPageMoved(page: number, currentPage: number | undefined, first: string | undefined, previousFirst: string | undefined, seen: number): void {
  const answered =
    currentPage !== undefined && currentPage !== page
      ? `answered current_page ${currentPage}`
      : first !== undefined && first === previousFirst
        ? `started with the same call (${first}) as page ${page - 1}`
        : undefined;
  if (!answered) return;
  throw new KwsyncError(
    `GET /calls ignored page=${page}: it ${answered}, so following the pages would repeat what was read (${seen} call${seen === 1 ? '' : 's'}) and never reach the rest; stopped`,
    {
      hint: 'the Calls API declares no `page` parameter and this service does not take it: read one page without --all and narrow it with --started-at/--ended-at (or --per-page), or run `kwsync doctor` to see how /calls pages on this app',
    },
  );
}

export async function getCall(client: CometChatClient, sessionId: string, opts: { onBehalfOf?: string } = {}): Promise<Call> {
  const res = await client.send(
    { api: 'calls', method: 'GET', path: `/calls/${encodeURIComponent(sessionId)}`, onBehalfOf: opts.onBehalfOf },
    callResponseSchema,
  );
  return res.data;
}
