// A key that reads but may not write: the emulator's read-only key is refused on reads too, so this
// one case uses an in-memory client that answers reads and refuses the create with 403.
import type { ApiRequest, CometChatClient, ProbeResult } from '../../src/api/index.js';
import { runWriteProbe } from '../../src/doctor/write-probe.js';
import { DEFAULT_CONFIG } from '../../src/model/config.js';

function readOnlyClient(sent: ApiRequest[]): CometChatClient {
  const answer = (status: number, json: unknown): ProbeResult => ({ status, headers: {}, bodyText: JSON.stringify(json), json, elapsedMs: 1 });
  return {
    probe: async (req: ApiRequest) => {
      sent.push(req);
      return req.method === 'GET'
        ? answer(404, { error: { code: 'ERR_NOT_FOUND', message: 'no' } })
        : answer(403, { error: { code: 'AUTH_ERR_NO_ACCESS', message: 'This API key does not have full-access scope.' } });
    },
  } as unknown as CometChatClient;
}

describe('the write probe with a key that may not write', () => {
  it('reports key-scope with the full-access hint, stops after the refused create, deletes nothing', async () => {
    const sent: ApiRequest[] = [];
    const result = await runWriteProbe(readOnlyClient(sent), {
      id: 'kwsync-probe-0123456789',
      current: DEFAULT_CONFIG.service,
      maxLists: 25,
      facts: { nonDefaultCount: 3, mayBeTruncated: false },
    });
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /moderation/keywords']);
    const scope = result.findings.find((f) => f.id === 'key-scope');
    expect(scope).toMatchObject({ status: 'differs', needsAction: true });
    expect(scope!.detail).toContain('HTTP 403 AUTH_ERR_NO_ACCESS');
    expect(scope!.hint).toContain('full-access scope');
    // A refused create made nothing, so there is nothing to delete.
    expect(result.findings.some((f) => f.id === 'probe-cleanup')).toBe(false);
    expect(result.variants).toEqual([expect.objectContaining({ variant: 'searchTerms', method: 'POST', status: 403, matches: false })]);
  });
});
