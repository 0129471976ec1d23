// The impact preview of the PR plan: per changed list, how many recent messages of the configured
// groups (kwsync.yaml `preview`, from the default branch) it would newly catch or stop catching,
// with its top terms. Counts and terms only: a PR comment may be public, so no message text is kept
// (src/preview keeps examples only when asked, and this never asks).
import type { PreviewMessage } from '../preview/index.js';
import { previewUntrusted, type Preview } from '../preview/index.js';
import type { Plan } from '../model/plan.js';
import { mdCodeCell, mdText } from '../render/markdown-escape.js';

export type RecentMessages = (guid: string, count: number) => AsyncIterable<PreviewMessage>;

/**
 * The PR's patterns run on live messages in the key's job: under one deadline and heap cap
 * (src/preview/bounded-preview.ts), so a hostile pattern stops the preview with a located reason.
 */
export async function previewImpact(plan: Plan, groups: readonly string[], perGroup: number, messages: RecentMessages, fileOf?: (id: string) => string | undefined): Promise<Preview> {
  return previewUntrusted(plan, groups, perGroup, messages, fileOf ? { fileOf } : {});
}

/**
 * k-anonymity: a count from 1 to k-1 shows as "<k", and a term caught by fewer than k messages is
 * not named, so even a trusted author's comment never points at one message (or a handful).
 */
export function maskCount(n: number, k: number): string {
  return n > 0 && n < k ? `<${k}` : String(n);
}

export function renderImpactMarkdown(p: Preview, opts: { minMessageCount: number } = { minMessageCount: 1 }): string {
  const k = opts.minMessageCount;
  const lines = [
    '#### Impact preview',
    '',
    `${p.messagesScanned} recent message${p.messagesScanned === 1 ? '' : 's'} of ${p.groups.map(mdCodeCell).join(', ')} (counts and terms only${k > 1 ? `; counts under ${k} show as <${k}, and terms caught by fewer than ${k} messages are not named` : ''}).`,
    '',
  ];
  if (p.lists.length === 0) return [...lines, 'No list changes: nothing to preview.', ''].join('\n');
  lines.push('| list | newly caught | no longer caught | caught after | top terms |', '|---|--:|--:|--:|---|');
  for (const l of p.lists) {
    // Terms and list ids come from the PR's own files.
    const top = l.topTerms.filter((t) => t.messages >= k).map((t) => `${mdCodeCell(t.term)} (${t.messages})`).join(', ');
    const m = (n: number) => maskCount(n, k);
    lines.push(l.previewable ? `| ${mdCodeCell(l.id)} | ${m(l.newlyCaught)} | ${m(l.noLongerCaught)} | ${m(l.after)} | ${top} |` : `| ${mdCodeCell(l.id)} | n/a | n/a | n/a | sentence similarity: decided by the service's AI model |`);
  }
  if (p.stopped) lines.push('', `_Stopped early; the counts cover the first ${p.messagesScanned} messages: ${mdText(p.stopped.message)}_`);
  return [...lines, ''].join('\n');
}
