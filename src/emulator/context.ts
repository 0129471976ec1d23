// What route handlers share: the world (seed or given data), the keyword and rule stores and their saver.
import type { EmulatorWorld } from './data-schema.js';
import type { KeywordStore } from './keyword-store.js';
import type { RuleStore } from './rule-store.js';
import type { ModerationLog } from './moderation-log.js';
import type { ConditionCombination } from './rule-engine.js';

export interface EmulatorContext {
  world: EmulatorWorld;
  keywords: KeywordStore;
  /** The app's moderation rules (built-ins included). */
  rules: RuleStore;
  /** Messages sent to the app through POST /messages: delivered, blocked, reviewed. */
  moderation?: ModerationLog | undefined;
  /** How a rule's conditions combine (default 'any'). */
  ruleConditions?: ConditionCombination | undefined;
  /** GET /moderation/blocked-messages answers at most this many items (default 50, as the published meta). */
  blockedListLimit?: number | undefined;
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
