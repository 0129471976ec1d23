// The sentence-similarity parts of the preview's text and markdown: the local-model disclaimer
// (model and threshold named), each sentence with the messages it catches on its own (broad ones
// flagged), and on the terminal only the messages nearest each sentence with their scores.
import { displayLine } from '../load/quote-value.js';
import { mdCode, mdText } from '../render/markdown-escape.js';
import type { ListPreview, Preview } from './compute-preview.js';
import type { SentenceCatch, SimilarityInfo } from './similarity-scan.js';
import { formatThreshold } from './similarity-threshold.js';
import { isCaught } from '../similarity/threshold.js';

const percent = (n: number, of: number) => `${of > 0 ? ((100 * n) / of).toFixed(1) : '0.0'}%`;
export const score = (s: number) => s.toFixed(3);

/** The disclaimer, as lines of terminal text. */
export function similarityNoteText(info: SimilarityInfo): string[] {
  return [
    `Sentence-similarity lists: scores from a local model, not CometChat's (${displayLine(info.model)});`,
    `  a message counts as caught at similarity ${formatThreshold(info.threshold)} or more to a sentence of the list. The service decides with its own AI model and may catch more or fewer.`,
  ];
}

/** One markdown paragraph: the disclaimer. */
export function similarityNoteMarkdown(info: SimilarityInfo): string {
  return `**Sentence-similarity lists** are scored by a local model, not CometChat's: ${mdText(info.model)}, threshold ${formatThreshold(info.threshold)} (a message counts as caught at this similarity or more to a sentence of the list). The service decides with its own AI model and may catch more or fewer.`;
}

export function notPreviewedLine(l: ListPreview): string {
  return `not previewed: ${l.notPreviewed ?? "sentence-similarity is decided by the service's AI model"}`;
}

function broadNote(t: SentenceCatch, scanned: number, info: SimilarityInfo | undefined): string {
  return `broad: catches ${percent(t.messages, scanned)} of the messages (over ${Math.round((info?.broadShare ?? 0.05) * 100)}%)`;
}

/** The per-sentence lines of a previewed sentence list (terminal). */
export function sentenceLinesText(l: ListPreview, p: Preview, example: (e: { id: string; text: string }) => string): string[] {
  const sentences = l.sentences ?? [];
  const out = [`    messages each sentence catches on its own (of ${p.messagesScanned}):`];
  const width = Math.max(1, ...sentences.map((t) => String(t.messages).length));
  for (const t of sentences) {
    const flag = t.broad ? `   <- ${broadNote(t, p.messagesScanned, p.similarity)}` : '';
    out.push(`      ${String(t.messages).padStart(width)}  ${displayLine(t.sentence)}${flag}`);
  }
  const threshold = p.similarity?.threshold ?? 0;
  for (const n of l.nearest ?? []) {
    if (n.messages.length === 0) continue;
    out.push(`    nearest messages to "${displayLine(n.sentence)}":`);
    for (const m of n.messages) out.push(`      ${score(m.score)} ${isCaught(m.score, threshold) ? 'caught' : 'below '}  ${example(m)}`);
  }
  return out;
}

/** The per-sentence tables of the previewed sentence lists, and the lists not previewed (markdown, no message text). */
export function sentenceSectionsMarkdown(p: Preview): string[] {
  const lists = p.lists.filter((l) => l.category === 'sentence-similarity' || l.notPreviewed !== undefined);
  if (lists.length === 0 || !p.similarity) return [];
  const out = ['', similarityNoteMarkdown(p.similarity)];
  for (const l of lists) {
    if (!l.previewable) {
      out.push('', `${mdCode(l.id)}: ${mdText(notPreviewedLine(l))}`);
      continue;
    }
    out.push('', `${mdCode(l.id)}: messages each sentence catches on its own (of ${p.messagesScanned})`, '', '| sentence | messages |', '|---|--:|');
    for (const t of l.sentences ?? []) out.push(`| ${mdText(t.sentence)} | ${t.messages}${t.broad ? ` (${mdText(broadNote(t, p.messagesScanned, p.similarity))})` : ''} |`);
  }
  return out;
}
