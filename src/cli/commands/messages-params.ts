// The 28 query parameters of "list group messages" (the seed spec's table, in its order) as
// `kwsync messages list` flags: each flag is the kebab-case of the API name, so commander's option
// key IS the API name and the query is built by copying keys. Commander only: this runs on every start.
import { Option } from 'commander';
import type { GroupMessagesQuery } from '../../api/messages.js';
import { intInRange, MAX_MESSAGE_LIMIT, oneOf, parseEndTimestamp, parseList, parseTimestamp } from './option-parsers.js';

export type MessageParamName = Exclude<keyof GroupMessagesQuery, 'onBehalfOf'>;

/** The `--help` sections, in the order they print. */
export const HELP_GROUPS = {
  paging: 'Paging (which page, how many):',
  content: 'What the messages hold:',
  people: 'Who sent, who is mentioned, who reads:',
  time: 'When (UNIX seconds or an ISO date/time):',
  extras: 'Extra information in the answer:',
  output: 'Output and identity:',
} as const;

export interface MessageParam {
  /** The API's name of the query parameter; the flag is its kebab-case. */
  api: MessageParamName;
  /** `<value>` placeholder; none for a yes/no parameter (sent as `name=true`, `--no-…` sends false). */
  value?: string;
  help: string;
  group: keyof typeof HELP_GROUPS;
  parse?: (value: string) => unknown;
  /** Only in the seed spec, not in the published description: sent only when asked. */
  seedOnly?: true;
}

const ATTACHMENT_TYPES = ['image', 'video', 'audio', 'file'] as const satisfies readonly NonNullable<GroupMessagesQuery['attachmentTypes']>[];

/** Every parameter of the spec, in its order; the type check below proves none is missing. */
export const MESSAGE_PARAMS = [
  { api: 'searchKey', value: '<text>', help: 'only messages containing the text (alias --search)', group: 'content' },
  { api: 'hasAttachments', help: 'only messages with attachments', group: 'content' },
  { api: 'attachmentTypes', value: '<type>', help: `only attachments of this type: ${ATTACHMENT_TYPES.join(', ')}`, group: 'content', parse: oneOf(ATTACHMENT_TYPES) },
  { api: 'hasMentions', help: 'only messages with mentions', group: 'people' },
  { api: 'hasLinks', help: 'only messages with links', group: 'content' },
  { api: 'mentionedUids', value: '<uid,uid>', help: 'only messages mentioning any of these users (sent as one comma list)', group: 'people', parse: parseList },
  { api: 'unread', help: 'only messages unread by the --on-behalf-of user', group: 'people' },
  { api: 'undelivered', help: 'only messages not delivered yet', group: 'people' },
  { api: 'count', help: 'ask the service to count the matching messages too (printed on stderr when it does)', group: 'extras' },
  { api: 'hideMessagesFromBlockedUsers', help: 'leave out messages from users the --on-behalf-of user blocked', group: 'people' },
  { api: 'hideReplies', help: 'leave out replies in threads', group: 'content' },
  { api: 'affix', value: '<append|prepend>', help: 'page after (append, the default) or before (prepend) --id', group: 'paging', parse: oneOf(['append', 'prepend'] as const) },
  { api: 'id', value: '<messageId>', help: 'the message to page from (see --affix)', group: 'paging' },
  { api: 'category', value: '<c>', help: 'one message category, e.g. message', group: 'content' },
  { api: 'categories', value: '<a,b>', help: 'several categories (sent as repeated categories=)', group: 'content', parse: parseList },
  { api: 'type', value: '<t>', help: 'one message type, e.g. text', group: 'content' },
  { api: 'types', value: '<a,b>', help: 'several types, e.g. text,image (sent as repeated types=)', group: 'content', parse: parseList },
  { api: 'myMentionsOnly', help: 'only messages mentioning the --on-behalf-of user', group: 'people' },
  { api: 'hasReactions', help: 'only messages with reactions (of --sender, when given)', group: 'content' },
  { api: 'sender', value: '<uid>', help: 'only messages from this user', group: 'people' },
  { api: 'mentionsWithBlockedInfo', help: 'mentioned users carry blocked information (relative to --on-behalf-of)', group: 'extras' },
  { api: 'mentionsWithTagInfo', help: 'mentioned users carry their tags', group: 'extras' },
  { api: 'limit', value: '<n>', help: `messages per page, 1..${MAX_MESSAGE_LIMIT} (the service's default is 10)`, group: 'paging', parse: intInRange(1, MAX_MESSAGE_LIMIT) },
  { api: 'fromTimestamp', value: '<ts>', help: 'sent at or after this time; a date alone is its start, 00:00:00 UTC (alias --from)', group: 'time', parse: parseTimestamp },
  { api: 'toTimestamp', value: '<ts>', help: 'sent at or before this time; a date alone is its end, 23:59:59 UTC (alias --to)', group: 'time', parse: parseEndTimestamp },
  { api: 'withTags', help: 'messages carry their tags', group: 'extras' },
  { api: 'tags', value: '<a,b>', help: 'only messages with any of these tags (sent as repeated tags=)', group: 'content', parse: parseList },
  { api: 'hideQuotedMessages', help: 'leave quoted messages out of the answer (in the seed spec only; sent only when given)', group: 'extras', seedOnly: true },
] as const satisfies readonly MessageParam[];

// A parameter of the query type without a flag makes `Unflagged` a non-never type: the check fails.
type Unflagged = Exclude<MessageParamName, (typeof MESSAGE_PARAMS)[number]['api']>;
export const paramsComplete: [Unflagged] extends [never] ? true : never = true;

/** `mentionedUids` → `--mentioned-uids`. */
export function flagOf(api: string): string {
  return `--${api.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** The earlier flags, kept working (hidden from --help, named in the help of what they stand for). */
export const MESSAGE_FLAG_ALIASES = [
  { flags: '--search <text>', of: 'searchKey', parse: undefined },
  { flags: '--from <ts>', of: 'fromTimestamp', parse: parseTimestamp },
  { flags: '--to <ts>', of: 'toTimestamp', parse: parseEndTimestamp },
] as const satisfies readonly { flags: string; of: MessageParamName; parse: ((v: string) => unknown) | undefined }[];

/** Commander's option key of an alias: `--search <text>` → `search`. */
const aliasKey = (flags: string) => flags.slice(2).split(' ')[0]!;

/** The commander options of every parameter, with hidden `--no-…` negations and the aliases. */
export function messageParamOptions(): Option[] {
  const options: Option[] = [];
  // Grouped in HELP_GROUPS order (commander prints the groups in the order it first meets them);
  // hidden options get a group too, or they would place the default "Options:" group first.
  const byGroup = (Object.keys(HELP_GROUPS) as (keyof typeof HELP_GROUPS)[]).flatMap((g) =>
    (MESSAGE_PARAMS as readonly MessageParam[]).filter((p) => p.group === g),
  );
  for (const p of byGroup) {
    const flag = flagOf(p.api);
    const heading = HELP_GROUPS[p.group];
    const option = new Option(p.value ? `${flag} ${p.value}` : flag, p.help).helpGroup(heading);
    if (p.parse) option.argParser(p.parse);
    options.push(option);
    // Without a value the flag sends true; the negation sends false (both absent: nothing is sent).
    if (!p.value) options.push(new Option(`--no-${flag.slice(2)}`).hideHelp().helpGroup(heading));
  }
  for (const a of MESSAGE_FLAG_ALIASES) {
    const option = new Option(a.flags).hideHelp().conflicts(a.of).helpGroup(HELP_GROUPS.output);
    if (a.parse) option.argParser(a.parse);
    options.push(option);
  }
  return options;
}

/** The query the parsed options ask for: every parameter given, under its API name; aliases folded in. */
export function messageQueryOf(opts: Record<string, unknown>): Partial<Record<MessageParamName, unknown>> {
  const query: Partial<Record<MessageParamName, unknown>> = {};
  for (const p of MESSAGE_PARAMS) if (opts[p.api] !== undefined) query[p.api] = opts[p.api];
  for (const a of MESSAGE_FLAG_ALIASES) if (opts[aliasKey(a.flags)] !== undefined) query[a.of] = opts[aliasKey(a.flags)];
  return query;
}
