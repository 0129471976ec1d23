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
