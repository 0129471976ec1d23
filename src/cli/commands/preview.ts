// `kwsync preview`: how many recent group messages each changed list would catch, before vs after.
// Reads only: the plan (live lists) and recent messages of the groups named in kwsync.yaml or --group.
import { EXIT, UsageError } from '../../errors.js';
import { iterateGroupMessages, MAX_MESSAGE_LIMIT, type CometChatClient } from '../../api/index.js';
import { renderPreviewJson, renderPreviewMarkdown, renderPreviewText, startPreview, type PreviewScan } from '../../preview/index.js';
import type { KeywordTarget } from '../../model/target.js';
import type { ServiceEndpoint } from '../../plan/summary.js';
import type { CliIO } from '../io.js';
import { progressLine, type Progress } from '../progress.js';
import { intInRange } from '../service.js';
import { connectApp, loadRepo, parseFormat, useColor, type LoadedRepo } from '../target.js';
import { makePlan } from './plan.js';
import type { RegisterCommand } from './index.js';

export interface PreviewOptions {
  dir: string;
  target?: string;
  group: string[];
  messages?: number;
  format?: string;
  /** Caught messages to show per list (terminal text only). */
  examples?: number;
  /** Not a flag: the demo passes the emulator here instead of resolving a target. */
  app?: { client: CometChatClient; keywords: KeywordTarget; endpoint?: ServiceEndpoint };
  /** Not a flag: a folder the caller already loaded and validated (the demo). */
  repo?: LoadedRepo;
}

export async function runPreview(io: CliIO, opts: PreviewOptions): Promise<number> {
  const format = parseFormat(opts.format);
  const examples = opts.examples ?? 0;
  if (examples > 0 && format !== 'text') {
    throw new UsageError(`--examples shows users' messages and is for the terminal only, not --format ${format}`, {
      hint: 'leave out --examples, or use --format text; markdown and json carry counts and terms only',
    });
  }
  const repo = opts.repo ?? (await loadRepo(io, opts.dir));
  const { config } = repo;
  const groups = opts.group.length > 0 ? opts.group : config.preview.groups;
  if (groups.length === 0) {
    throw new UsageError('no groups to preview', { hint: 'name them with --group GUID, or `preview.groups` in kwsync.yaml' });
  }
  const perGroup = opts.messages ?? config.preview.messages;
  const { client, keywords, endpoint } = opts.app ?? connectApp(io, config, opts.target);
  const { plan } = await makePlan(io, { dir: opts.dir, repo, keywordTarget: keywords });
  const scan = startPreview(plan, { examples });
  const progress = progressLine(io);
  try {
    for (const guid of groups) await scanRecentTextMessages(client, guid, perGroup, scan, progress);
  } finally {
    progress.done();
  }
  const preview = scan.result(groups);
  if (format === 'json') io.stdout.write(renderPreviewJson(preview));
  else if (format === 'markdown') io.stdout.write(renderPreviewMarkdown(preview));
  else io.stdout.write(renderPreviewText(preview, { color: useColor(io.stdout, io.env), endpoint, width: io.stdout.columns }));
  return EXIT.ok;
}

/** Offers the newest `count` text messages of a group to the scan as they arrive (affix=prepend walks back). */
async function scanRecentTextMessages(client: CometChatClient, guid: string, count: number, scan: PreviewScan, progress: Progress): Promise<void> {
  const query = { affix: 'prepend' as const, limit: Math.min(count, MAX_MESSAGE_LIMIT) };
  let n = 0;
  progress.update(`Reading messages of ${guid}: 0 of ${count}`);
  for await (const m of iterateGroupMessages(client, guid, query)) {
    if (typeof m.data?.text !== 'string') continue;
    scan.add({ id: m.id, text: m.data.text });
    n++;
    if (n % 100 === 0) progress.update(`Reading messages of ${guid}: ${n} of ${count}`);
    if (n >= count) break;
  }
}

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('preview')
    .description('count the recent group messages each changed list would catch, before vs after')
    .option('--dir <dir>', 'the keywords folder', 'keywords')
    .option('--target <name>', 'a target of kwsync.yaml (default: the only one, or the environment)')
    .option('--group <guid>', 'a group to sample (repeatable; default: preview.groups of kwsync.yaml)', collect, [])
    .option('--messages <n>', 'recent messages per group (default: preview.messages, 500)', intInRange(1, 100_000))
    .option('--format <format>', 'text, markdown or json', 'text')
    .option('--examples <n>', 'show up to n caught messages per list, the match in [brackets] (text only)', intInRange(0, 100))
    .addHelpText(
      'after',
      `
Word and pattern lists are matched here with kwsync's engine (whole words, case-insensitive;
patterns as JavaScript regexes with flags "iu"); sentence-similarity lists are shown as n/a.
--examples prints message text, so it is for the terminal only: markdown (PR comments) and json
carry counts and terms, never a message.

Examples:
  kwsync preview --group cometchat-guid-1
  kwsync preview --group cometchat-guid-1 --examples 5        judge false positives by eye
  kwsync preview --group cometchat-guid-1 --group cometchat-guid-2 --messages 2000 --format markdown

Exit codes: 0 ok, 1 API error, 3 invalid lists, 64 bad usage.`,
    )
    .action(async (opts: PreviewOptions) => {
      setExitCode(await runPreview(ctx.io, opts));
    });
};

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
