export {
  computePreview,
  startPreview,
  type Preview,
  type PreviewExample,
  type PreviewOptions,
  type PreviewScan,
  type ListPreview,
  type PreviewMessage,
  type PreviewStop,
} from './compute-preview.js';
export { previewUntrusted, PREVIEW_DEADLINE_MS, PREVIEW_HEAP_MB, type BoundedPreviewOptions, type MessageSource } from './bounded-preview.js';
export { exampleLine, renderPreviewText, renderPreviewMarkdown, renderPreviewJson, type PreviewTextOptions } from './render-preview.js';
export { previewReportJsonSchema, type PreviewReportJson } from './preview-schema.js';
export { openSimilarity, type SimilarityRun, type SimilaritySetup } from './similarity-run.js';
export {
  BROAD_MIN_MESSAGES,
  BROAD_SHARE,
  LOCAL_MODEL_NOTE,
  sentenceChanges,
  startSimilarityScan,
  type NearestMessage,
  type SentenceCatch,
  type SentenceNearest,
  type SimilarityInfo,
} from './similarity-scan.js';
export { DEFAULT_SIMILARITY_THRESHOLD, formatThreshold, similarityThreshold } from './similarity-threshold.js';
