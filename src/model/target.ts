// The seam between plan/apply/import and the service (STYLE 5). The API client implements it over
// HTTP (`src/api/keyword-target.ts`); tests may use the emulator through that client, or a fake.
import type { KeywordList, LiveKeywordList } from './keyword-list.js';

export interface KeywordTarget {
  /** A name for messages, e.g. the target name from kwsync.yaml or the app id. Never the key. */
  readonly label: string;
  listKeywordLists(): Promise<LiveKeywordList[]>;
  /** `undefined` when the service says the list does not exist. */
  getKeywordList(id: string): Promise<LiveKeywordList | undefined>;
  createKeywordList(list: KeywordList): Promise<LiveKeywordList>;
  updateKeywordList(list: KeywordList): Promise<LiveKeywordList>;
  deleteKeywordList(id: string): Promise<void>;
}
