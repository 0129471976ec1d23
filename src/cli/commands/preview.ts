// `kwsync preview`: how many recent group messages each changed list would catch, before vs after.
// Reads only: the plan (live lists) and recent messages of the groups named in kwsync.yaml or --group.
// The definition only: the run (preview-run.ts) loads the plan, the client and the matchers.
import type { CliIO } from '../io.js';
import { InvalidArgumentError } from 'commander';
import type { RegisterCommand } from './command.js';
import { intInRange } from './option-parsers.js';
import type { PreviewOptions } from './preview-run.js';

/** Runs a preview (the demo calls it too); its modules load on the first call. */
export async function runPreview(io: CliIO, opts: PreviewOptions): Promise<number> {
  const run = await import('./preview-run.js');
  return run.runPreview(io, opts);
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
    .option('--deadline <seconds>', 'stop after this long and say which pattern was running; patterns run in a worker that can be stopped', intInRange(1, 3600))
    .option('--threshold <cosine>', 'sentence lists: the similarity from which a message counts as caught (default: preview.similarity.threshold, or 0.6)', cosineThreshold)
    .addHelpText(
      'after',
      `
Word and pattern lists are matched here with kwsync's engine (whole words, case-insensitive;
patterns as JavaScript regexes with flags "iu"). Sentence-similarity lists are scored by a local
sentence model (Universal Sentence Encoder lite, an optional dependency), not CometChat's AI: a
message counts as caught when it is at least --threshold similar to a sentence of the list. Each
sentence shows how many messages it catches on its own, and one catching over 5% is flagged as
broad. Without the model, those lists say "not previewed" and how to install it.
--examples prints message text, so it is for the terminal only: markdown (PR comments) and json
carry counts and terms, never a message; for sentence lists it shows the messages nearest each
sentence with their scores. With --deadline, pattern-list examples are shown without the match
marked (marking would run the patterns outside the worker), and sentence lists get half of it.

Examples:
  kwsync preview --group cometchat-guid-1
  kwsync preview --group cometchat-guid-1 --examples 5        judge false positives by eye
  kwsync preview --group cometchat-guid-1 --group cometchat-guid-2 --messages 2000 --format markdown
  kwsync preview --group cometchat-guid-1 --deadline 60       lists you did not write: stop within a minute
  kwsync preview --group marketplace --examples 3 --threshold 0.55   tune a sentence list by eye

Exit codes: 0 ok, 1 API error or stopped at --deadline, 3 invalid lists, 64 bad usage.`,
    )
    .action(async (opts: PreviewOptions) => {
      setExitCode(await runPreview(ctx.io, opts));
    });
};

function cosineThreshold(value: string): number {
  const n = Number(value);
  if (!/^\s*(0(\.\d+)?|1(\.0+)?|\.\d+)\s*$/.test(value) || !(n > 0 && n <= 1)) throw new InvalidArgumentError('must be a number above 0 and at most 1, e.g. 0.6');
  return n;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
