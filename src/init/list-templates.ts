// The keywords folder `kwsync init` starts a repository with: kwsync.yaml with one target, and one
// example list with tests. Both carry the schema hint editors use, pointing at the schemas the
// installed package ships (node_modules/kwsync/schema), relative to the keywords folder.
import { posix } from 'node:path';
import { stringify } from 'yaml';

export interface TargetSeed {
  name: string;
  appId?: string;
  region?: string;
}

/** `# yaml-language-server: $schema=…` for a file in `dir` (relative to the repository root). */
export function schemaHint(dir: string, schema: 'list-file' | 'kwsync'): string {
  const fromDir = posix.relative(posix.normalize(dir.split('\\').join('/')), `node_modules/kwsync/schema/${schema}.schema.json`);
  return `# yaml-language-server: $schema=${fromDir}\n`;
}

export function kwsyncYamlText(dir: string, target: TargetSeed): string {
  const t: Record<string, string> = { name: target.name };
  if (target.appId) t.appId = target.appId;
  if (target.region) t.region = target.region;
  const targets = stringify({ targets: [t] }, { lineWidth: 0 }).trimEnd();
  const missingApp = target.appId ? '' : '    # appId: your CometChat app id (or COMETCHAT_APP_ID); the workflows read it from here\n';
  return (
    schemaHint(dir, 'kwsync') +
    '# kwsync settings. Each target is one CometChat app; the workflows run one job per target,\n' +
    '# in the GitHub environment of the same name (which holds that app\'s COMETCHAT_API_KEY).\n' +
    `${targets}\n${missingApp}` +
    'prune: false                  # true: delete live lists that have no file here (never default lists)\n' +
    'safety:\n' +
    '  maxRemovedShare: 0.3        # an update removing over 30% of a list\'s terms needs --force ...\n' +
    '  minTermsForShareCheck: 10   # ... once the live list has at least 10 terms\n'
  );
}

export const EXAMPLE_LIST_ID = 'example-words';

export function exampleListText(dir: string): string {
  return (
    schemaHint(dir, 'list-file') +
    '# An example list: edit it, rename it or delete it in a pull request. Every *.yaml here except\n' +
    '# kwsync.yaml is one keyword list; `kwsync validate` checks it and runs the tests below.\n' +
    `id: ${EXAMPLE_LIST_ID}\n` +
    'name: Example words\n' +
    'description: Whole-word matches, case-insensitive.\n' +
    'category: word                 # word | pattern | sentence-similarity\n' +
    '# or `file: example-words.csv`, one term per line\n' +
    'searchTerms:\n' +
    '  - darn\n' +
    '  - heck\n' +
    'tests:                         # examples the list must / must not catch\n' +
    '  shouldMatch: ["oh heck no", "Darn it"]\n' +
    '  shouldNotMatch: ["checkers", "darned socks"]\n'
  );
}
