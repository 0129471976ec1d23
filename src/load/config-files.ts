// The names kwsync's config file may have in the keywords folder. Discovery skips them (they are not
// list files) and validate reads the first present; both layers take the names from here.
export const CONFIG_FILES: readonly string[] = ['kwsync.yaml', 'kwsync.yml'];
