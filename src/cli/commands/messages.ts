// `kwsync messages list GUID`: read a group's messages (one page, or every page with --all).
// The definition only: the action loads the client (undici, zod) when it runs. Every query
// parameter of the API has a flag (messages-params.ts), grouped in --help.
import { Option } from 'commander';
import type { RegisterCommand } from './command.js';
import { HELP_GROUPS, messageParamOptions } from './messages-params.js';
import { DIR_HELP, TARGET_HELP, intInRange } from './option-parsers.js';
import type { ListOptions } from './messages-list.js';

const EXAMPLES = `
Examples:
  kwsync messages list cometchat-guid-1                      the oldest messages (the service's default page size)
  kwsync messages list cometchat-guid-1 --latest --limit 20  the 20 newest
  kwsync messages list cometchat-guid-1 --limit 100 --search-key heck
  kwsync messages list cometchat-guid-1 --all --max 5000 --json > messages.json
  kwsync messages list cometchat-guid-1 --from-timestamp 2024-06-01 --to-timestamp 2024-06-30 --sender alice --hide-replies
  kwsync messages list cometchat-guid-1 --types text,image --has-reactions --with-tags
  kwsync messages list cometchat-guid-1 --unread --on-behalf-of alice
  kwsync messages list cometchat-guid-1 --target eu           the app of target eu, with its own key variable

Each flag is the API's query parameter in kebab-case (--mentioned-uids sends mentionedUids), so
CometChat's "List Group Messages" reference describes them all. A yes/no flag sends name=true and
--no-<flag> sends name=false; left out, nothing is sent. Lists (a,b) go as repeated parameters,
except --mentioned-uids, which goes as one comma list. --search, --from and --to still work.

Pages start at the OLDEST matching message and go forward in time; --latest starts at the newest
and goes back, printing newest first. Without --all, a note on stderr says when more follow.
--max implies --all.`;

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  const messages = program.command('messages').description('read group messages from the service');
  const list = messages
    .command('list')
    .description('list the messages of a group, oldest first (--latest: newest first)')
    .argument('<guid>', 'the group id');
  const paging = HELP_GROUPS.paging;
  list
    .addOption(new Option('--all', 'follow the pages to the last one').helpGroup(paging))
    .addOption(new Option('--max <n>', 'stop after this many messages (implies --all)').argParser(intInRange(1)).helpGroup(paging))
    .addOption(new Option('--latest', 'start from the newest message and page back in time (affix=prepend), newest first').conflicts('affix').helpGroup(paging));
  for (const option of messageParamOptions()) list.addOption(option);
  list
    .addOption(new Option('--on-behalf-of <uid>', 'act as this user (the onBehalfOf header)').helpGroup(HELP_GROUPS.output))
    .addOption(new Option('--json', 'print JSON instead of a table').helpGroup(HELP_GROUPS.output))
    .addOption(new Option('--target <name>', TARGET_HELP).helpGroup(HELP_GROUPS.output))
    .addOption(new Option('--dir <dir>', DIR_HELP).helpGroup(HELP_GROUPS.output))
    .addHelpText('after', EXAMPLES)
    .action(async (guid: string, opts: ListOptions) => {
      const { listMessages } = await import('./messages-list.js');
      setExitCode(await listMessages(ctx, guid, opts));
    });
};
