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
