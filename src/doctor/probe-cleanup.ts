// The end of every write probe: delete the probe list and prove it is gone, or say it may remain.
import { deleteKeywordList, findKeywordList, writeWithConfirmation, type CometChatClient } from '../api/index.js';
import { ApiError } from '../errors.js';
import type { Finding } from './report.js';
import { probeListPath } from './terms-variants.js';

/**
 * DELETE, resent after a lost answer only while the list is still there (the one rule for writes,
 * src/api/retry-policy.ts), so a transient failure does not leave the list; then confirm it is gone.
 */
export async function cleanUp(client: CometChatClient, opts: { id: string; onStep?: ((step: string) => void) | undefined }): Promise<Finding> {
  const title = 'the probe list was deleted';
  const path = probeListPath(opts.id);
  try {
    opts.onStep?.('DELETE');
    await writeWithConfirmation({
      send: () => deleteKeywordList(client, opts.id),
      confirm: async () => ((await findKeywordList(client, opts.id)) ? { state: 'untouched' as const } : { state: 'landed' as const, live: null }),
      policy: client.retryPolicy,
    }).catch((err: unknown) => {
      if (!(err instanceof ApiError && err.status === 404)) throw err;
    });
    const check = await client.probe({ api: 'chat', method: 'GET', path });
    if (check.status === 404) {
      return { id: 'probe-cleanup', status: 'ok', title, detail: `Deleted ${opts.id}; a GET now answers 404.`, needsAction: false };
    }
    throw new Error(`a GET after the delete answered HTTP ${check.status}`);
  } catch (err) {
    return {
      id: 'probe-cleanup',
      status: 'differs',
      title,
      detail: `The probe list ${opts.id} may remain: ${err instanceof Error ? err.message : String(err)}.`,
      needsAction: true,
      hint: `delete the list ${opts.id} in the CometChat dashboard, or run \`kwsync doctor --write-probe\` again later (it deletes only its own new list)`,
    };
  }
}
