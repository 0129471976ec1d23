// Every published example response parses with the client's schemas and reads as kwsync needs it,
// and each variant the description allows (schema vs example, absent fields) parses too.
import { deleteResponseSchema, keywordListResponseSchema, keywordListsResponseSchema, liveKeywordListSchema } from '../../src/api/keywords.js';
import { groupMessagesResponseSchema } from '../../src/api/messages.js';
import { callResponseSchema, callsResponseSchema } from '../../src/api/calls.js';
import { example } from './published-examples.js';

describe('published keyword list examples', () => {
  test('the listing: `default` absent = false, description absent = "", extra fields kept out of the way', () => {
    const parsed = keywordListsResponseSchema.parse(example('list-rule-keywords'));
    expect(parsed.data.map((l) => [l.id, l.default, l.description, l.category])).toEqual([
      ['profane-word-list-1', false, 'Profane word list', 'word'],
      ['profanity-list', true, '', 'word'],
    ]);
    expect(parsed.meta?.current).toEqual({ limit: 10, count: 2 });
  });

  test('POST (a CSV upload): the quotes are kept in the terms; no `default` means an ordinary list', () => {
    const parsed = keywordListResponseSchema.parse(example('create-rule-keyword'));
    expect(parsed.data).toMatchObject({ id: 'profane-word-list-1', default: false, isCSV: true, searchTerms: ['"a"', '"b"', '"c"'] });
    expect(parsed.data.revisionId).toBe('253179cf5f665257_profane-word-list-1_1');
  });

  test.each(['get-rule-keyword', 'update-rule-keyword'] as const)('%s: a default list without description', (id) => {
    const parsed = keywordListResponseSchema.parse(example(id));
    expect(parsed.data).toMatchObject({ id: 'profanity-list', default: true, description: '', createdAt: 1718354412 });
  });

  test('DELETE', () => {
    expect(deleteResponseSchema.parse(example('delete-rule-keyword')).data).toEqual({
      success: true,
      message: 'Keyword with id profanity-list has been deleted successfully.',
    });
  });
});

describe('tolerated keyword list variants', () => {
  const base = () => example('create-rule-keyword').data;

  test('isCSV, active, createdAt and updatedAt may all be absent (a plan does not need them)', () => {
    const l = base();
    for (const k of ['isCSV', 'active', 'createdAt', 'updatedAt', 'description']) delete l[k];
    const parsed = liveKeywordListSchema.parse(l);
    expect(parsed).toEqual({
      id: 'profane-word-list-1',
      name: 'profane word list',
      description: '',
      category: 'word',
      searchTerms: ['"a"', '"b"', '"c"'],
      revisionId: '253179cf5f665257_profane-word-list-1_1',
      default: false,
    });
  });

  test('timestamps as text, null description and default: false are read', () => {
    const parsed = liveKeywordListSchema.parse({ ...base(), createdAt: '1720023805', updatedAt: '1720023806', description: null, default: false });
    expect(parsed).toMatchObject({ createdAt: 1720023805, updatedAt: 1720023806, description: '', default: false });
  });

  test('what kwsync cannot do without still fails, with the field named', () => {
    const { revisionId: _r, ...noRevision } = base();
    const r = liveKeywordListSchema.safeParse(noRevision);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['revisionId']);
    expect(liveKeywordListSchema.safeParse({ ...base(), searchTerms: 'a,b' }).success).toBe(false);
    expect(liveKeywordListSchema.safeParse({ ...base(), createdAt: 'yesterday' }).success).toBe(false);
  });

  test('a category kwsync does not know does not sink the listing', () => {
    const body = example('list-rule-keywords');
    body.data[0].category = 'image-similarity';
    const parsed = keywordListsResponseSchema.parse(body);
    expect(parsed.data.map((l) => l.category)).toEqual(['image-similarity', 'word']);
  });
});

describe('published group messages example', () => {
  test('parses, with the cursor from meta.next', () => {
    const parsed = groupMessagesResponseSchema.parse(example('user-list-group-messages'));
    expect(parsed.data[0]).toMatchObject({ id: '1', sender: 'cometchat-uid-3', sentAt: 1638423490, data: { text: 'test     hello' } });
    expect(parsed.meta?.next).toEqual({ affix: 'append', sentAt: 1638423490, id: '1' });
  });

  test('the last page: no meta.next, or no meta at all', () => {
    const body = example('user-list-group-messages');
    delete body.meta.next;
    expect(groupMessagesResponseSchema.parse(body).meta?.next).toBeUndefined();
    delete body.meta;
    expect(groupMessagesResponseSchema.parse(body).data).toHaveLength(1);
  });

  test('a numeric message id and text timestamps are read', () => {
    const body = example('user-list-group-messages');
    Object.assign(body.data[0], { id: 7, sentAt: '1638423490' });
    body.meta.next.id = 7;
    const parsed = groupMessagesResponseSchema.parse(body);
    expect([parsed.data[0]?.id, parsed.data[0]?.sentAt, parsed.meta?.next?.id]).toEqual(['7', 1638423490, '7']);
  });
});

describe('published calls examples', () => {
  test('the listing: pagination without per_page; participant minutes under totalDuration', () => {
    const parsed = callsResponseSchema.parse(example('list-calls'));
    expect(parsed.meta?.pagination).toEqual({ total: 2, count: 2, total_pages: 1, current_page: 1 });
    const [first] = parsed.data;
    expect(first).toMatchObject({ status: 'ended', totalDuration: '00:00:19', totalDurationInMinutes: 0.31666666666666665 });
    expect(first?.participants?.[0]).toMatchObject({ uid: 'cometchat-uid-2', totalDuration: 0.31666666666666665, totalDurationInMinutes: 0.31666666666666665 });
    // Participants who never joined have no device, joinedAt or leftAt.
    expect(first?.participants?.[2]).toMatchObject({ uid: 'cometchat-uid-4', state: 'unanswered', totalDurationInMinutes: 0 });
  });

  test('one call: metaData and tags, no recordings', () => {
    const parsed = callResponseSchema.parse(example('retrieve-call-details'));
    expect(parsed.data).toMatchObject({ metaData: [], tags: [], hasRecording: false });
    expect(parsed.data.recordings).toBeUndefined();
  });
});

describe('tolerated calls variants', () => {
  const body = () => example('list-calls');

  test('the declared schema types: integer minutes, integer deviceId, integer call totalDuration', () => {
    const b = body();
    Object.assign(b.data[0], { totalAudioMinutes: 1, totalDurationInMinutes: 1, totalDuration: 19 });
    Object.assign(b.data[0].participants[0], { deviceId: 12345, totalDuration: 1 });
    const [call] = callsResponseSchema.parse(b).data;
    expect(call).toMatchObject({ totalDuration: '19', totalDurationInMinutes: 1 });
    expect(call?.participants?.[0]).toMatchObject({ deviceId: '12345', totalDurationInMinutes: 1 });
  });

  test('the seed names: participant totalDurationInMinutes, pagination with per_page', () => {
    const b = body();
    b.meta.pagination.per_page = 25;
    const p = b.data[1].participants[0];
    delete p.totalDuration;
    p.totalDurationInMinutes = 2.5;
    const parsed = callsResponseSchema.parse(b);
    expect(parsed.meta?.pagination?.per_page).toBe(25);
    expect(parsed.data[1]?.participants?.[0]?.totalDurationInMinutes).toBe(2.5);
  });

  test('minutes and timestamps as text', () => {
    const b = body();
    Object.assign(b.data[0], { totalAudioMinutes: '0.5', startedAt: '1692368180' });
    const [call] = callsResponseSchema.parse(b).data;
    expect([call?.totalAudioMinutes, call?.startedAt]).toEqual([0.5, 1692368180]);
  });

  test.each(['rejected', 'ongoing', 'ended', 'unanswered', 'initiated', 'canceled', 'busy', 'some-new-status'])('status %s is read', (status) => {
    const b = body();
    b.data[0].status = status;
    expect(callsResponseSchema.parse(b).data[0]?.status).toBe(status);
  });

  test('recordings, transcriptions, metaData and tags: present, absent or null', () => {
    const b = example('retrieve-call-details');
    b.data.recordings = [{ rid: 'r1', duration: 0.3, startTime: 1, endTime: 2, recording_url: 'https://rec/r1.mp4' }];
    b.data.transcriptions = [{ tid: 't1', transcriptUrl: 'https://t/t1.json' }];
    b.data.tags = ['vip'];
    b.data.metaData = { any: 'thing' };
    const parsed = callResponseSchema.parse(b).data;
    expect(parsed.recordings?.[0]?.rid).toBe('r1');
    expect(parsed.transcriptions).toHaveLength(1);
    b.data.recordings = null;
    b.data.transcriptions = null;
    expect(callResponseSchema.parse(b).data.recordings).toBeUndefined();
  });

  test('no meta at all is one page', () => {
    const b = body();
    delete b.meta;
    expect(callsResponseSchema.parse(b).meta).toBeUndefined();
  });
});
