// `kwsync messages list GUID`: read a group's messages (one page, or every page with --all).
import { iterateGroupMessagePages, MAX_MESSAGE_LIMIT, type CometChatClient, type GroupMessagesQuery, type Message } from '../../api/index.js';
import { EXIT, UsageError } from '../../errors.js';
import { notice, type CommandContext } from '../io.js';
import { progressLine, type Progress } from '../progress.js';
import {
  connectService,
  debugOptions,
  formatTable,
  formatTime,
  intInRange,
  parseList,
  parseEndTimestamp,
  parseTimestamp,
  printJson,
  serviceSettingsFromEnv,
} from '../service.js';
import type { RegisterCommand } from './index.js';

interface ListOptions {
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
      setExitCode(await listMessages(ctx, guid, opts));
    });
};

async function listMessages(ctx: CommandContext, guid: string, opts: ListOptions): Promise<number> {
  if (opts.from !== undefined && opts.to !== undefined && opts.from > opts.to) {
    throw new UsageError('--from is after --to; nothing could match', { hint: 'swap the two times' });
  }
  const settings = serviceSettingsFromEnv(ctx.io.env);
  const { client } = connectService(settings, debugOptions(ctx.io.env, ctx.io.stderr));
  const all = opts.all === true || opts.max !== undefined;
  const query = toQuery(opts, all);
  const progress = progressLine(ctx.io);
  try {
    const { found, more } = await fetchMessages(client, guid, query, { all, max: opts.max, latest: opts.latest === true }, progress);
    progress.done();
    printMessages(ctx, found, opts.json === true);
    // On stderr so `--json > file` stays clean; the count alone would read as "that is all".
    if (more && !all) notice(ctx.io, 'more messages follow: add --all, or --max N');
    return EXIT.ok;
  } finally {
    progress.done();
    await client.close();
  }
}

async function fetchMessages(
  client: CometChatClient,
  guid: string,
  query: GroupMessagesQuery,
  how: { all: boolean; max: number | undefined; latest: boolean },
  progress: Progress,
): Promise<{ found: Message[]; more: boolean }> {
  const found: Message[] = [];
  for await (const page of iterateGroupMessagePages(client, guid, query)) {
    // --latest pages run back in time; newest first inside a page too, so --max keeps the newest.
    found.push(...(how.latest ? newestFirst(page.data) : page.data));
    if (how.all) progress.update(`Reading messages of ${guid}: ${found.length}${how.max !== undefined ? ` of at most ${how.max}` : ''}`);
    const more = page.meta?.next !== undefined && page.data.length > 0;
    if (!how.all) return { found, more };
    if (how.max !== undefined && found.length >= how.max) return { found: found.slice(0, how.max), more: true };
  }
  return { found, more: false };
}

function newestFirst(page: readonly Message[]): Message[] {
  const byId = (a: string, b: string) => (/^\d+$/.test(a) && /^\d+$/.test(b) ? Number(BigInt(a) - BigInt(b)) : a.localeCompare(b));
  return [...page].sort((a, b) => b.sentAt - a.sentAt || byId(b.id, a.id));
}

function toQuery(opts: ListOptions, all: boolean): GroupMessagesQuery {
  // Following every page goes fastest at the largest page, unless --max asks for fewer.
  const limit = opts.limit ?? (all ? Math.min(MAX_MESSAGE_LIMIT, opts.max ?? MAX_MESSAGE_LIMIT) : undefined);
  const q: GroupMessagesQuery = {
    limit,
    affix: opts.latest ? 'prepend' : undefined,
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
