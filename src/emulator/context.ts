// What route handlers share: the world (seed or given data), the keyword store and its saver.
import type { EmulatorWorld } from './data-schema.js';
import type { KeywordStore } from './keyword-store.js';

export interface EmulatorContext {
  world: EmulatorWorld;
  keywords: KeywordStore;
  /** Saves the keyword lists when a state file is configured; resolves before the reply is sent. */
  persist(): Promise<void>;
  bodyLimitBytes: number;
  /** GET /moderation/keywords answers at most this many lists (default 100). */
  keywordListLimit?: number | undefined;
  /** Which paging parameters GET /moderation/keywords honours (default none). */
  keywordListPaging?: import('./listing-paging.js').KeywordListPaging | undefined;
  /** GET /calls answers page 1 whatever `page` says (a service that ignores it). */
  callsIgnorePage?: boolean | undefined;
  /** Where `affix=prepend` without `id` starts (default newest; oldest reads like append). */
  prependWithoutId?: 'newest' | 'oldest' | undefined;
}
