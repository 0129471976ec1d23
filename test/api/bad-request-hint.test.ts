// Unit: the advice for a 400 depends on the endpoint; only keyword-list writes point at `kwsync validate`.
import { badRequestHint, errorFromResponse } from '../../src/api/api-errors.js';

const bad = (message: string) => JSON.stringify({ error: { code: 'ERR_BAD_REQUEST', message } });
const fail = (method: string, path: string, body = bad('nope'), status = 400) =>
  errorFromResponse({ method, path, scrub: (t) => t }, { status, headers: {}, bodyText: body });

test.each([
  ['POST', '/moderation/keywords'],
  ['PUT', '/moderation/keywords/profanity-en'],
])('%s %s: the list was refused, run kwsync validate', (method, path) => {
  expect(fail(method, path).hint).toBe('the service refused the list; check the message above and run `kwsync validate`');
});

test.each([
  ['GET', '/calls'],
  ['GET', '/groups/g1/messages'],
  ['GET', '/moderation/keywords'],
])('%s %s: check the option values, not kwsync validate', (method, path) => {
  const hint = fail(method, path).hint ?? '';
  expect(hint).toMatch(/check the option values/);
  expect(hint).not.toMatch(/validate/);
});

test('a refused delete names default lists; says so outright when the service says default', () => {
  expect(fail('DELETE', '/moderation/keywords/profanity-list', bad('The keyword list "profanity-list" is a default list and cannot be deleted.')).hint).toBe(
    'it is a default list (default: true): the service does not delete default lists; leave it alone',
  );
  expect(badRequestHint({ method: 'DELETE', path: '/moderation/keywords/x' }, 'refused')).toMatch(/^the service refused to delete the list; default lists/);
});

test('a bare 400 with no JSON body gets the same endpoint advice', () => {
  expect(fail('GET', '/calls?perPage=101', 'Bad Request').hint).toMatch(/check the option values/);
  expect(fail('POST', '/moderation/keywords', '<html>').hint).toMatch(/kwsync validate/);
});
