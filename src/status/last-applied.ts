// One meaning of "last applied" (issue 21): reading it (the target's deployment record, a failure to
// read being a reason like "none yet") and saying it. `kwsync status`, the drift job and the PR's
// live plan all read it here and phrase it with the same parts: the short sha, the UTC minute, the run.
import { mdCode, mdText } from '../render/markdown-escape.js';
import type { DeploymentReader } from '../github/deployment-record.js';
import type { Applied } from './status-schema.js';

/** The reader's answer as status data; never throws (GitHub down, a token without access: `error` and the reason). */
export async function readLastApplied(reader: DeploymentReader, target: { name: string; environment?: string | undefined }, opts: { byHand?: boolean } = {}): Promise<Applied> {
  try {
    const last = await reader.lastApplied(target, opts);
    if (!last.found) return { found: false, reason: last.reason, ...(last.error ? { error: true } : {}) };
    const r = last.record;
    // Records that do not count were skipped by the reader (src/github/deployment-provenance.ts); say which and why.
    const ignored = last.ignored?.length ? { ignored: last.ignored.length <= 3 ? last.ignored.join('; ') : `${last.ignored.slice(0, 3).join('; ')}; and ${last.ignored.length - 3} more` } : {};
    return { found: true, sha: r.sha, shortSha: r.sha.slice(0, 7), appliedAt: r.appliedAt, ...(r.runUrl ? { runUrl: r.runUrl } : {}), deploymentId: r.deploymentId, ...ignored, ...(r.payload?.predicted ? { predicted: r.payload.predicted } : {}) };
  } catch (err) {
    return { found: false, reason: `the deployment records could not be read: ${err instanceof Error ? err.message : String(err)}`, error: true };
  }
}

/** `2026-11-20 14:02 UTC` (an unparsable time as given). */
export function utcTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** `[run](url)` for an https link without spaces or brackets; anything else is left out. */
function runLink(url: string | undefined): string | undefined {
  return url && /^https:\/\/[^\s()<>[\]]+$/.test(url) ? `[run](${url})` : undefined;
}

/** The fallback when no record exists, as status notes and the drift job say it (`reason` escaped by the caller where it renders). */
export function noRecordText(reason: string, compared: string): string {
  return `no deployment record (${reason}); compared with ${compared}`;
}

/** Why there is no record, escaped. */
function reasonOf(applied: Applied): string {
  return mdText(applied.reason ?? 'none yet');
}

/**
 * The drift job's line (issue and job summary): "Last applied: `abc1234` on 2026-11-20 14:02 UTC by
 * [run](link)", or the fallback "no deployment record (reason); compared with `compared`".
 */
export function lastAppliedLine(applied: Applied, compared: string): string {
  if (applied.error) return `Last applied: unknown, ${reasonOf(applied)}; compared with ${compared}.`;
  if (!applied.found || !applied.sha) return `Last applied: ${noRecordText(reasonOf(applied), compared)}.`;
  const when = applied.appliedAt ? ` on ${mdText(utcTime(applied.appliedAt))}` : '';
  const run = runLink(applied.runUrl);
  return `Last applied: ${mdCode(applied.sha.slice(0, 7))}${when}${run ? ` by ${run}` : ''}.`;
}

/**
 * The PR live plan's line: "Live on `staging`: `abc1234`, applied 2026-11-20 14:02 UTC ([run](link))",
 * "No apply of this target is recorded (reason)", or, when the records could not be read or checked,
 * "The last apply of this target cannot be told: (which request failed and what to grant)".
 */
export function liveOnLine(target: string, applied: Applied): string {
  if (applied.error) return `The last apply of this target cannot be told: ${reasonOf(applied)}.`;
  if (!applied.found || !applied.sha) return `No apply of this target is recorded (${reasonOf(applied)}).`;
  const when = applied.appliedAt ? `, applied ${mdText(utcTime(applied.appliedAt))}` : '';
  const run = runLink(applied.runUrl);
  return `Live on ${mdCode(target)}: ${mdCode(applied.sha.slice(0, 7))}${when}${run ? ` (${run})` : ''}`;
}
