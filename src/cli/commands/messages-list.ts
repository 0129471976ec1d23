// `kwsync messages list GUID`, the action: one page, or every page with --all.
import { iterateGroupMessagePages, MAX_MESSAGE_LIMIT, type CometChatClient, type GroupMessagesPage, type GroupMessagesQuery, type Message } from '../../api/index.js';
import { EXIT, UsageError } from '../../errors.js';
import { notice, type CommandContext } from '../io.js';
import { progressLine, type Progress } from '../progress.js';
import { connectRead, formatTable, formatTime, printJson } from '../service.js';
import { messageQueryOf } from './messages-params.js';

/** The parsed flags: the API's parameters under their API names, the aliases, and kwsync's own. */
export interface ListOptions extends Record<string, unknown> {
  all?: boolean;
  max?: number;
  latest?: boolean;
  onBehalfOf?: string;
  json?: boolean;
  /** A kwsync.yaml target (its app and key variable), in the keywords folder `dir`. */
  target?: string;
  dir?: string;
}

export async function listMessages(ctx: CommandContext, guid: string, opts: ListOptions): Promise<number> {
  const all = opts.all === true || opts.max !== undefined;
  const query = toQuery(opts, all);
  if (query.fromTimestamp !== undefined && query.toTimestamp !== undefined && query.fromTimestamp > query.toTimestamp) {
    throw new UsageError('--from-timestamp is after --to-timestamp; nothing could match', { hint: 'swap the two times' });
  }
  const client = await connectRead(ctx.io, opts, undefined, true);
  const progress = progressLine(ctx.io);
  try {
    const { found, more, counted } = await fetchMessages(client, guid, query, { all, max: opts.max as number | undefined, latest: opts.latest === true }, progress);
    progress.done();
    printMessages(ctx, found, opts.json === true);
    // The shape of a `count=true` answer is not published: a number in meta.count is shown when it comes.
    if (query.count) notice(ctx.io, counted === undefined ? 'the service sent no count (meta.count) with the messages' : `the service counts ${counted} matching message${counted === 1 ? '' : 's'}`);
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
): Promise<{ found: Message[]; more: boolean; counted?: number }> {
  const found: Message[] = [];
  let counted: number | undefined;
  for await (const page of iterateGroupMessagePages(client, guid, query, { readAhead: how.all })) {
    counted ??= countOf(page);
    // --latest pages run back in time; newest first inside a page too, so --max keeps the newest.
    found.push(...(how.latest ? newestFirst(page.data) : page.data));
    if (how.all) progress.update(`Reading messages of ${guid}: ${found.length}${how.max !== undefined ? ` of at most ${how.max}` : ''}`);
    const more = page.meta?.next !== undefined && page.data.length > 0;
    if (!how.all) return { found, more, counted };
    if (how.max !== undefined && found.length >= how.max) return { found: found.slice(0, how.max), more: true, counted };
  }
  return { found, more: false, counted };
}

function countOf(page: GroupMessagesPage): number | undefined {
  const n = (page.meta as { count?: unknown } | null | undefined)?.count;
  return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}

function newestFirst(page: readonly Message[]): Message[] {
  const byId = (a: string, b: string) => (/^\d+$/.test(a) && /^\d+$/.test(b) ? Number(BigInt(a) - BigInt(b)) : a.localeCompare(b));
  return [...page].sort((a, b) => b.sentAt - a.sentAt || byId(b.id, a.id));
}

function toQuery(opts: ListOptions, all: boolean): GroupMessagesQuery {
  // Every API parameter the flags gave, under its API name (the flags are its kebab-case).
  const asked = messageQueryOf(opts) as GroupMessagesQuery;
  // Following every page goes fastest at the largest page, unless --max asks for fewer.
  const limit = asked.limit ?? (all ? Math.min(MAX_MESSAGE_LIMIT, opts.max ?? MAX_MESSAGE_LIMIT) : undefined);
  const q: GroupMessagesQuery = {
    ...asked,
    limit,
    affix: opts.latest ? 'prepend' : asked.affix,
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
