// The preview as terminal text, markdown (for a PR comment) or JSON (stable, versioned). Only the
// terminal text shows message text (examples); markdown and JSON carry counts and terms, so users'
// messages never land in a pull request or a CI artifact. Each output with a sentence-similarity
// list says the scores are a local model's, not CometChat's, and names the model and threshold.
import { styleText } from 'node:util';
import { displayLine } from '../load/quote-value.js';
import { mdText } from '../render/markdown-escape.js';
import { endpointLine, type ServiceEndpoint } from '../plan/summary.js';
import type { ListPreview, Preview, PreviewExample } from './compute-preview.js';
import type { PreviewReportJson } from './preview-schema.js';
import { notPreviewedLine, sentenceLinesText, sentenceSectionsMarkdown, similarityNoteText } from './render-similarity.js';
import { LOCAL_MODEL_NOTE } from './similarity-scan.js';

export interface PreviewTextOptions {
  color?: boolean;
  /** The app, region and host read from, named under the header when given. */
  endpoint?: ServiceEndpoint;
  /** Width to fit an example line into (the terminal's columns); default 100. */
  width?: number;
}

export function renderPreviewText(p: Preview, opts: PreviewTextOptions = {}): string {
  const lines = [
    `Preview for target "${displayLine(p.target)}": ${p.messagesScanned} recent message${p.messagesScanned === 1 ? '' : 's'} from ${p.groups.map(displayLine).join(', ')}`,
  ];
  if (opts.endpoint) lines.push(`  ${displayLine(endpointLine(opts.endpoint))}`);
  lines.push('');
  if (p.similarity) lines.push(...similarityNoteText(p.similarity), '');
  if (p.stopped) lines.push(`Stopped early: ${displayLine(p.stopped.message)}`, '');
  if (p.lists.length === 0) lines.push('No list changes: nothing to preview.');
  for (const l of p.lists) lines.push(...listLines(l, p, opts), '');
  return `${lines.join('\n').trimEnd()}\n`;
}

function listLines(l: ListPreview, p: Preview, opts: PreviewTextOptions): string[] {
  const id = displayLine(l.id);
  if (!l.previewable) return [l.notPreviewed !== undefined ? `${id} (${l.kind}): ${displayLine(notPreviewedLine(l))}` : `${id} (${l.kind}): not previewable offline (sentence-similarity is decided by the service's AI model)`];
  const delta = l.after - l.before;
  const out = [
    `${id} (${l.kind}): catches ${l.before} -> ${l.after} (${delta >= 0 ? '+' : ''}${delta}); ` +
      `${l.newlyCaught} newly caught, ${l.noLongerCaught} no longer caught`,
  ];
  if (l.rules) out.push(`    ${displayLine(rulesText(l.rules))}`);
  if (l.sentences) return [...out, ...sentenceLinesText(l, p, (e) => exampleLine({ ...e, spans: [] }, { ...opts, width: (opts.width ?? 100) - 14 }))];
  if (l.topTerms.length > 0) out.push(`    top terms: ${l.topTerms.map((t) => `${displayLine(t.term)} (${t.messages})`).join(', ')}`);
  if (l.examples) {
    out.push(...exampleBlock('newly caught', l.examples.newlyCaught, l.newlyCaught, opts));
    out.push(...exampleBlock('no longer caught', l.examples.noLongerCaught, l.noLongerCaught, opts));
  }
  return out;
}

function exampleBlock(title: string, examples: readonly PreviewExample[], total: number, opts: PreviewTextOptions): string[] {
  if (examples.length === 0) return [];
  const more = total - examples.length;
  return [
    `    ${title} (${examples.length} of ${total}${more > 0 ? '' : ', all'}):`,
    ...examples.map((e) => `      ${exampleLine(e, opts)}`),
  ];
}

const ELLIPSIS = '…';

/**
 * `#id  text with [the match] marked`, cut to the width around the first hit. Each control
 * character is shown as a visible one (displayLine keeps lengths), so offsets still hold.
 */
export function exampleLine(e: PreviewExample, opts: PreviewTextOptions = {}): string {
  const prefix = `#${displayLine(e.id)}  `;
  const room = Math.max(30, (opts.width ?? 100) - 6 - prefix.length);
  const spans = mergeSpans(e.spans);
  const text = displayLine(e.text);
  // A window of `room` characters that starts a little before the first hit.
  const first = spans[0]?.start ?? 0;
  let from = Math.max(0, Math.min(first - Math.floor(room / 4), text.length - room));
  let to = Math.min(text.length, from + room);
  from = safeEdge(text, from);
  to = safeEdge(text, to);
  const mark = (s: string) => (opts.color ? styleText(['bold', 'red'], `[${s}]`, { validateStream: false }) : `[${s}]`);
  let out = from > 0 ? ELLIPSIS : '';
  let at = from;
  for (const s of spans) {
    if (s.end <= from || s.start >= to) continue;
    const start = Math.max(s.start, at);
    const end = Math.min(s.end, to);
    if (end <= start) continue;
    out += text.slice(at, start) + mark(text.slice(start, end));
    at = end;
  }
  out += text.slice(at, to) + (to < text.length ? ELLIPSIS : '');
  return prefix + out;
}

/** Overlapping hits ("oh heck" and "heck") become one marked stretch. */
function mergeSpans(spans: readonly { start: number; end: number }[]): { start: number; end: number }[] {
  const sorted = [...spans].filter((s) => s.end > s.start).sort((a, b) => a.start - b.start);
  const out: { start: number; end: number }[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ start: s.start, end: s.end });
  }
  return out;
}

/** Never cut between the halves of a surrogate pair. */
function safeEdge(text: string, at: number): number {
  const code = text.charCodeAt(at);
  return at > 0 && at < text.length && code >= 0xdc00 && code <= 0xdfff ? at - 1 : at;
}

/** `rules: block-scams [blockMessage]`, or that no rule uses the list. */
function rulesText(rules: readonly { rule: string; action: readonly string[] }[]): string {
  if (rules.length === 0) return 'no rule uses it: this list catches nothing live';
  return `used by rule${rules.length === 1 ? '' : 's'}: ${rules.slice(0, 10).map((r) => `${r.rule} [${r.action.join(', ')}]`).join(', ')}${rules.length > 10 ? ` and ${rules.length - 10} more` : ''}`;
}

export function renderPreviewMarkdown(p: Preview): string {
  const lines = [
    `### kwsync preview: \`${p.target.replace(/`/g, "'")}\``,
    '',
    `${p.messagesScanned} recent messages from ${p.groups.map((g) => `\`${g.replace(/`/g, "'")}\``).join(', ')}.`,
    '',
    ...(p.stopped ? [`**Stopped early:** ${p.stopped.message.replace(/[`\r\n]/g, "'")}`, ''] : []),
  ];
  if (p.lists.length === 0) return `${lines.join('\n')}No list changes: nothing to preview.\n`;
  lines.push('| list | change | caught now | caught after | newly caught | no longer caught |', '|---|---|--:|--:|--:|--:|');
  for (const l of p.lists) {
    const id = l.id.replace(/`/g, "'");
    lines.push(
      l.previewable
        ? `| \`${id}\` | ${l.kind} | ${l.before} | ${l.after} | ${l.newlyCaught} | ${l.noLongerCaught} |`
        : `| \`${id}\` | ${l.kind} | n/a | n/a | n/a | n/a |`,
    );
  }
  const ruled = p.lists.filter((l) => l.rules !== undefined);
  if (ruled.length > 0) lines.push('', ...ruled.map((l) => `- \`${l.id.replace(/`/g, "'")}\`: ${mdText(rulesText(l.rules!))}`));
  if (p.similarity) lines.push(...sentenceSectionsMarkdown(p));
  else if (p.lists.some((l) => !l.previewable)) lines.push('', 'n/a: sentence-similarity lists are decided by the service\'s AI model.');
  return `${lines.join('\n')}\n`;
}

/** `--format json`: `formatVersion` as every kwsync JSON output; `version` is its old name, kept. */
export function renderPreviewJson(p: Preview): string {
  const json: PreviewReportJson = {
    formatVersion: 1,
    version: 1,
    target: p.target,
    groups: p.groups,
    messagesScanned: p.messagesScanned,
    // Examples are message text: never written where a file or a log could keep them.
    lists: p.lists.map(({ examples: _examples, nearest: _nearest, ...l }) => l),
    ...(p.stopped ? { stopped: p.stopped } : {}),
    ...(p.similarity ? { similarity: { ...p.similarity, source: 'local-model' as const, note: LOCAL_MODEL_NOTE } } : {}),
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}
