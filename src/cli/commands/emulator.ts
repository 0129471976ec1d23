// `kwsync emulator`: runs the local CometChat service until Ctrl+C and says how to point kwsync at
// it. It never prints the API key, not even the default one.
import { isAbsolute, resolve } from 'node:path';
import { KwsyncError, UsageError } from '../../errors.js';
// fastify and the emulator load only when it starts, not when the command is defined.
import type { EmulatorOptions } from '../../emulator/index.js';
// Plain constants, no server code: the command's --help must not load fastify.
import { DEFAULT_LIST_SETS } from '../../emulator/default-lists.js';
import { KEYWORD_LIST_PAGINGS } from '../../emulator/listing-paging.js';
import { appStatePath } from '../../emulator/apps.js';
import { SENTENCE_ENCODINGS, TERM_SEPARATORS } from '../../model/config.js';
import { CATEGORIES } from '../../model/keyword-list.js';
import type { Separators } from '../../model/terms-encoding.js';
import type { CliIO } from '../io.js';
import type { RegisterCommand } from './command.js';

interface EmulatorFlags {
  port: string;
  host: string;
  appId?: string;
  apiKey?: string;
  apps?: string;
  data?: string;
  state?: string;
  seed?: string;
  latency?: string;
  responseTime?: string;
  failRate?: string;
  rateLimitRate?: string;
  dropRate?: string;
  listLimit?: string;
  requireSearchTerms?: boolean;
  csvParsing?: string;
  errorBody?: string;
  rateLimitHeaders?: string;
  defaultLists?: string;
  sentenceEncoding?: string;
  separators?: string;
  listPaging?: string;
  callsIgnorePage?: boolean;
  prependStart?: string;
}

const CSV_PARSING = ['lines', 'split-commas', 'rfc4180'] as const;
const ERROR_BODIES = ['envelope', 'plain', 'other-json'] as const;
const RATE_HEADERS = ['x-ratelimit', 'x-rate-limit', 'none'] as const;
/** What a user meets on `kwsync emulator`: every default list a real app has, in every shape. */
const CLI_DEFAULT_LISTS = 'all';
const LIST_PAGINGS = KEYWORD_LIST_PAGINGS;
const PREPEND_STARTS = ['newest', 'oldest'] as const;
/** More than a matrix of targets needs (GitHub runs at most 256 jobs per matrix), few enough to stay small in memory. */
const MAX_APPS = 256;

const EXAMPLES = `
Examples:
  kwsync emulator                                 serve on http://127.0.0.1:8787
  kwsync emulator --port 0 --state .emulator.json keep lists across restarts, any free port
  kwsync emulator --latency 50 --fail-rate 0.1    slow and flaky, to try retries
  kwsync emulator --data world.json               your own users, groups, messages and calls
  kwsync emulator --list-limit 10 --require-search-terms --csv-parsing rfc4180
                                                  try kwsync against other readings of the service
  kwsync emulator --sentence-encoding json --separators pattern=comma
                                                  a service reading sentences and patterns otherwise:
                                                  kwsync doctor --write-probe finds the settings that fit
  kwsync emulator --default-lists published       only the one default list the published example shows
  kwsync emulator --apps staging,prod-eu          two more apps in the same process, one target each

Where the published API description is silent, the emulator follows one reading by default
(listing limit 100, searchTerms optional beside a file, one CSV term per line, sentences as
repeated disallowedSentences parts, words split at commas and patterns and sentences at line
breaks, the {"error":{...}} error body, the published X-Rate-Limit* headers); the flags above choose another.

--default-lists all (the default here) seeds what a real app has: the published default word
list, default sentence lists and fifteen "... Prompt" lists, in shapes no example publishes
(sentences in disallowedSentences or searchTerms or neither, default absent or null, no name,
unknown categories). kwsync must leave every one of them alone.

The Chat API is served under /v3 and the Calls API under /calls/v3. Each app of --apps is served
under /apps/<app>/v3 and /apps/<app>/calls/v3, with its own lists, revisions and rate budget (the
same key); a kwsync.yaml target reaches it with baseUrl. With --state FILE each app keeps its lists
in FILE's name with the app id before the extension (state.json -> state.staging.json).`;

export const register: RegisterCommand = (program, ctx, setExitCode) => {
  program
    .command('emulator')
    .description('run the local CometChat service (chat + calls APIs) until Ctrl+C')
    .option('--port <port>', 'port to listen on (0 = any free port)', '8787')
    .option('--host <host>', 'address to bind', '127.0.0.1')
    .option('--app-id <id>', 'app id the emulator pretends to be (default kwsync-demo)')
    .option('--api-key <key>', 'the full-access API key it accepts (the default is in docs/emulator.md)')
    .option('--apps <ids>', 'more apps, comma-separated, each at /apps/<id>/v3 with its own lists (e.g. staging,prod-eu)')
    .option('--data <file>', 'JSON file replacing the seed data')
    .option('--state <file>', 'save keyword lists to this file after every write, load them at start')
    .option('--seed <n>', 'seed of the generated data and random faults (default 1)')
    .option('--latency <ms>', 'added delay per request, in milliseconds (the emulator\'s own work comes on top)')
    .option('--response-time <ms>', 'hold each answer until this long after its request arrived (the emulator\'s work inside it)')
    .option('--fail-rate <r>', 'share of requests answered 503 (0..1)')
    .option('--rate-limit-rate <r>', 'share of requests answered 429 with Retry-After: 1 (0..1)')
    .option('--drop-rate <r>', 'share of requests whose connection is dropped (0..1)')
    .option('--list-limit <n>', 'GET /moderation/keywords answers at most N lists (the published example says 10; default 100)')
    .option('--require-search-terms', 'refuse a list write without a searchTerms part (an empty one beside a file is fine)')
    .option('--csv-parsing <mode>', `how an uploaded CSV becomes terms: ${CSV_PARSING.join(', ')} (default lines)`)
    .option('--error-body <mode>', `shape of error responses: ${ERROR_BODIES.join(', ')} (default envelope)`)
    .option('--rate-limit-headers <style>', `rate headers sent: ${RATE_HEADERS.join(', ')} (default x-rate-limit, the published X-Rate-Limit*)`)
    .option('--default-lists <set>', `default lists seeded: ${DEFAULT_LIST_SETS.join(', ')} (default ${CLI_DEFAULT_LISTS})`)
    .option('--sentence-encoding <enc>', `how it reads disallowedSentences: ${SENTENCE_ENCODINGS.join(', ')} (default repeated)`)
    .option('--separators <kind=sep,...>', `how it splits searchTerms per kind (word, pattern, sentence-similarity) = ${TERM_SEPARATORS.join(' | ')}; default word=comma,pattern=newline,sentence-similarity=newline`)
    .option('--list-paging <style>', `paging GET /moderation/keywords honours: none, page (page/perPage), per_page (page/per_page), offset (limit/offset), pagination (page/perPage with meta.pagination), cursor (meta.next) (default none)`)
    .option('--calls-ignore-page', 'GET /calls answers page 1 whatever page is asked for')
    .option('--prepend-start <end>', `where affix=prepend without id starts: ${PREPEND_STARTS.join(', ')} (default newest)`)
    .addHelpText('after', EXAMPLES)
    .action(async (flags: EmulatorFlags) => {
      setExitCode(await runEmulator(emulatorOptions(flags, ctx.io.cwd), ctx.io));
    });
};

export function emulatorOptions(flags: EmulatorFlags, cwd: string): EmulatorOptions {
  const path = (p: string) => (isAbsolute(p) ? p : resolve(cwd, p));
  const faults = {
    latencyMs: number(flags.latency, '--latency', 0, 600_000, true),
    responseTimeMs: number(flags.responseTime, '--response-time', 0, 600_000, true),
    failRate: number(flags.failRate, '--fail-rate', 0, 1),
    rateLimitRate: number(flags.rateLimitRate, '--rate-limit-rate', 0, 1),
    dropRate: number(flags.dropRate, '--drop-rate', 0, 1),
  };
  if (flags.appId !== undefined && !/^[A-Za-z0-9_.-]+$/.test(flags.appId)) {
    throw new UsageError(`--app-id "${flags.appId}" may contain only letters, digits, "_", "." and "-"`);
  }
  if (flags.apiKey !== undefined && flags.apiKey.trim() === '') throw new UsageError('--api-key must not be empty');
  const apps = flags.apps === undefined ? undefined : appIds(flags.apps);
  return {
    host: flags.host,
    port: number(flags.port, '--port', 0, 65_535, true),
    ...(flags.appId !== undefined ? { appId: flags.appId } : {}),
    ...(flags.apiKey !== undefined ? { apiKey: flags.apiKey } : {}),
    ...(apps !== undefined ? { apps } : {}),
    ...(flags.data !== undefined ? { dataFile: path(flags.data) } : {}),
    ...(flags.state !== undefined ? { statePath: path(flags.state) } : {}),
    ...(flags.seed !== undefined ? { seed: number(flags.seed, '--seed', 0, 2 ** 32 - 1, true) } : {}),
    ...(flags.listLimit !== undefined ? { keywordListLimit: number(flags.listLimit, '--list-limit', 1, 1000, true) } : {}),
    ...(flags.requireSearchTerms ? { requireSearchTerms: true } : {}),
    ...(flags.csvParsing !== undefined ? { csvParsing: choice(flags.csvParsing, '--csv-parsing', CSV_PARSING) } : {}),
    ...(flags.errorBody !== undefined ? { errorBody: choice(flags.errorBody, '--error-body', ERROR_BODIES) } : {}),
    ...(flags.rateLimitHeaders !== undefined ? { rateLimitHeaders: choice(flags.rateLimitHeaders, '--rate-limit-headers', RATE_HEADERS) } : {}),
    defaultLists: choice(flags.defaultLists ?? CLI_DEFAULT_LISTS, '--default-lists', DEFAULT_LIST_SETS),
    ...(flags.sentenceEncoding !== undefined ? { sentenceEncoding: choice(flags.sentenceEncoding, '--sentence-encoding', SENTENCE_ENCODINGS) } : {}),
    ...(flags.separators !== undefined ? { separators: separators(flags.separators) } : {}),
    ...(flags.listPaging !== undefined ? { keywordListPaging: choice(flags.listPaging, '--list-paging', LIST_PAGINGS) } : {}),
    ...(flags.callsIgnorePage ? { callsIgnorePage: true } : {}),
    ...(flags.prependStart !== undefined ? { prependWithoutId: choice(flags.prependStart, '--prepend-start', PREPEND_STARTS) } : {}),
    faults: Object.fromEntries(Object.entries(faults).filter(([, v]) => v !== undefined)),
  };
}

/** `staging,prod-eu` as app ids: each checked, none twice, at most MAX_APPS. */
function appIds(value: string): string[] {
  const ids = value.split(',').map((p) => p.trim());
  const bad = ids.find((id) => !/^[A-Za-z0-9_.-]+$/.test(id));
  if (bad !== undefined) throw new UsageError(`--apps: "${bad}" is not an app id (letters, digits, "_", "." and "-", separated by commas)`);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice !== undefined) throw new UsageError(`--apps names "${twice}" twice`);
  if (ids.length > MAX_APPS) throw new UsageError(`--apps names ${ids.length} apps; at most ${MAX_APPS} are served`);
  return ids;
}

/** `pattern=comma,word=newline` as per-kind separators; every kind and value checked. */
function separators(value: string): Partial<Separators> {
  const out: Partial<Separators> = {};
  for (const item of value.split(',')) {
    const [kind = '', sep = ''] = item.split('=').map((p) => p.trim());
    const k = choice(kind, '--separators (kind)', CATEGORIES);
    out[k] = choice(sep, `--separators ${k}`, TERM_SEPARATORS);
  }
  return out;
}

function choice<T extends string>(value: string, flag: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${flag} must be one of ${allowed.join(', ')}, not "${value}"`);
  return value as T;
}

function number(value: string, flag: string, min: number, max: number, integer: true): number;
function number(value: string | undefined, flag: string, min: number, max: number, integer?: boolean): number | undefined;
function number(value: string | undefined, flag: string, min: number, max: number, integer = false): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < min || n > max || (integer && !Number.isInteger(n))) {
    throw new UsageError(`${flag} must be ${integer ? 'an integer' : 'a number'} from ${min} to ${max}, not "${value}"`);
  }
  return n;
}

/** A word the shell reads back unchanged: bare when safe, else single-quoted. */
function shellWord(value: string): string {
  return /^[A-Za-z0-9._\/:@%+=-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}

/** `COMETCHAT_API_KEY_<APP>`: the key variable a target of this app names (apiKeyEnv accepts only such names). */
export function keyVariableOf(appId: string, taken: Set<string>): string {
  const base = `COMETCHAT_API_KEY_${appId.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}_${i}`;
  taken.add(name);
  return name;
}

/**
 * The named apps, and a kwsync.yaml targets block that reaches each: its app id, its base URL and its
 * own key variable, so `--target X` goes to app X whatever else is exported. No bare
 * COMETCHAT_BASE_URL / COMETCHAT_APP_ID exports: another target would contradict them (and be refused).
 */
export function appLines(apps: readonly { appId: string; chatBaseUrl: string }[], statePath: string | undefined, apiKey: string): string[] {
  if (apps.length === 0) return [];
  const width = Math.max(...apps.map((a) => a.appId.length));
  const taken = new Set<string>();
  const keyed = apps.map((a) => ({ ...a, keyVar: keyVariableOf(a.appId, taken) }));
  return [
    '',
    `More apps, each with its own lists and rate budget${statePath ? ` (saved in ${appStatePath(statePath, '<app>')})` : ''}:`,
    ...apps.map((a) => `  ${a.appId.padEnd(width)}  Chat API: ${a.chatBaseUrl}`),
    'One target per app in keywords/kwsync.yaml (each names its app, its server and its key variable):',
    '  targets:',
    ...keyed.flatMap((a) => [`    - name: ${a.appId}`, `      appId: ${a.appId}`, `      baseUrl: ${a.chatBaseUrl}`, `      apiKeyEnv: ${a.keyVar}`]),
    'and in the other shell (unset COMETCHAT_BASE_URL, COMETCHAT_CALLS_BASE_URL, COMETCHAT_APP_ID and',
    '  COMETCHAT_REGION: kwsync refuses them when they contradict a target):',
    ...keyed.map((a) => `  export ${a.keyVar}=${shellWord(apiKey)}`),
    `  kwsync plan --target ${keyed[0]!.appId}`,
  ];
}

async function runEmulator(opts: EmulatorOptions, io: CliIO): Promise<number> {
  if (!io.waitForShutdown) throw new KwsyncError('kwsync emulator can only run from a terminal (it waits for Ctrl+C)');
  const { startEmulator } = await import('../../emulator/index.js');
  let emulator;
  try {
    emulator = await startEmulator(opts);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new KwsyncError(`port ${opts.port} is already in use on ${opts.host}`, { hint: 'choose another with --port, or --port 0 for any free port' });
    }
    if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') throw new UsageError(`cannot listen on --host ${opts.host}: ${code}`);
    throw err;
  }
  io.stdout.write(
    [
      `kwsync emulator: app "${emulator.appId}" listening on ${emulator.url}`,
      `  Chat API:  ${emulator.chatBaseUrl}`,
      `  Calls API: ${emulator.callsBaseUrl}`,
      opts.statePath ? `  keyword lists saved in ${opts.statePath}` : '  keyword lists kept in memory (use --state FILE to keep them)',
      ...appLines(emulator.apps, opts.statePath, emulator.apiKey),
      '',
      // The emulator's key is a local stand-in the emulator itself checks, never a CometChat secret:
      // printing it makes the lines copy-paste exact.
      ...(emulator.apps.length > 0
        ? [
            `The default app "${emulator.appId}" is reached the same way: a target with baseUrl: ${emulator.chatBaseUrl}`,
          ]
        : [
            'Point kwsync at it from another shell:',
            `  export COMETCHAT_BASE_URL=${emulator.chatBaseUrl}`,
            `  export COMETCHAT_CALLS_BASE_URL=${emulator.callsBaseUrl}`,
            `  export COMETCHAT_APP_ID=${emulator.appId}`,
            `  export COMETCHAT_API_KEY=${shellWord(emulator.apiKey)}   # the emulator's local stand-in key, not a secret`,
          ]),
      '',
      'Press Ctrl+C to stop.',
      '',
    ].join('\n'),
  );
  await io.waitForShutdown();
  await emulator.close();
  io.stdout.write('kwsync emulator: stopped\n');
  return 0;
}
