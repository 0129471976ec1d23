// The preview use case, one for both shells (`kwsync preview` and the Action's impact preview of a
// pull request): given a plan, what its changed lists would newly catch or stop catching in the
// newest text messages of some groups. Two ways through: bounded (lists nobody vouched for, or a
// `--deadline`: one deadline and heap cap, patterns in a worker; src/preview/bounded-preview.ts),
// or in this process (the CLI's own lists without a deadline). Sentence lists are scored by the
// local sentence model in both. The shells choose the groups, the count and the options, and render.
import { newestTextMessages, type CometChatClient } from '../api/index.js';
import type { Plan } from '../model/plan.js';
import { openSimilarity, previewUntrusted, startPreview, type MessageSource, type Preview, type PreviewMessage, type SimilaritySetup } from '../preview/index.js';
import { loadEmbedder } from '../similarity/embedder.js';

export interface PreviewTargetInput {
  plan: Plan;
  groups: readonly string[];
  /** The newest messages to read per group. */
  perGroup: number;
  /** The newest text messages of a group, newest first: `recentTextMessages(client)` for the live app. */
  messages: MessageSource;
  /** Caught messages to keep per list (terminal only; the Action never asks). */
  examples?: number;
  /** Bounded (one deadline and heap cap for the whole preview) in ms; without it the lists run in this process. */
  deadlineMs?: number;
  /** Whether to bound the preview at all: a pull request's lists always are (deadlineMs defaults to PREVIEW_DEADLINE_MS). */
  bounded: boolean;
  /** The list file of a list id, to locate a bounded preview's stop. */
  fileOf?: (listId: string) => string | undefined;
  /** After each message read, with the count so far in that group; the in-process scan also says 0 as a group starts. */
  onMessage?: (n: number, guid: string) => void;
  /** Sentence lists scored by the local model (`load` defaults to src/similarity/embedder.ts); without it they are not previewable. */
  similarity?: Omit<SimilaritySetup, 'load'> & Partial<Pick<SimilaritySetup, 'load'>>;
}

/** The newest text messages of a group through the REST client (the reader both shells give the preview). */
export function recentTextMessages(client: CometChatClient): MessageSource {
  return (guid, count) => newestTextMessages(client, guid, count);
}

export async function previewTarget(input: PreviewTargetInput): Promise<Preview> {
  const { plan, groups, perGroup, messages, onMessage } = input;
  const examples = input.examples ?? 0;
  const similarity = input.similarity && { ...input.similarity, load: input.similarity.load ?? loadEmbedder };
  if (input.bounded) {
    return previewUntrusted(plan, groups, perGroup, messages, {
      ...(input.deadlineMs !== undefined ? { deadlineMs: input.deadlineMs } : {}),
      examples,
      ...(input.fileOf ? { fileOf: input.fileOf } : {}),
      ...(onMessage ? { onMessage } : {}),
      ...(similarity ? { similarity } : {}),
    });
  }
  const scan = startPreview(plan, { examples });
  const sentences = similarity ? await openSimilarity(plan, similarity) : undefined;
  try {
    for (const guid of groups) {
      let n = 0;
      onMessage?.(0, guid);
      for await (const m of messages(guid, perGroup)) {
        const message: PreviewMessage = m;
        scan.add(message);
        await sentences?.add(message);
        onMessage?.(++n, guid);
      }
    }
  } catch (err) {
    await sentences?.close();
    throw err;
  }
  const counted = scan.result([...groups]);
  return sentences ? sentences.finish(counted) : counted;
}
