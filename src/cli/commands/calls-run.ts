// `kwsync calls list` and `kwsync calls get`, the actions.
import { PUBLISHED_STATUS_FILTER, getCall, iterateCalls, listCalls, type Call, type CallsPagination, type CallsQuery } from '../../api/index.js';
import { EXIT } from '../../errors.js';
import { notice, type CommandContext } from '../io.js';
import { connectRead, formatTable, formatTime, printJson, type TargetFlags } from '../service.js';

export type ListOptions = CallsQuery & { all?: boolean; json?: boolean } & TargetFlags;

export async function runList(ctx: CommandContext, opts: ListOptions): Promise<number> {
  const { all, json, target, dir, ...asked } = opts;
  // The published filter lists only rejected|ongoing|ended|unanswered; the spec's other call
  // states (initiated, canceled) are never sent, but picked out of each page here instead.
  const local = asked.status !== undefined && !PUBLISHED_STATUS_FILTER.includes(asked.status) ? asked.status : undefined;
  const query: CallsQuery = local ? { ...asked, status: undefined } : asked;
  const keep = (c: Call) => local === undefined || c.status === local;
  const client = await connectRead(ctx.io, { target, dir }, undefined, true);
  try {
    const found: Call[] = [];
    let footer = '';
    if (all) {
      for await (const c of iterateCalls(client, query)) if (keep(c)) found.push(c);
    } else {
      const page = await listCalls(client, query);
      found.push(...page.data.filter(keep));
      footer = pageFooter(page.meta?.pagination, query.page ?? 1);
      const answered = page.meta?.pagination?.current_page;
      if (query.page !== undefined && answered !== undefined && answered !== query.page) {
        notice(ctx.io, `asked for page ${query.page}, the service answered page ${answered}: it may not take \`page\` on /calls (not declared there); \`kwsync doctor\` checks`);
      }
    }
    if (local) {
      const scope = all ? 'every page' : 'this page (add --all for every page)';
      notice(ctx.io, `--status ${local} is not a filter the service publishes: kwsync picked those calls out of ${scope}`);
    }
    if (json) printJson(ctx.io.stdout, found);
    else printCalls(ctx, found, footer);
    return EXIT.ok;
  } finally {
    await client.close();
  }
}

/** What the service said about paging; any part may be missing (per_page is, in its example). */
function pageFooter(p: CallsPagination | undefined, asked: number): string {
  if (!p) return '';
  const page = p.current_page ?? asked;
  const of = p.total_pages !== undefined ? ` of ${p.total_pages}` : '';
  const total = p.total !== undefined ? `${p.total} calls; ` : '';
  return `page ${page}${of} (${total}--all for every page)`;
}

function printCalls(ctx: CommandContext, found: Call[], footer: string): void {
  const out = ctx.io.stdout;
  const rows = found.map((c) => [
    c.sessionId,
    c.type,
    c.mode,
    c.status,
    c.receiverType,
    formatTime(c.startedAt),
    c.totalDuration ?? '',
    String(c.totalParticipants ?? c.participants?.length ?? ''),
    c.hasRecording ? 'yes' : 'no',
  ]);
  if (rows.length === 0) out.write('no calls\n');
  else {
    const header = ['SESSION', 'TYPE', 'MODE', 'STATUS', 'RECEIVER', 'STARTED', 'DURATION', 'PEOPLE', 'REC'];
    out.write(formatTable(header, rows, out.isTTY ? out.columns : undefined));
  }
  if (footer) out.write(`${footer}\n`);
}

export async function runGet(ctx: CommandContext, sessionId: string, opts: { onBehalfOf?: string; json?: boolean } & TargetFlags): Promise<number> {
  const client = await connectRead(ctx.io, opts, undefined, true);
  try {
    const call = await getCall(client, sessionId, opts.onBehalfOf ? { onBehalfOf: opts.onBehalfOf } : {});
    if (opts.json) printJson(ctx.io.stdout, call);
    else printCall(ctx, call);
    return EXIT.ok;
  } finally {
    await client.close();
  }
}

function printCall(ctx: CommandContext, c: Call): void {
  const out = ctx.io.stdout;
  const facts: [string, string][] = [
    ['session', c.sessionId],
    ['kind', `${c.type} ${c.mode}, to ${c.receiverType} ${c.receiver ?? ''}`],
    ['status', c.status],
    ['initiator', c.initiator ?? ''],
    ['started', formatTime(c.startedAt)],
    ['ended', formatTime(c.endedAt)],
    ['duration', `${c.totalDuration ?? ''} (${c.totalAudioMinutes ?? 0} audio min, ${c.totalVideoMinutes ?? 0} video min)`],
  ];
  out.write(formatTable(['FIELD', 'VALUE'], facts).split('\n').slice(1).join('\n'));
  const people = (c.participants ?? []).map((p) => [
    p.uid,
    p.state ?? '',
    p.deviceId ?? '',
    formatTime(p.joinedAt),
    formatTime(p.leftAt),
    String(p.totalDurationInMinutes ?? ''),
  ]);
  out.write(`\nparticipants (${people.length})\n`);
  if (people.length) out.write(formatTable(['UID', 'STATE', 'DEVICE', 'JOINED', 'LEFT', 'MINUTES'], people));
  const recs = (c.recordings ?? []).map((r) => [r.rid, String(r.duration ?? ''), formatTime(r.startTime), r.recording_url ?? '']);
  out.write(`\nrecordings (${recs.length})\n`);
  if (recs.length) out.write(formatTable(['RID', 'MINUTES', 'STARTED', 'URL'], recs));
}
