// `kwsync calls list` and `kwsync calls get SESSION_ID`: read call logs from the Calls API.
// The definitions only: each action loads the client (undici, zod) when it runs.
import { Option } from 'commander';
import type { RegisterCommand } from './command.js';
import { CALL_STATUSES, DIR_HELP, TARGET_HELP, intInRange, oneOf, parseBool, parseTimestamp } from './option-parsers.js';
import type { ListOptions } from './calls-run.js';

const LIST_EXAMPLES = `
Examples:
  kwsync calls list                                   the first page
  kwsync calls list --status ended --type video --has-recording true
  kwsync calls list --uid alice --started-at 2024-06-01 --all --json > calls.json
  kwsync calls list --participants-count 2 --receiver-type user
  kwsync calls list --page 3 --per-page 50
  kwsync calls list --target eu                       the app of target eu, with its own key variable`;

const GET_EXAMPLES = `
Examples:
  kwsync calls get v1.us.12345.abcdef                 participants and recordings
  kwsync calls get v1.us.12345.abcdef --json`;

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  const calls = program.command('calls').description('read call logs from the service');
  const list = calls.command('list').description('list calls, newest first as the service orders them');
  const option = (flags: string, help: string, group: string, parse?: (v: string) => unknown) => {
    const o = new Option(flags, help).helpGroup(group);
    list.addOption(parse ? o.argParser(parse) : o);
  };
  // The flags are the API's query parameters in kebab-case (--participants-count: participantsCount).
  const filters = 'Filters (query parameters of the Calls API):';
  option('--type <type>', 'audio or video', filters, oneOf(['audio', 'video'] as const));
  option('--mode <mode>', 'call, meet or presenter', filters, oneOf(['call', 'meet', 'presenter'] as const));
  option('--status <status>', `${CALL_STATUSES.join(', ')} (initiated and canceled are picked out by kwsync: the service publishes no such filter)`, filters, oneOf(CALL_STATUSES));
  option('--receiver-type <t>', 'user or group', filters, oneOf(['user', 'group'] as const));
  option('--participants-count <n>', 'calls with exactly this many participants', filters, intInRange(0));
  option('--uid <uid>', 'calls this user took part in', filters);
  option('--started-at <ts>', 'UNIX seconds or ISO date', filters, parseTimestamp);
  option('--ended-at <ts>', 'UNIX seconds or ISO date', filters, parseTimestamp);
  option('--has-recording <bool>', 'true or false', filters, parseBool);
  option('--has-transcription <bool>', 'true or false', filters, parseBool);
  // /calls declares no page/perPage: `page` goes only after page 1, `perPage` only when asked.
  const paging = 'Paging (not declared on /calls; the answer carries meta.pagination):';
  option('--page <n>', 'page number, from 1 (sent only from page 2 on)', paging, intInRange(1));
  option('--per-page <n>', 'calls per page (sent only when given)', paging, intInRange(1, 1000));
  option('--all', 'follow the pages to the last one; stops with an error if the service ignores `page`', paging);
  const output = 'Output and identity:';
  option('--on-behalf-of <uid>', 'scope the list to this user (onBehalfOf header)', output);
  option('--json', 'print JSON instead of a table', output);
  option('--target <name>', TARGET_HELP, output);
  option('--dir <dir>', DIR_HELP, output);
  list.addHelpText('after', LIST_EXAMPLES).action(async (opts: ListOptions) => {
    const { runList } = await import('./calls-run.js');
    setExitCode(await runList(ctx, opts));
  });
  calls
    .command('get')
    .description('show one call with its participants and recordings')
    .argument('<sessionId>', 'the call session id')
    .option('--on-behalf-of <uid>', 'act as this user (onBehalfOf header)')
    .option('--json', 'print JSON instead of a table')
    .option('--target <name>', TARGET_HELP)
    .option('--dir <dir>', DIR_HELP)
    .addHelpText('after', GET_EXAMPLES)
    .action(async (sessionId: string, opts: { onBehalfOf?: string; json?: boolean; target?: string; dir?: string }) => {
      const { runGet } = await import('./calls-run.js');
      setExitCode(await runGet(ctx, sessionId, opts));
    });
};
