export {
  computePreview,
  startPreview,
  type Preview,
  type PreviewExample,
  type PreviewOptions,
  type PreviewScan,
  type ListPreview,
  type PreviewMessage,
} from './compute-preview.js';
export { exampleLine, renderPreviewText, renderPreviewMarkdown, renderPreviewJson, type PreviewTextOptions } from './render-preview.js';
export { previewReportJsonSchema, type PreviewReportJson } from './preview-schema.js';
