// One page of GET /calls: is the Calls API reachable with this key, and which pagination keys does
// it send (the published example lacks `per_page`, which the spec lists). Only `kwsync calls` needs it.
import type { CometChatClient, ProbeResult } from '../api/index.js';
import { callsResponseSchema } from '../api/calls.js';
import { issueText } from '../api/lenient.js';
import { ApiError } from '../errors.js';
import type { Finding } from './report.js';
import { errorBodyShape, isObject } from './response-traits.js';

const TITLE = 'the Calls API';
const PAGE_KEYS = ['total', 'count', 'per_page', 'current_page', 'total_pages'];

export async function callsApiFinding(client: Pick<CometChatClient, 'probe' | 'baseUrls'>): Promise<Finding> {
  let res: ProbeResult;
  try {
    res = await client.probe({ api: 'calls', method: 'GET', path: '/calls' });
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    return unknown(`No answer from ${client.baseUrls.calls} (${err.code ?? 'no response'}).`);
  }
  if (res.status < 200 || res.status >= 300) {
    const { code } = errorBodyShape(res);
    return unknown(`GET /calls at ${client.baseUrls.calls} answered HTTP ${res.status}${code ? ` ${code}` : ''}.`);
  }
  const meta = isObject(res.json) && isObject(res.json.meta) ? res.json.meta : undefined;
  const pagination = meta && isObject(meta.pagination) ? meta.pagination : undefined;
  if (!pagination) {
    return {
      id: 'calls-api',
      status: 'differs',
      title: TITLE,
      detail: 'GET /calls answered without meta.pagination; `kwsync calls list --all` cannot tell whether more pages follow and stops after the first.',
      needsAction: false,
    };
  }
  const keys = Object.keys(pagination);
  const missing = PAGE_KEYS.filter((k) => !keys.includes(k));
  const perPage = keys.includes('per_page') ? 'per_page is present' : 'per_page is absent, as in the published example';
  const seen = `GET /calls answered with meta.pagination {${keys.join(', ')}}: ${perPage}.`;
  // kwsync's own reader is the judge: what it refuses, `kwsync calls` cannot show.
  const parsed = callsResponseSchema.safeParse(res.json);
  if (!parsed.success) {
    return {
      id: 'calls-api',
      status: 'differs',
      title: TITLE,
      detail: `${seen} kwsync's reader refuses this page (${issueText(parsed.error)}), so \`kwsync calls\` fails here; nothing else in kwsync needs the Calls API.`,
      needsAction: false,
    };
  }
  return {
    id: 'calls-api',
    status: 'ok',
    title: TITLE,
    detail: `${seen} kwsync pages by current_page and total_pages${missing.length > 0 ? ` and does without ${missing.join(', ')}` : ''}.`,
    needsAction: false,
  };
}

function unknown(said: string): Finding {
  return {
    id: 'calls-api',
    status: 'unknown',
    title: TITLE,
    detail: `${said} \`kwsync calls\` will not work from here; nothing else in kwsync needs the Calls API.`,
    needsAction: false,
  };
}
