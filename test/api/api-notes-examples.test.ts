// The response examples of API-NOTES.md and the spec's shapes, parsed with the client's schemas:
// proof the schemas accept what the real service documents (extra fields included).
import {
  deleteResponseSchema,
  keywordListResponseSchema,
  keywordListsResponseSchema,
} from '../../src/api/keywords.js';
import { groupMessagesResponseSchema } from '../../src/api/messages.js';
import { callResponseSchema, callsResponseSchema } from '../../src/api/calls.js';
import { errorFromResponse } from '../../src/api/api-errors.js';

// Verbatim from API-NOTES.md "Response example (update/get)".
const UPDATE_GET_EXAMPLE =
  '{"data":{"id":"profanity-list","name":"Profane Words","category":"word","isCSV":false,"searchTerms":["..."],"createdAt":1718354412,"updatedAt":1718354412,"revisionId":"253157108b5294c4_profanity-list_1","active":true,"default":true}}';
// Verbatim from API-NOTES.md "Errors".
const ERROR_EXAMPLE =
  '{"error":{"message":"...","devMessage":"...","source":"chat-api","code":"AUTH_ERR_APIKEY_NOT_FOUND"}}';

describe('API-NOTES examples parse', () => {
  test('keyword list update/get example', () => {
    const parsed = keywordListResponseSchema.parse(JSON.parse(UPDATE_GET_EXAMPLE));
    expect(parsed.data).toEqual({
      id: 'profanity-list',
      name: 'Profane Words',
      description: '',
      category: 'word',
      isCSV: false,
      searchTerms: ['...'],
      createdAt: 1718354412,
      updatedAt: 1718354412,
      revisionId: '253157108b5294c4_profanity-list_1',
      active: true,
      default: true,
    });
  });

  test('list envelope with the extra item fields the notes mention (_id, appId, __v, description)', () => {
    const item = { ...JSON.parse(UPDATE_GET_EXAMPLE).data, _id: 'abc', appId: 'app', __v: 0, description: 'Swear words' };
    const parsed = keywordListsResponseSchema.parse({ data: [item], meta: { current: { limit: 1, count: 1 } } });
    expect(parsed.data[0]?.description).toBe('Swear words');
    expect(parsed.data[0]).not.toHaveProperty('_id');
  });

  test('delete envelope', () => {
    expect(deleteResponseSchema.parse({ data: { success: true, message: 'deleted' } }).data.success).toBe(true);
  });

  test('error body example becomes an ApiError with code and advice', () => {
    const err = errorFromResponse(
      { method: 'GET', path: '/moderation/keywords', scrub: (t) => t },
      { status: 401, headers: { 'x-request-id': 'req-1' }, bodyText: ERROR_EXAMPLE },
    );
    expect(err).toMatchObject({ status: 401, code: 'AUTH_ERR_APIKEY_NOT_FOUND', requestId: 'req-1' });
    expect(err.message).toBe('GET /moderation/keywords failed: HTTP 401 AUTH_ERR_APIKEY_NOT_FOUND: ... (request id req-1)');
  });

  test('a non-JSON error body still gives the status and a status hint', () => {
    const err = errorFromResponse({ method: 'GET', path: '/x', scrub: (t) => t }, { status: 503, headers: {}, bodyText: '<html>' });
    expect(err).toMatchObject({ status: 503, code: undefined, hint: expect.stringMatching(/unavailable/) });
  });

  test('group messages: the spec text message with entities, and meta.next', () => {
    const entity = { uid: 'u1', name: 'U', role: 'default', avatar: 'https://x/a.png', status: 'offline', createdAt: 1 };
    const body = {
      data: [
        {
          id: '101',
          conversationId: 'group_g1',
          sender: 'u1',
          receiverType: 'group',
          receiver: 'g1',
          category: 'message',
          type: 'text',
          data: {
            text: 'hi',
            entities: {
              sender: { entity, entityType: 'user' },
              receiver: { entity: { ...entity, uid: 'g1', conversationId: 'group_g1' }, entityType: 'group' },
            },
            metadata: { any: 'thing' },
          },
          sentAt: 1718354412,
          updatedAt: 1718354412,
        },
      ],
      meta: { current: { limit: 1, count: 1 }, next: { affix: 'append', sentAt: 1718354412, id: '101' } },
    };
    const parsed = groupMessagesResponseSchema.parse(body);
    expect(parsed.data[0]?.data?.text).toBe('hi');
    expect(parsed.meta?.next?.id).toBe('101');
  });

  test('calls: list with meta.pagination and get with recordings, metaData and tags', () => {
    const call = {
      sessionId: 'v1.us.1.abc',
      type: 'video',
      mode: 'call',
      receiverType: 'user',
      status: 'ended',
      totalAudioMinutes: 1.5,
      totalVideoMinutes: 1.5,
      totalDurationInMinutes: 3,
      totalDuration: '00:01:30',
      totalParticipants: 2,
      hasRecording: true,
      startedAt: 1718354412,
      endedAt: 1718354502,
      initiator: 'u1',
      receiver: 'u2',
      initiatedAt: 1718354410,
      mid: 'm1',
      hasTranscription: false,
      participants: [
        { uid: 'u1', totalAudioMinutes: 1.5, totalVideoMinutes: 1.5, totalDurationInMinutes: 3, deviceId: 'd', isJoined: true, joinedAt: 1, leftAt: 2, state: 'ended' },
      ],
    };
    const list = callsResponseSchema.parse({
      data: [call],
      meta: { pagination: { total: 1, count: 1, per_page: 25, current_page: 1, total_pages: 1 } },
    });
    expect(list.meta?.pagination?.total_pages).toBe(1);
    const recording = { rid: 'r1', duration: 1.5, startTime: 1718354412, endTime: 1718354502, recording_url: 'https://rec/r1.mp4' };
    const one = callResponseSchema.parse({ data: { ...call, metaData: [], tags: [], recordings: [recording] } });
    expect(one.data.recordings).toEqual([recording]);
  });

  test('strict on the fields kwsync uses: a wrong type is refused', () => {
    const bad = JSON.parse(UPDATE_GET_EXAMPLE);
    bad.data.searchTerms = 'a,b';
    expect(keywordListResponseSchema.safeParse(bad).success).toBe(false);
  });
});
