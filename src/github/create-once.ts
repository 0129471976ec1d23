// A POST to GitHub (a comment, an issue, a check run) that failed with a 5xx or a dropped
// connection may still have landed: GitHub sometimes does the write and then answers 502. Sending
// it again would make a second comment, and later runs would update the older one while the newer
// stale copy reads as the latest. So after such a failure kwsync looks for its write first (by
// marker and its own login, or by a nonce), and sends again only when it is not there.
import { RequestError } from 'octokit';

/** Sends after the first, when the look finds nothing. */
export const CREATE_RESENDS = 2;

/** A failure after which the write may or may not have happened: a 5xx, or no answer at all. */
export function isAmbiguousGitHubFailure(err: unknown): boolean {
  if (err instanceof RequestError) return err.status >= 500 || err.status === 0;
  return err instanceof Error && !(err as { status?: number }).status && /fetch failed|ECONNRESET|socket|terminated/i.test(`${err.message} ${String((err as { cause?: unknown }).cause ?? '')}`);
}

export interface CreateOnceOptions<T> {
  send: () => Promise<T>;
  /** Finds the write if it landed. */
  find: () => Promise<T | undefined>;
  /** Told each time a lost answer is looked into. */
  onRecheck?: (err: unknown, found: boolean) => void;
}

export async function createOnce<T>(opts: CreateOnceOptions<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await opts.send();
    } catch (err) {
      if (!isAmbiguousGitHubFailure(err) || attempt >= CREATE_RESENDS) throw err;
      const found = await opts.find();
      opts.onRecheck?.(err, found !== undefined);
      if (found !== undefined) return found;
    }
  }
}
