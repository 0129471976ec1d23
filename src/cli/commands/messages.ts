// `kwsync messages list GUID`: read a group's messages (one page, or every page with --all).
import { iterateGroupMessages, listGroupMessages, MAX_MESSAGE_LIMIT, type GroupMessagesQuery, type Message } from '../../api/index.js';
import { EXIT, UsageError } from '../../errors.js';
import type { CommandContext } from '../io.js';
import {
  connectService,
  debugOptions,
  formatTable,
  formatTime,
  intInRange,
  parseList,
  parseTimestamp,
  printJson,
  serviceSettingsFromEnv,
} from '../service.js';
import type { RegisterCommand } from './index.js';

interface ListOptions {
  limit?: number;
  all?: boolean;
  max?: number;
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
  kwsync messages list cometchat-guid-1                      the first page (the service's default size)
  kwsync messages list cometchat-guid-1 --limit 100 --search heck
  kwsync messages list cometchat-guid-1 --all --max 5000 --json > messages.json
  kwsync messages list cometchat-guid-1 --from 2024-06-01 --to 2024-06-30 --sender alice --hide-replies

--from/--to take UNIX seconds or an ISO date. --max implies --all.`;

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  const messages = program.command('messages').description('read group messages from the service');
  messages
    .command('list')
    .description('list the messages of a group')
    .argument('<guid>', 'the group id')
    .option('--limit <n>', `messages per page, 1..${MAX_MESSAGE_LIMIT}`, intInRange(1, MAX_MESSAGE_LIMIT))
    .option('--all', 'follow the pages to the last one')
    .option('--max <n>', 'stop after this many messages (implies --all)', intInRange(1))
    .option('--search <text>', 'only messages containing the text')
    .option('--sender <uid>', 'only messages from this user')
    .option('--from <ts>', 'messages sent at or after this time', parseTimestamp)
    .option('--to <ts>', 'messages sent at or before this time', parseTimestamp)
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
      setExitCode(await listMessages(ctx, guid, opts));
    });
};

async function listMessages(ctx: CommandContext, guid: string, opts: ListOptions): Promise<number> {
  if (opts.from !== undefined && opts.to !== undefined && opts.from > opts.to) {
    throw new UsageError('--from is after --to; nothing could match');
  }
  const settings = serviceSettingsFromEnv(ctx.io.env);
  const { client } = connectService(settings, debugOptions(ctx.io.env, ctx.io.stderr));
  const all = opts.all === true || opts.max !== undefined;
  const query = toQuery(opts, all);
  try {
    const found: Message[] = [];
    if (all) {
      for await (const m of iterateGroupMessages(client, guid, query)) {
        found.push(m);
        if (opts.max !== undefined && found.length >= opts.max) break;
      }
    } else {
      found.push(...(await listGroupMessages(client, guid, query)).data);
    }
    printMessages(ctx, found, opts.json === true);
    return EXIT.ok;
  } finally {
    await client.close();
  }
}

function toQuery(opts: ListOptions, all: boolean): GroupMessagesQuery {
  // Following every page goes fastest at the largest page, unless --max asks for fewer.
  const limit = opts.limit ?? (all ? Math.min(MAX_MESSAGE_LIMIT, opts.max ?? MAX_MESSAGE_LIMIT) : undefined);
  const q: GroupMessagesQuery = {
    limit,
    searchKey: opts.search,
    sender: opts.sender,
    fromTimestamp: opts.from,
    toTimestamp: opts.to,
    category: opts.category,
    type: opts.type,
    tags: opts.tags,
    hideReplies: opts.hideReplies,
    hasMentions: opts.hasMentions,
    hasLinks: opts.hasLinks,
    hasAttachments: opts.hasAttachments,
    onBehalfOf: opts.onBehalfOf,
  };
  return Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as GroupMessagesQuery;
}

function printMessages(ctx: CommandContext, found: Message[], json: boolean): void {
  const out = ctx.io.stdout;
  if (json) return printJson(out, found);
  if (found.length === 0) {
    out.write('no messages\n');
    return;
  }
  const rows = found.map((m) => [formatTime(m.sentAt), m.id, m.sender, `${m.category}/${m.type}`, m.data?.text ?? `(${m.type}, no text)`]);
  out.write(formatTable(['SENT', 'ID', 'SENDER', 'KIND', 'TEXT'], rows, out.isTTY ? out.columns : undefined));
  out.write(`${found.length} message${found.length === 1 ? '' : 's'}\n`);
}
