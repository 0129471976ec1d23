// The keyword list resource over real HTTP: shapes, revisions, multipart parsing, every limit.
import { startEmulator, appHashOf, type RunningEmulator } from '../../src/emulator/index.js';
import { FormData } from 'undici';
import { createList, send, updateList } from './http.js';

let emu: RunningEmulator;
let clock = 1_718_000_000_000;
beforeAll(async () => {
  emu = await startEmulator({ appId: 'app-under-test', now: () => clock });
});
afterAll(() => emu.close());

const hash = appHashOf('app-under-test');

describe('keyword lists', () => {
  test('the default list exists from the start and carries the extra list fields', async () => {
    const res = await send(emu, 'GET', '/moderation/keywords');
    expect(res.status).toBe(200);
    const item = res.body.data.find((l: { id: string }) => l.id === 'profanity-list');
    // As published: a default list says `default: true` and `appId: "default"`.
    expect(item).toMatchObject({ default: true, active: true, appId: 'default', __v: 0, revisionId: `${hash}_profanity-list_1` });
    expect(item._id).toMatch(/^[0-9a-f]{24}$/);
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(res.body.meta.current).toEqual({ limit: 100, count: res.body.data.length });
  });

  test('create, read, update and delete with rising revisions and UNIX-second timestamps', async () => {
    const created = await createList(emu, { id: 'crud', name: 'CRUD', description: 'd', category: 'word', searchTerms: ' darn , heck,, ' });
    expect(created.status).toBe(200);
    expect(created.body.data).toEqual({
      id: 'crud', name: 'CRUD', description: 'd', category: 'word', isCSV: false, searchTerms: ['darn', 'heck'],
      createdAt: 1_718_000_000, updatedAt: 1_718_000_000, revisionId: `${hash}_crud_1`, active: true,
    }); // no `default` field on an ordinary list, as in the published POST example
    clock += 5_000;
    const updated = await updateList(emu, 'crud', { category: 'word', searchTerms: 'a,b,c' });
    expect(updated.body.data).toMatchObject({ name: 'CRUD', description: 'd', searchTerms: ['a', 'b', 'c'], revisionId: `${hash}_crud_2`, createdAt: 1_718_000_000, updatedAt: 1_718_000_005 });
    const renamed = await updateList(emu, 'crud', { category: 'word', name: 'Renamed' });
    expect(renamed.body.data).toMatchObject({ name: 'Renamed', searchTerms: ['a', 'b', 'c'], revisionId: `${hash}_crud_3` });
    const got = await send(emu, 'GET', '/moderation/keywords/crud');
    expect(got.body.data).toEqual(renamed.body.data);
    const deleted = await send(emu, 'DELETE', '/moderation/keywords/crud');
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ success: true, message: 'Keyword with id crud has been deleted successfully.' });
    expect((await send(emu, 'GET', '/moderation/keywords/crud')).body.error.code).toBe('ERR_KEYWORD_NOT_FOUND');
  });

  test('a CSV file: lines split on \\r?\\n, trimmed, blanks dropped, quotes kept literally', async () => {
    const res = await createList(emu, { id: 'csv', name: 'CSV', category: 'pattern' }, '\uFEFF\\d{3,10}\r\n"a"\n\n  b c  \nx');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ isCSV: true, searchTerms: ['\\d{3,10}', '"a"', 'b c', 'x'] });
    // Patterns in searchTerms are one per line (the moderation guide); a comma stays inside one.
    const viaTerms = await updateList(emu, 'csv', { category: 'pattern', searchTerms: 'x,y\n\\d{3,10}' });
    expect(viaTerms.body.data).toMatchObject({ isCSV: false, searchTerms: ['x,y', '\\d{3,10}'] });
    await send(emu, 'DELETE', '/moderation/keywords/csv');
  });

  test('a default list can be updated but not deleted', async () => {
    const res = await send(emu, 'DELETE', '/moderation/keywords/profanity-list');
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'ERR_BAD_REQUEST', source: 'chat-api' });
    expect(res.body.error.message).toContain('default list');
    const put = await updateList(emu, 'profanity-list', { category: 'word', searchTerms: 'damn' });
    expect(put.body.data).toMatchObject({ default: true, revisionId: `${hash}_profanity-list_2` });
  });

  test.each([
    ['PUT', '/moderation/keywords/missing'],
    ['GET', '/moderation/keywords/missing'],
    ['DELETE', '/moderation/keywords/missing'],
  ])('%s of an unknown list is 404 ERR_KEYWORD_NOT_FOUND', async (method, path) => {
    const res = await send(emu, method, path, method === 'PUT' ? { body: new FormData() } : {});
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { message: expect.any(String), devMessage: expect.any(String), source: 'chat-api', code: 'ERR_KEYWORD_NOT_FOUND' } });
  });
});

describe('documented limits: 400 ERR_BAD_REQUEST with a precise message', () => {
  const ok = { id: 'limits', name: 'Limits', category: 'word', searchTerms: 'a' };
  test.each<[string, Record<string, string>, string | undefined, string]>([
    ['id with a space', { ...ok, id: 'has space' }, undefined, 'no spaces or special characters'],
    ['id with a special character', { ...ok, id: 'semi;colon' }, undefined, 'no spaces or special characters'],
    ['id over 100', { ...ok, id: 'i'.repeat(101) }, undefined, 'id is 101 characters; at most 100'],
    ['missing id', { name: 'n', category: 'word', searchTerms: 'a' }, undefined, 'id is required'],
    ['name over 100', { ...ok, name: 'n'.repeat(101) }, undefined, 'name is 101 characters; at most 100'],
    ['description over 255', { ...ok, description: 'd'.repeat(256) }, undefined, 'description is 256 characters; at most 255'],
    ['term over 100', { ...ok, searchTerms: `ok,${'t'.repeat(101)}` }, undefined, 'is 101 characters; at most 100'],
    ['category missing', { id: 'x', name: 'x', searchTerms: 'a' }, undefined, 'category is required'],
    ['category unknown', { ...ok, category: 'words' }, undefined, 'category "words" is not one of word, pattern, sentence-similarity'],
    ['no terms at all', { id: 'x', name: 'x', category: 'word' }, undefined, 'searchTerms or file is required'],
    ['CSV over 1 MB', { id: 'big', name: 'big', category: 'word' }, 'abc\n'.repeat(262_145), 'at most 1048576 (1 MB)'],
    ['pattern .*', { ...ok, category: 'pattern', searchTerms: 'foo.*' }, undefined, 'is unbounded (".*")'],
    ['pattern .+', { ...ok, category: 'pattern', searchTerms: 'a.+b' }, undefined, 'is unbounded (".+")'],
    ['pattern (a+)+', { ...ok, category: 'pattern', searchTerms: '(a+)+' }, undefined, 'is unbounded'],
    ['pattern \\d{10,} (sent as a file: it holds a comma)', { id: 'p', name: 'p', category: 'pattern' }, '\\d{10,}', 'is unbounded ("\\d{10,}")'],
    ['pattern that is not a regex', { ...ok, category: 'pattern', searchTerms: '(abc' }, undefined, 'is not a valid regular expression'],
  ])('%s', async (_name, fields, file, message) => {
    const res = await createList(emu, fields, file);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('ERR_BAD_REQUEST');
    expect(res.body.error.message).toContain(message);
  });

  test('bounded patterns and escaped quantifier characters are accepted', async () => {
    const res = await createList(emu, { id: 'bounded', name: 'b', category: 'pattern' }, '\\d{3,10}\n\\+\\d{1,3}\n[*+]x?');
    expect(res.status).toBe(200);
    await send(emu, 'DELETE', '/moderation/keywords/bounded');
  });

  test('POST of an existing id, and a body id that differs from the path, are refused', async () => {
    const dup = await createList(emu, { id: 'profanity-list', name: 'p', category: 'word', searchTerms: 'a' });
    expect(dup.status).toBe(400);
    expect(dup.body.error.message).toContain('already exists');
    const mismatch = await updateList(emu, 'profanity-list', { id: 'other', category: 'word' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error.message).toContain('differs');
  });

  test('25 lists per app, default lists not counted', async () => {
    for (let i = 1; i <= 25; i++) {
      const res = await createList(emu, { id: `l${i}`, name: `L${i}`, category: 'word', searchTerms: 'a' });
      expect(res.status).toBe(200);
    }
    const all = await send(emu, 'GET', '/moderation/keywords');
    expect(all.body.data.filter((l: { default: boolean }) => !l.default)).toHaveLength(25);
    const over = await createList(emu, { id: 'l26', name: 'L26', category: 'word', searchTerms: 'a' });
    expect(over.status).toBe(400);
    expect(over.body.error.message).toContain('at most 25 are allowed (default lists not counted)');
    for (let i = 1; i <= 25; i++) await send(emu, 'DELETE', `/moderation/keywords/l${i}`);
  });
});
