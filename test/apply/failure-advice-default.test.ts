import { failedWriteMessage, isOtherListAnswer } from '../../src/apply/failure-advice.js';
import { ApiError } from '../../src/errors.js';
import { OTHER_LIST_ANSWER } from '../../src/api/keywords.js';

const refusal = (status: number, message: string, code?: string) => new ApiError(message, { method: 'DELETE', path: '/moderation/keywords/p', status, ...(code ? { code } : {}) });

describe('a refused DELETE of a default list is named as that, not blamed on the key', () => {
  it('403 naming a default list: the default-list message, no API key advice', () => {
    const msg = failedWriteMessage('delete', refusal(403, 'HTTP 403: The keyword list "p" is a default list and cannot be deleted.'));
    expect(msg).toContain('because it is a default list of the app');
    expect(msg).not.toContain('COMETCHAT_API_KEY');
  });

  it('a code naming it does too; a 403 naming nothing default is still the key', () => {
    expect(failedWriteMessage('delete', refusal(403, 'HTTP 403: forbidden', 'ERR_DEFAULT_LIST'))).toContain('default list of the app');
    expect(failedWriteMessage('delete', refusal(403, 'HTTP 403: forbidden'))).toContain('check COMETCHAT_API_KEY');
    // An update refused for another reason that mentions "default list" in passing keeps the general advice.
    expect(failedWriteMessage('update', refusal(400, 'HTTP 400: the default list limit is reached'))).toContain('refused by the service');
  });

  it('an answer naming another list is recognised by its code', () => {
    expect(isOtherListAnswer(new ApiError('x', { method: 'GET', path: '/p', status: 200, code: OTHER_LIST_ANSWER }))).toBe(true);
    expect(isOtherListAnswer(refusal(404, 'gone'))).toBe(false);
  });
});
