// The newest text messages of a group, newest first, for the impact preview: the preview use
// case's reader (src/sync/preview.ts), the same one `kwsync preview` reads with.
export { recentTextMessages } from '../sync/preview.js';
