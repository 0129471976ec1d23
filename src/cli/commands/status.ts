// `kwsync status`: per target, the last applied commit (its GitHub deployment record), whether live
// still matches it (drift) and whether the default branch has list changes not applied (ahead).
// The definition only: the run (status-run.ts) loads git, GitHub and the client.
import type { CliIO } from '../io.js';
import type { StatusDeps } from '../../status/read-status.js';
import type { RegisterCommand } from './command.js';
import type { StatusCommandOptions } from './status-run.js';

/** Runs `kwsync status`; `inject` replaces what it would wire itself (tests: an in-memory reader). */
export async function runStatus(io: CliIO, opts: StatusCommandOptions, inject: Partial<StatusDeps> = {}): Promise<number> {
  return (await import('./status-run.js')).runStatus(io, opts, inject);
}

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('status')
    .description('per target: the last applied commit, drift of live since, and list changes not applied yet')
    .option('--dir <dir>', 'the keywords folder', 'keywords')
    .option('--target <name>', 'only this target of kwsync.yaml (default: every target, or the environment)')
    .option('--ref <ref>', 'the git ref "ahead" compares with, and the fallback when there is no record', 'HEAD')
    .option('--repo <owner/name>', 'the GitHub repository of the deployment records (default: GITHUB_REPOSITORY, else the origin remote)')
    .option('--format <format>', 'text, markdown or json', 'text')
    .option('--detailed-exitcode', 'exit 2 when a target drifted or has changes not applied, 0 when all are in sync')
    .addHelpText(
      'after',
      `
What it answers, for each target of kwsync.yaml:
  applied  the last applied commit: the newest successful kwsync deployment of the target's GitHub
           environment (written by the Action's apply), when, and the run that did it
  drift    whether the live lists still match that commit's lists: live edits (a list differs),
           missing lists, unmanaged lists (live with no file; drift only with prune on)
  ahead    whether --ref (default HEAD) has list changes since: lists added, changed, removed

With no deployment record (or no token), drift compares live with --ref's lists, and says so.
An applied commit this clone lacks is named (git fetch origin <sha>); drift then compares with --ref.

Needs:
  GITHUB_TOKEN (or GH_TOKEN)  reads the deployment records: GITHUB_TOKEN=$(gh auth token), or a
                              fine-grained token with "Deployments: read" on the repository
  the repository              --repo owner/name, GITHUB_REPOSITORY, or a github.com origin remote
  a key per target            the variable in the target's apiKeyEnv (default COMETCHAT_API_KEY);
                              without it that target's drift is "not checked", the others still run

Examples:
  GITHUB_TOKEN=$(gh auth token) kwsync status
  kwsync status --target production
  kwsync status --format json > status.json          # schema: kwsync schema --output status
  kwsync status --detailed-exitcode                   # exit 2 if any target drifted or is behind
  kwsync status --ref origin/main --repo acme/moderation

Exit codes: 0 read (with --detailed-exitcode: every target in sync, nothing ahead), 2 drift or changes
not applied (with --detailed-exitcode), 1 a target could not be read (records, key or live lists), 3 an invalid kwsync.yaml, 64 bad usage.`,
    )
    .action(async (opts: StatusCommandOptions) => {
      setExitCode(await runStatus(ctx.io, opts));
    });
};
