// Which kwsync commit the scaffolded workflows call. They hold the production key, so the
// reference must not move: a full commit SHA, from --ref or from the installed package. A tag or
// branch is accepted only when the user says so (--allow-moving-ref).
import type { InstalledCommit } from './installed-commit.js';

/** What GitHub treats as a commit (not a tag or branch name) in `uses: OWNER/REPO/…@REF`. */
export const FULL_SHA = /^[0-9a-f]{40}$/;

export interface ActionRefRequest {
  /** `--ref`, when given. */
  ref?: string;
  allowMovingRef: boolean;
  /** `--kwsync-repo`: the installed package's commit is only meaningful for the repository it was built from. */
  kwsyncRepo: string;
  defaultRepo: string;
  installed?: InstalledCommit;
}

export type ActionRef =
  | { ok: true; ref: string; pinned: boolean; from: 'option' | 'installed'; version?: string; source?: string }
  | { ok: false; reason: 'moving-ref' | 'unknown-commit'; message: string; hint: string };

export function chooseActionRef(req: ActionRefRequest): ActionRef {
  const lookUp = `git ls-remote https://github.com/${req.kwsyncRepo} refs/tags/<tag> prints the commit a tag points at`;
  if (req.ref !== undefined) {
    const ref = req.ref.toLowerCase();
    if (FULL_SHA.test(ref)) return { ok: true, ref, pinned: true, from: 'option' };
    if (req.allowMovingRef) return { ok: true, ref: req.ref, pinned: false, from: 'option' };
    return {
      ok: false,
      reason: 'moving-ref',
      message: `--ref "${req.ref}" is not a full commit SHA: a tag or branch can move, and the workflows would run whatever it points at next with your API key`,
      hint: `pass the full 40-character commit SHA (${lookUp}), or add --allow-moving-ref to accept a reference that can move`,
    };
  }
  if (req.installed && req.kwsyncRepo === req.defaultRepo) {
    const { commit, version, source } = req.installed;
    return { ok: true, ref: commit, pinned: true, from: 'installed', ...(version ? { version } : {}), source };
  }
  const why =
    req.kwsyncRepo !== req.defaultRepo
      ? `the installed kwsync records a commit of ${req.defaultRepo}, not of ${req.kwsyncRepo}`
      : 'this kwsync installation records no commit (a git checkout, or a package packed without one)';
  return {
    ok: false,
    reason: 'unknown-commit',
    message: `cannot tell which commit of ${req.kwsyncRepo} the workflows should call: ${why}`,
    hint: `pass --ref <full commit SHA> of ${req.kwsyncRepo}, a commit of its default branch whose "bundle proof" status is green (${lookUp}); or --ref <tag> --allow-moving-ref to accept a reference that can move`,
  };
}
