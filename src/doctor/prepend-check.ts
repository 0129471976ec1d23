// Does `affix=prepend` without an `id` start at the newest message? preview and the Action's impact
// preview read a group's newest messages that way, and nothing publishes it. One page each way of
// the first preview group: if prepend answers the same oldest messages as append, it does not.
import type { ProbeResult } from '../api/index.js';
import type { ProbeClient } from './read-checks.js';
import type { Finding } from './report.js';
import { errorBodyShape, isObject } from './response-traits.js';

const LIMIT = 10;

interface Page {
  ids: string[];
  sentAt: number[];
  more: boolean;
}

function pageOf(res: ProbeResult): Page | undefined {
  if (!isObject(res.json) || !Array.isArray(res.json.data)) return undefined;
  const items = res.json.data.filter(isObject);
  const meta = isObject(res.json.meta) ? res.json.meta : {};
  return { ids: items.map((m) => String(m.id)), sentAt: items.map((m) => Number(m.sentAt)), more: isObject(meta.next) };
}

const order = (sentAt: number[]) =>
  sentAt.every((t, i) => i === 0 || sentAt[i - 1]! <= t) ? 'oldest first' : sentAt.every((t, i) => i === 0 || sentAt[i - 1]! >= t) ? 'newest first' : 'in no sentAt order';

export async function prependFinding(client: ProbeClient, groups: readonly string[]): Promise<Finding> {
  const title = 'affix=prepend without id starts at the newest message';
  const assumed = '`affix=prepend` with no `id` answers the newest messages (preview and the impact preview read a group that way)';
  const guid = groups[0];
  if (guid === undefined) {
    return {
      id: 'messages-prepend',
      status: 'unknown',
      title,
      detail: 'No preview.groups in kwsync.yaml, so no group was read. Add the group preview reads to settle it.',
      needsAction: false,
      assumed,
    };
  }
  const path = `/groups/${encodeURIComponent(guid)}/messages`;
  const prepend = await client.probe({ api: 'chat', method: 'GET', path, query: { affix: 'prepend', limit: LIMIT } });
  const append = await client.probe({ api: 'chat', method: 'GET', path, query: { affix: 'append', limit: LIMIT } });
  const failed = [prepend, append].find((r) => r.status >= 400);
  if (failed) {
    const { code } = errorBodyShape(failed);
    return {
      id: 'messages-prepend',
      status: 'unknown',
      title,
      detail: `Reading the preview group ${guid} answered HTTP ${failed.status}${code ? ` ${code}` : ''}; check preview.groups in kwsync.yaml.`,
      needsAction: false,
      assumed,
    };
  }
  const p = pageOf(prepend);
  const a = pageOf(append);
  if (!p || !a) return { id: 'messages-prepend', status: 'unknown', title, detail: `Reading the preview group ${guid} answered without a data array.`, needsAction: false, assumed };
  const observed =
    `prepend (limit ${LIMIT}): ids ${p.ids.join(', ') || 'none'}, ${order(p.sentAt)}, newest sentAt ${Math.max(...p.sentAt, 0)}; ` +
    `append (from the oldest): ids ${a.ids.join(', ') || 'none'}, newest sentAt ${Math.max(...a.sentAt, 0)}`;
  if (!a.more) {
    return {
      id: 'messages-prepend',
      status: 'unknown',
      title,
      detail: `The group ${guid} holds no more than ${LIMIT} messages, so the newest and the oldest page are the same.`,
      needsAction: false,
      assumed,
      observed,
    };
  }
  const same = p.ids.length === a.ids.length && p.ids.every((id) => a.ids.includes(id));
  if (!same && Math.max(...p.sentAt) >= Math.max(...a.sentAt)) {
    return {
      id: 'messages-prepend',
      status: 'ok',
      title,
      detail: `On ${guid}, prepend without id answered newer messages than append (${order(p.sentAt)} within the page): preview reads the newest messages.`,
      needsAction: false,
      assumed,
      observed,
      fix: 'none needed',
    };
  }
  return {
    id: 'messages-prepend',
    status: 'differs',
    title,
    detail: `On ${guid}, prepend without id answered the oldest messages, as append does: preview and the impact preview count the group's oldest messages, not its newest.`,
    needsAction: false,
    assumed,
    observed,
    fix: 'no setting: read the counts of `kwsync preview` as those of the oldest messages, or read recent messages with `kwsync messages list GUID` and a from-time filter',
  };
}
