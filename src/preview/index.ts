export { computePreview, type Preview, type ListPreview, type PreviewMessage } from './compute-preview.js';
export { renderPreviewText, renderPreviewMarkdown, renderPreviewJson } from './render-preview.js';
