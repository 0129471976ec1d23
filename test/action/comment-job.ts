// The comment job of stage two in tests: the section files the targets' plan-live jobs left in their
// runner temp folders, merged into one folder as download-artifact (merge-multiple) does, then the
// Action's plan-comment mode, which posts the PR's one plan comment.
import { cpSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SECTIONS_FOLDER } from '../../src/action/plan-sections.js';
import { runAction } from '../../src/action/run-action.js';
import type { FakeGitHub } from '../github/fake-github.js';
import { context, harness, inputs, type TempRepo } from './action-harness.js';

export async function runCommentJob(repo: TempRepo, gh: FakeGitHub, event: object, tempDirs: readonly string[], baseSha = repo.git('rev-parse', 'main')) {
  const merged = mkdtempSync(join(tmpdir(), 'kwsync-sections-'));
  for (const d of tempDirs) {
    const from = join(d, SECTIONS_FOLDER);
    if (!existsSync(from)) continue;
    for (const name of readdirSync(from)) cpSync(join(from, name), join(merged, name));
  }
  const h = harness(repo, gh, undefined);
  return runAction({ inputs: inputs('plan-comment', { artifactDir: merged }), context: context(repo, { eventName: 'workflow_run', sha: baseSha, event }), deps: h.deps });
}
