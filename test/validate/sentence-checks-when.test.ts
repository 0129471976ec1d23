// Sentence checks cost only when they can find something (issue 31): with sentenceChecksWhen
// 'changed' (what `kwsync validate` passes unless --sentence-checks), the model loads only when a
// sentence list's file or CSV changed against the base; without a base, or with none changed, it
// is never asked for and a note says how to run the checks anyway. Real git repositories.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmbedderLoad, SentenceEmbedder } from '../../src/similarity/embedder.js';
import { validateRepo } from '../../src/validate/index.js';

const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, stdio: 'pipe' });

function repo(): string {
  const dir = mkdtempSync(join(tmpdir(), 'kwsync-when-'));
  mkdirSync(join(dir, 'keywords'));
  writeFileSync(join(dir, 'keywords/scam.yaml'), 'id: scam\nname: Scam\ncategory: sentence-similarity\nsearchTerms:\n  - send me the gift card codes now\n');
  writeFileSync(join(dir, 'keywords/words.yaml'), 'id: words\nname: Words\ncategory: word\nsearchTerms:\n  - heck\n');
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'base');
  return dir;
}

function countingLoader() {
  const embedder: SentenceEmbedder = {
    model: 'fake',
    embed: async (texts) => texts.map((_, i) => Float32Array.from({ length: 512 }, (_, j) => (j === i % 512 ? 1 : 0))),
    stats: () => ({ texts: 0, hits: 0, embedded: 3, batches: 1, engine: 'workers', workers: 0, fallback: 'the model worker exited (code 1) before it was ready' }),
    close: async () => undefined,
  };
  const load = Object.assign(async (): Promise<EmbedderLoad> => {
    load.loads++;
    return { ok: true, embedder };
  }, { loads: 0 });
  return load;
}

const run = (dir: string, load: () => Promise<EmbedderLoad>, extra: { base?: string; when?: 'changed' | 'always' }) =>
  validateRepo({ dir: 'keywords', cwd: dir, sentenceChecks: load, ...(extra.base ? { base: extra.base } : {}), ...(extra.when ? { sentenceChecksWhen: extra.when } : {}) });

describe("sentence checks with sentenceChecksWhen 'changed'", () => {
  it('does not load the model when only a word list changed, and says how to run the checks', async () => {
    const dir = repo();
    writeFileSync(join(dir, 'keywords/words.yaml'), 'id: words\nname: Words\ncategory: word\nsearchTerms:\n  - heck\n  - darn\n');
    const load = countingLoader();
    const r = await run(dir, load, { base: 'main', when: 'changed' });
    expect(load.loads).toBe(0);
    expect(r.sentenceModel).toBeUndefined();
    expect(r.sentenceChecks?.skipped).toMatch(/no sentence list changed against main; run `kwsync validate --sentence-checks`/);
  });

  it('does not load the model without a base', async () => {
    const load = countingLoader();
    await run(repo(), load, { when: 'changed' });
    expect(load.loads).toBe(0);
  });

  it('loads it when a sentence list changed, and reports its cost and why the workers fell back', async () => {
    const dir = repo();
    writeFileSync(join(dir, 'keywords/scam.yaml'), 'id: scam\nname: Scam\ncategory: sentence-similarity\nsearchTerms:\n  - send me the gift card codes now\n  - pay the prize release fee today\n');
    const load = countingLoader();
    const r = await run(dir, load, { base: 'main', when: 'changed' });
    expect(load.loads).toBe(1);
    expect(r.sentenceChecks).toEqual({ sentences: 2 });
    expect(r.sentenceModel).toMatchObject({ embedded: 3, engine: 'workers', fallback: expect.stringContaining('before it was ready') });
    expect(r.sentenceModel!.peakRssMb).toBeGreaterThan(0);
  });

  it("loads it with 'always' (--sentence-checks) even when nothing changed", async () => {
    const load = countingLoader();
    await run(repo(), load, { base: 'main', when: 'always' });
    expect(load.loads).toBe(1);
  });
});
