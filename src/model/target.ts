// The seam between plan/apply/import and the service (STYLE 5). The API client implements it over
// HTTP (`src/api/keyword-target.ts`); tests may use the emulator through that client, or a fake.
import type { KeywordList, LiveKeywordList } from './keyword-list.js';
import type { LiveRule, RuleWrite } from './moderation-rule.js';

/** What the listing returned, every page of it that could be followed (src/api/listing-pages.ts). */
export interface LiveListing {
  lists: LiveKeywordList[];
  /**
   * True when the read may hold only part of the app's lists: the published example answers
   * `meta.current.limit: 10` while an app holds up to 25 lists plus defaults, and no paging is
   * published; the pages are followed where meta or service.listingPaging says how, and this stays
   * true when they could not be (`incomplete` says why). A list missing from a listing that may be
   * cut short is never taken as absent (src/plan/read-live.ts), and prune refuses.
   */
  mayBeTruncated: boolean;
  /** Why the read may be cut short, in a sentence (set when mayBeTruncated is, by readers that know). */
  incomplete?: string;
  /**
   * Set with `incomplete` when the listing moved or disagreed with itself while it was read: a read
   * from the start may be whole (apply --prune reads once more before it refuses).
   */
  again?: boolean;
  /** Pages (requests) read. */
  pages?: number;
  /** Live lists of a category kwsync does not know: left out of `lists`, never planned or written. */
  unknownCategory?: { id: string; category: string }[];
  /**
   * Default lists (every app has them; `default: true`), whatever their shape: read for their id
   * alone, left out of `lists`, never planned, written or pruned. What else could be read is kept.
   */
  defaults?: { id: string; name?: string; category?: string }[];
  /**
   * Items with an id that could not be read as a list (a field missing, null or of the wrong type).
   * Left out of `lists`: a list file with the same id fails alone with these problems; any other is
   * left alone (never pruned, since kwsync cannot tell it is not a default list).
   */
  unreadable?: { id: string; problems: string[] }[];
  /** How many items had no usable `id` at all: reported, never planned. */
  withoutId?: number;
}

export interface KeywordTarget {
  /** A name for messages, e.g. the target name from kwsync.yaml or the app id. Never the key. */
  readonly label: string;
  listKeywordLists(): Promise<LiveListing>;
  /** `undefined` when the service says the list does not exist. */
  getKeywordList(id: string): Promise<LiveKeywordList | undefined>;
  /** GET by id for a delete: an answer naming another list throws (a conflict), where getKeywordList says "absent". */
  getKeywordListExact?(id: string): Promise<LiveKeywordList | undefined>;
  createKeywordList(list: KeywordList): Promise<LiveKeywordList>;
  updateKeywordList(list: KeywordList): Promise<LiveKeywordList>;
  deleteKeywordList(id: string): Promise<void>;
}

/** What the rules listing returned: `complete` false when it may be cut short (`reason` says why). */
export interface LiveRuleListing {
  rules: LiveRule[];
  complete: boolean;
  reason?: string;
}

/**
 * The app's moderation rules (the published rules endpoints). The API client implements it over
 * HTTP (src/sync/service.ts wires it); tests may use a fake. Default rules are read, never written.
 */
export interface RuleTarget {
  listRules(): Promise<LiveRuleListing>;
  /** `undefined` when the service says the rule does not exist. */
  getRule(id: string): Promise<LiveRule | undefined>;
  createRule(rule: RuleWrite): Promise<LiveRule>;
  updateRule(id: string, rule: RuleWrite): Promise<LiveRule>;
  deleteRule(id: string): Promise<void>;
}
