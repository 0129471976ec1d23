// Unit: base URLs, query serialisation, and the group message parameters.
import { callsBaseUrl, chatBaseUrl, queryString, resolveBaseUrls } from '../../src/api/index.js';
import { groupMessagesParams } from '../../src/api/messages.js';

describe('base URLs', () => {
  test('built from app id and region', () => {
    expect(chatBaseUrl('app1', 'eu')).toBe('https://app1.api-eu.cometchat.io/v3');
    expect(callsBaseUrl('app1', 'in')).toBe('https://app1.call-in.cometchat.io/v3');
    expect(resolveBaseUrls({ appId: 'app1' })).toEqual({ chat: 'https://app1.api-us.cometchat.io/v3', calls: 'https://app1.call-us.cometchat.io/v3' });
  });

  test('overrides win; a chat override alone puts calls under the emulator layout', () => {
    expect(resolveBaseUrls({ appId: 'a', baseUrl: 'http://h:1/v3/', callsBaseUrl: 'http://c:2/v3' })).toEqual({ chat: 'http://h:1/v3', calls: 'http://c:2/v3' });
    expect(resolveBaseUrls({ appId: 'a', baseUrl: 'http://h:1/v3' })?.calls).toBe('http://h:1/calls/v3');
    expect(resolveBaseUrls({})).toBeUndefined();
  });
});

describe('queryString', () => {
  test('booleans as true/false, arrays as repeated keys, undefined dropped, values encoded', () => {
    expect(queryString({ a: true, b: false, c: ['x', 'y z'], d: undefined, e: 5, f: 'a&b' })).toBe('?a=true&b=false&c=x&c=y+z&e=5&f=a%26b');
    expect(queryString({})).toBe('');
  });
});

describe('groupMessagesParams', () => {
  test('mentionedUids as one comma list; onBehalfOf stays out of the query', () => {
    const params = groupMessagesParams({ mentionedUids: ['u1', 'u2'], onBehalfOf: 'me', tags: ['t1', 't2'], hideReplies: true });
    expect(queryString(params)).toBe('?tags=t1&tags=t2&hideReplies=true&mentionedUids=u1%2Cu2');
  });
});
