// The KeywordTarget seam (src/model/target.ts) over the HTTP client: what plan/apply/import use.
import type { KeywordTarget } from '../model/target.js';
import type { CometChatClient } from './client.js';
import {
  createKeywordList,
  deleteKeywordList,
  findKeywordList,
  readKeywordListing,
  updateKeywordList,
} from './keywords.js';

export function createKeywordTarget(client: CometChatClient, label: string): KeywordTarget {
  return {
    label,
    listKeywordLists: () => readKeywordListing(client),
    getKeywordList: (id) => findKeywordList(client, id),
    getKeywordListExact: (id) => findKeywordList(client, id, { otherList: 'conflict' }),
    createKeywordList: (list) => createKeywordList(client, list),
    updateKeywordList: (list) => updateKeywordList(client, list),
    deleteKeywordList: (id) => deleteKeywordList(client, id),
  };
}
