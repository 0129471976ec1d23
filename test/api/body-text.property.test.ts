// Equivalence: the client's body reading, decoded chunk by chunk (readBodyText), gives exactly the
// text of undici's `body.text()` it replaced, on generated bodies cut into generated chunks: ASCII,
// multi-byte characters split across chunks, a leading BOM, invalid and truncated UTF-8. The
// reference is undici 7's own decoding (lib/api/readable.js chunksDecode), copied below; the last
// test compares with body.text() itself over real HTTP.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { request } from 'undici';
import { readBodyText } from '../../src/api/client.js';

/** undici 7 `body.text()`: the chunks concatenated, a leading UTF-8 BOM skipped, utf8Slice. */
function referenceText(chunks: readonly Uint8Array[]): string {
  const length = chunks.reduce((n, c) => n + c.length, 0);
  if (chunks.length === 0 || length === 0) return '';
  const buffer = Buffer.concat(chunks, length);
  const start = buffer.length > 2 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
  return buffer.toString('utf8', start, buffer.length); // utf8Slice, as undici calls it
}

async function* chunked(chunks: readonly Uint8Array[]): AsyncIterable<Uint8Array> {
  for (const c of chunks) yield c;
}

/** Bytes that are mostly text, with BOMs, multi-byte characters and broken sequences mixed in. */
const piece = fc.oneof(
  fc.string({ maxLength: 12 }).map((s) => Buffer.from(s, 'utf8')),
  fc.constantFrom('é', '€', '𝄞', 'ｘ', '{"a":["b"]}').map((s) => Buffer.from(s, 'utf8')),
  fc.constant(Buffer.from([0xef, 0xbb, 0xbf])),
  fc.uint8Array({ maxLength: 6 }).map((b) => Buffer.from(b)),
  fc.constantFrom([0xc3], [0xe2, 0x82], [0xf0, 0x9d, 0x84], [0x80], [0xff], [0xed, 0xa0, 0x80]).map((b) => Buffer.from(b)),
);
const body = fc.array(piece, { maxLength: 12 }).map((ps) => Buffer.concat(ps));

/** `bytes` cut at the given offsets, so a character may be split between chunks. */
function cut(bytes: Buffer, offsets: number[]): Uint8Array[] {
  const at = [...new Set(offsets.map((o) => o % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let from = 0;
  for (const o of [...at, bytes.length]) {
    out.push(bytes.subarray(from, o));
    from = o;
  }
  return out;
}

test('readBodyText equals body.text() on any bytes in any chunking', async () => {
  await fc.assert(
    fc.asyncProperty(body, fc.array(fc.nat(), { maxLength: 8 }), async (bytes, offsets) => {
      const chunks = cut(bytes, offsets);
      expect(await readBodyText(chunked(chunks))).toBe(referenceText(chunks));
    }),
    { numRuns: 3000 },
  );
});

test('an error while the body streams is thrown as it came', async () => {
  const failure = Object.assign(new Error('body too large'), { code: 'KWSYNC_BODY_TOO_LARGE' });
  async function* failing(): AsyncIterable<Uint8Array> {
    yield Buffer.from('{"da');
    throw failure;
  }
  await expect(readBodyText(failing())).rejects.toBe(failure);
});

describe('over real HTTP', () => {
  let server: Server;
  let url: string;
  let bytes = Buffer.alloc(0);
  beforeAll(async () => {
    server = createServer((_req, res) => {
      // In small writes, so the client sees several chunks.
      for (let i = 0; i < bytes.length; i += 7) res.write(bytes.subarray(i, i + 7));
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  test.each([
    ['a listing', Buffer.from(JSON.stringify({ data: [{ id: 'a', searchTerms: ['héck', '𝄞', 'x'.repeat(50)] }] }))],
    ['a BOM and broken UTF-8', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('ok €'), Buffer.from([0xe2, 0x82]), Buffer.from('end')])],
    ['nothing', Buffer.alloc(0)],
  ])('%s reads as undici body.text() reads it', async (_label, sent) => {
    bytes = sent;
    const viaText = await (await request(url)).body.text();
    const viaChunks = await readBodyText((await request(url)).body);
    expect(viaChunks).toBe(viaText);
  });
});
