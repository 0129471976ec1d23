// `kwsync preview`, the run: the plan (live lists), recent messages of the groups, one pass of counts.
// Sentence-similarity lists are scored by the local sentence model, loaded only when one changed.
import { EXIT, UsageError } from '../../errors.js';
import type { CometChatClient } from '../../api/index.js';
import { renderPreviewJson, renderPreviewMarkdown, renderPreviewText, similarityThreshold, type Preview } from '../../preview/index.js';
import { previewTarget, recentTextMessages } from '../../sync/preview.js';
import { loadEmbedder, type EmbedderLoad } from '../../similarity/embedder.js';
import { notice, type CliIO } from '../io.js';
import { DEFAULT_TARGET_NAME } from '../../status/read-status.js';
import { headCommit, localPreviewOf, recordLocalPreview } from '../../status/local-previews.js';
import { withModelProgress } from '../model-progress.js';
import { ciWait, progressLine, type Progress, type Wait } from '../progress.js';
import { connectApp, loadRepo, parseFormat, useColor, type LoadedRepo } from '../target.js';
import type { KeywordTarget } from '../../model/target.js';
import type { ServiceEndpoint } from '../../plan/summary.js';
import { makePlan } from './plan-run.js';

export interface PreviewOptions {
  dir: string;
  target?: string;
  group: string[];
  messages?: number;
  format?: string;
  /** Caught messages to show per list (terminal text only). */
  examples?: number;
  /** Seconds: the bounded preview (a stop at the deadline rather than a hang on a backtracking pattern). */
  deadline?: number;
  /** Cosine at or above which a sentence list catches a message (default: preview.similarity.threshold of kwsync.yaml, or 0.6). */
  threshold?: number;
  /** Not a flag: how the sentence model is loaded (tests pass a fake; default src/similarity/embedder.ts). */
  loadEmbedder?: () => Promise<EmbedderLoad>;
  /** Not a flag: the demo passes the emulator here instead of resolving a target. */
  app?: { client: CometChatClient; keywords: KeywordTarget; endpoint?: ServiceEndpoint };
  /** Not a flag: a folder the caller already loaded and validated (the demo). */
  repo?: LoadedRepo;
}

export async function runPreview(io: CliIO, opts: PreviewOptions): Promise<number> {
  const format = parseFormat(opts.format);
  const examples = opts.examples ?? 0;
  if (examples > 0 && format !== 'text') {
    throw new UsageError(`--examples shows users' messages and is for the terminal only, not --format ${format}`, {
      hint: 'leave out --examples, or use --format text; markdown and json carry counts and terms only',
    });
  }
  const repo = opts.repo ?? (await loadRepo(io, opts.dir, true, opts.target));
  const { config } = repo;
  const groups = opts.group.length > 0 ? opts.group : config.preview.groups;
  if (groups.length === 0) {
    throw new UsageError('no groups to preview', { hint: 'name them with --group GUID, or `preview.groups` in kwsync.yaml' });
  }
  const perGroup = opts.messages ?? config.preview.messages;
  const { client, keywords, endpoint } = opts.app ?? connectApp(io, config, opts.target);
  const { plan } = await makePlan(io, { dir: opts.dir, repo, keywordTarget: keywords });
  const line = progressLine(io);
  // One status line: the messages read, and the sentence model's work beside them.
  let reading = '';
  let model = '';
  const redraw = () => line.update(model ? (reading ? `${reading}; sentence model: ${model}` : `Sentence model: ${model}`) : reading);
  // CI logs: a start and an end line for each group's read (the terminal has the status line).
  let read: { guid: string; n: number; wait: Wait } | null = null;
  const endRead = () => read?.wait.end(`${read.n} messages`);
  const readingOf = (guid: string, n: number) => {
    if (read?.guid !== guid) {
      endRead();
      read = { guid, n, wait: ciWait(io, `Reading messages of ${guid}`) };
    }
    read.n = n;
    if (n % 100 !== 0) return;
    reading = `Reading messages of ${guid}: ${n} of ${perGroup}`;
    redraw();
  };
  const progress: Progress = {
    update: (text) => {
      reading = text;
      redraw();
    },
    done: () => {
      endRead();
      line.done();
    },
  };
  const load = withModelProgress(io, opts.loadEmbedder ?? loadEmbedder, (detail) => {
    model = detail;
    redraw();
  });
  const similarity = { load, threshold: opts.threshold ?? similarityThreshold(config), examples };
  let preview: Preview;
  try {
    const files = new Map(repo.lists.map((l) => [l.id, l.source.file]));
    preview = await previewTarget({
      plan,
      groups,
      perGroup,
      messages: recentTextMessages(client),
      examples,
      // --deadline bounds the run (a stop at the deadline rather than a hang on a backtracking pattern).
      bounded: opts.deadline !== undefined,
      ...(opts.deadline !== undefined ? { deadlineMs: opts.deadline * 1000, fileOf: (id: string) => files.get(id) } : {}),
      onMessage: (n, guid) => readingOf(guid, n),
      similarity,
    });
  } finally {
    progress.done();
  }
  if (format === 'json') io.stdout.write(renderPreviewJson(preview));
  else if (format === 'markdown') io.stdout.write(renderPreviewMarkdown(preview));
  else io.stdout.write(renderPreviewText(preview, { color: useColor(io.stdout, io.env), endpoint, width: io.stdout.columns }));
  // Recorded under the target's name as status reads it (the environment's single target: "default"), as apply records.
  await recordPreview(io, config.targets?.length ? preview : { ...preview, target: DEFAULT_TARGET_NAME });
  // A stopped preview still prints what it counted, and fails: its numbers are not the whole sample.
  if (preview.stopped) {
    io.stderr.write(`kwsync: ${preview.stopped.message}\n`);
    return EXIT.failure;
  }
  return EXIT.ok;
}


/**
 * A whole preview leaves its counts (never a message) in .git/kwsync/previews-<target>.jsonl (this
 * machine only, never committed): `kwsync status` shows them per rule beside what it then blocked.
 * A stopped preview is not recorded: its counts are not the whole sample.
 */
async function recordPreview(io: CliIO, preview: Preview): Promise<void> {
  if (preview.stopped || preview.lists.length === 0) return;
  const record = localPreviewOf(preview, await headCommit(io.cwd), new Date());
  const file = await recordLocalPreview(io.cwd, record);
  if (file) notice(io, `kwsync: recorded this preview's counts in .git/kwsync/ (this machine only): \`kwsync status\` shows them beside what the rules block`);
}
