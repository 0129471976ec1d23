// Bad bodies never crash the emulator: each gets 400 (or 413 when too big) with the error body.
import fc from 'fast-check';
import { fetch } from 'undici';
import { startEmulator, type RunningEmulator } from '../../src/emulator/index.js';
import { listForm, send } from './http.js';

let emu: RunningEmulator;
beforeAll(async () => {
  emu = await startEmulator({ bodyLimitBytes: 64 * 1024 });
});
afterAll(() => emu.close());

const post = (body: string | Buffer, contentType: string) =>
  send(emu, 'POST', '/moderation/keywords', { body, headers: { 'content-type': contentType } });

test.each([
  ['JSON instead of multipart', '{"id":"x","category":"word"}', 'application/json'],
  ['broken JSON', '{"id":', 'application/json'],
  ['plain text', 'id=x', 'text/plain'],
  ['url-encoded form', 'id=x&category=word', 'application/x-www-form-urlencoded'],
  ['multipart without a boundary', '--x\r\n', 'multipart/form-data'],
  ['multipart cut short', '--zz\r\nContent-Disposition: form-data; name="id"\r\n\r\nabc', 'multipart/form-data; boundary=zz'],
  ['multipart with no parts', '--zz--\r\n', 'multipart/form-data; boundary=zz'],
  ['binary noise', Buffer.from([0, 255, 13, 10, 45, 45, 1, 2, 3]), 'multipart/form-data; boundary=zz'],
])('%s is 400 ERR_BAD_REQUEST', async (_name, body, contentType) => {
  const res = await post(body, contentType);
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ error: { message: expect.any(String), devMessage: expect.any(String), source: 'chat-api', code: 'ERR_BAD_REQUEST' } });
  expect(res.body.error.message).not.toMatch(/\bat \S+ \(/); // no stack trace
});

test('a text part named file is refused with a clear message', async () => {
  const form = listForm({ id: 'x', name: 'x', category: 'word', file: 'a\nb' });
  const res = await send(emu, 'POST', '/moderation/keywords', { body: form });
  expect(res.status).toBe(400);
  expect(res.body.error.message).toContain('file upload');
});

test('a body over the cap is 413 with the error body, by length or by streamed size', async () => {
  const big = 'x'.repeat(70 * 1024);
  const byLength = await post(big, 'application/json');
  expect(byLength.status).toBe(413);
  expect(byLength.body.error.code).toBe('ERR_BAD_REQUEST');
  const file = await send(emu, 'POST', '/moderation/keywords', { body: listForm({ id: 'x', name: 'x', category: 'word' }, big) });
  expect(file.status).toBe(413);
  expect(file.body.error.code).toBe('ERR_BAD_REQUEST');
});

test('random bytes as multipart never crash the server (property)', async () => {
  await fc.assert(
    fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), fc.constantFrom('zz', 'x-y', '----b'), async (bytes, boundary) => {
      const res = await fetch(`${emu.chatBaseUrl}/moderation/keywords`, {
        method: 'POST',
        headers: { apikey: emu.apiKey, 'content-type': `multipart/form-data; boundary=${boundary}` },
        body: Buffer.from(bytes),
      });
      const json = (await res.json()) as { error?: { code: string } };
      return res.status === 400 && json.error?.code === 'ERR_BAD_REQUEST';
    }),
    { numRuns: 40, seed: 7 },
  );
  expect((await send(emu, 'GET', '/moderation/keywords')).status).toBe(200);
});
