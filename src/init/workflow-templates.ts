// The four workflows an adopting repository keeps: each is a few lines calling kwsync's reusable
// workflow. This repository's own .github/workflows/kwsync-*.yml are these same texts with a local
// `uses:` (a test keeps them equal), so what adopters copy is what kwsync runs on itself.

/** Where kwsync's reusable workflows live; the workflows pin a full commit SHA of it. */
export const KWSYNC_REPOSITORY = 'kwsync/kwsync';

export type WorkflowKind = 'plan' | 'plan-live' | 'apply' | 'drift';
export const WORKFLOW_KINDS: readonly WorkflowKind[] = ['plan', 'plan-live', 'apply', 'drift'];

export interface WorkflowOptions {
  /** Where the reusable workflow is: `OWNER/kwsync/.github/workflows/reusable-plan.yml@REF` or a local path. */
  uses: (kind: WorkflowKind) => string;
  /** The keywords folder, relative to the repository root. */
  dir: string;
  /** The default branch, which apply follows. */
  branch: string;
}

export function workflowFileName(kind: WorkflowKind): string {
  return `kwsync-${kind}.yml`;
}

export function workflowText(kind: WorkflowKind, opts: WorkflowOptions): string {
  const dir = opts.dir.replace(/\/+$/, '');
  switch (kind) {
    case 'plan':
      return `# Plan, stage one, on every pull request that touches the lists: validate them (nothing is
# uploaded). No secret and a read-only token: a pull request (a fork's too) runs
# its own code here. Stage two, kwsync-plan-live.yml, reads the lists from git at the PR's verified
# head, plans them against each live app and posts the check run and one sticky comment per target.
name: kwsync plan

on:
  pull_request:
    # With this filter a required check stays "Expected" on PRs that don't touch the lists: drop it
    # to make the plan a required check (see kwsync's README, "Adopt kwsync in your repository").
    paths:
      - "${dir}/**"

permissions: {}

concurrency:
  group: kwsync-plan-\${{ github.event.pull_request.number }}
  cancel-in-progress: true

jobs:
  plan:
    uses: ${opts.uses('plan')}
    permissions:
      contents: read
    with:
      dir: ${dir}
`;
    case 'plan-live':
      return `# Plan, stage two: when "kwsync plan" completes on a pull request, read the PR's lists from git at
# its verified head commit (as untrusted data, through the API; never the run's artifact), plan them
# against each live app (three-way: base branch, live, PR) and post the check run on that commit,
# one sticky comment per target and the job summary. This runs the default branch's workflow, never
# the PR's code; what the plan shows depends on the PR author's association (docs/security.md);
# each target's environment holds its key.
name: kwsync plan (live)

on:
  workflow_run:
    workflows: [kwsync plan]
    types: [completed]

permissions: {}

concurrency:
  group: kwsync-plan-live-\${{ github.event.workflow_run.head_repository.full_name }}-\${{ github.event.workflow_run.head_branch }}
  cancel-in-progress: true

jobs:
  plan:
    uses: ${opts.uses('plan-live')}
    permissions:
      contents: read
      checks: write
      pull-requests: write
      actions: read # the deployment records count only with their apply run (GET actions/runs/{id})
      deployments: read
    with:
      dir: ${dir}
    # Passed by name so GitHub hands each job its environment's COMETCHAT_API_KEY. Keep the key in
    # environments only: a repository secret of this name would reach a target whose environment lacks one.
    secrets:
      COMETCHAT_API_KEY: \${{ secrets.COMETCHAT_API_KEY }}
`;
    case 'apply':
      return `# Apply on merge: reconcile the whole desired state at HEAD of ${opts.branch} with each live app. The only
# workflows that hold the API key are this one, the drift check and the live plan (workflow_run);
# none runs the code of a pull request.
# A run whose commit is no longer the head of ${opts.branch} (a re-run of an older run) applies nothing:
# the newest run applies the current state.
name: kwsync apply

on:
  push:
    branches: [${opts.branch}]
    paths:
      - "${dir}/**"
  # Run by hand on ${opts.branch} to finish an apply that failed half-way (apply is idempotent), or with
  # "force" checked to apply changes the plan marks unsafe (large removals, deleted lists). Only a
  # push run's deployment record counts as applied (promotion, status): re-run the push run after.
  workflow_dispatch:
    inputs:
      force:
        description: Apply changes the plan marks unsafe (large removals, deleted lists)
        type: boolean
        default: false

permissions: {}

jobs:
  apply:
    uses: ${opts.uses('apply')}
    permissions:
      contents: read
      pull-requests: write
      actions: read # the deployment records count only with their apply run (GET actions/runs/{id})
      deployments: write
    with:
      dir: ${dir}
      force: \${{ inputs.force == true }}
    # Passed by name so GitHub hands each job its environment's COMETCHAT_API_KEY. Keep the key in
    # environments only: a repository secret of this name would reach a target whose environment lacks one.
    secrets:
      COMETCHAT_API_KEY: \${{ secrets.COMETCHAT_API_KEY }}
`;
    case 'drift':
      return `# Daily: plan against each live app; open (or update) one issue per target when someone changed the
# lists outside the repository, close it when live matches again.
name: kwsync drift

on:
  schedule:
    - cron: "17 6 * * *"
  workflow_dispatch:

permissions: {}

jobs:
  drift:
    uses: ${opts.uses('drift')}
    permissions:
      contents: read
      issues: write
      actions: read # the deployment records count only with their apply run (GET actions/runs/{id})
      deployments: read
    with:
      dir: ${dir}
    # Passed by name so GitHub hands each job its environment's COMETCHAT_API_KEY. Keep the key in
    # environments only: a repository secret of this name would reach a target whose environment lacks one.
    secrets:
      COMETCHAT_API_KEY: \${{ secrets.COMETCHAT_API_KEY }}
`;
  }
}

/**
 * `OWNER/kwsync/.github/workflows/reusable-KIND.yml@REF`, the reference adopters pin. A version
 * known for a commit SHA follows as a comment (`@<sha> # v0.1.0`), as pinned actions write it.
 */
export function remoteUses(repo: string, ref: string, version?: string): (kind: WorkflowKind) => string {
  const comment = version ? ` # v${version}` : '';
  return (kind) => `${repo}/.github/workflows/reusable-${kind}.yml@${ref}${comment}`;
}

/** This repository calls its reusable workflows by path, at the same commit. */
export const localUses = (kind: WorkflowKind): string => `./.github/workflows/reusable-${kind}.yml`;
