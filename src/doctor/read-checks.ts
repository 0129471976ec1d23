// The read-only half of doctor: GETs only, each one raw attempt (client.probe), so what is reported
// is what the app answered, not what retries made of it.
import type { CometChatClient, ProbeResult, SettingNames } from '../api/index.js';
import { ENV_SETTING_NAMES } from '../api/api-errors.js';
import { DEFAULT_RETRY_POLICY } from '../api/retry-policy.js';
import { ApiError } from '../errors.js';
import { analyseListing, listingItems, lists, type ListingFacts } from './listing-shape.js';
import type { Finding } from './report.js';
import type { ListingPaging } from '../model/config.js';
import { errorBodyShape, latencyFinding, missingListFinding, rateHeadersFinding } from './response-traits.js';
import { callsApiFinding } from './calls-check.js';
import { callsPagingFinding, callStatusesFinding } from './calls-paging.js';
import { listingPagingFinding } from './listing-paging.js';
import { prependFinding } from './prepend-check.js';
import { KEYWORDS_PATH, probeListPath } from './terms-variants.js';

export type ProbeClient = Pick<CometChatClient, 'probe' | 'baseUrls' | 'settingNames'>;

export interface ReadChecks {
  findings: Finding[];
  /** Undefined when the app could not be read at all (then `findings` says why). */
  facts?: ListingFacts;
  /** The timeout to recommend (the current one unless latency says otherwise). */
  timeoutMs: number;
  /** service.listingPaging to recommend, when the paging of the listing was tried. */
  listingPaging?: ListingPaging;
}

const LISTING = { api: 'chat', method: 'GET', path: KEYWORDS_PATH } as const;
/** Latency samples beyond the listing and the missing-list GET. */
const EXTRA_SAMPLES = 3;

export interface ReadCheckOptions {
  missingId: string;
  timeoutMs: number;
  /** Try paging parameters on the listing even when it does not look cut short. */
  listingPaging?: boolean | undefined;
  /** kwsync.yaml service.listingPaging now (default none). */
  currentListingPaging?: ListingPaging | undefined;
  /** preview.groups of kwsync.yaml: the first is read to see where affix=prepend starts. */
  previewGroups?: readonly string[] | undefined;
}

export async function runReadChecks(client: ProbeClient, opts: ReadCheckOptions): Promise<ReadChecks> {
  let listing: ProbeResult;
  try {
    listing = await client.probe(LISTING);
  } catch (err) {
    return { findings: [unreachable(client, err)], timeoutMs: opts.timeoutMs };
  }
  const refused = connectionRefused(client, listing);
  const items = listingItems(listing.json);
  if (refused) return { findings: [refused], timeoutMs: opts.timeoutMs };
  if (!items) return { findings: [notTheService(client, listing)], timeoutMs: opts.timeoutMs };

  const findings: Finding[] = [
    {
      id: 'connection',
      status: 'ok',
      title: 'reach and authenticate',
      detail: `Read the keyword lists of ${client.baseUrls.chat} with the key (HTTP ${listing.status}, ${lists(items.length)}).`,
      needsAction: false,
    },
    {
      id: 'key-scope',
      status: 'unknown',
      title: 'the key may write',
      detail: 'The key reads keyword lists. Whether it may create, change and delete them (full-access scope) only a write shows: run with --write-probe.',
      needsAction: false,
    },
  ];
  const shape = analyseListing(listing.json, items);
  findings.push(...shape.findings);

  const missing = await client.probe({ api: 'chat', method: 'GET', path: probeListPath(opts.missingId) });
  findings.push(missingListFinding(missing, opts.missingId));

  const answers = [listing, missing];
  for (let i = 0; i < EXTRA_SAMPLES; i += 1) answers.push(await client.probe(LISTING));
  findings.push(rateHeadersFinding(answers));
  const latency = latencyFinding(answers.map((a) => a.elapsedMs), opts.timeoutMs);
  findings.push(latency.finding);
  let listingPaging: ListingPaging | undefined;
  if (shape.facts.mayBeTruncated || opts.listingPaging) {
    const paging = await listingPagingFinding(client, { json: listing.json, count: items.length, mayBeTruncated: shape.facts.mayBeTruncated }, opts.currentListingPaging ?? 'none');
    findings.push(paging.finding);
    listingPaging = paging.recommended;
  }
  findings.push(await prependFinding(client, opts.previewGroups ?? []));
  const calls = await callsApiFinding(client);
  findings.push(calls);
  // Only a Calls API that answered is worth asking how it pages and filters.
  if (calls.status !== 'unknown') findings.push(await callsPagingFinding(client), await callStatusesFinding(client));
  return { findings, facts: shape.facts, timeoutMs: latency.timeoutMs, ...(listingPaging !== undefined ? { listingPaging } : {}) };
}

export function busyFinding(said: string): Finding {
  return {
    id: 'connection',
    status: 'unknown',
    title: 'reach and authenticate',
    detail: `${said}: the service is busy, run again.`,
    needsAction: true,
    hint: 'busy, run again: run kwsync doctor again in a minute (this says nothing about the app)',
  };
}

function unreachable(client: ProbeClient, err: unknown): Finding {
  if (!(err instanceof ApiError)) throw err;
  if (err.code !== undefined && DEFAULT_RETRY_POLICY.errorCodes.includes(err.code) && err.code !== 'ECONNREFUSED') {
    return busyFinding(`No answer from ${client.baseUrls.chat} (${err.code}) after the retry policy's attempts`);
  }
  return {
    id: 'connection',
    status: 'differs',
    title: 'reach and authenticate',
    detail: `No answer from ${client.baseUrls.chat}: ${err.message}`,
    needsAction: true,
    hint: err.hint ?? `check the network, ${names(client).app} or ${names(client).baseUrl}`,
  };
}

/** Statuses the client's retry policy treats as a busy service (429, 502, 503, 504). */
const BUSY = new Set(DEFAULT_RETRY_POLICY.statusCodes);

function connectionRefused(client: ProbeClient, res: ProbeResult): Finding | undefined {
  const n = names(client);
  if (res.status >= 200 && res.status < 300) return undefined;
  // Still busy after the retry policy's attempts (retrying-probe.ts): nothing is known about the app.
  if (BUSY.has(res.status)) return busyFinding(`GET /moderation/keywords still answered HTTP ${res.status} after the retry policy's attempts`);
  const { code, message } = errorBodyShape(res);
  const said = `GET /moderation/keywords answered HTTP ${res.status}${code ? ` ${code}` : ''}${message ? `: ${message.replace(/[.\s]+$/, '')}` : ''}`;
  const hint =
    res.status === 401
      ? `check ${n.key}, and that ${n.app} name${n.app.includes('/') ? '' : 's'} the app the key belongs to`
      : res.status === 403
        ? 'the key may not read keyword lists; create a REST API key with full-access scope in the dashboard'
        : res.status === 404
          ? `no keyword API at this address; check ${n.app === n.baseUrl ? n.app : `${n.app} or ${n.baseUrl}`}`
          : 'the service is having trouble; try again later';
  return { id: 'connection', status: 'differs', title: 'reach and authenticate', detail: `${said}.`, needsAction: true, hint };
}

function notTheService(client: ProbeClient, res: ProbeResult): Finding {
  return {
    id: 'connection',
    status: 'differs',
    title: 'reach and authenticate',
    detail: `${client.baseUrls.chat} answered HTTP ${res.status}, but not with {"data":[…]}: it does not look like the CometChat keyword API.`,
    needsAction: true,
    hint: `check ${names(client).baseUrl}${names(client).app === names(client).baseUrl ? '' : ` (or ${names(client).app})`}`,
  };
}

/** How the hints name the settings the client was made from (a target's fields, or the variables). */
function names(client: ProbeClient): SettingNames {
  return client.settingNames ?? ENV_SETTING_NAMES;
}
