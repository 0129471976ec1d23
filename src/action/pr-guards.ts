// The guards (safety, limits, prune) of a change: the stricter of its base's kwsync.yaml and its
// own, and what it changes in them. Read from two folders on disk (the base's copy and the head's
// files); when the base cannot be read, the default branch's settings stand in for it.
import { relative, resolve } from 'node:path';
import type { KwsyncConfig } from '../model/config.js';
import { loadConfig } from '../validate/load-config.js';
import { connectionChanges, guardChanges, reconnectedTargets, guardOf, stricterGuard, type Guard } from './guard.js';

export interface Guards {
  /** What the plan and apply use. */
  guard: Guard;
  /** What the change edits (`safety.maxRemovedShare 0.3 → 1`); empty when nothing. */
  changes: string[];
  /** What the change edits in where targets connect (`target production: baseUrl … → …`); empty when nothing. */
  connection: string[];
  /** Targets whose connection fields differ from the base's (or that the change adds). */
  reconnected: string[];
  /** Each side's own `validate:` levels (the look-alike CAUTION names a rule the change lowers). */
  levels: { base: Guard['validate']; head: Guard['validate'] };
}

async function configAt(root: string, dir: string): Promise<KwsyncConfig> {
  return (await loadConfig(resolve(root, dir), (abs) => relative(root, abs))).config;
}

/** `fallback` stands in for an unreadable base; with neither, the head's guards apply as they are. */
export async function readGuards(opts: { dir: string; headRoot: string; baseRoot: string | undefined; fallback?: KwsyncConfig }): Promise<Guards> {
  const headConfig = await configAt(opts.headRoot, opts.dir);
  const baseConfig = opts.baseRoot ? await configAt(opts.baseRoot, opts.dir) : (opts.fallback ?? headConfig);
  const [base, head] = [guardOf(baseConfig), guardOf(headConfig)];
  return { guard: stricterGuard(base, head), changes: guardChanges(base, head), connection: connectionChanges(baseConfig, headConfig), reconnected: reconnectedTargets(baseConfig, headConfig), levels: { base: base.validate, head: head.validate } };
}
