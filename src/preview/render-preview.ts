// The preview as terminal text, markdown (for a PR comment) or JSON (stable: the Preview object).
import type { ListPreview, Preview } from './compute-preview.js';

export function renderPreviewText(p: Preview): string {
  const lines = [
    `Preview for target "${p.target}": ${p.messagesScanned} recent message${p.messagesScanned === 1 ? '' : 's'} from ${p.groups.join(', ')}`,
    '',
  ];
  if (p.lists.length === 0) lines.push('No list changes: nothing to preview.');
  for (const l of p.lists) lines.push(...listLines(l), '');
  return `${lines.join('\n').trimEnd()}\n`;
}

function listLines(l: ListPreview): string[] {
  if (!l.previewable) return [`${l.id} (${l.kind}): not previewable offline (sentence-similarity is decided by the service's AI model)`];
  const delta = l.after - l.before;
  const out = [
    `${l.id} (${l.kind}): catches ${l.before} -> ${l.after} (${delta >= 0 ? '+' : ''}${delta}); ` +
      `${l.newlyCaught} newly caught, ${l.noLongerCaught} no longer caught`,
  ];
  if (l.topTerms.length > 0) out.push(`    top terms: ${l.topTerms.map((t) => `${t.term} (${t.messages})`).join(', ')}`);
  return out;
}

export function renderPreviewMarkdown(p: Preview): string {
  const lines = [
    `### kwsync preview: \`${p.target}\``,
    '',
    `${p.messagesScanned} recent messages from ${p.groups.map((g) => `\`${g}\``).join(', ')}.`,
    '',
  ];
  if (p.lists.length === 0) return `${lines.join('\n')}No list changes: nothing to preview.\n`;
  lines.push('| list | change | caught now | caught after | newly caught | no longer caught |', '|---|---|--:|--:|--:|--:|');
  for (const l of p.lists) {
    lines.push(
      l.previewable
        ? `| \`${l.id}\` | ${l.kind} | ${l.before} | ${l.after} | ${l.newlyCaught} | ${l.noLongerCaught} |`
        : `| \`${l.id}\` | ${l.kind} | n/a | n/a | n/a | n/a |`,
    );
  }
  if (p.lists.some((l) => !l.previewable)) lines.push('', 'n/a: sentence-similarity lists are decided by the service\'s AI model.');
  return `${lines.join('\n')}\n`;
}

export function renderPreviewJson(p: Preview): string {
  return `${JSON.stringify({ version: 1, ...p }, null, 2)}\n`;
}
