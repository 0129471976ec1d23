// Progress on the sentence model's waits (src/cli/model-progress.ts over progress.ts startWait): a
// wait over a second shows a status line on a terminal, and only a start and an end line elsewhere
// (CI logs); a shorter wait and --quiet print nothing; stdout is never touched.
import { withModelProgress } from '../../src/cli/model-progress.js';
import type { EmbedderLoad } from '../../src/similarity/embedder.js';

function sink(isTTY: boolean) {
  const out: string[] = [];
  return { out, stream: { write: (t: string) => void out.push(t), isTTY } };
}

/** An embedder whose every call takes `ms`. */
const slowLoader = (ms: number) => async (): Promise<EmbedderLoad> => ({
  ok: true,
  embedder: {
    model: 'fake',
    embed: async (texts) => {
      await new Promise((r) => setTimeout(r, ms));
      return texts.map(() => new Float32Array(512));
    },
    close: async () => undefined,
  },
});

async function run(isTTY: boolean, ms: number, quiet = false) {
  const err = sink(isTTY);
  const load = withModelProgress({ stderr: err.stream, quiet }, slowLoader(ms));
  const loaded = await load();
  if (!loaded.ok) throw new Error('not loaded');
  await loaded.embedder.embed(['a', 'b']);
  await loaded.embedder.embed(['c']);
  await loaded.embedder.close();
  return err.out.join('');
}

test('on a terminal: a status line with the count and the seconds, cleared at the end', async () => {
  const text = await run(true, 700);
  expect(text).toMatch(/\r\u001b\[2KSentence model: (loading, 2 texts to embed|embedded 2 of 3 texts) \(1 s\)/);
  expect(text).toContain('Sentence model: embedded 3 of 3 texts');
  expect(text.endsWith('\r\u001b[2K')).toBe(true);
  expect(text).not.toContain('\n');
});

test('elsewhere (CI): only a start line and an end line', async () => {
  const text = await run(false, 700);
  expect(text.split('\n').filter(Boolean)).toEqual(['kwsync: Sentence model...', expect.stringMatching(/^kwsync: Sentence model: embedded 3 texts after 1\.\d s$/)]);
});

test('a wait under a second, and --quiet, print nothing', async () => {
  expect(await run(true, 10)).toBe('');
  expect(await run(false, 10)).toBe('');
  expect(await run(true, 700, true)).toBe('');
});
