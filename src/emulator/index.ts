// The local CometChat service: chat (keyword lists, group messages) and calls APIs over real HTTP,
// with seed data, optional persistence and fault injection. Tests and `kwsync emulator` start it.
// One process may serve several apps (`apps`), each with its own lists and rate budget.
import { readFile } from 'node:fs/promises';
import { ConfigError } from '../errors.js';
import { parseEmulatorData, type EmulatorData, type EmulatorWorld } from './data-schema.js';
import { createFaultInjector, type RandomFaults, type ScriptedFault } from './faults.js';
import { KeywordStore } from './keyword-store.js';
import { DEFAULT_RULE_STORE, defaultRules, RuleStore, type RulePutMode } from './rule-store.js';
import type { ReferenceFlag } from './rule-body.js';
import { ModerationLog } from './moderation-log.js';
import type { ConditionCombination } from './rule-engine.js';
import { createStateSaver, loadState } from './persistence.js';
import { createRateLimiter, type RateLimitHeaderStyle } from './rate-limit.js';
import type { ErrorBodyMode } from './http-errors.js';
import { DEFAULT_RULES, type CsvParsing } from './keyword-rules.js';
import { generateSeedData } from './seed.js';
import type { KeywordListPaging } from './listing-paging.js';
import { foreignDefaultLists, withDefaultLists, type DefaultListSet } from './default-lists.js';
import type { SentenceEncoding, Separators } from '../model/terms-encoding.js';
import { buildServer, type ObservedRequest, type RequestLogEntry } from './server.js';

/**
 * A process-wide observer of every emulator's requests, set by the test suite's contract hook
 * (test/contract/rules-request-hook.ts) through this well-known symbol, so every emulator a test
 * starts is checked without each test passing `observe`. Unset outside the suite.
 */
export const GLOBAL_OBSERVER = Symbol.for('kwsync.emulator.observe');
function globalObserver(): ((r: ObservedRequest) => void) | undefined {
  const fn = (globalThis as Record<symbol, unknown>)[GLOBAL_OBSERVER];
  return typeof fn === 'function' ? (fn as (r: ObservedRequest) => void) : undefined;
}
import { appBasePath, appStatePath, parseAppSpecs, type AppSpec, type ServedApp } from './apps.js';
import type { EmulatorContext } from './context.js';

export type { EmulatorData } from './data-schema.js';
export type { ScriptedFault, RandomFaults, FaultType } from './faults.js';
export type { RequestLogEntry, ObservedRequest } from './server.js';
export type { CsvParsing } from './keyword-rules.js';
export type { ErrorBodyMode } from './http-errors.js';
export type { RateLimitHeaderStyle } from './rate-limit.js';
export { KEYWORD_LIST_PAGINGS, type KeywordListPaging } from './listing-paging.js';
export { DEFAULT_LIST_SETS, type DefaultListSet } from './default-lists.js';
export { generateSeedData, BUSY_GROUP, BUSY_GROUP_MESSAGES } from './seed.js';
export { appHashOf } from './keyword-store.js';
export { appStatePath, type AppSpec } from './apps.js';
export type { RulePutMode } from './rule-store.js';
export { CONDITION_COMBINATIONS, type ConditionCombination } from './rule-engine.js';
export { REFERENCE_FLAGS, DEFAULT_RULE_ACTIONS, RULE_LIMITS, type ReferenceFlag } from './rule-body.js';

export const DEFAULT_EMULATOR_APP_ID = 'kwsync-demo';
export const DEFAULT_EMULATOR_API_KEY = 'emulator-key';

export interface EmulatorOptions {
  host?: string;
  port?: number;
  appId?: string;
  apiKey?: string;
  readOnlyApiKey?: string;
  data?: EmulatorData;
  dataFile?: string;
  statePath?: string;
  seed?: number;
  rateLimitPerMinute?: number;
  rateLimitHeaders?: RateLimitHeaderStyle;
  faults?: RandomFaults;
  bodyLimitBytes?: number;
  now?: () => number;
  /** GET /moderation/keywords returns only the first N lists, `meta.current = {limit: N, count}`. */
  keywordListLimit?: number;
  /** POST/PUT without a `searchTerms` part is 400 (the published form marks it required). */
  requireSearchTerms?: boolean;
  /** How an uploaded CSV file becomes terms (default 'lines'). */
  csvParsing?: CsvParsing;
  /** The shape of error responses (default 'envelope'). */
  errorBody?: ErrorBodyMode;
  /** Which paging parameters GET /moderation/keywords honours (default 'none': it takes none). */
  keywordListPaging?: KeywordListPaging;
  /** GET /calls ignores `page` and answers page 1 (default false: it honours it). */
  callsIgnorePage?: boolean;
  /** Where `affix=prepend` without `id` starts: 'newest' (default) or 'oldest' (like append). */
  prependWithoutId?: 'newest' | 'oldest';
  /**
   * How a sentence list's `disallowedSentences` arrives (default 'repeated', one part per
   * sentence); a request in another encoding is refused or stored otherwise, as a service reading
   * only its own would. 'searchTerms': sentences in searchTerms, the pre-published reading.
   */
  sentenceEncoding?: SentenceEncoding;
  /** How `searchTerms` is split per kind (default words by comma, patterns and sentences by line). */
  separators?: Partial<Separators>;
  /** Default lists seeded: 'none', 'published' (the default: the one published default word list) or 'all'. */
  defaultLists?: DefaultListSet;
  /** PUT /moderation/rules/:id: 'replace' (default; fields left out reset) or 'merge' (fields left out kept). Not published. */
  rulePut?: RulePutMode;
  /** The reference flag spellings the app reads in a rule write (default all three published ones). */
  ruleReferenceFlags?: readonly ReferenceFlag[];
  /** The action strings a rule write may use (default DEFAULT_RULE_ACTIONS); others are 400. */
  ruleActions?: readonly string[];
  /** Whether one list-reference condition may hold several list ids (default true). */
  multiListConditions?: boolean;
  /** The built-in rules seeded: 'published' (default: the six of the published example) or 'none'. */
  defaultRules?: 'published' | 'none';
  /** How a rule's conditions combine when a message is sent: 'any' (default) or 'all'. Not published. */
  ruleConditions?: ConditionCombination;
  /** GET /moderation/blocked-messages answers at most this many items unless `limit` says otherwise (default 50). */
  blockedListLimit?: number;
  /** Told of every request that reaches a route, parsed (method, path under the API base, query, headers, body). */
  observe?: (request: ObservedRequest) => void;
  /**
   * More apps in the same process, at `/apps/<appId>/v3` and `/apps/<appId>/calls/v3`: each starts
   * with the lists the default app starts with and has its own lists, revisions, rate budget and
   * state file (`appStatePath`); the key is `apiKey` unless the app names its own. Naming the
   * default app's id serves the default app there too.
   */
  apps?: readonly AppSpec[];
}

/** One named app's addresses and key (a local stand-in). */
export interface EmulatorAppInfo {
  appId: string;
  apiKey: string;
  chatBaseUrl: string;
  callsBaseUrl: string;
}

export interface RunningEmulator {
  url: string;
  chatBaseUrl: string;
  callsBaseUrl: string;
  appId: string;
  apiKey: string;
  /** The named apps (`EmulatorOptions.apps`), in the order given; the default app is not among them. */
  apps: EmulatorAppInfo[];
  requests: RequestLogEntry[];
  clearRequests(): void;
  injectFaults(f: ScriptedFault): void;
  setFaults(f: EmulatorOptions['faults']): void;
  /** Drop every queued scripted fault and random rate (a property test between runs). */
  clearFaults(): void;
  /** Change how the default app's listing pages (`keywordListPaging`, `keywordListLimit`): a property test between runs. */
  setKeywordListing(paging: KeywordListPaging, limit: number | undefined): void;
  close(): Promise<void>;
}

export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  const appId = opts.appId ?? DEFAULT_EMULATOR_APP_ID;
  const apiKey = opts.apiKey ?? DEFAULT_EMULATOR_API_KEY;
  const now = opts.now ?? Date.now;
  const seed = opts.seed ?? 1;
  const named = parseAppSpecs(opts.apps ?? [], apiKey);
  const world = await resolveWorld(opts, seed);

  const open = (id: string, key: string, statePath: string | undefined) => openApp(opts, world, now, { id, key, statePath });
  const main = await open(appId, apiKey, opts.statePath);
  const apps = new Map<string, ServedApp>();
  for (const spec of named) {
    if (spec.appId === appId && spec.apiKey !== apiKey) {
      throw new ConfigError(`emulator app "${appId}" is the default app: it takes the default app's key, not one of its own`);
    }
    apps.set(spec.appId, spec.appId === appId ? main : await open(spec.appId, spec.apiKey, opts.statePath ? appStatePath(opts.statePath, spec.appId) : undefined));
  }

  const faults = createFaultInjector(seed, opts.faults);
  const requests: RequestLogEntry[] = [];
  const global = globalObserver();
  const observers = [opts.observe, global].filter((f): f is (r: ObservedRequest) => void => f !== undefined);
  const app = await buildServer({
    ...(observers.length > 0 ? { observe: (r: ObservedRequest) => observers.forEach((f) => f(r)) } : {}),
    ctx: main.ctx,
    keys: main.keys,
    faults,
    rateLimiter: main.rateLimiter,
    log: requests,
    apps,
    ...(opts.errorBody !== undefined ? { errorBody: opts.errorBody } : {}),
  });
  const host = opts.host ?? '127.0.0.1';
  await app.listen({ host, port: opts.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : (opts.port ?? 0);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  return {
    url,
    chatBaseUrl: `${url}/v3`,
    callsBaseUrl: `${url}/calls/v3`,
    appId,
    apiKey,
    apps: named.map((a) => ({ appId: a.appId, apiKey: a.apiKey, chatBaseUrl: `${url}${appBasePath(a.appId, 'chat')}`, callsBaseUrl: `${url}${appBasePath(a.appId, 'calls')}` })),
    requests,
    clearRequests: () => {
      requests.length = 0;
    },
    injectFaults: (f) => faults.inject(f),
    setFaults: (f) => faults.setRandom(f),
    clearFaults: () => faults.clear(),
    setKeywordListing: (paging, limit) => {
      main.ctx.keywordListPaging = paging;
      main.ctx.keywordListLimit = limit;
    },
    close: () => app.close(),
  };
}

/** Everything an app owns: its lists (seeded, or loaded from its state file), their saver, keys and rate budget. */
async function openApp(
  opts: EmulatorOptions,
  world: EmulatorWorld,
  now: () => number,
  { id, key, statePath }: { id: string; key: string; statePath: string | undefined },
): Promise<ServedApp> {
  const keywords = new KeywordStore(id, () => Math.floor(now() / 1000), {
    csvParsing: opts.csvParsing ?? 'lines',
    requireSearchTerms: opts.requireSearchTerms ?? false,
    sentenceEncoding: opts.sentenceEncoding ?? DEFAULT_RULES.sentenceEncoding,
    separators: { ...DEFAULT_RULES.separators, ...opts.separators },
  });
  const defaultLists = opts.defaultLists ?? 'published';
  const saved = statePath ? await loadState(statePath) : undefined;
  if (saved) keywords.load(saved.lists);
  else keywords.seed(withDefaultLists(world.keywordLists, defaultLists), Math.floor(now() / 1000));
  keywords.seedForeign(foreignDefaultLists(defaultLists, new Set(keywords.all().map((l) => l.id))));
  const rules = new RuleStore(id, () => Math.floor(now() / 1000), {
    putMode: opts.rulePut ?? DEFAULT_RULE_STORE.putMode,
    referenceFlags: opts.ruleReferenceFlags ?? DEFAULT_RULE_STORE.referenceFlags,
    actions: opts.ruleActions ?? DEFAULT_RULE_STORE.actions,
    multiListConditions: opts.multiListConditions ?? DEFAULT_RULE_STORE.multiListConditions,
  });
  rules.load(saved?.rules ?? (opts.defaultRules === 'none' ? [] : defaultRules(Math.floor(now() / 1000))));
  const moderation = new ModerationLog(world.messages.reduce((max, m) => Math.max(max, m.id), 0) + 1);
  if (saved?.moderation !== undefined) moderation.load(saved.moderation, `the emulator state file ${statePath}`);
  const persist = statePath
    ? createStateSaver(statePath, id, () => ({ lists: keywords.all(), rules: rules.all(), ...(moderation.hasSent || moderation.pending().length > 0 || moderation.reviewedItems().length > 0 ? { moderation: moderation.snapshot() } : {}) }))
    : async () => {};
  const ctx: EmulatorContext = {
    world,
    keywords,
    rules,
    moderation,
    ruleConditions: opts.ruleConditions,
    blockedListLimit: opts.blockedListLimit,
    persist,
    bodyLimitBytes: opts.bodyLimitBytes ?? 2 * 1024 * 1024,
    keywordListLimit: opts.keywordListLimit,
    // Readings of what is unpublished that `kwsync doctor` finds out (paging, prepend).
    keywordListPaging: opts.keywordListPaging,
    callsIgnorePage: opts.callsIgnorePage,
    prependWithoutId: opts.prependWithoutId,
  };
  return {
    appId: id,
    ctx,
    keys: { apiKey: key, ...(opts.readOnlyApiKey !== undefined ? { readOnlyApiKey: opts.readOnlyApiKey } : {}) },
    rateLimiter: createRateLimiter({ perMinute: opts.rateLimitPerMinute ?? 10_000, headers: opts.rateLimitHeaders ?? 'x-rate-limit', now }),
  };
}

async function resolveWorld(opts: EmulatorOptions, seed: number): Promise<EmulatorWorld> {
  if (opts.data === undefined && opts.dataFile === undefined) return generateSeedData(seed);
  let input: unknown = opts.data;
  const where = opts.dataFile ? `the emulator data file ${opts.dataFile}` : 'the emulator data';
  if (opts.data === undefined && opts.dataFile !== undefined) {
    let text: string;
    try {
      text = await readFile(opts.dataFile, 'utf8');
    } catch (err) {
      throw new ConfigError(`cannot read ${where}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`);
    }
    try {
      input = JSON.parse(text);
    } catch (err) {
      throw new ConfigError(`${where} is not valid JSON: ${(err as Error).message}`);
    }
  }
  const { world, problems } = parseEmulatorData(input);
  if (!world) {
    const shown = problems.slice(0, 20).map((p) => `\n  ${p}`).join('');
    const more = problems.length > 20 ? `\n  ... and ${problems.length - 20} more` : '';
    throw new ConfigError(`${where} is invalid (${problems.length} problem${problems.length === 1 ? '' : 's'}):${shown}${more}`, {
      hint: `the shape is in docs/emulator.md, section 'The local emulator'; every field is checked`,
    });
  }
  return world;
}
