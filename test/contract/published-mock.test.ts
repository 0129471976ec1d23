// The validating mock itself: it answers with the published examples and records each way a
// request can leave the published description, so a clean run of the CLI tests means something.
import { FormData } from 'undici';
import { publishedExample } from './published-document.js';
import { MOCK_API_KEY, startPublishedMock, type PublishedMock } from './published-mock.js';

let mock: PublishedMock;
beforeAll(async () => {
  mock = await startPublishedMock();
});
afterAll(() => mock.close());
beforeEach(() => mock.reset());

const form = (parts: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(parts)) f.append(k, v);
  return f;
};

async function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  const res = await fetch(url, { method: init.method ?? 'GET', headers: init.headers ?? { apikey: MOCK_API_KEY }, body: init.body as never });
  return { status: res.status, json: await res.json(), problems: mock.failures.map((f) => f.problem) };
}

test('a valid request gets the published example, whatever the id, and no failure', async () => {
  const r = await send(`${mock.chatBaseUrl}/moderation/keywords/any-id-at-all`);
  expect(r).toEqual({ status: 200, json: publishedExample('get-rule-keyword'), problems: [] });
  expect(mock.requests).toEqual([{ method: 'GET', url: '/moderation/keywords/any-id-at-all', operationId: 'get-rule-keyword' }]);
});

test.each([
  ['no apikey header', `/moderation/keywords`, { headers: {} }, /no published security requirement is met/],
  ['an undeclared query parameter', `/groups/g1/messages?hideQuotedMessages=true`, {}, /^\/query must NOT have additional properties \("hideQuotedMessages"\)$/],
  ['a query value of the wrong type', `/groups/g1/messages?limit=ten`, {}, /^\/query\/limit must be integer$/],
  ['a value outside the enum', `/groups/g1/messages?affix=forward`, {}, /^\/query\/affix must be equal to one of the allowed values/],
  ['a calls path on the chat server', `/calls`, {}, /sent to the chat API; the operation is published on the calls API/],
  ['an unpublished path', `/moderation/reviewed-messages`, {}, /no published operation has this method and path/],
  ['an unpublished method', `/moderation/keywords`, { method: 'PATCH' }, /the path is published, the method is not|no published operation/],
])('%s is recorded', async (_name, path, init, problem) => {
  const r = await send(`${mock.chatBaseUrl}${path}`, init);
  expect(r.problems).toEqual(expect.arrayContaining([expect.stringMatching(problem)]));
});

test('management credentials (key and secret) meet the keyword operations’ other security requirement', async () => {
  const r = await send(`${mock.chatBaseUrl}/moderation/keywords`, { headers: { key: 'k', secret: 's' } });
  expect(r.problems).toEqual([]);
  const calls = await send(`${mock.callsBaseUrl}/calls`, { headers: { key: 'k', secret: 's' } });
  expect(calls.problems).toEqual([expect.stringMatching(/no published security requirement is met/)]);
});

describe('the multipart form of POST/PUT', () => {
  const post = (body: unknown, headers: Record<string, string> = { apikey: MOCK_API_KEY }) =>
    send(`${mock.chatBaseUrl}/moderation/keywords`, { method: 'POST', headers, body });

  test('category and searchTerms: valid', async () => {
    expect((await post(form({ id: 'l1', category: 'word', searchTerms: 'a,b' }))).problems).toEqual([]);
    expect(mock.requests[0]?.parts).toEqual({ id: 'l1', category: 'word', searchTerms: 'a,b' });
  });

  test('without category: recorded', async () => {
    expect((await post(form({ searchTerms: 'a' }))).problems).toContain(`/requestBody must have required property 'category' ("category")`);
  });

  test('neither searchTerms nor a file: recorded', async () => {
    expect((await post(form({ category: 'word' }))).problems).toContain('/requestBody must match a schema in anyOf');
  });

  test('an unknown category: recorded', async () => {
    expect((await post(form({ category: 'regex', searchTerms: 'a' }))).problems).toEqual([
      expect.stringMatching(/^\/requestBody\/category must be equal to one of the allowed values/),
    ]);
  });

  test('a JSON body instead of a form: recorded', async () => {
    const r = await post(JSON.stringify({ category: 'word', searchTerms: 'a' }), { apikey: MOCK_API_KEY, 'content-type': 'application/json' });
    expect(r.problems).toContain('content-type application/json; the operation publishes multipart/form-data');
  });

  test('a body on an operation that publishes none: recorded', async () => {
    const r = await send(`${mock.chatBaseUrl}/moderation/keywords/l1`, { method: 'DELETE', body: form({ category: 'word' }) });
    expect(r.problems).toEqual([expect.stringMatching(/-byte body is sent; the operation publishes none/)]);
  });
});
