// The newest text messages of a group, newest first (affix=prepend walks back), for the impact preview.
import { iterateGroupMessages, MAX_MESSAGE_LIMIT, type CometChatClient } from '../api/index.js';
import type { RecentMessages } from './impact-preview.js';

export function recentTextMessages(client: CometChatClient): RecentMessages {
  return async function* (guid, count) {
    for await (const m of iterateGroupMessages(client, guid, { affix: 'prepend', limit: Math.min(count, MAX_MESSAGE_LIMIT) })) {
      if (typeof m.data?.text === 'string') yield { id: m.id, text: m.data.text };
    }
  };
}
