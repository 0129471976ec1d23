// The end of every write probe: delete the probe list and prove it is gone, or say it may remain.
import { deleteKeywordList, type CometChatClient } from '../api/index.js';
import { ApiError } from '../errors.js';
import type { Finding } from './report.js';
import { probeListPath } from './terms-variants.js';

/** DELETE with the client's retries (a transient failure must not leave the list), then confirm. */
export async function cleanUp(client: CometChatClient, opts: { id: string; onStep?: ((step: string) => void) | undefined }): Promise<Finding> {
  const title = 'the probe list was deleted';
  const path = probeListPath(opts.id);
  try {
    opts.onStep?.('DELETE');
    await deleteKeywordList(client, opts.id).catch((err: unknown) => {
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
