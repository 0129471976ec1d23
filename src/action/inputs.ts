// The Action's inputs as one typed object (read in main.ts, parsed here so the rules are testable).
import { UsageError } from '../errors.js';

export const MODES = ['plan', 'plan-upload', 'plan-live', 'plan-comment', 'apply', 'drift', 'targets', 'status'] as const;
export type Mode = (typeof MODES)[number];

export interface ActionInputs {
  mode: Mode;
  /** The keywords folder, relative to the workspace. */
  dir: string;
  /** A kwsync.yaml target name; undefined picks the only one (or the environment). */
  target: string | undefined;
  githubToken: string;
  force: boolean;
  /** Undefined: kwsync.yaml decides. */
  prune: boolean | undefined;
  /** plan-live: the downloaded kwsync-head handover; plan-comment: the folder of the targets' plan sections. plan-upload ignores it (stage one uploads nothing). */
  artifactDir: string | undefined;
  /** plan-live: the sha256 of the head folder the targets job handed over in artifact-dir (its `head-digest` output); empty: none. */
  headDigest?: string | undefined;
}

export type RawInputs = Record<'mode' | 'dir' | 'target' | 'github-token' | 'force' | 'prune', string> & { 'artifact-dir'?: string; 'head-digest'?: string };

function parseBoolean(name: string, value: string): boolean | undefined {
  const v = value.trim().toLowerCase();
  if (v === '') return undefined;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw new UsageError(`input "${name}" must be true or false (got "${value}")`);
}

export function parseInputs(raw: RawInputs): ActionInputs {
  const mode = raw.mode.trim();
  if (!(MODES as readonly string[]).includes(mode)) {
    throw new UsageError(`input "mode" must be one of ${MODES.join(', ')} (got "${raw.mode}")`);
  }
  if (!raw['github-token'].trim()) throw new UsageError('input "github-token" is empty; the default is ${{ github.token }}');
  return {
    mode: mode as Mode,
    dir: raw.dir.trim() || 'keywords',
    target: raw.target.trim() || undefined,
    githubToken: raw['github-token'].trim(),
    force: parseBoolean('force', raw.force) ?? false,
    prune: parseBoolean('prune', raw.prune),
    artifactDir: raw['artifact-dir']?.trim() || undefined,
    headDigest: raw['head-digest']?.trim() || undefined,
  };
}
