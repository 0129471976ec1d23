// The seam between plan/apply/import and the service (STYLE 5). The API client implements it over
// HTTP (`src/api/keyword-target.ts`); tests may use the emulator through that client, or a fake.
import type { KeywordList, LiveKeywordList } from './keyword-list.js';

/** What one GET of all lists returned. */
export interface LiveListing {
  lists: LiveKeywordList[];
  /**
   * True when the response may hold only part of the app's lists: the published example answers
   * `meta.current.limit: 10` while an app holds up to 25 lists plus defaults, and no paging is
   * published. So a list missing from a listing is never taken as absent (src/plan/read-live.ts).
   */
  mayBeTruncated: boolean;
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
