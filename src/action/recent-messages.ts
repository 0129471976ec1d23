// The newest text messages of a group, newest first, for the impact preview.
import { newestTextMessages, type CometChatClient } from '../api/index.js';
import type { RecentMessages } from './impact-preview.js';

export function recentTextMessages(client: CometChatClient): RecentMessages {
  return (guid, count) => newestTextMessages(client, guid, count);
}
