// The impact preview of the PR plan: per changed list, how many recent messages of the configured
// groups (kwsync.yaml `preview`, from the default branch) it would newly catch or stop catching,
// with its top terms. Counts and terms only: a PR comment may be public, so no message text is kept
// (src/preview keeps examples only when asked, and this never asks).
import type { PreviewMessage } from '../preview/index.js';
import { startPreview, type Preview } from '../preview/index.js';
import type { Plan } from '../model/plan.js';

export type RecentMessages = (guid: string, count: number) => AsyncIterable<PreviewMessage>;

export async function previewImpact(plan: Plan, groups: readonly string[], perGroup: number, messages: RecentMessages): Promise<Preview> {
  const scan = startPreview(plan, { examples: 0 });
  for (const guid of groups) {
    let n = 0;
    for await (const m of messages(guid, perGroup)) {
      scan.add({ id: m.id, text: m.text });
      if (++n >= perGroup) break;
    }
  }
  return scan.result([...groups]);
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
  const code = (s: string) => s.replace(/`/g, "'").replace(/\|/g, '\\|');
  const lines = [
    '#### Impact preview',
    '',
    `${p.messagesScanned} recent message${p.messagesScanned === 1 ? '' : 's'} of ${p.groups.map((g) => `\`${code(g)}\``).join(', ')} (counts and terms only${k > 1 ? `; counts under ${k} show as <${k}, and terms caught by fewer than ${k} messages are not named` : ''}).`,
    '',
  ];
  if (p.lists.length === 0) return [...lines, 'No list changes: nothing to preview.', ''].join('\n');
  lines.push('| list | newly caught | no longer caught | caught after | top terms |', '|---|--:|--:|--:|---|');
  for (const l of p.lists) {
    // escape: terms and list ids come from the PR's own files
    const top = l.topTerms.filter((t) => t.messages >= k).map((t) => `\`${code(t.term)}\` (${t.messages})`).join(', ');
    const m = (n: number) => maskCount(n, k);
    lines.push(l.previewable ? `| \`${code(l.id)}\` | ${m(l.newlyCaught)} | ${m(l.noLongerCaught)} | ${m(l.after)} | ${top} |` : `| \`${code(l.id)}\` | n/a | n/a | n/a | sentence similarity: decided by the service's AI model |`);
  }
  return [...lines, ''].join('\n');
}
