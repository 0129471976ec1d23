// `kwsync messages list GUID`: read a group's messages (one page, or every page with --all).
// The definition only: the action loads the client (undici, zod) when it runs.
import type { RegisterCommand } from './index.js';
import { intInRange, MAX_MESSAGE_LIMIT, parseEndTimestamp, parseList, parseTimestamp } from './option-parsers.js';

export interface ListOptions {
  limit?: number;
  all?: boolean;
  max?: number;
  latest?: boolean;
  search?: string;
  sender?: string;
  from?: number;
  to?: number;
  category?: string;
  type?: string;
  tags?: string[];
  hideReplies?: boolean;
  hasMentions?: boolean;
  hasLinks?: boolean;
  hasAttachments?: boolean;
  onBehalfOf?: string;
  json?: boolean;
}

const EXAMPLES = `
Examples:
  kwsync messages list cometchat-guid-1                      the oldest messages (the service's default page size)
  kwsync messages list cometchat-guid-1 --latest --limit 20  the 20 newest
  kwsync messages list cometchat-guid-1 --limit 100 --search heck
  kwsync messages list cometchat-guid-1 --all --max 5000 --json > messages.json
  kwsync messages list cometchat-guid-1 --from 2024-06-01 --to 2024-06-30 --sender alice --hide-replies

Pages start at the OLDEST matching message and go forward in time; --latest starts at the newest
and goes back, printing newest first. Without --all, a note on stderr says when more follow.
--from/--to take UNIX seconds or an ISO date/time. A date alone is a whole UTC day: --from 2024-06-01
starts at 00:00:00, --to 2024-06-30 ends at 23:59:59. --max implies --all.`;

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  const messages = program.command('messages').description('read group messages from the service');
  messages
    .command('list')
    .description('list the messages of a group, oldest first (--latest: newest first)')
    .argument('<guid>', 'the group id')
    .option('--limit <n>', `messages per page, 1..${MAX_MESSAGE_LIMIT}`, intInRange(1, MAX_MESSAGE_LIMIT))
    .option('--all', 'follow the pages to the last one')
    .option('--max <n>', 'stop after this many messages (implies --all)', intInRange(1))
    .option('--latest', 'start from the newest message and page back in time')
    .option('--search <text>', 'only messages containing the text')
    .option('--sender <uid>', 'only messages from this user')
    .option('--from <ts>', 'messages sent at or after this time (a date alone: its start, 00:00:00 UTC)', parseTimestamp)
    .option('--to <ts>', 'messages sent at or before this time (a date alone: its end, 23:59:59 UTC)', parseEndTimestamp)
    .option('--category <c>', 'one message category, e.g. message')
    .option('--type <t>', 'one message type, e.g. text')
    .option('--tags <a,b>', 'only messages with these tags', parseList)
    .option('--hide-replies', 'leave out replies in threads')
    .option('--has-mentions', 'only messages with mentions')
    .option('--has-links', 'only messages with links')
    .option('--has-attachments', 'only messages with attachments')
    .option('--on-behalf-of <uid>', 'act as this user (onBehalfOf header)')
    .option('--json', 'print JSON instead of a table')
    .addHelpText('after', EXAMPLES)
    .action(async (guid: string, opts: ListOptions) => {
      const { listMessages } = await import('./messages-list.js');
      setExitCode(await listMessages(ctx, guid, opts));
    });
};

