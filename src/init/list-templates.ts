// The keywords folder `kwsync init` starts a repository with: kwsync.yaml with its targets, and one
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
export function schemaHint(dir: string, schema: 'list-file' | 'kwsync' | 'rule-file'): string {
  const fromDir = posix.relative(posix.normalize(dir.split('\\').join('/')), `node_modules/kwsync/schema/${schema}.schema.json`);
  return `# yaml-language-server: $schema=${fromDir}\n`;
}

/** One target (`kwsync init`), or several (`--targets staging,production`: with a commented example of selection). */
export function kwsyncYamlText(dir: string, target: TargetSeed | readonly TargetSeed[]): string {
  if (Array.isArray(target)) return target.length === 1 ? kwsyncYamlText(dir, target[0]!) : severalTargetsText(dir, target);
  const one = target as TargetSeed;
  const t: Record<string, string> = { name: one.name };
  if (one.appId) t.appId = one.appId;
  if (one.region) t.region = one.region;
  const targets = stringify({ targets: [t] }, { lineWidth: 0 }).trimEnd();
  const missingApp = one.appId ? '' : '    # appId: your CometChat app id (or COMETCHAT_APP_ID); the workflows read it from here\n';
  return schemaHint(dir, 'kwsync') + HEADER + `${targets}\n${missingApp}` + SETTINGS;
}

const HEADER =
  '# kwsync settings. Each target is one CometChat app; the workflows run one job per target,\n' +
  '# in the GitHub environment of the same name (which holds that app\'s COMETCHAT_API_KEY).\n';

const SETTINGS =
  'prune: false                  # true: delete live lists that have no file here (never default lists)\n' +
  'safety:\n' +
  '  maxRemovedShare: 0.3        # an update removing over 30% of a list\'s terms needs --force ...\n' +
  '  minTermsForShareCheck: 10   # ... once the live list has at least 10 terms\n';

/**
 * Several targets, each a CometChat app with the same lists by default; the last carries a
 * commented example of `after`, `exclude`, `include` and `overrides` to start from.
 */
function severalTargetsText(dir: string, targets: readonly TargetSeed[]): string {
  const scalar = (s: string) => stringify(s, { lineWidth: 0 }).trimEnd();
  const lines: string[] = ['targets:'];
  targets.forEach((t, i) => {
    lines.push(`  - name: ${scalar(t.name)}`);
    lines.push(t.appId ? `    appId: ${scalar(t.appId)}` : '    # appId: the CometChat app id of this target; the workflows read it from here');
    if (t.region) lines.push(`    region: ${t.region}`);
    if (i === targets.length - 1 && i > 0) {
      const first = targets[0]!.name;
      lines.push(
        `${`    # after: ${scalar(first)}`.padEnd(31)}# apply here only once ${first} applied the same commit`,
        '    # exclude:                 # lists this target leaves out (by default a target takes every list)',
        '    #   paths: ["experimental-*.yaml"]',
        '    # include:                 # ... or only the lists it takes: by path glob, id or label',
        '    #   # lists may sit in folders, e.g. one per language (en/, es/): paths: ["es/*.yaml", "shared/*.yaml"]',
        '    #   labels: [brand-b]      # (a list file says `labels: [brand-b]`)',
        '    # overrides:               # per list id, for this target only',
        `    #   ${EXAMPLE_LIST_ID}:`,
        `    #     name: Example words (${t.name})`,
        '    #     appendTermsFrom: extra/more-words.csv   # terms added to the list for this target',
        '    #     # omit: true         # or leave the list out of this target',
      );
    }
  });
  return schemaHint(dir, 'kwsync') + HEADER + `${lines.join('\n')}\n` + SETTINGS;
}

export const EXAMPLE_LIST_ID = 'example-words';

export function exampleListText(dir: string): string {
  return (
    schemaHint(dir, 'list-file') +
    '# An example list: edit it, rename it or delete it in a pull request. Every *.yaml here except\n' +
    '# kwsync.yaml is one keyword list, in sub-folders too (e.g. one per language: en/, es/); ids are\n' +
    '# unique across folders. `kwsync validate` checks it and runs the tests below.\n' +
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

export const EXAMPLE_RULE_FILE = 'rules/block-example-words.yaml';

/**
 * The example rule: a list catches nothing until a moderation rule references it, so init starts
 * with one that blocks messages holding the example list's terms.
 */
export function exampleRuleText(dir: string): string {
  return (
    schemaHint(`${dir}/rules`, 'rule-file') +
    '# An example moderation rule. A keyword list acts only through a rule that references it;\n' +
    '# every *.yaml under rules/ is one rule, planned and applied with the lists.\n' +
    'id: block-example-words\n' +
    'name: Block example words\n' +
    'enabled: true\n' +
    'action: [blockMessage]         # published: blockMessage, dropMessage\n' +
    'conditions:\n' +
    `  - list: ${EXAMPLE_LIST_ID}        # a list file's id (or a default list such as profanity-list)\n`
  );
}
