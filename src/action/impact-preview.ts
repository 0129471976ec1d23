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

export function renderImpactMarkdown(p: Preview): string {
  const code = (s: string) => s.replace(/`/g, "'").replace(/\|/g, '\\|');
  const lines = [
    '#### Impact preview',
    '',
    `${p.messagesScanned} recent message${p.messagesScanned === 1 ? '' : 's'} of ${p.groups.map((g) => `\`${code(g)}\``).join(', ')} (counts and terms only).`,
    '',
  ];
  if (p.lists.length === 0) return [...lines, 'No list changes: nothing to preview.', ''].join('\n');
  lines.push('| list | newly caught | no longer caught | caught after | top terms |', '|---|--:|--:|--:|---|');
  for (const l of p.lists) {
    const top = l.topTerms.map((t) => `\`${code(t.term)}\` (${t.messages})`).join(', ');
    lines.push(l.previewable ? `| \`${code(l.id)}\` | ${l.newlyCaught} | ${l.noLongerCaught} | ${l.after} | ${top} |` : `| \`${code(l.id)}\` | n/a | n/a | n/a | sentence similarity: decided by the service's AI model |`);
  }
  return [...lines, ''].join('\n');
}
