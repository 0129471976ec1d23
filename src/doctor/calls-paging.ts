// Two things about GET /calls that no source settles: whether `page` moves (nothing declares
// page/perPage on /calls, yet its answer has meta.pagination), and which `status` values the
// filter takes (the schema's enum, the description's `unanswered`, the seed's six statuses).
import { CALL_STATUSES, PUBLISHED_STATUS_FILTER, type ProbeResult } from '../api/index.js';
import type { ProbeClient } from './read-checks.js';
import type { Finding } from './report.js';
import { errorBodyShape, isObject } from './response-traits.js';

const firstSession = (res: ProbeResult): string | undefined => {
  const data = isObject(res.json) && Array.isArray(res.json.data) ? res.json.data : undefined;
  const first = data?.[0];
  return isObject(first) && typeof first.sessionId === 'string' ? first.sessionId : undefined;
};

const pagination = (res: ProbeResult): Record<string, unknown> | undefined =>
  isObject(res.json) && isObject(res.json.meta) && isObject(res.json.meta.pagination) ? res.json.meta.pagination : undefined;

const get = (client: ProbeClient, query: Record<string, string | number>) => client.probe({ api: 'calls', method: 'GET', path: '/calls', query });

/** Page 1 and page 2 of one call each: does the second hold another call, and say current_page 2? */
export async function callsPagingFinding(client: ProbeClient): Promise<Finding> {
  const title = '/calls paging (does page move?)';
  const assumed = '`page` and `perPage` page GET /calls (not declared there, but its answer has meta.pagination); `kwsync calls list --all` follows them to total_pages';
  const one = await get(client, { perPage: 1 });
  const two = await get(client, { perPage: 1, page: 2 });
  if (one.status >= 400 || two.status >= 400) {
    const { code } = errorBodyShape(one.status >= 400 ? one : two);
    return {
      id: 'calls-paging',
      status: 'differs',
      title,
      detail: `GET /calls with perPage (and page) was refused (HTTP ${one.status >= 400 ? one.status : two.status}${code ? ` ${code}` : ''}). \`kwsync calls list --per-page\` and --all cannot work here; a plain \`kwsync calls list\` sends neither on its first page.`,
      needsAction: false,
      assumed,
      observed: `page 1: HTTP ${one.status}; page 2: HTTP ${two.status}`,
      fix: 'no setting: leave out --per-page and --all, and narrow by --started-at/--ended-at instead',
    };
  }
  const p1 = pagination(one);
  const p2 = pagination(two);
  const total = Number(p1?.total ?? NaN);
  const a = firstSession(one);
  const b = firstSession(two);
  const observed = `perPage=1: page 1 answered ${a ?? 'no call'} (current_page ${String(p1?.current_page ?? 'absent')}, total ${String(p1?.total ?? 'absent')}); page=2 answered ${b ?? 'no call'} (current_page ${String(p2?.current_page ?? 'absent')})`;
  if (a === undefined || (Number.isFinite(total) && total < 2) || (b === undefined && !Number.isFinite(total))) {
    return { id: 'calls-paging', status: 'unknown', title, detail: 'The app has fewer than two calls (or does not say how many), so whether `page` moves cannot be seen.', needsAction: false, assumed, observed };
  }
  const moved = b !== undefined && b !== a && Number(p2?.current_page ?? 2) === 2;
  if (moved) {
    return { id: 'calls-paging', status: 'ok', title, detail: 'page=2 answered another call and meta.pagination.current_page 2: `kwsync calls list --all` walks every page.', needsAction: false, assumed, observed, fix: 'none needed' };
  }
  return {
    id: 'calls-paging',
    status: 'differs',
    title,
    detail:
      'page=2 answered the same call as page 1 (or current_page did not move): the app ignores `page` on /calls. `kwsync calls list --all` sees page 1 again and stops there, ' +
      'so it shows at most one page of calls.',
    needsAction: false,
    assumed,
    observed,
    fix: 'no setting: narrow the calls with --started-at/--ended-at (and the other filters) so that one page holds them',
  };
}

/** Every status value anyone names, once: the published filter first, then the seed's. */
export const STATUS_CANDIDATES: readonly string[] = [...new Set([...PUBLISHED_STATUS_FILTER, ...CALL_STATUSES])];

/** One GET per status value, one call each; which does the app refuse? */
export async function callStatusesFinding(client: ProbeClient): Promise<Finding> {
  const title = 'call status values the filter takes';
  const assumed = `\`kwsync calls list --status\` takes ${CALL_STATUSES.join(', ')} (the seed's statuses; the published enum is ${PUBLISHED_STATUS_FILTER.join(', ')})`;
  const outcomes: { status: string; http: number; code?: string | undefined }[] = [];
  for (const status of STATUS_CANDIDATES) {
    const res = await get(client, { status, perPage: 1 });
    outcomes.push({ status, http: res.status, code: errorBodyShape(res).code });
  }
  const refused = outcomes.filter((o) => o.http >= 400);
  const observed = outcomes.map((o) => `${o.status}: ${o.http >= 400 ? `refused (HTTP ${o.http}${o.code ? ` ${o.code}` : ''})` : 'accepted'}`).join('; ');
  if (refused.length === 0) {
    return { id: 'call-statuses', status: 'ok', title, detail: `The app accepts every status value: ${STATUS_CANDIDATES.join(', ')}.`, needsAction: false, assumed, observed, fix: 'none needed' };
  }
  return {
    id: 'call-statuses',
    status: 'differs',
    title,
    detail: `The app refuses status ${refused.map((o) => o.status).join(', ')}: \`kwsync calls list --status\` with ${refused.length === 1 ? 'it' : 'one of them'} fails here; the others work.`,
    needsAction: false,
    assumed,
    observed,
    fix: `no setting: do not filter by ${refused.map((o) => o.status).join(' or ')} on this app`,
  };
}
