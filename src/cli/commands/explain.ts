// `kwsync explain`: why a message is (or is not) caught, and where each catching term came from.
// The definition only: explain-run.ts loads the lists, git history and (with --live) the client.
import { Option } from 'commander';
import type { RegisterCommand } from './command.js';
import type { ExplainOptions } from './explain-run.js';

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('explain')
    .description('which lists and terms catch a message, why, and which commit and pull request added each term')
    .argument('[message]', 'the message to explain (quote it)')
    .option('--term <term>', 'instead of a message: every list holding this term, exactly or case-folded')
    .option('--live', 'compare with the live lists too (the target\'s app and key variable, as for `kwsync plan`)', false)
    .option('--target <name>', 'a target of kwsync.yaml: its lists, excludes and overrides (and with --live its app); default the only one')
    .option('--dir <folder>', 'the keywords folder', 'keywords')
    .addOption(new Option('--format <format>', 'text or json (schema: kwsync schema --output explain-report)').choices(['text', 'json']).default('text'))
    .addHelpText(
      'after',
      `
A user asks "why was my message blocked?": paste the message.

  kwsync explain "send me your gift card code, scammer"
      every list in keywords/ that catches it, the matched text marked (in [brackets] when not on
      a terminal), the rule (word lists: whole word, case-insensitive; patterns: JavaScript regex,
      flags iu), and for each matching term the line holding it, the commit that added it and the
      pull request it came through (read from git history: "Merge pull request #N", or "(#N)")
  kwsync explain "free crypto at bit.ly/x" --live
      the same, and whether the live app's lists hold each term (a term added live in the
      dashboard shows up as "not in git")
  kwsync explain --term scam
      every list holding "scam" (or "SCAM", "Ｓｃａｍ": folded as word lists fold), with provenance
  kwsync explain --term scam --live --format json
  kwsync explain "oh blimey" --target eu
      the lists target eu sends (its include/exclude, omit and overrides: appended terms and names),
      as its app holds them; with several targets and no --target, explain asks which

Sentence-similarity lists are decided by the service's AI model. kwsync estimates with a local
sentence model (Universal Sentence Encoder lite, an optional dependency): for each such list, the
sentence nearest the message, its score, and whether that is at or above the threshold
(preview.similarity.threshold of kwsync.yaml, default 0.6). The estimate is the local model's,
not CometChat's; without the model, those lists say "not previewed" and how to install it.
Outside a git repository, provenance is said to be unavailable; everything else still works.

Exit codes: 0 explained (caught or not), 1 runtime or API error, 3 invalid lists, 64 bad usage.`,
    )
    .action(async (message: string | undefined, opts: ExplainOptions) => {
      const { runExplain } = await import('./explain-run.js');
      setExitCode(await runExplain(ctx.io, message, opts));
    });
};
