// The sentence model's waits, shown (src/cli/progress.ts startWait): its load (the first embedding
// call: workers start and load the model) and then "embedded N of M texts" as calls come. A loader
// wrapper, so preview, explain and validate show the same lines without knowing about progress.
import type { EmbedderLoad } from '../similarity/embedder.js';
import { startWait, type Wait } from './progress.js';
import type { CliIO } from './io.js';

/**
 * `report`: on a terminal, the model's detail goes to the caller's own status line (preview's
 * "Reading messages" line) instead of a second one fighting it; CI still gets the start and end lines.
 */
export function withModelProgress(io: Pick<CliIO, 'stderr' | 'quiet'>, load: () => Promise<EmbedderLoad>, report?: (detail: string) => void): () => Promise<EmbedderLoad> {
  const toLine = report !== undefined && io.stderr.isTTY === true && io.quiet !== true;
  const waitIo = toLine ? { ...io, quiet: true } : io;
  const show = (w: Wait, detail: string) => (toLine ? report!(detail) : w.update(detail));
  return async () => {
    const loading = startWait(waitIo, 'Loading the sentence model');
    let loaded: EmbedderLoad;
    try {
      loaded = await load();
    } finally {
      loading.end();
    }
    if (!loaded.ok) return loaded;
    const inner = loaded.embedder;
    let asked = 0;
    let done = 0;
    // One wait from the first call to close(): a scan's calls come between pages of messages.
    let wait: Wait | null = null;
    return {
      ok: true,
      embedder: {
        ...inner,
        async embed(texts, options) {
          // The first call starts the workers, which load the model.
          const w = (wait ??= startWait(waitIo, 'Sentence model'));
          asked += texts.length;
          show(w, done === 0 ? `loading, ${asked} texts to embed` : `embedded ${done} of ${asked} texts`);
          try {
            return await inner.embed(texts, options);
          } finally {
            done += texts.length;
            show(w, `embedded ${done} of ${asked} texts`);
          }
        },
        async close() {
          wait?.end(`embedded ${done} texts`);
          wait = null;
          await inner.close();
        },
      } as typeof inner,
    };
  };
}
