// The impact preview of the PR plan: per changed list, how many recent messages of the configured
// groups (kwsync.yaml `preview`, from the default branch) it would newly catch or stop catching,
// with its top terms. Counts and terms only: a PR comment may be public, so no message text is kept
// (src/preview keeps examples only when asked, and this never asks). Sentence-similarity lists are
// scored by the local sentence model for a trusted PR only, under the preview's deadline, and the
// comment says the scores are that model's, not CometChat's.
import type { PreviewMessage } from '../preview/index.js';
import { formatThreshold, type Preview } from '../preview/index.js';
import type { Plan } from '../model/plan.js';
import { mdCodeCell, mdText } from '../render/markdown-escape.js';
import type { EmbedderLoad } from '../similarity/embedder.js';
import { previewTarget } from '../sync/preview.js';

export type RecentMessages = (guid: string, count: number) => AsyncIterable<PreviewMessage>;

export interface ImpactSimilarity {
  /** Only a trusted PR's sentence lists are scored; otherwise the model is never loaded. */
  trusted: boolean;
  threshold: number;
  /** How the model is loaded (default src/similarity/embedder.ts); loaded only when a changed list is a sentence list. */
  load?: () => Promise<EmbedderLoad>;
  /** Seconds the model may take (default: half the preview's deadline). */
  deadlineSeconds?: number;
}

const WITHHELD = 'sentence lists are previewed for trusted pull requests only';

/**
 * The PR's patterns run on live messages in the key's job: under one deadline and heap cap
 * (src/preview/bounded-preview.ts), so a hostile pattern stops the preview with a located reason.
 * Without `similarity`, sentence lists stay "not previewable".
 */
export async function previewImpact(plan: Plan, groups: readonly string[], perGroup: number, messages: RecentMessages, fileOf?: (id: string) => string | undefined, similarity?: ImpactSimilarity): Promise<Preview> {
  return previewTarget({
    plan,
    groups,
    perGroup,
    messages,
    bounded: true,
    ...(fileOf ? { fileOf } : {}),
    ...(similarity
      ? {
          similarity: {
            threshold: similarity.threshold,
            ...(similarity.load ? { load: similarity.load } : {}),
            ...(similarity.trusted ? {} : { withheld: WITHHELD }),
            ...(similarity.deadlineSeconds !== undefined ? { deadlineSeconds: similarity.deadlineSeconds } : {}),
          },
        }
      : {}),
  });
}

/**
 * k-anonymity: every count below k, zero included, shows as "<k", and a term caught by fewer than
 * k messages is not named, so even a trusted author's comment never points at one message. Zero
 * must be masked too: with "0" shown, one single-pattern list per digit position and bit reads a
 * code one bit per list ("<k" versus "0").
 */
export function maskCount(n: number, k: number): string {
  return k > 1 && n < k ? `<${k}` : String(n);
}

export function renderImpactMarkdown(p: Preview, opts: { minMessageCount: number } = { minMessageCount: 1 }): string {
  const k = opts.minMessageCount;
  const lines = [
    '#### Impact preview',
    '',
    `${p.messagesScanned} recent message${p.messagesScanned === 1 ? '' : 's'} of ${p.groups.map(mdCodeCell).join(', ')} (counts and terms only${k > 1 ? `; counts under ${k}, zero included, show as <${k}, and terms caught by fewer than ${k} messages are not named` : ''}).`,
    '',
  ];
  if (p.lists.length === 0) return [...lines, 'No list changes: nothing to preview.', ''].join('\n');
  lines.push('| list | newly caught | no longer caught | caught after | top terms |', '|---|--:|--:|--:|---|');
  const broad = (l: Preview['lists'][number], term: string) => (l.sentences?.some((s) => s.sentence === term && s.broad) ? ', broad' : '');
  for (const l of p.lists) {
    // Terms and list ids come from the PR's own files.
    const top = l.topTerms.filter((t) => t.messages >= k).map((t) => `${mdCodeCell(t.term)} (${t.messages}${broad(l, t.term)})`).join(', ');
    const m = (n: number) => maskCount(n, k);
    const none = l.notPreviewed !== undefined ? `not previewed: ${mdText(l.notPreviewed)}` : "sentence similarity: decided by the service's AI model";
    lines.push(l.previewable ? `| ${mdCodeCell(l.id)} | ${m(l.newlyCaught)} | ${m(l.noLongerCaught)} | ${m(l.after)} | ${top} |` : `| ${mdCodeCell(l.id)} | n/a | n/a | n/a | ${none} |`);
  }
  if (p.similarity) {
    lines.push(
      '',
      `_Sentence-similarity counts come from a local model, not CometChat's: ${mdText(p.similarity.model)} at threshold ${formatThreshold(p.similarity.threshold)}; top terms are sentences, each counted on its own, "broad" when one catches over ${Math.round(p.similarity.broadShare * 100)}% of the messages. The service decides with its own AI model and may catch more or fewer._`,
    );
  }
  if (p.stopped) lines.push('', `_Stopped early; the counts cover the first ${p.messagesScanned} messages: ${mdText(p.stopped.message)}_`);
  return [...lines, ''].join('\n');
}
