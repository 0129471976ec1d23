// The API key leaves process.env at the Action's start (see takeApiKey).
/**
 * Takes the key out of process.env before any untrusted file is parsed: every child process (git,
 * which reads the PR's base and trees) and worker inherits process.env, and code that parses a
 * PR's files has no business seeing it. Only the returned object (passed to the service client)
 * holds it from here on.
 */
export function takeApiKey(processEnv: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const env = { ...processEnv };
  for (const name of Object.keys(processEnv)) if (KEY_VARIABLE.test(name)) delete processEnv[name];
  return env;
}

/**
 * COMETCHAT_API_KEY, and the per-target keys of the status mode when named like it
 * (`apiKeyEnv: COMETCHAT_API_KEY_STAGING`, as the docs and `kwsync emulator --apps` suggest).
 */
export const KEY_VARIABLE = /^COMETCHAT_API_KEY(_[A-Za-z0-9_]+)?$/;

/**
 * Why a keyed job has no key, from what the reusable workflows pass beside it: the job's environment
 * (KWSYNC_JOB_ENVIRONMENT) and that environment's variable KWSYNC_ENVIRONMENT (KWSYNC_KEY_ENVIRONMENT).
 * The workflows hand the key over only when the two are the same name, so a repository-level
 * COMETCHAT_API_KEY never reaches a target whose environment holds none. Undefined outside them.
 */
export function keyReason(env: Record<string, string | undefined>, hasKey: boolean): string | undefined {
  const job = env.KWSYNC_JOB_ENVIRONMENT?.trim();
  if (!job || hasKey) return undefined;
  const vouched = env.KWSYNC_KEY_ENVIRONMENT?.trim();
  // As the workflows' `==` and GitHub's environment names: letter case does not matter.
  if (vouched?.toLowerCase() !== job.toLowerCase()) {
    return `the job's environment "${job}" does not name itself in its variable KWSYNC_ENVIRONMENT (${vouched ? `it reads "${vouched}", from the repository or another scope` : 'unset'}), so no key is used: kwsync reads only with the key of the target's own environment; set the variable KWSYNC_ENVIRONMENT to "${job}" in the environment "${job}", beside its COMETCHAT_API_KEY secret`;
  }
  return `the environment "${job}" has no COMETCHAT_API_KEY secret`;
}
